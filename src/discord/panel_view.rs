//! The turn panel ([`Panel`]) as an ephemeral Discord message: its text, its picture (with its alt
//! text as the attachment's description) and its choices as components, and the component ids that
//! bring a tap back.
//!
//! Choices are buttons when they fit in four rows of five, else string select menus of at most 25
//! options, four to a page, with buttons to turn pages; the last row is for navigation (Back, pages,
//! Undo, Refresh). Limits: <https://discord.com/developers/docs/components/reference> ("Action Row":
//! 5 rows of at most 5 buttons or one select; "Button": label up to 80 characters; "String Select":
//! up to 25 options, option label and value up to 100 characters, placeholder up to 150; every
//! `custom_id` up to 100 characters).
//!
//! Ids: `rh:tap:<version>:<path>:<page>` opens the level at `path` (indices joined by `.`, empty at
//! the top) on page `page`, or plays the step there; `rh:pick:<version>:<path>:<menu>` is a select
//! menu of the level at `path` whose chosen value is the index of the choice taken. Both are parsed
//! strictly ([`parse_tap`]): a click Discord never offered gets a clear answer, never a panic.

use poise::serenity_prelude as serenity;

use super::messages::{MESSAGE_LIMIT, attachment};
use crate::excerpt::clip;
use crate::table::Panel;
use crate::table::menu::MenuChoice;

/// The prefix of a button that opens a level or plays a step.
const TAP: &str = "rh:tap";
/// The prefix of a select menu whose value is the index of the choice taken.
const PICK: &str = "rh:pick";
/// The Refresh button's id: the panel drawn afresh, in place.
pub const REFRESH: &str = "rh:panel";
/// The Undo button's id: asks to take back the caller's last step.
pub const UNDO: &str = "rh:undo";

/// Buttons in one action row.
const ROW_BUTTONS: usize = 5;
/// Rows for choices (the fifth is for navigation).
const CHOICE_ROWS: usize = 4;
/// Options in one select menu.
const MENU_OPTIONS: usize = 25;
/// Discord's limit on a button's label.
const BUTTON_LABEL: usize = 80;
/// Discord's limit on a select option's label and description.
const OPTION_TEXT: usize = 100;
/// The deepest path and largest index an id carries: `rh:pick:` (8) + a version (at most 19) + `:` +
/// 12 indices of at most 4 digits with their dots (59) + `:` + a page of at most 4 digits stays
/// within Discord's 100 characters.
const MAX_DEPTH: usize = 12;
/// See [`MAX_DEPTH`].
const MAX_DIGITS: usize = 4;

/// A tap brought back by a panel component.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tap {
    /// The game's version the panel was drawn at.
    pub version: i64,
    /// The choice taken at each level, from the top.
    pub path: Vec<usize>,
    /// Which page of the level's choices to show.
    pub page: usize,
}

/// Why a component id is not a panel tap we made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadTap;

impl std::fmt::Display for BadTap {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(
            "That control is not one this bot draws, so nothing was done. Open your turn panel \
             afresh with `/turn`.",
        )
    }
}

/// Whether `custom_id` belongs to a turn panel's choices or pages.
pub fn is_tap(custom_id: &str) -> bool {
    custom_id.starts_with("rh:tap:") || custom_id.starts_with("rh:pick:")
}

/// Reads a panel component's id and, for a select menu, its chosen `values`.
pub fn parse_tap(custom_id: &str, values: &[String]) -> Result<Tap, BadTap> {
    let fields: Vec<&str> = custom_id.split(':').collect();
    let [rh, kind, version, path, last] = fields.as_slice() else {
        return Err(BadTap);
    };
    if *rh != "rh" {
        return Err(BadTap);
    }
    let version = digits(version, 19)
        .and_then(|v| v.parse::<i64>().ok())
        .ok_or(BadTap)?;
    let mut path = if path.is_empty() {
        Vec::new()
    } else {
        path.split('.').map(index).collect::<Result<Vec<_>, _>>()?
    };
    let last = index(last)?;
    let page = match (*kind, values) {
        ("tap", []) => last,
        ("pick", [value]) => {
            path.push(index(value)?);
            0
        }
        _ => return Err(BadTap),
    };
    if path.len() > MAX_DEPTH {
        return Err(BadTap);
    }
    Ok(Tap {
        version,
        path,
        page,
    })
}

/// `text` when it is 1 to `most` ASCII digits.
fn digits(text: &str, most: usize) -> Option<&str> {
    (!text.is_empty() && text.len() <= most && text.bytes().all(|b| b.is_ascii_digit()))
        .then_some(text)
}

/// One index of a path (or a page, or a menu number).
fn index(text: &str) -> Result<usize, BadTap> {
    digits(text, MAX_DIGITS)
        .and_then(|t| t.parse().ok())
        .ok_or(BadTap)
}

/// A path as an id writes it.
fn joined(path: &[usize]) -> String {
    path.iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(".")
}

/// The id of a button that taps `path` and shows its `page`.
fn tap_id(version: i64, path: &[usize], page: usize) -> String {
    format!("{TAP}:{version}:{}:{page}", joined(path))
}

/// A panel in Discord's terms.
pub struct PanelMessage {
    /// The panel's text within Discord's limit.
    pub content: String,
    /// The panel's picture, with its description.
    pub attachment: Option<serenity::CreateAttachment>,
    /// Choices, then the navigation row.
    pub components: Vec<serenity::CreateActionRow>,
}

impl PanelMessage {
    /// The panel as the ephemeral follow-up that completes a private acknowledgement.
    pub fn followup(self) -> serenity::CreateInteractionResponseFollowup {
        let mut message = serenity::CreateInteractionResponseFollowup::new()
            .content(self.content)
            .components(self.components)
            .allowed_mentions(serenity::CreateAllowedMentions::new())
            .ephemeral(true);
        if let Some(attachment) = self.attachment {
            message = message.add_file(attachment);
        }
        message
    }

    /// The panel as an edit of the panel message in place (the old picture replaced or removed).
    /// An ephemeral response can be edited with the interaction's token:
    /// <https://discord.com/developers/docs/interactions/receiving-and-responding#edit-original-interaction-response>.
    pub fn edit(self) -> serenity::EditInteractionResponse {
        let edit = serenity::EditInteractionResponse::new()
            .content(self.content)
            .components(self.components)
            .allowed_mentions(serenity::CreateAllowedMentions::new());
        match self.attachment {
            Some(attachment) => edit.new_attachment(attachment),
            None => edit.clear_attachments(),
        }
    }
}

/// Draws `panel` showing `page` of its choices (the last page when there are fewer).
pub fn render(panel: &Panel, page: usize) -> PanelMessage {
    let per_page = CHOICE_ROWS * MENU_OPTIONS;
    let pages = panel.choices.len().div_ceil(per_page).max(1);
    let page = page.min(pages - 1);
    let mut rows = if panel.choices.len() <= CHOICE_ROWS * ROW_BUTTONS {
        choice_buttons(panel)
    } else {
        choice_menus(panel, page, per_page)
    };
    rows.push(navigation(panel, page, pages));
    PanelMessage {
        content: clip(&panel.text, MESSAGE_LIMIT),
        attachment: panel.image.as_ref().map(attachment),
        components: rows,
    }
}

/// A choice's words, with a sign that it opens further choices rather than playing a step.
fn label(choice: &MenuChoice, limit: usize) -> String {
    match choice.plays {
        Some(_) => clip(&choice.label, limit),
        None => format!("{} ›", clip(&choice.label, limit - 2)),
    }
}

/// Every choice as a button, five to a row: steps primary, groups secondary.
fn choice_buttons(panel: &Panel) -> Vec<serenity::CreateActionRow> {
    let buttons: Vec<serenity::CreateButton> = panel
        .choices
        .iter()
        .enumerate()
        .map(|(at, choice)| {
            let mut path = panel.path.clone();
            path.push(at);
            let style = match choice.plays {
                Some(_) => serenity::ButtonStyle::Primary,
                None => serenity::ButtonStyle::Secondary,
            };
            serenity::CreateButton::new(tap_id(panel.version, &path, 0))
                .label(label(choice, BUTTON_LABEL))
                .style(style)
        })
        .collect();
    buttons
        .chunks(ROW_BUTTONS)
        .map(|row| serenity::CreateActionRow::Buttons(row.to_vec()))
        .collect()
}

/// The choices of `page` as select menus of 25.
fn choice_menus(panel: &Panel, page: usize, per_page: usize) -> Vec<serenity::CreateActionRow> {
    let total = panel.choices.len();
    let first = page * per_page;
    let shown = &panel.choices[first..total.min(first + per_page)];
    shown
        .chunks(MENU_OPTIONS)
        .enumerate()
        .map(|(menu, chunk)| {
            let start = first + menu * MENU_OPTIONS;
            let options = chunk
                .iter()
                .enumerate()
                .map(|(at, choice)| {
                    let option = serenity::CreateSelectMenuOption::new(
                        label(choice, OPTION_TEXT),
                        (start + at).to_string(),
                    );
                    match choice.plays {
                        Some(_) => option,
                        None => option
                            .description(clip(&format!("{} choices", choice.steps), OPTION_TEXT)),
                    }
                })
                .collect();
            let id = format!("{PICK}:{}:{}:{menu}", panel.version, joined(&panel.path));
            let placeholder = format!("Choose ({}–{} of {total})", start + 1, start + chunk.len());
            serenity::CreateActionRow::SelectMenu(
                serenity::CreateSelectMenu::new(
                    id,
                    serenity::CreateSelectMenuKind::String { options },
                )
                .placeholder(placeholder),
            )
        })
        .collect()
}

/// Back (to the level above), the pages, Undo and Refresh.
fn navigation(panel: &Panel, page: usize, pages: usize) -> serenity::CreateActionRow {
    let mut buttons = Vec::new();
    let secondary = |id: String, label: &str| {
        serenity::CreateButton::new(id)
            .label(label)
            .style(serenity::ButtonStyle::Secondary)
    };
    if let Some((_, above)) = panel.path.split_last() {
        buttons.push(secondary(tap_id(panel.version, above, 0), "‹ Back"));
    }
    if page > 0 {
        buttons.push(secondary(
            tap_id(panel.version, &panel.path, page - 1),
            "‹ Earlier choices",
        ));
    }
    if page + 1 < pages {
        buttons.push(secondary(
            tap_id(panel.version, &panel.path, page + 1),
            "More choices ›",
        ));
    }
    if panel.undo {
        buttons.push(
            serenity::CreateButton::new(UNDO)
                .label("Undo my last step")
                .style(serenity::ButtonStyle::Danger),
        );
    }
    buttons.push(secondary(REFRESH.to_owned(), "Refresh"));
    serenity::CreateActionRow::Buttons(buttons)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choice(label: &str, plays: bool) -> MenuChoice {
        MenuChoice {
            label: label.to_owned(),
            steps: if plays { 1 } else { 3 },
            plays: plays.then(|| format!("play {label}")),
        }
    }

    fn panel(choices: usize, path: Vec<usize>, undo: bool) -> Panel {
        Panel {
            text: "Your turn.".to_owned(),
            image: None,
            version: 41,
            path,
            chosen: Vec::new(),
            choices: (0..choices)
                .map(|n| choice(&format!("choice {n}"), n % 2 == 0))
                .collect(),
            undo,
        }
    }

    /// The rows as Discord receives them.
    fn rows(message: &PanelMessage) -> Vec<serde_json::Value> {
        message
            .components
            .iter()
            .map(|row| serde_json::to_value(row).unwrap())
            .collect()
    }

    fn ids(row: &serde_json::Value) -> Vec<String> {
        row["components"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["custom_id"].as_str().unwrap().to_owned())
            .collect()
    }

    #[test]
    fn few_choices_are_buttons_whose_ids_tap_their_path() {
        let drawn = render(&panel(7, vec![2], true), 0);
        let rows = rows(&drawn);
        assert_eq!(rows.len(), 3, "two rows of choices and the navigation");
        assert_eq!(ids(&rows[0])[0], "rh:tap:41:2.0:0");
        assert_eq!(ids(&rows[1]).len(), 2);
        assert_eq!(rows[0]["components"][1]["label"], "choice 1 ›");
        assert_eq!(
            ids(&rows[2]),
            ["rh:tap:41::0", "rh:undo", "rh:panel"],
            "Back to the top, Undo, Refresh"
        );
        let tap = parse_tap(&ids(&rows[0])[3], &[]).unwrap();
        assert_eq!(
            tap,
            Tap {
                version: 41,
                path: vec![2, 3],
                page: 0
            }
        );
    }

    #[test]
    fn many_choices_are_select_menus_of_25_paged_by_100() {
        let many = panel(230, Vec::new(), false);
        let first = rows(&render(&many, 0));
        assert_eq!(first.len(), 5);
        let menu = &first[1]["components"][0];
        assert_eq!(menu["type"], 3);
        assert_eq!(menu["options"].as_array().unwrap().len(), 25);
        assert_eq!(menu["options"][0]["value"], "25");
        assert_eq!(ids(&first[4]), ["rh:tap:41::1", "rh:panel"]);
        let last = rows(&render(&many, 9));
        assert_eq!(last.len(), 3, "the last page holds 30 choices: two menus");
        assert_eq!(ids(&last[2]), ["rh:tap:41::1", "rh:panel"]);
        let id = menu["custom_id"].as_str().unwrap();
        let picked = parse_tap(id, &["30".to_owned()]).unwrap();
        assert_eq!(picked.path, [30]);
    }

    #[test]
    fn long_labels_are_clipped_to_discord_limits() {
        let mut long = panel(3, Vec::new(), false);
        long.choices[0].label = "x".repeat(300);
        long.choices[1].label = "y".repeat(300);
        let buttons = rows(&render(&long, 0));
        assert_eq!(
            buttons[0]["components"][0]["label"]
                .as_str()
                .unwrap()
                .chars()
                .count(),
            BUTTON_LABEL
        );
        assert_eq!(
            buttons[0]["components"][1]["label"]
                .as_str()
                .unwrap()
                .chars()
                .count(),
            BUTTON_LABEL
        );
        long.choices
            .extend((0..30).map(|_| choice(&"z".repeat(300), false)));
        let menus = rows(&render(&long, 0));
        for option in menus[0]["components"][0]["options"].as_array().unwrap() {
            assert!(option["label"].as_str().unwrap().chars().count() <= OPTION_TEXT);
        }
    }

    #[test]
    fn the_longest_id_fits_discord_limit() {
        let deepest = vec![9999; MAX_DEPTH];
        let id = format!("{PICK}:{}:{}:9999", i64::MAX, joined(&deepest));
        assert!(id.chars().count() <= 100, "{id}");
        assert!(
            parse_tap(&id, &["9999".to_owned()]).is_err(),
            "one too deep"
        );
        let id = format!("{TAP}:{}:{}:9999", i64::MAX, joined(&deepest));
        assert!(parse_tap(&id, &[]).is_ok());
    }

    #[test]
    fn malformed_ids_are_refused() {
        for (id, values) in [
            ("rh:tap:41:1.2", &[][..]),
            ("rh:tap:41:1..2:0", &[]),
            ("rh:tap:-41:1:0", &[]),
            ("rh:tap:+41:1:0", &[]),
            ("rh:tap:41:1:0:9", &[]),
            ("rh:tap:99999999999999999999:1:0", &[]),
            ("rh:tap:41:12345:0", &[]),
            ("rh:tap:41: 1:0", &[]),
            ("rh:tap:41:1:0", &["3".to_owned()]),
            ("rh:pick:41:1:0", &[]),
            ("rh:pick:41:1:0", &["x".to_owned()]),
            ("rh:pick:41:1:0", &["1".to_owned(), "2".to_owned()]),
            ("xx:tap:41:1:0", &[]),
            ("rh:hop:41:1:0", &[]),
        ] {
            assert_eq!(parse_tap(id, values), Err(BadTap), "{id} {values:?}");
        }
    }

    #[test]
    fn a_page_past_the_end_shows_the_last() {
        let drawn = rows(&render(&panel(120, Vec::new(), false), 7));
        assert_eq!(ids(&drawn[0])[0], "rh:pick:41::0");
        assert_eq!(drawn[0]["components"][0]["options"][0]["value"], "100");
    }
}

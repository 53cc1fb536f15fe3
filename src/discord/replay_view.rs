//! A replay frame ([`ReplayPost`]) as an ephemeral Discord message: its text, the board picture (and,
//! in a seat's own replay, the hand picture) as attachments described for screen readers, and the
//! controls that step through the game; and the component ids that bring a tap back.
//!
//! Controls: a row of buttons (First, Back, Forward, Last; those that lead nowhere are disabled; and
//! Animated picture, which sends the whole game as a GIF) and, when the game had more than one turn,
//! a select menu of turns to jump to (at most 25 options:
//! <https://discord.com/developers/docs/components/reference#string-select>, "options: max 25").
//!
//! Ids: `rh:replay:<game>:<frame>:<go>` with `go` one of `first`, `back`, `next`, `last`, `gif`
//! (buttons) or `turn` (the select menu, whose chosen value is the turn); `frame` is the frame the
//! message shows. Every id is at most 10 + 19 + 1 + 9 + 5 characters, within Discord's 100. They are parsed
//! strictly ([`parse`]): an id this bot never drew is refused, never guessed at.

use poise::serenity_prelude as serenity;

use super::messages::{MESSAGE_LIMIT, attachment};
use crate::excerpt::clip;
use crate::table::{ReplayGo, ReplayPost};

/// The prefix of every replay control's id.
const PREFIX: &str = "rh:replay:";
/// The most turns the jump menu offers (Discord's limit on a select menu's options).
pub const JUMP_TURNS: usize = 25;
/// The most digits of a frame or a turn in an id (no game has a billion steps).
const FRAME_DIGITS: usize = 9;
/// The most digits of a game id (an `i64`).
const GAME_DIGITS: usize = 19;

/// What a replay control asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayControl {
    /// Another frame.
    Go(ReplayGo),
    /// The whole game as an animated picture.
    Animation,
}

/// A tap on a replay control: which game, the frame its message shows, and what it asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplayTap {
    /// The game replayed.
    pub game: i64,
    /// The frame the tapped message shows.
    pub frame: usize,
    /// What the tap asks for.
    pub control: ReplayControl,
}

/// Why a component id is not a replay control this bot draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadReplayId;

impl std::fmt::Display for BadReplayId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(
            "That control is not one this bot draws, so nothing was done. Open the replay afresh \
             with `/game replay`.",
        )
    }
}

/// Whether `custom_id` belongs to a replay control.
pub fn is_replay(custom_id: &str) -> bool {
    custom_id.starts_with(PREFIX)
}

/// Reads a replay control's id and, for the turn menu, its chosen `values`.
pub fn parse(custom_id: &str, values: &[String]) -> Result<ReplayTap, BadReplayId> {
    let rest = custom_id.strip_prefix(PREFIX).ok_or(BadReplayId)?;
    let [game, frame, go] = rest.split(':').collect::<Vec<_>>()[..] else {
        return Err(BadReplayId);
    };
    let game = number(game, GAME_DIGITS)
        .and_then(|g| g.parse::<i64>().ok())
        .filter(|&g| g > 0)
        .ok_or(BadReplayId)?;
    let frame = number(frame, FRAME_DIGITS)
        .and_then(|f| f.parse().ok())
        .ok_or(BadReplayId)?;
    let control = match (go, values) {
        ("first", []) => ReplayControl::Go(ReplayGo::First),
        ("back", []) => ReplayControl::Go(ReplayGo::Back),
        ("next", []) => ReplayControl::Go(ReplayGo::Forward),
        ("last", []) => ReplayControl::Go(ReplayGo::Last),
        ("gif", []) => ReplayControl::Animation,
        ("turn", [turn]) => ReplayControl::Go(ReplayGo::Turn(
            number(turn, FRAME_DIGITS)
                .and_then(|t| t.parse().ok())
                .ok_or(BadReplayId)?,
        )),
        _ => return Err(BadReplayId),
    };
    Ok(ReplayTap {
        game,
        frame,
        control,
    })
}

/// `text` when it is 1 to `most` ASCII digits.
fn number(text: &str, most: usize) -> Option<&str> {
    (!text.is_empty() && text.len() <= most && text.bytes().all(|b| b.is_ascii_digit()))
        .then_some(text)
}

/// The id of the control that goes `go` (`first`, `back`, …) from `post`'s frame.
fn id(post: &ReplayPost, go: &str) -> String {
    format!("{PREFIX}{}:{}:{go}", post.game, post.frame)
}

/// A replay frame in Discord's terms.
pub struct ReplayMessage {
    /// The frame's text within Discord's limit.
    pub content: String,
    /// The board picture, then the hand picture in a seat's own replay.
    pub attachments: Vec<serenity::CreateAttachment>,
    /// The controls.
    pub components: Vec<serenity::CreateActionRow>,
}

impl ReplayMessage {
    /// The frame as the ephemeral follow-up that completes a private acknowledgement.
    pub fn followup(self) -> serenity::CreateInteractionResponseFollowup {
        serenity::CreateInteractionResponseFollowup::new()
            .content(self.content)
            .components(self.components)
            .allowed_mentions(serenity::CreateAllowedMentions::new())
            .ephemeral(true)
            .add_files(self.attachments)
    }

    /// The frame as an edit of the replay message in place, its pictures replacing the old ones (an
    /// ephemeral response can be edited with the interaction's token:
    /// <https://discord.com/developers/docs/interactions/receiving-and-responding#edit-original-interaction-response>;
    /// the `attachments` list names what the message keeps, so the old pictures go:
    /// <https://discord.com/developers/docs/reference#uploading-files>).
    pub fn edit(self) -> serenity::EditInteractionResponse {
        let edit = serenity::EditInteractionResponse::new()
            .content(self.content)
            .components(self.components)
            .allowed_mentions(serenity::CreateAllowedMentions::new())
            .clear_attachments();
        self.attachments
            .into_iter()
            .fold(edit, |edit, file| edit.new_attachment(file))
    }
}

/// Draws `post`.
pub fn render(post: &ReplayPost) -> ReplayMessage {
    let mut attachments = vec![attachment(&post.board)];
    attachments.extend(post.hand.as_ref().map(attachment));
    let mut rows = vec![steps(post)];
    if post.jumps.len() > 1 {
        rows.push(jumps(post));
    }
    ReplayMessage {
        content: clip(&post.text, MESSAGE_LIMIT),
        attachments,
        components: rows,
    }
}

/// First, Back, Forward and Last (those that lead nowhere disabled), and Animated picture.
fn steps(post: &ReplayPost) -> serenity::CreateActionRow {
    let at_start = post.frame == 0;
    let at_end = post.frame == post.last_frame;
    let button = |go: &str, label: &str, disabled: bool| {
        serenity::CreateButton::new(id(post, go))
            .label(label)
            .style(serenity::ButtonStyle::Secondary)
            .disabled(disabled)
    };
    serenity::CreateActionRow::Buttons(vec![
        button("first", "« First", at_start),
        button("back", "‹ Back", at_start),
        button("next", "Forward ›", at_end).style(serenity::ButtonStyle::Primary),
        button("last", "Last »", at_end),
        button("gif", "Animated picture", false),
    ])
}

/// The menu of turns to jump to, the current one chosen.
fn jumps(post: &ReplayPost) -> serenity::CreateActionRow {
    let options = post
        .jumps
        .iter()
        .map(|mark| {
            let label = clip(&format!("Turn {}: {}", mark.turn, mark.movers), 100);
            serenity::CreateSelectMenuOption::new(label, mark.turn.to_string())
                .default_selection(mark.turn == post.turn)
        })
        .collect();
    serenity::CreateActionRow::SelectMenu(
        serenity::CreateSelectMenu::new(
            id(post, "turn"),
            serenity::CreateSelectMenuKind::String { options },
        )
        .placeholder(format!("Jump to a turn (1 to {})", post.turns)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::{Picture, TurnMark};

    fn post(frame: usize, last_frame: usize, turns: usize) -> ReplayPost {
        ReplayPost {
            game: 12,
            frame,
            last_frame,
            turn: frame.min(turns),
            turns,
            text: "x".repeat(2500),
            board: Picture {
                file_name: "board.png".into(),
                png: vec![1],
                description: Some("the board".into()),
            },
            hand: None,
            jumps: (1..=turns.min(JUMP_TURNS))
                .map(|turn| TurnMark {
                    turn,
                    frame: turn,
                    movers: "Ann".into(),
                })
                .collect(),
        }
    }

    fn rows(message: &ReplayMessage) -> Vec<serde_json::Value> {
        message
            .components
            .iter()
            .map(|row| serde_json::to_value(row).unwrap())
            .collect()
    }

    #[test]
    fn the_controls_read_back_as_the_taps_they_are() {
        let drawn = render(&post(3, 40, 30));
        assert_eq!(drawn.content.chars().count(), MESSAGE_LIMIT);
        let rows = rows(&drawn);
        assert_eq!(rows.len(), 2);
        let buttons = rows[0]["components"].as_array().unwrap();
        let ids: Vec<&str> = buttons
            .iter()
            .map(|b| b["custom_id"].as_str().unwrap())
            .collect();
        assert_eq!(
            ids,
            [
                "rh:replay:12:3:first",
                "rh:replay:12:3:back",
                "rh:replay:12:3:next",
                "rh:replay:12:3:last",
                "rh:replay:12:3:gif"
            ]
        );
        let asked = |id: &str| parse(id, &[]).unwrap().control;
        assert_eq!(asked(ids[0]), ReplayControl::Go(ReplayGo::First));
        assert_eq!(asked(ids[1]), ReplayControl::Go(ReplayGo::Back));
        assert_eq!(asked(ids[2]), ReplayControl::Go(ReplayGo::Forward));
        assert_eq!(asked(ids[3]), ReplayControl::Go(ReplayGo::Last));
        assert_eq!(asked(ids[4]), ReplayControl::Animation);
        let menu = &rows[1]["components"][0];
        assert_eq!(menu["options"].as_array().unwrap().len(), JUMP_TURNS);
        assert_eq!(menu["options"][2]["default"], true);
        let id = menu["custom_id"].as_str().unwrap();
        assert_eq!(
            parse(id, &["17".into()]),
            Ok(ReplayTap {
                game: 12,
                frame: 3,
                control: ReplayControl::Go(ReplayGo::Turn(17))
            })
        );
    }

    #[test]
    fn controls_that_lead_nowhere_are_disabled() {
        let start = rows(&render(&post(0, 5, 1)));
        assert_eq!(start.len(), 1, "one turn: no menu");
        let disabled: Vec<bool> = start[0]["components"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["disabled"].as_bool().unwrap_or(false))
            .collect();
        assert_eq!(disabled, [true, true, false, false, false]);
        let end = rows(&render(&post(5, 5, 1)));
        let disabled: Vec<bool> = end[0]["components"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["disabled"].as_bool().unwrap_or(false))
            .collect();
        assert_eq!(disabled, [false, false, true, true, false]);
    }

    #[test]
    fn the_longest_id_fits_discord_limit() {
        let id = format!("{PREFIX}{}:{}:first", i64::MAX, "9".repeat(FRAME_DIGITS));
        assert!(id.chars().count() <= 100, "{id}");
        assert!(parse(&id, &[]).is_ok());
    }

    #[test]
    fn malformed_ids_are_refused() {
        for (id, values) in [
            ("rh:replay:12:3", &[][..]),
            ("rh:replay:12:3:next:9", &[]),
            ("rh:replay:0:3:next", &[]),
            ("rh:replay:-12:3:next", &[]),
            ("rh:replay:+12:3:next", &[]),
            ("rh:replay:12:-3:next", &[]),
            ("rh:replay:12: 3:next", &[]),
            ("rh:replay:12:3:sideways", &[]),
            ("rh:replay:99999999999999999999:3:next", &[]),
            ("rh:replay:12:1234567890:next", &[]),
            ("rh:replay:12:3:next", &["4".to_owned()]),
            ("rh:replay:12:3:gif", &["4".to_owned()]),
            ("rh:replay:12:3:turn", &[]),
            ("rh:replay:12:3:turn", &["x".to_owned()]),
            ("rh:replay:12:3:turn", &["1".to_owned(), "2".to_owned()]),
            ("rh:replayed:12:3:next", &[]),
            ("rh:tap:12:3:0", &[]),
        ] {
            assert_eq!(parse(id, values), Err(BadReplayId), "{id} {values:?}");
        }
    }
}

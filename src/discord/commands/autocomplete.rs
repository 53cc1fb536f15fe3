//! Autocomplete answers: game ids, game options, finished games to replay, and the caller's legal
//! moves.

use poise::serenity_prelude as serenity;

use crate::discord::Context;
use crate::discord::messages::CHOICE_LIMIT;
use crate::discord::respond::{caller, place};
use crate::excerpt::clip;
use crate::games;
use crate::games::adapter::LegalMove;
use crate::store::{FinishedScope, GameRecord};

/// Discord shows at most this many choices.
const MAX_CHOICES: usize = 25;

/// At most [`MAX_CHOICES`] choices as Discord accepts them: a value is what the command receives, so
/// one that does not fit in [`CHOICE_LIMIT`] characters (or is empty) is left out rather than cut into
/// something else; a name is only shown, so a long one is cut on a character boundary with an ellipsis.
fn fitting_choices(
    choices: impl Iterator<Item = (String, String)>,
) -> Vec<serenity::AutocompleteChoice> {
    choices
        .filter(|(_, value)| (1..=CHOICE_LIMIT).contains(&value.chars().count()))
        .take(MAX_CHOICES)
        .map(|(name, value)| {
            let name = if name.is_empty() { value.clone() } else { name };
            serenity::AutocompleteChoice::new(clip(&name, CHOICE_LIMIT), value)
        })
        .collect()
}

fn respond(
    choices: impl Iterator<Item = (String, String)>,
) -> serenity::CreateAutocompleteResponse {
    serenity::CreateAutocompleteResponse::new().set_choices(fitting_choices(choices))
}

/// The games whose id or name contains what was typed.
pub async fn game_ids(_ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let typed = partial.trim().to_lowercase();
    respond(
        games::REGISTRY
            .iter()
            .filter(|g| g.id().contains(&typed) || g.name().to_lowercase().contains(&typed))
            .map(|g| {
                (
                    format!("{} ({})", g.name(), g.players_text()),
                    g.id().to_owned(),
                )
            }),
    )
}

/// How many of the newest finished games are searched for what was typed.
const FINISHED_SEARCHED: usize = 100;

/// The newest finished games of this server (of this channel outside one) whose id, game or players
/// contain what was typed: "game 12: Express, Ann, Bob and Carol", the id sent.
pub async fn finished_games(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let table = ctx.data().table.clone();
    let scope = match ctx.guild_id() {
        Some(guild) => FinishedScope::Guild(guild.to_string()),
        None => FinishedScope::Channel(ctx.channel_id().to_string()),
    };
    let games = tokio::task::spawn_blocking(move || {
        table.store().finished_games(&scope, FINISHED_SEARCHED)
    })
    .await
    .ok()
    .and_then(Result::ok)
    .unwrap_or_default();
    let typed = partial.trim().to_lowercase();
    let choices = games
        .iter()
        .map(|record| (record.id, finished_label(record)))
        .filter(|(_, label)| label.to_lowercase().contains(&typed))
        .take(MAX_CHOICES)
        .map(|(id, label)| serenity::AutocompleteChoice::new(clip(&label, CHOICE_LIMIT), id))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// How a finished game is offered: "game 12: Express, Ann, Bob and Carol".
fn finished_label(record: &GameRecord) -> String {
    let name = games::find(&record.kind).map_or(record.kind.as_str(), |kind| kind.name());
    format!(
        "game {}: {name}, {}",
        record.id,
        crate::plural::listed(&record.names())
    )
}

/// `key=value` suggestions for the last word typed, keeping the words before it.
pub async fn option_choices(
    _ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let (done, last) = match partial.rfind(' ') {
        Some(i) => (&partial[..=i], partial[i + 1..].to_lowercase()),
        None => ("", partial.to_lowercase()),
    };
    let mut seen = Vec::new();
    let suggestions = games::REGISTRY
        .iter()
        .flat_map(|g| g.options())
        .flat_map(|spec| {
            spec.values
                .iter()
                .map(move |value| (format!("{}={value}", spec.key), spec.help))
        });
    let mut choices = Vec::new();
    for (pair, help) in suggestions {
        if pair.starts_with(&last) && !seen.contains(&pair) {
            choices.push((format!("{done}{pair} — {help}"), format!("{done}{pair}")));
            seen.push(pair);
        }
    }
    respond(choices.into_iter())
}

/// The caller's legal moves matching what was typed: the label shown, the notation sent.
pub async fn legal_moves(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let table = ctx.data().table.clone();
    let (place, caller, typed) = (place(ctx), caller(ctx), partial.to_owned());
    let moves = tokio::task::spawn_blocking(move || table.legal_moves(&place, &caller, &typed))
        .await
        .ok()
        .and_then(Result::ok)
        .unwrap_or_default();
    respond_moves(moves)
}

/// The legal moves of the caller's daily puzzle attempt matching what was typed.
pub async fn daily_moves(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let table = ctx.data().table.clone();
    let (place, caller, typed) = (place(ctx), caller(ctx), partial.to_owned());
    let moves = tokio::task::spawn_blocking(move || {
        table.puzzle_moves(&place, &caller, &typed, table.clock().now())
    })
    .await
    .ok()
    .and_then(Result::ok)
    .unwrap_or_default();
    respond_moves(moves)
}

/// Legal moves as choices: notation and label shown, the notation sent.
fn respond_moves(moves: Vec<LegalMove>) -> serenity::CreateAutocompleteResponse {
    respond(
        moves
            .into_iter()
            .map(|m| (format!("{} — {}", m.notation, m.label), m.notation)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(choice: &serenity::AutocompleteChoice) -> (String, String) {
        let json = serde_json::to_value(choice).expect("a choice serialises");
        let text = |key: &str| json[key].as_str().expect("a text").to_owned();
        (text("name"), text("value"))
    }

    #[test]
    fn a_value_too_long_for_discord_is_left_out_not_cut() {
        let long = "A1-B2|".repeat(20);
        assert_eq!(long.chars().count(), 120);
        let choices = fitting_choices(
            [
                ("long move".to_owned(), long),
                ("short move".to_owned(), "A1-B2".to_owned()),
                ("empty".to_owned(), String::new()),
            ]
            .into_iter(),
        );
        let texts: Vec<_> = choices.iter().map(texts).collect();
        assert_eq!(texts, [("short move".to_owned(), "A1-B2".to_owned())]);
    }

    #[test]
    fn a_value_of_exactly_one_hundred_characters_is_kept_whole() {
        let value = "é".repeat(CHOICE_LIMIT);
        let choices = fitting_choices([("x".to_owned(), value.clone())].into_iter());
        assert_eq!(texts(&choices[0]).1, value);
    }

    #[test]
    fn a_long_name_is_cut_on_a_character_boundary_with_an_ellipsis() {
        let name = "é".repeat(150);
        let choices = fitting_choices([(name, "v".to_owned())].into_iter());
        let (shown, value) = texts(&choices[0]);
        assert_eq!(shown.chars().count(), CHOICE_LIMIT);
        assert!(shown.ends_with('…'), "{shown}");
        assert!(shown.starts_with(&"é".repeat(CHOICE_LIMIT - 1)), "{shown}");
        assert_eq!(value, "v");
    }

    #[test]
    fn at_most_twenty_five_choices_and_left_out_values_do_not_count() {
        let too_long = "x".repeat(CHOICE_LIMIT + 1);
        let offered = (0..30).map(|n| {
            let value = if n % 2 == 0 {
                too_long.clone()
            } else {
                format!("m{n}")
            };
            (format!("move {n}"), value)
        });
        let choices = fitting_choices(offered);
        assert_eq!(
            choices.len(),
            15,
            "the 15 fitting values of 30 are all kept"
        );
        let many = fitting_choices((0..30).map(|n| (format!("n{n}"), format!("v{n}"))));
        assert_eq!(many.len(), MAX_CHOICES);
    }
}

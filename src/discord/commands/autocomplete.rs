//! Autocomplete answers: game ids, game options, and the caller's legal moves.

use poise::serenity_prelude as serenity;

use crate::discord::Context;
use crate::discord::messages::{CHOICE_LIMIT, clip};
use crate::discord::respond::{caller, place};
use crate::games;
use crate::games::adapter::LegalMove;

/// Discord shows at most this many choices.
const MAX_CHOICES: usize = 25;

fn respond(
    choices: impl Iterator<Item = (String, String)>,
) -> serenity::CreateAutocompleteResponse {
    let choices = choices
        .take(MAX_CHOICES)
        .map(|(name, value)| {
            serenity::AutocompleteChoice::new(clip(&name, CHOICE_LIMIT), clip(&value, CHOICE_LIMIT))
        })
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
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

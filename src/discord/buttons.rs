//! Button clicks: "View hand" on turn messages, "Agree"/"Refuse" on undo requests. Like slash
//! commands, a click is acknowledged privately at once and its public result is a channel message
//! (see [`super::respond::deliver`]).

use poise::serenity_prelude as serenity;

use super::messages::{UNDO_AGREE, UNDO_REFUSE, VIEW_HAND};
use super::respond::{caller_of, deliver, place_of};
use super::{Data, Error};
use crate::table::Command;

/// Handles gateway events the framework leaves to us: component interactions with our ids.
pub async fn on_event(
    ctx: &serenity::Context,
    event: &serenity::FullEvent,
    data: &Data,
) -> Result<(), Error> {
    let serenity::FullEvent::InteractionCreate {
        interaction: serenity::Interaction::Component(click),
    } = event
    else {
        return Ok(());
    };
    let command = match click.data.custom_id.as_str() {
        VIEW_HAND => Command::Hand,
        UNDO_AGREE => Command::UndoVote(true),
        UNDO_REFUSE => Command::UndoVote(false),
        _ => return Ok(()),
    };
    let caller = caller_of(&click.user, click.member.as_ref());
    let place = place_of(click.channel_id, click.guild_id);
    let table = data.table.clone();
    let task = tokio::task::spawn_blocking(move || table.handle(&place, &caller, command));
    let acknowledged = click.defer_ephemeral(&ctx.http).await;
    let result = task.await?;
    if let Err(error) = &acknowledged {
        tracing::warn!("could not acknowledge a click; its public result is still posted: {error}");
    }
    let token = acknowledged.is_ok().then_some(click.token.as_str());
    deliver(&ctx.http, click.channel_id, token, result).await
}

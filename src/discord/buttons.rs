//! Button clicks: "Take your turn" and "View hand" on turn messages, "Agree"/"Refuse" on undo and abort
//! requests, Undo on a turn panel. Like slash commands, a click is acknowledged privately at once and
//! its public result is a channel message (see [`super::respond::deliver`]). Taps on a panel's choices
//! update the panel in place instead ([`super::panel_taps`]), and taps on a replay's controls update
//! the replay ([`super::replay_taps`]).

use std::sync::Arc;

use poise::serenity_prelude as serenity;

use super::messages::{TAKE_TURN, VIEW_HAND, private_answer};
use super::panel_taps::on_tap;
use super::panel_view::{REFRESH, UNDO, is_tap};
use super::replay_animation::{Uploads, start_if_finished};
use super::replay_taps::on_replay_tap;
use super::replay_view::is_replay;
use super::respond::{caller_of, deliver, finished, place_of};
use super::vote_buttons::{self, UNDATED_UNDO_IDS};
use super::{Data, Error};
use crate::table::{Command, VoteOn};

/// The answer to a vote button of an earlier version, which named no request: which request it meant
/// cannot be known, so it counts on none.
const UNDATED_VOTE: &str = "That vote is over: this button is from before an update. Answer a request \
                            that is still waiting with `/game undo` or `/game abort` and an answer.";

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
    let id = click.data.custom_id.as_str();
    let values = match &click.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => values.as_slice(),
        _ => &[],
    };
    if is_tap(id) || id == REFRESH {
        return on_tap(ctx, click, data, values).await;
    }
    if is_replay(id) {
        return on_replay_tap(ctx, click, data, values).await;
    }
    let command = if id == VIEW_HAND {
        Command::Hand
    } else if id == TAKE_TURN {
        Command::Turn
    } else if id == UNDO {
        Command::Undo
    } else if let Some((ticket, agree)) = vote_buttons::parse(id) {
        Command::Vote {
            on: VoteOn::Ticket(ticket),
            agree,
        }
    } else if UNDATED_UNDO_IDS.contains(&id) {
        click
            .create_response(&ctx.http, private_answer(UNDATED_VOTE))
            .await?;
        return Ok(());
    } else {
        return Ok(());
    };
    let caller = caller_of(&click.user, click.member.as_ref());
    let place = place_of(click.channel_id, click.guild_id);
    let table = data.table.clone();
    let ticket = data.turn_messages.ticket(click.channel_id);
    let task = tokio::spawn(table.handle_queued(place, caller, command));
    let acknowledged = click.defer_ephemeral(&ctx.http).await;
    let result = task.await?;
    if let Err(error) = &acknowledged {
        tracing::warn!("could not acknowledge a click; its public result is still posted: {error}");
    }
    let token = acknowledged.is_ok().then_some(click.token.as_str());
    let uploads = Uploads::of(click.app_permissions, click.attachment_size_limit);
    let animation = start_if_finished(&data.table, finished(&result), uploads);
    let delivered = deliver(&ctx.http, ticket, token, result).await;
    if let Some(animation) = animation {
        animation.post_in(Arc::clone(&ctx.http), click.channel_id);
    }
    delivered
}

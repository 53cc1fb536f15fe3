//! Taps on a turn panel: acknowledged at once as an update of the panel message (Discord's
//! DEFERRED_UPDATE_MESSAGE, type 6, so the panel stays where it is), run through the channel's table
//! queue like any command, then the tap's public result is delivered as every command's is
//! ([`deliver`]) and the panel edited in place.
//! (<https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object-interaction-callback-type>:
//! type 6 "for components, ACK an interaction and edit the original message later; the user does
//! not see a loading state".)

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use serenity::builder::Builder as _;

use super::messages::{private_answer, private_followup};
use super::panel_view::{BadTap, REFRESH, parse_tap, render};
use super::replay_animation::{Uploads, start_if_finished};
use super::respond::{caller_of, deliver, explain, place_of};
use super::{Data, Error};
use crate::table::{Command, Post, Reply};

/// Handles a click on a panel's choices or pages (`values`: a select menu's chosen values), or on
/// its Refresh button (the panel drawn afresh at the top).
pub async fn on_tap(
    ctx: &serenity::Context,
    click: &serenity::ComponentInteraction,
    data: &Data,
    values: &[String],
) -> Result<(), Error> {
    let id = click.data.custom_id.as_str();
    let (command, page) = if id == REFRESH {
        (Command::Turn, 0)
    } else {
        match parse_tap(id, values) {
            Ok(tap) => (
                Command::Tap {
                    version: tap.version,
                    path: tap.path,
                },
                tap.page,
            ),
            Err(BadTap) => {
                click
                    .create_response(&ctx.http, private_answer(&BadTap.to_string()))
                    .await?;
                return Ok(());
            }
        }
    };
    let caller = caller_of(&click.user, click.member.as_ref());
    let place = place_of(click.channel_id, click.guild_id);
    let table = data.table.clone();
    let ticket = data.turn_messages.ticket(click.channel_id);
    let task = tokio::spawn(table.handle_queued(place, caller, command));
    let acknowledged = click
        .create_response(&ctx.http, serenity::CreateInteractionResponse::Acknowledge)
        .await;
    let result = task.await?;
    if let Err(error) = &acknowledged {
        tracing::warn!("could not acknowledge a tap; its public result is still posted: {error}");
    }
    let token = acknowledged.is_ok().then_some(click.token.as_str());
    let mut reply = match result {
        Ok(reply) => reply,
        Err(error) => {
            if let Some(token) = token {
                private_followup(&Post::text(explain(&error)))
                    .execute(&ctx.http, (None, token))
                    .await?;
            }
            return Ok(());
        }
    };
    let panel = reply.panel.take();
    let uploads = Uploads::of(click.app_permissions, click.attachment_size_limit);
    let animation = start_if_finished(&data.table, reply.finished, uploads);
    // The public part first, as for every command: when the panel shows the step done, the channel
    // has heard of it; the game's animation, if it ended, after that.
    deliver(
        &ctx.http,
        ticket,
        None,
        Ok(Reply {
            private: None,
            ..reply
        }),
    )
    .await?;
    if let Some(animation) = animation {
        animation.post_in(Arc::clone(&ctx.http), click.channel_id);
    }
    if let (Some(panel), Some(token)) = (panel, token) {
        render(&panel, page)
            .edit()
            .execute(&ctx.http, token)
            .await?;
    }
    Ok(())
}

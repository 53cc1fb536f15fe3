//! Button clicks: "View hand" on turn messages, "Agree"/"Refuse" on undo requests.

use poise::serenity_prelude as serenity;

use super::messages::{UNDO_AGREE, UNDO_REFUSE, VIEW_HAND, interaction_message};
use super::respond::{caller_of, explain, place_of};
use super::{Data, Error};
use crate::table::{Command, Post, Reply};

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
    let result = table.handle_queued(place, caller, command).await;
    let message = match result {
        Ok(Reply {
            public: Some(post), ..
        }) => interaction_message(&post, false),
        Ok(Reply {
            private: Some(post),
            ..
        }) => interaction_message(&post, true),
        Ok(_) => interaction_message(&Post::text("Done."), true),
        Err(error) => interaction_message(&Post::text(explain(&error)), true),
    };
    click
        .create_response(
            &ctx.http,
            serenity::CreateInteractionResponse::Message(message),
        )
        .await?;
    Ok(())
}

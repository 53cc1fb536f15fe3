//! Button clicks: "View hand" on turn messages, "Agree"/"Refuse" on undo and abort requests.

use poise::serenity_prelude as serenity;

use super::messages::{VIEW_HAND, interaction_message};
use super::respond::{caller_of, explain, place_of};
use super::vote_buttons::{self, UNDATED_UNDO_IDS};
use super::{Data, Error};
use crate::table::{Command, Post, Reply, VoteOn};

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
    let command = if id == VIEW_HAND {
        Command::Hand
    } else if let Some((ticket, agree)) = vote_buttons::parse(id) {
        Command::Vote {
            on: VoteOn::Ticket(ticket),
            agree,
        }
    } else if UNDATED_UNDO_IDS.contains(&id) {
        let message = interaction_message(&Post::text(UNDATED_VOTE), true);
        click
            .create_response(
                &ctx.http,
                serenity::CreateInteractionResponse::Message(message),
            )
            .await?;
        return Ok(());
    } else {
        return Ok(());
    };
    let caller = caller_of(&click.user, click.member.as_ref());
    let place = place_of(click.channel_id, click.guild_id);
    let table = data.table.clone();
    let result =
        tokio::task::spawn_blocking(move || table.handle(&place, &caller, command)).await?;
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

//! Running a table command for a slash command: who and where, off the async threads, a defer when it
//! is slow, and the reply (public and/or private; people's mistakes privately).

use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::messages::{MESSAGE_LIMIT, clip, reply};
use super::{Context, Data, Error};
use crate::table::{Caller, Command, Place, Post, Reply, TableError};

/// Discord wants a first answer within 3 s; past this, the bot defers and answers when done.
const DEFER_AFTER: Duration = Duration::from_millis(1500);

/// How many legal moves an error message lists.
const LEGAL_SHOWN: usize = 10;

/// The person behind an interaction.
pub fn caller_of(user: &serenity::User, member: Option<&serenity::Member>) -> Caller {
    let name = member
        .and_then(|m| m.nick.clone())
        .or_else(|| user.global_name.clone())
        .unwrap_or_else(|| user.name.clone());
    Caller {
        user_id: user.id.to_string(),
        name,
        manages_channel: member
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.manage_channels() || p.administrator()),
    }
}

/// The channel (and server) of an interaction.
pub fn place_of(channel: serenity::ChannelId, guild: Option<serenity::GuildId>) -> Place {
    Place {
        channel: channel.to_string(),
        guild: guild.map(|g| g.to_string()),
    }
}

/// The caller of a command.
pub fn caller(ctx: Context<'_>) -> Caller {
    let member = match ctx {
        poise::Context::Application(app) => app.interaction.member.as_deref(),
        poise::Context::Prefix(_) => None,
    };
    caller_of(ctx.author(), member)
}

/// The place of a command.
pub fn place(ctx: Context<'_>) -> Place {
    place_of(ctx.channel_id(), ctx.guild_id())
}

/// Runs blocking table work off the async threads, deferring the interaction if it takes long.
pub async fn blocking<T: Send + 'static>(
    ctx: Context<'_>,
    ephemeral: bool,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, Error> {
    let mut task = tokio::task::spawn_blocking(work);
    tokio::select! {
        done = &mut task => Ok(done?),
        () = tokio::time::sleep(DEFER_AFTER) => {
            if ephemeral {
                ctx.defer_ephemeral().await?;
            } else {
                ctx.defer().await?;
            }
            Ok(task.await?)
        }
    }
}

/// Runs a table command and answers with its reply.
pub async fn run(ctx: Context<'_>, command: Command) -> Result<(), Error> {
    let private_answer = matches!(command, Command::Hand | Command::Legal | Command::History);
    let table = ctx.data().table.clone();
    let (place, caller) = (place(ctx), caller(ctx));
    let result = blocking(ctx, private_answer, move || {
        table.handle(&place, &caller, command)
    })
    .await?;
    answer(ctx, result).await
}

/// Sends a table reply (or a refusal, privately).
pub async fn answer(ctx: Context<'_>, result: Result<Reply, TableError>) -> Result<(), Error> {
    match result {
        Ok(Reply { public, private }) => {
            if let Some(post) = &public {
                ctx.send(reply(post, false)).await?;
            }
            if let Some(post) = &private {
                ctx.send(reply(post, true)).await?;
            }
            if public.is_none() && private.is_none() {
                say_privately(ctx, "Done.").await?;
            }
        }
        Err(error) => say_privately(ctx, &explain(&error)).await?,
    }
    Ok(())
}

/// A short private answer.
pub async fn say_privately(ctx: Context<'_>, text: &str) -> Result<(), Error> {
    ctx.send(reply(&Post::text(clip(text, MESSAGE_LIMIT)), true))
        .await?;
    Ok(())
}

/// A refusal with a few legal moves, in slash-command words.
pub fn explain(error: &TableError) -> String {
    let mut text = error
        .to_string()
        .replace("`new <game>`", "`/game new`")
        .replace("`join`", "`/game join`")
        .replace("`bot add`", "`/game bot add`")
        .replace("`board`", "`/game board`");
    let legal = error.suggestions(LEGAL_SHOWN);
    if !legal.is_empty() {
        text.push_str("\nLegal now:");
        for m in legal {
            text.push_str(&format!("\n• `/move {}`: {}", m.notation, m.label));
        }
    }
    text
}

/// Logs framework errors and tells the person something went wrong (never the details).
pub async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(command = %ctx.command().qualified_name, "command failed: {error}");
            let _ = say_privately(
                ctx,
                "Something went wrong on our side; nothing was changed.",
            )
            .await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!("while handling an error: {e}");
            }
        }
    }
}

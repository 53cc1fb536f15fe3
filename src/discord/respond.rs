//! Running a table command for a slash command: who and where, off the async threads, a defer when it
//! is slow, and the reply (public and/or private; people's mistakes privately).

use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::messages::{MESSAGE_LIMIT, clip, reply};
use super::{Context, Data, Error};
use crate::table::{Caller, Command, CommandSyntax, Place, Post, Reply, Suggestion, TableError};

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
    deferring(ctx, ephemeral, async {
        Ok(tokio::task::spawn_blocking(work).await?)
    })
    .await
}

/// Awaits `work` (which must not block the async threads), deferring the interaction if it takes long.
pub async fn deferring<T>(
    ctx: Context<'_>,
    ephemeral: bool,
    work: impl Future<Output = Result<T, Error>>,
) -> Result<T, Error> {
    let mut work = std::pin::pin!(work);
    tokio::select! {
        done = &mut work => done,
        () = tokio::time::sleep(DEFER_AFTER) => {
            if ephemeral {
                ctx.defer_ephemeral().await?;
            } else {
                ctx.defer().await?;
            }
            work.await
        }
    }
}

/// Runs a table command in its channel's queue (or refuses it as busy) and answers with its reply.
pub async fn run(ctx: Context<'_>, command: Command) -> Result<(), Error> {
    let private_answer = matches!(command, Command::Hand | Command::Legal | Command::History);
    let table = ctx.data().table.clone();
    let (place, caller) = (place(ctx), caller(ctx));
    let result = deferring(ctx, private_answer, async {
        Ok(table.handle_queued(place, caller, command).await)
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

/// The table's commands as Discord's slash commands.
pub struct SlashCommands;

impl CommandSyntax for SlashCommands {
    fn command(&self, suggestion: Suggestion) -> String {
        let command = match suggestion {
            Suggestion::NewGame => "/game new",
            Suggestion::Join => "/game join",
            Suggestion::AddBot => "/game bot add",
            Suggestion::Board => "/game board",
            Suggestion::Resign => "/game resign",
        };
        format!("`{command}`")
    }
}

/// A refusal with a few legal moves, in slash-command words.
pub fn explain(error: &TableError) -> String {
    let mut text = error.render(&SlashCommands);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::adapter::LegalMove;

    #[test]
    fn suggested_commands_are_written_as_slash_commands() {
        let no_game = explain(&TableError::NoGame {
            games: "yardmaster".into(),
        });
        assert_eq!(
            no_game,
            "There is no game in this channel. Start one with `/game new` (games: yardmaster)."
        );
        let count = explain(&TableError::WrongPlayerCount {
            name: "Yardmaster Express".into(),
            min: 2,
            max: 5,
            have: 1,
        });
        assert!(
            count.ends_with("Invite players with `/game join` or add bots with `/game bot add`."),
            "{count}"
        );
        let watcher = explain(&TableError::NotAPlayer { started: true });
        assert!(
            watcher.ends_with("you can watch with `/game board`."),
            "{watcher}"
        );
        let own_turn = explain(&TableError::OwnTurn);
        assert_eq!(
            own_turn,
            "It is your own turn: make your move (or `/game resign`)."
        );
    }

    #[test]
    fn refusals_list_legal_moves_as_move_commands() {
        let illegal = explain(&TableError::IllegalMove {
            message: "You do not hold Y2|Y3.".into(),
            legal: vec![LegalMove {
                notation: "up B2|B3".into(),
                label: "add Coal 2 | Coal 3 face up".into(),
            }],
        });
        assert_eq!(
            illegal,
            "You do not hold Y2|Y3.\nLegal now:\n• `/move up B2|B3`: add Coal 2 | Coal 3 face up"
        );
    }

    #[test]
    fn internal_failures_show_nothing_of_the_detail() {
        let shown = explain(&TableError::Internal(
            "database disk image is malformed: SELECT * FROM games".into(),
        ));
        assert_eq!(
            shown,
            "Something went wrong on our side and nothing was changed. Please try again."
        );
    }
}

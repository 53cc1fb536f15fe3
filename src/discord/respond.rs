//! Running a table command for a slash command: who and where, off the async threads, a private
//! acknowledgement at once, the public result as a channel message and the private one as an
//! ephemeral follow-up (see [`deliver`] for why).

use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::builder::Builder as _;

use super::channel_post::{PostNonce, post};
use super::messages::{MESSAGE_LIMIT, channel_message, clip, private_followup, reply};
use super::{Context, Data, Error};
use crate::table::{Caller, Command, CommandSyntax, Place, Post, Reply, Suggestion, TableError};

/// Discord wants a first answer within 3 s; past this, read-only public work defers and answers when
/// done.
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

/// Runs blocking read-only work off the async threads, deferring the interaction publicly if it takes
/// long: for answers that are public whatever comes out (statistics, leaderboards).
pub async fn blocking<T: Send + 'static>(
    ctx: Context<'_>,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, Error> {
    let mut task = tokio::task::spawn_blocking(work);
    tokio::select! {
        done = &mut task => Ok(done?),
        () = tokio::time::sleep(DEFER_AFTER) => {
            ctx.defer().await?;
            Ok(task.await?)
        }
    }
}

/// Runs a table command in its channel's queue (or refuses it as busy) and answers with its reply
/// (see [`deliver`]).
pub async fn run(ctx: Context<'_>, command: Command) -> Result<(), Error> {
    let table = ctx.data().table.clone();
    let (place, caller) = (place(ctx), caller(ctx));
    run_work(ctx, table.handle_queued(place, caller, command)).await
}

/// Runs table work for a slash command: acknowledges the interaction privately at once while the
/// work runs (queued in its channel, see [`crate::table::Table::handle_queued`]), then [`deliver`]s
/// the result.
pub async fn run_work(
    ctx: Context<'_>,
    work: impl Future<Output = Result<Reply, TableError>> + Send + 'static,
) -> Result<(), Error> {
    let task = tokio::spawn(work);
    let acknowledged = ctx.defer_ephemeral().await;
    let result = task.await?;
    let token = match (&acknowledged, ctx) {
        (Ok(()), poise::Context::Application(app)) => Some(app.interaction.token.as_str()),
        _ => None,
    };
    if let Err(error) = &acknowledged {
        tracing::warn!(
            "could not acknowledge a command; its public result is still posted: {error}"
        );
    }
    deliver(ctx.http(), ctx.channel_id(), token, result).await
}

/// Delivers a table command's result: the public post as a channel message (which pings the people
/// it mentions), then the private post (or a refusal, or a short confirmation) as an ephemeral
/// follow-up that completes the interaction's private acknowledgement.
///
/// Every table command and button is acknowledged with an **ephemeral** deferral before its answer
/// is known, and nothing public ever goes through the interaction, because:
///
/// - Discord decides an interaction's visibility with its first response: after a deferral, the
///   first follow-up completes it and keeps the deferral's visibility whatever flag it carries. An
///   answer chosen after a public deferral (a refusal listing the caller's hand) would be shown to
///   everyone. An ephemeral acknowledgement keeps every private answer private.
/// - The completion of a deferred response, like any edit, notifies nobody; only a new message
///   does. A channel message pings the next player every time.
/// - A channel message needs only the bot's token, not the interaction's: a committed move, undo,
///   resign, skip or end is announced exactly once even when the acknowledgement failed (`token` is
///   then `None`: the private part has nowhere to go and is dropped; the table work has run), and
///   even when Discord fails or the connection breaks while it is posted ([`post`] tries again with
///   one nonce).
pub async fn deliver(
    http: &serenity::Http,
    channel: serenity::ChannelId,
    token: Option<&str>,
    result: Result<Reply, TableError>,
) -> Result<(), Error> {
    let (public, private) = match result {
        Ok(Reply { public, private }) => {
            let confirmation = if public.is_some() {
                "Posted in the channel."
            } else {
                "Done."
            };
            let private = private.unwrap_or_else(|| Post::text(confirmation));
            (public, private)
        }
        Err(error) => (None, Post::text(explain(&error))),
    };
    if let Some(public) = &public {
        post(http, channel, channel_message(public), &PostNonce::fresh()).await?;
    }
    if let Some(token) = token {
        private_followup(&private)
            .execute(http, (None, token))
            .await?;
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
                "Something went wrong on our side. `/game status` shows where the game stands.",
            )
            .await;
        }
        // The startup check has already told the caller to try again in a moment.
        poise::FrameworkError::CommandCheckFailed { error: None, .. } => {}
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

//! Running a table command for a slash command: who and where, off the async threads, a private
//! acknowledgement at once, the public result as a channel message and the private one as an
//! ephemeral follow-up (see [`deliver`] for why).

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use serenity::builder::Builder as _;

use super::channel_post::{PostNonce, post};
use super::messages::{MESSAGE_LIMIT, channel_message, private_followup, reply};
use super::panel_view::render;
use super::replay_animation::{Uploads, start_if_finished};
use super::turn_messages::Ticket;
use super::{Context, Data, Error};
use crate::excerpt::clip;
use crate::table::{
    Caller, Command, CommandSyntax, Place, Post, Reply, Suggestion, TableError, off_thread,
};

/// How many legal moves an error message lists.
const LEGAL_SHOWN: usize = 10;
/// The private answer to a step shown by an edit of its turn's message.
const IN_TURN_MESSAGE: &str = "Shown in this turn's message in the channel.";

/// Where a command's public post went.
enum Shown {
    /// A new channel message.
    Posted,
    /// Its turn's message, edited in the background.
    InTurnMessage,
}

/// What a server shows for a person, so every post, picture and list calls them the same: their
/// nickname there, else the display name they chose for all of Discord, else their username
/// (<https://discord.com/developers/docs/resources/guild#guild-member-object>, `nick`;
/// <https://discord.com/developers/docs/resources/user#user-object>, `global_name`).
pub fn shown_name(user: &serenity::User, nick: Option<&str>) -> String {
    nick.or(user.global_name.as_deref())
        .unwrap_or(&user.name)
        .to_owned()
}

/// What the server shows for a person named in a command's options (Discord sends their member
/// object, with the nickname, beside the option).
pub fn name_of(ctx: Context<'_>, user: &serenity::User) -> String {
    let nick = match ctx {
        poise::Context::Application(app) => app
            .interaction
            .data
            .resolved
            .members
            .get(&user.id)
            .and_then(|member| member.nick.clone()),
        poise::Context::Prefix(_) => None,
    };
    shown_name(user, nick.as_deref())
}

/// The person behind an interaction.
pub fn caller_of(user: &serenity::User, member: Option<&serenity::Member>) -> Caller {
    Caller {
        user_id: user.id.to_string(),
        name: shown_name(user, member.and_then(|m| m.nick.as_deref())),
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

/// Runs blocking work that reads the store without the table's queue (statistics, leaderboards)
/// off the async threads, and answers as a table command does ([`run_work`]): acknowledged
/// privately at once, its public result posted in the channel.
pub async fn run_blocking(
    ctx: Context<'_>,
    work: impl FnOnce() -> Result<Reply, TableError> + Send + 'static,
) -> Result<(), Error> {
    run_work(ctx, off_thread(work)).await
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
    let ticket = ctx.data().turn_messages.ticket(ctx.channel_id());
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
    let uploads = match ctx {
        poise::Context::Application(app) => Uploads::of(
            app.interaction.app_permissions,
            app.interaction.attachment_size_limit,
        ),
        poise::Context::Prefix(_) => Uploads::of(None, 0),
    };
    let animation = start_if_finished(&ctx.data().table, finished(&result), uploads);
    let delivered = deliver(ctx.http(), ticket, token, result).await;
    if let Some(animation) = animation {
        animation.post_in(Arc::clone(&ctx.serenity_context().http), ctx.channel_id());
    }
    delivered
}

/// The game a command's `result` ended, if any.
pub fn finished(result: &Result<Reply, TableError>) -> Option<i64> {
    result.as_ref().ok().and_then(|reply| reply.finished)
}

/// Delivers a table command's result (`ticket`: the command's, taken before it entered the table's
/// queue): the public post as a channel message (which pings the people it mentions) or, when it
/// brings its turn's message up to date, as an edit of that message sent in the background (see
/// [`super::turn_messages`]); then the private post (or the caller's turn panel, or a refusal, or a
/// short confirmation) as an ephemeral follow-up that completes the interaction's private
/// acknowledgement.
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
///
/// A public post Discord refuses (a locked thread takes none) changes nothing that was done: it is
/// logged, and the caller is told privately ([`unposted`]). An edit never holds the private answer
/// back (a fast player's next step must not wait for it); one Discord refuses is logged.
pub async fn deliver(
    http: &serenity::Http,
    ticket: Ticket,
    token: Option<&str>,
    result: Result<Reply, TableError>,
) -> Result<(), Error> {
    let channel = ticket.channel();
    let (public, private, turn, panel) = match result {
        Ok(Reply {
            public,
            private,
            turn,
            panel,
            ..
        }) => (public, private, turn, panel),
        Err(error) => (None, Some(Post::text(explain(&error))), None, None),
    };
    let posted = match (&public, turn) {
        (Some(public), Some(turn)) if !turn.fresh => {
            ticket.edit(turn, public.clone());
            Some(Ok(Shown::InTurnMessage))
        }
        (Some(public), turn) => {
            let fresh = turn.map(|turn| ticket.fresh(turn));
            let made = post(http, channel, channel_message(public), &PostNonce::fresh()).await;
            if let (Some(fresh), Ok(made)) = (fresh, &made) {
                fresh.posted(made.id);
            }
            Some(made.map(|_| Shown::Posted))
        }
        (None, _) => {
            drop(ticket);
            None
        }
    };
    let private = match (posted, public, private) {
        (Some(Err(error)), public, private) => {
            tracing::warn!(%channel, "a committed result could not be posted: {error}");
            unposted(private.or(public))
        }
        (_, _, Some(private)) => private,
        (Some(Ok(Shown::Posted)), _, None) => Post::text("Posted in the channel."),
        (Some(Ok(Shown::InTurnMessage)), _, None) => Post::text(IN_TURN_MESSAGE),
        (None, _, None) => Post::text("Done."),
    };
    match (token, panel) {
        (Some(token), Some(panel)) => {
            render(&panel, 0)
                .followup()
                .execute(http, (None, token))
                .await?;
        }
        (Some(token), None) => {
            private_followup(&private)
                .execute(http, (None, token))
                .await?;
        }
        (None, _) => {}
    }
    Ok(())
}

/// The private answer to a command whose public post Discord refused (in a locked thread, say): what
/// was done stands, nobody else was told, and the caller sees the post themselves (`shown`: their
/// private answer if any, else the refused post, without its pings).
fn unposted(shown: Option<Post>) -> Post {
    let note = "Discord refused the post in this channel (a locked thread, say), so only you see \
                this. Whatever it says was done stands.";
    match shown {
        Some(post) => Post {
            text: format!("{note}\n{}", post.text),
            mentions: Vec::new(),
            ..post
        },
        None => Post::text(note),
    }
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
            Suggestion::EndNow => "/game end-now",
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
        let shown = explain(&TableError::internal(
            "database disk image is malformed: SELECT * FROM games",
        ));
        assert_eq!(
            shown,
            "Something went wrong on our side and nothing was changed. Please try again."
        );
    }
}

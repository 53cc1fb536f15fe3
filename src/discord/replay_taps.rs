//! `/game replay` and the taps on its controls. A replay is private: the command is acknowledged
//! with an ephemeral deferral while the game's log is read back, and answered with the first frame
//! ([`open`]). A tap on a control is acknowledged at once as an update of the replay message
//! (DEFERRED_UPDATE_MESSAGE, type 6:
//! <https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object-interaction-callback-type>),
//! then the message is edited in place to show the frame the tap leads to ([`on_replay_tap`]). A
//! tap that leads nowhere (a frame past the end, a turn the game did not have) leaves the message as
//! it is and tells why in a private follow-up. Animated picture leaves it as it is too, and sends the
//! game's animation as a private follow-up ([`super::replay_animation`]).
//!
//! Reading a replay only reads the store, so it does not wait in the channel's queue; every tap reads
//! the game's log back afresh for the person who tapped, so whose view they get (their seat's, or a
//! spectator's) is decided by the same rule every time ([`crate::table::Table::game_replay`]).

use poise::serenity_prelude as serenity;
use serenity::builder::Builder as _;

use super::messages::{private_answer, private_followup};
use super::replay_animation::{Uploads, gif_attachment};
use super::replay_view::{JUMP_TURNS, ReplayControl, parse, render};
use super::respond::{caller, caller_of, explain, place, place_of};
use super::{Context, Data, Error};
use crate::table::{Caller, Place, Post, ReplayGo, ReplayPost, Table, TableError, off_thread};

/// The frame of game `game` (the channel's last finished game when `None`) that `go` leads to
/// from `from`, for `caller`.
fn frame(
    table: &Table,
    place: &Place,
    caller: &Caller,
    game: Option<i64>,
    from: usize,
    go: ReplayGo,
) -> Result<ReplayPost, TableError> {
    let replay = table.game_replay(place, caller, game)?;
    let frame = replay.go(from, go)?;
    replay.post(frame, JUMP_TURNS)
}

/// Answers `/game replay [game]`: the deal of the game, privately, with the controls.
pub async fn open(ctx: Context<'_>, game: Option<i64>) -> Result<(), Error> {
    let poise::Context::Application(app) = ctx else {
        return Ok(());
    };
    let table = ctx.data().table.clone();
    let (place, caller) = (place(ctx), caller(ctx));
    let task = tokio::spawn(off_thread(move || {
        frame(&table, &place, &caller, game, 0, ReplayGo::First)
    }));
    let acknowledged = ctx.defer_ephemeral().await;
    let result = task.await?;
    if let Err(error) = acknowledged {
        tracing::warn!("could not acknowledge a replay command: {error}");
        return Ok(());
    }
    let token = app.interaction.token.as_str();
    match result {
        Ok(post) => {
            render(&post)
                .followup()
                .execute(ctx.http(), (None, token))
                .await?;
        }
        Err(error) => {
            private_followup(&Post::text(explain(&error)))
                .execute(ctx.http(), (None, token))
                .await?;
        }
    }
    Ok(())
}

/// Handles a tap on a replay control (`values`: the turn menu's chosen value).
pub async fn on_replay_tap(
    ctx: &serenity::Context,
    click: &serenity::ComponentInteraction,
    data: &Data,
    values: &[String],
) -> Result<(), Error> {
    let tap = match parse(&click.data.custom_id, values) {
        Ok(tap) => tap,
        Err(bad) => {
            click
                .create_response(&ctx.http, private_answer(&bad.to_string()))
                .await?;
            return Ok(());
        }
    };
    let go = match tap.control {
        ReplayControl::Go(go) => go,
        ReplayControl::Animation => return send_animation(ctx, click, data, tap.game).await,
    };
    let caller = caller_of(&click.user, click.member.as_ref());
    let place = place_of(click.channel_id, click.guild_id);
    let table = data.table.clone();
    let task = tokio::spawn(off_thread(move || {
        frame(&table, &place, &caller, Some(tap.game), tap.frame, go)
    }));
    let acknowledged = click
        .create_response(&ctx.http, serenity::CreateInteractionResponse::Acknowledge)
        .await;
    let result = task.await?;
    if let Err(error) = acknowledged {
        tracing::warn!("could not acknowledge a replay tap: {error}");
        return Ok(());
    }
    let token = click.token.as_str();
    match result {
        Ok(post) => {
            render(&post).edit().execute(&ctx.http, token).await?;
        }
        Err(error) => {
            private_followup(&Post::text(explain(&error)))
                .execute(&ctx.http, (None, token))
                .await?;
        }
    }
    Ok(())
}

/// Answers Animated picture: the replay stays as it is (a deferred update), and the game's
/// animation follows privately, or why it cannot.
async fn send_animation(
    ctx: &serenity::Context,
    click: &serenity::ComponentInteraction,
    data: &Data,
    game: i64,
) -> Result<(), Error> {
    let table = data.table.clone();
    let task = tokio::spawn(off_thread(move || table.game_animation(game)));
    let acknowledged = click
        .create_response(&ctx.http, serenity::CreateInteractionResponse::Acknowledge)
        .await;
    let result = task.await?;
    if let Err(error) = acknowledged {
        tracing::warn!("could not acknowledge a tap on Animated picture: {error}");
        return Ok(());
    }
    let uploads = Uploads::private(click.attachment_size_limit);
    let answer = match result {
        Ok(animation) if uploads.fits(&animation) => {
            serenity::CreateInteractionResponseFollowup::new()
                .content(format!("Game {game}, from the deal to the end."))
                .ephemeral(true)
                .add_file(gif_attachment(game, animation))
        }
        Ok(animation) => private_followup(&Post::text(format!(
            "The animated picture of game {game} has {:.1} MiB, more than the {:.1} MiB Discord \
             takes here, so it was not sent. Step through the game with the buttons instead.",
            mebibytes(animation.bytes.len() as u64),
            mebibytes(uploads.limit)
        ))),
        Err(error) => private_followup(&Post::text(explain(&error))),
    };
    answer
        .execute(&ctx.http, (None, click.token.as_str()))
        .await?;
    Ok(())
}

/// Bytes in mebibytes, as Discord states its limits ("10 MiB").
fn mebibytes(bytes: u64) -> f64 {
    bytes as f64 / (1024.0 * 1024.0)
}

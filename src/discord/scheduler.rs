//! The scheduler loop: asks the table what is due (reminders, daily puzzle posts) and posts it, and has
//! today's and tomorrow's puzzles made ahead. What was sent lives in the database, so a restart neither
//! repeats nor loses the schedule: a daily post an earlier process may have made before it stopped is
//! looked for in its channel before it is sent (see [`crate::table::daily::DuePost::left_claimed_at`]).

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::channel_history::made_since;
use super::channel_post::{PostNonce, post};
use super::messages::channel_message;
use super::shutdown::WorkGate;
use crate::table::Table;
use crate::table::daily::{Delivery, DuePost};

/// Starts the loop; it runs until aborted or `gate` closes. Each round holds a pass from `gate`, so a
/// stop waits for the round under way instead of cutting it between a post and its record. `bot` is
/// the bot's own user, the author of its posts.
pub fn spawn(
    http: Arc<serenity::Http>,
    bot: serenity::UserId,
    table: Arc<Table>,
    every: Duration,
    gate: Arc<WorkGate>,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(every);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            let Some(_round) = gate.enter() else {
                break;
            };
            send_reminders(&http, &table).await;
            send_daily_posts(&http, bot, &table).await;
            prepare_daily(&table).await;
        }
    })
}

/// Runs blocking table work off the async threads; `None` (logged) if it failed.
async fn off_thread<T: Send + 'static, E: std::fmt::Display + Send + 'static>(
    what: &str,
    work: impl FnOnce() -> Result<T, E> + Send + 'static,
) -> Option<T> {
    match tokio::task::spawn_blocking(work).await {
        Ok(Ok(value)) => Some(value),
        Ok(Err(e)) => {
            tracing::warn!("{what}: {e}");
            None
        }
        Err(e) => {
            tracing::error!("{what} task failed: {e}");
            None
        }
    }
}

/// Makes today's and tomorrow's daily puzzles ahead, off the async threads.
async fn prepare_daily(table: &Arc<Table>) {
    let table = Arc::clone(table);
    off_thread("daily puzzles ahead", move || {
        table.prepare_daily(table.clock().now());
        Ok::<(), std::convert::Infallible>(())
    })
    .await;
}

async fn send_reminders(http: &Arc<serenity::Http>, table: &Arc<Table>) {
    let table = Arc::clone(table);
    let Some(due) = off_thread("reminders", move || {
        table.reminders_due(table.clock().now())
    })
    .await
    else {
        return;
    };
    for notice in due {
        // Terminal games share no channel with Discord; their notices have nowhere to go.
        let Some(channel) = notice.channel.parse::<u64>().ok().filter(|&c| c != 0) else {
            continue;
        };
        let sent = post(
            http,
            serenity::ChannelId::new(channel),
            channel_message(&notice.post),
            &PostNonce::fresh(),
        )
        .await;
        if let Err(e) = sent {
            tracing::warn!(channel, "could not post a reminder: {e}");
        }
    }
}

async fn send_daily_posts(http: &Arc<serenity::Http>, bot: serenity::UserId, table: &Arc<Table>) {
    let due_table = Arc::clone(table);
    let Some(due) = off_thread("daily posts", move || {
        due_table.daily_posts_due(due_table.clock().now())
    })
    .await
    else {
        return;
    };
    for due_post in due {
        let delivery = match due_post.channel.parse::<u64>().ok().filter(|&c| c != 0) {
            Some(channel) => send_daily_post(http, bot, channel, &due_post).await,
            None => Delivery::Refused,
        };
        record(table, due_post, delivery).await;
    }
}

/// Sends one daily post, unless it is one an earlier process may have made and the channel shows it
/// was: then it counts as sent.
async fn send_daily_post(
    http: &serenity::Http,
    bot: serenity::UserId,
    channel: u64,
    due_post: &DuePost,
) -> Delivery {
    let channel_id = serenity::ChannelId::new(channel);
    if let Some(claimed_at) = due_post.left_claimed_at {
        let made = made_since(http, channel_id, bot, claimed_at, |content| {
            due_post.is_made_as(content)
        })
        .await;
        match made {
            Ok(true) => {
                tracing::info!(channel, "the daily post left claimed was made already");
                return Delivery::Sent;
            }
            Ok(false) => {
                tracing::info!(channel, "sending the daily post left claimed, not made yet");
            }
            Err(e) => {
                tracing::warn!(
                    channel,
                    "not sending the daily post left claimed, as it may have been made: {e}"
                );
                return Delivery::Unknown;
            }
        }
    }
    let sent = post(
        http,
        channel_id,
        channel_message(&due_post.post),
        &PostNonce::daily(channel, due_post.day.0),
    )
    .await;
    if let Err(e) = &sent {
        tracing::warn!(channel, "could not post the daily puzzle: {e}");
    }
    delivery_of(sent.as_ref().map(|_| ()))
}

async fn record(table: &Arc<Table>, post: DuePost, delivery: Delivery) {
    let table = Arc::clone(table);
    off_thread("recording a daily post", move || {
        table.daily_post_delivered(&post, delivery, table.clock().now())
    })
    .await;
}

/// Whether a failed send certainly posted nothing (Discord answered with a client error, or serenity
/// refused the message before sending it) or might have posted it.
fn delivery_of(sent: Result<(), &serenity::Error>) -> Delivery {
    match sent {
        Ok(()) => Delivery::Sent,
        Err(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)))
            if response.status_code.is_client_error() =>
        {
            Delivery::Refused
        }
        Err(serenity::Error::Model(_)) => Delivery::Refused,
        Err(_) => Delivery::Unknown,
    }
}

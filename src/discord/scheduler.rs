//! The reminder loop: asks the table what is due and posts it. What was sent lives in SQLite, so a
//! restart neither repeats nor loses the schedule.

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::messages::channel_message;
use crate::store::now;
use crate::table::Table;

/// Starts the loop; it runs until aborted.
pub fn spawn(
    http: Arc<serenity::Http>,
    table: Arc<Table>,
    every: Duration,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(every);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            let table = Arc::clone(&table);
            let due = match tokio::task::spawn_blocking(move || table.reminders_due(now())).await {
                Ok(Ok(due)) => due,
                Ok(Err(e)) => {
                    tracing::warn!("reminders: {e}");
                    continue;
                }
                Err(e) => {
                    tracing::error!("reminders task failed: {e}");
                    continue;
                }
            };
            for notice in due {
                // Terminal games share no channel with Discord; their notices have nowhere to go.
                let Some(channel) = notice.channel.parse::<u64>().ok().filter(|&c| c != 0) else {
                    continue;
                };
                let sent = serenity::ChannelId::new(channel)
                    .send_message(&http, channel_message(&notice.post))
                    .await;
                if let Err(e) = sent {
                    tracing::warn!(channel, "could not post a reminder: {e}");
                }
            }
        }
    })
}

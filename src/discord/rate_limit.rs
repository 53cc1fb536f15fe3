//! Channel posts that survive Discord's rate limits.
//!
//! With Discord reached directly, serenity's own rate limiter waits out a 429 and sends again, so a
//! post never fails for it. With `api_url` set (a proxy, or the fake Discord of the tests) the limiter
//! has to be off: serenity 0.12.5's `Ratelimiter::perform` builds every request with no proxy (the
//! `None` passed to `Request::build` in `http/ratelimiting.rs`), so with the limiter on each request
//! would bypass the proxy and go to discord.com. Then a 429 comes back to us as an error, and a
//! reminder or daily post would be lost; [`send_message`] tries again instead. Serenity keeps neither
//! the `Retry-After` header nor the body's `retry_after` in its error, so the waits are our own:
//! [`FIRST_WAIT`], doubled each time, [`RETRIES`] times.

use std::time::Duration;

use poise::serenity_prelude as serenity;

/// The wait before the first retry (Discord's per-route windows last about a second or a few).
const FIRST_WAIT: Duration = Duration::from_millis(500);
/// How often a post refused with 429 is tried again (waits of 0.5, 1, 2, 4 and 8 s).
const RETRIES: u32 = 5;

/// Posts `message` in `channel`, trying again after a 429 Too Many Requests.
pub async fn send_message(
    http: &serenity::Http,
    channel: serenity::ChannelId,
    message: serenity::CreateMessage,
) -> Result<serenity::Message, serenity::Error> {
    let mut wait = FIRST_WAIT;
    for _ in 0..RETRIES {
        match channel.send_message(http, message.clone()).await {
            Err(error) if is_rate_limited(&error) => {
                tracing::warn!(%channel, "rate limited; posting again in {wait:?}");
                tokio::time::sleep(wait).await;
                wait *= 2;
            }
            other => return other,
        }
    }
    channel.send_message(http, message).await
}

/// Whether Discord answered 429 Too Many Requests.
fn is_rate_limited(error: &serenity::Error) -> bool {
    matches!(
        error,
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response))
            if response.status_code.as_u16() == 429
    )
}

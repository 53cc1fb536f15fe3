//! Channel posts made exactly once, even when Discord fails or the connection breaks.
//!
//! Rate limits are not handled here. Reached directly, Discord's 429s are waited out by serenity's own
//! rate limiter, which reads `Retry-After` and the `X-RateLimit-*` headers and sends again; with
//! `api_url` set, the rate-limiting proxy there does the same (see [`super::config::Config::api_url`]).
//!
//! What is handled here is a post whose fate is unknown: Discord answered with a server error, or the
//! connection broke after the request went out. The message may have been made, so sending it again
//! blindly could post it twice. Every post therefore carries a nonce with `enforce_nonce`: Discord then
//! checks the nonce against the author's messages of the past few minutes and, when it finds one,
//! returns that message instead of making a second
//! (<https://discord.com/developers/docs/resources/message#create-message>, `nonce` and
//! `enforce_nonce`). A post is sent again with the same nonce after [`RETRY_WAITS`], well inside that
//! window, so it appears once whatever failed.

use std::time::Duration;

use poise::serenity_prelude as serenity;

use crate::rng::{fresh_seed, seed_of};

/// The waits before each new try of a post whose fate is unknown (4 tries in all, about 7 s).
const RETRY_WAITS: [Duration; 3] = [
    Duration::from_secs(1),
    Duration::from_secs(2),
    Duration::from_secs(4),
];

/// Tells one post apart from every other for Discord's de-duplication (at most 25 characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PostNonce(String);

impl PostNonce {
    /// A nonce for a post made once, such as a move's announcement or a reminder.
    pub fn fresh() -> Self {
        Self(format!("{:016x}", fresh_seed()))
    }

    /// The nonce of the daily post in `channel` on `day`: the same on every try, so a try after one
    /// whose fate was unknown never posts the puzzle a second time.
    pub fn daily(channel: u64, day: i64) -> Self {
        Self(format!("{:016x}", seed_of(&[channel, day as u64])))
    }
}

/// Posts `message` in `channel` once: tries again with the same `nonce` after a server error or a
/// broken connection, at most [`RETRY_WAITS`]`.len()` times. A refusal (4xx) is not tried again.
pub async fn post(
    http: &serenity::Http,
    channel: serenity::ChannelId,
    message: serenity::CreateMessage,
    nonce: &PostNonce,
) -> Result<serenity::Message, serenity::Error> {
    let message = message
        .nonce(serenity::Nonce::String(nonce.0.clone()))
        .enforce_nonce(true);
    for wait in RETRY_WAITS {
        match channel.send_message(http, message.clone()).await {
            Err(error) if fate_unknown(&error) => {
                tracing::warn!(%channel, "posting failed ({error}); trying again in {wait:?}");
                tokio::time::sleep(wait).await;
            }
            done => return done,
        }
    }
    channel.send_message(http, message).await
}

/// Whether a failed post may have been made all the same: Discord had an error of its own, or the
/// request went out and no answer came back.
fn fate_unknown(error: &serenity::Error) -> bool {
    match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) => {
            response.status_code.is_server_error()
        }
        serenity::Error::Http(serenity::HttpError::Request(_)) => true,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nonces_fit_discords_limit_and_the_daily_one_is_stable() {
        let daily = PostNonce::daily(u64::MAX, 30_000);
        assert!(daily.0.len() <= 25, "{daily:?}");
        assert_eq!(daily, PostNonce::daily(u64::MAX, 30_000));
        assert_ne!(daily, PostNonce::daily(u64::MAX, 30_001));
        assert_ne!(daily, PostNonce::daily(u64::MAX - 1, 30_000));
        assert_ne!(PostNonce::fresh(), PostNonce::fresh());
    }
}

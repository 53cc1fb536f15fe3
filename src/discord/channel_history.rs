//! Finding a post of the bot's own in a channel's history, so that a post which may have been made
//! by a process that stopped before recording it is sent again only if it is not there.
//!
//! Discord lists a channel's messages with `GET /channels/{id}/messages`
//! (<https://discord.com/developers/docs/resources/message#get-channel-messages>): at most 100 a
//! request (`limit`, 1 to 100), those after a message id when `after` is given. The bot reads the
//! messages made since a moment by paging with `after` (a snowflake made from the moment, as
//! Discord's ids begin with their time: <https://discord.com/developers/docs/reference#snowflakes>),
//! whatever order each page comes in. It needs Read Message History there: without it Discord
//! returns no messages, and only the post's nonce keeps it from being made twice.
//!
//! The nonce a post was made with is no help here: Discord shows it only in the create response and
//! the gateway's Message Create event. Its content is: a bot always gets the content of its own
//! messages (<https://discord.com/developers/docs/events/gateway#message-content-intent>).

use poise::serenity_prelude as serenity;

/// Discord's epoch (2015-01-01T00:00:00Z) in Unix milliseconds: a snowflake's time counts from it.
const DISCORD_EPOCH_MS: i64 = 1_420_070_400_000;

/// How far before the moment given the search begins, so that a clock of ours ahead of Discord's
/// cannot hide a post.
const CLOCK_MARGIN_SECS: i64 = 600;

/// Messages per request: Discord's most.
const PAGE: u8 = 100;

/// The most requests one search makes: a channel with more messages than that since the moment is
/// not searched to its end.
const MAX_PAGES: usize = 50;

/// Why a search could not say whether the post is there.
#[derive(Debug, thiserror::Error)]
pub enum SearchError {
    /// Discord did not list the messages.
    #[error("could not read the channel's messages: {0}")]
    Discord(#[from] serenity::Error),
    /// More messages than a search reads were made since the moment.
    #[error("more than {} messages since the post was claimed; not read to the end", MAX_PAGES * PAGE as usize)]
    TooMany,
}

/// Whether `channel` holds a message by `author` made at or after `since` (Unix seconds, less
/// [`CLOCK_MARGIN_SECS`]) whose content `is_it` recognises.
pub async fn made_since(
    http: &serenity::Http,
    channel: serenity::ChannelId,
    author: serenity::UserId,
    since: i64,
    is_it: impl Fn(&str) -> bool,
) -> Result<bool, SearchError> {
    let mut after = snowflake_at(since - CLOCK_MARGIN_SECS);
    for _ in 0..MAX_PAGES {
        let filter = serenity::GetMessages::new()
            .after(serenity::MessageId::new(after))
            .limit(PAGE);
        let page = channel.messages(http, filter).await?;
        if page
            .iter()
            .any(|message| message.author.id == author && is_it(&message.content))
        {
            return Ok(true);
        }
        if page.len() < usize::from(PAGE) {
            return Ok(false);
        }
        after = page.iter().map(|m| m.id.get()).max().unwrap_or(after);
    }
    Err(SearchError::TooMany)
}

/// The smallest snowflake of Unix second `at` (1 for moments before Discord's epoch).
fn snowflake_at(at: i64) -> u64 {
    let since_epoch = at.saturating_mul(1000) - DISCORD_EPOCH_MS;
    u64::try_from(since_epoch).map_or(1, |ms| (ms << 22).max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_snowflake_begins_with_its_time() {
        // Discord's own example: 175928847299117063 was made at 1462015105796 ms.
        let example: u64 = 175_928_847_299_117_063;
        let at = snowflake_at(1_462_015_105);
        assert!(at <= example && example - at < 1000 << 22);
        assert_eq!(snowflake_at(0), 1);
    }
}

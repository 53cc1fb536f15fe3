//! A channel's history as Discord lists it: `GET /channels/{channel.id}/messages`
//! (<https://discord.com/developers/docs/resources/message#get-channel-messages>).
//!
//! What the documentation says, and the fake does:
//!
//! - Query string params `around`, `before` and `after` (snowflakes) are mutually exclusive ("only
//!   one may be passed at a time"); `limit` is 1 to 100 and 50 when absent. A request breaking these
//!   is refused with 400 Invalid Form Body and recorded as unexpected, and so is a parameter the
//!   documentation does not list.
//! - The answer is an array of message objects. Which messages and in what order the documentation
//!   does not say; the fake answers as Discord does: the `limit` messages right after `after`, right
//!   before `before`, around `around` (half before it, itself included, half after), or the newest,
//!   newest first in every case.
//! - A message's `nonce` is not in it: the documentation shows the nonce in the create response and
//!   the Message Create event only ("Value will appear in the Message Create event"), so a bot must
//!   not count on it here.
//!
//! A channel's history holds every message anyone can see there: the bot's channel posts (as last
//! edited, unless deleted: see `fake_edits.rs`), its interaction responses and follow-ups that are
//! not ephemeral, and what members said ([`super::FakeDiscord::member_says`]). The bot has Read
//! Message History in every channel of the fake, so the history is never withheld.

use std::collections::HashMap;

use serde_json::{Value, json};

use super::{FakeUser, Refusal, Response, State, invalid_form, snowflake_of};

/// Discord's bounds on `limit`, and the limit when none is given.
const LIMIT: std::ops::RangeInclusive<usize> = 1..=100;
const DEFAULT_LIMIT: usize = 50;

/// Messages members posted, by channel.
#[derive(Default)]
pub(super) struct MemberMessages(HashMap<u64, Vec<Value>>);

impl MemberMessages {
    /// Records `user`'s message `content` in `channel` as message `id`.
    pub(super) fn add(&mut self, channel: u64, id: u64, user: &FakeUser, content: &str) {
        let message = super::plain_message(id, channel, user.user_object(), content);
        self.0.entry(channel).or_default().push(message);
    }
}

/// Where a listing starts, from the query string.
enum Anchor {
    Newest,
    Around(u64),
    Before(u64),
    After(u64),
}

/// Answers `GET /channels/{channel}/messages?{query}`.
pub(super) fn list(
    st: &State,
    channel: u64,
    query: &[(String, String)],
) -> Result<Response, Refusal> {
    let (anchor, limit) = parse_query(query)?;
    let mut messages = history(st, channel);
    messages.sort_by_key(|(id, _)| *id);
    let ids: Vec<u64> = messages.iter().map(|(id, _)| *id).collect();
    let range = match anchor {
        Anchor::Newest => ids.len().saturating_sub(limit)..ids.len(),
        Anchor::Before(id) => {
            let end = ids.partition_point(|&m| m < id);
            end.saturating_sub(limit)..end
        }
        Anchor::After(id) => {
            let start = ids.partition_point(|&m| m <= id);
            start..(start + limit).min(ids.len())
        }
        Anchor::Around(id) => {
            let middle = ids.partition_point(|&m| m <= id);
            let start = middle.saturating_sub(limit.div_ceil(2));
            start..(start + limit).min(ids.len())
        }
    };
    let page: Vec<Value> = messages[range]
        .iter()
        .rev()
        .map(|(_, message)| message.clone())
        .collect();
    Ok(Response::json(json!(page)))
}

/// Every message anyone can see in `channel` as it now looks, with its id, in no order; without
/// nonces.
fn history(st: &State, channel: u64) -> Vec<(u64, Value)> {
    let posts = st
        .channels
        .get(&channel)
        .into_iter()
        .flatten()
        .filter_map(|sent| {
            let id = snowflake_of(&sent.message["id"])?;
            (!st.edits.deleted(id)).then(|| st.edits.current(id, sent))
        });
    let answers = st
        .interactions
        .values()
        .filter(|log| log.channel == channel)
        .flat_map(|log| log.reply.iter().chain(&log.followups))
        .filter(|sent| !sent.ephemeral);
    let said = st.member_messages.0.get(&channel).into_iter().flatten();
    posts
        .chain(answers)
        .map(|sent| &sent.message)
        .chain(said)
        .filter_map(|message| {
            let id = snowflake_of(&message["id"])?;
            let mut shown = message.clone();
            if let Some(fields) = shown.as_object_mut() {
                fields.remove("nonce");
            }
            Some((id, shown))
        })
        .collect()
}

/// The anchor and limit a query asks for, or why Discord would refuse it.
fn parse_query(query: &[(String, String)]) -> Result<(Anchor, usize), Refusal> {
    let mut anchor = Anchor::Newest;
    let mut anchors = 0;
    let mut limit = DEFAULT_LIMIT;
    for (key, value) in query {
        let snowflake = || {
            value
                .parse::<u64>()
                .map_err(|_| invalid_form(format!("{key}={value:?} is not a snowflake")))
        };
        match key.as_str() {
            "around" => anchor = Anchor::Around(snowflake()?),
            "before" => anchor = Anchor::Before(snowflake()?),
            "after" => anchor = Anchor::After(snowflake()?),
            "limit" => {
                limit = value
                    .parse::<usize>()
                    .ok()
                    .filter(|n| LIMIT.contains(n))
                    .ok_or_else(|| {
                        invalid_form(format!("limit={value:?} is not an integer from 1 to 100"))
                    })?;
                continue;
            }
            _ => {
                return Err(invalid_form(format!(
                    "{key} is not a query parameter of Get Channel Messages"
                )));
            }
        }
        anchors += 1;
    }
    if anchors > 1 {
        return Err(invalid_form(format!(
            "{query:?}: around, before and after are mutually exclusive"
        )));
    }
    Ok((anchor, limit))
}

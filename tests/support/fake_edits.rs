//! Edits of the bot's channel messages: `PATCH /channels/{channel.id}/messages/{message.id}`
//! (<https://discord.com/developers/docs/resources/message#edit-message>).
//!
//! As Discord documents it, and the fake does:
//!
//! - Only the fields sent change: `content`, `components`, `flags`; `attachments` lists what the
//!   message keeps (an existing attachment by id, a new file by its index), so a list with only the
//!   new picture replaces the old one. The answer is the message as it now is, with
//!   `edited_timestamp` set.
//! - An edit of a message that does not exist, or no longer does (deleted:
//!   [`FakeDiscord::delete_message`]), is answered 404 with JSON error 10008, "Unknown Message"
//!   (<https://discord.com/developers/docs/topics/opcodes-and-status-codes#json>). The bot is meant
//!   to cope, so it is not recorded as unexpected.
//! - An edit notifies nobody ([`super::Sent::notifying`]); the fake keeps each message's edits in
//!   order ([`FakeDiscord::message_edits`]), with the message as it looked after each.
//!
//! Edits are rate-limited like every route (`fake_rate_limits.rs`): their bucket is
//! `PATCH /channels/{major}/messages/{id}`, one per channel.

use std::collections::{HashMap, HashSet};
use std::time::Duration;

use serde_json::Value;

use super::{
    FakeDiscord, Files, Refusal, Response, Sent, State, check_message, message_object, snowflake_of,
};

/// Discord's JSON error code for a message that does not exist.
const UNKNOWN_MESSAGE: u64 = 10008;

/// The edits of the bot's channel messages, and the messages deleted.
#[derive(Default)]
pub(super) struct Edits {
    /// Each edited message's edits, in order.
    by_message: HashMap<u64, Vec<Sent>>,
    /// Messages deleted by the test.
    deleted: HashSet<u64>,
}

impl Edits {
    /// Whether `message` was deleted.
    pub(super) fn deleted(&self, message: u64) -> bool {
        self.deleted.contains(&message)
    }

    /// `message` as it now looks (`posted` is how it was posted).
    pub(super) fn current<'a>(&'a self, message: u64, posted: &'a Sent) -> &'a Sent {
        self.by_message
            .get(&message)
            .and_then(|edits| edits.last())
            .unwrap_or(posted)
    }

    /// Every edit of the messages of `channel`.
    pub(super) fn in_channel(&self, channel: u64) -> impl Iterator<Item = &Sent> {
        self.by_message
            .values()
            .flatten()
            .filter(move |sent| snowflake_of(&sent.message["channel_id"]) == Some(channel))
    }
}

/// Answers `PATCH /channels/{channel}/messages/{message}`.
pub(super) fn edit(
    st: &mut State,
    channel: u64,
    message: u64,
    body: Value,
    files: Files,
) -> Result<Response, Refusal> {
    check_message(&body, &files)?;
    let posted = st
        .channels
        .get(&channel)
        .into_iter()
        .flatten()
        .find(|sent| snowflake_of(&sent.message["id"]) == Some(message))
        .filter(|_| !st.edits.deleted(message));
    let Some(posted) = posted else {
        return Ok(Response::error(404, UNKNOWN_MESSAGE, "Unknown Message"));
    };
    let before = st.edits.current(message, posted).message.clone();
    let mut edited = message_object(Some(&before), &body, message, channel, &files);
    if !files.is_empty() || body["attachments"].is_array() {
        let first_id = st.snowflake();
        edited["attachments"] =
            super::attachments(&before["attachments"], &body, &files, channel, first_id);
    }
    let sent = Sent::new(None, body.clone(), &body, edited.clone(), files);
    st.edits.by_message.entry(message).or_default().push(sent);
    Ok(Response::json(edited))
}

impl FakeDiscord {
    /// The edits of the bot's channel message `message`, in order, each with the message as it then
    /// looked.
    pub fn message_edits(&self, message: &Sent) -> Vec<Sent> {
        let id = snowflake_of(&message.message["id"]).expect("a channel message has an id");
        self.shared
            .lock()
            .edits
            .by_message
            .get(&id)
            .cloned()
            .unwrap_or_default()
    }

    /// Waits until the bot's channel message `message` has been edited at least `count` times and
    /// returns its edits.
    pub async fn wait_message_edits(
        &self,
        message: &Sent,
        count: usize,
        timeout: Duration,
    ) -> Vec<Sent> {
        let id = snowflake_of(&message.message["id"]).expect("a channel message has an id");
        self.wait_for(timeout, &format!("{count} edits of message {id}"), |st| {
            let edits = st.edits.by_message.get(&id)?;
            (edits.len() >= count).then(|| edits.clone())
        })
        .await
    }

    /// Waits until the bot's channel message `message` shows a content that `done` accepts (posted
    /// so, or edited so) and returns it as it then looked.
    pub async fn wait_message_showing(
        &self,
        message: &Sent,
        timeout: Duration,
        done: impl Fn(&str) -> bool,
    ) -> Sent {
        let id = snowflake_of(&message.message["id"]).expect("a channel message has an id");
        self.wait_for(
            timeout,
            &format!("message {id} to show what is awaited"),
            |st| {
                let current = st.edits.current(id, message);
                done(&current.content).then(|| current.clone())
            },
        )
        .await
    }

    /// Deletes the bot's channel message `message`, as a moderator would: its edits are then
    /// refused with 404 Unknown Message.
    pub fn delete_message(&self, message: &Sent) {
        let id = snowflake_of(&message.message["id"]).expect("a channel message has an id");
        self.shared.lock().edits.deleted.insert(id);
    }
}

//! Threads in the fake guilds: channels of type 11 (public thread) inside a parent channel, which
//! can be archived and locked.
//!
//! As Discord documents it:
//! - An interaction from a thread carries the partial thread as `channel`, with `type` 11,
//!   `parent_id` and `thread_metadata`; its `channel_id` is the thread's
//!   (<https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object>,
//!   <https://discord.com/developers/docs/resources/channel#thread-metadata-object>).
//! - Sending a message to an archived thread that is not locked unarchives it
//!   (<https://discord.com/developers/docs/topics/threads>: archived threads "can be unarchived by
//!   sending a message"); "when a thread is locked, only users with MANAGE_THREADS can unarchive
//!   it", which the bot does not have (see `perms::BOT`), so a post there is refused with
//!   JSON error 50083, "Operation cannot be performed on an archived thread"
//!   (<https://discord.com/developers/docs/topics/opcodes-and-status-codes#json>).
//!
//! Interaction responses in a locked thread are answered as elsewhere: what Discord does with them
//! is not documented (<https://github.com/discord/discord-api-docs/issues/5517> reports a refusal
//! as a bug).

use std::collections::HashMap;

use serde_json::{Value, json};

use super::{FakeDiscord, Refusal, Response, State, timestamp};

/// The channel type of a public thread.
const PUBLIC_THREAD: u8 = 11;
/// Discord's JSON error code for an action on an archived thread.
const ARCHIVED_THREAD: u64 = 50083;

/// A thread the test opened.
#[derive(Clone, Debug)]
pub struct Thread {
    /// The channel the thread belongs to.
    pub parent: u64,
    /// Whether the thread is archived.
    pub archived: bool,
    /// Whether only members with Manage Threads may unarchive it.
    pub locked: bool,
}

/// The threads of the fake guilds, by id.
pub(super) type Threads = HashMap<u64, Thread>;

impl FakeDiscord {
    /// Opens a public thread `thread` in channel `parent`: interactions in `thread` then come from a
    /// thread of `parent`.
    pub fn open_thread(&self, thread: u64, parent: u64) {
        let opened = Thread {
            parent,
            archived: false,
            locked: false,
        };
        self.shared.lock().threads.insert(thread, opened);
    }

    /// Archives a thread opened with [`Self::open_thread`], and locks it if `locked`.
    pub fn archive_thread(&self, thread: u64, locked: bool) {
        let mut st = self.shared.lock();
        let Some(found) = st.threads.get_mut(&thread) else {
            panic!("fake Discord: no thread {thread} was opened")
        };
        found.archived = true;
        found.locked = locked;
    }

    /// A thread as it is now.
    pub fn thread(&self, thread: u64) -> Thread {
        match self.shared.lock().threads.get(&thread) {
            Some(found) => found.clone(),
            None => panic!("fake Discord: no thread {thread} was opened"),
        }
    }
}

/// The partial channel an interaction in `channel` carries: the thread if it is one, else a text
/// channel (type 0).
pub(super) fn channel_object(st: &State, channel: u64, guild: u64, permissions: &str) -> Value {
    let mut object = json!({
        "id": channel.to_string(),
        "type": 0,
        "name": format!("channel-{channel}"),
        "guild_id": guild.to_string(),
        "permissions": permissions,
    });
    if let Some(thread) = st.threads.get(&channel) {
        object["type"] = json!(PUBLIC_THREAD);
        object["name"] = json!(format!("thread-{channel}"));
        object["parent_id"] = json!(thread.parent.to_string());
        object["thread_metadata"] = json!({
            "archived": thread.archived,
            "auto_archive_duration": 1440,
            "archive_timestamp": timestamp(),
            "locked": thread.locked,
        });
    }
    object
}

/// Lets a message be posted in `channel`: unarchives an archived thread, refuses a locked one.
pub(super) fn admit_post(st: &mut State, channel: u64) -> Result<(), Refusal> {
    let Some(thread) = st.threads.get_mut(&channel) else {
        return Ok(());
    };
    if thread.archived && thread.locked {
        return Err((
            Response::error(
                400,
                ARCHIVED_THREAD,
                "Operation cannot be performed on an archived thread.",
            ),
            format!("post in the locked, archived thread {channel}"),
        ));
    }
    thread.archived = false;
    Ok(())
}

//! One public message per turn: the post that begins a turn is a new channel message (pinging who
//! must act), and every later step of that turn edits it in place, pinging nobody
//! (<https://discord.com/developers/docs/resources/message#edit-message>: an edit replaces the
//! content, the components and, with `attachments`, the files; `allowed_mentions` empty pings
//! nobody).
//!
//! **Which message is a turn's** is kept in memory, per channel, for the turn under way (and, while
//! their last edits are sent, the turns just before it). That is enough: what is lost with a restart
//! is only where the turn's message is, and the turn's next step then posts a new message with the
//! whole turn so far, pinging nobody, which every later step edits. So is a message someone deleted
//! (Discord answers its edit with 404 Unknown Message, code 10008). Storing the id would spare one
//! message per restart at the cost of a write per turn; not worth it.
//!
//! **Order.** A command's reply is delivered after the table has released the channel, so replies of
//! one channel may be delivered out of order: the next step's edit may come before the post that
//! began its turn has been made, or before the step before it. Every reply carries the game's
//! version ([`TurnMessage::version`]); a turn keeps only the newest state handed over, so an older
//! one coming late is dropped. An edit whose turn is not known yet waits, instead of posting a second
//! message, until every command that was under way in the channel when it came has been delivered
//! (each command holds a [`Ticket`] from before it enters the table's queue): the post that began
//! its turn, if this process made it, is among them.
//!
//! **Rate limits.** Each turn's edits are sent one at a time by one task, in order. While an edit
//! waits for Discord (serenity's rate limiter waits out 429s and spent buckets, see
//! [`super::channel_post`]), newer states replace the one pending, so a fast player's steps are
//! coalesced and the last state always lands. The caller's private answer never waits for an edit;
//! an edit Discord refuses is logged.
//!
//! **Limits.** A stop waits for the edits being sent ([`super::shutdown`], for at most its bound);
//! what it cuts short, the turn's next step after the restart posts anew. Posts the scheduler makes
//! (a turn begun by skipping an absent player) are not known as turn messages either, with the same
//! outcome. Each channel keeps an entry of a few words once used.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::channel_post::{self, PostNonce};
use super::messages::{channel_message, parts};
use super::shutdown::{WorkGate, WorkPass};
use super::turn_slots::{Channel, Target, TurnKey, key_of};
use crate::table::{Post, TurnMessage};

/// The waits before each new try of an edit that failed on Discord's side or on the way (429s met
/// without serenity's rate limiter, behind a proxy, included); edits can be sent again safely.
const RETRY_WAITS: [Duration; 3] = [
    Duration::from_secs(1),
    Duration::from_secs(2),
    Duration::from_secs(4),
];

/// Discord's JSON error code for a message that does not exist (deleted, say)
/// (<https://discord.com/developers/docs/topics/opcodes-and-status-codes#json>).
const UNKNOWN_MESSAGE: isize = 10008;

/// The turn messages of every channel, and the commands under way there.
pub struct TurnMessages {
    http: Arc<serenity::Http>,
    /// What a stop waits for: each sender holds a pass.
    gate: Arc<WorkGate>,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    /// The last ticket handed out.
    tickets: u64,
    channels: HashMap<serenity::ChannelId, Channel>,
}

/// A command under way in a channel, from before it enters the table's queue until its reply is
/// delivered (or it is dropped).
pub struct Ticket {
    messages: Arc<TurnMessages>,
    channel: serenity::ChannelId,
    id: u64,
}

/// The post beginning a turn, being made: its message becomes the turn's (see
/// [`FreshPost::posted`]); dropped without one, the turn's message is not known.
pub struct FreshPost {
    messages: Arc<TurnMessages>,
    channel: serenity::ChannelId,
    key: TurnKey,
    message: Option<serenity::MessageId>,
}

impl TurnMessages {
    /// No turn messages known yet; posts and edits go through `http`, and a stop through `gate`
    /// waits for the edits being sent.
    pub fn new(http: Arc<serenity::Http>, gate: Arc<WorkGate>) -> Self {
        TurnMessages {
            http,
            gate,
            state: Mutex::new(State::default()),
        }
    }

    /// A ticket for a command about to enter `channel`'s queue.
    pub fn ticket(self: &Arc<Self>, channel: serenity::ChannelId) -> Ticket {
        let mut state = self.lock();
        state.tickets += 1;
        let id = state.tickets;
        state.channels.entry(channel).or_default().start(id);
        Ticket {
            messages: Arc::clone(self),
            channel,
            id,
        }
    }

    /// Changes `channel`'s bookkeeping with `change`, then starts a sender for each turn it says
    /// is ready.
    fn update<R: IntoIterator<Item = TurnKey>>(
        self: &Arc<Self>,
        channel: serenity::ChannelId,
        change: impl FnOnce(&mut Channel) -> R,
    ) {
        let ready: Vec<TurnKey> = self.with(channel, change).into_iter().collect();
        for key in ready {
            let pass = self.gate.hold();
            tokio::spawn(Arc::clone(self).send_edits(channel, key, pass));
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // Nothing panics while holding the lock; keep going if something did.
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Runs `change` on `channel`'s bookkeeping.
    fn with<R>(&self, channel: serenity::ChannelId, change: impl FnOnce(&mut Channel) -> R) -> R {
        change(self.lock().channels.entry(channel).or_default())
    }

    /// Sends turn `key`'s pending states one at a time, the newest each time, until none is left
    /// (or the turn's message is being posted).
    async fn send_edits(
        self: Arc<Self>,
        channel: serenity::ChannelId,
        key: TurnKey,
        _pass: WorkPass,
    ) {
        let mut failures = 0;
        loop {
            let next = self.with(channel, |c| c.next_edit(key));
            let Some((target, post)) = next else {
                return;
            };
            let Target::Known(message) = target else {
                self.post_anew(channel, key, &post).await;
                continue;
            };
            let Err(error) = channel
                .edit_message(&*self.http, message, edit_of(&post))
                .await
            else {
                failures = 0;
                continue;
            };
            if is_unknown_message(&error) {
                tracing::info!(%channel, "the turn message is gone; posting the turn anew");
                self.with(channel, |c| c.gone(key, message, post));
                continue;
            }
            let Some(&wait) = RETRY_WAITS.get(failures).filter(|_| worth_retrying(&error)) else {
                tracing::warn!(%channel, "a turn message could not be brought up to date: {error}");
                failures = 0;
                continue;
            };
            failures += 1;
            tracing::warn!(%channel, "editing a turn message failed ({error}); trying again in {wait:?}");
            self.with(channel, |c| c.retry(key, post));
            tokio::time::sleep(wait).await;
        }
    }

    /// Posts `post` as turn `key`'s new message, pinging nobody (a failure is logged: the post was
    /// tried again already, see [`channel_post::post`]).
    async fn post_anew(&self, channel: serenity::ChannelId, key: TurnKey, post: &Post) {
        let unpinged = Post {
            mentions: Vec::new(),
            ..post.clone()
        };
        let message = channel_message(&unpinged);
        match channel_post::post(&self.http, channel, message, &PostNonce::fresh()).await {
            Ok(made) => self.with(channel, |c| c.posted_anew(key, made.id)),
            Err(error) => tracing::warn!(%channel, "could not post a turn message anew: {error}"),
        }
    }
}

impl Ticket {
    /// The channel of the command.
    pub fn channel(&self) -> serenity::ChannelId {
        self.channel
    }

    /// Delivers the command's public post as its turn's new message: the turn's message is the one
    /// posted with the returned [`FreshPost`].
    pub fn fresh(self, turn: TurnMessage) -> FreshPost {
        self.messages.with(self.channel, |c| c.begin(turn));
        FreshPost {
            messages: Arc::clone(&self.messages),
            channel: self.channel,
            key: key_of(&turn),
            message: None,
        }
    }

    /// Delivers the command's public post as an edit of its turn's message, sent in the background.
    pub fn edit(self, turn: TurnMessage, post: Post) {
        let id = self.id;
        self.messages
            .update(self.channel, |c| c.edit(id, turn, post));
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let id = self.id;
        self.messages.update(self.channel, |c| c.finish(id));
    }
}

impl FreshPost {
    /// Notes the message made for the turn.
    pub fn posted(mut self, message: serenity::MessageId) {
        self.message = Some(message);
    }
}

impl Drop for FreshPost {
    fn drop(&mut self) {
        let (key, message) = (self.key, self.message);
        self.messages
            .update(self.channel, |c| c.settle(key, message));
    }
}

/// An edit showing `post` in place of what the message showed, pinging nobody: the text, the buttons
/// and the picture (its description included) are replaced.
fn edit_of(post: &Post) -> serenity::EditMessage {
    let parts = parts(&Post {
        mentions: Vec::new(),
        ..post.clone()
    });
    let mut attachments = serenity::EditAttachments::new();
    if let Some(picture) = parts.attachment {
        attachments = attachments.add(picture);
    }
    serenity::EditMessage::new()
        .content(parts.content)
        .components(parts.components)
        .allowed_mentions(serenity::CreateAllowedMentions::new())
        .attachments(attachments)
}

/// Whether Discord answered that the message does not exist.
fn is_unknown_message(error: &serenity::Error) -> bool {
    matches!(
        error,
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response))
            if response.error.code == UNKNOWN_MESSAGE
    )
}

/// Whether an edit that failed may succeed if sent again: Discord had an error of its own, asked to
/// wait (a 429 serenity's rate limiter did not wait out), or no answer came.
fn worth_retrying(error: &serenity::Error) -> bool {
    match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) => {
            response.status_code.is_server_error() || response.status_code.as_u16() == 429
        }
        serenity::Error::Http(serenity::HttpError::Request(_)) => true,
        _ => false,
    }
}

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

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::channel_post::{self, PostNonce};
use super::messages::{channel_message, parts};
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
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    /// The last ticket handed out.
    tickets: u64,
    channels: HashMap<serenity::ChannelId, Channel>,
}

#[derive(Default)]
struct Channel {
    /// The tickets of the commands under way here whose replies have not been delivered yet.
    under_way: Vec<u64>,
    /// The turns whose messages are known or awaited, the newest last.
    turns: Vec<Turn>,
}

/// A turn of a game: the game and how many steps its log held when the turn began.
type TurnKey = (i64, usize);

/// One turn's message.
struct Turn {
    key: TurnKey,
    target: Target,
    /// While the target is [`Target::Awaiting`]: the tickets still awaited.
    awaited: Vec<u64>,
    /// The game's version in the newest state handed over (posted, sent or pending).
    newest: i64,
    /// The newest state not sent yet.
    pending: Option<Post>,
    /// Whether a task is sending this turn's edits.
    editing: bool,
}

/// Where a turn's edits go.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Target {
    /// Not known yet: waiting for the commands under way when the first edit came ([`Turn::awaited`]).
    Awaiting,
    /// The post that begins the turn is being made.
    Posting,
    /// This message.
    Known(serenity::MessageId),
    /// Not known (a restart, a deleted message): the next state is posted as a new message.
    Lost,
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
    /// No turn messages known yet; posts and edits go through `http`.
    pub fn new(http: Arc<serenity::Http>) -> Self {
        TurnMessages {
            http,
            state: Mutex::new(State::default()),
        }
    }

    /// A ticket for a command about to enter `channel`'s queue.
    pub fn ticket(self: &Arc<Self>, channel: serenity::ChannelId) -> Ticket {
        let mut state = self.lock();
        state.tickets += 1;
        let id = state.tickets;
        state
            .channels
            .entry(channel)
            .or_default()
            .under_way
            .push(id);
        Ticket {
            messages: Arc::clone(self),
            channel,
            id,
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // Nothing panics while holding the lock; keep going if something did.
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Ends the ticket `id`: edits waiting for it may find their turn's message not known.
    fn finish(self: &Arc<Self>, channel: serenity::ChannelId, id: u64) {
        let mut state = self.lock();
        let Some(place) = state.channels.get_mut(&channel) else {
            return;
        };
        place.under_way.retain(|&t| t != id);
        let mut start = Vec::new();
        for turn in &mut place.turns {
            turn.awaited.retain(|&t| t != id);
            if turn.target == Target::Awaiting && turn.awaited.is_empty() {
                turn.target = Target::Lost;
                start.extend(turn.claim_editor());
            }
        }
        drop(state);
        for key in start {
            self.spawn_editor(channel, key);
        }
    }

    /// Hands the newest state of a turn over to be edited in (or posted, if its message is not
    /// known), unless a newer one was handed over already; `ticket` is the command's, which ends
    /// right after.
    fn edit(
        self: &Arc<Self>,
        channel: serenity::ChannelId,
        ticket: u64,
        turn: TurnMessage,
        post: Post,
    ) {
        let key = (turn.game, turn.began_at);
        let mut state = self.lock();
        let place = state.channels.entry(channel).or_default();
        let stale = place
            .turns
            .iter()
            .any(|t| t.key.0 == turn.game && t.newest >= turn.version);
        let start = match place.turns.iter_mut().find(|t| t.key == key) {
            Some(known) if known.newest < turn.version => {
                known.newest = turn.version;
                known.pending = Some(post);
                known.claim_editor()
            }
            // A state as new of the game was handed over: this one came too late to matter.
            Some(_) => None,
            None if stale => None,
            // Settled when the ticket ends, if it is the only one under way.
            None => {
                let awaited = place.under_way.iter().copied();
                let awaited = awaited.filter(|&t| t != ticket).collect();
                place.turns.push(Turn {
                    key,
                    target: Target::Awaiting,
                    awaited,
                    newest: turn.version,
                    pending: Some(post),
                    editing: false,
                });
                None
            }
        };
        drop(state);
        if let Some(key) = start {
            self.spawn_editor(channel, key);
        }
    }

    /// Notes that the post beginning `turn` is being made.
    fn begin(self: &Arc<Self>, channel: serenity::ChannelId, turn: TurnMessage) -> FreshPost {
        let key = (turn.game, turn.began_at);
        let mut state = self.lock();
        let place = state.channels.entry(channel).or_default();
        match place.turns.iter().position(|t| t.key == key) {
            Some(at) => {
                let mut known = place.turns.remove(at);
                known.target = Target::Posting;
                if known.newest <= turn.version {
                    known.newest = turn.version;
                    known.pending = None;
                }
                place.turns.push(known);
            }
            None => place.turns.push(Turn {
                key,
                target: Target::Posting,
                awaited: Vec::new(),
                newest: turn.version,
                pending: None,
                editing: false,
            }),
        }
        place.forget_idle();
        FreshPost {
            messages: Arc::clone(self),
            channel,
            key,
            message: None,
        }
    }

    /// The turn's message is `message` now (`None`: not known).
    fn settle(
        self: &Arc<Self>,
        channel: serenity::ChannelId,
        key: TurnKey,
        message: Option<serenity::MessageId>,
    ) {
        let mut state = self.lock();
        let Some(turn) = state.turn(channel, key) else {
            return;
        };
        if turn.target != Target::Posting {
            return;
        }
        turn.target = message.map_or(Target::Lost, Target::Known);
        let start = turn.claim_editor();
        drop(state);
        if let Some(key) = start {
            self.spawn_editor(channel, key);
        }
    }

    fn spawn_editor(self: &Arc<Self>, channel: serenity::ChannelId, key: TurnKey) {
        tokio::spawn(Arc::clone(self).send_edits(channel, key));
    }

    /// Sends a turn's pending states one at a time, the newest each time, until none is left (or
    /// the turn's message is being posted anew).
    async fn send_edits(self: Arc<Self>, channel: serenity::ChannelId, key: TurnKey) {
        let mut failures = 0;
        loop {
            let (target, post) = {
                let mut state = self.lock();
                let Some(turn) = state.turn(channel, key) else {
                    return;
                };
                match (turn.target, turn.pending.take()) {
                    (target @ (Target::Known(_) | Target::Lost), Some(post)) => (target, post),
                    (_, pending) => {
                        turn.pending = pending;
                        turn.editing = false;
                        if let Some(place) = state.channels.get_mut(&channel) {
                            place.forget_idle();
                        }
                        return;
                    }
                }
            };
            let failed = match target {
                Target::Known(message) => self.send_edit(channel, key, message, &post).await,
                _ => {
                    self.post_unpinged(channel, key, &post).await;
                    None
                }
            };
            let Some(error) = failed else {
                failures = 0;
                continue;
            };
            let Some(&wait) = RETRY_WAITS.get(failures).filter(|_| worth_retrying(&error)) else {
                tracing::warn!(%channel, "a turn message could not be brought up to date: {error}");
                failures = 0;
                continue;
            };
            failures += 1;
            tracing::warn!(%channel, "editing a turn message failed ({error}); trying again in {wait:?}");
            if let Some(turn) = self.lock().turn(channel, key) {
                turn.pending.get_or_insert(post);
            }
            tokio::time::sleep(wait).await;
        }
    }

    /// Edits `message` to show `post`; a message that no longer exists leaves the turn's message not
    /// known and `post` pending (unless a newer state is), to be posted anew.
    async fn send_edit(
        &self,
        channel: serenity::ChannelId,
        key: TurnKey,
        message: serenity::MessageId,
        post: &Post,
    ) -> Option<serenity::Error> {
        let error = channel
            .edit_message(&*self.http, message, edit_of(post))
            .await
            .err()?;
        if !is_unknown_message(&error) {
            return Some(error);
        }
        tracing::info!(%channel, "the turn message is gone; posting the turn anew");
        if let Some(turn) = self.lock().turn(channel, key)
            && turn.target == Target::Known(message)
        {
            turn.target = Target::Lost;
            turn.pending.get_or_insert_with(|| post.clone());
        }
        None
    }

    /// Posts `post` as the turn's new message, pinging nobody (a failure is logged: the post was
    /// tried again already, see [`channel_post::post`]).
    async fn post_unpinged(&self, channel: serenity::ChannelId, key: TurnKey, post: &Post) {
        let unpinged = Post {
            mentions: Vec::new(),
            ..post.clone()
        };
        let made = channel_post::post(
            &self.http,
            channel,
            channel_message(&unpinged),
            &PostNonce::fresh(),
        )
        .await;
        match made {
            Ok(made) => {
                if let Some(turn) = self.lock().turn(channel, key)
                    && turn.target == Target::Lost
                {
                    turn.target = Target::Known(made.id);
                }
            }
            Err(error) => tracing::warn!(%channel, "could not post a turn message anew: {error}"),
        }
    }
}

impl State {
    fn turn(&mut self, channel: serenity::ChannelId, key: TurnKey) -> Option<&mut Turn> {
        self.channels
            .get_mut(&channel)?
            .turns
            .iter_mut()
            .find(|t| t.key == key)
    }
}

impl Channel {
    /// Forgets the turns before the newest that have nothing left to send.
    fn forget_idle(&mut self) {
        let newest = self.turns.len().saturating_sub(1);
        let mut at = 0;
        self.turns.retain(|turn| {
            at += 1;
            at - 1 == newest || turn.busy()
        });
    }
}

impl Turn {
    /// Whether the turn still has something to send or wait for.
    fn busy(&self) -> bool {
        self.editing
            || self.pending.is_some()
            || matches!(self.target, Target::Awaiting | Target::Posting)
    }

    /// Claims the sending of the turn's edits when there is something to send, somewhere to send it
    /// and no task sending them yet; returns the turn to start a task for.
    fn claim_editor(&mut self) -> Option<TurnKey> {
        let ready = matches!(self.target, Target::Known(_) | Target::Lost);
        if self.editing || !ready || self.pending.is_none() {
            return None;
        }
        self.editing = true;
        Some(self.key)
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
        self.messages.begin(self.channel, turn)
    }

    /// Delivers the command's public post as an edit of its turn's message, sent in the background.
    pub fn edit(self, turn: TurnMessage, post: Post) {
        self.messages.edit(self.channel, self.id, turn, post);
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        self.messages.finish(self.channel, self.id);
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
        self.messages.settle(self.channel, self.key, self.message);
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

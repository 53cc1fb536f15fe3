//! The bookkeeping behind [`super::turn_messages`], for one channel: the commands under way, and for
//! each turn its message, the newest state handed over and the edit waiting to be sent. No I/O: each
//! change says which turn's edits are ready to be sent, and the sender asks for them one at a time.

use poise::serenity_prelude as serenity;

use crate::table::{Post, TurnMessage};

/// A turn of a game: the game and how many steps its log held when the turn began.
pub(super) type TurnKey = (i64, usize);

/// Where a turn's edits go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Target {
    /// Not known yet: waiting for the commands under way when the first edit came
    /// ([`Turn::awaited`]); one of them may be the post that begins the turn.
    Awaiting,
    /// The post that begins the turn is being made.
    Posting,
    /// This message.
    Known(serenity::MessageId),
    /// Not known (a restart, a deleted message): the next state is posted as a new message.
    Lost,
}

/// One channel's commands under way and turn messages.
#[derive(Default)]
pub(super) struct Channel {
    /// The tickets of the commands under way here whose replies have not been delivered yet.
    under_way: Vec<u64>,
    /// The turns whose messages are known or awaited, the newest last.
    turns: Vec<Turn>,
}

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

/// The turn `turn` tells of.
pub(super) fn key_of(turn: &TurnMessage) -> TurnKey {
    (turn.game, turn.began_at)
}

impl Channel {
    /// A command with `ticket` is under way.
    pub(super) fn start(&mut self, ticket: u64) {
        self.under_way.push(ticket);
    }

    /// The command with `ticket` has been delivered (or dropped); returns the turns whose edits,
    /// awaited until now, are ready to be sent.
    pub(super) fn finish(&mut self, ticket: u64) -> Vec<TurnKey> {
        self.under_way.retain(|&t| t != ticket);
        let mut ready = Vec::new();
        for turn in &mut self.turns {
            turn.awaited.retain(|&t| t != ticket);
            if turn.target == Target::Awaiting && turn.awaited.is_empty() {
                turn.target = Target::Lost;
                ready.extend(turn.claim_sender());
            }
        }
        ready
    }

    /// Hands `post`, the state of `turn` after the command with `ticket`, over to be sent, unless a
    /// state as new was handed over already; returns the turn if its edits are ready to be sent.
    pub(super) fn edit(&mut self, ticket: u64, turn: TurnMessage, post: Post) -> Option<TurnKey> {
        let key = key_of(&turn);
        let stale = self
            .turns
            .iter()
            .any(|t| t.key.0 == turn.game && t.newest >= turn.version);
        match self.turns.iter_mut().find(|t| t.key == key) {
            Some(known) if known.newest < turn.version => {
                known.newest = turn.version;
                known.pending = Some(post);
                known.claim_sender()
            }
            Some(_) => None,
            // A newer state of the game was handed over: this edit of an older turn came too late.
            None if stale => None,
            // Settled when the commands under way now are delivered (this one's ticket ends next).
            None => {
                let awaited = self.under_way.iter().copied().filter(|&t| t != ticket);
                self.turns.push(Turn {
                    key,
                    target: Target::Awaiting,
                    awaited: awaited.collect(),
                    newest: turn.version,
                    pending: Some(post),
                    editing: false,
                });
                None
            }
        }
    }

    /// The post that begins `turn` is being made: the turn's edits wait for it, and the turns before
    /// with nothing left to send are forgotten.
    pub(super) fn begin(&mut self, turn: TurnMessage) {
        let key = key_of(&turn);
        let mut began = match self.turns.iter().position(|t| t.key == key) {
            Some(at) => self.turns.remove(at),
            None => Turn {
                key,
                target: Target::Posting,
                awaited: Vec::new(),
                newest: turn.version,
                pending: None,
                editing: false,
            },
        };
        began.target = Target::Posting;
        began.awaited.clear();
        if began.newest <= turn.version {
            began.newest = turn.version;
            began.pending = None;
        }
        self.turns.push(began);
        self.forget_idle();
    }

    /// The post that begins turn `key` was made as `message` (`None`: it failed); returns the turn if
    /// its edits are ready to be sent.
    pub(super) fn settle(
        &mut self,
        key: TurnKey,
        message: Option<serenity::MessageId>,
    ) -> Option<TurnKey> {
        let turn = self.turn(key)?;
        if turn.target != Target::Posting {
            return None;
        }
        turn.target = message.map_or(Target::Lost, Target::Known);
        turn.claim_sender()
    }

    /// The next state of turn `key` to send and where, for its sender; `None` when there is nothing
    /// to send (or nowhere yet): the sender then stops.
    pub(super) fn next_edit(&mut self, key: TurnKey) -> Option<(Target, Post)> {
        let turn = self.turn(key)?;
        let ready = matches!(turn.target, Target::Known(_) | Target::Lost);
        if let Some(post) = turn.pending.take_if(|_| ready) {
            return Some((turn.target, post));
        }
        turn.editing = false;
        self.forget_idle();
        None
    }

    /// Sending `post` to turn `key`'s message failed but may succeed again: it waits again, unless
    /// a newer state does.
    pub(super) fn retry(&mut self, key: TurnKey, post: Post) {
        if let Some(turn) = self.turn(key) {
            turn.pending.get_or_insert(post);
        }
    }

    /// Turn `key`'s message `message` no longer exists: `post`, unless a newer state waits, is to be
    /// posted anew.
    pub(super) fn gone(&mut self, key: TurnKey, message: serenity::MessageId, post: Post) {
        if let Some(turn) = self.turn(key)
            && turn.target == Target::Known(message)
        {
            turn.target = Target::Lost;
            turn.pending.get_or_insert(post);
        }
    }

    /// Turn `key`, whose message was not known, was posted anew as `message`.
    pub(super) fn posted_anew(&mut self, key: TurnKey, message: serenity::MessageId) {
        if let Some(turn) = self.turn(key)
            && turn.target == Target::Lost
        {
            turn.target = Target::Known(message);
        }
    }

    fn turn(&mut self, key: TurnKey) -> Option<&mut Turn> {
        self.turns.iter_mut().find(|t| t.key == key)
    }

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
    /// and no sender yet; returns the turn to start a sender for.
    fn claim_sender(&mut self) -> Option<TurnKey> {
        let ready = matches!(self.target, Target::Known(_) | Target::Lost);
        if self.editing || !ready || self.pending.is_none() {
            return None;
        }
        self.editing = true;
        Some(self.key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: i64 = 7;

    fn turn(began_at: usize, version: i64, fresh: bool) -> TurnMessage {
        TurnMessage {
            game: GAME,
            began_at,
            fresh,
            version,
            news: 1,
        }
    }

    fn state(text: &str) -> Post {
        Post::text(text)
    }

    fn message(id: u64) -> serenity::MessageId {
        serenity::MessageId::new(id)
    }

    /// Everything the sender of `key` would send now, in order, as if each went through.
    fn sent(channel: &mut Channel, key: TurnKey) -> Vec<(Target, String)> {
        std::iter::from_fn(|| channel.next_edit(key))
            .map(|(target, post)| (target, post.text))
            .collect()
    }

    #[test]
    fn a_step_delivered_before_its_turns_post_waits_for_it_and_edits_it() {
        let mut channel = Channel::default();
        // The post beginning the turn (ticket 1) and the next step (ticket 2) are under way; the
        // step's reply is delivered first.
        channel.start(1);
        channel.start(2);
        assert_eq!(channel.edit(2, turn(4, 11, false), state("step")), None);
        assert_eq!(channel.finish(2), Vec::new(), "still waiting for ticket 1");
        channel.begin(turn(4, 10, true));
        assert_eq!(channel.finish(1), Vec::new(), "the post is being made");
        assert_eq!(
            channel.settle((GAME, 4), Some(message(50))),
            Some((GAME, 4))
        );
        assert_eq!(
            sent(&mut channel, (GAME, 4)),
            [(Target::Known(message(50)), "step".to_owned())]
        );
    }

    #[test]
    fn a_step_of_a_turn_nobody_is_posting_is_posted_anew() {
        let mut channel = Channel::default();
        channel.start(1);
        channel.start(2);
        // Ticket 1 is something else (a board, say), delivered after the step.
        assert_eq!(channel.edit(2, turn(4, 11, false), state("step")), None);
        assert_eq!(channel.finish(2), Vec::new());
        assert_eq!(channel.finish(1), [(GAME, 4)]);
        assert_eq!(
            sent(&mut channel, (GAME, 4)),
            [(Target::Lost, "step".to_owned())]
        );
        // Once posted anew, the turn's later steps edit that message.
        channel.posted_anew((GAME, 4), message(60));
        channel.start(3);
        assert_eq!(
            channel.edit(3, turn(4, 12, false), state("later")),
            Some((GAME, 4))
        );
        assert_eq!(
            sent(&mut channel, (GAME, 4)),
            [(Target::Known(message(60)), "later".to_owned())]
        );
    }

    #[test]
    fn only_the_newest_state_is_sent_and_an_older_one_coming_late_is_dropped() {
        let mut channel = Channel::default();
        channel.start(1);
        channel.begin(turn(0, 1, true));
        channel.finish(1);
        assert_eq!(channel.settle((GAME, 0), Some(message(5))), None);
        channel.start(2);
        assert_eq!(
            channel.edit(2, turn(0, 2, false), state("two")),
            Some((GAME, 0))
        );
        channel.finish(2);
        // While "two" is being sent, three and four come, four first.
        let (_, first) = channel.next_edit((GAME, 0)).unwrap();
        assert_eq!(first.text, "two");
        for (ticket, version, text) in [(4, 4, "four"), (3, 3, "three")] {
            channel.start(ticket);
            assert_eq!(
                channel.edit(ticket, turn(0, version, false), state(text)),
                None,
                "the sender is running"
            );
            channel.finish(ticket);
        }
        assert_eq!(
            sent(&mut channel, (GAME, 0)),
            [(Target::Known(message(5)), "four".to_owned())]
        );
    }

    #[test]
    fn a_gone_message_is_posted_anew_with_the_newest_state() {
        let mut channel = Channel::default();
        channel.start(1);
        channel.begin(turn(0, 1, true));
        channel.finish(1);
        channel.settle((GAME, 0), Some(message(5)));
        channel.start(2);
        channel.edit(2, turn(0, 2, false), state("two"));
        channel.finish(2);
        let (target, post) = channel.next_edit((GAME, 0)).unwrap();
        channel.gone((GAME, 0), message(5), post);
        assert_eq!(target, Target::Known(message(5)));
        assert_eq!(
            sent(&mut channel, (GAME, 0)),
            [(Target::Lost, "two".to_owned())]
        );
    }

    #[test]
    fn an_edit_of_a_forgotten_older_turn_is_dropped() {
        let mut channel = Channel::default();
        channel.start(1);
        channel.begin(turn(0, 1, true));
        channel.finish(1);
        channel.settle((GAME, 0), Some(message(5)));
        channel.start(2);
        channel.begin(turn(3, 5, true));
        channel.finish(2);
        channel.settle((GAME, 3), Some(message(6)));
        // A step of the first turn, committed before the second began, is delivered only now.
        channel.start(3);
        assert_eq!(channel.edit(3, turn(0, 4, false), state("late")), None);
        assert_eq!(channel.finish(3), Vec::new());
        assert!(channel.next_edit((GAME, 0)).is_none());
    }
}

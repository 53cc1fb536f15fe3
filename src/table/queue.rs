//! A command's way through its channel's queue: admitted (or refused as busy) at once, then run in
//! its turn. Front ends on an async runtime use [`Table::handle_queued`] and [`Table::puzzle_queued`],
//! which wait without holding a thread; the terminal uses [`Table::handle`], which waits on its own.

use std::sync::Arc;

use super::locks::{Full, Held, Waiting};
use super::{Caller, Command, Crowded, Place, PuzzleCommand, Reply, Table, TableError};

/// A command admitted to its channel's queue by [`Table::enqueue`], waiting for its turn. Dropping it
/// gives up the place in the queue.
pub struct Queued {
    place: Place,
    caller: Caller,
    waiting: Waiting,
}

/// The channel held for one person's command: nothing else runs in the channel until it is dropped.
pub struct Turn {
    place: Place,
    caller: Caller,
    _held: Held,
}

impl Queued {
    /// Blocks this thread until the command's turn comes.
    pub fn wait(self) -> Turn {
        Turn {
            place: self.place,
            caller: self.caller,
            _held: self.waiting.wait(),
        }
    }

    /// Waits, without holding a thread, until the command's turn comes.
    pub async fn turn(self) -> Turn {
        Turn {
            place: self.place,
            caller: self.caller,
            _held: self.waiting.turn().await,
        }
    }
}

impl From<Full> for TableError {
    fn from(full: Full) -> Self {
        match full {
            Full::Lane(limit) => TableError::Busy {
                crowded: Crowded::Channel,
                limit,
            },
            Full::Person(limit) => TableError::Busy {
                crowded: Crowded::Caller,
                limit,
            },
        }
    }
}

impl Table {
    /// Puts `caller`'s next command at the back of the channel's queue, or refuses it at once with
    /// [`TableError::Busy`] when the channel or the caller has too many commands in flight.
    pub fn enqueue(&self, place: &Place, caller: &Caller) -> Result<Queued, TableError> {
        let waiting = self.locks.admit(&place.channel, &caller.user_id)?;
        Ok(Queued {
            place: place.clone(),
            caller: caller.clone(),
            waiting,
        })
    }

    /// Runs `command` of the turn's caller in the turn's channel.
    pub fn handle_in(&self, turn: &Turn, command: Command) -> Result<Reply, TableError> {
        self.dispatch(&turn.place, &turn.caller, command)
    }

    /// Runs one command; commands in the same channel never overlap and run in the order they came.
    /// Blocks this thread while earlier commands in the channel run.
    pub fn handle(
        &self,
        place: &Place,
        caller: &Caller,
        command: Command,
    ) -> Result<Reply, TableError> {
        let turn = self.enqueue(place, caller)?.wait();
        self.handle_in(&turn, command)
    }

    /// Like [`Table::handle`] for an async front end: refused at once when busy, waits for its turn
    /// without holding a thread, and runs on a blocking thread only while it holds the channel.
    pub async fn handle_queued(
        self: Arc<Self>,
        place: Place,
        caller: Caller,
        command: Command,
    ) -> Result<Reply, TableError> {
        let turn = self.enqueue(&place, &caller)?.turn().await;
        off_thread(move || self.handle_in(&turn, command)).await
    }

    /// Runs a daily puzzle command at moment `now` (Unix seconds). One person's puzzle commands run one
    /// at a time, in order. May derive a day's puzzle (about a second): call it off the async threads.
    pub fn puzzle(
        &self,
        place: &Place,
        caller: &Caller,
        command: PuzzleCommand,
        now: i64,
    ) -> Result<Reply, TableError> {
        let _turn = self.enqueue_puzzle(place, caller)?.wait();
        self.daily_command(place, caller, command, now)
    }

    /// Like [`Table::puzzle`] for an async front end, at the moment its turn comes (the table's clock):
    /// refused at once when busy, waits for its turn without holding a thread.
    pub async fn puzzle_queued(
        self: Arc<Self>,
        place: Place,
        caller: Caller,
        command: PuzzleCommand,
    ) -> Result<Reply, TableError> {
        let turn = self.enqueue_puzzle(&place, &caller)?.turn().await;
        off_thread(move || {
            let now = self.clock().now();
            self.daily_command(&turn.place, &turn.caller, command, now)
        })
        .await
    }

    /// Admits a puzzle command to its person's own lane on the server (their attempts are theirs).
    pub(in crate::table) fn enqueue_puzzle(
        &self,
        place: &Place,
        caller: &Caller,
    ) -> Result<Queued, TableError> {
        let guild = place.guild.as_deref().unwrap_or_default();
        let lane = format!("daily:{guild}:{}", caller.user_id);
        let waiting = self.locks.admit(&lane, &caller.user_id)?;
        Ok(Queued {
            place: place.clone(),
            caller: caller.clone(),
            waiting,
        })
    }

    /// Holds `channel` for the table's own work (never refused; waits its turn on this thread).
    pub(super) fn hold_channel(&self, channel: &str) -> Held {
        self.locks.admit_own(channel).wait()
    }
}

/// Runs table or store work on a blocking thread, off the async threads; a panic there becomes an
/// internal error (logged).
pub async fn off_thread<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, TableError> + Send + 'static,
) -> Result<T, TableError> {
    tokio::task::spawn_blocking(work)
        .await
        .unwrap_or_else(|e| Err(TableError::internal(format!("table work failed: {e}"))))
}

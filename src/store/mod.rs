//! SQLite storage: connection handling, the migrations embedded from `migrations/`, and the queries.
//!
//! A game is kept as options + seed + setup + an ordered move log, with a snapshot of the replayed state
//! and a version. Every write is one transaction that checks the version it expects, so two writers can
//! never both apply a move on top of the same state.

mod activity;
mod checkpoint;
mod daily;
mod games;
mod group_sync;
mod records;
mod stats;

use std::path::Path;
use std::sync::{LazyLock, Mutex};
use std::time::Duration;

use include_dir::{Dir, include_dir};
use rusqlite::Connection;
use rusqlite_migration::Migrations;
use thiserror::Error;

use crate::clock::Clock;
use group_sync::GroupSync;

pub use daily::{AttemptChange, AttemptRecord, DailyChannel, POST_TRIES};
pub use records::{
    GameRecord, Motion, MoveRecord, NewGame, NewMove, ResultRecord, SeatRecord, Status, Update,
    VoteChange, VoteRequest,
};
pub use stats::{LeaderboardRow, PlayerRecord};

static MIGRATION_FILES: Dir = include_dir!("$CARGO_MANIFEST_DIR/migrations");

static MIGRATIONS: LazyLock<Migrations<'static>> = LazyLock::new(|| {
    Migrations::from_directory(&MIGRATION_FILES).expect("migrations/ is well formed")
});

/// What can go wrong in the store.
#[derive(Debug, Error)]
pub enum StoreError {
    /// The channel already has a game in a lobby or in play.
    #[error("this channel already has an open game")]
    ChannelBusy,
    /// The game changed since it was read (another command got there first).
    #[error("the game changed while this command ran")]
    Conflict,
    /// No game with that id.
    #[error("no such game")]
    NotFound,
    /// The database file could not be opened or migrated.
    #[error("cannot open the database {path}: {reason}")]
    Open {
        /// The file.
        path: String,
        /// Why.
        reason: String,
    },
    /// A stored value is not what this version of Roundhouse expects.
    #[error("corrupt record: {0}")]
    Corrupt(String),
    /// SQLite itself failed.
    #[error("database error: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// A write could not be made sure to be on disk (the write-ahead log would not sync).
    #[error("cannot sync the database's log to disk: {0}")]
    Sync(std::io::Error),
}

/// The database. Cheap to share between threads: connections are pooled; SQLite in WAL mode lets readers
/// run beside the one writer.
pub struct Store {
    path: String,
    pool: Mutex<Vec<Connection>>,
    /// Held by every write: SQLite takes one writer at a time, and a writer that finds it busy sleeps in
    /// steps of milliseconds, so writers of this process queue here instead (other processes still wait
    /// through SQLite's busy timeout).
    writing: Mutex<()>,
    /// Makes every write durable before it returns, one disk sync for writes that finish together.
    group_sync: GroupSync,
    /// Where "now" comes from, for the store's timestamps and everything built on the store.
    clock: Clock,
}

/// How long a connection waits for another writer before giving up.
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

impl Store {
    /// Opens (creating if needed) the database file and brings its schema up to date; its timestamps
    /// come from the machine's clock.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        Store::open_with_clock(path, Clock::system())
    }

    /// [`Store::open`], with timestamps (and the time of the table built on it) from `clock`.
    pub fn open_with_clock(path: &Path, clock: Clock) -> Result<Store, StoreError> {
        let open_error = |reason: String| StoreError::Open {
            path: path.display().to_string(),
            reason,
        };
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent).map_err(|e| open_error(e.to_string()))?;
        }
        let store = Store {
            path: path.display().to_string(),
            pool: Mutex::new(Vec::new()),
            writing: Mutex::new(()),
            group_sync: GroupSync::new(path),
            clock,
        };
        let mut conn = store.connect().map_err(|e| open_error(e.to_string()))?;
        MIGRATIONS
            .to_latest(&mut conn)
            .map_err(|e| open_error(e.to_string()))?;
        store.give_back(conn);
        Ok(store)
    }

    /// The clock the store (and the table over it) takes the time from.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// The database file's path.
    pub fn path(&self) -> &str {
        &self.path
    }

    fn connect(&self) -> Result<Connection, rusqlite::Error> {
        let conn = Connection::open(&self.path)?;
        conn.busy_timeout(BUSY_TIMEOUT)?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        // Durable against power cuts all the same: every write waits for `group_sync` (see there).
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        Ok(conn)
    }

    fn give_back(&self, conn: Connection) {
        if let Ok(mut pool) = self.pool.lock() {
            pool.push(conn);
        }
    }

    /// Runs `work` on a pooled connection.
    fn with_conn<T>(
        &self,
        work: impl FnOnce(&mut Connection) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let pooled = self.pool.lock().ok().and_then(|mut pool| pool.pop());
        let mut conn = match pooled {
            Some(conn) => conn,
            None => self.connect()?,
        };
        let result = work(&mut conn);
        self.give_back(conn);
        result
    }
}

impl Store {
    /// Runs `work`, which writes, on a pooled connection while no other write of this process runs;
    /// returns once what it committed is on disk.
    fn with_writer<T>(
        &self,
        work: impl FnOnce(&mut Connection) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let (result, number) = {
            let _writing = self
                .writing
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            let result = self.with_conn(work);
            (result, self.group_sync.finished())
        };
        // Work that failed may still have committed part of its changes: wait for the disk anyway.
        let synced = self.group_sync.wait(number);
        let value = result?;
        synced.map_err(StoreError::Sync)?;
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_are_valid() {
        MIGRATIONS.validate().expect("migrations validate");
    }
}

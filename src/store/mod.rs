//! Storage: one [`Store`] interface over two backends, an embedded SQLite file (the default) or a
//! PostgreSQL server (for several processes over one database).
//!
//! A game is kept as options + seed + setup + an ordered move log, with a snapshot of the replayed state
//! and a version. Every write is one transaction that checks the version it expects, so two writers can
//! never both apply a move on top of the same state, whether they are threads of one process or
//! processes sharing a PostgreSQL database.
//!
//! The public methods live in the files named after what they store (`games.rs`, `daily.rs`, ...); each
//! query exists once per backend, in `sqlite/` and `postgres/`; what is not SQL (turning columns into
//! records and back) is in `codec.rs`, shared by both.

mod activity;
mod checkpoint;
mod codec;
mod copy;
mod daily;
mod database;
mod games;
mod postgres;
mod recompute;
mod records;
mod sqlite;
mod stats;

use std::path::Path;

use thiserror::Error;

use crate::clock::Clock;

pub use copy::{CopyError, CopyProgress, CopySummary, Mismatch, ReplayCheck};
pub use daily::{AttemptChange, AttemptRecord, DailyChannel, DailyClaim, POST_TRIES};
pub use database::Database;
pub use records::{
    FinishedScope, GameRecord, Motion, MoveRecord, NewGame, NewMove, ResultRecord, SeatRecord,
    Status, Update, VoteChange, VoteRequest,
};
pub use stats::{LeaderboardRow, PlayerRecord};

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
    /// The database could not be opened or migrated.
    #[error("cannot open the database {database}: {reason}")]
    Open {
        /// The file, or the server and database name (never a password).
        database: String,
        /// Why.
        reason: String,
    },
    /// A stored value is not what this version of Roundhouse expects.
    #[error("corrupt record: {0}")]
    Corrupt(String),
    /// The database refused or failed a query.
    #[error("database error: {0}")]
    Database(String),
    /// The database server could not be reached (down, restarting, or every connection busy): the same
    /// command may well work again in a moment.
    #[error("cannot reach the database: {0}")]
    Unreachable(String),
    /// The server cancelled a statement that ran past its time limit (PostgreSQL's
    /// `statement_timeout`: a server overloaded, or a lock held too long): nothing was done, and the
    /// same command may well work in a moment.
    #[error("the database took too long: {0}")]
    TooSlow(String),
    /// The connection broke while the server was committing a write, so whether the write was made
    /// cannot be known from here: it may have been.
    #[error("lost the database while it committed: {0}")]
    Unconfirmed(String),
    /// A write could not be made sure to be on disk (the write-ahead log would not sync).
    #[error("cannot sync the database's log to disk: {0}")]
    Sync(std::io::Error),
}

/// The database. Cheap to share between threads: connections are pooled.
///
/// Every method blocks: call it from a blocking thread, never from async code (the PostgreSQL client
/// runs a small runtime of its own for each connection, which cannot start inside tokio's workers).
pub struct Store {
    backend: Backend,
    /// Where "now" comes from, for the store's timestamps and everything built on the store.
    clock: Clock,
}

/// The backend a [`Store`] speaks to; every query exists once in each.
enum Backend {
    Sqlite(sqlite::Sqlite),
    Postgres(postgres::Postgres),
}

/// Calls the same method, with the same arguments, on whichever backend the store has.
macro_rules! on_backend {
    ($store:expr, $method:ident($($arg:expr),* $(,)?)) => {
        match &$store.backend {
            $crate::store::Backend::Sqlite(db) => db.$method($($arg),*),
            $crate::store::Backend::Postgres(db) => db.$method($($arg),*),
        }
    };
}
use on_backend;

impl Store {
    /// Opens (creating if needed) the SQLite database file and brings its schema up to date; its
    /// timestamps come from the machine's clock.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        Store::open_with_clock(path, Clock::system())
    }

    /// [`Store::open`], with timestamps (and the time of the table built on it) from `clock`.
    pub fn open_with_clock(path: &Path, clock: Clock) -> Result<Store, StoreError> {
        Store::connect(&Database::Sqlite(path.to_path_buf()), clock)
    }

    /// Opens `database` (a SQLite file, or a PostgreSQL server) and brings its schema up to date,
    /// refusing a database whose schema is newer than this program; timestamps come from `clock`.
    pub fn connect(database: &Database, clock: Clock) -> Result<Store, StoreError> {
        let backend = match database {
            Database::Sqlite(path) => Backend::Sqlite(sqlite::Sqlite::open(path, clock.clone())?),
            Database::Postgres(url) => {
                Backend::Postgres(postgres::Postgres::open(url, clock.clone())?)
            }
        };
        Ok(Store { backend, clock })
    }

    /// The clock the store (and the table over it) takes the time from.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }
}

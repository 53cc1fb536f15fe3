//! Copying a whole database into another, empty one (`roundhouse db copy`): SQLite into PostgreSQL or
//! back. Every table is copied row by row with its ids, in one transaction on the target, and checked
//! before that transaction commits: the row counts must match, and every game is replayed from its log
//! on the target and must reach its stored snapshot. Any failure rolls the whole copy back.
//!
//! What is shared lives here: the tables and their columns ([`tables`]), the order of the work and the
//! checks. Each backend reads and writes rows in its own `copy.rs` (`sqlite/`, `postgres/`).

pub(super) mod tables;

use std::fmt;

use thiserror::Error;

use super::{Backend, Database, GameRecord, MoveRecord, Store, StoreError, postgres, sqlite};
use crate::clock::Clock;
use crate::plural::counted;
use tables::{COPIED_TABLES, CopiedTable};

/// One column's value as copied between backends: flags are integers 0 and 1 (SQLite keeps them so;
/// PostgreSQL's `BOOLEAN` columns are read and written as such by its backend).
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Value {
    /// SQL NULL.
    Null,
    /// An integer or a flag.
    Int(i64),
    /// A text.
    Text(String),
}

/// How many rows a backend writes to the target at once.
pub(super) const BATCH_ROWS: usize = 500;

/// A database being read: its schema version and its rows, table by table.
pub(super) trait CopySource {
    /// The version of its schema (0 for a database without Roundhouse's tables).
    fn schema_version(&mut self) -> Result<i64, StoreError>;
    /// Hands every row of `table` to `sink`, in the table's order, columns as in `table.columns`.
    fn read_rows(
        &mut self,
        table: &CopiedTable,
        sink: &mut dyn FnMut(Vec<Value>) -> Result<(), StoreError>,
    ) -> Result<(), StoreError>;
}

/// A database being written, inside the copy's one transaction.
pub(super) trait CopyTarget {
    /// How many rows `table` holds.
    fn count(&mut self, table: &CopiedTable) -> Result<i64, StoreError>;
    /// Adds `rows` to `table`, ids and all.
    fn insert(&mut self, table: &CopiedTable, rows: &[Vec<Value>]) -> Result<(), StoreError>;
    /// The ids of every game, in order.
    fn game_ids(&mut self) -> Result<Vec<i64>, StoreError>;
    /// A game as the store reads it, with its move log.
    fn game_and_moves(&mut self, id: i64) -> Result<(GameRecord, Vec<MoveRecord>), StoreError>;
    /// Makes ids given from now on follow the copied ones (PostgreSQL's sequences).
    fn follow_ids(&mut self) -> Result<(), StoreError>;
}

/// How far a copy has come, for the terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CopyProgress {
    /// A table is copied: `rows` rows.
    Copied {
        /// The table.
        table: &'static str,
        /// Its rows.
        rows: u64,
    },
    /// `done` of `total` games replayed and checked so far.
    Checked {
        /// Games checked.
        done: u64,
        /// Games to check.
        total: u64,
    },
}

/// What a finished copy did: the rows of each table, and the games replayed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CopySummary {
    /// Each table and how many rows it got, in the order copied.
    pub rows: Vec<(&'static str, u64)>,
    /// Games replayed from their logs and found to match their snapshots.
    pub games_checked: u64,
}

impl fmt::Display for CopySummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (table, rows) in &self.rows {
            writeln!(f, "  {table:<16} {rows:>9}")?;
        }
        write!(
            f,
            "{} replayed from the log to the snapshot stored",
            counted(self.games_checked as usize, "game")
        )
    }
}

/// A game whose copy does not replay to its stored snapshot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The game's id.
    pub game: i64,
    /// What differed, or why the replay failed.
    pub reason: String,
}

/// Why a copy was refused or failed; in every case the target is left as it was.
#[derive(Debug, Error)]
pub enum CopyError {
    /// The source cannot be opened or read.
    #[error("the source {database}: {error}")]
    Source {
        /// The source, without a password.
        database: String,
        /// What went wrong.
        error: StoreError,
    },
    /// The target cannot be opened or written.
    #[error("the target {database}: {error}")]
    Target {
        /// The target, without a password.
        database: String,
        /// What went wrong.
        error: StoreError,
    },
    /// The source's schema is not this program's.
    #[error(
        "the source's schema is version {found}, this Roundhouse's is {expected}; nothing was copied. \
         {advice}"
    )]
    SchemaVersion {
        /// The source's version.
        found: i64,
        /// This program's.
        expected: i64,
        /// What to do about it.
        advice: &'static str,
    },
    /// The target already holds data.
    #[error(
        "the target is not empty ({held}); nothing was copied. Copy into a new database \
         (`createdb NAME` for PostgreSQL, a new file name for SQLite), or empty this one first"
    )]
    TargetNotEmpty {
        /// What it holds, e.g. "12 games, 3 daily posts".
        held: String,
    },
    /// A table's rows on the target are not those read from the source.
    #[error(
        "table {table}: {read} rows read but {written} on the target; the copy was rolled back"
    )]
    Count {
        /// The table.
        table: &'static str,
        /// Rows read from the source.
        read: u64,
        /// Rows found on the target.
        written: u64,
    },
    /// Games that do not replay to their snapshots on the target.
    #[error(
        "{} did not replay to the snapshot stored, so the copy was rolled back: {}",
        counted(.0.len(), "game"),
        .0.iter().map(|m| format!("game {} ({})", m.game, m.reason)).collect::<Vec<_>>().join("; ")
    )]
    Replay(Vec<Mismatch>),
}

/// What to do about a source whose schema is older or newer than this program's.
fn schema_advice(found: i64, expected: i64) -> &'static str {
    if found < expected {
        "Bring it up to date first by running this Roundhouse on it once (e.g. `roundhouse serve` \
         with it as `database`), then copy again"
    } else {
        "It was written by a newer Roundhouse: copy it with that release"
    }
}

/// Checks one copied game: `Ok` if its log replays to its snapshot, or why not.
pub type ReplayCheck<'a> = dyn Fn(&GameRecord, &[MoveRecord]) -> Result<(), String> + 'a;

impl Store {
    /// Copies every table of `from` into `to`, which must be empty (its schema is created or brought up
    /// to date first), keeping ids, in one transaction on `to`; then, before committing, compares the
    /// row counts and runs `check` on every game as read back from `to`. Refuses a source whose schema
    /// version is not this program's. On any error nothing stays on `to` but its (empty) tables.
    pub fn copy_database(
        from: &Database,
        to: &Database,
        check: &ReplayCheck<'_>,
        progress: &mut dyn FnMut(CopyProgress),
    ) -> Result<CopySummary, CopyError> {
        let source_error = |error| CopyError::Source {
            database: format!("{from:?}"),
            error,
        };
        let target_error = |error| CopyError::Target {
            database: format!("{to:?}"),
            error,
        };
        let mut source: Box<dyn CopySource> = match from {
            Database::Sqlite(path) => {
                Box::new(sqlite::copy::open_source(path).map_err(source_error)?)
            }
            Database::Postgres(url) => {
                Box::new(postgres::copy::open_source(url).map_err(source_error)?)
            }
        };
        let found = source.schema_version().map_err(source_error)?;
        let expected = tables::schema_version();
        if found != expected {
            return Err(CopyError::SchemaVersion {
                found,
                expected,
                advice: schema_advice(found, expected),
            });
        }
        let target = Store::connect(to, Clock::system()).map_err(target_error)?;
        let mut work = |into: &mut dyn CopyTarget| -> Result<CopySummary, CopyFailure> {
            refuse_unless_empty(into)?;
            let mut summary = CopySummary::default();
            for table in COPIED_TABLES {
                let rows = copy_table(source.as_mut(), into, table, &source_error)?;
                progress(CopyProgress::Copied {
                    table: table.name,
                    rows,
                });
                summary.rows.push((table.name, rows));
            }
            into.follow_ids()?;
            summary.games_checked = check_games(into, check, progress)?;
            Ok(summary)
        };
        let copied = match &target.backend {
            Backend::Sqlite(db) => db.copy_in(&mut work),
            Backend::Postgres(db) => db.copy_in(&mut work),
        };
        copied.map_err(|failure| match failure {
            CopyFailure::Store(e) => target_error(e),
            CopyFailure::Refused(e) => e,
        })
    }
}

/// The work done inside the target's transaction, as each backend's `copy_in` runs it.
pub(super) type CopyWork<'a> =
    dyn FnMut(&mut dyn CopyTarget) -> Result<CopySummary, CopyFailure> + 'a;

/// A failure in the target's transaction: the target's database failed, or the copy refused.
pub(super) enum CopyFailure {
    /// The target's database failed.
    Store(StoreError),
    /// The copy was refused or did not check out.
    Refused(CopyError),
}

impl From<StoreError> for CopyFailure {
    fn from(error: StoreError) -> Self {
        CopyFailure::Store(error)
    }
}

impl From<CopyError> for CopyFailure {
    fn from(error: CopyError) -> Self {
        CopyFailure::Refused(error)
    }
}

/// Refuses a target that holds any row in the tables copied.
fn refuse_unless_empty(into: &mut dyn CopyTarget) -> Result<(), CopyFailure> {
    let mut held = Vec::new();
    for table in COPIED_TABLES {
        let rows = into.count(table)?;
        if rows > 0 {
            held.push(counted(rows as usize, table.noun));
        }
    }
    if held.is_empty() {
        Ok(())
    } else {
        Err(CopyError::TargetNotEmpty {
            held: held.join(", "),
        }
        .into())
    }
}

/// Copies one table in batches and checks the target's count; returns the rows copied.
fn copy_table(
    source: &mut dyn CopySource,
    into: &mut dyn CopyTarget,
    table: &CopiedTable,
    source_error: &dyn Fn(StoreError) -> CopyError,
) -> Result<u64, CopyFailure> {
    let mut batch = Vec::with_capacity(BATCH_ROWS);
    let mut read = 0u64;
    // A failure of the target inside the sink is kept apart, so that each side's is reported as its own.
    let mut write_failure = None;
    let reading = source.read_rows(table, &mut |row| {
        read += 1;
        batch.push(row);
        if batch.len() == BATCH_ROWS {
            if let Err(e) = into.insert(table, &batch) {
                write_failure = Some(e);
                return Err(StoreError::Database("stopped: the target failed".into()));
            }
            batch.clear();
        }
        Ok(())
    });
    if let Some(e) = write_failure {
        return Err(e.into());
    }
    reading.map_err(source_error)?;
    if !batch.is_empty() {
        into.insert(table, &batch)?;
    }
    let written = into.count(table)?;
    if written != read as i64 {
        return Err(CopyError::Count {
            table: table.name,
            read,
            written: written.max(0) as u64,
        }
        .into());
    }
    Ok(read)
}

/// Replays every game on the target through `check`; the number checked, or every game that failed.
fn check_games(
    into: &mut dyn CopyTarget,
    check: &ReplayCheck<'_>,
    progress: &mut dyn FnMut(CopyProgress),
) -> Result<u64, CopyFailure> {
    let ids = into.game_ids()?;
    let total = ids.len() as u64;
    let mut mismatches = Vec::new();
    for (done, id) in (1..).zip(ids) {
        let (game, moves) = into.game_and_moves(id)?;
        if let Err(reason) = check(&game, &moves) {
            mismatches.push(Mismatch { game: id, reason });
        }
        if done % 1000 == 0 || done == total {
            progress(CopyProgress::Checked { done, total });
        }
    }
    if mismatches.is_empty() {
        Ok(total)
    } else {
        Err(CopyError::Replay(mismatches).into())
    }
}

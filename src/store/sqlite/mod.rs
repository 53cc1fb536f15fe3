//! The SQLite backend: one file in WAL mode, migrations from `migrations/sqlite/` embedded in the binary,
//! one writer at a time, every write on disk before it returns (one log sync for writes that finish
//! together).

mod activity;
mod checkpoint;
pub(super) mod copy;
mod daily;
mod games;
mod group_sync;
mod shard_filter;
mod stats;

use std::path::Path;
use std::sync::{LazyLock, Mutex};
use std::time::Duration;

use include_dir::{Dir, include_dir};
use rusqlite::Connection;
use rusqlite_migration::Migrations;

use super::{StoreError, codec};
use crate::clock::Clock;
use group_sync::GroupSync;

static MIGRATION_FILES: Dir = include_dir!("$CARGO_MANIFEST_DIR/migrations/sqlite");

static MIGRATIONS: LazyLock<Migrations<'static>> = LazyLock::new(|| {
    Migrations::from_directory(&MIGRATION_FILES).expect("migrations/sqlite/ is well formed")
});

impl From<rusqlite::Error> for StoreError {
    fn from(error: rusqlite::Error) -> Self {
        StoreError::Database(error.to_string())
    }
}

/// The schema version this program writes: the number of its migrations (the same on both backends).
pub(super) fn latest_version() -> i64 {
    i64::try_from(MIGRATION_FILES.dirs().count()).unwrap_or(i64::MAX)
}

/// A SQLite database file. Connections are pooled; WAL mode lets readers run beside the one writer.
pub(super) struct Sqlite {
    path: String,
    pool: Mutex<Vec<Connection>>,
    /// Held by every write: SQLite takes one writer at a time, and a writer that finds it busy sleeps in
    /// steps of milliseconds, so writers of this process queue here instead (other processes still wait
    /// through SQLite's busy timeout).
    writing: Mutex<()>,
    /// Makes every write durable before it returns, one disk sync for writes that finish together.
    group_sync: GroupSync,
    /// Where the timestamps of games and moves come from.
    clock: Clock,
}

/// How long a connection waits for another writer before giving up.
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

impl Sqlite {
    /// Opens (creating if needed, with its folders) the database file and brings its schema up to date.
    pub(super) fn open(path: &Path, clock: Clock) -> Result<Sqlite, StoreError> {
        let open_error = |reason: String| StoreError::Open {
            database: path.display().to_string(),
            reason,
        };
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent).map_err(|e| open_error(e.to_string()))?;
        }
        let store = Sqlite {
            path: path.display().to_string(),
            pool: Mutex::new(Vec::new()),
            writing: Mutex::new(()),
            group_sync: GroupSync::new(path),
            clock,
        };
        let mut conn = store.connect().map_err(|e| open_error(e.to_string()))?;
        let stored: i64 = conn
            .pragma_query_value(None, "user_version", |row| row.get(0))
            .map_err(|e| open_error(e.to_string()))?;
        if let Some(why) = codec::newer_schema(stored, latest_version()) {
            return Err(open_error(why));
        }
        MIGRATIONS
            .to_latest(&mut conn)
            .map_err(|e| open_error(e.to_string()))?;
        store.give_back(conn);
        Ok(store)
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

//! Closing the database at shutdown: everything in the write-ahead log goes into the database file.

use super::Sqlite;
use crate::store::StoreError;

impl Sqlite {
    /// Copies the write-ahead log into the database file, empties the log and closes the idle pooled
    /// connections (at shutdown, so the file alone holds every committed change). Waits for a write of
    /// this process that is under way; a later call on the store opens fresh connections.
    pub(in crate::store) fn checkpoint(&self) -> Result<(), StoreError> {
        self.with_writer(|conn| {
            conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))?;
            Ok(())
        })?;
        if let Ok(mut pool) = self.pool.lock() {
            pool.clear();
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::Clock;

    #[test]
    fn a_checkpoint_leaves_an_empty_log_and_the_data_in_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.db");
        let store = Sqlite::open(&path, Clock::system()).unwrap();
        store
            .with_writer(|conn| {
                conn.execute_batch(
                    "CREATE TABLE probe (n INTEGER); INSERT INTO probe VALUES (7);",
                )?;
                Ok(())
            })
            .unwrap();
        let wal = dir.path().join("games.db-wal");
        assert!(
            std::fs::metadata(&wal).unwrap().len() > 0,
            "the write went to the log first"
        );
        store.checkpoint().unwrap();
        assert_eq!(std::fs::metadata(&wal).map_or(0, |m| m.len()), 0);
        let copy = dir.path().join("copy.db");
        std::fs::copy(&path, &copy).unwrap();
        let n: i64 = rusqlite::Connection::open(&copy)
            .unwrap()
            .query_row("SELECT n FROM probe", [], |row| row.get(0))
            .unwrap();
        assert_eq!(n, 7, "the database file alone holds the write");
    }
}

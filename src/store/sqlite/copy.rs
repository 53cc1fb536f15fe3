//! SQLite's side of a database copy (see `store/copy/`): reading a file's rows, and writing a copy into
//! this database in one transaction.

use std::path::Path;

use rusqlite::types::Value as SqlValue;
use rusqlite::{Connection, OpenFlags, Transaction};

use super::Sqlite;
use super::games::{load_game, load_moves};
use crate::store::copy::tables::{CopiedTable, Kind};
use crate::store::copy::{CopyFailure, CopySource, CopySummary, CopyTarget, CopyWork, Value};
use crate::store::{GameRecord, MoveRecord, StoreError};

/// A SQLite file opened read-only, as the source of a copy.
pub(in crate::store) struct SqliteSource(Connection);

/// Opens the file at `path` read-only, in one read transaction (every table is read as it stood at the
/// first read, even while a bot writes to it); a file that does not exist is an error, not a new
/// database.
pub(in crate::store) fn open_source(path: &Path) -> Result<SqliteSource, StoreError> {
    if !path.is_file() {
        return Err(StoreError::Open {
            database: path.display().to_string(),
            reason: "no such file".into(),
        });
    }
    let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    conn.execute_batch("BEGIN")?;
    Ok(SqliteSource(conn))
}

impl CopySource for SqliteSource {
    fn schema_version(&mut self) -> Result<i64, StoreError> {
        Ok(self
            .0
            .pragma_query_value(None, "user_version", |row| row.get(0))?)
    }

    fn read_rows(
        &mut self,
        table: &CopiedTable,
        sink: &mut dyn FnMut(Vec<Value>) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        let sql = table.select_all();
        let mut stmt = self.0.prepare(&sql)?;
        let mut rows = stmt.query([])?;
        while let Some(row) = rows.next()? {
            let mut values = Vec::with_capacity(table.columns.len());
            for (i, (column, kind)) in table.columns.iter().enumerate() {
                let value = match (row.get::<_, SqlValue>(i)?, kind) {
                    (SqlValue::Null, _) => Value::Null,
                    (SqlValue::Integer(n), Kind::Int | Kind::Flag) => Value::Int(n),
                    (SqlValue::Text(text), Kind::Text) => Value::Text(text),
                    (other, _) => {
                        return Err(StoreError::Corrupt(format!(
                            "{}.{column} holds {other:?}, expected {kind:?}",
                            table.name
                        )));
                    }
                };
                values.push(value);
            }
            sink(values)?;
        }
        Ok(())
    }
}

impl Sqlite {
    /// Runs a copy's `work` in one transaction on this database, committing only if it succeeds, while
    /// no other write of this process runs; the copy is in the database file when this returns.
    pub(in crate::store) fn copy_in(
        &self,
        work: &mut CopyWork<'_>,
    ) -> Result<CopySummary, CopyFailure> {
        let summary = self.with_writer(|conn| {
            let tx = conn.transaction()?;
            let summary = work(&mut SqliteTarget(&tx));
            if summary.is_ok() {
                tx.commit()?;
            }
            Ok(summary)
        })??;
        self.checkpoint()?;
        Ok(summary)
    }
}

/// This database inside a copy's transaction.
struct SqliteTarget<'a>(&'a Transaction<'a>);

impl CopyTarget for SqliteTarget<'_> {
    fn count(&mut self, table: &CopiedTable) -> Result<i64, StoreError> {
        let sql = format!("SELECT COUNT(*) FROM {}", table.name);
        Ok(self.0.query_row(&sql, [], |row| row.get(0))?)
    }

    fn insert(&mut self, table: &CopiedTable, rows: &[Vec<Value>]) -> Result<(), StoreError> {
        let marks = vec!["?"; table.columns.len()].join(", ");
        let sql = format!(
            "INSERT INTO {} ({}) VALUES ({marks})",
            table.name,
            table.column_list()
        );
        let mut stmt = self.0.prepare_cached(&sql)?;
        for row in rows {
            let values = row.iter().map(|value| match value {
                Value::Null => SqlValue::Null,
                Value::Int(n) => SqlValue::Integer(*n),
                Value::Text(text) => SqlValue::Text(text.clone()),
            });
            stmt.execute(rusqlite::params_from_iter(values))?;
        }
        Ok(())
    }

    fn game_ids(&mut self) -> Result<Vec<i64>, StoreError> {
        let mut stmt = self.0.prepare("SELECT id FROM games ORDER BY id")?;
        let ids = stmt
            .query_map([], |row| row.get(0))?
            .collect::<Result<_, _>>()?;
        Ok(ids)
    }

    fn game_and_moves(&mut self, id: i64) -> Result<(GameRecord, Vec<MoveRecord>), StoreError> {
        let game = load_game(self.0, "id = ?1", &id)?.ok_or(StoreError::NotFound)?;
        Ok((game, load_moves(self.0, id)?))
    }

    /// SQLite gives a new game the largest id + 1: nothing to do.
    fn follow_ids(&mut self) -> Result<(), StoreError> {
        Ok(())
    }
}

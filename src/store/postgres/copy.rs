//! PostgreSQL's side of a database copy (see `store/copy/`): reading a server's rows, and writing a copy
//! into this database in one transaction.

use ::postgres::fallible_iterator::FallibleIterator;
use ::postgres::types::ToSql;
use ::postgres::{Client, NoTls, Row, Transaction};

use super::Postgres;
use super::games::{GAME_BY_ID, load_game, load_moves};
use super::prepared::Session;
use crate::store::copy::tables::{CopiedTable, Kind};
use crate::store::copy::{CopyFailure, CopySource, CopySummary, CopyTarget, CopyWork, Value};
use crate::store::{GameRecord, MoveRecord, StoreError};

/// A connection to a PostgreSQL database, as the source of a copy.
pub(in crate::store) struct PostgresSource(Client);

/// Connects to the database at `url`, in one read-only transaction that sees every table as it stood
/// at its first read (even while bots write to it).
pub(in crate::store) fn open_source(url: &str) -> Result<PostgresSource, StoreError> {
    let mut client = Client::connect(url, NoTls)?;
    client.batch_execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")?;
    Ok(PostgresSource(client))
}

impl CopySource for PostgresSource {
    fn schema_version(&mut self) -> Result<i64, StoreError> {
        let has_schema: bool = self
            .0
            .query_one("SELECT to_regclass('roundhouse_schema') IS NOT NULL", &[])?
            .try_get(0)?;
        if !has_schema {
            return Ok(0);
        }
        let version = self
            .0
            .query_opt("SELECT version FROM roundhouse_schema", &[])?
            .map(|row| row.try_get(0))
            .transpose()?;
        Ok(version.unwrap_or(0))
    }

    fn read_rows(
        &mut self,
        table: &CopiedTable,
        sink: &mut dyn FnMut(Vec<Value>) -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        let sql = table.select_all();
        let mut rows = self.0.query_raw(&sql, std::iter::empty::<i64>())?;
        while let Some(row) = rows.next()? {
            sink(values_of(table, &row)?)?;
        }
        Ok(())
    }
}

/// A row's columns as copied.
fn values_of(table: &CopiedTable, row: &Row) -> Result<Vec<Value>, StoreError> {
    table
        .columns
        .iter()
        .enumerate()
        .map(|(i, (_, kind))| {
            let value = match kind {
                Kind::Int => row.try_get::<_, Option<i64>>(i)?.map(Value::Int),
                Kind::Flag => row
                    .try_get::<_, Option<bool>>(i)?
                    .map(|flag| Value::Int(i64::from(flag))),
                Kind::Text => row.try_get::<_, Option<String>>(i)?.map(Value::Text),
            };
            Ok(value.unwrap_or(Value::Null))
        })
        .collect()
}

/// A value as a parameter for a column of `kind`.
fn parameter(kind: Kind, value: &Value) -> Box<dyn ToSql + Sync> {
    match (kind, value) {
        (Kind::Int, Value::Int(n)) => Box::new(Some(*n)),
        (Kind::Flag, Value::Int(n)) => Box::new(Some(*n != 0)),
        (Kind::Text, Value::Text(text)) => Box::new(Some(text.clone())),
        (Kind::Int, _) => Box::new(None::<i64>),
        (Kind::Flag, _) => Box::new(None::<bool>),
        (Kind::Text, _) => Box::new(None::<String>),
    }
}

impl Postgres {
    /// Runs a copy's `work` in one transaction on this database, committing only if it succeeds.
    pub(in crate::store) fn copy_in(
        &self,
        work: &mut CopyWork<'_>,
    ) -> Result<CopySummary, CopyFailure> {
        let mut connection = self.connection()?;
        let (client, prepared) = connection.parts();
        let mut tx = client.transaction().map_err(StoreError::from)?;
        tx.batch_execute("SET LOCAL statement_timeout = 0")
            .map_err(StoreError::from)?;
        let summary = work(&mut PostgresTarget(Session::new(&mut tx, prepared)));
        if summary.is_ok() {
            tx.commit().map_err(StoreError::from)?;
        }
        summary
    }
}

/// This database inside a copy's transaction.
struct PostgresTarget<'a, 'b>(Session<'a, Transaction<'b>>);

impl CopyTarget for PostgresTarget<'_, '_> {
    fn count(&mut self, table: &CopiedTable) -> Result<i64, StoreError> {
        let sql = format!("SELECT COUNT(*) FROM {}", table.name);
        Ok(self.0.client().query_one(&sql, &[])?.try_get(0)?)
    }

    /// One statement for the whole batch: far fewer round trips than a row at a time.
    fn insert(&mut self, table: &CopiedTable, rows: &[Vec<Value>]) -> Result<(), StoreError> {
        if rows.is_empty() {
            return Ok(());
        }
        let width = table.columns.len();
        let tuples: Vec<String> = (0..rows.len())
            .map(|r| {
                let marks: Vec<String> =
                    (1..=width).map(|c| format!("${}", r * width + c)).collect();
                format!("({})", marks.join(", "))
            })
            .collect();
        let sql = format!(
            "INSERT INTO {} ({}) VALUES {}",
            table.name,
            table.column_list(),
            tuples.join(", ")
        );
        let parameters: Vec<Box<dyn ToSql + Sync>> = rows
            .iter()
            .flat_map(|row| {
                table
                    .columns
                    .iter()
                    .zip(row)
                    .map(|((_, kind), value)| parameter(*kind, value))
            })
            .collect();
        let references: Vec<&(dyn ToSql + Sync)> = parameters.iter().map(AsRef::as_ref).collect();
        self.0.client().execute(&sql, &references)?;
        Ok(())
    }

    fn game_ids(&mut self) -> Result<Vec<i64>, StoreError> {
        self.0
            .query("SELECT id FROM games ORDER BY id", &[])?
            .iter()
            .map(|row| Ok(row.try_get(0)?))
            .collect()
    }

    fn game_and_moves(&mut self, id: i64) -> Result<(GameRecord, Vec<MoveRecord>), StoreError> {
        let game = load_game(&mut self.0, GAME_BY_ID, &id)?.ok_or(StoreError::NotFound)?;
        Ok((game, load_moves(&mut self.0, id)?))
    }

    /// Sets the games' id sequence past the largest id copied, so that the next game made gets a new one.
    fn follow_ids(&mut self) -> Result<(), StoreError> {
        self.0.execute(
            "SELECT setval(pg_get_serial_sequence('games', 'id'), COALESCE(MAX(id), 0) + 1, false) \
             FROM games",
            &[],
        )?;
        Ok(())
    }
}

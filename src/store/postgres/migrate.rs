//! The PostgreSQL schema: the migrations in `migrations/postgres/NN-name/up.sql`, embedded in the binary
//! and applied in order at start-up, with the schema's version in `roundhouse_schema`. Numbered as the
//! SQLite ones, so that version N means the same tables in both.
//!
//! Written here rather than taken from a crate: the migration crates for PostgreSQL bring their own
//! async runtimes or ORMs, and this is a loop over a folder under one lock.

use ::postgres::Transaction;
use include_dir::{Dir, include_dir};

use super::prepared::Session;

use crate::store::{StoreError, codec};

static MIGRATION_FILES: Dir = include_dir!("$CARGO_MANIFEST_DIR/migrations/postgres");

/// Any constant shared by every Roundhouse process: the advisory lock that makes processes starting
/// together migrate one after the other.
const MIGRATION_LOCK: i64 = 0x526f_756e_6468_6f75;

/// One migration: its number (from 1) and its SQL.
struct Migration {
    version: i64,
    sql: &'static str,
}

/// The embedded migrations, in order; numbered 1, 2, 3, ... by their folders' order.
fn migrations() -> Vec<Migration> {
    let mut folders: Vec<&Dir> = MIGRATION_FILES.dirs().collect();
    folders.sort_by_key(|dir| dir.path());
    folders
        .into_iter()
        .zip(1..)
        .map(|(dir, version)| Migration {
            version,
            sql: dir
                .get_file(dir.path().join("up.sql"))
                .and_then(|file| file.contents_utf8())
                .expect("every folder in migrations/postgres/ has an up.sql in UTF-8"),
        })
        .collect()
}

/// Brings the schema up to date inside `tx`; refuses a schema newer than this program's.
pub(super) fn to_latest(tx: &mut Session<'_, Transaction<'_>>) -> Result<(), StoreError> {
    tx.client()
        .batch_execute("SET LOCAL statement_timeout = 0")?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])?;
    tx.client()
        .batch_execute("CREATE TABLE IF NOT EXISTS roundhouse_schema (version BIGINT NOT NULL)")?;
    let stored: Option<i64> = tx
        .query_opt("SELECT version FROM roundhouse_schema", &[])?
        .map(|row| row.try_get(0))
        .transpose()?;
    if stored.is_none() {
        tx.execute("INSERT INTO roundhouse_schema (version) VALUES (0)", &[])?;
    }
    let current = stored.unwrap_or(0);
    let all = migrations();
    let latest = all.last().map_or(0, |m| m.version);
    if let Some(why) = codec::newer_schema(current, latest) {
        return Err(StoreError::Corrupt(why));
    }
    for migration in all.iter().filter(|m| m.version > current) {
        tx.client().batch_execute(migration.sql)?;
        tx.execute(
            "UPDATE roundhouse_schema SET version = $1",
            &[&migration.version],
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_migrations_are_numbered_as_the_sqlite_ones() {
        let mut postgres: Vec<_> = MIGRATION_FILES
            .dirs()
            .map(|d| d.path().display().to_string())
            .collect();
        let mut sqlite: Vec<_> = std::fs::read_dir("migrations/sqlite")
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        postgres.sort();
        sqlite.sort();
        assert!(!sqlite.is_empty());
        assert_eq!(
            postgres, sqlite,
            "the same migrations, under the same names"
        );
        assert_eq!(migrations().len(), sqlite.len());
        assert!(migrations().iter().all(|m| !m.sql.trim().is_empty()));
    }
}

//! The PostgreSQL backend: a pool of connections to one server, migrations from `migrations/postgres/`
//! embedded in the binary, every write one transaction. Several processes may share the database: the
//! version check of every write is a conditional `UPDATE`, which PostgreSQL decides under the row's lock,
//! and the unique constraints (one open game per channel, one post per channel and day, one row per
//! reminder) hold across processes.
//!
//! Why these crates: `postgres` is the synchronous face of `tokio-postgres`, the most used and best kept
//! Rust client; the store is called from blocking threads only, so a synchronous client fits it without
//! making the store async (each connection runs its own small runtime, which works from tokio's blocking
//! threads but not from its async workers; `tests/table/store_threads.rs` checks it through the table).
//! `r2d2_postgres` is the same authors' pool for it, with `r2d2`, a small, stable, widely used pool.

mod activity;
mod daily;
mod errors;
mod games;
mod migrate;
mod shard_filter;
mod stats;

use std::time::Duration;

use ::postgres::{Client, NoTls, Transaction};
use r2d2_postgres::PostgresConnectionManager;
use r2d2_postgres::r2d2::Pool;

use super::StoreError;
use crate::clock::Clock;

/// Most connections one store keeps: as many as the table's blocking threads.
const MAX_CONNECTIONS: u32 = 16;

/// How long a command waits for a connection (the server down, or every connection in use) before it is
/// told the database cannot be reached.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// A PostgreSQL database.
pub(super) struct Postgres {
    pool: Pool<PostgresConnectionManager<NoTls>>,
    /// Where the timestamps of games and moves come from.
    clock: Clock,
}

impl Postgres {
    /// Connects to the server at `url` and brings the schema up to date.
    pub(super) fn open(url: &str, clock: Clock) -> Result<Postgres, StoreError> {
        let open_error = |database: String, reason: String| StoreError::Open { database, reason };
        let config: ::postgres::Config = url.parse().map_err(|e: ::postgres::Error| {
            open_error(
                "(a postgres:// URL)".into(),
                format!("{e}; expected postgres://user[:password]@host[:port]/database"),
            )
        })?;
        let database = errors::describe_target(&config);
        let manager = PostgresConnectionManager::new(config, NoTls);
        let pool = Pool::builder()
            .max_size(MAX_CONNECTIONS)
            .min_idle(Some(1))
            .connection_timeout(CONNECT_TIMEOUT)
            .build(manager)
            .map_err(|e| open_error(database.clone(), e.to_string()))?;
        let store = Postgres { pool, clock };
        store.with_tx(migrate::to_latest).map_err(|e| {
            let reason = match e {
                StoreError::Database(reason)
                | StoreError::Unreachable(reason)
                | StoreError::Corrupt(reason) => reason,
                other => other.to_string(),
            };
            open_error(database, reason)
        })?;
        Ok(store)
    }

    /// Runs `work` on a pooled connection.
    fn with_client<T>(
        &self,
        work: impl FnOnce(&mut Client) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let mut client = self
            .pool
            .get()
            .map_err(|e| StoreError::Unreachable(e.to_string()))?;
        work(&mut client)
    }

    /// Runs `work` in one transaction on a pooled connection, committing if it succeeds (and rolling
    /// back otherwise).
    fn with_tx<T>(
        &self,
        work: impl FnOnce(&mut Transaction<'_>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        self.with_client(|client| {
            let mut tx = client.transaction()?;
            let value = work(&mut tx)?;
            tx.commit()?;
            Ok(value)
        })
    }

    /// Nothing to do at shutdown: the server keeps committed changes in its own files.
    pub(super) fn checkpoint(&self) -> Result<(), StoreError> {
        Ok(())
    }
}

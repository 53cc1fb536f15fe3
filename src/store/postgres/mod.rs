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
pub(super) mod copy;
mod daily;
mod errors;
mod games;
mod migrate;
mod prepared;
mod shard_filter;
mod stats;

use std::time::Duration;

use ::postgres::{Client, NoTls, Transaction};
use r2d2_postgres::PostgresConnectionManager;
use r2d2_postgres::r2d2::{Pool, PooledConnection};

use prepared::{ConnectionManager, Session};

use super::StoreError;
use crate::clock::Clock;

/// Most connections one store keeps: as many as the table's blocking threads.
const MAX_CONNECTIONS: u32 = 16;

/// How long a command waits for a connection (the server down, or every connection in use) before it is
/// told the database cannot be reached; also the longest a new connection's TCP connect may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// How long data sent to the server may stay unacknowledged before the connection counts as broken (a
/// server or network that vanished without closing it), unless the URL sets `tcp_user_timeout`.
const UNACKNOWLEDGED_TIMEOUT: Duration = Duration::from_secs(30);

/// The longest one statement may run before the server cancels it (a server overloaded, or a lock
/// that is not let go), so that the command is told to try again ([`StoreError::TooSlow`]) instead of
/// waiting on; unless the URL
/// sets `statement_timeout` in its `options`. Migrations and copies, which may take long on a big
/// database, lift it for their own transaction.
const STATEMENT_TIMEOUT: Duration = Duration::from_secs(30);

/// A PostgreSQL database.
pub(super) struct Postgres {
    pool: Pool<ConnectionManager>,
    /// Where the timestamps of games and moves come from.
    clock: Clock,
}

/// `config` with bounds on waiting for a server that does not answer, where the URL sets none: the TCP
/// connect (so the pool's threads that make connections are never stuck for the system's minutes),
/// data left unacknowledged (so a query on a connection to a vanished server fails instead of
/// hanging), and a statement's time on the server. (A server that hangs while its machine still
/// acknowledges the bytes is caught by the pool's bounded check of each connection before its use:
/// see `prepared.rs`. One that hangs in the middle of a statement is not: the synchronous client has
/// no time limit of its own on a query.)
fn bounded(mut config: ::postgres::Config) -> ::postgres::Config {
    let options = config.get_options().unwrap_or_default();
    if !options.contains("statement_timeout") {
        let limit = STATEMENT_TIMEOUT.as_millis();
        let options = format!("{options} -c statement_timeout={limit}");
        config.options(options.trim_start());
    }
    if config.get_connect_timeout().is_none() {
        config.connect_timeout(CONNECT_TIMEOUT);
    }
    if config.get_tcp_user_timeout().is_none() {
        config.tcp_user_timeout(UNACKNOWLEDGED_TIMEOUT);
    }
    config
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
        let config = bounded(config);
        let manager = ConnectionManager(PostgresConnectionManager::new(config, NoTls));
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

    /// A connection from the pool. How the pool (r2d2, `src/lib.rs` of r2d2 0.8) survives a
    /// server that restarts or hangs: every connection is tested when checked out (`test_on_check_out`,
    /// on by default: an empty query, answered within a bound, see `prepared.rs`) and dropped if the
    /// server closed it or did not answer, and one that failed is dropped
    /// when given back (`has_broken`); new connections are made on the pool's own threads, retried after
    /// 200 ms, then twice as long each time, up to half of [`CONNECT_TIMEOUT`]; and a checkout waits at
    /// most [`CONNECT_TIMEOUT`], then fails with the last connection error, which is
    /// [`StoreError::Unreachable`] (the table's "try again in a moment"). A query under way when the
    /// connection breaks fails the same way; its transaction is rolled back by the server. Only a break
    /// during the commit itself leaves the outcome unknown (the server may have committed before the
    /// connection went): [`Postgres::with_tx`] reports that as [`StoreError::Unconfirmed`].
    fn connection(&self) -> Result<PooledConnection<ConnectionManager>, StoreError> {
        self.pool
            .get()
            .map_err(|e| StoreError::Unreachable(e.to_string()))
    }

    /// Runs `work` on a pooled connection.
    fn with_client<T>(
        &self,
        work: impl FnOnce(&mut Session<'_, Client>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let mut connection = self.connection()?;
        let (client, prepared) = connection.parts();
        work(&mut Session::new(client, prepared))
    }

    /// Runs `work`, whose one write is a single statement that commits on its own, on a pooled
    /// connection. A connection lost meanwhile is [`StoreError::Unconfirmed`], as a commit's would be:
    /// the statement may have been carried out.
    fn with_one_write<T>(
        &self,
        work: impl FnOnce(&mut Session<'_, Client>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        self.with_client(work).map_err(unconfirmed)
    }

    /// Runs `work` in one transaction on a pooled connection, committing if it succeeds (and rolling
    /// back otherwise). A connection lost during the commit is [`StoreError::Unconfirmed`], never
    /// "nothing was done": the commit may have reached the server.
    fn with_tx<T>(
        &self,
        work: impl FnOnce(&mut Session<'_, Transaction<'_>>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let mut connection = self.connection()?;
        let (client, prepared) = connection.parts();
        let mut tx = client.transaction()?;
        let value = work(&mut Session::new(&mut tx, prepared))?;
        tx.commit().map_err(|e| unconfirmed(StoreError::from(e)))?;
        Ok(value)
    }

    /// Nothing to do at shutdown: the server keeps committed changes in its own files.
    pub(super) fn checkpoint(&self) -> Result<(), StoreError> {
        Ok(())
    }
}

/// `error`, but a lost connection as [`StoreError::Unconfirmed`]: for a write that may have been made
/// before the connection went.
fn unconfirmed(error: StoreError) -> StoreError {
    match error {
        StoreError::Unreachable(detail) => StoreError::Unconfirmed(detail),
        other => other,
    }
}

//! Pooled connections that keep the statements prepared on them.
//!
//! Why our own: `postgres::Client::query` with SQL text prepares the statement anew each time, one
//! extra round trip to the server per query (a move made ten of them), and neither `postgres` nor
//! `r2d2_postgres` keeps prepared statements (`deadpool-postgres`, which does, is async only). So the
//! pool's connection is a [`Connection`]: the client with the statements prepared on it, by their SQL.
//! Only queries written in the code are kept (`&'static str`), so the map stays small; SQL built at
//! run time goes to the client itself.

use std::collections::HashMap;
use std::time::Duration;

use ::postgres::types::ToSql;
use ::postgres::{Client, GenericClient, NoTls, Row, Statement};
use r2d2_postgres::PostgresConnectionManager;
use r2d2_postgres::r2d2::ManageConnection;

/// A connection in the pool: the client and the statements prepared on it.
pub(super) struct Connection {
    /// Always there but while the connection is dropped (see [`Connection`]'s `Drop`).
    client: Option<Client>,
    prepared: HashMap<&'static str, Statement>,
}

/// Closing a client waits until the server has sent every answer still owed (postgres 0.19's
/// `Client::drop`), which a frozen server never does; the pool drops a connection that failed its check
/// on the thread of the command that asked for it. So the client is closed on a thread of its own.
impl Drop for Connection {
    fn drop(&mut self) {
        if let Some(client) = self.client.take() {
            std::thread::spawn(move || drop(client));
        }
    }
}

/// How long the pool's check of a connection (an empty query, before each use) waits for the server:
/// a server that froze (its machine still acknowledging the bytes, so TCP notices nothing) must not
/// hold a command forever. The connection is then dropped and the checkout goes on as for a closed one.
const CHECK_TIMEOUT: Duration = Duration::from_secs(2);

/// Makes and checks [`Connection`]s for the pool, as `r2d2_postgres` does for bare clients, but with
/// a bound on the check.
#[derive(Debug)]
pub(super) struct ConnectionManager(pub(super) PostgresConnectionManager<NoTls>);

impl ManageConnection for ConnectionManager {
    type Connection = Connection;
    type Error = ::postgres::Error;

    fn connect(&self) -> Result<Connection, Self::Error> {
        Ok(Connection {
            client: Some(self.0.connect()?),
            prepared: HashMap::new(),
        })
    }

    fn is_valid(&self, connection: &mut Connection) -> Result<(), Self::Error> {
        connection.client().is_valid(CHECK_TIMEOUT)
    }

    fn has_broken(&self, connection: &mut Connection) -> bool {
        self.0.has_broken(connection.client())
    }
}

/// A connection at work: its client (or a transaction on it) and the statements prepared on it.
pub(super) struct Session<'a, C> {
    client: &'a mut C,
    prepared: &'a mut HashMap<&'static str, Statement>,
}

impl Connection {
    fn client(&mut self) -> &mut Client {
        self.parts().0
    }

    /// The connection's client, and its prepared statements for work on it.
    pub(super) fn parts(&mut self) -> (&mut Client, &mut HashMap<&'static str, Statement>) {
        let client = self
            .client
            .as_mut()
            .expect("a connection has its client until it is dropped");
        (client, &mut self.prepared)
    }
}

impl<'a, C: GenericClient> Session<'a, C> {
    /// Work on `client` (a connection's client or a transaction on it) with its prepared statements.
    pub(super) fn new(
        client: &'a mut C,
        prepared: &'a mut HashMap<&'static str, Statement>,
    ) -> Session<'a, C> {
        Session { client, prepared }
    }

    /// The client itself, for SQL built at run time (never kept prepared).
    pub(super) fn client(&mut self) -> &mut C {
        self.client
    }

    /// The statement for `sql`, prepared on this connection the first time it is asked for. A
    /// statement prepared inside a transaction stays prepared after it, even if it rolls back.
    fn statement(&mut self, sql: &'static str) -> Result<Statement, ::postgres::Error> {
        if let Some(statement) = self.prepared.get(sql) {
            return Ok(statement.clone());
        }
        let statement = self.client.prepare(sql)?;
        self.prepared.insert(sql, statement.clone());
        Ok(statement)
    }

    /// Runs `sql`, returning its rows.
    pub(super) fn query(
        &mut self,
        sql: &'static str,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<Vec<Row>, ::postgres::Error> {
        let statement = self.statement(sql)?;
        self.client.query(&statement, params)
    }

    /// Runs `sql`, returning its one row.
    pub(super) fn query_one(
        &mut self,
        sql: &'static str,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<Row, ::postgres::Error> {
        let statement = self.statement(sql)?;
        self.client.query_one(&statement, params)
    }

    /// Runs `sql`, returning its row if it has one.
    pub(super) fn query_opt(
        &mut self,
        sql: &'static str,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<Option<Row>, ::postgres::Error> {
        let statement = self.statement(sql)?;
        self.client.query_opt(&statement, params)
    }

    /// Runs `sql`, returning how many rows it changed.
    pub(super) fn execute(
        &mut self,
        sql: &'static str,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<u64, ::postgres::Error> {
        let statement = self.statement(sql)?;
        self.client.execute(&statement, params)
    }
}

//! A fresh database for each test, on each backend: a SQLite file in a temporary folder, or a PostgreSQL
//! schema of its own on the server named by `ROUNDHOUSE_TEST_DATABASE_URL` (so tests run in parallel
//! on one server), dropped when the test ends.
//!
//! Without that variable a PostgreSQL test says that it did not run and passes, except in CI (`CI` set),
//! where it fails: CI must not skip them.

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

use roundhouse::clock::Clock;
use roundhouse::store::{Database, Store};

/// The variable naming the PostgreSQL server the tests use.
pub const URL_VARIABLE: &str = "ROUNDHOUSE_TEST_DATABASE_URL";

/// A database for one test; a PostgreSQL schema is dropped when this is dropped.
pub struct TestDb {
    database: Database,
    /// The temporary folder of a SQLite file, or the server and schema to drop.
    owned: Owned,
}

enum Owned {
    /// Kept only to be removed when the test ends.
    Folder {
        _dir: tempfile::TempDir,
    },
    Schema {
        server: String,
        name: String,
    },
}

impl TestDb {
    /// An empty SQLite file of its own.
    pub fn sqlite() -> TestDb {
        let dir = tempfile::tempdir().unwrap();
        let path: PathBuf = dir.path().join("test.db");
        TestDb {
            database: Database::Sqlite(path),
            owned: Owned::Folder { _dir: dir },
        }
    }

    /// An empty schema of its own on the test server, or `None` (and a note on the terminal) if no
    /// server is named; panics in CI when none is.
    pub fn postgres() -> Option<TestDb> {
        let Ok(server) = std::env::var(URL_VARIABLE) else {
            let test = std::thread::current().name().unwrap_or("?").to_owned();
            let in_ci = std::env::var("CI").is_ok_and(|ci| !ci.is_empty());
            assert!(
                !in_ci,
                "{URL_VARIABLE} is not set, so {test} cannot run on PostgreSQL; CI must set it \
                 (.ci/run does)"
            );
            // Straight to the terminal: the test harness keeps what `eprintln!` writes of passing tests.
            let _ = writeln!(
                std::io::stderr(),
                "NOT RUN on PostgreSQL: {test} ({URL_VARIABLE} is not set)"
            );
            return None;
        };
        let name = fresh_schema_name();
        ensure_database(&server);
        admin(&server, &format!("CREATE SCHEMA {name}"));
        let separator = if server.contains('?') { '&' } else { '?' };
        let url = format!("{server}{separator}options=-c%20search_path%3D{name}");
        Some(TestDb {
            database: Database::Postgres(url),
            owned: Owned::Schema { server, name },
        })
    }

    /// The database, as a store opens it.
    pub fn database(&self) -> &Database {
        &self.database
    }

    /// A store on this database (a new pool each time: for PostgreSQL, as another process would have).
    pub fn open(&self) -> Store {
        self.open_with_clock(Clock::system())
    }

    /// [`TestDb::open`] with the time from `clock`.
    pub fn open_with_clock(&self, clock: Clock) -> Store {
        Store::connect(&self.database, clock).unwrap()
    }

    /// Runs `sql` on this database outside any store (to set up what a test needs); PostgreSQL only.
    pub fn execute(&self, sql: &str) {
        match &self.owned {
            Owned::Schema { server, name } => {
                admin(server, &format!("SET search_path TO {name}; {sql}"))
            }
            Owned::Folder { .. } => panic!("TestDb::execute is for PostgreSQL"),
        }
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if let Owned::Schema { server, name } = &self.owned {
            admin(server, &format!("DROP SCHEMA IF EXISTS {name} CASCADE"));
        }
    }
}

/// A schema name no other test (of this or another test process) uses.
fn fresh_schema_name() -> String {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    format!(
        "rh_test_{}_{}_{nanos}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    )
}

/// Creates the database the URL names if the server does not have it yet (a fresh server has only
/// `postgres`), once per test process; tests running at once may race to create it, and one wins.
fn ensure_database(server: &str) {
    static CHECKED: std::sync::Once = std::sync::Once::new();
    let server = server.to_owned();
    CHECKED.call_once(|| {
        std::thread::spawn(move || {
            let config: postgres::Config = server.parse().expect("a postgres:// URL");
            let missing = match config.connect(postgres::NoTls) {
                Ok(_) => return,
                Err(e) => e.code() == Some(&postgres::error::SqlState::INVALID_CATALOG_NAME),
            };
            let name = config.get_dbname().filter(|_| missing);
            let Some(name) = name else {
                return;
            };
            let mut maintenance = config.clone();
            maintenance.dbname("postgres");
            let mut client = maintenance
                .connect(postgres::NoTls)
                .unwrap_or_else(|e| panic!("cannot reach the test server {URL_VARIABLE}: {e}"));
            if let Err(e) = client.batch_execute(&format!("CREATE DATABASE \"{name}\"")) {
                let raced = e.code() == Some(&postgres::error::SqlState::DUPLICATE_DATABASE);
                assert!(raced, "cannot create the test database {name}: {e}");
            }
        })
        .join()
        .unwrap();
    });
}

/// Runs `sql` on the server over a connection of its own, on a thread of its own (the synchronous
/// client cannot run inside an async test's runtime).
fn admin(server: &str, sql: &str) {
    let (server, sql) = (server.to_owned(), sql.to_owned());
    std::thread::spawn(move || {
        let mut client = postgres::Client::connect(&server, postgres::NoTls)
            .unwrap_or_else(|e| panic!("cannot reach the test server {URL_VARIABLE}: {e}"));
        client
            .batch_execute(&sql)
            .unwrap_or_else(|e| panic!("{sql}: {e}"));
    })
    .join()
    .unwrap();
}

/// Defines a test twice, as `NAME::sqlite` and `NAME::postgres`: the body gets `&TestDb`, a fresh
/// database of that backend.
macro_rules! on_both_backends {
    ($(#[$meta:meta])* fn $name:ident($db:ident) $body:block) => {
        $(#[$meta])*
        mod $name {
            #[allow(unused_imports)]
            use super::*;
            use crate::test_db::TestDb;

            fn body($db: &TestDb) $body

            #[test]
            fn sqlite() {
                body(&TestDb::sqlite());
            }

            #[test]
            fn postgres() {
                if let Some(db) = TestDb::postgres() {
                    body(&db);
                }
            }
        }
    };
}

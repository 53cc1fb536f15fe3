//! A simulated load of 10,000 guilds with one game each, store only (issue 16): the size of the database,
//! the time to list the idle games for the reminder sweep (`Store::idle_games`; target ≤ 50 ms), and the
//! memory of the process holding the store, on a SQLite file and on PostgreSQL (the server named by
//! `ROUNDHOUSE_TEST_DATABASE_URL`, in a schema of its own, dropped afterwards; without it only SQLite).
//!
//! The games are the stored games in play of `tests/data/stored/` (every kind), one per guild, last
//! changed from now to 14 days ago. The SQLite file is written with plain SQL in one transaction (through
//! the store it would take one disk sync per game); PostgreSQL gets it with `Store::copy_database`,
//! which checks every game, and the time of that copy is printed too.

use std::hint::black_box;
use std::path::Path;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use roundhouse::clock::Clock;
use roundhouse::shards::ShardRange;
use roundhouse::store::{Database, Store};
use roundhouse::table::replays_to_snapshot;

// The bench uses the tests' fresh-database helper, not all of it.
#[allow(dead_code, unused_macros)]
#[path = "../tests/support/test_db.rs"]
mod test_db;

use test_db::TestDb;

// The bench reads the fields of the stored games it writes, not all of them.
#[allow(dead_code)]
#[path = "../tests/support/stored_games.rs"]
mod stored;

use stored::{StoredGame, stored_games};

/// Guilds, one game each.
const GUILDS: i64 = 10_000;

/// "Now" for the load: games were last changed up to 14 days before it.
const NOW: i64 = 1_800_000_000;

/// The reminder sweep's question: games in play untouched for 12 hours.
const IDLE_SINCE: i64 = NOW - 12 * 3600;

/// The stored games in play, one of each kind that has one.
fn games_in_play() -> Vec<StoredGame> {
    stored_games()
        .into_iter()
        .map(|(_, game)| game)
        .filter(|game| game.status == "active")
        .collect()
}

/// Fills the (migrated, empty) SQLite file at `path` with one game in play per guild.
fn fill(path: &Path) {
    let games = games_in_play();
    let mut conn = rusqlite::Connection::open(path).unwrap();
    let tx = conn.transaction().unwrap();
    for id in 1..=GUILDS {
        let game = &games[id as usize % games.len()];
        let updated = NOW - (id * 7919) % (14 * 24 * 3600);
        let created = updated - 3600;
        tx.execute(
            "INSERT INTO games (id, channel, guild, kind, status, options, seed, setup, snapshot, \
             version, host, created_at, updated_at, started_at) \
             VALUES (?1, ?2, ?3, ?4, 'active', ?5, ?6, ?7, ?8, ?9, 'host', ?10, ?11, ?10)",
            rusqlite::params![
                id,
                format!("channel-{id}"),
                format!("guild-{id}"),
                game.kind,
                game.options,
                i64::try_from(game.seed).expect("stored seeds fit SQLite's integers"),
                game.setup,
                game.snapshot,
                game.moves.len() as i64 + 2,
                created,
                updated,
            ],
        )
        .unwrap();
        for (seat, s) in game.seats.iter().enumerate() {
            let user = s.user_id.as_ref().map(|u| format!("{u}-{id}"));
            tx.execute(
                "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?1, ?2, ?3, ?4)",
                rusqlite::params![id, seat as i64, user, s.name],
            )
            .unwrap();
        }
        for (seq, m) in game.moves.iter().enumerate() {
            tx.execute(
                "INSERT INTO moves (game_id, seq, seat, notation, by_bot, at) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                rusqlite::params![id, seq as i64, m.seat as i64, m.notation, m.by_bot, created],
            )
            .unwrap();
        }
    }
    tx.commit().unwrap();
    conn.execute_batch("PRAGMA wal_checkpoint(TRUNCATE)")
        .unwrap();
}

/// The resident and peak memory of this process, from `/proc/self/status` (Linux).
fn memory() -> String {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|line| line.starts_with(name))
            .map_or("?".to_owned(), |line| line[name.len()..].trim().to_owned())
    };
    format!("resident {} (peak {})", field("VmRSS:"), field("VmHWM:"))
}

/// The size of the tables, indexes and TOAST of the schema the test URL names.
fn postgres_size(db: &TestDb) -> i64 {
    let Database::Postgres(url) = db.database() else {
        unreachable!("a PostgreSQL test database")
    };
    let mut client = postgres::Client::connect(url, postgres::NoTls).unwrap();
    client
        .query_one(
            "SELECT COALESCE(SUM(pg_total_relation_size(c.oid)), 0)::BIGINT FROM pg_class c \
             JOIN pg_namespace n ON n.oid = c.relnamespace \
             WHERE n.nspname = current_schema() AND c.relkind = 'r'",
            &[],
        )
        .unwrap()
        .get(0)
}

fn megabytes(bytes: u64) -> String {
    format!("{:.1} MB", bytes as f64 / 1_000_000.0)
}

/// The sweeps measured: a process holding every shard, and one holding shard 0 of 2 (half the guilds,
/// through the shard filter).
fn sweeps() -> [(&'static str, ShardRange); 2] {
    [
        ("all_shards", ShardRange::ONE),
        (
            "shard_0_of_2",
            ShardRange::new(2, 0, 0).expect("a valid range"),
        ),
    ]
}

fn idle_games_of_10k_guilds(c: &mut Criterion) {
    println!("before any store: {}", memory());
    let sqlite = TestDb::sqlite();
    let Database::Sqlite(path) = sqlite.database() else {
        unreachable!("a SQLite test database")
    };
    drop(Store::connect(sqlite.database(), Clock::system()).unwrap());
    let began = Instant::now();
    fill(path);
    println!(
        "sqlite: {GUILDS} games written in {:.1?}; file {}",
        began.elapsed(),
        megabytes(std::fs::metadata(path).unwrap().len())
    );
    let mut group = c.benchmark_group("reminder_sweep_10k_guilds");
    let store = Store::connect(sqlite.database(), Clock::system()).unwrap();
    let idle = store
        .idle_games(IDLE_SINCE, &ShardRange::ONE)
        .unwrap()
        .len();
    println!(
        "sqlite: {idle} of {GUILDS} games idle; after opening it and listing them: {}",
        memory()
    );
    for (name, shards) in sweeps() {
        group.bench_function(format!("idle_games/{name}/sqlite"), |b| {
            b.iter(|| black_box(store.idle_games(IDLE_SINCE, &shards).unwrap()))
        });
    }
    drop(store);

    match TestDb::postgres() {
        Some(postgres) => {
            let began = Instant::now();
            let summary = Store::copy_database(
                sqlite.database(),
                postgres.database(),
                &replays_to_snapshot,
                &mut |_| {},
            )
            .unwrap();
            println!(
                "postgres: copied from SQLite and checked ({} games replayed) in {:.1?}; tables and \
                 indexes {}",
                summary.games_checked,
                began.elapsed(),
                megabytes(postgres_size(&postgres) as u64)
            );
            let store = Store::connect(postgres.database(), Clock::system()).unwrap();
            assert_eq!(
                store
                    .idle_games(IDLE_SINCE, &ShardRange::ONE)
                    .unwrap()
                    .len(),
                idle
            );
            println!(
                "postgres: after opening it and listing the idle games: {}",
                memory()
            );
            for (name, shards) in sweeps() {
                group.bench_function(format!("idle_games/{name}/postgres"), |b| {
                    b.iter(|| black_box(store.idle_games(IDLE_SINCE, &shards).unwrap()))
                });
            }
        }
        None => println!(
            "PostgreSQL not measured: {} is not set",
            test_db::URL_VARIABLE
        ),
    }
    group.finish();
}

criterion_group!(benches, idle_games_of_10k_guilds);
criterion_main!(benches);

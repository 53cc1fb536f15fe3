//! A move through the table and the store, pictures off: the time from command to committed reply, on a
//! SQLite file and on PostgreSQL side by side (the server named by `ROUNDHOUSE_TEST_DATABASE_URL`, in a
//! schema of its own, dropped afterwards; without it only SQLite is measured).

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{
    BenchmarkGroup, Criterion, criterion_group, criterion_main, measurement::WallTime,
};
use roundhouse::table::{Caller, Command, Place, Table, TableOptions};

// The bench uses the tests' fresh-database helper, not all of it.
#[allow(dead_code, unused_macros)]
#[path = "../tests/support/test_db.rs"]
mod test_db;

use test_db::TestDb;

fn person(user: &str) -> Caller {
    Caller::new(user, user)
}

/// Opens and starts a two-person game in a fresh channel.
fn start_game(table: &Table, channel: usize) -> Place {
    let place = Place::channel(format!("bench-{channel}"));
    let new = Command::New {
        game: "yardmaster".into(),
        options: Vec::new(),
        seed: Some(channel as u64),
        sit: true,
    };
    table.handle(&place, &person("a"), new).unwrap();
    table.handle(&place, &person("b"), Command::Join).unwrap();
    table.handle(&place, &person("a"), Command::Start).unwrap();
    place
}

fn move_through_table_and_store(c: &mut Criterion) {
    let mut group = c.benchmark_group("table_move");
    measure_moves(&mut group, "sqlite", &TestDb::sqlite());
    match TestDb::postgres() {
        Some(db) => measure_moves(&mut group, "postgres", &db),
        None => println!(
            "PostgreSQL not measured: {} is not set",
            test_db::URL_VARIABLE
        ),
    }
    group.finish();
}

/// Measures moves in two-person games on `db`, a new game whenever one ends.
fn measure_moves(group: &mut BenchmarkGroup<'_, WallTime>, name: &str, db: &TestDb) {
    let options = TableOptions {
        pictures: false,
        ..TableOptions::default()
    };
    let table = Table::new(db.open(), options);
    let mut channel = 0;
    let mut place = start_game(&table, channel);
    group.bench_function(name, |b| {
        b.iter_custom(|iterations| {
            let mut spent = Duration::ZERO;
            for _ in 0..iterations {
                let mut waiting = table.people_to_act(&place).unwrap();
                if waiting.is_empty() {
                    channel += 1;
                    place = start_game(&table, channel);
                    waiting = table.people_to_act(&place).unwrap();
                }
                let who = person(&waiting[0]);
                let notation = table.legal_moves(&place, &who, "").unwrap()[0]
                    .notation
                    .clone();
                let began = Instant::now();
                black_box(table.handle(&place, &who, Command::Move(notation)).unwrap());
                spent += began.elapsed();
            }
            spent
        })
    });
}

criterion_group!(benches, move_through_table_and_store);
criterion_main!(benches);

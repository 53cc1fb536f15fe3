//! A move through the table and the store on a file database, pictures off: the time from command to
//! committed reply.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use roundhouse::store::Store;
use roundhouse::table::{Caller, Command, Place, Table, TableOptions};

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
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("bench.db")).unwrap();
    let options = TableOptions {
        pictures: false,
        ..TableOptions::default()
    };
    let table = Table::new(store, options);
    let mut channel = 0;
    let mut place = start_game(&table, channel);
    c.bench_function("table_move_file_db", |b| {
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

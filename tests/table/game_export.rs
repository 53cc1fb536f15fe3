//! `roundhouse export` on both backends: a game bots played to its end on a SQLite file or a
//! PostgreSQL schema is exported by the command (given the file or the URL) and by `export_game`, and
//! both replay to the stored snapshot and result.

use roundhouse::replay::{self, export::export_game};
use roundhouse::store::Database;
use roundhouse::table::{Table, TableOptions};
use serde_json::Value;

use super::game_replay::bots_play;
use super::test_db::TestDb;

fn exports_replay_to_the_stored_end(db: &TestDb) {
    let options = TableOptions {
        pictures: false,
        ..TableOptions::default()
    };
    let table = Table::new(db.open(), options);
    let record = bots_play(&table, "coal_train", 3, 11);
    let id = record.id;
    let snapshot: Value = serde_json::from_str(record.snapshot.as_deref().unwrap()).unwrap();

    let exported = serde_json::to_string(&export_game(table.store(), id).unwrap()).unwrap();
    let replayed = replay::replay("coal_train", &exported).unwrap();
    assert_eq!(replayed.state, snapshot);
    let places: Vec<(u32, i32)> = replayed
        .outcome
        .unwrap()
        .standings
        .iter()
        .map(|s| (s.place, s.score))
        .collect();
    let mut stored: Vec<(u32, i32)> = table
        .store()
        .results(id)
        .unwrap()
        .iter()
        .map(|r| (r.place, r.score))
        .collect();
    stored.sort_unstable();
    assert_eq!(places, stored);

    let setting = match db.database() {
        Database::Sqlite(path) => path.display().to_string(),
        Database::Postgres(url) => url.clone(),
    };
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_roundhouse"))
        .args(["export", "--db", &setting, &id.to_string()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let from_command: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        from_command,
        serde_json::from_str::<Value>(&exported).unwrap()
    );
}

#[test]
fn a_finished_game_exports_and_replays_to_its_end_on_sqlite() {
    exports_replay_to_the_stored_end(&TestDb::sqlite());
}

#[test]
fn a_finished_game_exports_and_replays_to_its_end_on_postgres() {
    if let Some(db) = TestDb::postgres() {
        exports_replay_to_the_stored_end(&db);
    }
}

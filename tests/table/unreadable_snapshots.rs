//! A stored snapshot that no longer reads after an upgrade (a field renamed, say): the table rebuilds
//! the game from its seed, setup and move log; and if the log does not replay either, that one game
//! fails with an error naming it and why, while other games play on.

use std::path::Path;

use roundhouse::games;
use roundhouse::store::{GameRecord, NewMove, Store, Update};
use roundhouse::table::{Caller, Command, FloodLimits, Place, Table, TableError, TableOptions};

fn table_at(path: &Path) -> Table {
    // The board is compared before and after; every one of them is public here.
    let options = TableOptions {
        pictures: false,
        limits: FloodLimits {
            board_cooldown_secs: 0,
            ..FloodLimits::default()
        },
        ..TableOptions::default()
    };
    Table::new(Store::open(path).unwrap(), options)
}

fn people() -> [Caller; 2] {
    [Caller::new("u-alice", "Alice"), Caller::new("u-bob", "Bob")]
}

/// Starts a two-person Yardmaster game in `channel` and plays `moves` moves (each the first legal one).
fn game_in(table: &Table, channel: &str, seed: u64, moves: usize) {
    let place = Place::channel(channel);
    let [alice, bob] = people();
    let new = Command::New {
        game: "yardmaster".into(),
        options: Vec::new(),
        seed: Some(seed),
        sit: true,
    };
    table.handle(&place, &alice, new).unwrap();
    table.handle(&place, &bob, Command::Join).unwrap();
    table.handle(&place, &alice, Command::Start).unwrap();
    for _ in 0..moves {
        play_first_legal(table, channel);
    }
}

/// The person who must act in `channel`.
fn to_act(table: &Table, channel: &str) -> Caller {
    let who = table.people_to_act(&Place::channel(channel)).unwrap();
    people()
        .into_iter()
        .find(|p| p.user_id == who[0])
        .expect("a person acts")
}

/// Makes the first legal move of whoever acts in `channel`.
fn play_first_legal(table: &Table, channel: &str) {
    let place = Place::channel(channel);
    let who = to_act(table, channel);
    let legal = table.legal_moves(&place, &who, "").unwrap();
    table
        .handle(&place, &who, Command::Move(legal[0].notation.clone()))
        .unwrap();
}

/// What everyone sees of the table in `channel`.
fn board(table: &Table, channel: &str) -> String {
    let reply = table
        .handle(&Place::channel(channel), &people()[0], Command::Board)
        .unwrap();
    reply.public.expect("the board is public").text
}

fn record(table: &Table, channel: &str) -> GameRecord {
    table.store().open_game(channel).unwrap().unwrap()
}

/// The record's snapshot with its `deck` field renamed, as an upgrade that renamed it would leave it.
fn renamed_field(record: &GameRecord) -> String {
    let snapshot = record.snapshot.as_deref().unwrap();
    assert!(snapshot.contains(r#""deck":"#));
    let renamed = snapshot.replacen(r#""deck":"#, r#""draw_deck":"#, 1);
    let kind = games::find(&record.kind).unwrap();
    assert!(
        kind.restore(&renamed).is_err(),
        "the renamed snapshot no longer reads"
    );
    renamed
}

#[test]
fn a_snapshot_that_no_longer_reads_is_rebuilt_from_the_log() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("t.db"));
    game_in(&table, "chan-1", 11, 4);
    let before = record(&table, "chan-1");
    let board_before = board(&table, "chan-1");
    let who = to_act(&table, "chan-1");
    let legal_before = table
        .legal_moves(&Place::channel("chan-1"), &who, "")
        .unwrap();

    let broken = Update {
        snapshot: Some(renamed_field(&before)),
        ..Update::default()
    };
    table
        .store()
        .update(before.id, before.version, &broken)
        .unwrap();

    assert_eq!(board(&table, "chan-1"), board_before);
    let legal = table
        .legal_moves(&Place::channel("chan-1"), &who, "")
        .unwrap();
    assert_eq!(legal, legal_before);
    play_first_legal(&table, "chan-1");
    let after = record(&table, "chan-1");
    assert_eq!(table.store().moves(after.id).unwrap().len(), 5);
    let kind = games::find(&after.kind).unwrap();
    let healed = after.snapshot.as_deref().unwrap();
    assert!(
        kind.restore(healed).is_ok(),
        "the next move stores a good snapshot"
    );
}

#[test]
fn a_game_whose_log_no_longer_replays_fails_alone_with_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("t.db"));
    game_in(&table, "chan-1", 11, 3);
    game_in(&table, "chan-2", 12, 3);
    let other_board = board(&table, "chan-2");

    let before = record(&table, "chan-1");
    let last = table.store().moves(before.id).unwrap().pop().unwrap();
    let broken = Update {
        snapshot: Some(renamed_field(&before)),
        truncate_moves_to: Some(last.seq),
        append_moves: vec![NewMove {
            seat: last.seat,
            notation: "up Z9|Z9".into(),
            by_bot: false,
        }],
        ..Update::default()
    };
    table
        .store()
        .update(before.id, before.version, &broken)
        .unwrap();

    let place = Place::channel("chan-1");
    let error = table
        .handle(&place, &people()[0], Command::Board)
        .unwrap_err();
    let TableError::Unloadable { game, detail } = &error else {
        panic!("expected an unloadable game, got {error:?}");
    };
    assert_eq!(*game, before.id);
    for part in [
        "snapshot is unreadable".to_owned(),
        format!("stored move {} `up Z9|Z9` refused", last.seq),
    ] {
        assert!(detail.contains(&part), "`{part}` in: {detail}");
    }
    let shown = error.to_string();
    assert!(shown.contains(&format!("game {}", before.id)), "{shown}");
    assert!(!shown.contains("snapshot"), "internals shown: {shown}");
    let refused = table
        .handle(&place, &people()[0], Command::Move("up Y2|Y2".into()))
        .unwrap_err()
        .to_string();
    assert!(refused.contains("cannot be loaded"), "{refused}");
    assert_eq!(record(&table, "chan-1").version, before.version + 1);
    assert_eq!(table.store().moves(before.id).unwrap().len(), 3);

    assert_eq!(board(&table, "chan-2"), other_board);
    play_first_legal(&table, "chan-2");
    assert_eq!(
        table
            .store()
            .moves(record(&table, "chan-2").id)
            .unwrap()
            .len(),
        4
    );
}

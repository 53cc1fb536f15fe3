//! The store, on SQLite and on PostgreSQL alike: migrations from an empty database, durability across
//! reopening, version checks, one open game per channel, and concurrent writers (for PostgreSQL, stores
//! of their own, as separate processes would have).

use roundhouse::bots::BotLevel;
use std::sync::Barrier;
use std::thread;

use roundhouse::clock::{Clock, ManualClock};
use roundhouse::store::{
    Database, FinishedScope, Motion, NewGame, NewMove, ResultRecord, SeatRecord, Status, Store,
    StoreError, Update, VoteChange, VoteRequest,
};

use crate::test_db::TestDb;

fn new_game(channel: &str) -> NewGame {
    NewGame {
        channel: channel.into(),
        guild: Some("guild-1".into()),
        kind: "yardmaster".into(),
        options: "{}".into(),
        seed: u64::MAX - 5,
        host: "u1".into(),
        seats: vec![SeatRecord::human("u1", "Alice")],
    }
}

fn moves(notations: &[&str]) -> Vec<NewMove> {
    notations
        .iter()
        .enumerate()
        .map(|(i, n)| NewMove {
            seat: i % 2,
            notation: (*n).into(),
            by_bot: i % 2 == 1,
        })
        .collect()
}

#[test]
fn migrations_build_the_schema_in_an_empty_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nested").join("fresh.db");
    let store = Store::open(&path).unwrap();
    let game = store.create_game(&new_game("c1")).unwrap();
    assert_eq!(game.status, Status::Lobby);
    assert_eq!(game.version, 0);
    assert_eq!(game.seed, u64::MAX - 5, "seeds above i64::MAX survive");
    drop(store);
    let conn = rusqlite::Connection::open(&path).unwrap();
    let version: i64 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert!(version >= 1);
    let mode: String = conn
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .unwrap();
    assert_eq!(mode, "wal");
    // Opening again does not re-run migrations or lose data.
    let store = Store::open(&path).unwrap();
    assert!(store.open_game("c1").unwrap().is_some());
}

on_both_backends! {
fn a_game_survives_closing_and_reopening_the_database(db) {
    let id = {
        let store = db.open();
        let game = store.create_game(&new_game("c1")).unwrap();
        let update = Update {
            status: Some(Status::Active),
            setup: Some(r#"{"deal":1}"#.into()),
            snapshot: Some(r#"{"state":2}"#.into()),
            seats: Some(vec![
                SeatRecord::human("u1", "Alice"),
                SeatRecord::bot("Dusty (bot)", BotLevel::Normal),
            ]),
            append_moves: moves(&["up Y2|Y3", "down B2|B2"]),
            ..Update::default()
        };
        assert_eq!(store.update(game.id, 0, &update).unwrap(), 1);
        game.id
    };
    let store = db.open();
    let game = store.game(id).unwrap().unwrap();
    assert_eq!(game.status, Status::Active);
    assert_eq!(game.version, 1);
    assert_eq!(game.setup.as_deref(), Some(r#"{"deal":1}"#));
    assert_eq!(game.snapshot.as_deref(), Some(r#"{"state":2}"#));
    assert_eq!(game.names(), vec!["Alice", "Dusty (bot)"]);
    assert!(game.seats[1].played_by_bot());
    let log = store.moves(id).unwrap();
    let notations: Vec<&str> = log.iter().map(|m| m.notation.as_str()).collect();
    assert_eq!(notations, ["up Y2|Y3", "down B2|B2"]);
    assert_eq!((log[1].seq, log[1].seat, log[1].by_bot), (1, 1, true));
}
}

on_both_backends! {
fn a_stale_version_changes_nothing(db) {
    let store = db.open();
    let game = store.create_game(&new_game("c1")).unwrap();
    let first = Update {
        append_moves: moves(&["a"]),
        snapshot: Some("first".into()),
        ..Update::default()
    };
    assert_eq!(store.update(game.id, 0, &first).unwrap(), 1);
    let stale = Update {
        append_moves: moves(&["b"]),
        snapshot: Some("stale".into()),
        ..Update::default()
    };
    assert!(matches!(
        store.update(game.id, 0, &stale),
        Err(StoreError::Conflict)
    ));
    let stored = store.game(game.id).unwrap().unwrap();
    assert_eq!(stored.snapshot.as_deref(), Some("first"));
    assert_eq!(store.moves(game.id).unwrap().len(), 1);
    assert!(matches!(
        store.update(9999, 0, &first),
        Err(StoreError::NotFound)
    ));
}
}

on_both_backends! {
fn one_open_game_per_channel_and_a_closed_one_frees_it(db) {
    let store = db.open();
    let game = store.create_game(&new_game("c1")).unwrap();
    assert!(matches!(
        store.create_game(&new_game("c1")),
        Err(StoreError::ChannelBusy)
    ));
    store.create_game(&new_game("c2")).unwrap();
    let finish = Update {
        status: Some(Status::Finished),
        ended_reason: Some("played to the end".into()),
        results: Some(vec![ResultRecord {
            seat: 0,
            user_id: Some("u1".into()),
            name: "Alice".into(),
            score: 31,
            place: 1,
            resigned: false,
        }]),
        ..Update::default()
    };
    store.update(game.id, 0, &finish).unwrap();
    assert!(store.open_game("c1").unwrap().is_none());
    let results = store.results(game.id).unwrap();
    assert_eq!((results[0].score, results[0].place), (31, 1));
    let again = store.create_game(&new_game("c1")).unwrap();
    assert_ne!(again.id, game.id);
}
}

on_both_backends! {
fn vote_requests_and_truncation_round_trip(db) {
    let store = db.open();
    let game = store.create_game(&new_game("c1")).unwrap();
    let v1 = store
        .update(
            game.id,
            0,
            &Update {
                append_moves: moves(&["a", "b", "c"]),
                ..Update::default()
            },
        )
        .unwrap();
    let abort = VoteRequest {
        motion: Motion::Abort,
        requester: 1,
        opened_at: v1 + 1,
        at_version: v1 + 1,
        approvals: Vec::new(),
    };
    let v1 = store
        .update(
            game.id,
            v1,
            &Update {
                vote: VoteChange::Set(abort.clone()),
                ..Update::default()
            },
        )
        .unwrap();
    assert_eq!(store.game(game.id).unwrap().unwrap().vote, Some(abort));
    let request = VoteRequest {
        motion: Motion::Undo { keep_moves: 2 },
        requester: 0,
        opened_at: v1 - 1,
        at_version: v1 + 1,
        approvals: vec![1],
    };
    let v2 = store
        .update(
            game.id,
            v1,
            &Update {
                vote: VoteChange::Set(request.clone()),
                ..Update::default()
            },
        )
        .unwrap();
    assert_eq!(store.game(game.id).unwrap().unwrap().vote, Some(request));
    store
        .update(
            game.id,
            v2,
            &Update {
                truncate_moves_to: Some(2),
                vote: VoteChange::Clear,
                ..Update::default()
            },
        )
        .unwrap();
    let stored = store.game(game.id).unwrap().unwrap();
    assert_eq!(stored.vote, None);
    let log: Vec<String> = store
        .moves(game.id)
        .unwrap()
        .into_iter()
        .map(|m| m.notation)
        .collect();
    assert_eq!(log, ["a", "b"]);
}
}

on_both_backends! {
/// An undo followed by bots' moves is one update: the log is cut, then the new moves follow the moves
/// kept, whether they are fewer, as many or more than the moves cut.
fn moves_appended_after_a_truncation_follow_the_moves_kept(db) {
    let store = db.open();
    let game = store.create_game(&new_game("c1")).unwrap();
    let log = || -> Vec<(usize, String, usize, bool)> {
        store
            .moves(game.id)
            .unwrap()
            .into_iter()
            .map(|m| (m.seq, m.notation, m.seat, m.by_bot))
            .collect()
    };
    // What the log must be: the moves kept, then the new ones, numbered from 0.
    let mut expected: Vec<NewMove> = Vec::new();
    let mut version = 0;
    for (keep, appended) in [
        (None, vec!["a", "b", "c", "d"]),
        (Some(3), vec!["x"]),
        (Some(1), vec!["y", "z"]),
        (Some(2), vec!["p", "q", "r", "s"]),
        (Some(9), vec!["t"]),
        (Some(4), vec![]),
    ] {
        let appended = moves(&appended);
        version = store
            .update(
                game.id,
                version,
                &Update {
                    truncate_moves_to: keep,
                    append_moves: appended.clone(),
                    ..Update::default()
                },
            )
            .unwrap();
        expected.truncate(keep.unwrap_or(usize::MAX));
        expected.extend(appended);
        let expected: Vec<_> = expected
            .iter()
            .enumerate()
            .map(|(seq, m)| (seq, m.notation.clone(), m.seat, m.by_bot))
            .collect();
        assert_eq!(log(), expected, "keeping {keep:?}");
    }
}
}

on_both_backends! {
/// Each writer has a store of its own: for PostgreSQL a pool of its own, as another process would.
fn concurrent_writers_at_one_version_apply_exactly_once(db) {
    let id = db.open().create_game(&new_game("c1")).unwrap().id;
    let stores: Vec<Store> = (0..4).map(|_| db.open()).collect();
    for round in 0..10 {
        let barrier = Barrier::new(stores.len());
        let outcomes: Vec<_> = thread::scope(|scope| {
            let writers: Vec<_> = stores
                .iter()
                .enumerate()
                .map(|(w, store)| {
                    let barrier = &barrier;
                    scope.spawn(move || {
                        let version = store.game(id).unwrap().unwrap().version;
                        barrier.wait();
                        let update = Update {
                            append_moves: vec![NewMove {
                                seat: w,
                                notation: format!("r{round}w{w}"),
                                by_bot: false,
                            }],
                            ..Update::default()
                        };
                        store.update(id, version, &update)
                    })
                })
                .collect();
            writers.into_iter().map(|w| w.join().unwrap()).collect()
        });
        let applied = outcomes.iter().filter(|o| o.is_ok()).count();
        assert_eq!(applied, 1, "round {round}: {outcomes:?}");
        assert!(
            outcomes
                .iter()
                .filter_map(|o| o.as_ref().err())
                .all(|e| matches!(e, StoreError::Conflict))
        );
    }
    let store = db.open();
    assert_eq!(store.moves(id).unwrap().len(), 10);
    assert_eq!(store.game(id).unwrap().unwrap().version, 10);
}
}

on_both_backends! {
fn a_seat_is_renamed_in_the_open_game_only_and_only_when_its_name_changed(db) {
    let store = db.open();
    let finished = store.create_game(&new_game("c1")).unwrap();
    let finish = Update {
        status: Some(Status::Finished),
        ..Update::default()
    };
    store.update(finished.id, 0, &finish).unwrap();
    let open = store.create_game(&new_game("c1")).unwrap();

    assert!(
        !store.rename_seat("c1", "u1", "Alice").unwrap(),
        "same name"
    );
    assert!(!store.rename_seat("c1", "u2", "Bob").unwrap(), "not seated");
    assert!(
        !store.rename_seat("c2", "u1", "Al").unwrap(),
        "no game there"
    );
    assert!(store.rename_seat("c1", "u1", "Al").unwrap());
    let renamed = store.open_game("c1").unwrap().unwrap();
    assert_eq!(renamed.seats[0].name, "Al");
    assert_eq!(
        renamed.version, open.version,
        "a name is no part of the state"
    );
    let old = store.game(finished.id).unwrap().unwrap();
    assert_eq!(
        old.seats[0].name, "Alice",
        "a finished game keeps its names"
    );
}
}

/// Processes starting together on an empty PostgreSQL database migrate one after the other: none fails.
/// (Several processes over one database is what PostgreSQL is for; a SQLite file has one.)
#[test]
fn stores_opened_at_once_on_an_empty_postgres_database_all_open() {
    let Some(db) = TestDb::postgres() else {
        return;
    };
    let barrier = Barrier::new(4);
    thread::scope(|scope| {
        for _ in 0..4 {
            scope.spawn(|| {
                barrier.wait();
                db.open();
            });
        }
    });
    let store = db.open();
    store.create_game(&new_game("c1")).unwrap();
    assert!(store.open_game("c1").unwrap().is_some());
}

on_both_backends! {
fn a_database_newer_than_this_program_is_refused_and_left_alone(db) {
    db.open().create_game(&new_game("c1")).unwrap();
    move_schema_version(db, 1000);
    let refused = Store::connect(db.database(), Clock::system());
    let Err(StoreError::Open { reason, .. }) = refused else {
        panic!("a newer schema was opened: {:?}", refused.err());
    };
    assert!(reason.contains("newer than this program's"), "{reason}");
    move_schema_version(db, -1000);
    assert!(db.open().open_game("c1").unwrap().is_some(), "nothing was changed");
}
}

/// Moves the database's schema version by `by`, as a newer (or older) program would have left it.
fn move_schema_version(db: &TestDb, by: i64) {
    match db.database() {
        Database::Sqlite(path) => {
            let conn = rusqlite::Connection::open(path).unwrap();
            let version: i64 = conn
                .pragma_query_value(None, "user_version", |row| row.get(0))
                .unwrap();
            conn.pragma_update(None, "user_version", version + by)
                .unwrap();
        }
        Database::Postgres(_) => db.execute(&format!(
            "UPDATE roundhouse_schema SET version = version + ({by})"
        )),
    }
}

#[test]
fn a_postgres_server_that_does_not_answer_is_refused_at_open_without_its_password() {
    // Port 1 on loopback: nothing listens there.
    let database = Database::parse("postgres://rh:s3cret@127.0.0.1:1/roundhouse");
    let refused = Store::connect(&database, Clock::system());
    let Err(error @ StoreError::Open { .. }) = refused else {
        panic!("expected an open error, got {:?}", refused.err());
    };
    let text = error.to_string();
    assert!(
        text.contains("postgres://rh@127.0.0.1:1/roundhouse"),
        "{text}"
    );
    assert!(!text.contains("s3cret"), "{text}");
}

on_both_backends! {
fn a_game_remembers_when_it_left_its_lobby_and_keeps_that_time(db) {
    let clock = ManualClock::at(1_000);
    let store = db.open_with_clock(clock.clock());
    let game = store.create_game(&new_game("c1")).unwrap();
    assert_eq!(game.started_at, None, "a lobby has not started");
    clock.set(2_000);
    let lobby_change = Update {
        seats: Some(vec![SeatRecord::human("u1", "Alice"), SeatRecord::human("u2", "Bo")]),
        ..Update::default()
    };
    store.update(game.id, 0, &lobby_change).unwrap();
    assert_eq!(store.game(game.id).unwrap().unwrap().started_at, None);
    clock.set(3_000);
    let start = Update {
        status: Some(Status::Active),
        ..Update::default()
    };
    store.update(game.id, 1, &start).unwrap();
    clock.set(4_000);
    store
        .update(game.id, 2, &Update { append_moves: moves(&["a"]), ..Update::default() })
        .unwrap();
    let stored = store.game(game.id).unwrap().unwrap();
    assert_eq!(stored.started_at, Some(3_000), "the start, not a later move");
    assert_eq!(stored.updated_at, 4_000);
}
}

on_both_backends! {
fn finished_games_are_listed_newest_first_by_channel_server_or_everywhere(db) {
    let clock = ManualClock::at(1_000);
    let store = db.open_with_clock(clock.clock());
    let mut ids = Vec::new();
    for (i, (channel, guild, status)) in [
        ("c1", "g1", Status::Finished),
        ("c2", "g1", Status::Finished),
        ("c1", "g1", Status::Aborted),
        ("c3", "g2", Status::Finished),
        ("c1", "g1", Status::Finished),
    ]
    .into_iter()
    .enumerate()
    {
        clock.advance(60);
        let mut new = new_game(channel);
        new.guild = Some(guild.into());
        let game = store.create_game(&new).unwrap();
        let end = Update {
            status: Some(status),
            ..Update::default()
        };
        store.update(game.id, 0, &end).unwrap();
        ids.push((i, game.id));
    }
    let found = |scope: FinishedScope, limit: usize| -> Vec<i64> {
        store
            .finished_games(&scope, limit)
            .unwrap()
            .iter()
            .map(|g| g.id)
            .collect()
    };
    let id = |i: usize| ids[i].1;
    assert_eq!(found(FinishedScope::Channel("c1".into()), 10), [id(4), id(0)]);
    assert_eq!(found(FinishedScope::Channel("c1".into()), 1), [id(4)]);
    assert_eq!(
        found(FinishedScope::Guild("g1".into()), 10),
        [id(4), id(1), id(0)]
    );
    assert_eq!(
        found(FinishedScope::Everywhere, 10),
        [id(4), id(3), id(1), id(0)]
    );
    assert!(found(FinishedScope::Guild("g9".into()), 10).is_empty());
}
}

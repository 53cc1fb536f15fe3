//! `Store::copy_database` (`roundhouse db copy`): a SQLite database holding a game of every registered
//! kind (in play, finished, in a lobby, aborted), votes, reminders and the daily puzzle's rows is copied
//! into an empty database of each backend, then compared row by row and replayed; and the copies that
//! must be refused change nothing.

use roundhouse::bots::BotLevel;
use std::path::Path;

use roundhouse::clock::Clock;
use roundhouse::games;
use roundhouse::shards::ShardRange;
use roundhouse::store::{
    AttemptChange, CopyError, CopyProgress, CopySummary, DailyChannel, Database, Motion, NewGame,
    NewMove, ResultRecord, SeatRecord, Status, Store, Update, VoteChange, VoteRequest,
};
use roundhouse::table::replays_to_snapshot;
use rusqlite::types::Value as SqlValue;

use crate::stored::{StoredGame, stored_games};
use crate::test_db::TestDb;

/// Writes every stored game (in play and finished, one or more of every registered kind), a lobby, an
/// aborted lobby, a pending vote, reminders and daily-puzzle rows into `store`, through the store.
fn fill(store: &Store) {
    let stored: Vec<StoredGame> = stored_games().into_iter().map(|(_, game)| game).collect();
    for kind in games::REGISTRY {
        assert!(
            stored.iter().any(|g| g.kind == kind.id()),
            "tests/data/stored/ has a {} game",
            kind.id()
        );
    }
    for (n, game) in stored.iter().enumerate() {
        let seats: Vec<SeatRecord> = game
            .seats
            .iter()
            .map(|s| SeatRecord {
                user_id: s.user_id.clone(),
                name: s.name.clone(),
                resigned: s.resigned,
                // Every level is copied: the bots of each stored game get the next one.
                bot_level: if s.user_id.is_none() {
                    BotLevel::ALL[n % BotLevel::ALL.len()]
                } else {
                    BotLevel::Normal
                },
            })
            .collect();
        let record = store
            .create_game(&NewGame {
                channel: format!("channel-{n}"),
                guild: Some(format!("guild-{}", n % 3)),
                kind: game.kind.clone(),
                options: game.options.clone(),
                seed: game.seed,
                host: "host".into(),
                seats: seats.clone(),
            })
            .unwrap();
        let finished = game.status == "finished";
        let results = finished.then(|| {
            seats
                .iter()
                .enumerate()
                .map(|(seat, s)| ResultRecord {
                    seat,
                    user_id: s.user_id.clone(),
                    name: s.name.clone(),
                    score: 10 * seat as i32 - 7,
                    place: seat as u32 + 1,
                    resigned: s.resigned,
                })
                .collect()
        });
        let vote = if !finished && n % 2 == 0 {
            VoteChange::Set(VoteRequest {
                motion: Motion::Undo {
                    keep_moves: game.moves.len() - 1,
                },
                requester: 0,
                opened_at: record.version + 1,
                at_version: record.version + 1,
                approvals: vec![0],
            })
        } else {
            VoteChange::Keep
        };
        let version = store
            .update(
                record.id,
                record.version,
                &Update {
                    status: Some(if finished {
                        Status::Finished
                    } else {
                        Status::Active
                    }),
                    ended_reason: finished.then(|| "played to the end".into()),
                    setup: Some(game.setup.clone()),
                    snapshot: Some(game.snapshot.clone()),
                    append_moves: game
                        .moves
                        .iter()
                        .map(|m| NewMove {
                            seat: m.seat,
                            notation: m.notation.clone(),
                            by_bot: m.by_bot,
                        })
                        .collect(),
                    results,
                    vote,
                    ..Update::default()
                },
            )
            .unwrap();
        if !finished {
            assert!(store.mark_reminder(record.id, version, 0).unwrap());
            assert!(store.mark_reminder(record.id, version, -1).unwrap());
        }
    }
    let lobby = |channel: &str| NewGame {
        channel: channel.into(),
        guild: None,
        kind: "yardmaster".into(),
        options: "{}".into(),
        seed: u64::MAX - 5,
        host: "host".into(),
        seats: vec![
            SeatRecord::human("u1", "Ann"),
            SeatRecord::bot("Rusty", BotLevel::Normal),
        ],
    };
    store.create_game(&lobby("lobby-open")).unwrap();
    let aborted = store.create_game(&lobby("lobby-aborted")).unwrap();
    store
        .update(
            aborted.id,
            aborted.version,
            &Update {
                status: Some(Status::Aborted),
                ended_reason: Some("the lobby expired".into()),
                ..Update::default()
            },
        )
        .unwrap();
    let now = 1_795_000_000;
    let attempt = store
        .daily_begin("u1", "guild-0", "Ann", 21, 20_400, now)
        .unwrap();
    store
        .daily_update(
            &attempt,
            &AttemptChange {
                moves: vec!["L1 H4".into(), "H4 A2".into()],
                finish: Some(true),
            },
            now + 60,
        )
        .unwrap();
    store
        .daily_begin("u2", "guild-1", "Bo", 22, 20_401, now)
        .unwrap();
    store
        .set_daily_channel(
            &DailyChannel {
                guild: "guild-0".into(),
                channel: "channel-0".into(),
                post_minute: 600,
            },
            "u1",
            now,
        )
        .unwrap();
    assert!(
        store
            .claim_daily_post("guild-0", "channel-0", 20_400, now)
            .unwrap()
    );
    store.daily_post_sent("channel-0", 20_400, now).unwrap();
    assert!(
        store
            .claim_daily_post("guild-0", "channel-0", 20_401, now)
            .unwrap()
    );
    store.daily_post_failed("channel-0", 20_401, now).unwrap();
}

/// Every table of a SQLite file, every row with every column, in a fixed order.
fn dump(path: &Path) -> Vec<(String, Vec<Vec<SqlValue>>)> {
    let conn = rusqlite::Connection::open(path).unwrap();
    let tables: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .unwrap()
        .query_map([], |row| row.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    tables
        .into_iter()
        .map(|table| {
            let width: i64 = conn
                .query_row(
                    &format!("SELECT COUNT(*) FROM pragma_table_info('{table}')"),
                    [],
                    |row| row.get(0),
                )
                .unwrap();
            let width = width as usize;
            let order: Vec<String> = (1..=width).map(|c| c.to_string()).collect();
            let sql = format!("SELECT * FROM {table} ORDER BY {}", order.join(", "));
            let rows = conn
                .prepare(&sql)
                .unwrap()
                .query_map([], |row| (0..width).map(|c| row.get(c)).collect())
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap();
            (table, rows)
        })
        .collect()
}

fn copy(from: &Database, to: &Database) -> (Result<CopySummary, CopyError>, Vec<CopyProgress>) {
    let mut steps = Vec::new();
    let copied = Store::copy_database(from, to, &replays_to_snapshot, &mut |step| steps.push(step));
    (copied, steps)
}

fn sqlite_path(db: &TestDb) -> &Path {
    match db.database() {
        Database::Sqlite(path) => path,
        Database::Postgres(_) => unreachable!("a SQLite test database"),
    }
}

fn game_count(store: &Store) -> usize {
    (1..=100)
        .filter(|id| store.game(*id).unwrap().is_some())
        .count()
}

on_both_backends! {
    fn a_copy_keeps_every_row_and_every_game_replays(db) {
        let source = TestDb::sqlite();
        fill(&source.open());
        // A game whose results a migration listed to recompute, as it stays until a table opens.
        rusqlite::Connection::open(sqlite_path(&source))
            .unwrap()
            .execute(
                "INSERT INTO results_to_recompute (game_id) \
                 SELECT MIN(id) FROM games WHERE status = 'finished'",
                [],
            )
            .unwrap();
        let (copied, steps) = copy(source.database(), db.database());
        let summary = copied.unwrap();
        let games = stored_games().len() as u64 + 2;
        assert_eq!(summary.rows[0], ("games", games));
        assert_eq!(summary.games_checked, games);
        assert!(summary.rows.iter().all(|(_, rows)| *rows > 0),
            "every table had rows to copy: {summary:?}");
        assert!(steps.contains(&CopyProgress::Checked { done: games, total: games }));

        // Record by record, through the store, on the target itself.
        let (from, to) = (source.open(), db.open());
        for id in 1..=games as i64 {
            let original = from.game(id).unwrap().expect("ids are 1, 2, 3, ...");
            assert_eq!(to.game(id).unwrap().as_ref(), Some(&original), "game {id}");
            assert_eq!(to.moves(id).unwrap(), from.moves(id).unwrap(), "moves of game {id}");
            assert_eq!(to.results(id).unwrap(), from.results(id).unwrap(), "results of game {id}");
            assert_eq!(
                to.reminders_sent(id, original.version).unwrap(),
                from.reminders_sent(id, original.version).unwrap()
            );
            if original.status.is_open() {
                assert_eq!(to.open_game(&original.channel).unwrap(), Some(original));
            }
        }
        assert_eq!(to.daily_channels(&ShardRange::ONE).unwrap(), from.daily_channels(&ShardRange::ONE).unwrap());
        assert_eq!(to.daily_attempt("u1", "guild-0", 21).unwrap(), from.daily_attempt("u1", "guild-0", 21).unwrap());
        assert_eq!(to.daily_post_state("channel-0", 20_401).unwrap(), from.daily_post_state("channel-0", 20_401).unwrap());

        // Every column of every table: copied back into a new SQLite file, it is the source again.
        let back = TestDb::sqlite();
        copy(db.database(), back.database()).0.unwrap();
        assert_eq!(dump(sqlite_path(&back)), dump(sqlite_path(&source)));

        // New games get new ids after the copied ones (PostgreSQL's sequence was moved on).
        let new = to
            .create_game(&NewGame {
                channel: "after-the-copy".into(),
                guild: None,
                kind: "yardmaster".into(),
                options: "{}".into(),
                seed: 1,
                host: "host".into(),
                seats: vec![SeatRecord::human("u9", "Cy")],
            })
            .unwrap();
        assert_eq!(new.id, games as i64 + 1);
    }
}

on_both_backends! {
    fn a_target_that_holds_games_is_refused_and_left_alone(db) {
        let source = TestDb::sqlite();
        fill(&source.open());
        let target = db.open();
        target
            .create_game(&NewGame {
                channel: "already-here".into(),
                guild: None,
                kind: "yardmaster".into(),
                options: "{}".into(),
                seed: 1,
                host: "host".into(),
                seats: vec![SeatRecord::human("u9", "Cy")],
            })
            .unwrap();
        let error = copy(source.database(), db.database()).0.unwrap_err();
        assert!(matches!(&error, CopyError::TargetNotEmpty { held } if held == "1 game, 1 seat"), "{error}");
        assert!(error.to_string().contains("Copy into a new database"), "{error}");
        assert_eq!(game_count(&target), 1);
        assert_eq!(target.open_game("already-here").unwrap().unwrap().id, 1);
    }
}

on_both_backends! {
    fn a_source_of_another_schema_version_is_refused(db) {
        let source = TestDb::sqlite();
        fill(&source.open());
        let conn = rusqlite::Connection::open(sqlite_path(&source)).unwrap();
        let latest: i64 = conn.pragma_query_value(None, "user_version", |row| row.get(0)).unwrap();
        for version in [latest - 1, latest + 1] {
            conn.pragma_update(None, "user_version", version).unwrap();
            let error = copy(source.database(), db.database()).0.unwrap_err();
            let CopyError::SchemaVersion { found, expected, .. } = &error else {
                panic!("expected a schema refusal, got {error}");
            };
            assert_eq!((*found, *expected), (version, latest));
            assert!(error.to_string().contains("nothing was copied"), "{error}");
        }
        assert_eq!(game_count(&db.open()), 0);
    }
}

on_both_backends! {
    fn a_game_that_does_not_replay_to_its_snapshot_fails_the_copy_and_nothing_stays(db) {
        let source = TestDb::sqlite();
        fill(&source.open());
        let conn = rusqlite::Connection::open(sqlite_path(&source)).unwrap();
        // Game 3's log loses its last move: its snapshot no longer matches.
        conn.execute(
            "DELETE FROM moves WHERE game_id = 3 AND seq = (SELECT MAX(seq) FROM moves WHERE game_id = 3)",
            [],
        )
        .unwrap();
        let error = copy(source.database(), db.database()).0.unwrap_err();
        let CopyError::Replay(mismatches) = &error else {
            panic!("expected a replay mismatch, got {error}");
        };
        assert_eq!(mismatches.iter().map(|m| m.game).collect::<Vec<_>>(), [3]);
        assert!(error.to_string().contains("game 3 ("), "{error}");
        let target = Store::connect(db.database(), Clock::system()).unwrap();
        assert_eq!(game_count(&target), 0, "the copy was rolled back");
    }
}

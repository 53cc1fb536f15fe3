//! Results stored true: a solo Whistlewood game stores the Automa's place too, so only beating or tying
//! it counts as a win; and the migration that corrects the solo results stored before (by replaying each
//! game's log when the program next opens the database), on SQLite and on PostgreSQL.

use roundhouse::bots::BotLevel;
use roundhouse::games;
use roundhouse::rng::GameRng;
use roundhouse::store::{Database, ResultRecord, Store};
use roundhouse::table::{Caller, Command, Place, Table, TableOptions};

const GUILD: &str = "guild-solo";

fn alice() -> Caller {
    Caller::new("u-alice", "Alice")
}

fn place(channel: &str) -> Place {
    Place {
        channel: channel.into(),
        guild: Some(GUILD.into()),
    }
}

/// Plays a solo game (seed `seed`, Automa level 1) to the end, Alice taking the step the Whistlewood
/// bot would; returns its id.
fn play_solo(table: &Table, channel: &str, seed: u64) -> i64 {
    let here = place(channel);
    table
        .handle(
            &here,
            &alice(),
            Command::New {
                game: "whistlewood".into(),
                options: vec![("level".into(), "1".into())],
                seed: Some(seed),
                sit: true,
            },
        )
        .unwrap();
    table.handle(&here, &alice(), Command::Start).unwrap();
    let id = table.store().open_game(channel).unwrap().unwrap().id;
    while table.store().open_game(channel).unwrap().is_some() {
        let snapshot = table
            .store()
            .open_game(channel)
            .unwrap()
            .unwrap()
            .snapshot
            .unwrap();
        let game = games::find("whistlewood")
            .unwrap()
            .restore(&snapshot)
            .unwrap();
        let step = game.bot_move(0, BotLevel::Normal, &mut GameRng::seeded(seed));
        table.handle(&here, &alice(), Command::Move(step)).unwrap();
    }
    id
}

/// The stored rows of Alice and of the Automa.
fn alice_and_automa(results: &[ResultRecord]) -> (&ResultRecord, &ResultRecord) {
    assert_eq!(results.len(), 2, "{results:?}");
    let alice = results
        .iter()
        .find(|r| r.user_id.as_deref() == Some("u-alice"))
        .unwrap();
    let automa = results.iter().find(|r| r.user_id.is_none()).unwrap();
    (alice, automa)
}

/// Seeds of games that Alice, playing as the bot would, loses (3 to 9), wins (13 to 10) and ties (11
/// to 11).
const LOST: u64 = 2;
const WON: u64 = 0;
const TIED: u64 = 1;

on_both_backends! {
    fn a_solo_game_lost_to_the_automa_stores_the_automa_first_and_counts_no_win(db) {
        let table = Table::new(db.open(), TableOptions::default());
        let lost = play_solo(&table, "c-lost", LOST);
        let results = table.store().results(lost).unwrap();
        let (alice, automa) = alice_and_automa(&results);
        assert!(automa.score > alice.score, "{results:?}");
        assert_eq!((automa.place, alice.place), (1, 2));
        assert_eq!(automa.name, "Automa (level 1)");
        assert_eq!(automa.seat, 1, "numbered after the one seat");

        let won = play_solo(&table, "c-won", WON);
        let results = table.store().results(won).unwrap();
        let (alice, automa) = alice_and_automa(&results);
        assert!(alice.score > automa.score, "{results:?}");
        assert_eq!((alice.place, automa.place), (1, 2));

        let tied = play_solo(&table, "c-tied", TIED);
        let results = table.store().results(tied).unwrap();
        let (alice, automa) = alice_and_automa(&results);
        assert_eq!(alice.score, automa.score, "{results:?}");
        assert_eq!((alice.place, automa.place), (1, 1), "a shared victory");

        let board = table.store().leaderboard(GUILD, "whistlewood", 10).unwrap();
        assert_eq!(board.len(), 1, "the Automa is no one on the leaderboard");
        assert_eq!((board[0].played, board[0].wins), (3, 2), "the win and the tie");
        let record = table.store().player_record(GUILD, "u-alice").unwrap();
        assert_eq!((record[0].played, record[0].wins), (3, 2));
    }
}

on_both_backends! {
    fn the_migration_recomputes_solo_results_stored_without_the_automa(db) {
        let table = Table::new(db.open(), TableOptions::default());
        let ids = [
            play_solo(&table, "c-lost", LOST),
            play_solo(&table, "c-won", WON),
            play_solo(&table, "c-tied", TIED),
        ];
        drop(table);
        let true_results: Vec<Vec<ResultRecord>> =
            ids.iter().map(|&id| db.open().results(id).unwrap()).collect();
        // The database as the release before wrote it: each solo game with the person's row alone, in
        // first place, and the schema as it was before migration 07 (nor the later bot levels).
        let old_rows = "DELETE FROM results WHERE user_id IS NULL; UPDATE results SET place = 1; \
                        DROP TABLE results_to_recompute; ALTER TABLE seats DROP COLUMN bot_level;";
        match db.database() {
            Database::Sqlite(path) => {
                let conn = rusqlite::Connection::open(path).unwrap();
                conn.execute_batch(old_rows).unwrap();
                conn.pragma_update(None, "user_version", 6).unwrap();
            }
            Database::Postgres(_) => {
                db.execute(&format!("{old_rows} UPDATE roundhouse_schema SET version = 6;"));
            }
        }
        let store: Store = db.open();
        let stale = store.results(ids[0]).unwrap();
        assert_eq!(stale.len(), 1);
        assert_eq!(stale[0].place, 1, "the loss was stored as a win");
        let mut listed = ids.to_vec();
        listed.sort();
        assert_eq!(store.results_to_recompute().unwrap(), listed);
        let board = store.leaderboard(GUILD, "whistlewood", 10).unwrap();
        assert_eq!(board[0].wins, 3, "all three counted as wins before the fix");

        let table = Table::new(store, TableOptions::default());
        for (id, truth) in ids.iter().zip(&true_results) {
            assert_eq!(&table.store().results(*id).unwrap(), truth);
        }
        assert!(table.store().results_to_recompute().unwrap().is_empty());
        let board = table.store().leaderboard(GUILD, "whistlewood", 10).unwrap();
        assert_eq!((board[0].played, board[0].wins), (3, 2));
    }
}

on_both_backends! {
    fn resigning_alone_against_the_automa_is_no_win(db) {
        let table = Table::new(db.open(), TableOptions::default());
        let here = place("c-resign");
        table
            .handle(
                &here,
                &alice(),
                Command::New {
                    game: "whistlewood".into(),
                    options: vec![],
                    seed: Some(LOST),
                    sit: true,
                },
            )
            .unwrap();
        table.handle(&here, &alice(), Command::Start).unwrap();
        let id = table.store().open_game("c-resign").unwrap().unwrap().id;
        table.handle(&here, &alice(), Command::Resign).unwrap();
        let results = table.store().results(id).unwrap();
        assert_eq!(results.len(), 1, "{results:?}");
        assert!(results[0].resigned);
        assert_eq!(results[0].place, 2, "below the Automa it gave up to");
        let record = table.store().player_record(GUILD, "u-alice").unwrap();
        assert_eq!((record[0].played, record[0].wins), (1, 0));
    }
}

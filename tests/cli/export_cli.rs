//! `roundhouse export`: a finished game of every registered game, played by bots at the terminal, is
//! exported and fed to `roundhouse replay`, which reaches the stored final state and the stored
//! results; a missing game, an unfinished one, a missing or unreadable database, and a document of
//! another game or format, with another result or an unclear `by_bot`, are refused, each saying why.

use roundhouse::games;
use roundhouse::store::Store;
use serde_json::Value;

use crate::run::{roundhouse, text};

/// Runs `roundhouse play ARGS --db DB` with nothing typed (a game of bots only plays to its end; a
/// person's game is saved unfinished). Games are numbered from 1 in a fresh database.
fn bots_play(db: &str, args: &[&str]) {
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--db", db]);
    let out = roundhouse(&all, "");
    assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
}

fn export(db: &str, id: i64) -> std::process::Output {
    roundhouse(&["export", "--db", db, &id.to_string()], "")
}

#[test]
fn every_games_export_replays_to_its_stored_state_and_results() {
    let dir = tempfile::tempdir().unwrap();
    let db_path = dir.path().join("played.db");
    let db = db_path.to_str().unwrap();
    let plays: [&[&str]; 5] = [
        &["yardmaster", "--players", "3", "--bots", "3", "--seed", "4"],
        &["whistlewood", "--bots", "2", "--seed", "9"],
        &["shunting", "-o", "card=37", "--bots", "1"],
        &["express", "--players", "3", "--bots", "3", "--seed", "5"],
        &["coal_train", "--players", "3", "--bots", "3", "--seed", "6"],
    ];
    for args in plays {
        bots_play(db, args);
    }
    let store = Store::open(&db_path).unwrap();
    let mut exported = Vec::new();
    for id in 1..=plays.len() as i64 {
        let record = store.game(id).unwrap().unwrap();
        let out = export(db, id);
        assert!(out.status.success(), "game {id}: {}", text(&out.stderr));
        let document: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(document["format"], 1);
        assert_eq!(document["game"], record.kind.as_str());
        assert_eq!(document["game_id"], id);
        assert_eq!(document["names"], serde_json::json!(record.names()));
        let moves = store.moves(id).unwrap();
        assert_eq!(document["moves"].as_array().unwrap().len(), moves.len());
        assert!(moves.iter().all(|m| m.by_bot));
        assert!(document["moves"][0]["by_bot"].as_bool().unwrap());

        let file = dir.path().join(format!("game-{id}.json"));
        let written = roundhouse(
            &[
                "export",
                "--db",
                db,
                &id.to_string(),
                "--out",
                file.to_str().unwrap(),
            ],
            "",
        );
        assert!(written.status.success(), "{}", text(&written.stderr));
        assert!(written.stdout.is_empty());
        let replayed = roundhouse(&["replay", &record.kind, file.to_str().unwrap()], "");
        assert!(
            replayed.status.success(),
            "game {id} ({}): {}",
            record.kind,
            text(&replayed.stderr)
        );
        let output: Value = serde_json::from_slice(&replayed.stdout).unwrap();
        assert_eq!(output["moves_applied"], moves.len());
        assert_eq!(output["to_act"], serde_json::json!([]));
        let snapshot: Value = serde_json::from_str(record.snapshot.as_deref().unwrap()).unwrap();
        assert_eq!(output["state"], snapshot, "game {id} ({})", record.kind);
        assert_eq!(output["outcome"], document["outcome"]);
        let mut stored: Vec<(u64, i64)> = store
            .results(id)
            .unwrap()
            .iter()
            .map(|r| (u64::from(r.place), i64::from(r.score)))
            .collect();
        let mut replayed_results: Vec<(u64, i64)> = output["outcome"]["standings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| (s["place"].as_u64().unwrap(), s["score"].as_i64().unwrap()))
            .collect();
        stored.sort_unstable();
        replayed_results.sort_unstable();
        assert_eq!(replayed_results, stored, "game {id} ({})", record.kind);
        exported.push(record.kind);
    }
    let registered: Vec<&str> = games::REGISTRY.iter().map(|kind| kind.id()).collect();
    assert_eq!(exported, registered, "every registered game is exported");
}

#[test]
fn exports_of_missing_unfinished_and_unreadable_games_are_refused_saying_why() {
    let dir = tempfile::tempdir().unwrap();
    let db_path = dir.path().join("some.db");
    let db = db_path.to_str().unwrap();
    bots_play(
        db,
        &["express", "--players", "3", "--bots", "3", "--seed", "2"],
    );
    // Ann stops a hot-seat game at once: it stays in play.
    bots_play(db, &["yardmaster", "--players", "2", "--seed", "3"]);

    let missing = export(db, 9);
    assert_eq!(missing.status.code(), Some(2));
    assert_eq!(
        text(&missing.stderr).trim(),
        "roundhouse: there is no game 9 in this database"
    );
    assert!(missing.stdout.is_empty());

    let open = export(db, 2);
    assert_eq!(open.status.code(), Some(2));
    let err = text(&open.stderr);
    assert!(
        err.contains("game 2 is still in play, not finished: only finished games are exported"),
        "{err}"
    );

    let no_file = dir.path().join("none.db");
    let absent = export(no_file.to_str().unwrap(), 1);
    assert_eq!(absent.status.code(), Some(2));
    assert!(
        text(&absent.stderr).contains("there is no database file at"),
        "{}",
        text(&absent.stderr)
    );
    assert!(!no_file.exists(), "the export made no database");

    let garbage = dir.path().join("garbage.db");
    std::fs::write(
        &garbage,
        "this is not a database, just text that goes on for a while",
    )
    .unwrap();
    let unreadable = export(garbage.to_str().unwrap(), 1);
    assert_eq!(unreadable.status.code(), Some(2));
    assert!(
        text(&unreadable.stderr).contains("cannot open the database"),
        "{}",
        text(&unreadable.stderr)
    );

    let document = text(&export(db, 1).stdout);
    let wrong_game = roundhouse(&["replay", "yardmaster"], &document);
    assert_eq!(wrong_game.status.code(), Some(1));
    assert!(
        text(&wrong_game.stderr).contains(
            "the document is a game of `express`, not of `yardmaster`; replay it with \
             `roundhouse replay express FILE`"
        ),
        "{}",
        text(&wrong_game.stderr)
    );
    let mut later: Value = serde_json::from_str(&document).unwrap();
    later["format"] = Value::from(2);
    let newer = roundhouse(&["replay", "express"], &later.to_string());
    assert!(
        text(&newer.stderr).contains("the document is in format 2, but this build reads format 1"),
        "{}",
        text(&newer.stderr)
    );
    let mut unclear: Value = serde_json::from_str(&document).unwrap();
    unclear["moves"][0]["by_bot"] = Value::from("yes");
    let refused = roundhouse(&["replay", "express"], &unclear.to_string());
    assert_eq!(refused.status.code(), Some(1));
    assert!(
        text(&refused.stderr).contains("move 0 refused: `by_bot` must be true or false"),
        "{}",
        text(&refused.stderr)
    );
    let mut changed: Value = serde_json::from_str(&document).unwrap();
    changed["outcome"]["standings"][0]["score"] = Value::from(-99);
    let differs = roundhouse(&["replay", "express"], &changed.to_string());
    assert_eq!(differs.status.code(), Some(1));
    assert!(
        text(&differs.stderr).contains("but the document records the result"),
        "{}",
        text(&differs.stderr)
    );
}

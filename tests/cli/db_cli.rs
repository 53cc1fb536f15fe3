//! `roundhouse db copy` from the command line: a SQLite file made by playing, copied into a new one with
//! each table's count and the check on the terminal; a second copy into the same target is refused.

use crate::run::{roundhouse, text};

#[test]
fn a_played_database_is_copied_and_checked_and_a_full_target_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("played.db");
    let target = dir.path().join("copy.db");
    let source_db = source.to_str().unwrap();
    let played = roundhouse(
        &[
            "play",
            "yardmaster",
            "--players",
            "3",
            "--bots",
            "3",
            "--seed",
            "4",
            "--db",
            source_db,
        ],
        "",
    );
    assert!(played.status.success(), "{}", text(&played.stderr));
    let (from, to) = (
        format!("sqlite:{source_db}"),
        format!("sqlite:{}", target.display()),
    );

    let copied = roundhouse(&["db", "copy", "--from", &from, "--to", &to], "");
    let (out, err) = (text(&copied.stdout), text(&copied.stderr));
    assert!(copied.status.success(), "{err}");
    assert!(err.contains("copied games: 1"), "{err}");
    assert!(err.contains("replayed 1 of 1 game"), "{err}");
    assert!(!err.contains("1 games"), "{err}");
    assert!(out.contains("games                    1"), "{out}");
    assert!(out.contains("1 game replayed from the log"), "{out}");

    let again = roundhouse(&["db", "copy", "--from", &from, "--to", &to], "");
    assert_eq!(again.status.code(), Some(2));
    let err = text(&again.stderr);
    assert!(
        err.contains("the target is not empty (1 game, 3 seats"),
        "{err}"
    );
    assert!(err.contains("Copy into a new database"), "{err}");

    let missing = roundhouse(
        &["db", "copy", "--from", "sqlite:no-such.db", "--to", &to],
        "",
    );
    assert_eq!(missing.status.code(), Some(2));
    assert!(text(&missing.stderr).contains("no such file"));
}

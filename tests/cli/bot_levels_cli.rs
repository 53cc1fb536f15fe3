//! Bot levels at the terminal: `--bot-level` seats bots of that level, who play; `bot add` typed with a
//! wrong level is answered at once and changes nothing; a wrong `--bot-level` is refused with the levels.

use crate::cli::first_listed_move;
use crate::run::{roundhouse, text};

#[test]
fn a_hard_bot_is_seated_by_its_level_and_plays() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("rh.db");
    let boards = dir.path().join("boards");
    let common = [
        "--db",
        db.to_str().unwrap(),
        "--out",
        boards.to_str().unwrap(),
    ];
    let mut args = vec![
        "play",
        "yardmaster",
        "--bots",
        "1",
        "--bot-level",
        "hard",
        "--seed",
        "8",
    ];
    args.extend(common);
    let out = roundhouse(&args, "bot add expert\nbot add easy\n?\n? 1\nquit\n");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains("Player 1 added Dusty (hard bot).")
            && stdout.contains("started Yardmaster Express for Player 1 and Dusty (hard bot)."),
        "{stdout}"
    );
    assert!(
        stdout.contains("`expert` is not a bot level: choose easy, normal or hard"),
        "{stdout}"
    );
    // The game has begun: no bot joins it, of whatever level.
    assert!(
        stdout.contains(
            "The game has already started; adding a bot is only possible before the start."
        ),
        "{stdout}"
    );
    assert!(!stdout.contains("(easy bot)"), "{stdout}");

    // Player 1 moves; the hard bot answers within the same command.
    let first_move = first_listed_move(&stdout);
    let mut args = vec!["play", "yardmaster", "--resume"];
    args.extend(common);
    let out = roundhouse(&args, &format!("{first_move}\nquit\n"));
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    let moved = stdout
        .find("Player 1> ")
        .unwrap_or_else(|| panic!("Player 1 was asked for a move: {stdout}"));
    assert!(
        stdout[moved..].contains("Dusty (hard bot) added"),
        "the hard bot played after Player 1: {stdout}"
    );
}

#[test]
fn a_bad_bot_level_is_refused_with_the_levels() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("rh.db");
    let out = roundhouse(
        &[
            "play",
            "yardmaster",
            "--bots",
            "1",
            "--bot-level",
            "expert",
            "--db",
            db.to_str().unwrap(),
        ],
        "",
    );
    let stderr = text(&out.stderr);
    assert!(!out.status.success(), "{}", text(&out.stdout));
    assert!(
        stderr.contains("`expert` is not a bot level: choose easy, normal or hard"),
        "{stderr}"
    );
    assert!(!db.exists(), "nothing was opened");
}

//! `roundhouse puzzle play` with piped input: a puzzle file solved to its rank, an archived daily
//! puzzle with its guide open, today's with its guide closed, a daily attempt kept between runs, and
//! puzzles that cannot be played.

use std::path::Path;
use std::process::Output;

use crate::run::{roundhouse, text};
use roundhouse::calendar::Day;
use roundhouse::clock::Clock;
use roundhouse::games::shunting::daily::for_day;
use roundhouse::games::shunting::{Puzzle, SolveOptions, solve};
use roundhouse::store::Store;

const FILE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/src/games/shunting/puzzles/shed-1.toml"
);

/// `puzzle play WHICH` with its attempts kept in the database `db`.
fn puzzle_play(db: &Path, which: &str, stdin: &str) -> Output {
    roundhouse(
        &["puzzle", "play", which, "--db", db.to_str().unwrap()],
        stdin,
    )
}

#[test]
fn a_puzzle_file_played_with_a_detour_and_undo_ends_with_its_rank() {
    let puzzle = Puzzle::from_toml(&std::fs::read_to_string(FILE).unwrap()).unwrap();
    let guide = solve(&puzzle, &SolveOptions::default()).unwrap().moves;
    let mut input = format!("moves\nguide\nL1 R2>R2\n{}\nundo\n", guide[0]);
    for step in &guide {
        input.push_str(&format!("{step}\n"));
    }
    let dir = tempfile::tempdir().unwrap();
    let out = puzzle_play(&dir.path().join("rh.db"), FILE, &input);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains(&format!("Par {} moves", guide.len())),
        "{stdout}"
    );
    assert!(
        stdout.contains("The guide opens after you solve"),
        "{stdout}"
    );
    assert!(
        stdout.contains("a move must go at least one slot"),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("Took back {}", guide[0])),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("Solved in {} moves: Yard Master.", guide.len())),
        "{stdout}"
    );
    // The yard, with its key, is printed at the start and after every move.
    assert!(
        stdout.matches("\nKey: ").count() >= guide.len() + 2,
        "{stdout}"
    );
}

#[test]
fn daily_puzzles_from_the_archive_and_today() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("rh.db");
    let first = for_day(Day::of_puzzle(1).unwrap()).unwrap();
    let out = puzzle_play(&db, "#1", "guide\nquit\n");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.starts_with("Roundhouse daily #1 · 2026-11-01"),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("Guide ({} moves, typed", first.optimum())),
        "{stdout}"
    );
    assert!(
        stdout.contains("Stopped after 0 moves, not solved."),
        "{stdout}"
    );

    let out = puzzle_play(&db, "today", "guide\ngiveup\n");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains("The guide opens after you solve"),
        "{stdout}"
    );
    assert!(stdout.contains("You gave up after 0 moves."), "{stdout}");
    assert!(
        stdout.contains("Guide ("),
        "giving up opens the guide: {stdout}"
    );
}

#[test]
fn puzzles_that_cannot_be_played_are_refused_clearly() {
    for (which, expected) in [
        ("#99999", "has not come out yet"),
        ("2026-10-01", "begin with #1"),
        ("tomorrow", "is not a daily puzzle"),
        ("missing.toml", "cannot read missing.toml"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let out = puzzle_play(&dir.path().join("rh.db"), which, "");
        assert_eq!(out.status.code(), Some(2), "{which}");
        let stderr = text(&out.stderr);
        assert!(stderr.contains(expected), "{which}: {stderr}");
    }
}

/// Today's attempt is kept as Discord keeps it: three moves and `quit`, then a new run goes on from
/// move 3; after `giveup` a new run has the guide open and takes no move.
#[test]
fn a_daily_attempt_is_kept_between_runs_and_a_given_up_one_stays_given_up() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("rh.db");
    let today = for_day(Clock::system().today()).unwrap();
    let played = 3.min(today.optimum() - 1);
    let mut input = String::new();
    for step in &today.guide[..played] {
        input.push_str(&format!("{step}\n"));
    }
    input.push_str("quit\n");
    let out = puzzle_play(&db, "today", &input);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains(&format!("Stopped after {played} move")),
        "{stdout}"
    );

    let out = puzzle_play(&db, "today", "history\nquit\n");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains(&format!("Going on where you stopped: {played} move")),
        "{stdout}"
    );
    for (i, step) in today.guide[..played].iter().enumerate() {
        assert!(
            stdout.contains(&format!("{:>2}. {step}\n", i + 1)),
            "{step}: {stdout}"
        );
    }

    let out = puzzle_play(&db, "today", "guide\ngiveup\n");
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("The guide opens after you solve"),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("You gave up after {played} move")),
        "{stdout}"
    );

    let again = format!("guide\n{}\nquit\n", today.guide[played]);
    let out = puzzle_play(&db, "today", &again);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains("You gave this puzzle up already"),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("Guide ({} moves, typed", today.optimum())),
        "{stdout}"
    );
    assert!(stdout.contains("This attempt has ended"), "{stdout}");

    // The row is the one `/puzzle play` keeps: given up, with the moves that stood.
    let store = Store::open(&db).unwrap();
    let attempt = store
        .daily_current("terminal-player-1", "")
        .unwrap()
        .expect("the attempt is stored");
    assert_eq!(attempt.number, today.number);
    assert!(attempt.gave_up && !attempt.solved);
    assert_eq!(attempt.moves.len(), played);
}

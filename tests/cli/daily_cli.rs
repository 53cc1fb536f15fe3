//! `roundhouse puzzle play` with piped input: a puzzle file solved to its rank, an archived daily
//! puzzle with its guide open, today's with its guide closed, and puzzles that cannot be played.

use std::process::Output;

use crate::run::{roundhouse, text};
use roundhouse::calendar::Day;
use roundhouse::games::shunting::daily::for_day;
use roundhouse::games::shunting::{Puzzle, SolveOptions, solve};

const FILE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/src/games/shunting/puzzles/shed-1.toml"
);

fn puzzle_play(which: &str, stdin: &str) -> Output {
    roundhouse(&["puzzle", "play", which], stdin)
}

#[test]
fn a_puzzle_file_played_with_a_detour_and_undo_ends_with_its_rank() {
    let puzzle = Puzzle::from_toml(&std::fs::read_to_string(FILE).unwrap()).unwrap();
    let guide = solve(&puzzle, &SolveOptions::default()).unwrap().moves;
    let mut input = format!("moves\nguide\nL1 R2>R2\n{}\nundo\n", guide[0]);
    for step in &guide {
        input.push_str(&format!("{step}\n"));
    }
    let out = puzzle_play(FILE, &input);
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
    let first = for_day(Day::of_puzzle(1).unwrap()).unwrap();
    let out = puzzle_play("#1", "guide\nquit\n");
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.starts_with("Roundhouse daily #1 · 2026-11-01"),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("Guide ({} moves):", first.optimum())),
        "{stdout}"
    );
    assert!(
        stdout.contains("Stopped after 0 moves, not solved."),
        "{stdout}"
    );

    let out = puzzle_play("today", "guide\ngiveup\n");
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
        let out = puzzle_play(which, "");
        assert_eq!(out.status.code(), Some(2), "{which}");
        let stderr = text(&out.stderr);
        assert!(stderr.contains(expected), "{which}: {stderr}");
    }
}

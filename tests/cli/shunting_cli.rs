//! `roundhouse puzzle solve`: text and JSON reports, and refusals of bad files.

use std::process::{Command, Output};

fn roundhouse(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_roundhouse"))
        .args(args)
        .output()
        .unwrap()
}

/// Two cars to swap between the sidings of a small fork: a handful of moves.
const PUZZLE: &str = r#"
name = "swap"
title = "Swap two cars"
[yard]
name = "fork"
buffers = ["H.start", "B.end", "C.end"]
[[yard.track]]
name = "H"
slots = 3
[[yard.track]]
name = "B"
slots = 2
[[yard.track]]
name = "C"
slots = 2
[[yard.turnout]]
name = "P"
stem = "H.end"
legs = ["B.start", "C.start"]

[[piece]]
name = "L1"
kind = "loco"
at = "H1"
facing = "down"
[[piece]]
name = "X"
at = "B1"
[[piece]]
name = "Y"
at = "C1"

[goal.at]
X = "C1"
Y = "B1"
"#;

fn puzzle_file(dir: &tempfile::TempDir, text: &str) -> String {
    let path = dir.path().join("puzzle.toml");
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn solve_prints_the_optimum_the_guide_states_and_time() {
    let dir = tempfile::tempdir().unwrap();
    let file = puzzle_file(&dir, PUZZLE);
    let out = roundhouse(&["puzzle", "solve", &file]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    let optimum: usize = text
        .lines()
        .find_map(|l| l.strip_prefix("optimum: "))
        .and_then(|l| l.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no optimum in {text}"));
    let guide_lines = text
        .lines()
        .filter(|l| l.contains('>') && l.contains(" +"))
        .count();
    assert_eq!(guide_lines, optimum);
    assert!(text.contains("states explored: "));
    assert!(text.contains("time: "));

    let out = roundhouse(&["puzzle", "solve", &file, "--json"]);
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["optimum"].as_u64(), Some(optimum as u64));
    assert_eq!(json["moves"].as_array().map(Vec::len), Some(optimum));
    assert_eq!(json["guide"].as_array().map(Vec::len), Some(optimum));
    assert!(json["states"].as_u64().is_some_and(|n| n > 0));
    assert!(json["seconds"].as_f64().is_some());
}

#[test]
fn solve_refuses_bad_files_and_too_small_limits() {
    let dir = tempfile::tempdir().unwrap();
    let bad = puzzle_file(
        &dir,
        &PUZZLE.replace("name = \"Y\"\nat = \"C1\"", "name = \"Y\"\nat = \"C9\""),
    );
    let out = roundhouse(&["puzzle", "solve", &bad]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown slot `C9`"));

    let missing = roundhouse(&["puzzle", "solve", "/nonexistent/puzzle.toml"]);
    assert_eq!(missing.status.code(), Some(2));

    let file = puzzle_file(&dir, PUZZLE);
    let out = roundhouse(&["puzzle", "solve", &file, "--max-states", "3"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("too large"));

    let out = roundhouse(&["puzzle", "solve", &file, "--max-memory", "1K"]);
    assert_eq!(out.status.code(), Some(1));
    let error = String::from_utf8_lossy(&out.stderr);
    assert!(
        error.contains("too large: the search needs more than 1 KiB of memory"),
        "{error}"
    );
    let out = roundhouse(&["puzzle", "solve", &file, "--max-memory", "64M"]);
    assert_eq!(out.status.code(), Some(0));
    let out = roundhouse(&["puzzle", "solve", &file, "--max-memory", "lots"]);
    assert_eq!(out.status.code(), Some(2));
    let error = String::from_utf8_lossy(&out.stderr);
    assert!(error.contains("`lots` is not a size"), "{error}");
}

#[test]
fn generate_writes_cards_that_check_against_the_shipped_ones() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().to_string_lossy().into_owned();
    let out = roundhouse(&["puzzle", "generate", "--card", "3", "--out", &out_dir]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let written = std::fs::read_to_string(dir.path().join("03.toml")).unwrap();
    assert!(written.contains("number = 3"), "{written}");

    let same = roundhouse(&["puzzle", "generate", "--card", "3", "--check"]);
    assert!(same.status.success());
    assert!(String::from_utf8_lossy(&same.stderr).contains("same"));

    std::fs::write(
        dir.path().join("03.toml"),
        written.replace("optimum", "optimum "),
    )
    .unwrap();
    let differs = roundhouse(&[
        "puzzle", "generate", "--card", "3", "--check", "--out", &out_dir,
    ]);
    assert_eq!(differs.status.code(), Some(1));
    let report = String::from_utf8_lossy(&differs.stderr);
    assert!(
        report.contains("DIFFERS: 03.toml first differs at line"),
        "{report}"
    );
}

#[test]
fn generate_prints_a_daily_puzzle_that_solves_in_its_optimum() {
    let out = roundhouse(&["puzzle", "generate", "--daily", "2026-11-09"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(text.starts_with("# Daily puzzle #9 of 2026-11-09 (Monday): optimum 4 moves."));
    let dir = tempfile::tempdir().unwrap();
    let file = puzzle_file(&dir, &text);
    let solved = roundhouse(&["puzzle", "solve", &file]);
    assert!(String::from_utf8_lossy(&solved.stdout).contains("optimum: 4 moves"));
}

#[test]
fn generate_refuses_bad_arguments() {
    for (args, says) in [
        (
            vec!["--card", "41"],
            "Timesaver cards, 41 to 52, are chosen from the census",
        ),
        (vec!["--card", "0"], "numbered 1 to 40"),
        (vec!["--daily", "2026-02-30"], "YYYY-MM-DD"),
        (vec!["--daily", "2026-10-31"], "puzzle #1 is on 2026-11-01"),
        (vec!["--daily", "2026-11-09", "--check"], "needs --out DIR"),
    ] {
        let mut all = vec!["puzzle", "generate"];
        all.extend(&args);
        let out = roundhouse(&all);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let error = String::from_utf8_lossy(&out.stderr);
        assert!(error.contains(says), "{args:?}: {error}");
    }
}

#[test]
fn card_shows_a_route_card_and_refuses_one_that_is_not_there() {
    let out = roundhouse(&["puzzle", "card", "12", "--guide"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("Route card 12 (yellow)"), "{text}");
    assert!(text.contains("guide:"), "{text}");
    let out = roundhouse(&["puzzle", "card", "52"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("Route card 52 (black), Timesaver"),
        "{text}"
    );
    let out = roundhouse(&["puzzle", "card", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no route card 0"));
    let out = roundhouse(&["puzzle", "card", "53"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("numbered 1 to 52"));
}

#[test]
fn json_reports_load_errors_as_an_error_object_naming_the_track() {
    let dir = tempfile::tempdir().unwrap();
    let bad = puzzle_file(
        &dir,
        &PUZZLE.replace("name = \"B\"\nslots = 2", "name = \"B\"\nslots = \"two\""),
    );
    for args in [vec!["--json"], vec![]] {
        let mut all = vec!["puzzle", "solve", bad.as_str()];
        all.extend(&args);
        let out = roundhouse(&all);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let error = String::from_utf8_lossy(&out.stderr);
        assert!(error.contains("track 2 (\"B\")"), "{error}");
        assert!(error.contains("slots"), "{error}");
        if args.is_empty() {
            assert!(out.stdout.is_empty());
        } else {
            let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            assert!(
                json["file"]
                    .as_str()
                    .is_some_and(|f| f.ends_with("puzzle.toml"))
            );
            let message = json["error"].as_str().unwrap();
            assert!(message.contains("track 2 (\"B\")"), "{message}");
        }
    }
    let missing = roundhouse(&["puzzle", "solve", "/nonexistent/puzzle.toml", "--json"]);
    assert_eq!(missing.status.code(), Some(2));
    let json: serde_json::Value = serde_json::from_slice(&missing.stdout).unwrap();
    assert!(
        json["error"]
            .as_str()
            .unwrap()
            .contains("cannot read the file")
    );

    let empty_goal = puzzle_file(
        &dir,
        &PUZZLE.replace("[goal.at]", "[goal]\nempty = [\"Q\"]\n[goal.at]"),
    );
    let out = roundhouse(&["puzzle", "solve", &empty_goal, "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let message = json["error"].as_str().unwrap();
    assert!(message.contains("unknown track or slot `Q`"), "{message}");
}

#[test]
fn one_move_is_one_move_and_threads_do_not_change_the_answer() {
    let dir = tempfile::tempdir().unwrap();
    let one = puzzle_file(
        &dir,
        &PUZZLE.replace(
            "[goal.at]\nX = \"C1\"\nY = \"B1\"",
            "[goal.at]\nL1 = \"H3\"",
        ),
    );
    let out = roundhouse(&["puzzle", "solve", &one]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("optimum: 1 move\n"), "{text}");

    let file = puzzle_file(&dir, PUZZLE);
    let answers: Vec<serde_json::Value> = ["1", "3"]
        .iter()
        .map(|threads| {
            let out = roundhouse(&["puzzle", "solve", &file, "--json", "--threads", threads]);
            assert!(out.status.success());
            serde_json::from_slice(&out.stdout).unwrap()
        })
        .collect();
    assert_eq!(answers[0]["moves"], answers[1]["moves"]);
    assert_eq!(answers[0]["states"], answers[1]["states"]);
    let zero = roundhouse(&["puzzle", "solve", &file, "--threads", "0"]);
    assert_eq!(zero.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&zero.stderr).contains("--threads"));
}

#[test]
fn a_goal_that_keeps_the_headshunt_empty_is_solved_with_it_empty() {
    let dir = tempfile::tempdir().unwrap();
    // L1 must leave H altogether: it can only do that by driving into B or C.
    let file = puzzle_file(
        &dir,
        &PUZZLE.replace(
            "[goal.at]\nX = \"C1\"\nY = \"B1\"",
            "[goal]\nempty = [\"H\"]\n",
        ),
    );
    let out = roundhouse(&["puzzle", "solve", &file, "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let last = json["moves"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .as_str()
        .unwrap()
        .to_owned();
    assert!(last.contains(">B") || last.contains(">C"), "{last}");
}

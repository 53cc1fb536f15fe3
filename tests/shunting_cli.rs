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
    let guide_lines = text.lines().filter(|l| l.contains(" → ")).count();
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
}

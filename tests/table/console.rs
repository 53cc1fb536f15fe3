//! The terminal front end's answers to bad input: short, and in the terminal's own words.

use roundhouse::bots::BotLevel;
use roundhouse::console::{ConsoleSettings, run};
use roundhouse::store::Store;
use roundhouse::table::{Table, TableOptions};

fn session(dir: &std::path::Path, input: &str) -> String {
    played(dir, "yardmaster", 1, input)
}

/// The output of a terminal session of `game` with two seats, `bots` of them bots.
fn played(dir: &std::path::Path, game: &str, bots: usize, input: &str) -> String {
    let table = Table::new(
        Store::open(&dir.join("console.db")).unwrap(),
        TableOptions {
            pictures: false,
            ..TableOptions::default()
        },
    );
    let settings = ConsoleSettings {
        game: game.into(),
        players: Some(2),
        bots,
        bot_level: BotLevel::Normal,
        seed: Some(5),
        options: Vec::new(),
        resume: None,
        out_dir: dir.join("boards"),
    };
    let mut output = Vec::new();
    run(&table, &settings, input.as_bytes(), &mut output).unwrap();
    String::from_utf8(output).unwrap()
}

#[test]
fn a_multi_megabyte_move_gets_a_short_answer() {
    let dir = tempfile::tempdir().unwrap();
    let huge = format!("up {}", "Y2|Y3 ".repeat(1_000_000));
    let output = session(dir.path(), &format!("{huge}\nquit\n"));
    let refusal = output
        .lines()
        .find(|line| line.contains("is too long for a move"))
        .unwrap_or_else(|| panic!("no refusal in {output}"));
    assert!(refusal.len() < 300, "{refusal}");
    assert!(
        refusal.contains(&format!("({} characters)", huge.trim_end().chars().count())),
        "{refusal}"
    );
    assert!(output.contains("Legal now:"), "{output}");
    assert!(output.len() < 20_000, "the whole session stays short");
}

/// Two people at one keyboard: the keyboard is handed over when the turn passes to the other person,
/// not after each step of one person's own turn (Express's `draw` leaves the turn with its player).
#[test]
fn the_keyboard_is_handed_over_only_when_the_person_changes() {
    let dir = tempfile::tempdir().unwrap();
    let output = played(dir.path(), "express", 0, "\ndraw\nquit\n");
    assert_eq!(
        output.matches("Pass the keyboard to").count(),
        1,
        "{output}"
    );
    assert_eq!(output.matches("your turn —").count(), 2, "{output}");
    let output = played(dir.path(), "yardmaster", 1, "quit\n");
    assert!(!output.contains("Pass the keyboard"), "{output}");
}

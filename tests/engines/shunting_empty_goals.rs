//! Goals that keep tracks or slots empty (nothing there) or clear (no car there, a loco may be): how
//! they load, that the solver's optima respect them (checked against the plain breadth-first search
//! of `shunting_solver`), and how the text board marks them.

use roundhouse::games::shunting::present::{KEY, yard_text};
use roundhouse::games::shunting::write::puzzle_toml;
use roundhouse::games::shunting::{Kept, LoadError, Puzzle, SolveOptions, solve};
use roundhouse::rng::GameRng;

use crate::shunting_solver::{MINI_INGLENOOK, brute_force, check};

/// The small Inglenook with the loco at H3 facing up, wagons W1 … W4 at `cars`, the goal W1, W2, W3
/// on A1 … A3, and `extra` added to the goal table (`empty = …`, `clear = …`).
fn mini(cars: [&str; 4], extra: &str) -> String {
    let mut text = String::new();
    if !extra.is_empty() {
        text += &format!("[goal]\n{extra}\n");
    }
    text += "[[piece]]\nname = \"L1\"\nkind = \"loco\"\nat = \"H3\"\nfacing = \"up\"\n";
    for (i, at) in cars.iter().enumerate() {
        text += &format!("[[piece]]\nname = \"W{}\"\nat = \"{at}\"\n", i + 1);
    }
    text += "[goal.at]\nW1 = \"A1\"\nW2 = \"A2\"\nW3 = \"A3\"\n";
    text + MINI_INGLENOOK
}

fn load(text: &str) -> Result<Puzzle, LoadError> {
    Puzzle::from_toml(text)
}

/// W1 on C2, W2 on C1, W3 on B2 and W4 (the spare wagon) on B1.
const START: [&str; 4] = ["C2", "C1", "B2", "B1"];

#[test]
fn a_clear_headshunt_costs_the_spare_wagon_one_more_move() {
    // The plain goal lets W4 ride on the headshunt behind the loco at the end; the classic one must
    // put it away first. Both optima are the brute force's too (`check`).
    let plain = check("plain", &mini(START, ""));
    let clear = check("clear", &mini(START, "clear = [\"H\"]"));
    assert_eq!((plain, clear), (7, 8));
}

#[test]
fn an_empty_headshunt_sends_the_loco_away_too() {
    // Here the loco can end in a siding in the same eight moves; elsewhere it costs one more.
    assert_eq!(check("empty", &mini(START, "empty = [\"H\"]")), 8);
    let other = ["C2", "B2", "A3", "A2"];
    assert_eq!(check("other plain", &mini(other, "")), 8);
    assert_eq!(check("other clear", &mini(other, "clear = [\"H\"]")), 8);
    assert_eq!(check("other empty", &mini(other, "empty = [\"H\"]")), 9);
}

#[test]
fn random_empty_and_clear_goals_match_the_brute_force() {
    let slots = ["H1", "H2", "A1", "A2", "A3", "B1", "B2", "C1", "C2"];
    let places = ["H", "B", "C", "H1", "B2", "C1", "A3"];
    let mut rng = GameRng::seeded(17);
    let (mut solved, mut unsolvable) = (0, 0);
    for i in 0..60 {
        let at = rng.pick(&slots, 4);
        let count = 1 + rng.below(2);
        let kept = rng.pick(&places, count);
        let list = if rng.below(2) == 0 { "empty" } else { "clear" };
        let names: Vec<String> = kept.iter().map(|k| format!("\"{k}\"")).collect();
        let mut text = format!("[goal]\n{list} = [{}]\n", names.join(", "));
        text += "[[piece]]\nname = \"L1\"\nkind = \"loco\"\nat = \"H3\"\nfacing = \"up\"\n";
        for (c, slot) in at.iter().enumerate() {
            text += &format!("[[piece]]\nname = \"W{}\"\nat = \"{slot}\"\n", c + 1);
        }
        text += "[goal.at]\nW1 = \"A1\"\n";
        text += MINI_INGLENOOK;
        let Ok(puzzle) = load(&text) else {
            continue;
        };
        match brute_force(&puzzle) {
            Some(_) => {
                check(&format!("random {i}\n{text}"), &text);
                solved += 1;
            }
            None => {
                assert!(solve(&puzzle, &SolveOptions::default()).is_err(), "{text}");
                unsolvable += 1;
            }
        }
    }
    assert!(solved >= 20, "{solved} solved, {unsolvable} unsolvable");
}

#[test]
fn a_solved_position_keeps_empty_slots_empty_and_clear_ones_free_of_cars() {
    let cars = ["A1", "A2", "A3", "B2"];
    // Solved as it stands: the loco on H3 may be on a clear headshunt, not on an empty one.
    let clear = load(&mini(cars, "clear = [\"H\"]")).unwrap();
    assert!(clear.is_solved(&clear.start));
    let empty = load(&mini(cars, "empty = [\"H3\"]")).unwrap();
    assert!(!empty.is_solved(&empty.start));
    let b_clear = load(&mini(cars, "clear = [\"B\"]")).unwrap();
    assert!(!b_clear.is_solved(&b_clear.start));
    let h = clear.yard.find_slot("H2").unwrap();
    assert_eq!(clear.goal.kept(h), Some(Kept::Clear));
    assert_eq!(empty.goal.kept(h), None);
}

#[test]
fn malformed_empty_and_clear_lists_are_refused_with_their_reason() {
    let cars = ["C2", "B2", "A3", "B1"];
    let cases: [(&str, &str); 7] = [
        (
            "empty = [\"Z\"]",
            "unknown track or slot `Z` in the goal's `empty` list",
        ),
        (
            "clear = [\"H9\"]",
            "unknown track or slot `H9` in the goal's `clear` list",
        ),
        ("empty = [\"H\", \"H2\"]", "the goal asks for H2 twice"),
        (
            "empty = [\"B1\"]\nclear = [\"B\"]",
            "the goal asks for B1 twice",
        ),
        (
            "empty = [\"A\"]",
            "the goal keeps A1 empty (its `empty` list) but also wants car W1 there",
        ),
        (
            "clear = [\"A2\"]",
            "the goal keeps A2 clear (its `clear` list) but also wants car W2 there",
        ),
        ("empty = \"H\"", "invalid type"),
    ];
    for (extra, message) in cases {
        let error = load(&mini(cars, extra)).unwrap_err().to_string();
        assert!(error.contains(message), "{extra}: {error}");
    }
    // A loco may be wanted on a clear slot, not on an empty one.
    let text = mini(cars, "clear = [\"H\"]").replace("[goal.at]\n", "[goal.at]\nL1 = \"H1\"\n");
    assert!(load(&text).is_ok());
    let text = mini(cars, "empty = [\"H\"]").replace("[goal.at]\n", "[goal.at]\nL1 = \"H1\"\n");
    let error = load(&text).unwrap_err().to_string();
    assert!(error.contains("wants loco L1 there"), "{error}");
}

#[test]
fn empty_and_clear_goals_are_written_back_and_read_the_same() {
    let text = "yard = \"inglenook\"\n[goal]\nempty = [\"C\", \"B2\"]\nclear = [\"H\"]\n\
                [[piece]]\nname = \"L1\"\nkind = \"loco\"\nat = \"H4\"\nfacing = \"up\"\n\
                [[piece]]\nname = \"W1\"\nat = \"B3\"\n[goal.at]\nW1 = \"A1\"\n";
    let puzzle = load(text).unwrap();
    let written = puzzle_toml(&puzzle);
    assert!(written.contains("empty = [\"B2\", \"C\"]"), "{written}");
    assert!(written.contains("clear = [\"H\"]"), "{written}");
    let again = load(&written).unwrap();
    assert_eq!(again.goal, puzzle.goal);
    assert_eq!(again.goal.empty.len(), 4);
}

#[test]
fn the_text_board_marks_empty_and_clear_slots_and_says_what_they_mean() {
    let puzzle = load(&mini(
        ["C2", "B2", "A3", "B1"],
        "empty = [\"C1\"]\nclear = [\"H\"]",
    ))
    .unwrap();
    let board = yard_text(&puzzle, &puzzle.start);
    assert!(board.contains("C1 . (empty ok)"), "{board}");
    assert!(board.contains("C2 W1"), "{board}");
    assert!(board.contains("H1 . (no car ok)"), "{board}");
    assert!(board.contains("H3 L1> (no car ok)"), "{board}");
    assert!(board.contains("At the end: C1 empty."), "{board}");
    assert!(
        board.contains("At the end: track H clear of cars (a loco may stand there)."),
        "{board}"
    );
    assert!(KEY.contains("(empty) must end empty"));
    // A wagon left on the clear headshunt: marked, and the goal is not met.
    let puzzle = load(&mini(["A1", "A2", "A3", "H2"], "clear = [\"H\"]")).unwrap();
    let board = yard_text(&puzzle, &puzzle.start);
    assert!(board.contains("H2 W4 (no car) |"), "{board}");
    assert!(!board.contains("(solved)"), "{board}");
}

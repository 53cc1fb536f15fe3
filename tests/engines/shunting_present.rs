//! The terminal board of the shunting puzzle: every slot in order with its occupant, loco facings,
//! broken tracks, goal marks, track ends and turntable positions, for real built-in positions.

use roundhouse::games::shunting::present::{KEY, yard_text};
use roundhouse::games::shunting::{Puzzle, SolveOptions, builtin, solve};

fn puzzle(name: &str) -> Puzzle {
    builtin::puzzle(name).unwrap().unwrap()
}

/// The board's line for track `name`.
fn track_line<'a>(board: &'a str, name: &str) -> &'a str {
    board
        .lines()
        .find(|l| l.split_whitespace().next() == Some(name))
        .unwrap_or_else(|| panic!("no line for track {name} in\n{board}"))
}

#[test]
fn every_slot_and_piece_of_every_built_in_puzzle_is_on_the_board() {
    for (name, _) in builtin::PUZZLES {
        let puzzle = puzzle(name);
        let board = yard_text(&puzzle, &puzzle.start);
        assert!(board.starts_with(&puzzle.title), "{board}");
        for slot in 0..puzzle.yard.slots.len() {
            let slot_name = puzzle.yard.slot_name(slot as u8);
            assert!(
                board.split_whitespace().any(|w| w == slot_name),
                "{name}: {slot_name} missing\n{board}"
            );
        }
        for piece in &puzzle.pieces {
            assert!(
                board.contains(&piece.name),
                "{name}: {}\n{board}",
                piece.name
            );
        }
        assert!(board.trim_end().ends_with(KEY));
    }
}

#[test]
fn slots_are_listed_in_order_with_occupants_facings_and_ends() {
    let puzzle = puzzle("junction-1");
    let board = yard_text(&puzzle, &puzzle.start);
    assert_eq!(
        track_line(&board, "W"),
        "W  [buffer] W1 L1> | W2 . [P1 leg 1 → J.start]"
    );
    assert_eq!(
        track_line(&board, "E"),
        "E  [P4 stem → M.end / P5 stem] E1 . (Red) | E2 . | E3 <L2 [buffer]"
    );
    assert_eq!(
        track_line(&board, "B"),
        "B  [P2 leg 2 → P1 leg 2] B1 . (Black) | B2 . | B3 ### [buffer]"
    );
    assert_eq!(
        track_line(&board, "A"),
        "A  [P2 leg 1 → P1 leg 2] A1 Red (Blue) | A2 Green | A3 . [buffer]"
    );
    assert!(
        board.contains("Goal: Red → E1, Blue → A1, Black → B1."),
        "{board}"
    );
    assert!(board.contains("Other pieces may end anywhere."));
}

#[test]
fn the_board_follows_moves_and_the_turntable() {
    let puzzle = puzzle("shed-1");
    let start = puzzle.start;
    let board = yard_text(&puzzle, &start);
    assert!(
        board.contains("position 0 of 8; bridge T start faces R.start, end faces U.start"),
        "{board}"
    );
    assert_eq!(
        track_line(&board, "T"),
        "T  [TT to R.start] T1 . [TT to U.start]"
    );
    assert_eq!(
        track_line(&board, "R"),
        "R  [TT ring 0, lined up] R1 . (Red) | R2 <L1 | R3 . [Q stem → D.start / F.start]"
    );
    let after = puzzle.play_text(&start, "L1 R2>R3").unwrap();
    let board = yard_text(&puzzle, &after);
    assert!(
        board.contains("position 1 of 8; bridge T start faces nothing, end faces nothing"),
        "{board}"
    );
    assert_eq!(
        track_line(&board, "R"),
        "R  [TT ring 0, not lined up] R1 . (Red) | R2 . | R3 <L1 [Q stem → D.start / F.start]"
    );
}

#[test]
fn met_goals_are_marked_and_a_solved_board_says_so() {
    let puzzle = puzzle("shed-1");
    let solution = solve(&puzzle, &SolveOptions::default()).unwrap();
    let mut position = puzzle.start;
    assert!(
        !yard_text(&puzzle, &position)
            .lines()
            .next()
            .unwrap()
            .ends_with("(solved)")
    );
    for m in &solution.moves {
        position = puzzle.play(&position, m).unwrap();
    }
    let board = yard_text(&puzzle, &position);
    assert!(
        board.lines().next().unwrap().ends_with("(solved)"),
        "{board}"
    );
    assert!(board.contains("U1 Blue (Blue ok)"), "{board}");
    assert!(board.contains("R1 Red (Red ok)"), "{board}");
}

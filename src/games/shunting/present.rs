//! The yard as text, for the terminal and for messages.

use std::fmt::Write;

use super::position::Position;
use super::puzzle::Puzzle;

/// Where each piece stands in `position`, one line per piece.
pub fn yard_text(puzzle: &Puzzle, position: &Position) -> String {
    let mut text = String::new();
    for (i, piece) in puzzle.pieces.iter().enumerate() {
        let _ = writeln!(
            text,
            "{} at {}",
            piece.describe(),
            puzzle.yard.slot_name(position.slot(i))
        );
    }
    text
}

//! A puzzle written back out as a puzzle file (the format of `FORMAT.md`), so generated puzzles can be
//! shipped as data, printed and shared. The yard is written by name: it must be a built-in yard for the
//! text to load again.

use std::fmt::Write;

use super::goal::places;
use super::position::Position;
use super::puzzle::{PieceKind, Puzzle};

/// `puzzle` as puzzle-file text, starting from `puzzle.start`.
pub fn puzzle_toml(puzzle: &Puzzle) -> String {
    let mut out = String::new();
    write_puzzle(&mut out, puzzle, "");
    out
}

/// Writes `puzzle` as TOML with every table under `prefix` (`""` for a top-level puzzle file,
/// `"puzzle."` for a puzzle nested in a card file).
pub fn write_puzzle(out: &mut String, puzzle: &Puzzle, prefix: &str) {
    let yard = &puzzle.yard;
    let start: &Position = &puzzle.start;
    let _ = writeln!(out, "name = {}", quoted(&puzzle.name));
    let _ = writeln!(out, "title = {}", quoted(&puzzle.title));
    let _ = writeln!(out, "yard = {}", quoted(&yard.name));
    let broken: Vec<String> = (0..yard.slots.len())
        .filter(|&s| puzzle.broken[s])
        .map(|s| quoted(&yard.slot_name(s as u8)))
        .collect();
    if !broken.is_empty() {
        let _ = writeln!(out, "broken = [{}]", broken.join(", "));
    }
    if !yard.turntables.is_empty() {
        let tables: Vec<String> = yard
            .turntables
            .iter()
            .enumerate()
            .map(|(i, t)| format!("{} = {}", t.name, start.turntable(i)))
            .collect();
        let _ = writeln!(out, "turntables = {{ {} }}", tables.join(", "));
    }
    for (i, piece) in puzzle.pieces.iter().enumerate() {
        let _ = writeln!(out, "\n[[{prefix}piece]]");
        let _ = writeln!(out, "name = {}", quoted(&piece.name));
        if piece.kind == PieceKind::Loco {
            let _ = writeln!(out, "kind = \"loco\"");
        }
        let _ = writeln!(out, "at = {}", quoted(&yard.slot_name(start.slot(i))));
        if piece.kind == PieceKind::Loco {
            let facing = if start.faces_up(i) { "up" } else { "down" };
            let _ = writeln!(out, "facing = \"{facing}\"");
        }
        if let Some(colour) = &piece.colour {
            let _ = writeln!(out, "colour = {}", quoted(colour));
        }
    }
    let goal = &puzzle.goal;
    if !goal.empty.is_empty() || !goal.clear.is_empty() {
        let _ = writeln!(out, "\n[{prefix}goal]");
        for (key, slots) in [("empty", &goal.empty), ("clear", &goal.clear)] {
            if !slots.is_empty() {
                let names: Vec<String> = places(yard, slots)
                    .iter()
                    .map(|(name, _)| quoted(name))
                    .collect();
                let _ = writeln!(out, "{key} = [{}]", names.join(", "));
            }
        }
    }
    if !goal.at.is_empty() {
        let _ = writeln!(out, "\n[{prefix}goal.at]");
        for &(p, s) in &goal.at {
            let _ = writeln!(
                out,
                "{} = {}",
                puzzle.pieces[p].name,
                quoted(&yard.slot_name(s))
            );
        }
    }
    if !goal.facing.is_empty() {
        let _ = writeln!(out, "\n[{prefix}goal.facing]");
        for &(p, up) in &goal.facing {
            let facing = if up { "up" } else { "down" };
            let _ = writeln!(out, "{} = \"{facing}\"", puzzle.pieces[p].name);
        }
    }
    for group in &goal.groups {
        let _ = writeln!(out, "\n[[{prefix}goal.group]]");
        let pieces: Vec<String> = group
            .pieces
            .iter()
            .map(|&p| quoted(&puzzle.pieces[p].name))
            .collect();
        let slots: Vec<String> = group
            .slots
            .iter()
            .map(|&s| quoted(&yard.slot_name(s)))
            .collect();
        let _ = writeln!(out, "pieces = [{}]", pieces.join(", "));
        let _ = writeln!(out, "slots = [{}]", slots.join(", "));
    }
}

/// A TOML basic string.
pub fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::shunting::builtin;

    #[test]
    fn every_built_in_puzzle_survives_a_round_trip() {
        for (name, _) in builtin::PUZZLES {
            let puzzle = builtin::puzzle(name).unwrap().unwrap();
            let text = puzzle_toml(&puzzle);
            let again = Puzzle::from_toml(&text).unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
            assert_eq!(again.start, puzzle.start, "{name}");
            assert_eq!(again.goal, puzzle.goal, "{name}");
            assert_eq!(again.broken, puzzle.broken, "{name}");
            assert_eq!(again.pieces, puzzle.pieces, "{name}");
            assert_eq!(again.title, puzzle.title, "{name}");
            assert_eq!(puzzle_toml(&again), text, "{name}");
        }
    }

    #[test]
    fn quotes_are_escaped() {
        assert_eq!(quoted("a \"b\" \\c"), r#""a \"b\" \\c""#);
    }
}

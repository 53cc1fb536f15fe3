//! The yards and puzzles shipped with Roundhouse, embedded from data files.

use super::error::LoadError;
use super::puzzle::Puzzle;
use super::yard::Yard;

/// Built-in yards: name and file text.
pub const YARDS: &[(&str, &str)] = &[
    ("inglenook", include_str!("yards/inglenook.toml")),
    ("timesaver", include_str!("yards/timesaver.toml")),
    ("shed", include_str!("yards/shed.toml")),
    ("junction", include_str!("yards/junction.toml")),
    ("depot", include_str!("yards/depot.toml")),
    ("runround", include_str!("yards/runround.toml")),
];

/// Built-in puzzles: name and file text.
pub const PUZZLES: &[(&str, &str)] = &[
    (
        "inglenook-hard-1",
        include_str!("puzzles/inglenook-hard-1.toml"),
    ),
    (
        "inglenook-hard-2",
        include_str!("puzzles/inglenook-hard-2.toml"),
    ),
    (
        "inglenook-hard-3",
        include_str!("puzzles/inglenook-hard-3.toml"),
    ),
    (
        "inglenook-hardest-1",
        include_str!("puzzles/inglenook-hardest-1.toml"),
    ),
    (
        "inglenook-hardest-2",
        include_str!("puzzles/inglenook-hardest-2.toml"),
    ),
    (
        "inglenook-hardest-3",
        include_str!("puzzles/inglenook-hardest-3.toml"),
    ),
    (
        "inglenook-classic-hardest-1",
        include_str!("puzzles/inglenook-classic-hardest-1.toml"),
    ),
    (
        "inglenook-classic-hardest-2",
        include_str!("puzzles/inglenook-classic-hardest-2.toml"),
    ),
    ("timesaver-1", include_str!("puzzles/timesaver-1.toml")),
    (
        "timesaver-hardest",
        include_str!("puzzles/timesaver-hardest.toml"),
    ),
    ("shed-1", include_str!("puzzles/shed-1.toml")),
    ("junction-1", include_str!("puzzles/junction-1.toml")),
];

/// The built-in yard called `name` (case-insensitive).
pub fn yard(name: &str) -> Result<Yard, LoadError> {
    let (_, text) = YARDS
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name.trim()))
        .ok_or_else(|| LoadError::UnknownYard(name.to_owned()))?;
    Yard::from_toml(text)
}

/// The built-in puzzle called `name` (case-insensitive), if there is one.
pub fn puzzle(name: &str) -> Option<Result<Puzzle, LoadError>> {
    PUZZLES
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name.trim()))
        .map(|(_, text)| Puzzle::from_toml(text))
}

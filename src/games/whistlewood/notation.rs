//! Whistlewood steps and their notation. One step is one command: the direction, a discard choice, an
//! action (place, claim, advance) or resolving a Siding's Shunt before its Bonus Action.
//!
//! ```text
//! from left | from right     the starting player puts the locomotive at that end of the map
//! keep | discard grain coal  hand management: discard those tiles (or none), then draw up to 3
//! place stone+shunt          put a tile from your hand at the end of the train
//! claim 3 top                your car beside column 3 moves onto the top card of column 3
//! advance                    the train moves forward one card
//! shunt                      a Siding gave a Shunt and a Bonus Action: do the Shunt first
//! forgo                      the same, when the Bonus Action has nothing to do yet: resolve it
//!                            first (it is lost), then the Shunt
//! ```

use std::fmt::{self, Display};
use std::str::FromStr;

use super::cars::{CarKind, TileType};
use crate::excerpt::excerpt;
use crate::game::RuleError;

/// The most tiles a hand may hold (and so a discard may name).
pub const MAX_HAND: usize = 4;

/// A few tiles named by one step (a discard), sorted and kept inline, so steps never allocate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TileList {
    len: u8,
    tiles: [TileType; MAX_HAND],
}

/// What fills the unused places of a [`TileList`] (never read).
const FILLER: TileType = TileType::plain(CarKind::Grain);

impl TileList {
    /// No tiles.
    pub const EMPTY: TileList = TileList {
        len: 0,
        tiles: [FILLER; MAX_HAND],
    };

    /// These tiles, sorted; None if there are more than [`MAX_HAND`].
    pub fn new(tiles: &[TileType]) -> Option<TileList> {
        TileList::collect(tiles.iter().copied())
    }

    /// The tiles of an iterator, sorted; None if there are more than [`MAX_HAND`].
    pub fn collect(tiles: impl IntoIterator<Item = TileType>) -> Option<TileList> {
        let mut list = TileList::EMPTY;
        for tile in tiles {
            *list.tiles.get_mut(usize::from(list.len))? = tile;
            list.len += 1;
        }
        list.tiles[..usize::from(list.len)].sort_unstable();
        Some(list)
    }

    /// The tiles whose bits are set in `mask` (bit i for the i-th tile); still sorted.
    pub fn subset(&self, mask: u8) -> TileList {
        let mut list = TileList::EMPTY;
        for (i, &tile) in self.as_slice().iter().enumerate() {
            if mask & (1 << i) != 0 {
                list.tiles[usize::from(list.len)] = tile;
                list.len += 1;
            }
        }
        list
    }

    /// The tiles, sorted.
    pub fn as_slice(&self) -> &[TileType] {
        &self.tiles[..usize::from(self.len)]
    }

    /// Whether it names no tile.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// How many tiles it names.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }
}

/// A row of the map, as it lies on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Row {
    /// The upper row.
    Top,
    /// The lower row.
    Bottom,
}

impl Row {
    /// The row's index in the map (0 for the top).
    pub fn index(self) -> usize {
        match self {
            Row::Top => 0,
            Row::Bottom => 1,
        }
    }

    /// The row with this index.
    pub fn from_index(index: usize) -> Row {
        if index == 0 { Row::Top } else { Row::Bottom }
    }

    /// The word used in notation.
    pub fn word(self) -> &'static str {
        match self {
            Row::Top => "top",
            Row::Bottom => "bottom",
        }
    }
}

/// One step of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// The starting player's choice: the locomotive starts at the left end (`true`) or the right end.
    FromLeft(bool),
    /// Hand management: discard these tiles (none = keep everything), then draw.
    Discard(TileList),
    /// Place a tile of this type from the hand at the end of the train.
    Place(TileType),
    /// The mover's car beside this column (1–5, from the locomotive's starting end) claims the card in
    /// this row.
    Claim {
        /// The column, 1 to 5.
        column: u8,
        /// The row of the card.
        row: Row,
    },
    /// Move the train forward one card.
    Advance,
    /// Resolve a pending Shunt before the Bonus Action that came with it.
    Shunt,
    /// Resolve a pending Bonus Action that has no legal option now before the Shunt that came with
    /// it: the Bonus Action is lost.
    Forgo,
}

impl Action {
    /// Keep the whole hand (discard nothing).
    pub const KEEP: Action = Action::Discard(TileList::EMPTY);

    /// Whether this step is one of the three actions (place, claim, advance).
    pub fn is_action(&self) -> bool {
        matches!(
            self,
            Action::Place(_) | Action::Claim { .. } | Action::Advance
        )
    }
}

impl Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::FromLeft(true) => f.write_str("from left"),
            Action::FromLeft(false) => f.write_str("from right"),
            Action::Discard(tiles) if tiles.is_empty() => f.write_str("keep"),
            Action::Discard(tiles) => {
                f.write_str("discard")?;
                for tile in tiles.as_slice() {
                    write!(f, " {tile}")?;
                }
                Ok(())
            }
            Action::Place(tile) => write!(f, "place {tile}"),
            Action::Claim { column, row } => write!(f, "claim {column} {}", row.word()),
            Action::Advance => f.write_str("advance"),
            Action::Shunt => f.write_str("shunt"),
            Action::Forgo => f.write_str("forgo"),
        }
    }
}

const SHAPES: &str = "`from left`, `from right`, `keep`, `discard grain coal`, `place tank`, \
                      `claim 3 top`, `advance`, `shunt` or `forgo`";

impl FromStr for Action {
    type Err = RuleError;

    fn from_str(text: &str) -> Result<Self, RuleError> {
        let lower = text.trim().to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        match words.as_slice() {
            ["from", "left"] => Ok(Action::FromLeft(true)),
            ["from", "right"] => Ok(Action::FromLeft(false)),
            ["keep"] => Ok(Action::KEEP),
            ["discard"] => Err(RuleError::new(
                "Say which tiles to discard (`discard grain coal`), or `keep` to discard none.",
            )),
            ["discard", tiles @ ..] => {
                let tiles = tiles
                    .iter()
                    .map(|t| t.parse::<TileType>())
                    .collect::<Result<Vec<_>, _>>()?;
                TileList::new(&tiles).map(Action::Discard).ok_or_else(|| {
                    RuleError::new(format!(
                        "A hand holds at most {MAX_HAND} tiles; you named {}.",
                        tiles.len()
                    ))
                })
            }
            ["place", tile] => tile.parse().map(Action::Place),
            ["place"] => Err(RuleError::new(
                "Say which tile to place, e.g. `place grain`.",
            )),
            ["claim", column, row] => {
                let column = column
                    .parse::<u8>()
                    .ok()
                    .filter(|c| (1..=5).contains(c))
                    .ok_or_else(|| {
                        RuleError::new(format!(
                            "`{}` is not a column; columns are 1 to 5, counted from the \
                             locomotive's starting end.",
                            excerpt(column)
                        ))
                    })?;
                let row = match *row {
                    "top" | "t" => Row::Top,
                    "bottom" | "b" => Row::Bottom,
                    other => {
                        return Err(RuleError::new(format!(
                            "`{}` is not a row; say `top` or `bottom`.",
                            excerpt(other)
                        )));
                    }
                };
                Ok(Action::Claim { column, row })
            }
            ["claim", ..] => Err(RuleError::new(
                "Say the column of your car and the card's row, e.g. `claim 3 top`.",
            )),
            ["advance"] => Ok(Action::Advance),
            ["shunt"] => Ok(Action::Shunt),
            ["forgo"] => Ok(Action::Forgo),
            [] => Err(RuleError::new(format!("Say a step: {SHAPES}."))),
            _ => Err(RuleError::new(format!(
                "`{}` is not a Whistlewood step; steps look like {SHAPES}.",
                excerpt(text.trim())
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::whistlewood::cars::Bonus;

    #[test]
    fn every_step_round_trips_through_its_notation() {
        let steps = [
            Action::FromLeft(true),
            Action::FromLeft(false),
            Action::KEEP,
            Action::Discard(
                TileList::new(&[
                    TileType::plain(CarKind::Tank),
                    TileType::with(CarKind::Stone, Bonus::Shunt),
                ])
                .unwrap(),
            ),
            Action::Place(TileType::with(CarKind::Stone, Bonus::Action)),
            Action::Claim {
                column: 4,
                row: Row::Bottom,
            },
            Action::Advance,
            Action::Shunt,
            Action::Forgo,
        ];
        for step in steps {
            assert_eq!(step.to_string().parse::<Action>(), Ok(step), "{step}");
        }
    }

    #[test]
    fn discards_are_sorted_so_equal_choices_compare_equal() {
        let a: Action = "discard tank grain".parse().unwrap();
        let b: Action = "discard grain tank".parse().unwrap();
        assert_eq!(a, b);
        assert_eq!(a.to_string(), "discard grain tank");
    }

    #[test]
    fn malformed_steps_say_what_was_wrong() {
        for (text, hint) in [
            ("claim 6 top", "columns are 1 to 5"),
            ("claim 2 middle", "`top` or `bottom`"),
            ("place", "which tile"),
            ("place gold", "not a train car"),
            ("fly", "not a Whistlewood step"),
            ("", "Say a step"),
        ] {
            let error = text.parse::<Action>().unwrap_err();
            assert!(error.message.contains(hint), "{text}: {}", error.message);
        }
    }
}

//! Train car tiles: their kinds, the bonus icons some carry, and the names players type for them.

use std::fmt::{self, Display};
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::excerpt::excerpt;
use crate::game::RuleError;
use crate::plural::with_article;

/// What a train car carries; it decides how the car scores (see [`super::rulings::CarScoring`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CarKind {
    /// Grain: worth most on a Silo station.
    Grain,
    /// Stone: the cheap cars that carry the bonus icons.
    Stone,
    /// Coal.
    Coal,
    /// Logs.
    Log,
    /// Mail: copies the other car on its card.
    Mail,
    /// Livestock: likes Fields and Rivers next door.
    Livestock,
    /// Tank: worth most near the locomotive's starting end.
    Tank,
}

/// Every car kind, in the order pictures and texts list them.
pub const CAR_KINDS: [CarKind; 7] = [
    CarKind::Grain,
    CarKind::Stone,
    CarKind::Coal,
    CarKind::Log,
    CarKind::Mail,
    CarKind::Livestock,
    CarKind::Tank,
];

impl CarKind {
    /// The lower-case name used in notation (`grain`).
    pub fn code(self) -> &'static str {
        match self {
            CarKind::Grain => "grain",
            CarKind::Stone => "stone",
            CarKind::Coal => "coal",
            CarKind::Log => "log",
            CarKind::Mail => "mail",
            CarKind::Livestock => "livestock",
            CarKind::Tank => "tank",
        }
    }

    /// The name shown to people (`Grain`).
    pub fn name(self) -> &'static str {
        match self {
            CarKind::Grain => "Grain",
            CarKind::Stone => "Stone",
            CarKind::Coal => "Coal",
            CarKind::Log => "Log",
            CarKind::Mail => "Mail",
            CarKind::Livestock => "Livestock",
            CarKind::Tank => "Tank",
        }
    }
}

/// A bonus icon, on a car tile or a Siding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Bonus {
    /// Lightning: one Bonus Action (place, claim or advance), which must be used if any is legal.
    Action,
    /// Reverse arrow: the whole train moves back one card.
    Shunt,
}

impl Bonus {
    /// The lower-case name used in notation (`shunt`).
    pub fn code(self) -> &'static str {
        match self {
            Bonus::Action => "action",
            Bonus::Shunt => "shunt",
        }
    }

    /// The name shown to people.
    pub fn name(self) -> &'static str {
        match self {
            Bonus::Action => "Bonus Action",
            Bonus::Shunt => "Shunt",
        }
    }
}

/// A kind of tile: its cargo and the bonus icon it shows, if any. Two tiles of one type are
/// interchangeable, so actions name types, not single tiles. Written (and serialised) `grain`,
/// `stone+shunt`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct TileType {
    /// The cargo.
    pub kind: CarKind,
    /// The bonus icon on the tile.
    pub bonus: Option<Bonus>,
}

impl From<TileType> for String {
    fn from(tile: TileType) -> String {
        tile.to_string()
    }
}

impl TryFrom<String> for TileType {
    type Error = RuleError;

    fn try_from(text: String) -> Result<Self, RuleError> {
        text.parse()
    }
}

impl TileType {
    /// A tile without a bonus icon.
    pub const fn plain(kind: CarKind) -> Self {
        TileType { kind, bonus: None }
    }

    /// A tile with a bonus icon.
    pub const fn with(kind: CarKind, bonus: Bonus) -> Self {
        TileType {
            kind,
            bonus: Some(bonus),
        }
    }

    /// The name shown to people (`Stone car with a Shunt`).
    pub fn describe(self) -> String {
        match self.bonus {
            None => format!("{} car", self.kind.name()),
            Some(bonus) => format!(
                "{} car with {}",
                self.kind.name(),
                with_article(bonus.name())
            ),
        }
    }
}

impl Display for TileType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kind.code())?;
        if let Some(bonus) = self.bonus {
            write!(f, "+{}", bonus.code())?;
        }
        Ok(())
    }
}

impl FromStr for TileType {
    type Err = RuleError;

    fn from_str(text: &str) -> Result<Self, RuleError> {
        let text = text.trim().to_ascii_lowercase();
        let (kind_text, bonus_text) = match text.split_once('+') {
            Some((kind, bonus)) => (kind, Some(bonus)),
            None => (text.as_str(), None),
        };
        let kind = CAR_KINDS
            .into_iter()
            .find(|k| k.code() == kind_text)
            .ok_or_else(|| {
                let names: Vec<&str> = CAR_KINDS.iter().map(|k| k.code()).collect();
                RuleError::new(format!(
                    "`{}` is not a train car; cars are {}.",
                    excerpt(kind_text),
                    names.join(", ")
                ))
            })?;
        let bonus = match bonus_text {
            None => None,
            Some("action") => Some(Bonus::Action),
            Some("shunt") => Some(Bonus::Shunt),
            Some(other) => {
                return Err(RuleError::new(format!(
                    "`{}` is not a bonus; a car shows `+action` or `+shunt`.",
                    excerpt(other)
                )));
            }
        };
        Ok(TileType { kind, bonus })
    }
}

/// Which player a tile belongs to: 0 (red, the first seat) or 1 (blue, the second seat or the Automa).
pub type Owner = usize;

/// One physical tile: its owner and its place in the owner's set (see [`super::rulings::Rulings::cars`]).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub struct Tile {
    /// Whose tile it is.
    pub owner: u8,
    /// Its index in the owner's car set.
    pub index: u8,
}

impl Tile {
    /// The owner as an index.
    pub fn owner(self) -> Owner {
        usize::from(self.owner)
    }
}

/// The colour names of the two sets, by owner.
pub const COLOURS: [&str; 2] = ["red", "blue"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tile_types_round_trip_through_notation() {
        for tile in [
            TileType::plain(CarKind::Livestock),
            TileType::with(CarKind::Stone, Bonus::Shunt),
            TileType::with(CarKind::Stone, Bonus::Action),
        ] {
            assert_eq!(tile.to_string().parse::<TileType>(), Ok(tile));
        }
        assert_eq!(
            " Grain ".parse::<TileType>(),
            Ok(TileType::plain(CarKind::Grain))
        );
        assert!(
            "gold"
                .parse::<TileType>()
                .unwrap_err()
                .message
                .contains("grain, stone")
        );
        assert!("stone+boost".parse::<TileType>().is_err());
    }
}

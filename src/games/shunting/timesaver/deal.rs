//! One deal of the full Timesaver: where the loco and the five cars start and which three industry
//! spots the first three cars must reach.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::games::shunting::builtin;
use crate::games::shunting::error::LoadError;
use crate::games::shunting::format::{FacingSpec, GoalSpec, KindSpec, PieceSpec, PuzzleFile};
use crate::games::shunting::position::Position;
use crate::games::shunting::puzzle::Puzzle;
use crate::games::shunting::yard::{SlotId, Yard};

/// The built-in yard the deals are played on.
pub const YARD: &str = "timesaver";
/// The loco's name.
pub const LOCO: &str = "L1";
/// The cars by name and picture colour; the first [`SENT`] are the ones sent to industry spots.
pub const CARS: [(&str, &str); 5] = [
    ("Red", "red"),
    ("Blue", "blue"),
    ("Green", "green"),
    ("Yellow", "yellow"),
    ("Brown", "brown"),
];
/// How many cars a deal sends to industry spots.
pub const SENT: usize = 3;

/// A deal: the loco's slot and facing, each car's slot, and the spots of the cars sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimesaverDeal {
    /// The loco's starting slot.
    pub loco: SlotId,
    /// Whether the loco's front faces towards higher slot numbers.
    pub loco_up: bool,
    /// Each car's starting slot, in [`CARS`] order.
    pub cars: [SlotId; 5],
    /// The industry spot each of the first [`SENT`] cars must end on.
    pub spots: [SlotId; SENT],
}

/// Why placements are not a Timesaver deal.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DealError {
    /// A slot number the yard does not have.
    #[error("slot {0} is not on the Timesaver yard (it has {1} slots)")]
    NoSuchSlot(SlotId, usize),
    /// Two pieces start in one slot.
    #[error("two pieces start on {0}")]
    SlotTaken(String),
    /// A goal spot that is not an industry spot.
    #[error("{0} is not an industry spot (the spots are {1})")]
    NotASpot(String, String),
    /// Two cars sent to one spot.
    #[error("two cars are sent to {0}")]
    SpotTwice(String),
    /// The yard or puzzle does not load (a fault in the built-in files).
    #[error("{0}")]
    Load(#[from] LoadError),
    /// A car that starts on the spot it is sent to.
    #[error("{car} starts on {spot}, the spot it is sent to; a deal sends every car away")]
    AlreadyThere {
        /// The car.
        car: &'static str,
        /// Its spot.
        spot: String,
    },
}

impl TimesaverDeal {
    /// Checks the deal against our ruling on `yard` (the built-in Timesaver yard): every piece on
    /// its own slot of the yard, the spots different industry spots, no sent car on its own spot.
    pub fn check(&self, yard: &Yard) -> Result<(), DealError> {
        let slots = yard.slots.len();
        let mut taken = vec![false; slots];
        for &slot in std::iter::once(&self.loco).chain(&self.cars) {
            let index = usize::from(slot);
            if index >= slots {
                return Err(DealError::NoSuchSlot(slot, slots));
            }
            if std::mem::replace(&mut taken[index], true) {
                return Err(DealError::SlotTaken(yard.slot_name(slot)));
            }
        }
        for (i, &spot) in self.spots.iter().enumerate() {
            if !yard.industries.contains(&spot) {
                let spots: Vec<String> =
                    yard.industries.iter().map(|&s| yard.slot_name(s)).collect();
                return Err(DealError::NotASpot(yard.slot_name(spot), spots.join(", ")));
            }
            if self.spots[..i].contains(&spot) {
                return Err(DealError::SpotTwice(yard.slot_name(spot)));
            }
            if self.cars[i] == spot {
                return Err(DealError::AlreadyThere {
                    car: CARS[i].0,
                    spot: yard.slot_name(spot),
                });
            }
        }
        Ok(())
    }

    /// The deal as a puzzle file on the built-in yard: the loco first, then the cars in [`CARS`]
    /// order; the goal names the sent cars' spots and leaves the others free.
    pub fn file(&self, name: &str, title: &str) -> Result<PuzzleFile, LoadError> {
        let yard = builtin::yard(YARD)?;
        let mut pieces = vec![PieceSpec {
            name: LOCO.to_owned(),
            kind: KindSpec::Loco,
            at: yard.slot_name(self.loco),
            facing: Some(if self.loco_up {
                FacingSpec::Up
            } else {
                FacingSpec::Down
            }),
            colour: None,
        }];
        pieces.extend(
            self.cars
                .iter()
                .zip(CARS)
                .map(|(&slot, (car, colour))| PieceSpec {
                    name: car.to_owned(),
                    kind: KindSpec::Car,
                    at: yard.slot_name(slot),
                    facing: None,
                    colour: Some(colour.to_owned()),
                }),
        );
        let at = self
            .spots
            .iter()
            .zip(CARS)
            .map(|(&spot, (car, _))| (car.to_owned(), yard.slot_name(spot)))
            .collect();
        Ok(PuzzleFile {
            name: Some(name.to_owned()),
            title: Some(title.to_owned()),
            yard: toml::Value::String(YARD.to_owned()),
            broken: Vec::new(),
            turntables: Default::default(),
            pieces,
            goal: GoalSpec {
                at,
                ..GoalSpec::default()
            },
        })
    }

    /// The deal as a puzzle, checked first.
    pub fn puzzle(&self, name: &str, title: &str) -> Result<Puzzle, DealError> {
        self.check(&builtin::yard(YARD)?)?;
        Ok(Puzzle::from_file(&self.file(name, title)?)?)
    }

    /// The deal a position of a deal's puzzle shows (pieces in the puzzle's order), with `spots`.
    pub fn at(position: &Position, spots: [SlotId; SENT]) -> TimesaverDeal {
        TimesaverDeal {
            loco: position.slot(0),
            loco_up: position.faces_up(0),
            cars: std::array::from_fn(|car| position.slot(car + 1)),
            spots,
        }
    }

    /// Whether no sent car stands on its own spot (every other rule of a deal holds for any position
    /// of a deal's puzzle).
    pub fn sends_every_car(&self) -> bool {
        self.cars
            .iter()
            .zip(&self.spots)
            .all(|(car, spot)| car != spot)
    }
}

//! Whether a set of rulings can make a game: the map's size, the car set, and the range every number
//! must keep to. Checked when a setup's rulings are loaded, so no ruling can make a score overflow, a
//! bonus count wrap or a turn never end.

use std::ops::RangeInclusive;

use crate::games::ranges::{first_outside, outside};

use super::card_cars::MAX_TRACKS;
use super::notation::MAX_HAND;
use super::rulings::{COLUMNS, ROWS, Rulings, StationValue};

/// What one car may score on a Station (every number in its scoring rule).
pub const STATION_POINTS: RangeInclusive<i32> = 0..=20;
/// What one car may cost while it rides the train past the last Station column.
pub const BEYOND_POINTS: RangeInclusive<i32> = -20..=0;
/// Actions in a turn: a player's, the starting player's first, the Automa's.
pub const TURN_ACTIONS: RangeInclusive<u8> = 1..=5;
/// Cars before the map that make the train advance by itself.
pub const AUTO_ADVANCE_CARS: RangeInclusive<u8> = 1..=5;
/// Tiles in a full hand.
pub const HAND_SIZE: RangeInclusive<u8> = 1..=MAX_HAND as u8;
/// Tracks on one location card.
pub const TRACKS: RangeInclusive<u8> = 0..=MAX_TRACKS as u8;
/// Nature icons on one location card.
pub const NATURE_ICONS: RangeInclusive<usize> = 0..=2;
/// Bonuses a claim on one location card gives.
pub const CARD_BONUSES: RangeInclusive<usize> = 0..=2;
/// Train cars in one colour's set.
pub const CARS_PER_COLOUR: RangeInclusive<usize> = 1..=15;

impl Rulings {
    /// Why these rulings cannot make a game, if they cannot.
    pub fn problem(&self) -> Option<String> {
        let cards: usize = self.locations.iter().map(|l| usize::from(l.count)).sum();
        if cards != ROWS * COLUMNS {
            return Some(format!(
                "the location cards add up to {cards}, not {}",
                ROWS * COLUMNS
            ));
        }
        let turn_numbers = [
            ("hand_size", self.hand_size, HAND_SIZE),
            ("actions_per_turn", self.actions_per_turn, TURN_ACTIONS),
            ("first_turn_actions", self.first_turn_actions, TURN_ACTIONS),
            ("automa_actions", self.automa_actions, TURN_ACTIONS),
            (
                "auto_advance_cars",
                self.auto_advance_cars,
                AUTO_ADVANCE_CARS,
            ),
        ];
        if let Some((field, value, range)) = turn_numbers
            .iter()
            .find(|(_, value, range)| !range.contains(value))
        {
            return Some(outside(field, *value, range));
        }
        let cars = self.cars.len();
        if !CARS_PER_COLOUR.contains(&cars) {
            return Some(outside("the number of cars", cars, &CARS_PER_COLOUR));
        }
        self.location_problem().or_else(|| self.scoring_problem())
    }

    /// The first location card whose tracks or icons are out of range, as a sentence.
    fn location_problem(&self) -> Option<String> {
        self.locations.iter().find_map(|card| {
            let field = |name: &str| {
                format!(
                    "{name} of location {} ({})",
                    card.letter,
                    crate::excerpt::excerpt(&card.name)
                )
            };
            first_outside([(field("tracks"), card.tracks)], &TRACKS)
                .or_else(|| {
                    first_outside([(field("nature icons"), card.nature.len())], &NATURE_ICONS)
                })
                .or_else(|| first_outside([(field("bonuses"), card.bonuses.len())], &CARD_BONUSES))
        })
    }

    /// The first scoring number out of range (or a column table of the wrong length), as a sentence.
    fn scoring_problem(&self) -> Option<String> {
        self.scoring.iter().find_map(|rule| {
            let kind = rule.kind.code();
            let field = |name: &str| format!("the scoring of {kind}: {name}");
            let on_station: Vec<(String, i32)> = match &rule.on_station {
                StationValue::Flat(points) => vec![(field("flat"), *points)],
                StationValue::CopyOther => Vec::new(),
                StationValue::Neighbours { base, per_icon } => {
                    vec![(field("base"), *base), (field("per_icon"), *per_icon)]
                }
                StationValue::ByColumn(values) if values.len() != COLUMNS => {
                    return Some(format!(
                        "the scoring of {kind} needs {COLUMNS} column values, not {}",
                        values.len()
                    ));
                }
                StationValue::ByColumn(values) => values
                    .iter()
                    .enumerate()
                    .map(|(i, &points)| (field(&format!("column {}", i + 1)), points))
                    .collect(),
                StationValue::Silo { silo, other } => {
                    vec![(field("silo"), *silo), (field("other"), *other)]
                }
            };
            first_outside(on_station, &STATION_POINTS)
                .or_else(|| first_outside([(field("beyond"), rule.beyond)], &BEYOND_POINTS))
        })
    }
}

//! End-game scoring, also used for the scores "as they would stand now" on every picture: cars on
//! Stations score by the rulings' table, cars still in the train beyond the last Station column lose
//! points, everything else scores nothing. The rulings' ranges (`rulings_check.rs`) keep every car's
//! value small, so these sums cannot overflow.

use std::fmt::Write;

use super::cars::{CarKind, Tile};
use super::rules::Whistlewood;
use super::rulings::{COLUMNS, ROWS, StationValue};

/// One colour's score and where it comes from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct OwnerScore {
    /// Points from cars on Stations.
    pub stations: i32,
    /// Points lost for cars in the train beyond the last Station column (zero or less).
    pub beyond: i32,
    /// The total.
    pub total: i32,
}

impl OwnerScore {
    /// "stations 14, beyond the last station −5".
    pub fn detail(&self) -> String {
        // Room for the longest text, so it is written without growing.
        let mut text = String::with_capacity(48);
        write!(text, "stations {}", self.stations).ok();
        if self.beyond != 0 {
            write!(text, ", beyond the last station {}", self.beyond).ok();
        }
        text
    }
}

/// Both colours' scores as the map stands now.
pub fn score(game: &Whistlewood) -> [OwnerScore; 2] {
    let mut scores = [OwnerScore::default(); 2];
    for row in 0..ROWS {
        for column in 0..COLUMNS {
            for &tile in game.spot(row, column) {
                scores[tile.owner()].stations += station_value(game, tile, row, column);
            }
        }
    }
    let last = last_station_column(game);
    for (car, &tile) in game.train().iter().enumerate() {
        if game.car_column(car) > last {
            scores[tile.owner()].beyond += beyond_value(game, tile);
        }
    }
    for score in &mut scores {
        score.total = score.stations + score.beyond;
    }
    scores
}

/// The furthest column (1..=5, from the starting end) holding a Station in either row.
pub fn last_station_column(game: &Whistlewood) -> i32 {
    (0..COLUMNS)
        .filter(|&c| (0..ROWS).any(|r| game.rulings().locations[game.location_at(r, c)].station))
        .map(|c| c as i32 + 1)
        .max()
        .unwrap_or(0)
}

/// What a car in the train beyond the last Station column costs its owner.
pub fn beyond_value(game: &Whistlewood, tile: Tile) -> i32 {
    if game.is_automa(tile.owner()) && !game.rulings().automa_negative_points {
        return 0;
    }
    game.rulings()
        .scoring_of(game.tile_type(tile).kind)
        .map_or(0, |s| s.beyond)
}

/// What the car `tile` on the card at (row, column index) scores (0 off a Station).
pub fn station_value(game: &Whistlewood, tile: Tile, row: usize, column: usize) -> i32 {
    let spec = &game.rulings().locations[game.location_at(row, column)];
    if !spec.station {
        return 0;
    }
    let kind = game.tile_type(tile).kind;
    let Some(scoring) = game.rulings().scoring_of(kind) else {
        return 0;
    };
    match &scoring.on_station {
        StationValue::CopyOther => game
            .spot(row, column)
            .iter()
            .filter(|&&other| other != tile)
            .filter(|&&other| !copies(game, other))
            .map(|&other| station_value(game, other, row, column))
            .max()
            .unwrap_or(0),
        other => plain_value(game, other, spec.silo, row, column),
    }
}

/// Whether a car copies another (Mail), so copying it gives nothing.
fn copies(game: &Whistlewood, tile: Tile) -> bool {
    let kind: CarKind = game.tile_type(tile).kind;
    game.rulings()
        .scoring_of(kind)
        .is_some_and(|s| s.on_station == StationValue::CopyOther)
}

/// What a car of `kind` would score on the card at (row, column index) from its own cargo alone (a
/// copying car, Mail, counts 0 here: it depends on its neighbour).
pub fn kind_value_at(game: &Whistlewood, kind: CarKind, row: usize, column: usize) -> i32 {
    let spec = &game.rulings().locations[game.location_at(row, column)];
    match game.rulings().scoring_of(kind) {
        Some(scoring) if spec.station => {
            plain_value(game, &scoring.on_station, spec.silo, row, column)
        }
        _ => 0,
    }
}

fn plain_value(
    game: &Whistlewood,
    value: &StationValue,
    silo: bool,
    row: usize,
    column: usize,
) -> i32 {
    match value {
        StationValue::Flat(points) => *points,
        StationValue::CopyOther => 0,
        StationValue::Neighbours { base, per_icon } => {
            base + per_icon * game.nature_next_to(row, column) as i32
        }
        StationValue::ByColumn(values) => values.get(column).copied().unwrap_or(0),
        StationValue::Silo {
            silo: on_silo,
            other,
        } => {
            if silo {
                *on_silo
            } else {
                *other
            }
        }
    }
}

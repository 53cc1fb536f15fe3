//! A greedy computer player for a seat: it tries every legal step and keeps the one that leaves its
//! score furthest ahead, counting what its cars in the train could still earn on the Stations ahead.

use super::cars::{Owner, TileType};
use super::notation::Action;
use super::rules::{Stage, Whistlewood};
use super::rulings::{COLUMNS, ROWS, StationValue};
use super::scoring;
use crate::game::{BotPlayer, Game, GameRng, SeatSight};

/// Share of a car's best reachable Station value counted while it still rides the train.
const PROSPECT: f64 = 0.5;
/// Weight of the opponent's prospects against the bot's own.
const OPPONENT_PROSPECT: f64 = 0.4;
/// What the bot expects a Mail car to copy.
const MAIL_GUESS: i32 = 2;
/// Noise that breaks ties between equally good steps.
const JITTER: f64 = 0.01;

impl BotPlayer for Whistlewood {
    /// Tries every legal step on one sample of the table (the hidden piles drawn at random) and keeps
    /// the step that leaves the table best for the bot's colour.
    fn choose(sight: &SeatSight<'_, Whistlewood>, rng: &mut GameRng) -> Action {
        let seat = sight.seat();
        let legal = sight.legal();
        let table = sight.sample(rng);
        if table.stage() == Stage::Discard || legal.len() == 1 {
            return keep_or_first(&legal);
        }
        let owner = table.current();
        let mut best = (f64::MIN, 0);
        for (i, action) in legal.iter().enumerate() {
            let mut next = table.clone();
            if next.apply_quiet(seat, action).is_err() {
                continue;
            }
            let worth = evaluate(&next, owner) + JITTER * rng.fraction();
            if worth > best.0 {
                best = (worth, i);
            }
        }
        legal[best.1]
    }
}

/// Keeps the hand when managing it (drawing blind gains nothing on average); else the only step.
fn keep_or_first(legal: &[Action]) -> Action {
    *legal
        .iter()
        .find(|a| matches!(a, Action::Discard(tiles) if tiles.is_empty()))
        .unwrap_or(&legal[0])
}

/// How good the table is for `owner`: the score lead, plus what cars in the train may still earn.
pub fn evaluate(game: &Whistlewood, owner: Owner) -> f64 {
    let scores = game.scores();
    let other = 1 - owner;
    let mut worth = f64::from(scores[owner].total - scores[other].total);
    if game.stage() == Stage::Over {
        return worth * 100.0;
    }
    worth += PROSPECT * prospects(game, owner);
    worth -= PROSPECT * OPPONENT_PROSPECT * prospects(game, other);
    worth
}

/// What `owner`'s cars in the train could earn on free Stations at or ahead of their column.
fn prospects(game: &Whistlewood, owner: Owner) -> f64 {
    let mut total = 0.0;
    for (car, &tile) in game.train().iter().enumerate() {
        if tile.owner() != owner {
            continue;
        }
        let column = game.car_column(car).max(1) as usize;
        let tile_type = game.tile_type(tile);
        let best = (column - 1..COLUMNS)
            .flat_map(|c| (0..ROWS).map(move |r| (r, c)))
            .filter(|&(r, c)| game.free_tracks(r, c) > 0)
            .filter(|&(r, c)| game.rulings().locations[game.location_at(r, c)].station)
            .map(|(r, c)| value_at(game, tile_type, r, c))
            .max()
            .unwrap_or(0);
        total += f64::from(best);
    }
    total
}

/// What a car of this type would score on the card at (row, column index); Mail is guessed at 2, since
/// its value depends on the car it will stand beside.
pub(super) fn value_at(game: &Whistlewood, tile: TileType, row: usize, column: usize) -> i32 {
    match game.rulings().scoring_of(tile.kind) {
        Some(scoring) if scoring.on_station == StationValue::CopyOther => MAIL_GUESS,
        _ => scoring::kind_value_at(game, tile.kind, row, column),
    }
}

//! The hard bot's playout policy: a quick, noisy rule of thumb for any colour's step in a sampled
//! table. It claims the Station that pays most for the car beside it, else places a tile, else
//! advances; it keeps its hand. Cheap enough to play thousands of games a step.

use super::bots::value_at;
use super::cars::Bonus;
use super::notation::Action;
use super::rules::Whistlewood;
use crate::game::GameRng;

/// Noise added to each step's worth, so near equals are taken in turn.
const JITTER: f64 = 1.5;
/// What keeping the hand is worth (a blind draw gains nothing on average), against nothing for any
/// discard.
const KEEP: f64 = 1.0;
/// What placing a tile is worth (a car in the train that may score later).
const PLACE: f64 = 1.0;
/// What placing a tile with a Bonus Action adds (one more action now).
const BONUS_ACTION: f64 = 0.5;
/// What claiming the Siding is worth (its Shunt and Bonus Action).
const SIDING: f64 = 1.0;
/// What advancing the train is worth (new cards beside the cars).
const ADVANCE: f64 = 0.5;

impl Whistlewood {
    /// A playout's step for the colour to move, one of `legal` (which is not empty).
    pub(super) fn playout_choice(&self, legal: &[Action], rng: &mut GameRng) -> Action {
        let mut best = (f64::MIN, 0);
        for (i, step) in legal.iter().enumerate() {
            let worth = self.quick_worth(step) + JITTER * rng.fraction();
            if worth > best.0 {
                best = (worth, i);
            }
        }
        legal[best.1]
    }

    /// A rough worth of `step` for the colour to move, in points.
    fn quick_worth(&self, step: &Action) -> f64 {
        match *step {
            Action::Discard(tiles) if tiles.is_empty() => KEEP,
            Action::Place(tile) if tile.bonus == Some(Bonus::Action) => PLACE + BONUS_ACTION,
            Action::Place(_) => PLACE,
            Action::Claim { column, row } => {
                let column = usize::from(column) - 1;
                let row = row.index();
                let spec = &self.rulings.locations[self.location_at(row, column)];
                if spec.is_siding() {
                    return SIDING;
                }
                self.car_at_column(column).map_or(0.0, |car| {
                    f64::from(value_at(self, self.tile_type(self.train[car]), row, column))
                })
            }
            Action::Advance => ADVANCE,
            Action::Discard(_) | Action::FromLeft(_) | Action::Shunt | Action::Forgo => 0.0,
        }
    }
}

//! How the hard bot searches Whistlewood: playouts to the end (a game is a few dozen steps) by the
//! quick rule of thumb of `playout.rs` for both colours (the Automa plays its own rules inside each
//! step), judged where one stops short by the normal bot's own measure of the table (score lead plus
//! what cars may still earn).

use super::bots::evaluate;
use super::notation::Action;
use super::rules::Whistlewood;
use crate::bots::SearchBot;
use crate::game::{Game, GameRng, Seat};

/// Points of judged lead that make a win about 73 % likely.
const SPREAD: f64 = 5.0;

impl SearchBot for Whistlewood {
    const HARD_ITERATIONS: u32 = 800;
    const PLAYOUT_STEPS: u32 = 80;
    const EASY_SLIP: f64 = 0.4;
    const PLAYOUT_SLIP: f64 = 0.1;

    fn win_chances(&self) -> Vec<f64> {
        (0..self.players())
            .map(|seat| {
                let owner = (0..2)
                    .find(|&owner| self.seat_of(owner) == Some(seat))
                    .unwrap_or(0);
                1.0 / (1.0 + (-evaluate(self, owner) / SPREAD).exp())
            })
            .collect()
    }

    fn playout_step(&self, _seat: Seat, legal: &[Action], rng: &mut GameRng) -> Action {
        self.playout_choice(legal, rng)
    }
}

//! How the hard bot searches Whistlewood: playouts to the end (a game is a few dozen steps), judged
//! where one stops by the normal bot's own measure of the table (score lead plus what cars may still
//! earn), for both colours, the Automa's included.

use super::bots::evaluate;
use super::rules::Whistlewood;
use crate::bots::SearchBot;
use crate::game::Game;

/// Points of judged lead that make a win about 73 % likely.
const SPREAD: f64 = 5.0;

impl SearchBot for Whistlewood {
    const HARD_ITERATIONS: u32 = 400;
    const PLAYOUT_STEPS: u32 = 80;

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
}

//! How the hard bot searches Coal Train: a game is hundreds of steps, so playouts are cut short and
//! judged by the scores as they stand.

use super::CoalTrain;
use super::scoring::scores;
use crate::bots::SearchBot;
use crate::bots::reward::margin_chances;

/// Points of lead that make a win about 73 % likely.
const SPREAD: f64 = 8.0;

impl SearchBot for CoalTrain {
    const HARD_ITERATIONS: u32 = 200;
    const PLAYOUT_STEPS: u32 = 40;

    fn win_chances(&self) -> Vec<f64> {
        let totals: Vec<f64> = scores(self)
            .iter()
            .map(|score| f64::from(score.total()))
            .collect();
        margin_chances(&totals, SPREAD)
    }
}

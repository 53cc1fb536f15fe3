//! How the hard bot searches Express: a game is hundreds of steps, so playouts are cut short and
//! judged by the totals of the hands played.

use super::Express;
use crate::bots::SearchBot;
use crate::bots::reward::margin_chances;

/// Points of lead that make a win about 73 % likely.
const SPREAD: f64 = 20.0;

impl SearchBot for Express {
    const HARD_ITERATIONS: u32 = 200;
    const PLAYOUT_STEPS: u32 = 40;

    fn win_chances(&self) -> Vec<f64> {
        let totals: Vec<f64> = self.totals().iter().copied().map(f64::from).collect();
        margin_chances(&totals, SPREAD)
    }
}

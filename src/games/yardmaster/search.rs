//! How the hard bot searches Yardmaster: whole games are short, so playouts run to the end with
//! random cards; the judgement where one stops is the score lead as the trains stand.

use super::rules::Yardmaster;
use crate::bots::SearchBot;
use crate::bots::reward::margin_chances;

/// Points of lead that make a win about 73 % likely.
const SPREAD: f64 = 6.0;

impl SearchBot for Yardmaster {
    const HARD_ITERATIONS: u32 = 400;
    const PLAYOUT_STEPS: u32 = 60;

    fn win_chances(&self) -> Vec<f64> {
        let totals: Vec<f64> = self.totals_now().into_iter().map(f64::from).collect();
        margin_chances(&totals, SPREAD)
    }
}

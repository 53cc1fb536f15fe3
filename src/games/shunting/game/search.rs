//! The hard bot in a puzzle: the normal bot already plays an optimal line by the exact solver, so the
//! hard bot keeps it rather than searching.

use super::{Action, Shunting};
use crate::bots::SearchBot;
use crate::game::{BotPlayer, GameRng, SeatSight};

impl SearchBot for Shunting {
    const HARD_ITERATIONS: u32 = 0;
    const PLAYOUT_STEPS: u32 = 0;

    /// A puzzle has one seat and no opponent: every position is as good as any other to the search.
    fn win_chances(&self) -> Vec<f64> {
        vec![0.5]
    }

    fn choose_hard(sight: &SeatSight<'_, Shunting>, rng: &mut GameRng) -> Action {
        Shunting::choose(sight, rng)
    }
}

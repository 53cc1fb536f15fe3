//! Every level of bot in a puzzle plays the normal bot's optimal line by the exact solver: the hard bot
//! cannot do better, and a puzzle has no opponent for the easy bot to give a chance to (its slips would
//! only send the solver after the pieces from further away).

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

    fn choose_easy(sight: &SeatSight<'_, Shunting>, rng: &mut GameRng) -> Action {
        Shunting::choose(sight, rng)
    }

    fn choose_hard(sight: &SeatSight<'_, Shunting>, rng: &mut GameRng) -> Action {
        Shunting::choose(sight, rng)
    }
}

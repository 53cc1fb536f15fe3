//! How the hard bot searches Express: a game is hundreds of steps, so the tree tries only the normal
//! bot's few best steps at each decision, playouts follow the normal bot for a few turns, and where
//! they stop the totals are judged as they would stand once the hand under way is scored
//! ([`super::prospects`]).

use super::Express;
use super::bots::{best_steps, cornered, heuristic_step};
use super::notation::Action;
use super::prospects::expected_totals;
use crate::bots::reward::margin_chances;
use crate::bots::{SearchBot, search};
use crate::game::{BotPlayer, GameRng, Seat, SeatSight};

/// Points of lead that make a win about 73 % likely.
const SPREAD: f64 = 15.0;
/// Steps the tree tries at each decision: the normal bot's best.
const TREE_STEPS: usize = 5;

impl SearchBot for Express {
    const HARD_ITERATIONS: u32 = 200;
    const PLAYOUT_STEPS: u32 = 40;

    fn win_chances(&self) -> Vec<f64> {
        margin_chances(&expected_totals(self), SPREAD)
    }

    fn playout_step(&self, seat: Seat, legal: &[Action], rng: &mut GameRng) -> Action {
        heuristic_step(self, seat, legal, rng)
    }

    fn tree_steps(&self, seat: Seat, steps: &mut Vec<Action>) {
        best_steps(self, seat, steps, TREE_STEPS);
    }

    /// The search, except in a corner, where the normal bot's random step is played: there every step
    /// only shuffles cards around, and a search would shuffle them for ever.
    fn choose_hard(sight: &SeatSight<'_, Self>, rng: &mut GameRng) -> Action {
        if sight.legal().len() > 1 && cornered(sight, rng) {
            return Self::choose(sight, rng);
        }
        search::choose(sight, rng, Self::HARD_ITERATIONS)
    }
}

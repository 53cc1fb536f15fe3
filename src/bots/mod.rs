//! Computer players at three levels over every game: easy ([`easy`]), normal (each game's own
//! [`BotPlayer`]) and hard (the generic search in [`search`]). Every level decides from a
//! [`SeatSight`] alone, so no level can use what its seat cannot see.

pub mod easy;
mod level;
#[cfg(test)]
mod nim;
pub mod reward;
pub mod search;

pub use level::BotLevel;

use crate::game::{BotPlayer, GameRng, Seat, SeatSight};

/// What the generic search needs of a game beyond its rules: how many iterations it may run, how
/// playouts go and how an unfinished position is judged where a playout stops.
pub trait SearchBot: BotPlayer {
    /// Iterations of the hard bot's search for one step. Fixed, never the clock, so the same seed gives
    /// the same step on any machine; chosen per game so a step stays quick (see `benches/bot_levels.rs`).
    const HARD_ITERATIONS: u32;
    /// Steps a playout takes before the position is judged by [`SearchBot::win_chances`]; a game that
    /// ends sooner is scored by its outcome.
    const PLAYOUT_STEPS: u32;
    /// The share of its decisions (those with a choice) on which the easy bot takes a careless step.
    const EASY_SLIP: f64 = 0.25;
    /// The share of playout steps taken uniformly at random instead of by
    /// [`SearchBot::playout_step`], so playouts by a rule of thumb do not all run alike.
    const PLAYOUT_SLIP: f64 = 0.0;
    /// When set, the search plays the normal bot's step unless the step it tried most earned, on
    /// average, more than this much more reward (in `0.0..=1.0`): a game whose judgement cannot tell
    /// many steps apart (a walk that changes no score) then follows the normal bot among them instead
    /// of wandering. `None` always plays the step tried most.
    const NORMAL_MARGIN: Option<f64> = None;

    /// How likely each seat is to win from this full state, in seat order, each in `0.0..=1.0`: the
    /// search's judgement where a playout stops short of the end. [`reward::margin_chances`] turns
    /// estimated final scores into such chances.
    fn win_chances(&self) -> Vec<f64>;

    /// A quick step for `seat` in a playout of a sampled state, one of `legal` (which is not empty),
    /// where the playout does not slip ([`SearchBot::PLAYOUT_SLIP`]). The default picks uniformly at
    /// random; a game with a cheap heuristic plays it here.
    fn playout_step(&self, seat: Seat, legal: &[Self::Action], rng: &mut GameRng) -> Self::Action {
        let _ = seat;
        legal[rng.index(legal.len())].clone()
    }

    /// The easy bot's step: the normal bot with careless slips ([`easy::choose`]). A game with no
    /// opponent to give a chance to, such as a puzzle, may play its normal line instead.
    fn choose_easy(sight: &SeatSight<'_, Self>, rng: &mut GameRng) -> Self::Action {
        easy::choose(sight, rng)
    }

    /// Narrows the steps the search's tree tries for `seat` (one of those that owe a decision) to the
    /// promising ones among `steps`, the legal steps of this state; playouts still see them all. A game
    /// with a good heuristic and many steps a turn keeps only its best few here, so the tree looks
    /// deeper; the default keeps every step. Must leave at least one step.
    fn tree_steps(&self, seat: Seat, steps: &mut Vec<Self::Action>) {
        let _ = (seat, steps);
    }

    /// The hard bot's step: the generic search (a game whose normal bot already plays perfectly, such
    /// as an exact puzzle solver, may keep it).
    fn choose_hard(sight: &SeatSight<'_, Self>, rng: &mut GameRng) -> Self::Action {
        search::choose(sight, rng, Self::HARD_ITERATIONS)
    }
}

/// The step a bot of `level` takes for `seat` in `game`, from what the seat may know.
pub fn bot_step<G: SearchBot>(
    game: &G,
    seat: Seat,
    level: BotLevel,
    rng: &mut GameRng,
) -> G::Action {
    let sight = SeatSight::new(game, seat);
    match level {
        BotLevel::Easy => G::choose_easy(&sight, rng),
        BotLevel::Normal => G::choose(&sight, rng),
        BotLevel::Hard => G::choose_hard(&sight, rng),
    }
}

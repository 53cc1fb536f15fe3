//! The easy bot: the game's normal bot, which now and then takes a careless step instead, as a new
//! player would (a step that is legal but not thought through).

use super::SearchBot;
use crate::game::{GameRng, SeatSight};

/// The normal bot's step, or on a share [`SearchBot::EASY_SLIP`] of the decisions that offer a choice,
/// any legal step at random.
pub fn choose<G: SearchBot>(sight: &SeatSight<'_, G>, rng: &mut GameRng) -> G::Action {
    let legal = sight.legal();
    if legal.len() > 1 && rng.fraction() < G::EASY_SLIP {
        return legal[rng.index(legal.len())].clone();
    }
    G::choose(sight, rng)
}

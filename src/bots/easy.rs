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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::nim::{Nim, Take};

    #[test]
    fn the_easy_bot_mostly_plays_as_the_normal_bot_and_sometimes_slips() {
        let game = Nim {
            pile: 10,
            to_move: 0,
            winner: None,
        };
        let sight = SeatSight::new(&game, 0);
        let mut rng = GameRng::seeded(3);
        let decisions = 1000;
        let slips = (0..decisions)
            .filter(|_| choose(&sight, &mut rng) != Take(1))
            .count();
        // The normal Nim bot always takes 1; a slip picks any of the three takes, so two slips in three
        // show: about a sixth of the decisions.
        let expected = decisions as f64 * Nim::EASY_SLIP * 2.0 / 3.0;
        assert!(
            (slips as f64 - expected).abs() < expected * 0.3,
            "{slips} slips in {decisions} decisions, expected about {expected}"
        );
    }
}

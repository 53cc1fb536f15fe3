//! How the hard bot searches Coal Train: a game is hundreds of steps, so playouts follow the normal
//! bot's list (now and then a random step, so they do not all run alike) and are cut short, where the
//! position is judged by the scores as they stand. Many steps change no score (a walk of the agent, a
//! trade), so where the search cannot tell its most tried step from the normal bot's, it plays the
//! normal bot's ([`SearchBot::NORMAL_MARGIN`]).

use super::CoalTrain;
use super::bots::{Glance, favourite};
use super::notation::Action;
use super::scoring::scores;
use crate::bots::SearchBot;
use crate::bots::reward::margin_chances;
use crate::game::{GameRng, Seat};

/// Points of lead that make a win about 73 % likely.
const SPREAD: f64 = 8.0;

impl SearchBot for CoalTrain {
    const HARD_ITERATIONS: u32 = 400;
    const PLAYOUT_STEPS: u32 = 40;
    const PLAYOUT_SLIP: f64 = 0.1;
    const NORMAL_MARGIN: Option<f64> = Some(0.02);

    fn win_chances(&self) -> Vec<f64> {
        let totals: Vec<f64> = scores(self)
            .iter()
            .map(|score| f64::from(score.total()))
            .collect();
        margin_chances(&totals, SPREAD)
    }

    /// The normal bot's choice by its list, read from the sampled state.
    fn playout_step(&self, seat: Seat, legal: &[Action], _rng: &mut GameRng) -> Action {
        favourite(legal, &Glance::of_state(self, seat))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::{BotLevel, bot_step};
    use crate::game::{Game, ToAct};
    use crate::games::coal_train::CoalTrainOptions;

    /// Steps no game between bots comes near.
    const STEP_BOUND: usize = 5_000;

    /// A dealt table of `players` from `seed`.
    fn table(players: usize, seed: u64) -> (CoalTrain, GameRng) {
        let options = CoalTrainOptions::default();
        let mut rng = GameRng::seeded(seed);
        let setup = CoalTrain::deal(&options, players, &mut rng);
        (
            CoalTrain::start(options, players, setup, seed).unwrap(),
            rng,
        )
    }

    #[test]
    fn easy_bots_in_every_seat_end_their_games() {
        for seed in 0..4 {
            let (mut game, mut rng) = table(3 + seed as usize % 3, seed);
            let mut steps = 0;
            while let ToAct::Seats(seats) = game.to_act() {
                assert!(steps < STEP_BOUND, "seed {seed}: the easy game did not end");
                let step = bot_step(&game, seats[0], BotLevel::Easy, &mut rng);
                game.apply_quiet(seats[0], &step).unwrap();
                steps += 1;
            }
            assert!(game.outcome().is_some());
        }
    }
}

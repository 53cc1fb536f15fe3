//! How the hard bot searches Yardmaster: whole games are short, so playouts run to the end; in them
//! every seat plays the normal bot's greedy judgement ([`evaluate`]) with now and then a random card,
//! and the judgement where one stops is the score lead as the trains stand.

use super::bots::evaluate;
use super::notation::Action;
use super::rules::Yardmaster;
use crate::bots::SearchBot;
use crate::bots::reward::margin_chances;
use crate::game::{GameRng, Seat};

/// Points of lead that make a win about 73 % likely.
const SPREAD: f64 = 6.0;
/// Noise that breaks ties between equally good playout steps.
const PLAYOUT_JITTER: f64 = 0.5;

impl SearchBot for Yardmaster {
    const HARD_ITERATIONS: u32 = 2000;
    const PLAYOUT_STEPS: u32 = 60;
    const EASY_SLIP: f64 = 0.4;
    const PLAYOUT_SLIP: f64 = 0.1;

    fn win_chances(&self) -> Vec<f64> {
        let totals: Vec<f64> = self.totals_now().into_iter().map(f64::from).collect();
        margin_chances(&totals, SPREAD)
    }

    /// The greedy step by [`evaluate`], with a little noise.
    fn playout_step(&self, seat: Seat, legal: &[Action], rng: &mut GameRng) -> Action {
        let mut best = (f64::NEG_INFINITY, legal[0]);
        for &action in legal {
            let worth = evaluate(self, seat, &action) + PLAYOUT_JITTER * rng.fraction();
            if worth > best.0 {
                best = (worth, action);
            }
        }
        best.1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn playouts_take_a_greedy_step_whatever_the_noise() {
        let options = Default::default();
        let mut rng = GameRng::seeded(11);
        let setup = Yardmaster::deal(&options, 4, &mut rng);
        let game = Yardmaster::start(options, 4, setup, 11).expect("a dealt game starts");
        let seat = game.current().expect("a seat to move");
        let legal = game.legal(seat);
        let worth = |action: &Action| evaluate(&game, seat, action);
        let best = legal.iter().map(worth).fold(f64::NEG_INFINITY, f64::max);
        assert!(
            legal.iter().any(|a| worth(a) < best - 2.0 * PLAYOUT_JITTER),
            "the deal offers a clearly worse step"
        );
        for _ in 0..1000 {
            let step = game.playout_step(seat, &legal, &mut rng);
            assert!(
                worth(&step) >= best - PLAYOUT_JITTER,
                "{step} is clearly worse than the best step"
            );
        }
    }
}

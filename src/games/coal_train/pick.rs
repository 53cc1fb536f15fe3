//! A uniformly random legal step, picked from the listing's runs: the step `rng.index(n)` picks from
//! the `n` legal steps, with that one draw, without writing out the trade lists.

use std::cell::RefCell;

use super::notation::Action;
use super::state::CoalTrain;
use crate::game::{GameRng, Seat};

/// Legal steps next to each other in the listing: one step, or a run of one kind's trades, kept as the
/// static list they are made in.
#[derive(Clone, Copy, Debug)]
pub(super) enum Run {
    /// One step.
    One(Action),
    /// Trade steps, in listing order.
    Many(&'static [Action]),
}

impl CoalTrain {
    /// The legal step of `seat` that one `rng.index(n)` picks from the `n` of [`Self::legal_steps`]
    /// (none when it has none). The same listing finds the steps, as runs; only the draw's run is read.
    pub(super) fn random_step(&self, seat: Seat, rng: &mut GameRng) -> Option<Action> {
        thread_local! {
            static RUNS: RefCell<Vec<Run>> = const { RefCell::new(Vec::new()) };
        }
        RUNS.with_borrow_mut(|runs| {
            let count = self.legal_runs(seat, runs);
            if count == 0 {
                return None;
            }
            let mut index = rng.index(count);
            for run in runs.iter() {
                match *run {
                    Run::One(action) if index == 0 => return Some(action),
                    Run::One(_) => index -= 1,
                    Run::Many(steps) if index < steps.len() => return Some(steps[index]),
                    Run::Many(steps) => index -= steps.len(),
                }
            }
            None
        })
    }
}

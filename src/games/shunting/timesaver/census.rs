//! Every deal of the full Timesaver solved at once: per goal, one complete search backwards
//! ([`GoalDistances`]) gives the optimum of every start with that goal.
//!
//! Renaming the cars maps deals to deals and moves to moves, so a goal is only its three spots (the
//! sent cars Red, Blue and Green take them in the yard's order of spots) and the two cars left free
//! are interchangeable: deals are counted up to that renaming, one per goal of [`goals`] and
//! placement. The loco never turns round on this yard (it has no reversing loop or turntable), so
//! each goal is searched once per facing class of the loco.

use super::deal::{DealError, SENT, TimesaverDeal, YARD};
use crate::games::shunting::builtin;
use crate::games::shunting::solver::{GoalDistances, SolveError, SolveOptions};
use crate::games::shunting::yard::{SlotId, Yard};

/// How many deals each search keeps per optimum as examples.
const EXAMPLES_PER_SEARCH: usize = 1;

/// The optimum of every deal, counted.
#[derive(Clone, Debug, Default)]
pub struct Census {
    /// `counts[d]`: how many deals need exactly `d` moves.
    pub counts: Vec<u64>,
    /// Deals from which the goal cannot be reached at all.
    pub unsolvable: u64,
    /// Per optimum, some deals with it (the first in key order of each search that has one), to
    /// choose cards from.
    pub examples: Vec<Vec<TimesaverDeal>>,
    /// The positions the largest single complete search stored.
    pub largest_search: usize,
}

/// Why the census could not be taken.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CensusError {
    /// The built-in yard or a deal's puzzle does not load.
    #[error("{0}")]
    Deal(#[from] DealError),
    /// A complete search did not fit the limits.
    #[error("{0}")]
    Solve(#[from] SolveError),
}

impl Census {
    /// Every deal, solvable or not.
    pub fn deals(&self) -> u64 {
        self.counts.iter().sum::<u64>() + self.unsolvable
    }

    /// The largest optimum of any deal.
    pub fn hardest(&self) -> usize {
        self.counts.iter().rposition(|&n| n > 0).unwrap_or(0)
    }

    /// The distribution as a Markdown table, `moves | deals`, then the unsolvable deals if any.
    pub fn table(&self) -> String {
        let mut out = String::from("| moves | deals |\n|---:|---:|\n");
        for (moves, &n) in self.counts.iter().enumerate().filter(|(_, n)| **n > 0) {
            out.push_str(&format!("| {moves} | {n} |\n"));
        }
        out.push_str(&format!("| all | {} |\n", self.deals()));
        if self.unsolvable > 0 {
            out.push_str(&format!("| no solution | {} |\n", self.unsolvable));
        }
        out
    }

    fn add(&mut self, moves: usize, deal: TimesaverDeal, examples: &mut [usize]) {
        if self.counts.len() <= moves {
            self.counts.resize(moves + 1, 0);
            self.examples.resize(moves + 1, Vec::new());
        }
        self.counts[moves] += 1;
        if examples
            .get(moves)
            .is_some_and(|&n| n < EXAMPLES_PER_SEARCH)
        {
            examples[moves] += 1;
            self.examples[moves].push(deal);
        }
    }
}

/// Every goal up to renaming the cars: each three of the yard's industry spots, in their order.
pub fn goals(yard: &Yard) -> Vec<[SlotId; SENT]> {
    let spots = &yard.industries;
    let mut goals = Vec::new();
    for a in 0..spots.len() {
        for b in a + 1..spots.len() {
            for c in b + 1..spots.len() {
                goals.push([spots[a], spots[b], spots[c]]);
            }
        }
    }
    goals
}

/// How many deals have goal `spots` (up to swapping the two free cars), for one facing of the loco.
pub fn deals_with(yard: &Yard, spots: [SlotId; SENT]) -> u64 {
    let slots = yard.slots.len() as u64;
    let free_pairs = |left: u64| left * left.saturating_sub(1) / 2;
    let mut deals = 0;
    let all = 0..yard.slots.len() as SlotId;
    for loco in all.clone() {
        for red in all.clone().filter(|&s| s != loco && s != spots[0]) {
            for blue in all.clone().filter(|&s| ![loco, red, spots[1]].contains(&s)) {
                let greens = all
                    .clone()
                    .filter(|&s| ![loco, red, blue, spots[2]].contains(&s))
                    .count() as u64;
                deals += greens * free_pairs(slots - 4);
            }
        }
    }
    deals
}

/// The complete search from goal `spots` for the loco's facing class of `up` (see the module
/// notes), covering every deal with that goal and facing class. Its start, which only picks the
/// facing class, has a car right ahead of the loco's front: a deal may put cars there, and the
/// solver's shortcut for yards where no move ever does so ([`crate::games::shunting::solver`],
/// "nothing ahead of the loco") only applies to starts without one, so this search keeps every
/// such position too.
pub fn goal_distances(
    yard: &Yard,
    spots: [SlotId; SENT],
    up: bool,
    options: &SolveOptions,
) -> Result<GoalDistances, CensusError> {
    // The yard's first two slots, W1 and W2, on its first track: the loco on one, facing the other.
    let (behind, ahead) = if up { (0, 1) } else { (1, 0) };
    let mut free =
        (0..yard.slots.len() as SlotId).filter(|s| ![0, 1].contains(s) && !spots.contains(s));
    let mut next = || free.next().expect("the yard has room for every piece");
    let base = TimesaverDeal {
        loco: behind,
        loco_up: up,
        cars: std::array::from_fn(|car| if car == 0 { ahead } else { next() }),
        spots,
    };
    let puzzle = base.puzzle("census", "census")?;
    Ok(GoalDistances::new(&puzzle, options)?)
}

/// Solves every deal: one complete search per goal and loco facing class. Takes minutes and some
/// GB in a release build; `options.max_states` must hold a whole search.
pub fn census(options: &SolveOptions) -> Result<Census, CensusError> {
    let yard = builtin::yard(YARD).map_err(DealError::from)?;
    let mut census = Census::default();
    let mut solvable = 0u64;
    let mut total = 0u64;
    for spots in goals(&yard) {
        total += 2 * deals_with(&yard, spots);
        let mut searched: Vec<GoalDistances> = Vec::new();
        for up in [false, true] {
            let distances = match goal_distances(&yard, spots, up, options) {
                Ok(distances) => distances,
                Err(CensusError::Solve(SolveError::Unsolvable { .. })) => continue,
                Err(e) => return Err(e),
            };
            let same_class = searched.iter().any(|done| {
                let start = distances.positions_at(0).next();
                start.is_some_and(|p| done.distance(&p).is_some())
            });
            if same_class {
                continue;
            }
            let counts = distances.counts();
            census.largest_search = census.largest_search.max(counts.iter().sum());
            let mut examples = vec![0; counts.len()];
            for moves in 0..counts.len() {
                for position in distances.positions_at(moves) {
                    let deal = TimesaverDeal::at(&position, spots);
                    if deal.sends_every_car() {
                        solvable += 1;
                        census.add(moves, deal, &mut examples);
                    }
                }
            }
            searched.push(distances);
        }
    }
    census.unsolvable = total - solvable;
    Ok(census)
}

//! How the route cards are made: per colour, the pieces, broken tracks and goal size, and the optimum
//! each of its ten cards must have (rising through the colour). A card's puzzle comes from the first
//! seed, tried in order, whose solved optimum is the card's target; so each card depends only on its
//! number and this table, and regenerating it gives the same file. Try `k` puts the goal position
//! `target + k mod 3` moves from the start, since a goal that names only some pieces may be nearer.
//!
//! The colour is set by the optimum alone, not by how many states the solver happened to explore: the
//! optimum is a property of the puzzle, so the cards stay the same when the solver changes (only their
//! guides, one optimal solution among several, could). The pieces to search over also grow: green has
//! one loco and three cars, yellow brings the second loco, red a fourth car, black a fifth (all
//! named). `roundhouse puzzle generate` reports the states the solver stores per card; with today's
//! solver their medians are about 250 (green), 3,700 (yellow), 1,250 (red) and 11,600 (black): the
//! second loco widens the search more than the fourth car does, so red is longer than yellow but not
//! wider.

use thiserror::Error;

use super::{CARD_COUNT, Card, Colour};
use crate::games::shunting::generate::{Recipe, Rejection, generate};
use crate::games::shunting::solver::SolveOptions;
use crate::rng::seed_of;

/// How the cards of one colour are made.
#[derive(Clone, Copy, Debug)]
pub struct ColourPlan {
    /// The colour.
    pub colour: Colour,
    /// Locos on the board.
    pub locos: usize,
    /// Cars on the board.
    pub cars: usize,
    /// Broken tracks.
    pub broken: usize,
    /// Pieces the goal names.
    pub named: usize,
    /// The optimum of each of the colour's cards, in card order.
    pub optima: [usize; CARDS_PER_COLOUR],
}

/// Cards of each colour.
pub const CARDS_PER_COLOUR: usize = 10;

/// The plan, green first: cards 1–10 are green, 11–20 yellow, 21–30 red, 31–40 black.
pub const PLANS: [ColourPlan; 4] = [
    ColourPlan {
        colour: Colour::Green,
        locos: 1,
        cars: 3,
        broken: 1,
        named: 3,
        optima: [3, 3, 4, 4, 5, 5, 6, 6, 7, 7],
    },
    ColourPlan {
        colour: Colour::Yellow,
        locos: 2,
        cars: 3,
        broken: 2,
        named: 5,
        optima: [8, 8, 8, 8, 9, 9, 9, 9, 10, 10],
    },
    ColourPlan {
        colour: Colour::Red,
        locos: 1,
        cars: 4,
        broken: 2,
        named: 4,
        optima: [11, 11, 11, 12, 12, 12, 13, 13, 13, 14],
    },
    ColourPlan {
        colour: Colour::Black,
        locos: 1,
        cars: 5,
        broken: 2,
        named: 5,
        optima: [15, 15, 15, 16, 16, 16, 17, 17, 18, 18],
    },
];

/// The yards the cards use, taken in turn (odd cards on the first).
pub const YARDS: [&str; 2] = ["depot", "runround"];

/// Seeds tried per card before giving up.
pub const MAX_ATTEMPTS: u32 = 3000;

/// Keeps card seeds apart from other uses of the generator.
const CARD_STREAM: u64 = 0xCA2D;

/// Why a card could not be made.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PlanError {
    /// There is no such card.
    #[error("there is no route card {0}: the cards are numbered 1 to {CARD_COUNT}")]
    NoSuchCard(u32),
    /// No seed gave the target optimum.
    #[error("card {number}: no puzzle with optimum {target} in {MAX_ATTEMPTS} tries")]
    NotFound {
        /// The card.
        number: u32,
        /// The optimum it needed.
        target: usize,
    },
    /// The plan does not fit its yard.
    #[error("card {number}: {error}")]
    Recipe {
        /// The card.
        number: u32,
        /// Why.
        error: Rejection,
    },
}

/// What card `number` is made of: its colour plan, recipe (the depth is set per try) and target
/// optimum.
pub fn recipe(number: u32) -> Result<(ColourPlan, Recipe, usize), PlanError> {
    let index = usize::try_from(number)
        .ok()
        .and_then(|n| n.checked_sub(1))
        .filter(|&i| i < CARD_COUNT)
        .ok_or(PlanError::NoSuchCard(number))?;
    let plan = PLANS[index / CARDS_PER_COLOUR];
    let recipe = Recipe {
        yard: YARDS[index % YARDS.len()],
        locos: plan.locos,
        cars: plan.cars,
        broken: plan.broken,
        named: plan.named,
        depth: 0,
    };
    Ok((plan, recipe, plan.optima[index % CARDS_PER_COLOUR]))
}

/// The seed of card `number`'s try `attempt`.
pub fn seed(number: u32, attempt: u32) -> u64 {
    seed_of(&[CARD_STREAM, u64::from(number), u64::from(attempt)])
}

/// Makes card `number`: the first try whose optimum is its target. Also returns the states the
/// solver explored for it.
pub fn generate_card(number: u32, options: &SolveOptions) -> Result<(Card, usize), PlanError> {
    let (plan, base, target) = recipe(number)?;
    let name = format!("card-{number:02}");
    let title = format!("Route card {number} ({})", plan.colour);
    for attempt in 0..MAX_ATTEMPTS {
        let recipe = Recipe {
            depth: target + (attempt % 3) as usize,
            ..base
        };
        match generate(&recipe, seed(number, attempt), &name, &title, options) {
            Ok(made) if made.solution.optimum() == target => {
                let card = Card {
                    number,
                    colour: plan.colour,
                    attempt,
                    optimum: target,
                    guide: made.solution.moves,
                    puzzle: made.puzzle,
                };
                return Ok((card, made.solution.states));
            }
            Err(error @ (Rejection::Recipe { .. } | Rejection::Yard(_))) => {
                return Err(PlanError::Recipe { number, error });
            }
            Ok(_) | Err(_) => {}
        }
    }
    Err(PlanError::NotFound { number, target })
}

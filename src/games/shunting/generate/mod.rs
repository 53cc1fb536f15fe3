//! The puzzle generator: from a seed, a random legal start and a goal, solved and checked.
//!
//! A start places the pieces on free slots of a built-in yard, sets broken tracks and the turntables,
//! and faces each loco at random. The goal comes from a position a chosen number of moves away: the
//! generator lists the positions breadth first from the start and picks one of the farthest layer it
//! reaches (so the goal can always be reached, and is far away rather than a random walk's usual few
//! moves). The goal names where some of the pieces stand there (pieces that moved first) and lets the
//! others end anywhere; naming fewer pieces may make it nearer. The first layer holding a position that
//! meets the goal gives the optimum at once ([`Candidate::optimum`]); the solver then gives a guide.
//! Every random choice comes from [`GameRng`], and choices among positions are made in a fixed order of
//! the positions themselves, so one seed gives one puzzle everywhere.

mod layers;
mod seen;

use std::ops::RangeInclusive;

use thiserror::Error;

use super::builtin;
use super::error::LoadError;
use super::position::{MAX_PIECES, Position};
use super::puzzle::{Goal, Piece, PieceKind, Puzzle};
use super::solver::{Solution, SolveError, SolveOptions, solve};
use super::yard::{MAX_TURNTABLES, SlotId, Yard};
use crate::rng::GameRng;
use layers::Layers;

/// The cars of the seed's box, in order: name and colour.
pub const CARS: [&str; 5] = ["Red", "Green", "Yellow", "Blue", "Black"];

/// What kind of puzzle to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recipe {
    /// The built-in yard.
    pub yard: &'static str,
    /// How many locos (named `L1`, `L2`, …).
    pub locos: usize,
    /// How many cars (taken in order from [`CARS`]).
    pub cars: usize,
    /// How many slots a broken track blocks.
    pub broken: usize,
    /// How many pieces the goal names (the rest may end anywhere).
    pub named: usize,
    /// How many moves from the start the goal position lies (fewer if nothing is that far).
    pub depth: usize,
}

/// A generated puzzle with its optimal solution.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// One optimal solution (its length is the optimum).
    pub solution: Solution,
}

/// Why a seed gave no usable puzzle.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Rejection {
    /// The recipe does not fit its yard.
    #[error("the recipe does not fit yard {yard}: {why}")]
    Recipe {
        /// The yard's name.
        yard: String,
        /// What does not fit.
        why: String,
    },
    /// The yard did not load.
    #[error("yard: {0}")]
    Yard(#[from] LoadError),
    /// The start already meets the goal.
    #[error("the start already meets the goal")]
    AlreadySolved,
    /// The optimum falls outside the range asked for.
    #[error("the optimum is not {least} to {most} moves")]
    OutOfRange {
        /// The fewest moves asked for.
        least: usize,
        /// The most moves asked for.
        most: usize,
    },
    /// The solver could not answer (unsolvable or too large).
    #[error("{0}")]
    Solver(#[from] SolveError),
}

/// A random start and goal, not yet solved, with its optimum.
#[derive(Clone, Debug)]
pub struct Candidate {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// The fewest moves from the start to the goal, read from the breadth-first layers the goal came
    /// from (every legal move taken, so it is the optimum the solver finds).
    pub optimum: usize,
}

/// A random start and goal for `recipe` from `seed`, not yet solved, whose optimum lies in `optimum`
/// ([`Rejection::OutOfRange`] otherwise, found without a search and, where the listing is cut short
/// of the range, before it ends). `name` and `title` label it.
pub fn candidate(
    recipe: &Recipe,
    seed: u64,
    name: &str,
    title: &str,
    optimum: RangeInclusive<usize>,
) -> Result<Candidate, Rejection> {
    let yard = builtin::yard(recipe.yard)?;
    check_recipe(recipe, &yard)?;
    let out_of_range = Rejection::OutOfRange {
        least: *optimum.start(),
        most: *optimum.end(),
    };
    let mut rng = GameRng::seeded(seed);
    let mut puzzle = start(recipe, yard, &mut rng, name, title);
    let layers =
        Layers::list(&puzzle, recipe.depth, *optimum.start()).ok_or(out_of_range.clone())?;
    let end = far_position(&puzzle, layers.layer(layers.depth()), &mut rng);
    puzzle.goal = goal_from(&puzzle, &end, recipe.named, &mut rng);
    if puzzle.is_solved(&puzzle.start) {
        return Err(Rejection::AlreadySolved);
    }
    let nearest = layers.nearest_goal(&puzzle);
    if !optimum.contains(&nearest) {
        return Err(out_of_range);
    }
    Ok(Candidate {
        puzzle,
        optimum: nearest,
    })
}

/// A random puzzle for `recipe` from `seed`, solved optimally.
pub fn generate(
    recipe: &Recipe,
    seed: u64,
    name: &str,
    title: &str,
    options: &SolveOptions,
) -> Result<Generated, Rejection> {
    let puzzle = candidate(recipe, seed, name, title, 0..=usize::MAX)?.puzzle;
    let solution = solve(&puzzle, options)?;
    Ok(Generated { puzzle, solution })
}

fn check_recipe(recipe: &Recipe, yard: &Yard) -> Result<(), Rejection> {
    let bad = |why: String| {
        Err(Rejection::Recipe {
            yard: yard.name.clone(),
            why,
        })
    };
    let pieces = recipe.locos + recipe.cars;
    let free = open_slots(yard).len();
    if recipe.locos == 0 {
        return bad("it needs a loco".to_owned());
    }
    if recipe.cars > CARS.len() {
        return bad(format!("at most {} cars", CARS.len()));
    }
    if pieces + recipe.broken > free {
        return bad(format!(
            "{pieces} pieces and {} broken tracks need more than its {free} slots off the turntables",
            recipe.broken
        ));
    }
    if recipe.named == 0 || recipe.named > pieces {
        return bad(format!("the goal must name 1 to {pieces} pieces"));
    }
    Ok(())
}

/// Slots a piece may start in or a broken track may block: every slot not on a turntable bridge (a
/// broken bridge would stop the table being of any use).
fn open_slots(yard: &Yard) -> Vec<SlotId> {
    (0..yard.slots.len())
        .filter(|&s| yard.turntable_on(yard.slots[s].track).is_none())
        .map(|s| s as SlotId)
        .collect()
}

fn start(recipe: &Recipe, yard: Yard, rng: &mut GameRng, name: &str, title: &str) -> Puzzle {
    let open = open_slots(&yard);
    let chosen = rng.pick(&open, recipe.broken + recipe.locos + recipe.cars);
    let (blocked, places) = chosen.split_at(recipe.broken);
    let mut broken = vec![false; yard.slots.len()];
    for &s in blocked {
        broken[usize::from(s)] = true;
    }
    let mut pieces = Vec::with_capacity(places.len());
    let mut facing_up = 0u16;
    for i in 0..recipe.locos {
        pieces.push(Piece {
            name: format!("L{}", i + 1),
            kind: PieceKind::Loco,
            colour: None,
        });
        if rng.below(2) == 1 {
            facing_up |= 1 << i;
        }
    }
    for car in &CARS[..recipe.cars] {
        pieces.push(Piece {
            name: (*car).to_owned(),
            kind: PieceKind::Car,
            colour: Some(car.to_ascii_lowercase()),
        });
    }
    let tables: Vec<u8> = yard
        .turntables
        .iter()
        .map(|t| rng.below(t.ring.len()) as u8)
        .collect();
    Puzzle {
        name: name.to_owned(),
        title: title.to_owned(),
        start: Position::new(places, facing_up, &tables),
        pieces,
        broken,
        goal: Goal::default(),
        yard,
    }
}

/// A sortable picture of a position: every piece's slot and facing, then the turntables (zero past
/// the puzzle's pieces and turntables, so the pictures of one puzzle's positions sort as their lists).
fn order_key(puzzle: &Puzzle, position: &Position) -> [u16; MAX_PIECES + MAX_TURNTABLES] {
    let pieces = puzzle.pieces.len();
    let mut key = [0; MAX_PIECES + MAX_TURNTABLES];
    for (p, k) in key.iter_mut().enumerate().take(pieces) {
        *k = u16::from(position.slot(p)) * 2 + u16::from(position.faces_up(p));
    }
    for (t, k) in key[pieces..]
        .iter_mut()
        .enumerate()
        .take(puzzle.yard.turntables.len())
    {
        *k = position.turntable(t) as u16;
    }
    key
}

/// One of `farthest` (a layer of [`Layers`]), picked at random in the order of [`order_key`]. Only
/// the picked rank is put in place, not the whole order; no two positions share a picture, so the
/// pick is the one a full sort gives.
fn far_position(puzzle: &Puzzle, farthest: &[Position], rng: &mut GameRng) -> Position {
    let mut keyed: Vec<([u16; MAX_PIECES + MAX_TURNTABLES], Position)> = farthest
        .iter()
        .map(|p| (order_key(puzzle, p), *p))
        .collect();
    let rank = rng.below(keyed.len());
    keyed.select_nth_unstable_by(rank, |a, b| a.0.cmp(&b.0)).1.1
}

/// A goal naming `named` pieces where `end` has them, pieces that moved first.
fn goal_from(puzzle: &Puzzle, end: &Position, named: usize, rng: &mut GameRng) -> Goal {
    let all: Vec<usize> = (0..puzzle.pieces.len()).collect();
    let (moved, stayed): (Vec<usize>, Vec<usize>) = all
        .into_iter()
        .partition(|&p| end.slot(p) != puzzle.start.slot(p));
    let mut chosen = rng.pick(&moved, named);
    chosen.extend(rng.pick(&stayed, named - chosen.len()));
    chosen.sort_unstable();
    Goal {
        at: chosen.into_iter().map(|p| (p, end.slot(p))).collect(),
        ..Goal::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_candidates_optimum_is_the_one_the_solver_finds_and_bounds_its_range() {
        // Naming fewer pieces than there are often brings the goal nearer than the depth asked.
        let recipes = [
            ("depot", 1, 3, 3, 5),
            ("depot", 1, 4, 2, 7),
            ("runround", 2, 3, 5, 6),
            ("runround", 1, 4, 1, 8),
        ];
        let mut nearer = 0;
        for (yard, locos, cars, named, depth) in recipes {
            let recipe = Recipe {
                yard,
                locos,
                cars,
                broken: 2,
                named,
                depth,
            };
            for seed in 0..8 {
                let found = match candidate(&recipe, seed, "test", "Test", 0..=usize::MAX) {
                    Ok(found) => found,
                    Err(Rejection::AlreadySolved) => continue,
                    Err(other) => panic!("{recipe:?} seed {seed}: {other}"),
                };
                let solution = solve(&found.puzzle, &SolveOptions::default()).unwrap();
                assert_eq!(found.optimum, solution.optimum(), "{recipe:?} seed {seed}");
                nearer += usize::from(found.optimum < depth);
                let exact = candidate(&recipe, seed, "test", "Test", found.optimum..=found.optimum);
                assert_eq!(exact.map(|c| c.puzzle.goal), Ok(found.puzzle.goal));
                let farther = found.optimum + 1..=found.optimum + 3;
                assert!(matches!(
                    candidate(&recipe, seed, "test", "Test", farther),
                    Err(Rejection::OutOfRange { .. })
                ));
            }
        }
        assert!(nearer > 0, "some goals lie nearer than the depth asked");
    }
}

//! The exact solver: the fewest moves from a puzzle's start to its goal, and one way to do it.
//!
//! Every stop is one move, so the solver searches positions breadth first; the first goal position
//! reached is reached in the fewest moves. Seven things keep the search small without giving up that
//! guarantee:
//!
//! - **Interchangeable pieces** ([`canon`]): pieces the goal does not tell apart (two unnamed cars, two
//!   unnamed locos, the members of one goal group) are swapped freely. Such a swap maps legal moves to
//!   legal moves and goal positions to goal positions, so a position and its swapped copy need the same
//!   number of moves; the search keeps one key for both. Inglenook's three wagons outside the train
//!   are one class, which cuts its positions by 3! = 6.
//! - **Mirror images** ([`mirror`]): where swapping two tracks maps the yard, its broken slots and
//!   the goal onto themselves (Inglenook's sidings B and C), a position and its mirror image need the
//!   same number of moves and share a key, which about halves the positions again.
//! - **Search from both ends** ([`search`]): when the goal positions can be listed ([`goals`]), the
//!   search also runs backwards from all of them at once with moves played in reverse
//!   ([`Expander::predecessors`]), always widening the side with the smaller newest layer. Before a
//!   meeting the two sides share no position, so the shortest route is longer than the sum of their
//!   depths; any position the widened side reaches that the other side has seen therefore lies on a
//!   route exactly one move longer than that sum, which is optimal, and the search stops at the first
//!   one. Each side only goes half as deep, and the number of positions grows very fast with depth.
//! - **Open stops are skipped** ([`Puzzle::skips_open_stops`]: one loco, no turntable). Say the loco
//!   drives alone, pushes nothing, and stops at `x` with nothing right behind its rear to couple and a
//!   free, whole slot `x'` one step further on. Stopping at `x'` instead is the same move driven one slot
//!   longer, and loses nothing: from `x` the next move can take nothing along, so it either drives on
//!   the same way (then the two moves were one, which an optimal solution never does) or drives back,
//!   and from `x'` the same drive back passes `x` and ends in the same position. Repeating the argument,
//!   some optimal solution never makes an open stop except as its last move (a goal position, which is
//!   never skipped). Both search directions skip the same moves. With a turntable the stop itself
//!   turns the table, and with a second loco its position matters to the other, so neither is skipped.
//! - **Nothing ahead of the loco** ([`front`]): in yards like Inglenook no move ever puts a car where
//!   the loco's front could drive, so the search from the goal drops positions that have one there;
//!   no route from the start passes them.
//! - **The backward frontier most like the start first** ([`order`]): the search stops at the first
//!   meeting, so the final layer is cut short the sooner it comes.
//! - **Orientation classes** ([`orient`]): goal positions where a loco would face a way no sequence
//!   of moves can turn it (no turntable or reversing loop) are never listed, so the backward search
//!   does not grow from positions that cannot be reached.
//!
//! Keys pack a whole position in a `u64` and live in flat open-addressing tables ([`visited`]); the
//! number of stored positions is capped so that a yard too large answers [`SolveError::TooLarge`]
//! instead of running out of memory. A layer is widened on several threads ([`layer`],
//! [`SolveOptions::threads`]) and stored on one in frontier order, so the answer, the guide and the
//! states counted do not depend on how many threads ran.

pub mod canon;
mod distances;
mod expand;
mod front;
mod goals;
mod impossible;
mod layer;
mod links;
mod memory;
mod mirror;
mod order;
mod orient;
mod search;
mod visited;

use std::time::{Duration, Instant};

use thiserror::Error;

use super::notation::Move;
use super::puzzle::Puzzle;
use crate::plural::counted;
use canon::Canon;
pub use distances::GoalDistances;
pub use expand::Expander;
use front::FrontClear;
pub use impossible::Impossible;
pub use memory::size_text;
use order::Likeness;
use search::Search;

/// Why a puzzle has no answer from the solver.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SolveError {
    /// The search stored more positions than allowed.
    #[error("too large: explored {} without finding the goal", counted(*.explored, "state"))]
    TooLarge {
        /// Positions stored when it gave up.
        explored: usize,
    },
    /// A quick rule shows, before any search, that the goal cannot be reached.
    #[error("no solution: {0}")]
    Impossible(Impossible),
    /// Every reachable position was seen and none meets the goal.
    #[error("no solution: the goal cannot be reached ({} explored)", counted(*.explored, "state"))]
    Unsolvable {
        /// Positions explored.
        explored: usize,
    },
    /// The search needed more memory than allowed.
    #[error(
        "too large: the search needs more than {} of memory (stopped after {})",
        memory::size_text(*.limit),
        counted(*.explored, "state")
    )]
    MemoryFull {
        /// Positions stored when it gave up.
        explored: usize,
        /// The memory limit in bytes.
        limit: usize,
    },
    /// The puzzle does not fit the solver's 63-bit keys.
    #[error("too large for the solver: a position needs {bits} bits, at most {max} fit")]
    TooManyBits {
        /// Bits a position needs.
        bits: u32,
        /// Bits available.
        max: u32,
    },
    /// The found route could not be replayed as moves (a solver bug).
    #[error("internal error: the solution does not replay at move {0}")]
    Replay(usize),
}

/// Threads a search uses by default at most: the layers are stored on one, so more help little.
const MAX_THREADS: usize = 4;

/// The memory a search may use by default: 2 GiB, more than [`SolveOptions::max_states`]'s default
/// can take, so the state limit decides which searches finish (daily puzzles and route cards depend on
/// it), and a search can never take more. `roundhouse puzzle solve` sets it from the machine.
pub const DEFAULT_MAX_MEMORY: usize = 2 << 30;

/// Solver settings.
#[derive(Clone, Copy, Debug)]
pub struct SolveOptions {
    /// Give up after storing this many positions (a position costs about 30 bytes).
    pub max_states: usize,
    /// Give up, with [`SolveError::MemoryFull`], rather than hold more than this many bytes in the
    /// search's tables and lists at once.
    pub max_memory: usize,
    /// Search from the goal too when the goal positions number at most this many placements.
    pub max_goal_placements: usize,
    /// Threads that widen the search (at least one is used). The answer does not depend on it.
    pub threads: usize,
}

impl Default for SolveOptions {
    fn default() -> SolveOptions {
        SolveOptions {
            max_states: 20_000_000,
            max_memory: DEFAULT_MAX_MEMORY,
            max_goal_placements: 2_000_000,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get().min(MAX_THREADS)),
        }
    }
}

/// An optimal solution.
#[derive(Clone, Debug)]
pub struct Solution {
    /// The moves, in order (their count is the optimum).
    pub moves: Vec<Move>,
    /// Positions stored by the search.
    pub states: usize,
    /// Whether the search also ran from the goal.
    pub from_both_ends: bool,
    /// Time taken.
    pub elapsed: Duration,
}

impl Solution {
    /// The optimal number of moves.
    pub fn optimum(&self) -> usize {
        self.moves.len()
    }

    /// The guide: one line per move, in the notation a player types (`L1 H4>A1 +2`).
    pub fn guide(&self) -> Vec<String> {
        self.moves.iter().map(Move::to_string).collect()
    }
}

/// Solves `puzzle` optimally.
pub fn solve(puzzle: &Puzzle, options: &SolveOptions) -> Result<Solution, SolveError> {
    let started = Instant::now();
    let canon = Canon::new(puzzle)?;
    let mut search = searcher(puzzle, &canon, options);
    if let Some(why) = impossible::proof(puzzle, search.expanders[0].links()) {
        return Err(SolveError::Impossible(why));
    }
    let start = canon.key(&puzzle.start);
    let goals = goals::goal_keys(puzzle, &canon, options.max_goal_placements);
    let from_both_ends = goals.is_some();
    let (keys, states) = match goals {
        Some(goals) => search.both_ways(start, &goals)?,
        None => search.forward_only(start)?,
    };
    let mut position = puzzle.start;
    let mut moves = Vec::with_capacity(keys.len().saturating_sub(1));
    for (i, &next) in keys.iter().enumerate().skip(1) {
        let step = puzzle
            .legal_moves(&position)
            .into_iter()
            .find(|m| canon.key(&m.result) == next)
            .ok_or(SolveError::Replay(i))?;
        moves.push(step.action);
        position = step.result;
    }
    Ok(Solution {
        moves,
        states,
        from_both_ends,
        elapsed: started.elapsed(),
    })
}

/// Why `puzzle`'s goal surely cannot be reached, when a quick rule shows it (see [`impossible`]);
/// [`solve`] checks this before it searches.
pub fn impossible(puzzle: &Puzzle) -> Option<Impossible> {
    impossible::proof(puzzle, &links::Links::new(&puzzle.yard))
}

/// A search over `puzzle`'s positions keyed by `canon`, as `options` say.
fn searcher<'a>(puzzle: &'a Puzzle, canon: &'a Canon, options: &SolveOptions) -> Search<'a> {
    let expander = Expander::new(puzzle, true);
    Search {
        puzzle,
        canon,
        front: FrontClear::new(puzzle, expander.links()),
        likeness: Likeness::new(puzzle, canon),
        expanders: vec![expander; options.threads.max(1)],
        max_states: options.max_states,
        memory: memory::Memory::new(options.max_memory),
    }
}

/// Every position at most `depth` moves from `puzzle`'s start (for the solver's unit tests).
#[cfg(test)]
fn near_start(puzzle: &Puzzle, depth: usize) -> Vec<super::Position> {
    let mut seen = std::collections::HashSet::from([puzzle.start]);
    let mut layer = vec![puzzle.start];
    for _ in 0..depth {
        layer = layer
            .iter()
            .flat_map(|p| puzzle.legal_moves(p))
            .map(|m| m.result)
            .filter(|p| seen.insert(*p))
            .collect();
    }
    seen.into_iter().collect()
}

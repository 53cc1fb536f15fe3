//! A complete search backwards from the goal: how many moves every position needs.
//!
//! Solving one start searches from both ends and stops at the first meeting; this instead widens the
//! search from the goal until it finds nothing new, so it learns the optimum of every position at
//! once (the hardest starts of a yard, or a check of the solver). It stores every position the goal
//! can be reached from, so it suits yards of some hundred million positions at most.

use super::canon::Canon;
use super::{SolveError, SolveOptions, searcher};
use crate::games::shunting::position::Position;
use crate::games::shunting::puzzle::Puzzle;

/// The fewest moves to the goal from every position that can reach it.
///
/// Like the solver, the search from the goal drops positions no route from the puzzle's start can
/// pass (a loco facing a way the start's loco never can, a car ahead of a lone loco's front in yards
/// like Inglenook), so a distance is exact for the start and every position reachable from it, and
/// for any position whose locos face as the start's do and that keeps that invariant.
#[derive(Clone, Debug)]
pub struct GoalDistances {
    canon: Canon,
    /// `layers[d]`: the keys of the positions `d` moves from the goal, sorted.
    layers: Vec<Vec<u64>>,
}

impl GoalDistances {
    /// Searches backwards from every goal position of `puzzle` until nothing new is found. Fails
    /// with [`SolveError::TooLarge`] past `options.max_states` positions or when the goal positions
    /// are too many to list (`options.max_goal_placements`), and with [`SolveError::Unsolvable`]
    /// when no goal position can be reached.
    pub fn new(puzzle: &Puzzle, options: &SolveOptions) -> Result<GoalDistances, SolveError> {
        let canon = Canon::new(puzzle)?;
        let Some(goals) = super::goals::goal_keys(puzzle, &canon, options.max_goal_placements)
        else {
            return Err(SolveError::TooLarge { explored: 0 });
        };
        let mut layers = searcher(puzzle, &canon, options).every_distance(&goals)?;
        if layers.is_empty() {
            return Err(SolveError::Unsolvable { explored: 0 });
        }
        for layer in &mut layers {
            layer.sort_unstable();
        }
        Ok(GoalDistances { canon, layers })
    }

    /// The fewest moves from `position` to the goal, or `None` when the goal cannot be reached.
    pub fn distance(&self, position: &Position) -> Option<usize> {
        let key = self.canon.key(position);
        self.layers
            .iter()
            .position(|layer| layer.binary_search(&key).is_ok())
    }

    /// The positions `distance` moves from the goal, one per class of positions that differ only by
    /// interchangeable pieces (those in piece order), in key order.
    pub fn positions_at(&self, distance: usize) -> impl Iterator<Item = Position> + '_ {
        let layer = self.layers.get(distance).map_or(&[][..], Vec::as_slice);
        layer.iter().map(|&key| self.canon.position(key))
    }

    /// How many positions (counting positions that differ only by interchangeable pieces once) lie
    /// at each distance, from 0 (the goal positions) to the farthest.
    pub fn counts(&self) -> Vec<usize> {
        self.layers.iter().map(Vec::len).collect()
    }
}

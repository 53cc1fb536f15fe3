//! The positions a puzzle's start leads to, listed breadth first layer by layer: the generator picks
//! its goal position from the last layer, and the first layer holding a position that meets the goal
//! gives the puzzle's optimum without a search.

use crate::games::shunting::position::Position;
use crate::games::shunting::puzzle::Puzzle;
use crate::games::shunting::solver::Expander;

use super::seen::Seen;

/// Positions stored at most; past it the layer reached is the last.
const MAX_SEEN: usize = 400_000;

/// The positions at most some number of moves from a start, grouped by the fewest moves to each.
pub struct Layers {
    /// Every position listed, layer after layer, each layer in the order its positions were reached.
    positions: Vec<Position>,
    /// Where each layer starts in `positions`, and where the last ends.
    bounds: Vec<usize>,
}

impl Layers {
    /// The layers from `puzzle`'s start out to `depth` moves, over every legal move; fewer when no
    /// position lies farther or once more than [`MAX_SEEN`] positions are listed. `None`, without
    /// finishing, once the last layer is sure to lie nearer than `least` moves: the layer being listed
    /// is the last when it takes the positions listed past [`MAX_SEEN`].
    pub fn list(puzzle: &Puzzle, depth: usize, least: usize) -> Option<Layers> {
        let mut seen = Seen::new(puzzle);
        seen.insert(&puzzle.start);
        let mut layers = Layers {
            positions: vec![puzzle.start],
            bounds: vec![0, 1],
        };
        let mut expander = Expander::new(puzzle, false);
        let mut next_moves = Vec::new();
        for moves in 1..=depth {
            let (from, to) = layers.span(moves - 1);
            for i in from..to {
                next_moves.clear();
                expander.successors(&layers.positions[i], &mut next_moves);
                for &after in &next_moves {
                    if seen.insert(&after) {
                        layers.positions.push(after);
                    }
                }
                if moves < least && seen.len() > MAX_SEEN {
                    return None;
                }
            }
            if layers.positions.len() == to {
                break;
            }
            layers.bounds.push(layers.positions.len());
            if seen.len() > MAX_SEEN {
                break;
            }
        }
        Some(layers)
    }

    /// The moves from the start to the last layer.
    pub fn depth(&self) -> usize {
        self.bounds.len() - 2
    }

    /// The positions `moves` moves from the start.
    pub fn layer(&self, moves: usize) -> &[Position] {
        let (from, to) = self.span(moves);
        &self.positions[from..to]
    }

    /// The fewest moves from the start to a position that meets `puzzle`'s goal, for a goal that a
    /// position of the last layer meets: the first layer holding such a position.
    pub fn nearest_goal(&self, puzzle: &Puzzle) -> usize {
        (0..self.depth())
            .find(|&moves| self.layer(moves).iter().any(|p| puzzle.is_solved(p)))
            .unwrap_or(self.depth())
    }

    fn span(&self, moves: usize) -> (usize, usize) {
        (self.bounds[moves], self.bounds[moves + 1])
    }
}

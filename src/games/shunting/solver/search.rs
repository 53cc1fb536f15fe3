//! Breadth-first search over solver keys: from the start and the goal at once when the goal positions
//! can be listed, from the start alone otherwise.
//!
//! Each side keeps the set of keys it has seen and its layers (the keys first reached at each depth),
//! but no parent per key: that keeps a search's memory traffic to one cache line per key. The route is
//! read back once at the end, step by step, by asking which key of the layer before is one move from
//! the key at hand.

use super::SolveError;
use super::canon::Canon;
use super::expand::Expander;
use super::front::FrontClear;
use super::layer::{Layer, Widened};
use super::memory::{Exhausted, Memory};
use super::order::Likeness;
use super::visited::{KeyFilter, Visited};
use crate::games::shunting::position::Position;
use crate::games::shunting::puzzle::Puzzle;

/// One direction of the search: every key seen, and the keys first reached at each depth.
struct Side {
    seen: Visited,
    /// `layers[d]`: the keys `d` moves from this side's roots (the last one is the frontier).
    layers: Vec<Vec<u64>>,
    /// Searching backwards from the goal positions.
    from_goal: bool,
}

impl Side {
    /// A side that has seen only `roots`, its table and list claimed from `memory`.
    fn new(roots: &[u64], from_goal: bool, memory: &Memory) -> Result<Side, Exhausted> {
        let mut seen = Visited::new(memory)?;
        seen.insert_all(roots, memory)?;
        let mut first = Vec::new();
        memory.reserve(&mut first, roots.len())?;
        first.extend_from_slice(roots);
        Ok(Side {
            seen,
            layers: vec![first],
            from_goal,
        })
    }

    fn frontier(&self) -> &[u64] {
        self.layers.last().map_or(&[], Vec::as_slice)
    }

    /// The depth of the frontier.
    fn depth(&self) -> usize {
        self.layers.len() - 1
    }
}

/// A key first reached while widening a side, and the frontier key it was reached from.
struct Reached {
    key: u64,
    from: u64,
    /// Keys both sides stored, the widened layer's so far included.
    explored: usize,
}

/// What one search needs to know.
pub struct Search<'a> {
    pub puzzle: &'a Puzzle,
    pub canon: &'a Canon,
    /// One move generator per thread (at least one).
    pub expanders: Vec<Expander<'a>>,
    /// Where it applies, the invariant every position reachable from the start keeps: the search
    /// from the goal drops positions without it.
    pub front: Option<FrontClear>,
    /// The order the search from the goal widens its frontier in.
    pub likeness: Likeness,
    pub max_states: usize,
    /// What the search's tables and lists may hold at once.
    pub memory: Memory,
}

impl Search<'_> {
    /// The keys of a shortest route from `start` to any of `goals`, meeting in the middle.
    pub fn both_ways(
        &mut self,
        start: u64,
        goals: &[u64],
    ) -> Result<(Vec<u64>, usize), SolveError> {
        if goals.contains(&start) {
            return Ok((vec![start], 1));
        }
        let mut goals: Vec<u64> = goals
            .iter()
            .copied()
            .filter(|&k| self.reachable(&self.canon.position(k)))
            .collect();
        self.likeness.sort(self.canon, &mut goals);
        let mut forward = self.side(&[start], false, 0)?;
        let mut backward = self.side(&goals, true, forward.seen.len())?;
        loop {
            let explored = forward.seen.len() + backward.seen.len();
            if forward.frontier().is_empty() || backward.frontier().is_empty() {
                return Err(SolveError::Unsolvable { explored });
            }
            let forward_turn = forward.frontier().len() <= backward.frontier().len();
            let (widened, other) = if forward_turn {
                (&mut forward, &backward)
            } else {
                (&mut backward, &forward)
            };
            // A meeting can only be with the other side's frontier (see `expand`).
            let filter = KeyFilter::new(other.frontier());
            let meets = |_: &Position, k| filter.may_contain(k) && other.seen.contains(k);
            let meet = self.expand(widened, other, meets)?;
            let Some(Reached {
                key,
                from,
                explored,
            }) = meet
            else {
                continue;
            };
            // The meeting key lies in the other side's frontier (see `expand`).
            let (to_meet, from_meet) = if forward_turn {
                let mut head = self.route_back(&forward, from, forward.depth())?;
                head.reverse();
                head.push(key);
                (head, self.route_back(&backward, key, backward.depth())?)
            } else {
                let mut head = self.route_back(&forward, key, forward.depth())?;
                head.reverse();
                head.push(from);
                (head, self.route_back(&backward, from, backward.depth())?)
            };
            let mut keys = to_meet;
            keys.extend(from_meet.into_iter().skip(1));
            return Ok((keys, explored));
        }
    }

    /// Widens `side` by its next layer, stopping at the first key for which `stop` holds (given the
    /// key's position).
    ///
    /// Searching from both ends, `stop` asks whether the other side has seen the key, and the first
    /// meeting is already a shortest route. Say `side` has searched `d` moves deep and the other side
    /// `e` moves deep, and no key was seen by both before this layer. Then a shortest route is longer
    /// than `d + e` moves: on a shorter one, the key `d` moves from `side`'s end is at most `e` moves
    /// from the other end, so both sides would have seen it. A key first reached in this layer lies
    /// `d + 1` moves from `side`'s end; if the other side saw it `j ≤ e` moves from its end, a route of
    /// `d + 1 + j` moves goes through it, so `j = e` (the key is in the other side's frontier) and that
    /// route has exactly `d + e + 1` moves, the fewest possible.
    fn expand(
        &mut self,
        side: &mut Side,
        other: &Side,
        stop: impl Fn(&Position, u64) -> bool + Sync,
    ) -> Result<Option<Reached>, SolveError> {
        let Side {
            seen,
            layers,
            from_goal,
        } = side;
        let frontier = layers.last().map_or(&[][..], Vec::as_slice);
        let known = seen.len() + other.seen.len();
        let layer = Layer {
            canon: self.canon,
            front: self.front.as_ref(),
            from_goal: *from_goal,
            likeness: from_goal.then_some(&self.likeness),
            seen,
            room: self.max_states.saturating_sub(known),
            memory: &self.memory,
        };
        let full = |stored| SolveError::MemoryFull {
            explored: known + stored,
            limit: self.memory.limit(),
        };
        match layer.widen(&mut self.expanders, frontier, &stop) {
            Widened::Layer(next) => {
                seen.insert_all(&next, &self.memory)
                    .map_err(|Exhausted| full(next.len()))?;
                layers.push(next);
                Ok(None)
            }
            Widened::Met { key, from, stored } => Ok(Some(Reached {
                key,
                from,
                explored: known + stored,
            })),
            Widened::Full(stored) => Err(SolveError::TooLarge {
                explored: known + stored,
            }),
            Widened::OutOfMemory(stored) => Err(full(stored)),
        }
    }

    /// A side that has seen only `roots` (`explored`: the keys the other side stored), or the error
    /// when the memory budget cannot take it.
    fn side(&self, roots: &[u64], from_goal: bool, explored: usize) -> Result<Side, SolveError> {
        Side::new(roots, from_goal, &self.memory).map_err(|Exhausted| SolveError::MemoryFull {
            explored,
            limit: self.memory.limit(),
        })
    }

    /// Whether `position` keeps the invariant of positions reachable from the start (when one applies).
    fn reachable(&self, position: &Position) -> bool {
        self.front.as_ref().is_none_or(|f| f.holds(position))
    }

    /// The keys from `key`, `depth` moves from `side`'s roots, back to one of them: each step a key of
    /// the layer before that is one move from the one at hand (before it, searching from the start;
    /// after it, from the goal).
    fn route_back(&mut self, side: &Side, key: u64, depth: usize) -> Result<Vec<u64>, SolveError> {
        let mut route = vec![key];
        let mut around = Vec::new();
        let mut near: Vec<u64> = Vec::new();
        for d in (0..depth).rev() {
            let position = self.canon.position(route[route.len() - 1]);
            around.clear();
            if side.from_goal {
                self.expanders[0].successors(&position, &mut around);
            } else {
                self.expanders[0].predecessors(&position, &mut around);
            }
            near.clear();
            near.extend(around.iter().map(|n| self.canon.key(n)));
            near.sort_unstable();
            let step = side.layers[d]
                .iter()
                .find(|k| near.binary_search(k).is_ok())
                .ok_or(SolveError::Replay(d + 1))?;
            route.push(*step);
        }
        Ok(route)
    }

    /// Every key the goal can be reached from, by distance: `layers[d]` holds the keys `d` moves from
    /// the nearest of `goals`. The search from the goal runs until it finds nothing new.
    pub fn every_distance(&mut self, goals: &[u64]) -> Result<Vec<Vec<u64>>, SolveError> {
        let goals: Vec<u64> = goals
            .iter()
            .copied()
            .filter(|&k| self.reachable(&self.canon.position(k)))
            .collect();
        let mut side = self.side(&goals, true, 0)?;
        let none = self.side(&[], false, 0)?;
        while !side.frontier().is_empty() {
            self.expand(&mut side, &none, |_, _| false)?;
        }
        side.layers.pop();
        Ok(side.layers)
    }

    /// The keys of a shortest route from `start` to a goal position, searching from the start only.
    pub fn forward_only(&mut self, start: u64) -> Result<(Vec<u64>, usize), SolveError> {
        if self.puzzle.is_solved(&self.canon.position(start)) {
            return Ok((vec![start], 1));
        }
        let mut side = self.side(&[start], false, 0)?;
        let none = self.side(&[], true, 0)?;
        let puzzle = self.puzzle;
        while !side.frontier().is_empty() {
            let solved = self.expand(&mut side, &none, |n, _| puzzle.is_solved(n))?;
            if let Some(Reached {
                key,
                from,
                explored,
            }) = solved
            {
                let mut keys = self.route_back(&side, from, side.depth())?;
                keys.reverse();
                keys.push(key);
                return Ok((keys, explored));
            }
        }
        Err(SolveError::Unsolvable {
            explored: side.seen.len(),
        })
    }
}

//! Breadth-first search over solver keys: from the start and the goal at once when the goal positions
//! can be listed, from the start alone otherwise.

use std::collections::hash_map::Entry;

use super::SolveError;
use super::canon::Canon;
use super::expand::Expander;
use super::hash::KeyMap;
use crate::games::shunting::position::Position;
use crate::games::shunting::puzzle::Puzzle;

/// Parent of a root in a search tree.
const ROOT: u64 = u64::MAX;

/// One direction of the search: every key seen with the key it was reached from, and the newest layer.
struct Side {
    seen: KeyMap<u64>,
    frontier: Vec<u64>,
    depth: usize,
    from_goal: bool,
}

impl Side {
    fn new(roots: &[u64], from_goal: bool) -> Side {
        let mut seen = KeyMap::default();
        for &root in roots {
            seen.insert(root, ROOT);
        }
        Side {
            seen,
            frontier: roots.to_vec(),
            depth: 0,
            from_goal,
        }
    }

    /// Keys from `key` back to its root.
    fn chain(&self, mut key: u64) -> Vec<u64> {
        let mut chain = vec![key];
        while let Some(&parent) = self.seen.get(&key) {
            if parent == ROOT {
                break;
            }
            chain.push(parent);
            key = parent;
        }
        chain
    }
}

/// What one search needs to know.
pub struct Search<'a> {
    pub puzzle: &'a Puzzle,
    pub canon: &'a Canon,
    pub expander: Expander<'a>,
    pub max_states: usize,
}

impl Search<'_> {
    /// The keys of a shortest route from `start` to any of `goals`, meeting in the middle.
    pub fn both_ways(
        &mut self,
        start: u64,
        goals: &[u64],
    ) -> Result<(Vec<u64>, usize), SolveError> {
        let mut forward = Side::new(&[start], false);
        let mut backward = Side::new(goals, true);
        if let Some(&goal) = goals.iter().find(|&&g| g == start) {
            return Ok((vec![goal], 1));
        }
        loop {
            let explored = forward.seen.len() + backward.seen.len();
            if forward.frontier.is_empty() || backward.frontier.is_empty() {
                return Err(SolveError::Unsolvable { explored });
            }
            let meet = if forward.frontier.len() <= backward.frontier.len() {
                self.expand(&mut forward, &backward)?
            } else {
                self.expand(&mut backward, &forward)?
            };
            if let Some(meet) = meet {
                let mut keys = forward.chain(meet);
                keys.reverse();
                keys.extend(backward.chain(meet).into_iter().skip(1));
                return Ok((keys, forward.seen.len() + backward.seen.len()));
            }
        }
    }

    /// Expands the newest layer of `side`, stopping at the first key `other` has seen: a meeting.
    ///
    /// The first meeting is already a shortest route. Before this layer no key was seen by both sides,
    /// so a shortest route is longer than `side.depth + other.depth` (on a shorter one, the key
    /// `side.depth` moves from `side`'s end is at most `other.depth` moves from the other end, so both
    /// sides would have seen it). A key first reached in this layer
    /// lies `side.depth + 1` moves from `side`'s roots; if `other` saw it `j` moves from its roots, a
    /// route of `side.depth + 1 + j` moves goes through it, so `j` cannot be less than `other.depth`,
    /// and every meeting in this layer makes a route of exactly `side.depth + other.depth + 1` moves.
    fn expand(&mut self, side: &mut Side, other: &Side) -> Result<Option<u64>, SolveError> {
        let mut next = Vec::with_capacity(side.frontier.len() * 4);
        let mut around = Vec::new();
        let mut keys = Vec::new();
        let frontier = std::mem::take(&mut side.frontier);
        for key in frontier {
            let position = self.canon.position(key);
            around.clear();
            if side.from_goal {
                self.expander.predecessors(&position, &mut around);
            } else {
                self.expander.successors(&position, &mut around);
            }
            keys.clear();
            keys.extend(around.iter().map(|n| self.canon.key(n)));
            keys.sort_unstable();
            keys.dedup();
            for &k in &keys {
                match side.seen.entry(k) {
                    Entry::Occupied(_) => continue,
                    Entry::Vacant(slot) => {
                        slot.insert(key);
                    }
                }
                if other.seen.contains_key(&k) {
                    return Ok(Some(k));
                }
                next.push(k);
            }
            let explored = side.seen.len() + other.seen.len();
            if explored > self.max_states {
                return Err(SolveError::TooLarge { explored });
            }
        }
        side.frontier = next;
        side.depth += 1;
        Ok(None)
    }

    /// The keys of a shortest route from `start` to a goal position, searching from the start only.
    pub fn forward_only(&mut self, start: u64) -> Result<(Vec<u64>, usize), SolveError> {
        let mut side = Side::new(&[start], false);
        if self.puzzle.is_solved(&self.canon.position(start)) {
            return Ok((vec![start], 1));
        }
        let mut around: Vec<Position> = Vec::new();
        while !side.frontier.is_empty() {
            let frontier = std::mem::take(&mut side.frontier);
            for key in frontier {
                around.clear();
                self.expander
                    .successors(&self.canon.position(key), &mut around);
                for n in &around {
                    let k = self.canon.key(n);
                    if side.seen.contains_key(&k) {
                        continue;
                    }
                    side.seen.insert(k, key);
                    if self.puzzle.is_solved(n) {
                        let mut keys = side.chain(k);
                        keys.reverse();
                        return Ok((keys, side.seen.len()));
                    }
                    side.frontier.push(k);
                }
                if side.seen.len() > self.max_states {
                    return Err(SolveError::TooLarge {
                        explored: side.seen.len(),
                    });
                }
            }
        }
        Err(SolveError::Unsolvable {
            explored: side.seen.len(),
        })
    }
}

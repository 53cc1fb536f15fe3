//! The first half of widening a side of the search by one layer, spread over threads: the neighbours
//! of a run of frontier keys (successors, or predecessors searching from the goal), keyed and kept
//! when the side has not seen them before.
//!
//! The side's set of seen keys is only read here, so every thread shares it; the search then stores
//! the kept keys itself, one part after another in frontier order, and drops repeats within the layer.
//! That second half sees exactly what a single thread would have found, so the layer, its order, the
//! meeting found and the states counted are the same whatever the number of threads.

use super::canon::Canon;
use super::expand::Expander;
use super::front::FrontClear;
use super::visited::Visited;
use crate::games::shunting::position::Position;

/// Runs shorter than this are worked on one thread: starting another costs more than it saves.
const MIN_SPLIT: usize = 2_048;

/// What finding the neighbours of one side's frontier keys needs to know.
pub struct Neighbours<'s> {
    pub canon: &'s Canon,
    /// The invariant of positions reachable from the start, applied searching from the goal.
    pub front: Option<&'s FrontClear>,
    pub from_goal: bool,
    pub seen: &'s Visited,
}

/// The kept neighbours of one part of a run of frontier keys.
#[derive(Debug, Default)]
pub struct Kept {
    /// Keys the side had not seen, in the order found (a key may repeat).
    pub keys: Vec<u64>,
    /// For each key, the index in the run of the frontier key it was reached from.
    pub from: Vec<u32>,
    /// The index in `keys` of the first key that meets the goal or the other side; nothing after it
    /// is kept.
    pub meets: Option<usize>,
}

impl Neighbours<'_> {
    /// Fills `parts` with the kept neighbours of `run`, split into one part per expander, each worked
    /// on its own thread (the first on this one). `meets` tells whether a key (with its position) ends
    /// the search.
    pub fn collect(
        &self,
        expanders: &mut [Expander<'_>],
        run: &[u64],
        meets: &(impl Fn(&Position, u64) -> bool + Sync),
        parts: &mut Vec<Kept>,
    ) {
        let threads = if run.len() < MIN_SPLIT {
            1
        } else {
            expanders.len()
        };
        let size = run.len().div_ceil(threads).max(1);
        parts.resize_with(threads, Kept::default);
        std::thread::scope(|scope| {
            let mut jobs = expanders
                .iter_mut()
                .zip(parts.iter_mut())
                .zip(run.chunks(size).enumerate());
            let first = jobs.next();
            for ((expander, kept), (i, part)) in jobs {
                scope.spawn(move || self.collect_part(expander, part, i * size, meets, kept));
            }
            if let Some(((expander, kept), (_, part))) = first {
                self.collect_part(expander, part, 0, meets, kept);
            }
        });
        parts.truncate(run.len().div_ceil(size));
    }

    fn collect_part(
        &self,
        expander: &mut Expander<'_>,
        part: &[u64],
        offset: usize,
        meets: &impl Fn(&Position, u64) -> bool,
        kept: &mut Kept,
    ) {
        kept.keys.clear();
        kept.from.clear();
        kept.meets = None;
        let mut around = Vec::new();
        let mut keys = Vec::new();
        for (i, &from) in part.iter().enumerate() {
            let position = self.canon.position(from);
            around.clear();
            if self.from_goal {
                expander.predecessors(&position, &mut around);
                if let Some(front) = self.front {
                    around.retain(|n| front.holds(n));
                }
            } else {
                expander.successors(&position, &mut around);
            }
            keys.clear();
            keys.extend(around.iter().map(|n| self.canon.key(n)));
            std::hint::black_box(self.seen.warm(&keys));
            for (n, &key) in around.iter().zip(&keys) {
                if self.seen.contains(key) {
                    continue;
                }
                kept.keys.push(key);
                kept.from.push((offset + i) as u32);
                if meets(n, key) {
                    kept.meets = Some(kept.keys.len() - 1);
                    return;
                }
            }
        }
    }
}

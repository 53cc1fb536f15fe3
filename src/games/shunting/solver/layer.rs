//! Widening one side of the search by a layer, on several threads.
//!
//! The frontier is cut into runs. For each run, some thread finds the neighbours of its keys
//! (successors, or predecessors searching from the goal), keys them, and keeps those the side had not
//! seen before this layer: that set does not change during the layer, so every thread reads it at
//! once. One thread, the caller's, then stores the kept keys run after run in frontier order in a set
//! of its own for the layer, dropping repeats, while the other threads go on with later runs. That
//! storing sees exactly what a single thread working through the frontier would have seen, so the
//! layer, its order, the meeting found and the states counted are the same whatever the number of
//! threads.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use super::canon::Canon;
use super::expand::Expander;
use super::front::FrontClear;
use super::memory::{Exhausted, Memory};
use super::order::Likeness;
use super::visited::Visited;
use crate::games::shunting::position::Position;

/// Frontier keys one thread works on at a time.
const RUN: usize = 4_096;

/// What widening one side by a layer needs to know.
pub struct Layer<'s> {
    pub canon: &'s Canon,
    /// The invariant of positions reachable from the start, applied searching from the goal.
    pub front: Option<&'s FrontClear>,
    pub from_goal: bool,
    /// Where the layer is kept most like the start first (see [`super::order`]).
    pub likeness: Option<&'s Likeness>,
    /// Every key the side saw before this layer.
    pub seen: &'s Visited,
    /// Give up once the layer has stored more than this many keys.
    pub room: usize,
    /// The search's memory budget, which the layer's tables and lists are claimed from.
    pub memory: &'s Memory,
}

/// How widening a layer ended.
#[derive(Debug)]
pub enum Widened {
    /// The whole layer: the keys first reached, in order.
    Layer(Vec<u64>),
    /// A key that meets the goal or the other side, the frontier key it was reached from, and the
    /// keys the layer had stored by then.
    Met { key: u64, from: u64, stored: usize },
    /// The layer stored more keys than there was room for (how many).
    Full(usize),
    /// The memory budget could not take the layer's tables or lists (the keys stored by then).
    OutOfMemory(usize),
}

/// The kept neighbours of one run.
#[derive(Debug, Default)]
struct Kept {
    /// Keys the side had not seen before the layer, in the order found (a key may repeat).
    keys: Vec<u64>,
    /// For each key, the index in the run of the frontier key it was reached from.
    from: Vec<u32>,
    /// For each key, how like the start its position is (0 when the layer is not ordered).
    likeness: Vec<u8>,
    /// The index in `keys` of the first key that meets; nothing after it is kept.
    meets: Option<usize>,
}

impl Layer<'_> {
    /// Widens `frontier` by one layer with one thread per expander (the first on this one).
    /// `meets` tells whether a key (with its position) ends the search.
    pub fn widen(
        &self,
        expanders: &mut [Expander<'_>],
        frontier: &[u64],
        meets: &(impl Fn(&Position, u64) -> bool + Sync),
    ) -> Widened {
        let memory = self.memory;
        let Ok(mut fresh) = Visited::new(memory) else {
            return Widened::OutOfMemory(0);
        };
        if fresh.reserve(frontier.len() * 2, memory).is_err() {
            fresh.free(memory);
            return Widened::OutOfMemory(0);
        }
        let mut store = Store {
            fresh,
            next: Vec::new(),
            room: self.room,
            memory,
        };
        let (first, others) = expanders.split_first_mut().expect("at least one expander");
        if runs_of(frontier).len() < 2 || others.is_empty() {
            let end = runs_of(frontier)
                .find_map(|run| store.store_claimed(self.keep(first, run, meets), run));
            return store.finish(end);
        }
        let runs: Vec<&[u64]> = runs_of(frontier).collect();
        let claimed = AtomicUsize::new(0);
        let stop = AtomicBool::new(false);
        let claim = || {
            let r = claimed.fetch_add(1, Ordering::Relaxed);
            (r < runs.len() && !stop.load(Ordering::Relaxed)).then_some(r)
        };
        let (sender, receiver) = mpsc::channel::<(usize, Kept)>();
        std::thread::scope(|scope| {
            for expander in others {
                let sender = sender.clone();
                let (claim, runs) = (&claim, &runs);
                scope.spawn(move || {
                    while let Some(r) = claim() {
                        if sender
                            .send((r, self.keep(expander, runs[r], meets)))
                            .is_err()
                        {
                            break;
                        }
                    }
                });
            }
            drop(sender);
            // Runs finished out of order wait here, their lists claimed from the budget.
            let mut ready: BTreeMap<usize, Kept> = BTreeMap::new();
            let mut due = 0;
            let end = loop {
                if let Some(kept) = ready.remove(&due) {
                    let bytes = kept.bytes();
                    let end = store.store(&kept, runs[due]);
                    memory.release(bytes);
                    if end.is_some() {
                        break end;
                    }
                    due += 1;
                    if due == runs.len() {
                        break None;
                    }
                    continue;
                }
                let mut waited = Ok(());
                while let Ok((r, kept)) = receiver.try_recv() {
                    waited = waited.and(store.wait(&mut ready, r, kept));
                }
                if let Err(end) = waited {
                    break Some(end);
                }
                if ready.contains_key(&due) {
                    continue;
                }
                let next = match claim() {
                    Some(r) => Some((r, self.keep(first, runs[r], meets))),
                    None => receiver.recv().ok(),
                };
                if let Some((r, kept)) = next
                    && let Err(end) = store.wait(&mut ready, r, kept)
                {
                    break Some(end);
                }
            };
            stop.store(true, Ordering::Relaxed);
            for kept in ready.values() {
                memory.release(kept.bytes());
            }
            store.finish(end)
        })
    }

    /// The neighbours of `run` the side had not seen before the layer, up to the first that meets.
    fn keep(
        &self,
        expander: &mut Expander<'_>,
        run: &[u64],
        meets: &impl Fn(&Position, u64) -> bool,
    ) -> Kept {
        let mut kept = Kept::default();
        let mut around = Vec::new();
        let mut keys = Vec::new();
        for (i, &from) in run.iter().enumerate() {
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
                kept.from.push(i as u32);
                kept.likeness
                    .push(self.likeness.map_or(0, |l| l.score(n) as u8));
                if meets(n, key) {
                    kept.meets = Some(kept.keys.len() - 1);
                    return kept;
                }
            }
        }
        kept
    }
}

/// `frontier` cut into the runs one thread works on at a time.
fn runs_of(frontier: &[u64]) -> std::slice::Chunks<'_, u64> {
    frontier.chunks(RUN)
}

impl Kept {
    /// The bytes its lists hold.
    fn bytes(&self) -> usize {
        self.keys.capacity() * size_of::<u64>()
            + self.from.capacity() * size_of::<u32>()
            + self.likeness.capacity()
    }
}

/// The keys a layer has stored so far.
struct Store<'m> {
    fresh: Visited,
    /// The keys first reached, by likeness to the start (each in the order found).
    next: Vec<Vec<u64>>,
    room: usize,
    memory: &'m Memory,
}

impl Store<'_> {
    /// Stores `kept`, the kept keys of `run`, its lists counted in the budget while it is stored;
    /// how the layer ends, if it does here.
    fn store_claimed(&mut self, kept: Kept, run: &[u64]) -> Option<Widened> {
        if self.memory.claim(kept.bytes()).is_err() {
            return Some(Widened::OutOfMemory(self.fresh.len()));
        }
        let end = self.store(&kept, run);
        self.memory.release(kept.bytes());
        end
    }

    /// Puts `kept`, the kept keys of run `r`, among the runs waiting their turn, its lists claimed
    /// from the budget (dropped when they do not fit).
    fn wait(&self, ready: &mut BTreeMap<usize, Kept>, r: usize, kept: Kept) -> Result<(), Widened> {
        self.memory
            .claim(kept.bytes())
            .map_err(|_| Widened::OutOfMemory(self.fresh.len()))?;
        ready.insert(r, kept);
        Ok(())
    }

    /// Stores the kept keys of `run`; how the layer ends, if it does here.
    fn store(&mut self, kept: &Kept, run: &[u64]) -> Option<Widened> {
        let full = Some(Widened::OutOfMemory(self.fresh.len()));
        for (i, &key) in kept.keys.iter().enumerate() {
            self.fresh.warm_ahead(&kept.keys, i);
            let Ok(new) = self.fresh.insert(key, self.memory) else {
                return full;
            };
            if kept.meets == Some(i) {
                let from = run[kept.from[i] as usize];
                let stored = self.fresh.len();
                return Some(Widened::Met { key, from, stored });
            }
            if new {
                let likeness = usize::from(kept.likeness[i]);
                if self.next.len() <= likeness {
                    self.next.resize_with(likeness + 1, Vec::new);
                }
                if self.memory.push(&mut self.next[likeness], key).is_err() {
                    return full;
                }
            }
        }
        (self.fresh.len() > self.room).then(|| Widened::Full(self.fresh.len()))
    }

    /// How the layer ended: `end`, or else the whole layer. The layer's own table goes back to the
    /// budget either way.
    fn finish(mut self, end: Option<Widened>) -> Widened {
        let end = end.unwrap_or_else(|| match self.layer() {
            Ok(layer) => Widened::Layer(layer),
            Err(Exhausted) => Widened::OutOfMemory(self.fresh.len()),
        });
        self.fresh.free(self.memory);
        for group in self.next {
            self.memory.free(group);
        }
        end
    }

    /// The layer: the keys most like the start first, each group in the order found.
    fn layer(&mut self) -> Result<Vec<u64>, Exhausted> {
        let mut layer = Vec::new();
        self.memory
            .reserve(&mut layer, self.next.iter().map(Vec::len).sum())?;
        for group in self.next.iter().rev() {
            layer.extend_from_slice(group);
        }
        Ok(layer)
    }
}

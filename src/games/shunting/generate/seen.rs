//! The set of positions the generator's breadth-first listing has reached.
//!
//! Looking positions up in this set was the largest cost of making a daily puzzle, and most of it was
//! waiting on memory: a position packed into a `u64` takes a third of the room of the whole
//! [`Position`], so far more of the table stays in cache. Positions too large to pack are kept whole.
//! Both tables hash with FxHash rather than the standard SipHash: the positions come from the
//! generator, not from users, so no one can pick keys that collide.

use rustc_hash::FxHashSet;

use crate::games::shunting::position::Position;
use crate::games::shunting::puzzle::{PieceKind, Puzzle};

/// Positions seen, packed when they fit a `u64`.
pub enum Seen {
    /// Positions packed by the packer.
    Packed(Packer, FxHashSet<u64>),
    /// Whole positions.
    Whole(FxHashSet<Position>),
}

impl Seen {
    /// An empty set for `puzzle`'s positions.
    pub fn new(puzzle: &Puzzle) -> Seen {
        match Packer::new(puzzle) {
            Some(packer) => Seen::Packed(packer, FxHashSet::default()),
            None => Seen::Whole(FxHashSet::default()),
        }
    }

    /// Adds `position`; true if it was not there yet.
    pub fn insert(&mut self, position: &Position) -> bool {
        match self {
            Seen::Packed(packer, keys) => keys.insert(packer.pack(position)),
            Seen::Whole(positions) => positions.insert(*position),
        }
    }

    /// How many positions it holds.
    pub fn len(&self) -> usize {
        match self {
            Seen::Packed(_, keys) => keys.len(),
            Seen::Whole(positions) => positions.len(),
        }
    }
}

/// Packs one puzzle's positions into `u64`s, different positions into different numbers: each
/// piece's slot, each loco's facing, then each turntable's position, in as few bits as each takes.
pub struct Packer {
    /// Bits per slot.
    slot_bits: u32,
    /// Whether each piece is a loco (only a loco's facing can change).
    locos: Vec<bool>,
    /// Bits per turntable position, for each turntable.
    table_bits: Vec<u32>,
}

impl Packer {
    /// The packer for `puzzle`, if its positions fit in 64 bits.
    fn new(puzzle: &Puzzle) -> Option<Packer> {
        let locos: Vec<bool> = puzzle
            .pieces
            .iter()
            .map(|p| p.kind == PieceKind::Loco)
            .collect();
        let packer = Packer {
            slot_bits: bits_for(puzzle.yard.slots.len()),
            table_bits: puzzle
                .yard
                .turntables
                .iter()
                .map(|t| bits_for(t.ring.len()))
                .collect(),
            locos,
        };
        let bits = packer.slot_bits as usize * packer.locos.len()
            + packer.locos.iter().filter(|&&l| l).count()
            + packer.table_bits.iter().sum::<u32>() as usize;
        (bits <= 64).then_some(packer)
    }

    fn pack(&self, position: &Position) -> u64 {
        let mut key = 0u64;
        for (piece, &loco) in self.locos.iter().enumerate() {
            key = key << self.slot_bits | u64::from(position.slot(piece));
            if loco {
                key = key << 1 | u64::from(position.faces_up(piece));
            }
        }
        for (table, &bits) in self.table_bits.iter().enumerate() {
            key = key << bits | position.turntable(table) as u64;
        }
        key
    }
}

/// The bits that hold any of `values` different numbers from zero.
fn bits_for(values: usize) -> u32 {
    usize::BITS - (values.max(2) - 1).leading_zeros()
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::super::{Recipe, start};
    use super::*;
    use crate::games::shunting::builtin;
    use crate::rng::GameRng;

    fn recipe(yard: &'static str, locos: usize, cars: usize) -> Recipe {
        Recipe {
            yard,
            locos,
            cars,
            broken: 1,
            named: 1,
            depth: 0,
        }
    }

    fn puzzle(recipe: &Recipe) -> Puzzle {
        let yard = builtin::yard(recipe.yard).unwrap();
        start(recipe, yard, &mut GameRng::seeded(7), "test", "Test")
    }

    #[test]
    fn different_positions_pack_into_different_keys() {
        // Two locos facing either way and a turntable that turns after every move.
        let puzzle = puzzle(&recipe("runround", 2, 3));
        let packer = Packer::new(&puzzle).expect("a daily puzzle's positions fit");
        let mut positions = HashSet::from([puzzle.start]);
        let mut layer = vec![puzzle.start];
        let mut out = Vec::new();
        for _ in 0..5 {
            out.clear();
            for position in &layer {
                puzzle.successors(position, &mut out);
            }
            layer = out
                .iter()
                .copied()
                .filter(|p| positions.insert(*p))
                .collect();
        }
        let keys: HashSet<u64> = positions.iter().map(|p| packer.pack(p)).collect();
        assert!(positions.len() > 1000, "{} positions", positions.len());
        assert_eq!(keys.len(), positions.len());
    }

    #[test]
    fn positions_too_large_to_pack_are_kept_whole() {
        assert!(matches!(
            Seen::new(&puzzle(&recipe("runround", 2, 3))),
            Seen::Packed(..)
        ));
        let mut seen = Seen::new(&puzzle(&recipe("timesaver", 9, 5)));
        assert!(matches!(seen, Seen::Whole(_)));
        let position = puzzle(&recipe("timesaver", 9, 5)).start;
        assert!(seen.insert(&position));
        assert!(!seen.insert(&position));
        assert_eq!(seen.len(), 1);
    }
}

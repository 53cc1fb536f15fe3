//! The solver's state key: a position packed into a `u64`, with interchangeable pieces made alike.
//!
//! Pieces the goal does not tell apart are interchangeable: two cars the goal does not name, two locos it
//! does not name, or pieces of one goal group (of one kind) not named otherwise. Swapping two such
//! pieces maps every move to a move and keeps the goal met or unmet, so positions that differ only by
//! such a swap need the same number of moves. The key lists, class by class, the sorted slots of the
//! class's pieces (a loco's slot with its facing bit), then the turntable positions: equal keys exactly
//! for positions equal up to such swaps.

use super::SolveError;
use crate::games::shunting::position::{MAX_PIECES, Position};
use crate::games::shunting::puzzle::{PieceKind, Puzzle};

/// Packs positions of one puzzle into keys and back.
#[derive(Clone, Debug)]
pub struct Canon {
    classes: Vec<Class>,
    slot_bits: u32,
    table_bits: Vec<u32>,
    pieces: usize,
}

#[derive(Clone, Debug)]
struct Class {
    members: Vec<usize>,
    loco: bool,
}

/// Keys use at most this many bits, so `u64::MAX` is never a key.
const KEY_BITS: u32 = 63;

fn bits_for(values: usize) -> u32 {
    usize::BITS - (values.max(2) - 1).leading_zeros()
}

impl Canon {
    /// The classes of interchangeable pieces for `puzzle`.
    pub fn new(puzzle: &Puzzle) -> Result<Canon, SolveError> {
        let mut labels: Vec<(Option<usize>, Option<usize>, PieceKind)> = Vec::new();
        let mut classes: Vec<Class> = Vec::new();
        for (piece, p) in puzzle.pieces.iter().enumerate() {
            let goal = &puzzle.goal;
            let named = goal.at.iter().any(|&(q, _)| q == piece)
                || goal.facing.iter().any(|&(q, _)| q == piece);
            let group = goal.groups.iter().position(|g| g.pieces.contains(&piece));
            let label = (named.then_some(piece), group, p.kind);
            let index = match labels.iter().position(|l| *l == label && !named) {
                Some(i) => i,
                None => {
                    labels.push(label);
                    classes.push(Class {
                        members: Vec::new(),
                        loco: p.kind == PieceKind::Loco,
                    });
                    classes.len() - 1
                }
            };
            classes[index].members.push(piece);
        }
        let slot_bits = bits_for(puzzle.yard.slots.len());
        let table_bits: Vec<u32> = puzzle
            .yard
            .turntables
            .iter()
            .map(|t| bits_for(t.ring.len()))
            .collect();
        let bits: u32 = classes
            .iter()
            .map(|c| c.members.len() as u32 * (slot_bits + u32::from(c.loco)))
            .sum::<u32>()
            + table_bits.iter().sum::<u32>();
        if bits > KEY_BITS {
            return Err(SolveError::TooManyBits {
                bits,
                max: KEY_BITS,
            });
        }
        Ok(Canon {
            classes,
            slot_bits,
            table_bits,
            pieces: puzzle.pieces.len(),
        })
    }

    /// The key of `position`.
    pub fn key(&self, position: &Position) -> u64 {
        let mut key = 0u64;
        for class in &self.classes {
            let width = self.slot_bits + u32::from(class.loco);
            let value = |piece: usize| {
                let slot = u64::from(position.slot(piece));
                if class.loco {
                    slot << 1 | u64::from(position.faces_up(piece))
                } else {
                    slot
                }
            };
            if let [piece] = class.members[..] {
                key = key << width | value(piece);
                continue;
            }
            let mut values = [0u64; MAX_PIECES];
            let n = class.members.len();
            for (i, &piece) in class.members.iter().enumerate() {
                // Insertion sort: classes are small.
                let v = value(piece);
                let mut j = i;
                while j > 0 && values[j - 1] > v {
                    values[j] = values[j - 1];
                    j -= 1;
                }
                values[j] = v;
            }
            for &v in &values[..n] {
                key = key << width | v;
            }
        }
        for (t, &bits) in self.table_bits.iter().enumerate() {
            key = key << bits | position.turntable(t) as u64;
        }
        key
    }

    /// A position with this key (interchangeable pieces in piece order).
    pub fn position(&self, mut key: u64) -> Position {
        let mut tables = [0u8; crate::games::shunting::yard::MAX_TURNTABLES];
        for (t, &bits) in self.table_bits.iter().enumerate().rev() {
            tables[t] = (key & ((1 << bits) - 1)) as u8;
            key >>= bits;
        }
        let mut slots = [0u8; MAX_PIECES];
        let mut facing = 0u16;
        for class in self.classes.iter().rev() {
            let width = self.slot_bits + u32::from(class.loco);
            for &piece in class.members.iter().rev() {
                let v = key & ((1 << width) - 1);
                key >>= width;
                if class.loco {
                    slots[piece] = (v >> 1) as u8;
                    facing |= ((v & 1) as u16) << piece;
                } else {
                    slots[piece] = v as u8;
                }
            }
        }
        Position::new(
            &slots[..self.pieces],
            facing,
            &tables[..self.table_bits.len()],
        )
    }
}

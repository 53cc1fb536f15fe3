//! Where every piece stands, which way each loco faces, and how the turntables are turned: the whole
//! changing state of a shunting puzzle, small and hashable.

use super::yard::{MAX_TURNTABLES, SlotId};

/// The most pieces a puzzle may have.
pub const MAX_PIECES: usize = 16;

/// Marks an unused piece entry.
pub const NOWHERE: SlotId = SlotId::MAX;

/// The changing state: piece `i`'s slot, loco facings as bits, turntable positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    slots: [SlotId; MAX_PIECES],
    facing_up: u16,
    tables: [u8; MAX_TURNTABLES],
}

impl Position {
    /// Pieces at `slots` (in piece order), facing up where `facing_up` has the piece's bit, turntables at
    /// `tables` (in yard order).
    pub fn new(slots: &[SlotId], facing_up: u16, tables: &[u8]) -> Position {
        let mut position = Position {
            slots: [NOWHERE; MAX_PIECES],
            facing_up,
            tables: [0; MAX_TURNTABLES],
        };
        position.slots[..slots.len()].copy_from_slice(slots);
        position.tables[..tables.len()].copy_from_slice(tables);
        position
    }

    /// A position from whole arrays: `slots` holds [`NOWHERE`] past the last piece, `tables` zero past
    /// the last turntable.
    pub(super) fn from_arrays(
        slots: [SlotId; MAX_PIECES],
        facing_up: u16,
        tables: [u8; MAX_TURNTABLES],
    ) -> Position {
        Position {
            slots,
            facing_up,
            tables,
        }
    }

    /// The slot piece `piece` stands in.
    pub fn slot(&self, piece: usize) -> SlotId {
        self.slots[piece]
    }

    /// Whether piece `piece` (a loco) faces towards higher slot numbers on its track.
    pub fn faces_up(&self, piece: usize) -> bool {
        self.facing_up & (1 << piece) != 0
    }

    /// Turntable `table`'s position (which ring port the bridge's start faces).
    pub fn turntable(&self, table: usize) -> usize {
        usize::from(self.tables[table])
    }

    /// Every piece's slot, `count` pieces.
    pub fn slots(&self, count: usize) -> &[SlotId] {
        &self.slots[..count]
    }

    pub(super) fn place(&mut self, piece: usize, slot: SlotId, faces_up: bool) {
        self.slots[piece] = slot;
        if faces_up {
            self.facing_up |= 1 << piece;
        } else {
            self.facing_up &= !(1 << piece);
        }
    }

    pub(super) fn turn(&mut self, table: usize, ring: usize) {
        self.tables[table] = ((usize::from(self.tables[table]) + 1) % ring) as u8;
    }

    pub(super) fn turn_back(&mut self, table: usize, ring: usize) {
        self.tables[table] = ((usize::from(self.tables[table]) + ring - 1) % ring) as u8;
    }
}

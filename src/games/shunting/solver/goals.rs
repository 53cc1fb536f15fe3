//! The set of goal positions, enumerated for the search from the goal, when it is small enough.

use super::canon::Canon;
use super::orient::Orientation;
use crate::games::shunting::position::Position;
use crate::games::shunting::puzzle::{PieceKind, Puzzle};
use crate::games::shunting::yard::{Heading, SlotId};

/// Every goal position's key, or `None` when there would be more than `limit` placements to try.
/// Goal positions a loco cannot reach facing as it must (see [`Orientation`]) are left out. A piece
/// the goal leaves free is never placed on a slot the goal keeps empty (or, a car, clear of cars), so
/// every listed position meets those too.
pub fn goal_keys(puzzle: &Puzzle, canon: &Canon, limit: usize) -> Option<Vec<u64>> {
    let fixed: Vec<(usize, SlotId)> = puzzle.goal.at.clone();
    let free_pieces: Vec<usize> = (0..puzzle.pieces.len())
        .filter(|p| !fixed.iter().any(|&(q, _)| q == *p))
        .collect();
    let open: Vec<SlotId> = (0..puzzle.yard.slots.len() as u8)
        .filter(|&s| !puzzle.broken[usize::from(s)] && !fixed.iter().any(|&(_, f)| f == s))
        .collect();
    if open.len() < free_pieces.len() {
        return Some(Vec::new());
    }
    let mut count: f64 = (0..free_pieces.len())
        .map(|i| (open.len() - i) as f64)
        .product();
    count *= 2f64.powi(puzzle.locos().count() as i32);
    count *= puzzle
        .yard
        .turntables
        .iter()
        .map(|t| t.ring.len() as f64)
        .product::<f64>();
    if count > limit as f64 {
        return None;
    }
    let mut orientation = Orientation::new(puzzle);
    let start_heading: Vec<Option<Heading>> = (0..puzzle.pieces.len())
        .map(|p| {
            (puzzle.pieces[p].kind == PieceKind::Loco).then(|| Heading {
                slot: puzzle.start.slot(p),
                up: puzzle.start.faces_up(p),
            })
        })
        .collect();
    let mut slots: Vec<SlotId> = vec![0; puzzle.pieces.len()];
    for &(p, s) in &fixed {
        slots[p] = s;
    }
    let mut search = Placements {
        puzzle,
        canon,
        free: &free_pieces,
        open: &open,
        used: vec![false; open.len()],
        slots,
        facing: 0,
        orientation: &mut orientation,
        start_heading: &start_heading,
        found: Vec::new(),
    };
    search.place(0);
    let mut found = search.found;
    found.sort_unstable();
    found.dedup();
    Some(found)
}

struct Placements<'a> {
    puzzle: &'a Puzzle,
    canon: &'a Canon,
    free: &'a [usize],
    open: &'a [SlotId],
    used: Vec<bool>,
    slots: Vec<SlotId>,
    facing: u16,
    orientation: &'a mut Orientation,
    start_heading: &'a [Option<Heading>],
    found: Vec<u64>,
}

impl Placements<'_> {
    fn place(&mut self, index: usize) {
        if index == self.free.len() {
            self.finish();
            return;
        }
        let piece = self.free[index];
        let kind = self.puzzle.pieces[piece].kind;
        for i in 0..self.open.len() {
            if self.used[i] || !self.puzzle.goal.allows(kind, self.open[i]) {
                continue;
            }
            self.used[i] = true;
            self.slots[piece] = self.open[i];
            self.place(index + 1);
            self.used[i] = false;
        }
    }

    fn finish(&mut self) {
        let locos: Vec<usize> = self.puzzle.locos().collect();
        for bits in 0..1u32 << locos.len() {
            self.facing = 0;
            let mut reachable = true;
            for (i, &l) in locos.iter().enumerate() {
                let up = bits & (1 << i) != 0;
                if up {
                    self.facing |= 1 << l;
                }
                let here = Heading {
                    slot: self.slots[l],
                    up,
                };
                if let Some(start) = self.start_heading[l] {
                    reachable &= self.orientation.same(start, here);
                }
            }
            if !reachable {
                continue;
            }
            self.add_turntable_positions(0, &mut Vec::new());
        }
    }

    fn add_turntable_positions(&mut self, table: usize, tables: &mut Vec<u8>) {
        if table == self.puzzle.yard.turntables.len() {
            let position = Position::new(&self.slots, self.facing, tables);
            if self.puzzle.is_solved(&position) {
                self.found.push(self.canon.key(&position));
            }
            return;
        }
        for p in 0..self.puzzle.yard.turntables[table].ring.len() {
            tables.push(p as u8);
            self.add_turntable_positions(table + 1, tables);
            tables.pop();
        }
    }
}

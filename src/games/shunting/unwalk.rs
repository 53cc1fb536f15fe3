//! Moves played backwards: every position from which one move leads to a given position. The solver's
//! search from the goal uses it.
//!
//! A drive moved its train `d ≥ 1` slots along a route and pushed `k ≥ 0` pieces that now stand
//! right ahead of the train. The train came from `d` free slots behind it. The pushed pieces were
//! met one after another: the first moved `s₁ ≤ d` slots, each later one no more than the one before
//! and at least one (`d ≥ s₁ ≥ s₂ ≥ … ≥ s_k ≥ 1`); every such choice is a distinct earlier position.

use super::position::Position;
use super::puzzle::{PieceKind, Puzzle};
use super::walk::{Along, Chain, Ground};
use super::yard::Heading;

impl Puzzle {
    /// Turns the automatic turntables back one position.
    fn before_move(&self, mut position: Position) -> Position {
        for (i, t) in self.yard.turntables.iter().enumerate() {
            if !t.manual {
                position.turn_back(i, t.ring.len());
            }
        }
        position
    }

    /// Every position one move before `position` (with repeats). When [`Puzzle::skips_open_stops`],
    /// moves that are a lone loco's open stop are left out unless `position` meets the goal, as in
    /// [`Puzzle::successors`].
    pub fn predecessors(&self, position: &Position, out: &mut Vec<Position>) {
        let before = self.before_move(*position);
        let ground = Ground::new(self, &before);
        let skip_open = self.skips_open_stops() && !self.is_solved(position);
        for loco in self.locos() {
            for chain in ground.chains(loco) {
                for forward in [true, false] {
                    undrive(&ground, loco, &chain, forward, skip_open, out);
                }
            }
        }
        for (i, t) in self.yard.turntables.iter().enumerate() {
            if t.manual {
                let mut turned = before;
                turned.turn_back(i, t.ring.len());
                out.push(turned);
            }
        }
    }
}

/// The positions from which `loco`, with `chain` coupled, drove towards its front (or rear) and stopped
/// where it stands now.
fn undrive(
    ground: &Ground<'_>,
    loco: usize,
    chain: &Chain,
    forward: bool,
    skip_open: bool,
    out: &mut Vec<Position>,
) {
    let position = ground.position;
    let mut train: Vec<Heading> = Vec::with_capacity(chain.0.len() + 1);
    if forward {
        train.extend(chain.0.iter().rev().map(|h| Heading {
            slot: h.slot,
            up: !h.up,
        }));
        train.push(Heading {
            slot: position.slot(loco),
            up: position.faces_up(loco),
        });
    } else {
        train.push(ground.rear(loco));
        train.extend_from_slice(&chain.0);
    }
    let tail = train[0];
    let behind = Heading {
        slot: tail.slot,
        up: !tail.up,
    };
    let lead = train[train.len() - 1];
    let aheads: Vec<Vec<Heading>> = ground
        .trails(lead, Along::Occupied)
        .into_iter()
        .map(|(ahead, _)| ahead)
        .filter(|ahead| !ahead.iter().any(|h| train.iter().any(|t| t.slot == h.slot)))
        .filter(|ahead| {
            !(skip_open
                && train.len() == 1
                && ahead.is_empty()
                && ground.open_stop(loco, lead, forward))
        })
        .collect();
    if aheads.is_empty() {
        return;
    }
    let mut path = Vec::new();
    let mut shifts = Vec::new();
    ground.each_trail(behind, Along::Free, &mut |back, _| {
        if back.is_empty() {
            return;
        }
        let d = back.len();
        for ahead in &aheads {
            if back.iter().any(|b| ahead.iter().any(|a| a.slot == b.slot)) {
                continue;
            }
            path.clear();
            path.extend(back.iter().rev().map(|h| Heading {
                slot: h.slot,
                up: !h.up,
            }));
            path.extend_from_slice(&train);
            path.extend_from_slice(ahead);
            shifts.clear();
            shifts.resize(ahead.len(), d);
            loop {
                out.push(rewind(ground, &path, d, train.len(), &shifts));
                if !next_shifts(&mut shifts) {
                    break;
                }
            }
        }
    });
}

/// Steps `shifts` (non-increasing, from `d` down to 1) to the next such sequence; false after the last.
fn next_shifts(shifts: &mut [usize]) -> bool {
    for i in (0..shifts.len()).rev() {
        if shifts[i] > 1 {
            shifts[i] -= 1;
            let top = shifts[i];
            for s in &mut shifts[i + 1..] {
                *s = top;
            }
            return true;
        }
    }
    false
}

/// The position before the drive: the train `d` slots back along `path`, pushed piece `j` back by
/// `shifts[j]`.
fn rewind(
    ground: &Ground<'_>,
    path: &[Heading],
    d: usize,
    train: usize,
    shifts: &[usize],
) -> Position {
    let puzzle = ground.puzzle;
    let mut before = *ground.position;
    let moves = (0..train)
        .map(|i| (d + i, d))
        .chain(shifts.iter().enumerate().map(|(j, &s)| (d + train + j, s)));
    for (now, back) in moves {
        let piece =
            ground.occupant[usize::from(path[now].slot)].expect("a moved piece stands there");
        let then = path[now - back];
        let faces_up = puzzle.pieces[piece].kind == PieceKind::Loco
            && (ground.position.faces_up(piece) ^ (path[now].up != then.up));
        before.place(piece, then.slot, faces_up);
    }
    before
}

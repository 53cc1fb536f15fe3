//! Quick proofs that a goal cannot be reached, checked before any search, so such a puzzle answers
//! "no solution" at once, with the reason, rather than after exploring every position (or giving up).
//!
//! Each rule is sound: it only speaks when no sequence of moves can meet the goal.
//!
//! - **Cut off**: nothing passes a broken slot, so a piece never leaves the part of the yard it starts
//!   in (the slots joined to its own by track that is not broken, turntables taken in every position).
//!   A named piece must find its goal slot in that part, and each part must hold as many pieces of a
//!   group as the goal asks the group for there.
//! - **No loco**: a part with no loco in it never changes, so its pieces must already stand as the
//!   goal asks, and its slots the goal keeps empty (or clear of cars) must already be so. (A loco's
//!   own part always has a loco, so a facing the goal asks for is never decided here.)
//! - **No room**: a part must hold all its pieces outside the slots the goal keeps empty, and all its
//!   cars outside those it keeps clear of cars too.
//! - **Ahead of the loco**: where the only loco can never get round its cars (the invariant of
//!   [`FrontClear`]), a goal that puts a car ahead of the loco's front, in every facing the goal and
//!   the yard leave it, cannot be met.

use super::front::FrontClear;
use super::links::{Links, node, slot_of};
use super::orient::Orientation;
use crate::games::shunting::puzzle::{PieceKind, Puzzle};
use crate::games::shunting::yard::{Heading, SlotId};

/// Why a goal cannot be reached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Impossible {
    /// A named piece's goal slot lies where it can never go.
    CutOff {
        /// The piece.
        piece: String,
        /// Its goal slot.
        slot: String,
    },
    /// A part of the yard has fewer of a group's pieces than the goal asks of it there.
    GroupCutOff {
        /// A slot of the group in that part.
        slot: String,
        /// The group's slots in the part.
        slots: usize,
        /// The group's pieces in the part.
        pieces: usize,
    },
    /// A piece must move (or a slot be emptied) in a part of the yard no loco can reach.
    NoLoco {
        /// What must change there.
        what: String,
    },
    /// A part of the yard has more pieces than room the goal leaves them.
    NoRoom {
        /// A slot of the part.
        slot: String,
        /// Pieces (or cars) there.
        pieces: usize,
        /// Slots left for them.
        room: usize,
        /// "pieces" or "cars".
        noun: &'static str,
    },
    /// A car must end ahead of the only loco's front, which no move can do.
    AheadOfLoco {
        /// The car.
        car: String,
        /// Its goal slot.
        slot: String,
        /// The loco.
        loco: String,
    },
}

impl std::fmt::Display for Impossible {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Impossible::CutOff { piece, slot } => write!(
                f,
                "{piece} can never reach {slot}: broken track or missing track stands between them"
            ),
            Impossible::GroupCutOff {
                slot,
                slots,
                pieces,
            } => write!(
                f,
                "the part of the yard around {slot} needs {slots} of a group's pieces but only {pieces} can get there (broken track cuts it off)"
            ),
            Impossible::NoLoco { what } => {
                write!(f, "{what}, but no loco can reach that part of the yard")
            }
            Impossible::NoRoom {
                slot,
                pieces,
                room,
                noun,
            } => write!(
                f,
                "the part of the yard around {slot} has {pieces} {noun} and the goal leaves room for {room} there"
            ),
            Impossible::AheadOfLoco { car, slot, loco } => write!(
                f,
                "{car} must end at {slot}, ahead of {loco}'s front, and no move can put a car there"
            ),
        }
    }
}

/// The first rule that shows `puzzle`'s goal cannot be reached, if any does.
pub fn proof(puzzle: &Puzzle, links: &Links) -> Option<Impossible> {
    let parts = Parts::new(puzzle, links);
    cut_off(puzzle, &parts)
        .or_else(|| no_loco(puzzle, &parts))
        .or_else(|| no_room(puzzle, &parts))
        .or_else(|| ahead_of_loco(puzzle, links))
}

/// The parts of a yard no piece can pass between: slots joined by unbroken track.
struct Parts {
    /// Per slot: its part, named by the part's lowest slot (a broken slot is a part of its own).
    of: Vec<usize>,
}

impl Parts {
    fn new(puzzle: &Puzzle, links: &Links) -> Parts {
        let slots = puzzle.yard.slots.len();
        let mut of: Vec<usize> = (0..slots).collect();
        fn root(of: &mut [usize], mut s: usize) -> usize {
            while of[s] != s {
                of[s] = of[of[s]];
                s = of[s];
            }
            s
        }
        let positions = (puzzle.yard.turntables.iter())
            .map(|t| t.ring.len())
            .max()
            .unwrap_or(1);
        for from in 0..2 * slots {
            let slot = slot_of(from as u16);
            if puzzle.broken[slot] {
                continue;
            }
            for turned in 0..positions {
                let ring = |t: usize| turned % puzzle.yard.turntables[t].ring.len();
                let (a, b) = links.after(from as u16, ring);
                for i in a..b {
                    let next = slot_of(links.at(i));
                    if !puzzle.broken[next] {
                        let (x, y) = (root(&mut of, slot), root(&mut of, next));
                        of[x] = y;
                    }
                }
            }
        }
        // Each part named by its lowest slot.
        let mut lowest = vec![usize::MAX; slots];
        for s in 0..slots {
            let r = root(&mut of, s);
            lowest[r] = lowest[r].min(s);
        }
        let of = (0..slots).map(|s| lowest[root(&mut of, s)]).collect();
        Parts { of }
    }

    fn of(&self, slot: SlotId) -> usize {
        self.of[usize::from(slot)]
    }

    /// Every part, by a slot in it.
    fn each(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.of.len()).filter(|&s| self.of[s] == s)
    }
}

fn cut_off(puzzle: &Puzzle, parts: &Parts) -> Option<Impossible> {
    let start = &puzzle.start;
    let name = |s: SlotId| puzzle.yard.slot_name(s);
    if let Some(&(p, s)) =
        (puzzle.goal.at.iter()).find(|&&(p, s)| parts.of(start.slot(p)) != parts.of(s))
    {
        return Some(Impossible::CutOff {
            piece: puzzle.pieces[p].describe(),
            slot: name(s),
        });
    }
    for group in &puzzle.goal.groups {
        for part in parts.each() {
            let slots = (group.slots.iter()).filter(|&&s| parts.of(s) == part);
            let first = slots.clone().next();
            let pieces = (group.pieces.iter())
                .filter(|&&p| parts.of(start.slot(p)) == part)
                .count();
            if let Some(&slot) = first
                && slots.count() > pieces
            {
                return Some(Impossible::GroupCutOff {
                    slot: name(slot),
                    slots: group.slots.iter().filter(|&&s| parts.of(s) == part).count(),
                    pieces,
                });
            }
        }
    }
    None
}

fn no_loco(puzzle: &Puzzle, parts: &Parts) -> Option<Impossible> {
    let start = &puzzle.start;
    let driven: Vec<usize> = puzzle.locos().map(|l| parts.of(start.slot(l))).collect();
    let still = |s: SlotId| !driven.contains(&parts.of(s));
    let name = |s: SlotId| puzzle.yard.slot_name(s);
    let occupant = |s: SlotId| puzzle.occupant(start, s);
    let what = if let Some(&(p, s)) =
        (puzzle.goal.at.iter()).find(|&&(p, s)| still(s) && start.slot(p) != s)
    {
        format!("{} must move to {}", puzzle.pieces[p].describe(), name(s))
    } else if let Some(s) = (puzzle.goal.groups.iter())
        .flat_map(|g| g.slots.iter().map(move |&s| (g, s)))
        .find(|&(g, s)| still(s) && !occupant(s).is_some_and(|p| g.pieces.contains(&p)))
        .map(|(_, s)| s)
    {
        format!("{} must get one of its group's pieces", name(s))
    } else if let Some(&s) =
        (puzzle.goal.empty.iter()).find(|&&s| still(s) && occupant(s).is_some())
    {
        format!("{} must be left empty", name(s))
    } else if let Some(&s) = (puzzle.goal.clear.iter()).find(|&&s| {
        still(s) && occupant(s).is_some_and(|p| puzzle.pieces[p].kind == PieceKind::Car)
    }) {
        format!("{} must be left clear of cars", name(s))
    } else {
        return None;
    };
    Some(Impossible::NoLoco { what })
}

fn no_room(puzzle: &Puzzle, parts: &Parts) -> Option<Impossible> {
    let start = &puzzle.start;
    let goal = &puzzle.goal;
    for part in parts.each().filter(|&s| !puzzle.broken[s]) {
        let here = |s: SlotId| parts.of(s) == part;
        let slots = (0..puzzle.yard.slots.len() as SlotId)
            .filter(|&s| here(s))
            .count();
        let empty = goal.empty.iter().filter(|&&s| here(s)).count();
        let clear = goal.clear.iter().filter(|&&s| here(s)).count();
        let pieces: Vec<usize> = (0..puzzle.pieces.len())
            .filter(|&p| here(start.slot(p)))
            .collect();
        let cars = (pieces.iter())
            .filter(|&&p| puzzle.pieces[p].kind == PieceKind::Car)
            .count();
        let slot = puzzle.yard.slot_name(part as SlotId);
        if pieces.len() + empty > slots {
            return Some(Impossible::NoRoom {
                slot,
                pieces: pieces.len(),
                room: slots - empty,
                noun: "pieces",
            });
        }
        if cars + empty + clear > slots {
            return Some(Impossible::NoRoom {
                slot,
                pieces: cars,
                room: slots - empty - clear,
                noun: "cars",
            });
        }
    }
    None
}

fn ahead_of_loco(puzzle: &Puzzle, links: &Links) -> Option<Impossible> {
    let front = FrontClear::new(puzzle, links)?;
    let loco = puzzle.locos().next()?;
    let &(_, at) = puzzle.goal.at.iter().find(|&&(p, _)| p == loco)?;
    let mut orientation = Orientation::new(puzzle);
    let start = Heading {
        slot: puzzle.start.slot(loco),
        up: puzzle.start.faces_up(loco),
    };
    let named = puzzle.goal.facing.iter().find(|&&(p, _)| p == loco);
    let mut blocked = None;
    for up in [false, true] {
        let heading = Heading { slot: at, up };
        if named.is_some_and(|&(_, want)| want != up) || !orientation.same(start, heading) {
            continue;
        }
        let ahead = front.ahead_of(node(heading));
        let car = (puzzle.goal.at.iter()).find(|&&(p, s)| p != loco && ahead & (1 << s) != 0);
        let &(car, slot) = car?;
        blocked = Some(Impossible::AheadOfLoco {
            car: puzzle.pieces[car].describe(),
            slot: puzzle.yard.slot_name(slot),
            loco: puzzle.pieces[loco].name.clone(),
        });
    }
    blocked
}

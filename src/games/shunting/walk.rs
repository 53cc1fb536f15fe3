//! The physics of one move: a loco and the pieces coupled behind it drive along one continuous route,
//! slot by slot, pushing whatever stands in the way. Every slot reached is a possible stop; every branch
//! at a turnout entered by its stem is a possible route. Visitors see each stop and each dead end.

use super::position::Position;
use super::puzzle::{PieceKind, Puzzle};
use super::yard::{Across, Heading, Landing, LegChoice, Onward, Route, SlotId};

/// Why a route can go no further.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Blocker {
    /// A buffer stop at this port.
    Buffer(String),
    /// The edge of the board at this port.
    OffBoard(String),
    /// This turntable is not lined up.
    NotLinedUp(usize),
    /// A broken track in this slot.
    Broken(SlotId),
    /// The lead would run into the moving train's own end (only on loops).
    OwnTrain,
}

/// Pieces coupled one after another behind a loco (headings travel rearwards), and the turnout legs
/// they lie across.
pub(super) type Chain = (Vec<Heading>, Vec<LegChoice>);

/// A piece moving in this walk: where on the path it started and where it is now.
#[derive(Clone, Copy, Debug)]
pub(super) struct Mover {
    pub piece: usize,
    pub from: usize,
    pub at: usize,
}

/// One branch of a move being driven.
#[derive(Clone, Debug)]
pub(super) struct Walk {
    /// The route, in the direction of travel; each heading is that direction at that slot.
    pub path: Vec<Heading>,
    /// The moving pieces (the train, then pushed pieces as they join).
    pub block: Vec<Mover>,
    /// Index in `path` of the foremost moving piece.
    pub lead: usize,
    /// Turnout legs the route uses, in route order.
    pub legs: Vec<LegChoice>,
    /// Slots driven so far.
    pub steps: usize,
    /// The loco that drives.
    pub loco: usize,
    /// Driving towards the loco's front.
    pub forward: bool,
    /// How many pieces are coupled behind the loco.
    pub take: usize,
}

impl Walk {
    /// The foremost moving piece.
    pub fn lead_piece(&self) -> usize {
        self.block
            .iter()
            .find(|m| m.at == self.lead)
            .map_or(self.loco, |m| m.piece)
    }

    /// Where the driving loco is on the path now.
    pub fn loco_at(&self) -> usize {
        self.block
            .iter()
            .find(|m| m.piece == self.loco)
            .map_or(0, |m| m.at)
    }

    /// The position after stopping here (turntables not yet turned).
    pub fn stopped(&self, puzzle: &Puzzle, start: &Position) -> Position {
        let mut position = *start;
        for m in &self.block {
            let from = self.path[m.from];
            let to = self.path[m.at];
            let faces_up = puzzle.pieces[m.piece].kind == PieceKind::Loco
                && (start.faces_up(m.piece) ^ (from.up != to.up));
            position.place(m.piece, to.slot, faces_up);
        }
        position
    }
}

/// Receives what a walk finds.
pub(super) trait Visitor {
    /// The walk may stop here.
    fn stop(&mut self, walk: &Walk);
    /// The walk cannot go on.
    fn blocked(&mut self, _walk: &Walk, _blocker: Blocker) {}
}

/// Where the pieces stand and what blocks: everything a walk reads.
pub(super) struct Ground<'a> {
    pub puzzle: &'a Puzzle,
    pub position: &'a Position,
    pub occupant: Vec<Option<usize>>,
    limit: usize,
}

/// The next heading after `at`, or the ways on, or why there is none.
pub(super) enum Next<'a> {
    One(Heading),
    Many(&'a [Route]),
    Stop(Blocker),
}

impl<'a> Ground<'a> {
    pub fn new(puzzle: &'a Puzzle, position: &'a Position) -> Ground<'a> {
        Ground {
            puzzle,
            position,
            occupant: puzzle.occupancy(position),
            limit: 2 * puzzle.yard.slots.len() + puzzle.pieces.len() + 2,
        }
    }

    /// What follows `at` with the turntables as they stand.
    pub fn next(&self, at: Heading) -> Next<'a> {
        let yard = &self.puzzle.yard;
        match yard.onward(at) {
            Onward::Within(h) => Next::One(h),
            Onward::Routes(routes) => match routes {
                [route] if route.sharp.is_none() => match &route.landing {
                    Landing::Track(end) => Next::One(yard.entering(*end)),
                    Landing::Buffer(port) => Next::Stop(Blocker::Buffer(port.clone())),
                    Landing::OffBoard(port) => Next::Stop(Blocker::OffBoard(port.clone())),
                },
                _ => Next::Many(routes),
            },
            Onward::Turntable(table, side) => {
                match yard.across_turntable(table, side, self.position.turntable(table)) {
                    Across::Track(end) => Next::One(yard.entering(end)),
                    Across::NotLinedUp => Next::Stop(Blocker::NotLinedUp(table)),
                }
            }
        }
    }

    /// The loco's rear, as a heading travelling rearwards.
    pub fn rear(&self, loco: usize) -> Heading {
        Heading {
            slot: self.position.slot(loco),
            up: !self.position.faces_up(loco),
        }
    }

    /// Every chain of pieces standing one after another behind `loco`'s rear (the empty chain first),
    /// each with the turnout legs it lies across; headings travel rearwards.
    pub fn chains(&self, loco: usize) -> Vec<Chain> {
        let mut found = vec![(Vec::new(), Vec::new())];
        self.extend_chain(
            self.rear(loco),
            &mut Vec::new(),
            &mut Vec::new(),
            &mut found,
        );
        found
    }

    fn extend_chain(
        &self,
        at: Heading,
        trail: &mut Vec<Heading>,
        legs: &mut Vec<LegChoice>,
        found: &mut Vec<Chain>,
    ) {
        let mut visit = |h: Heading, extra: &[LegChoice], found: &mut Vec<Chain>| {
            if self.occupant[usize::from(h.slot)].is_none()
                || trail.iter().any(|c| c.slot == h.slot)
            {
                return;
            }
            trail.push(h);
            legs.extend_from_slice(extra);
            found.push((trail.clone(), legs.clone()));
            self.extend_chain(h, trail, legs, found);
            legs.truncate(legs.len() - extra.len());
            trail.pop();
        };
        match self.next(at) {
            Next::One(h) => visit(h, &[], found),
            Next::Many(routes) => {
                for route in routes.iter().filter(|r| r.sharp.is_none()) {
                    if let Landing::Track(end) = route.landing {
                        visit(self.puzzle.yard.entering(end), &route.legs, found);
                    }
                }
            }
            Next::Stop(_) => {}
        }
    }

    /// Drives `loco` with the chain `chain` coupled, towards its front or its rear, along every route,
    /// reporting every stop and dead end to `visitor`.
    pub fn drive(&self, loco: usize, chain: &Chain, forward: bool, visitor: &mut impl Visitor) {
        let (headings, legs) = chain;
        let take = headings.len();
        let piece_at = |h: &Heading| self.occupant[usize::from(h.slot)].unwrap_or(loco);
        let (path, legs) = if forward {
            let mut path: Vec<Heading> = headings
                .iter()
                .rev()
                .map(|h| Heading {
                    slot: h.slot,
                    up: !h.up,
                })
                .collect();
            path.push(Heading {
                slot: self.position.slot(loco),
                up: self.position.faces_up(loco),
            });
            (path, legs.iter().rev().copied().collect())
        } else {
            let mut path = vec![self.rear(loco)];
            path.extend_from_slice(headings);
            (path, legs.clone())
        };
        let block = path
            .iter()
            .enumerate()
            .map(|(i, h)| Mover {
                piece: piece_at(h),
                from: i,
                at: i,
            })
            .collect();
        let walk = Walk {
            path,
            block,
            lead: take,
            legs,
            steps: 0,
            loco,
            forward,
            take,
        };
        self.explore(walk, visitor);
    }

    fn explore(&self, mut walk: Walk, visitor: &mut impl Visitor) {
        loop {
            loop {
                if walk.lead + 1 == walk.path.len() {
                    if walk.path.len() > self.limit {
                        return;
                    }
                    let last = walk.path[walk.lead];
                    match self.next(last) {
                        Next::One(h) => walk.path.push(h),
                        Next::Many(routes) => {
                            self.branch(&walk, routes, visitor);
                            return;
                        }
                        Next::Stop(blocker) => {
                            visitor.blocked(&walk, blocker);
                            return;
                        }
                    }
                }
                let slot = walk.path[walk.lead + 1].slot;
                if self.puzzle.broken[usize::from(slot)] {
                    visitor.blocked(&walk, Blocker::Broken(slot));
                    return;
                }
                if walk.block.iter().any(|m| walk.path[m.at].slot == slot) {
                    visitor.blocked(&walk, Blocker::OwnTrain);
                    return;
                }
                match self.occupant[usize::from(slot)] {
                    Some(piece) if !walk.block.iter().any(|m| m.piece == piece) => {
                        walk.lead += 1;
                        walk.block.push(Mover {
                            piece,
                            from: walk.lead,
                            at: walk.lead,
                        });
                    }
                    _ => break,
                }
            }
            for m in &mut walk.block {
                m.at += 1;
            }
            walk.lead += 1;
            walk.steps += 1;
            visitor.stop(&walk);
        }
    }

    fn branch(&self, walk: &Walk, routes: &[Route], visitor: &mut impl Visitor) {
        for route in routes.iter().filter(|r| r.sharp.is_none()) {
            match &route.landing {
                Landing::Track(end) => {
                    let mut onward = walk.clone();
                    onward.path.push(self.puzzle.yard.entering(*end));
                    onward.legs.extend_from_slice(&route.legs);
                    self.explore(onward, visitor);
                }
                Landing::Buffer(port) => visitor.blocked(walk, Blocker::Buffer(port.clone())),
                Landing::OffBoard(port) => visitor.blocked(walk, Blocker::OffBoard(port.clone())),
            }
        }
    }
}

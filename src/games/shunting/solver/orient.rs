//! Which way a loco can face where: an invariant that rules out goal positions no move can reach.
//!
//! Call a loco at slot `s` facing `up` or down a heading. Driving carries a loco from one heading to the
//! next along the route, its front keeping the same side of the direction of travel; a turntable's turn
//! leaves it as it stands on the bridge. Joining, for every link of the track (every turntable
//! alignment included), the two headings a loco facing along travel passes and the two it passes facing
//! against travel splits the headings into classes no move leaves. Without reversing loops or
//! turntables that can carry a loco half round, a slot's two facings fall in different classes, and a
//! goal position with a loco in the other class than the one it starts in cannot be reached.

use crate::games::shunting::puzzle::Puzzle;
use crate::games::shunting::yard::{Heading, Landing, Onward, TableSide, TrackEnd};

/// Classes of headings (slot × facing) that no move leaves.
pub struct Orientation {
    parent: Vec<usize>,
}

fn node(h: Heading) -> usize {
    2 * usize::from(h.slot) + usize::from(h.up)
}

impl Orientation {
    /// The classes for `puzzle`'s yard.
    pub fn new(puzzle: &Puzzle) -> Orientation {
        let yard = &puzzle.yard;
        let mut classes = Orientation {
            parent: (0..2 * yard.slots.len()).collect(),
        };
        for slot in 0..yard.slots.len() {
            for up in [false, true] {
                let from = Heading {
                    slot: slot as u8,
                    up,
                };
                let mut onward: Vec<TrackEnd> = Vec::new();
                match yard.onward(from) {
                    Onward::Within(to) => classes.link(from, to),
                    Onward::Routes(routes) => {
                        onward.extend(routes.iter().filter_map(|r| match (&r.landing, r.sharp) {
                            (Landing::Track(end), None) => Some(*end),
                            _ => None,
                        }))
                    }
                    Onward::Turntable(table, side) => {
                        let t = &yard.turntables[table];
                        match side {
                            TableSide::Bridge(_) => onward.extend(t.ring.iter().flatten()),
                            TableSide::Ring(_) => onward.extend(
                                [super::super::yard::End::Start, super::super::yard::End::End].map(
                                    |end| TrackEnd {
                                        track: t.bridge,
                                        end,
                                    },
                                ),
                            ),
                        }
                    }
                }
                for end in onward {
                    classes.link(from, yard.entering(end));
                }
            }
        }
        classes
    }

    fn find(&mut self, mut x: usize) -> usize {
        while self.parent[x] != x {
            self.parent[x] = self.parent[self.parent[x]];
            x = self.parent[x];
        }
        x
    }

    fn union(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        self.parent[a] = b;
    }

    fn link(&mut self, from: Heading, to: Heading) {
        self.union(node(from), node(to));
        let flip = |h: Heading| Heading {
            slot: h.slot,
            up: !h.up,
        };
        self.union(node(flip(from)), node(flip(to)));
    }

    /// Whether a loco can get from heading `a` to heading `b` as far as this invariant tells.
    pub fn same(&mut self, a: Heading, b: Heading) -> bool {
        self.find(node(a)) == self.find(node(b))
    }
}

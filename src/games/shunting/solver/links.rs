//! The yard's track graph as flat tables for the solver's move generator: for every heading (a slot and
//! a direction of travel), the headings one step on, with turntables resolved per table position. The
//! tables are built once per puzzle, so expanding a position never walks the yard's route lists.

use crate::games::shunting::yard::{Across, Heading, Landing, Onward, Yard};

/// A heading packed as `2 * slot + up`.
pub type Node = u16;

/// Marks "nothing lines up" in a turntable's table.
const NONE: Node = Node::MAX;

/// The packed form of a heading.
pub fn node(h: Heading) -> Node {
    2 * Node::from(h.slot) + Node::from(h.up)
}

/// The slot of a packed heading.
pub fn slot_of(n: Node) -> usize {
    usize::from(n >> 1)
}

/// The same slot travelled the other way.
pub fn flip(n: Node) -> Node {
    n ^ 1
}

/// How the headings after one heading are stored.
#[derive(Clone, Copy, Debug)]
enum Link {
    /// Always these: `flat[start..start + len]` (several where a turnout is entered by its stem, none at
    /// a buffer stop or the edge of the board). Sharp turns are never listed.
    Fixed { start: u32, len: u32 },
    /// Across turntable `table`: `flat[start + position]`, or nothing where the table does not line up.
    Table { table: usize, start: u32 },
}

/// Every heading's onward headings.
#[derive(Clone, Debug)]
pub struct Links {
    links: Vec<Link>,
    flat: Vec<Node>,
}

impl Links {
    /// The tables for `yard`.
    pub fn new(yard: &Yard) -> Links {
        let mut links = Vec::with_capacity(2 * yard.slots.len());
        let mut flat: Vec<Node> = Vec::new();
        for slot in 0..yard.slots.len() {
            for up in [false, true] {
                let at = Heading {
                    slot: slot as u8,
                    up,
                };
                let start = flat.len() as u32;
                let link = match yard.onward(at) {
                    Onward::Within(next) => {
                        flat.push(node(next));
                        Link::Fixed { start, len: 1 }
                    }
                    Onward::Routes(routes) => {
                        flat.extend(routes.iter().filter(|r| r.sharp.is_none()).filter_map(|r| {
                            match r.landing {
                                Landing::Track(end) => Some(node(yard.entering(end))),
                                Landing::Buffer(_) | Landing::OffBoard(_) => None,
                            }
                        }));
                        Link::Fixed {
                            start,
                            len: flat.len() as u32 - start,
                        }
                    }
                    Onward::Turntable(table, side) => {
                        for position in 0..yard.turntables[table].ring.len() {
                            flat.push(match yard.across_turntable(table, side, position) {
                                Across::Track(end) => node(yard.entering(end)),
                                Across::NotLinedUp => NONE,
                            });
                        }
                        Link::Table { table, start }
                    }
                };
                links.push(link);
            }
        }
        Links { links, flat }
    }

    /// The range of `flat` holding the headings after `at` with the turntables at `tables(t)`.
    #[inline]
    pub fn after(&self, at: Node, tables: impl Fn(usize) -> usize) -> (usize, usize) {
        match self.links[usize::from(at)] {
            Link::Fixed { start, len } => (start as usize, (start + len) as usize),
            Link::Table { table, start } => {
                let i = start as usize + tables(table);
                if self.flat[i] == NONE {
                    (i, i)
                } else {
                    (i, i + 1)
                }
            }
        }
    }

    /// The heading stored at `i` of a range from [`Links::after`].
    #[inline]
    pub fn at(&self, i: usize) -> Node {
        self.flat[i]
    }
}

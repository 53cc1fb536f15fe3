//! The solver's state key: a position packed into a `u64`, with interchangeable pieces made alike.
//!
//! Pieces the goal does not tell apart are interchangeable: two cars the goal does not name, two locos it
//! does not name, or pieces of one goal group (of one kind) not named otherwise. Swapping two such
//! pieces maps every move to a move and keeps the goal met or unmet, so positions that differ only by
//! such a swap need the same number of moves. The key holds, class by class, where the class's pieces
//! stand (a loco's slot with its facing bit), then the turntable positions, so keys are equal exactly
//! for positions equal up to such swaps. A class of one piece holds its slot; a class of several cars
//! holds the set of their slots as a bit mask when the key has room for it (no sorting, so it is quick
//! to make), else their slots in rising order.
//!
//! Where the yard has a mirror ([`super::mirror`]), a position and its mirror image need the same
//! number of moves too, and the key is the smaller of the two positions' keys.

use super::SolveError;
use super::links::Links;
use super::mirror::{self, Mirror};
use crate::games::shunting::position::{MAX_PIECES, NOWHERE, Position};
use crate::games::shunting::puzzle::{PieceKind, Puzzle};

/// Packs positions of one puzzle into keys and back.
#[derive(Clone, Debug)]
pub struct Canon {
    classes: Vec<Class>,
    /// The classes of one piece, flat for [`Canon::key`]: the piece, whether it is a loco, and where
    /// its value goes in the key.
    singles: Vec<(usize, bool, u32)>,
    /// The classes of several pieces.
    groups: Vec<Class>,
    /// Bits per turntable, and where its position goes in the key.
    tables: Vec<(u32, u32)>,
    pieces: usize,
    /// The yard's mirror, when the puzzle has one.
    mirror: Option<Mirror>,
}

#[derive(Clone, Debug)]
struct Class {
    members: Vec<usize>,
    loco: bool,
    /// A set of slots as a bit mask (cars only), rather than each member's slot.
    mask: bool,
    /// Bits per member's slot (with a loco's facing bit), or of the whole mask.
    width: u32,
    /// Where the class's lowest bit goes in the key.
    shift: u32,
}

impl Class {
    fn bits(&self) -> u32 {
        if self.mask {
            self.width
        } else {
            self.width * self.members.len() as u32
        }
    }
}

/// Keys use at most this many bits, so `u64::MAX` is never a key.
const KEY_BITS: u32 = 63;

fn bits_for(values: usize) -> u32 {
    usize::BITS - (values.max(2) - 1).leading_zeros()
}

impl Canon {
    /// The classes of interchangeable pieces for `puzzle`.
    pub fn new(puzzle: &Puzzle) -> Result<Canon, SolveError> {
        let slot_bits = bits_for(puzzle.yard.slots.len());
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
                    let loco = p.kind == PieceKind::Loco;
                    classes.push(Class {
                        members: Vec::new(),
                        loco,
                        mask: false,
                        width: slot_bits + u32::from(loco),
                        shift: 0,
                    });
                    classes.len() - 1
                }
            };
            classes[index].members.push(piece);
        }
        let table_bits: Vec<u32> = puzzle
            .yard
            .turntables
            .iter()
            .map(|t| bits_for(t.ring.len()))
            .collect();
        let mut bits: u32 =
            classes.iter().map(Class::bits).sum::<u32>() + table_bits.iter().sum::<u32>();
        if bits > KEY_BITS {
            return Err(SolveError::TooManyBits {
                bits,
                max: KEY_BITS,
            });
        }
        let slots = puzzle.yard.slots.len() as u32;
        for class in classes
            .iter_mut()
            .filter(|c| c.members.len() > 1 && !c.loco)
        {
            let grown = bits - class.bits() + slots;
            if grown <= KEY_BITS {
                bits = grown;
                class.mask = true;
                class.width = slots;
            }
        }
        let mut below = bits;
        for class in &mut classes {
            below -= class.bits();
            class.shift = below;
        }
        let tables = table_bits
            .iter()
            .map(|&b| {
                below -= b;
                (b, below)
            })
            .collect();
        let singles = classes
            .iter()
            .filter(|c| c.members.len() == 1)
            .map(|c| (c.members[0], c.loco, c.shift))
            .collect();
        let groups = classes
            .iter()
            .filter(|c| c.members.len() > 1)
            .cloned()
            .collect();
        Ok(Canon {
            classes,
            singles,
            groups,
            tables,
            pieces: puzzle.pieces.len(),
            mirror: mirror::find(puzzle, &Links::new(&puzzle.yard)),
        })
    }

    /// Per piece: the index of its class of interchangeable pieces.
    pub fn classes_of(&self) -> Vec<usize> {
        let mut class_of = vec![0; self.pieces];
        for (c, class) in self.classes.iter().enumerate() {
            for &piece in &class.members {
                class_of[piece] = c;
            }
        }
        class_of
    }

    /// The key of `position`: the same for every position equal to it up to interchangeable pieces
    /// and the yard's mirror.
    pub fn key(&self, position: &Position) -> u64 {
        let key = self.key_as_placed(position, |s| s);
        match &self.mirror {
            Some(mirror) => key.min(self.key_as_placed(position, |s| mirror[usize::from(s)])),
            None => key,
        }
    }

    /// The key of `position` with every piece moved from its slot `s` to `place(s)`, up to
    /// interchangeable pieces.
    fn key_as_placed(&self, position: &Position, place: impl Fn(u8) -> u8) -> u64 {
        let value = |piece: usize, loco: bool| {
            let slot = u64::from(place(position.slot(piece)));
            if loco {
                slot << 1 | u64::from(position.faces_up(piece))
            } else {
                slot
            }
        };
        let mut key = 0u64;
        for &(piece, loco, shift) in &self.singles {
            key |= value(piece, loco) << shift;
        }
        for class in &self.groups {
            if class.mask {
                let mask = class
                    .members
                    .iter()
                    .fold(0u64, |m, &piece| m | 1 << place(position.slot(piece)));
                key |= mask << class.shift;
                continue;
            }
            let mut values = [0u64; MAX_PIECES];
            let n = class.members.len();
            for (i, &piece) in class.members.iter().enumerate() {
                // Insertion sort: classes are small.
                let v = value(piece, class.loco);
                let mut j = i;
                while j > 0 && values[j - 1] > v {
                    values[j] = values[j - 1];
                    j -= 1;
                }
                values[j] = v;
            }
            for (j, &v) in values[..n].iter().rev().enumerate() {
                key |= v << (class.shift + j as u32 * class.width);
            }
        }
        for (t, &(_, shift)) in self.tables.iter().enumerate() {
            key |= (position.turntable(t) as u64) << shift;
        }
        key
    }

    /// A position with this key (interchangeable pieces in piece order).
    pub fn position(&self, key: u64) -> Position {
        let field = |shift: u32, bits: u32| (key >> shift) & ((1u64 << bits) - 1);
        let mut tables = [0u8; crate::games::shunting::yard::MAX_TURNTABLES];
        for (t, &(bits, shift)) in self.tables.iter().enumerate() {
            tables[t] = field(shift, bits) as u8;
        }
        let mut slots = [NOWHERE; MAX_PIECES];
        let mut facing = 0u16;
        for class in &self.classes {
            if class.mask {
                let mut mask = field(class.shift, class.width);
                for &piece in &class.members {
                    slots[piece] = mask.trailing_zeros() as u8;
                    mask &= mask - 1;
                }
                continue;
            }
            for (j, &piece) in class.members.iter().rev().enumerate() {
                let v = field(class.shift + j as u32 * class.width, class.width);
                if class.loco {
                    slots[piece] = (v >> 1) as u8;
                    facing |= ((v & 1) as u16) << piece;
                } else {
                    slots[piece] = v as u8;
                }
            }
        }
        Position::from_arrays(slots, facing, tables)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::Canon;
    use crate::games::shunting::builtin;
    use crate::games::shunting::puzzle::Puzzle;
    use crate::games::shunting::solver::near_start;

    /// Checks that keys read back, and are equal exactly for positions equal up to swapping pieces
    /// of `interchangeable`.
    fn check(puzzle: &Puzzle, interchangeable: (usize, usize), mask: bool) {
        let canon = Canon::new(puzzle).expect("the key fits");
        assert_eq!(canon.groups.iter().any(|c| c.mask), mask);
        let positions = near_start(puzzle, 3);
        assert!(positions.len() > 100);
        let mut keys = HashSet::new();
        for p in &positions {
            let key = canon.key(p);
            assert_eq!(canon.key(&canon.position(key)), key);
            let (a, b) = interchangeable;
            let mut swapped = *p;
            swapped.place(a, p.slot(b), p.faces_up(b));
            swapped.place(b, p.slot(a), p.faces_up(a));
            assert_eq!(canon.key(&swapped), key, "a swap of interchangeable pieces");
            keys.insert(key);
        }
        let place = |s: u8| canon.mirror.as_ref().map_or(s, |m| m[usize::from(s)]);
        let classes: HashSet<Vec<(u8, bool)>> = positions
            .iter()
            .map(|p| {
                let class = |place: &dyn Fn(u8) -> u8| {
                    let mut pieces: Vec<(u8, bool)> = (0..puzzle.pieces.len())
                        .map(|i| (place(p.slot(i)), p.faces_up(i)))
                        .collect();
                    let (a, b) = interchangeable;
                    if pieces[a] > pieces[b] {
                        pieces.swap(a, b);
                    }
                    pieces
                };
                class(&|s| s).min(class(&place))
            })
            .collect();
        assert_eq!(
            keys.len(),
            classes.len(),
            "one key per class of positions (up to the swap and the mirror)"
        );
    }

    #[test]
    fn inglenook_keys_hold_the_free_wagons_as_a_set_of_slots() {
        let puzzle = builtin::puzzle("inglenook-hard-1")
            .expect("built in")
            .expect("it loads");
        let w6 = puzzle.find_piece("W6").expect("W6");
        let w7 = puzzle.find_piece("W7").expect("W7");
        check(&puzzle, (w6, w7), true);
    }

    #[test]
    fn inglenook_keys_are_the_same_for_a_position_and_its_mirror_image() {
        let puzzle = builtin::puzzle("inglenook-hardest-1")
            .expect("built in")
            .expect("it loads");
        let canon = Canon::new(&puzzle).expect("the key fits");
        let slot = |name: &str| puzzle.yard.find_slot(name).expect("a slot");
        let mirror = canon
            .mirror
            .as_ref()
            .expect("sidings B and C mirror each other");
        for (b, c) in [("B1", "C1"), ("B2", "C2"), ("B3", "C3")] {
            assert_eq!(mirror[usize::from(slot(b))], slot(c));
            assert_eq!(mirror[usize::from(slot(c))], slot(b));
        }
        assert_eq!(mirror[usize::from(slot("A3"))], slot("A3"));
        let mut positions = HashSet::new();
        let mut keys = HashSet::new();
        for p in near_start(&puzzle, 3) {
            let key = canon.key(&p);
            assert_eq!(canon.key(&canon.position(key)), key);
            let mut image = p;
            for piece in 0..puzzle.pieces.len() {
                image.place(piece, mirror[usize::from(p.slot(piece))], p.faces_up(piece));
            }
            assert_eq!(canon.key(&image), key, "{p:?}");
            keys.insert(key);
            positions.extend([p, image]);
        }
        assert!(keys.len() < positions.len(), "mirror images share keys");
    }

    #[test]
    fn a_goal_on_one_of_the_tracks_or_a_broken_slot_breaks_the_mirror() {
        let pieces = "[[piece]]\nname = \"L1\"\nkind = \"loco\"\nat = \"H4\"\nfacing = \"up\"\n\
            [[piece]]\nname = \"W1\"\nat = \"B1\"\n";
        let load = |rest: &str| {
            let (broken, goal) = rest.split_at(rest.find("[goal").unwrap_or(0));
            let text = format!("yard = \"inglenook\"\n{broken}{pieces}{goal}");
            Puzzle::from_toml(&text).expect("it loads")
        };
        let mirrored = |p: &Puzzle| Canon::new(p).expect("the key fits").mirror.is_some();
        assert!(mirrored(&load("[goal.at]\nW1 = \"A1\"\n")));
        assert!(!mirrored(&load("[goal.at]\nW1 = \"C1\"\n")));
        assert!(!mirrored(&load(
            "broken = [\"B3\"]\n[goal.at]\nW1 = \"A1\"\n"
        )));
        assert!(mirrored(&load(
            "[goal]\nempty = [\"B\", \"C\"]\n[goal.at]\nW1 = \"A1\"\n"
        )));
        assert!(!mirrored(&load(
            "[goal]\nempty = [\"B\"]\n[goal.at]\nW1 = \"A1\"\n"
        )));
    }

    #[test]
    fn unnamed_locos_are_interchangeable_with_their_facings() {
        let text = "yard = \"inglenook\"\n\
            [[piece]]\nname = \"L1\"\nkind = \"loco\"\nat = \"H4\"\nfacing = \"up\"\n\
            [[piece]]\nname = \"L2\"\nkind = \"loco\"\nat = \"A5\"\nfacing = \"down\"\n\
            [[piece]]\nname = \"W1\"\nat = \"B1\"\n\
            [goal.at]\nW1 = \"C1\"\n";
        let puzzle = Puzzle::from_toml(text).expect("the puzzle loads");
        check(&puzzle, (0, 1), false);
    }
}

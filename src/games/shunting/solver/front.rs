//! An invariant of every position reachable from a start: nothing stands ahead of the loco's front.
//!
//! In a yard like Inglenook Sidings the loco faces away from everything it works: it pulls cars with
//! its rear and pushes them rear first, and no route lets it get round to their other side. A
//! position where a car stands somewhere the loco's front could drive to can then never be reached,
//! however the cars were shuffled. The search from the goal meets many such positions (the goal
//! names where some cars end, not which side of the loco the others are), and each costs as much to
//! widen as a reachable one.
//!
//! [`FrontClear::new`] checks, once per puzzle, that the invariant holds at the start and that every
//! move keeps it. Let `ahead(h)` be the slots reachable by driving on from heading `h` (over the
//! track graph, ignoring pieces and broken tracks), and say no piece but the loco stands in `ahead(f)`
//! for the loco's front `f` at slot `s`:
//!
//! - **Front first** to slot `s'`, now heading `f'`, over the slots `P`: the route lies in `ahead(f)`,
//!   so nothing is pushed; only the cars coupled behind move, onto slots of `P`, `s` or behind `s`.
//!   Nothing stands in `ahead(f') ⊆ ahead(f)` afterwards if `ahead(f')` misses `P`, `s` and
//!   `ahead(flip f)`.
//! - **Rear first** to slot `s'`, travelling `r'`, over `P`: everything on `P` is pushed on ahead of
//!   `s'`, into `ahead(r')`; `P` and `s` are left empty. The new front is `flip r'`, and nothing stands
//!   in `ahead(flip r')` afterwards if it lies within `ahead(f) ∪ P ∪ {s}` and misses `ahead(r')`.
//!
//! The checks run over every heading the loco could ever face (closing over both kinds of drive,
//! ignoring pieces). With one loco and no turntable, every reachable position then keeps the
//! invariant, so a position without it lies on no route from the start and the search from the goal
//! drops it: the positions it keeps are at the same distance from the goal as before, for every
//! position a route from the start can pass.

use super::links::{Links, Node, flip, node, slot_of};
use crate::games::shunting::position::Position;
use crate::games::shunting::puzzle::Puzzle;
use crate::games::shunting::yard::Heading;

/// The invariant for one puzzle: per loco heading, the slots no other piece may stand in.
#[derive(Clone, Debug)]
pub struct FrontClear {
    loco: usize,
    /// Every piece but the loco.
    cars: Vec<usize>,
    /// Per heading (`Node`): the slots reachable ahead of it, as bits.
    ahead: Vec<u64>,
}

impl FrontClear {
    /// The invariant, when `puzzle` has one loco, no turntable, at most 64 slots, a start that keeps
    /// it and a yard where every move keeps it; `None` otherwise.
    pub fn new(puzzle: &Puzzle, links: &Links) -> Option<FrontClear> {
        let mut locos = puzzle.locos();
        let loco = locos.next()?;
        let slots = puzzle.yard.slots.len();
        if locos.next().is_some() || !puzzle.yard.turntables.is_empty() || slots > 64 {
            return None;
        }
        let ahead = (0..2 * slots as Node)
            .map(|h| reach(links, h, slots))
            .collect();
        let front = FrontClear {
            loco,
            cars: (0..puzzle.pieces.len()).filter(|&p| p != loco).collect(),
            ahead,
        };
        let start = front.front(&puzzle.start);
        (front.holds(&puzzle.start) && front.kept_from(links, start, slots)).then_some(front)
    }

    fn front(&self, position: &Position) -> Node {
        node(Heading {
            slot: position.slot(self.loco),
            up: position.faces_up(self.loco),
        })
    }

    /// The slots ahead of a loco whose front is `front`, as bits.
    pub fn ahead_of(&self, front: Node) -> u64 {
        self.ahead[usize::from(front)]
    }

    /// Whether no piece but the loco stands ahead of the loco's front in `position`.
    pub fn holds(&self, position: &Position) -> bool {
        let ahead = self.ahead[usize::from(self.front(position))];
        let cars = (self.cars.iter()).fold(0u64, |m, &p| m | 1 << position.slot(p));
        ahead & cars == 0
    }

    /// Whether every drive keeps the invariant, for every front the loco can reach from `start`.
    fn kept_from(&self, links: &Links, start: Node, slots: usize) -> bool {
        let mut seen = vec![false; 2 * slots];
        seen[usize::from(start)] = true;
        let mut todo = vec![start];
        while let Some(front) = todo.pop() {
            let Some(drives) = drives_from(links, front) else {
                return false;
            };
            for drive in drives {
                let Some(next) = self.keeps(front, &drive) else {
                    return false;
                };
                if !seen[usize::from(next)] {
                    seen[usize::from(next)] = true;
                    todo.push(next);
                }
            }
        }
        true
    }

    /// The loco's front after `drive` from `front` if the drive keeps the invariant.
    fn keeps(&self, front: Node, drive: &Drive) -> Option<Node> {
        let ahead = |h: Node| self.ahead[usize::from(h)];
        let here = 1u64 << slot_of(front);
        if drive.front_first {
            let left = drive.path | here | ahead(flip(front));
            (ahead(drive.to) & left == 0).then_some(drive.to)
        } else {
            let new_front = flip(drive.to);
            let allowed = ahead(front) | drive.path | here;
            let fits = ahead(new_front) & !allowed == 0 && ahead(new_front) & ahead(drive.to) == 0;
            fits.then_some(new_front)
        }
    }
}

/// One drive of the loco: the heading it arrives with and the slots it passed (its stop included).
struct Drive {
    front_first: bool,
    to: Node,
    path: u64,
}

/// The slots reachable by driving on from `from`.
fn reach(links: &Links, from: Node, slots: usize) -> u64 {
    let mut found = 0u64;
    let mut todo = vec![from];
    let mut visited = vec![false; 2 * slots];
    while let Some(at) = todo.pop() {
        let (a, b) = links.after(at, |_| 0);
        for i in a..b {
            let next = links.at(i);
            found |= 1 << slot_of(next);
            if !visited[usize::from(next)] {
                visited[usize::from(next)] = true;
                todo.push(next);
            }
        }
    }
    found
}

/// Every drive from a loco facing `front`: front first and rear first, to every slot on every route.
/// `None` when a route passes a slot twice (a loop, where the loco may get round its cars).
fn drives_from(links: &Links, front: Node) -> Option<Vec<Drive>> {
    let mut drives = Vec::new();
    for front_first in [true, false] {
        let start = if front_first { front } else { flip(front) };
        let mut todo = vec![(start, 0u64)];
        while let Some((at, path)) = todo.pop() {
            let (a, b) = links.after(at, |_| 0);
            for i in a..b {
                let to = links.at(i);
                let bit = 1u64 << slot_of(to);
                if path & bit != 0 {
                    return None;
                }
                drives.push(Drive {
                    front_first,
                    to,
                    path: path | bit,
                });
                todo.push((to, path | bit));
            }
        }
    }
    Some(drives)
}

#[cfg(test)]
mod tests {

    use super::{FrontClear, reach};
    use crate::games::shunting::builtin;
    use crate::games::shunting::position::Position;
    use crate::games::shunting::puzzle::Puzzle;
    use crate::games::shunting::solver::links::Links;
    use crate::games::shunting::solver::links::node;
    use crate::games::shunting::solver::near_start;
    use crate::games::shunting::yard::Heading;

    fn invariant(puzzle: &Puzzle) -> Option<FrontClear> {
        FrontClear::new(puzzle, &Links::new(&puzzle.yard))
    }

    fn inglenook(cars: &str) -> Puzzle {
        let mut text = String::from(
            "yard = \"inglenook\"\n[[piece]]\nname = \"L1\"\nkind = \"loco\"\nat = \"H4\"\nfacing = \"up\"\n",
        );
        for (i, at) in cars.split_whitespace().enumerate() {
            text += &format!("[[piece]]\nname = \"W{}\"\nat = \"{at}\"\n", i + 1);
        }
        text += "[goal.at]\nW1 = \"A1\"\n";
        Puzzle::from_toml(&text).expect("the puzzle loads")
    }

    #[test]
    fn every_position_reachable_in_inglenook_keeps_nothing_ahead_of_the_loco() {
        for cars in ["A1 A2 B1 C1", "A3 A4 A5 B3 C3", "H1 H2 H3 B1 B2"] {
            let puzzle = inglenook(cars);
            let front = invariant(&puzzle).expect("Inglenook keeps the invariant");
            let positions = near_start(&puzzle, 5);
            assert!(positions.len() > 1_000, "{cars}: {}", positions.len());
            assert!(positions.iter().all(|p| front.holds(p)), "{cars}");
        }
    }

    /// `puzzle`'s start with `piece` moved to `slot`, facing up (towards higher numbers) or not.
    fn with(puzzle: &Puzzle, piece: usize, slot: &str, up: bool) -> Position {
        let mut position = puzzle.start;
        let slot = puzzle.yard.find_slot(slot).expect("a slot of the yard");
        position.place(piece, slot, up);
        position
    }

    #[test]
    fn a_car_ahead_of_the_loco_breaks_it() {
        // L1 at H4 facing the buffer, W1 at A1, W2 at B1.
        let puzzle = inglenook("A1 B1");
        let front = invariant(&puzzle).expect("it applies");
        assert!(front.holds(&puzzle.start));
        assert!(
            !front.holds(&with(&puzzle, 0, "A2", false)),
            "W1 at A1 is ahead of L1 at A2"
        );
        assert!(
            front.holds(&with(&puzzle, 0, "A2", true)),
            "L1 at A2 facing the buffer"
        );
        assert!(
            front.holds(&with(&puzzle, 2, "H2", false)),
            "W2 at H2 is behind L1"
        );
        let mut behind_then_ahead = with(&puzzle, 2, "H2", false);
        behind_then_ahead.place(0, puzzle.yard.find_slot("H1").expect("H1"), true);
        assert!(
            !front.holds(&behind_then_ahead),
            "W2 at H2 is ahead of L1 at H1"
        );
    }

    #[test]
    fn it_does_not_apply_where_the_start_or_a_move_breaks_it() {
        let mut facing_the_cars = inglenook("A1 B1");
        facing_the_cars.start = with(&facing_the_cars, 0, "H1", false);
        assert!(invariant(&facing_the_cars).is_none(), "the start breaks it");
        // Timesaver's run-round loop lets the loco get to the other side of its cars, though nothing
        // stands ahead of it at the start.
        let timesaver = builtin::puzzle("timesaver-1")
            .expect("built in")
            .expect("it loads");
        let links = Links::new(&timesaver.yard);
        let loco = timesaver.locos().next().expect("a loco");
        let front = node(Heading {
            slot: timesaver.start.slot(loco),
            up: timesaver.start.faces_up(loco),
        });
        let ahead = reach(&links, front, timesaver.yard.slots.len());
        let cars = (0..timesaver.pieces.len()).filter(|&p| p != loco);
        assert!(
            cars.into_iter()
                .all(|p| ahead & (1 << timesaver.start.slot(p)) == 0)
        );
        assert_eq!(timesaver.locos().count(), 1);
        assert!(timesaver.yard.turntables.is_empty());
        assert!(invariant(&timesaver).is_none(), "a loop");
        for name in ["timesaver-1", "junction-1", "shed-1"] {
            let puzzle = builtin::puzzle(name).expect("built in").expect("it loads");
            if puzzle.locos().count() > 1 || !puzzle.yard.turntables.is_empty() {
                assert!(invariant(&puzzle).is_none(), "{name}");
            }
        }
    }
}

//! The order the search from the goal widens its frontier in.
//!
//! Within a layer any order finds a shortest route: every meeting found while widening a layer is
//! optimal (see the search). But the search stops at the first meeting, so the sooner it comes, the
//! less of the last layer is widened. The search from the goal therefore widens first the positions
//! most like the start: those with the most pieces standing where the start has a piece of their
//! class. On Inglenook's hard starts that cuts the states stored by up to a sixth. (Ordering the
//! search from the start by likeness to the goal did not help: the goal names few pieces.)

use super::canon::Canon;
use crate::games::shunting::position::Position;
use crate::games::shunting::puzzle::Puzzle;

/// No piece stands in the slot at the start.
const EMPTY: u8 = u8::MAX;

/// How alike a position is to the start.
#[derive(Clone, Debug)]
pub struct Likeness {
    /// Per piece: its class of interchangeable pieces.
    class_of: Vec<u8>,
    /// Per slot: the class of the piece standing there at the start, or `EMPTY`.
    start: Vec<u8>,
}

impl Likeness {
    /// Likeness to `puzzle`'s start, with the classes of `canon`.
    pub fn new(puzzle: &Puzzle, canon: &Canon) -> Likeness {
        let class_of: Vec<u8> = canon.classes_of().iter().map(|&c| c as u8).collect();
        let mut start = vec![EMPTY; puzzle.yard.slots.len()];
        for (piece, &class) in class_of.iter().enumerate() {
            start[usize::from(puzzle.start.slot(piece))] = class;
        }
        Likeness { class_of, start }
    }

    /// How many pieces of `position` stand where the start has a piece of their class.
    pub fn score(&self, position: &Position) -> usize {
        self.class_of
            .iter()
            .enumerate()
            .filter(|&(piece, &class)| self.start[usize::from(position.slot(piece))] == class)
            .count()
    }

    /// Reorders `keys` most alike first, keeping the order of equally alike keys.
    pub fn sort(&self, canon: &Canon, keys: &mut Vec<u64>) {
        let scores: Vec<u8> = keys
            .iter()
            .map(|&k| self.score(&canon.position(k)) as u8)
            .collect();
        let mut starts = vec![0usize; self.class_of.len() + 2];
        for &s in &scores {
            starts[self.class_of.len() - usize::from(s) + 1] += 1;
        }
        for i in 1..starts.len() {
            starts[i] += starts[i - 1];
        }
        let mut sorted = vec![0; keys.len()];
        for (&key, &s) in keys.iter().zip(&scores) {
            let place = &mut starts[self.class_of.len() - usize::from(s)];
            sorted[*place] = key;
            *place += 1;
        }
        *keys = sorted;
    }
}

#[cfg(test)]
mod tests {
    use super::Likeness;
    use crate::games::shunting::builtin;
    use crate::games::shunting::solver::canon::Canon;

    #[test]
    fn positions_most_like_the_start_come_first_and_ties_keep_their_order() {
        let puzzle = builtin::puzzle("inglenook-hard-1")
            .expect("built in")
            .expect("it loads");
        let canon = Canon::new(&puzzle).expect("the key fits");
        let likeness = Likeness::new(&puzzle, &canon);
        let start = puzzle.start;
        assert_eq!(likeness.score(&start), puzzle.pieces.len());
        let moves = puzzle.legal_moves(&start);
        let mut keys: Vec<u64> = moves.iter().map(|m| canon.key(&m.result)).collect();
        keys.push(canon.key(&start));
        let before = keys.clone();
        likeness.sort(&canon, &mut keys);
        assert_eq!(keys[0], canon.key(&start));
        let scores: Vec<usize> = keys
            .iter()
            .map(|&k| likeness.score(&canon.position(k)))
            .collect();
        assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
        for pair in keys.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let score = |k| likeness.score(&canon.position(k));
            if score(a) == score(b) {
                let at = |k| before.iter().position(|&x| x == k);
                assert!(at(a) < at(b), "ties keep their order");
            }
        }
        let mut again = before.clone();
        again.sort_unstable();
        keys.sort_unstable();
        assert_eq!(keys, again, "the same keys");
    }
}

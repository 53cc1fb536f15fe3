//! Alan Wright's classic Inglenook Sidings puzzle, dealt from a seed: eight wagons W1 … W8 shuffled over
//! the three sidings, and a train of five of them, in an order drawn at random, to be formed on siding
//! A (the first wagon next to the points) with the headshunt left clear of wagons (the loco may stay
//! there). The three wagons left out may end anywhere else.

use serde::{Deserialize, Serialize};

use super::error::LoadError;
use super::format::{FacingSpec, GoalSpec, KindSpec, PieceSpec, PuzzleFile};
use super::puzzle::Puzzle;
use crate::rng::GameRng;

/// The sidings, in the yard's order, and how many wagons each holds.
const SIDINGS: [(&str, usize); 3] = [("A", 5), ("B", 3), ("C", 3)];
/// How many wagons there are.
pub const WAGONS: u8 = 8;
/// How many wagons the train takes.
pub const TRAIN: usize = 5;

/// One deal: where the wagons start and which train to form.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WrightDeal {
    /// Per siding (A, B, C): its wagons' numbers (1 to 8), from the points towards the buffer; each
    /// siding's wagons stand pushed up to its buffer.
    pub sidings: [Vec<u8>; 3],
    /// The train: wagon numbers for A1 (next to the points) to A5.
    pub train: [u8; TRAIN],
}

impl WrightDeal {
    /// A deal drawn from `rng`: every split of the eight wagons over the sidings that fits is equally
    /// likely, then their order, then five of them in a random order for the train.
    pub fn random(rng: &mut GameRng) -> WrightDeal {
        let splits: Vec<[usize; 3]> = (0..=SIDINGS[0].1)
            .flat_map(|a| (0..=SIDINGS[1].1).map(move |b| [a, b]))
            .filter_map(|[a, b]| {
                let c = usize::from(WAGONS).checked_sub(a + b)?;
                (c <= SIDINGS[2].1).then_some([a, b, c])
            })
            .collect();
        let split = splits[rng.below(splits.len())];
        let wagons: Vec<u8> = (1..=WAGONS).collect();
        let order = rng.pick(&wagons, wagons.len());
        let mut rest = order.into_iter();
        let sidings = split.map(|n| rest.by_ref().take(n).collect());
        let train = rng.pick(&wagons, TRAIN);
        WrightDeal {
            sidings,
            train: [train[0], train[1], train[2], train[3], train[4]],
        }
    }

    /// The deal as a puzzle on the built-in `inglenook` yard; refused if the deal is not one (a wagon
    /// missing or twice, a siding overfull, a train wagon out of range or twice).
    pub fn puzzle(&self) -> Result<Puzzle, LoadError> {
        let mut placed: Vec<u8> = self.sidings.iter().flatten().copied().collect();
        placed.sort_unstable();
        let mut train = self.train.to_vec();
        train.sort_unstable();
        train.dedup();
        let fits = self
            .sidings
            .iter()
            .zip(SIDINGS)
            .all(|(wagons, (_, len))| wagons.len() <= len);
        if placed != (1..=WAGONS).collect::<Vec<u8>>()
            || train.len() != TRAIN
            || train.iter().any(|w| !(1..=WAGONS).contains(w))
            || !fits
        {
            return Err(LoadError::BadDeal(format!("{self:?}")));
        }
        let mut pieces = vec![PieceSpec {
            name: "L1".to_owned(),
            kind: KindSpec::Loco,
            at: "H4".to_owned(),
            facing: Some(FacingSpec::Up),
            colour: None,
        }];
        for (wagons, (siding, len)) in self.sidings.iter().zip(SIDINGS) {
            for (i, w) in wagons.iter().enumerate() {
                pieces.push(PieceSpec {
                    name: format!("W{w}"),
                    kind: KindSpec::Car,
                    at: format!("{siding}{}", len - wagons.len() + i + 1),
                    facing: None,
                    colour: None,
                });
            }
        }
        let train: Vec<String> = self.train.iter().map(|w| format!("W{w}")).collect();
        let file = PuzzleFile {
            name: Some("wright".to_owned()),
            title: Some(format!("Wright's Inglenook: {}", train.join(" "))),
            yard: toml::Value::String("inglenook".to_owned()),
            broken: Vec::new(),
            turntables: Default::default(),
            pieces,
            goal: GoalSpec {
                at: train
                    .into_iter()
                    .enumerate()
                    .map(|(i, w)| (w, format!("A{}", i + 1)))
                    .collect(),
                clear: vec!["H".to_owned()],
                ..GoalSpec::default()
            },
        };
        Puzzle::from_file(&file)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::shunting::goal::Kept;

    #[test]
    fn a_seed_deals_every_wagon_once_and_a_train_of_five_different_ones() {
        for seed in 0..200 {
            let deal = WrightDeal::random(&mut GameRng::seeded(seed));
            assert_eq!(deal, WrightDeal::random(&mut GameRng::seeded(seed)));
            let puzzle = deal.puzzle().unwrap_or_else(|e| panic!("{seed}: {e}"));
            assert_eq!(puzzle.pieces.len(), 1 + usize::from(WAGONS));
            let goal = &puzzle.goal;
            assert_eq!(goal.at.len(), TRAIN);
            for (i, w) in deal.train.iter().enumerate() {
                let piece = puzzle.find_piece(&format!("W{w}")).unwrap();
                let slot = puzzle.yard.find_slot(&format!("A{}", i + 1)).unwrap();
                assert!(goal.at.contains(&(piece, slot)), "{seed}: W{w}");
            }
            let headshunt = puzzle.yard.find_track("H").unwrap();
            for n in 1..=4 {
                let slot = puzzle.yard.tracks[headshunt].slot(n);
                assert_eq!(goal.kept(slot), Some(Kept::Clear));
            }
            assert!(!puzzle.is_solved(&puzzle.start) || deal.sidings[0] == deal.train);
        }
    }

    #[test]
    fn deals_differ_between_seeds() {
        let deals: std::collections::HashSet<String> = (0..50)
            .map(|seed| format!("{:?}", WrightDeal::random(&mut GameRng::seeded(seed))))
            .collect();
        assert!(deals.len() > 45, "{}", deals.len());
    }

    #[test]
    fn a_deal_that_is_not_one_is_refused() {
        let good = WrightDeal::random(&mut GameRng::seeded(7));
        let mut twice = good.clone();
        twice.train[1] = twice.train[0];
        let mut overfull = good.clone();
        overfull.sidings = [vec![1, 2, 3], vec![4, 5, 6, 7], vec![8]];
        let mut missing = good.clone();
        missing.sidings = [vec![1, 2, 3], vec![4, 5, 6], vec![7]];
        let mut stranger = good;
        stranger.train[4] = 9;
        for deal in [twice, overfull, missing, stranger] {
            assert!(
                matches!(deal.puzzle(), Err(LoadError::BadDeal(_))),
                "{deal:?}"
            );
        }
    }
}

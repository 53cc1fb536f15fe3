//! The Timesaver route cards (41 to 52) as chosen from the [`Census`]: twelve deals from easy to the
//! hardest, three per colour. Card `k` of the twelve asks for the optimum a `k / 11` share of the way
//! from the easiest optimum most deals beat ([`EASY_SHARE`]) to the hardest deal's, and takes the
//! census's examples with that optimum in turn, so the set depends only on the census.

use super::census::Census;
use super::deal::TimesaverDeal;
use crate::games::shunting::cards::Colour;

/// How many Timesaver cards there are.
pub const COUNT: usize = 12;
/// The first Timesaver card's number (the generated cards are 1 to 40).
pub const FIRST: u32 = 41;
/// The easiest card's optimum is the smallest that at least this share of all deals reach.
const EASY_SHARE: f64 = 0.02;

/// One chosen card: its number, colour, optimum and deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pick {
    /// 41 to 52.
    pub number: u32,
    /// Green, yellow, red or black, three each, easiest first.
    pub colour: Colour,
    /// The deal's optimum.
    pub optimum: usize,
    /// The deal.
    pub deal: TimesaverDeal,
}

/// The twelve cards chosen from `census`, easiest first; `None` if it has no solvable deal.
pub fn picks(census: &Census) -> Option<Vec<Pick>> {
    let solvable: u64 = census.counts.iter().sum();
    let mut seen = 0u64;
    let easiest = census.counts.iter().position(|&n| {
        seen += n;
        seen as f64 >= EASY_SHARE * solvable as f64 && n > 0
    })?;
    let hardest = census.hardest();
    let mut used = vec![0usize; census.counts.len()];
    (0..COUNT)
        .map(|k| {
            let share = k as f64 / (COUNT - 1) as f64;
            let wanted = easiest + (share * (hardest - easiest) as f64).round() as usize;
            let optimum = (wanted..=hardest).find(|&d| !census.examples[d].is_empty())?;
            let examples = &census.examples[optimum];
            let deal = examples[used[optimum] % examples.len()];
            used[optimum] += 1;
            Some(Pick {
                number: FIRST + k as u32,
                colour: Colour::ALL[k * Colour::ALL.len() / COUNT],
                optimum,
                deal,
            })
        })
        .collect()
}

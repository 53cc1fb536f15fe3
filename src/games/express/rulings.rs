//! The numbers of the game in one table: the deal, the turn, going out, the reshuffle limit and the
//! targets. Each game keeps a copy with its state, so stored games keep the numbers they started with.

use serde::{Deserialize, Serialize};

/// Every number of the rules that is not a card's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rulings {
    /// Cards dealt to each player.
    pub deal: usize,
    /// Cards drawn from the pile in a turn.
    pub draw: usize,
    /// The most cards in hand at the end of a turn.
    pub max_hand: usize,
    /// Going out: the longest trains needed, longest first (one of 5+, one of 4+).
    pub going_out_lengths: Vec<usize>,
    /// Going out: the length every other train needs.
    pub going_out_others: usize,
    /// Points for going out.
    pub going_out_bonus: i32,
    /// Reshuffles of the discard pile allowed in one hand; the next one ends the hand instead.
    pub reshuffles_per_hand: u32,
    /// Discards a reshuffle leaves, besides one per unplayed Turntable.
    pub reshuffle_keeps: usize,
    /// Whether the block question goes to every eligible target, holder of the Way Car or not (ruled
    /// 2026-11-28). Absent, and so false, only in games stored before that ruling, whose logs asked
    /// holders alone and replay as they were played.
    #[serde(default)]
    pub ask_every_target: bool,
}

impl Default for Rulings {
    fn default() -> Self {
        Rulings {
            deal: 12,
            draw: 2,
            max_hand: 5,
            going_out_lengths: vec![5, 4],
            going_out_others: 3,
            going_out_bonus: 10,
            reshuffles_per_hand: 3,
            reshuffle_keeps: 1,
            ask_every_target: true,
        }
    }
}

/// The rulings that are ours rather than the printed rules', for `/rules express` to list (the cards'
/// provisional numbers are marked in the deck table, the Disasters' in theirs).
pub const PROVISIONAL: &[&str] = &[
    "exactly one Loco per train",
    "trains of any length score",
    "a hand that would need a fourth reshuffle ends as it stands, without a going-out bonus",
];

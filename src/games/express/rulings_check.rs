//! The range every number of a setup's rulings and totals must keep to, checked when a game starts,
//! so no setup can make a score wrap, a deal or draw run past the deck, or a hand never end.

use std::ops::RangeInclusive;

use crate::games::ranges::{first_outside, outside};

use super::rulings::Rulings;

/// Cards drawn in a turn.
pub const DRAW: RangeInclusive<usize> = 1..=5;
/// Trains going out names a length for, besides the others.
pub const GOING_OUT_TRAINS: RangeInclusive<usize> = 1..=4;
/// The length a train needs for going out.
pub const TRAIN_LENGTH: RangeInclusive<usize> = 1..=12;
/// Points for going out.
pub const GOING_OUT_BONUS: RangeInclusive<i32> = 0..=100;
/// Reshuffles allowed in a hand.
pub const RESHUFFLES: RangeInclusive<u32> = 0..=10;
/// Discards a reshuffle leaves.
pub const RESHUFFLE_KEEPS: RangeInclusive<usize> = 0..=10;
/// A seat's total at the start.
pub const TOTAL: RangeInclusive<i32> = -10_000..=10_000;

impl Rulings {
    /// Why these rulings cannot make a game of `deck` cards for `players`, if they cannot: the first
    /// number out of its range, named as the setup names it (`rulings.deal`). The deal must leave a
    /// draw pile, and a hand may keep at most the whole deck.
    pub fn problem(&self, players: usize, deck: usize) -> Option<String> {
        let field = |name: &str| format!("rulings.{name}");
        let trains = self.going_out_lengths.len();
        if !GOING_OUT_TRAINS.contains(&trains) {
            return Some(format!(
                "rulings.going_out_lengths lists {trains} lengths; it must list {} to {}",
                GOING_OUT_TRAINS.start(),
                GOING_OUT_TRAINS.end()
            ));
        }
        let counts = [
            (field("deal"), self.deal, 1..=(deck - 1) / players),
            (field("draw"), self.draw, DRAW),
            (field("max_hand"), self.max_hand, 1..=deck),
            (
                field("going_out_others"),
                self.going_out_others,
                TRAIN_LENGTH,
            ),
            (
                field("reshuffle_keeps"),
                self.reshuffle_keeps,
                RESHUFFLE_KEEPS,
            ),
        ];
        if let Some((name, value, range)) = counts.iter().find(|(_, v, r)| !r.contains(v)) {
            return Some(outside(name, *value, range));
        }
        let lengths = (self.going_out_lengths.iter().enumerate())
            .map(|(i, &length)| (format!("rulings.going_out_lengths[{i}]"), length));
        first_outside(lengths, &TRAIN_LENGTH)
            .or_else(|| {
                first_outside(
                    [(field("going_out_bonus"), self.going_out_bonus)],
                    &GOING_OUT_BONUS,
                )
            })
            .or_else(|| {
                first_outside(
                    [(field("reshuffles_per_hand"), self.reshuffles_per_hand)],
                    &RESHUFFLES,
                )
            })
    }
}

/// The first of a setup's `totals` out of range, as a sentence.
pub fn totals_problem(totals: &[i32]) -> Option<String> {
    let named =
        (totals.iter().enumerate()).map(|(seat, &total)| (format!("totals[{seat}]"), total));
    first_outside(named, &TOTAL)
}

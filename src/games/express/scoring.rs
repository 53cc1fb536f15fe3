//! What trains and hands are worth: freight trains their cars' sum, passenger trains their sum doubled
//! once for each condition of the doubling table, cards left in hand their cost.

use serde::{Deserialize, Serialize};

use super::cards::Kind;
use super::train::{Line, Train};

/// One condition that doubles a passenger train.
#[derive(Clone, Copy, Debug)]
pub struct Doubling {
    /// The condition in a few words.
    pub name: &'static str,
    /// Whether the train's cars (each as the kind it counts as, front first) meet it.
    pub met: fn(&[Kind]) -> bool,
}

/// The passenger order, front to back.
pub const PASSENGER_ORDER: [Kind; 5] = [
    Kind::Mail,
    Kind::Coach,
    Kind::Dome,
    Kind::Sleeper,
    Kind::Observation,
];

/// How many Coaches "all six Coaches" means.
pub const ALL_COACHES: usize = 6;

/// The passenger doublings, each applied once.
pub const DOUBLINGS: [Doubling; 4] = [
    Doubling {
        name: "in order Mail/Baggage, Coach, Dome, Sleeper, Observation",
        met: in_order,
    },
    Doubling {
        name: "one of each of the five",
        met: one_of_each,
    },
    Doubling {
        name: "a Diesel",
        met: has_diesel,
    },
    Doubling {
        name: "all six Coaches",
        met: all_coaches,
    },
];

fn rank(kind: Kind) -> Option<usize> {
    PASSENGER_ORDER.iter().position(|&k| k == kind)
}

fn in_order(kinds: &[Kind]) -> bool {
    let ranks: Vec<usize> = kinds.iter().filter_map(|&k| rank(k)).collect();
    ranks.windows(2).all(|w| w[0] <= w[1])
}

fn one_of_each(kinds: &[Kind]) -> bool {
    PASSENGER_ORDER.iter().all(|k| kinds.contains(k))
}

fn has_diesel(kinds: &[Kind]) -> bool {
    kinds.contains(&Kind::Diesel)
}

fn all_coaches(kinds: &[Kind]) -> bool {
    kinds.iter().filter(|&&k| k == Kind::Coach).count() >= ALL_COACHES
}

/// What a train is worth now (an open Wild at the end counts as matching).
pub fn train_value(train: &Train) -> i32 {
    let kinds: Vec<Kind> = (0..train.cars.len()).map(|i| train.counts_as(i)).collect();
    let sum: i32 = kinds.iter().map(|k| k.value()).sum();
    if train.line() != Some(Line::Passenger) {
        return sum;
    }
    DOUBLINGS
        .iter()
        .filter(|d| (d.met)(&kinds))
        .fold(sum, |value, _| value * 2)
}

/// What cards left in hand cost (a positive number).
pub fn hand_cost(hand: &[Kind]) -> i32 {
    hand.iter().map(|k| k.value()).sum()
}

/// One seat's result of one hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandScore {
    /// The trains' value.
    pub trains: i32,
    /// What the cards left in hand cost.
    pub in_hand: i32,
    /// The going-out bonus (0 unless this seat went out).
    pub bonus: i32,
}

impl HandScore {
    /// The hand's points.
    pub fn total(&self) -> i32 {
        self.trains - self.in_hand + self.bonus
    }
}

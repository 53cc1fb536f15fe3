//! Whether a hand just drawn can still get down to the limit this turn. The question is a search over
//! melds; this counts instead what melds could take at most, which decides it for every hand the rules
//! call impossible (too many Disasters, Turntables and Way Cars for the cars to carry, or in the first
//! round nothing but Disasters to end the turn on).

use super::cards::{CLASSES, Class, Kind};
use super::state::{Express, SeatCards};

/// How many cards of `hand` the seat could lay this turn at most, given `open_trains` trains without a
/// Caboose: every Way Car; every car; for each car one new train's Loco and Caboose.
fn most_laid(hand: &[Kind], open_trains: usize) -> usize {
    let mut by_class = [0; CLASSES];
    for card in hand {
        by_class[card.class() as usize] += 1;
    }
    let count = |class: Class| by_class[class as usize];
    let way_cars = count(Class::WayCar);
    let cars = count(Class::Freight) + count(Class::Passenger) + count(Class::Wild);
    let cabooses = count(Class::Caboose);
    let loco_only = count(Class::Disaster) + count(Class::Turntable);
    if cars == 0 {
        return way_cars + cabooses.min(open_trains);
    }
    let other_locos = loco_only.min(cars);
    let caboose_locos = cabooses.min(cars - other_locos);
    let cabooses_laid = (cabooses - caboose_locos).min(cars + open_trains);
    way_cars + cars + other_locos + caboose_locos + cabooses_laid
}

impl Express {
    /// Whether the current seat's hand could end the turn legally: after what melds could take at most
    /// and one discard, at most the limit stays.
    pub(super) fn hand_can_end_turn(&self) -> bool {
        let cards = &self.seats[self.current];
        if self.first_round && only_disasters(cards) {
            return false;
        }
        let open_trains = cards.trains.iter().filter(|t| !t.has_caboose()).count();
        let left = cards
            .hand
            .len()
            .saturating_sub(most_laid(&cards.hand, open_trains) + 1);
        left <= self.rulings.max_hand
    }
}

/// Whether a seat's hand is all Disasters and so is every Loco it could swap into hand: in the first round,
/// when no Disaster may be played, such a turn has no card to end on.
fn only_disasters(cards: &SeatCards) -> bool {
    let disaster = |card: Kind| card.class() == Class::Disaster;
    !cards.hand.is_empty()
        && cards.hand.iter().all(|&card| disaster(card))
        && cards.trains.iter().all(|train| disaster(train.loco))
}

//! What changed on the board since an earlier view of the same viewer (the last turn's changes): cars
//! added to a train, a new train, a train a Disaster changed, Way Cars laid or lost, the discard pile, a
//! Disaster played, a Turntable played. Read from two views only, so nothing hidden is compared.

use crate::games::express::train::Car;
use crate::games::express::view::{ExpressView, TrainView};

/// How one train changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrainChange {
    /// As it was.
    Same,
    /// Started since.
    New,
    /// Cars from this place on were added since.
    Added(usize),
    /// Changed otherwise (a Disaster took or moved cars, or switched it).
    Changed,
}

/// The changes to mark on a board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// Per seat, per train.
    pub trains: Vec<Vec<TrainChange>>,
    /// Per seat: whether its laid Way Cars changed.
    pub way_cars: Vec<bool>,
    /// Whether the discard pile changed.
    pub discard: bool,
    /// Whether a Disaster went to the Disaster slot.
    pub disaster: bool,
    /// Whether a Turntable was played.
    pub turntable: bool,
}

impl Marks {
    /// The changes from `before` to `now`; none across hands (a new deal changes everything).
    pub fn between(now: &ExpressView, before: &ExpressView) -> Marks {
        if now.hand_number != before.hand_number || now.seats.len() != before.seats.len() {
            return Marks::default();
        }
        Marks {
            trains: now
                .seats
                .iter()
                .zip(&before.seats)
                .map(|(seat, was)| {
                    let trains = seat.trains.iter().enumerate();
                    trains.map(|(i, t)| change(t, was.trains.get(i))).collect()
                })
                .collect(),
            way_cars: now
                .seats
                .iter()
                .zip(&before.seats)
                .map(|(seat, was)| seat.way_cars != was.way_cars)
                .collect(),
            discard: now.discard != before.discard,
            disaster: now.disaster_slot.len() > before.disaster_slot.len(),
            turntable: now.turntables_played > before.turntables_played,
        }
    }

    /// How train `train` of `seat` changed.
    pub fn train(&self, seat: usize, train: usize) -> TrainChange {
        self.trains
            .get(seat)
            .and_then(|trains| trains.get(train))
            .copied()
            .unwrap_or(TrainChange::Same)
    }

    /// Whether the Way Cars of `seat` changed.
    pub fn way_cars_of(&self, seat: usize) -> bool {
        self.way_cars.get(seat).copied().unwrap_or(false)
    }
}

/// Two cars alike as everyone sees them (whether a car is this turn's is not compared).
fn alike(a: &Car, b: &Car) -> bool {
    a.card == b.card && a.role == b.role
}

fn change(now: &TrainView, was: Option<&TrainView>) -> TrainChange {
    let Some(was) = was else {
        return TrainChange::New;
    };
    let kept = was.cars.len().min(now.cars.len());
    let same_start = now.cars[..kept]
        .iter()
        .zip(&was.cars[..kept])
        .all(|(a, b)| a.card == b.card);
    if now.cars.len() > was.cars.len() && same_start {
        TrainChange::Added(was.cars.len())
    } else if now.cars.len() == was.cars.len()
        && now.cars.iter().zip(&was.cars).all(|(a, b)| alike(a, b))
    {
        TrainChange::Same
    } else {
        TrainChange::Changed
    }
}

/// The few words a marked train's caption ends with.
pub fn train_words(change: TrainChange, cars: usize) -> Option<String> {
    match change {
        TrainChange::Same => None,
        TrainChange::New => Some("new".into()),
        TrainChange::Added(from) => Some(format!("+{} new", cars - from)),
        TrainChange::Changed => Some("changed".into()),
    }
}

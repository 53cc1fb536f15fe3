//! Whether the seat to act can still end its turn: some melds, then a legal discard leaving at most the
//! limit. Asked after the draw (an impossible hand may be redrawn) and of every meld the listing offers
//! (none may lead where only `reset` helps).
//!
//! It counts instead of searching. Every card but a Disaster or a Turntable can always be laid somehow
//! (a Way Car beside the trains, a Caboose at the end of a train or as a Loco, a car as its own one-car
//! train or as another's Loco, a Wild behind any car); what limits the count is that every new train needs
//! a first car (a car, or a Wild with a second car: another Wild or a Caboose) and takes one Loco. So it
//! tries every number of trains started from cars, pairs of Wilds and Wild–Caboose pairs, and lays as
//! Locos first the cards that cannot go anywhere else. Types never limit it: a car that fits no train
//! could always start one, and a car left over for want of a Loco is the one card the turn keeps anyway.

use super::cards::{Class, KINDS, Kind};
use super::disasters::Aim;
use super::fits::fitting;
use super::notation::{Action, Laid};
use super::state::Express;
use super::train::{Train, TrainEnd};

/// Most lone Wilds that can wait for their second car at once (a deck has two Wilds).
const MOST_WAITING: usize = 2;

/// The seat's cards as far as ending the turn goes: the hand and the Locos by kind (a Loco may be swapped
/// with any card in hand, so which cards are Locos is still open), the trains that may still take cars,
/// and the new trains that are a lone Wild waiting for their second car.
#[derive(Clone, Copy, Debug)]
pub(super) struct Position {
    /// The hand and the Locos of every train.
    hand: [u8; KINDS],
    /// Trains without a Caboose that take any further car a train may take.
    open: usize,
    /// The ends of new trains that are a lone Wild, each needing its second car.
    waiting: [Option<TrainEnd>; MOST_WAITING],
    /// Trains the seat has, each taking one of the cards as its Loco.
    trains: usize,
}

/// What the seat keeps at best, for one way of starting trains.
struct Kept {
    /// Cards left in hand.
    cards: usize,
    /// Whether only Disasters are left.
    only_disasters: bool,
    /// Cards that could be kept instead of laid, one at a time, with nothing else changing (a Way Car,
    /// a Wild or Caboose added to a train). The Locos of trains already standing and the second car of
    /// a lone Wild are laid of necessity.
    spare: usize,
    /// New trains started.
    started: usize,
}

impl Position {
    fn count(&self, class: Class) -> usize {
        self.hand
            .iter()
            .enumerate()
            .filter(|&(kind, _)| super::cards::ALL_KINDS[kind].class() == class)
            .map(|(_, &n)| usize::from(n))
            .sum()
    }

    fn held(&self, kind: Kind) -> usize {
        usize::from(self.hand[kind as usize])
    }

    /// Removes one `card` from the hand; false if none is held.
    fn lay(&mut self, card: Kind) -> bool {
        match &mut self.hand[card as usize] {
            0 => false,
            n => {
                *n -= 1;
                true
            }
        }
    }

    /// The position after a meld of the seat's, whose trains are `trains`; None for a step that is not
    /// a meld or is refused.
    fn after(mut self, action: &Action, trains: &[Train]) -> Option<Position> {
        match *action {
            Action::Way(card) => self.lay(card).then_some(self),
            // A swap only trades places within the cards the Locos are drawn from.
            Action::Swap { .. } => Some(self),
            Action::Start { loco, cars } => {
                let cars = cars.as_slice();
                if self.held(loco) == 0 {
                    return None;
                }
                self.hand[loco as usize] -= 1;
                let mut end = TrainEnd::EMPTY;
                for laid in cars {
                    end = self.add(end, *laid)?;
                }
                // The Loco joins the Locos, which swaps may exchange with any card in hand.
                self.hand[loco as usize] += 1;
                self.trains += 1;
                if cars.len() == 1 && cars[0].card == Kind::Wild {
                    let slot = self.waiting.iter_mut().find(|w| w.is_none())?;
                    *slot = Some(end);
                } else if end.open() {
                    self.open += 1;
                }
                Some(self)
            }
            Action::Add { train, laid } => {
                let train = trains.get(train)?;
                let end = train.end();
                let after = self.add(end, laid)?;
                if train.needs_second_car() {
                    let slot = self.waiting.iter_mut().find(|w| **w == Some(end))?;
                    *slot = None;
                    if after.open() {
                        self.open += 1;
                    }
                } else if !after.open() {
                    self.open -= 1;
                }
                Some(self)
            }
            _ => None,
        }
    }

    /// Lays `laid` from the hand at `end`; the new end, or None if it is not held or does not fit.
    fn add(&mut self, end: TrainEnd, laid: Laid) -> Option<TrainEnd> {
        let addition = end.check_add(laid.card, laid.declared).ok()?;
        self.lay(laid.card).then(|| end.with(&addition))
    }

    /// The fewest cards the seat can end its melds with while keeping a card it may discard; None if
    /// it cannot end the turn at all. `aims` tells whether a kept Disaster could be discarded once
    /// `started` new trains stand.
    fn fewest_kept(&self, aims: &impl Fn(usize) -> bool) -> Option<usize> {
        if let Some(i) = self.waiting.iter().position(Option::is_some) {
            let end = self.waiting[i]?;
            let fits = fitting(&end);
            let mut best: Option<usize> = None;
            for (kind, &held) in self.hand.iter().enumerate() {
                let card = super::cards::ALL_KINDS[kind];
                let Some(laid) = fits[kind].of(card).next() else {
                    continue;
                };
                if held == 0 {
                    continue;
                }
                let mut next = *self;
                next.waiting[i] = None;
                let after = next.add(end, laid)?;
                if after.open() {
                    next.open += 1;
                }
                if let Some(kept) = next.fewest_kept(aims) {
                    best = Some(best.map_or(kept, |b: usize| b.min(kept)));
                }
            }
            return best;
        }
        let cars = self.count(Class::Freight) + self.count(Class::Passenger);
        let wilds = self.held(Kind::Wild);
        let cabooses = self.held(Kind::Caboose);
        let mut best: Option<usize> = None;
        for pairs in 0..=wilds / 2 {
            for with_caboose in 0..=(wilds - 2 * pairs).min(cabooses) {
                for from_cars in 0..=cars {
                    let Some(kept) = self.kept(from_cars, pairs, with_caboose) else {
                        continue;
                    };
                    let held = match kept {
                        // Everything would be laid: one card must stay for the discard, so something
                        // laid only by choice stays in hand (a new train stays whole: its car and Loco).
                        Kept {
                            cards: 0,
                            spare,
                            started,
                            ..
                        } => match (spare, started) {
                            (1.., _) => 1,
                            (0, 1..) => 2,
                            (0, 0) => continue,
                        },
                        Kept {
                            cards,
                            only_disasters: true,
                            spare,
                            started,
                        } if !aims(started) => match (spare, started) {
                            (1.., _) => cards + 1,
                            (0, 1..) => cards + 2,
                            (0, 0) => continue,
                        },
                        Kept { cards, .. } => cards,
                    };
                    best = Some(best.map_or(held, |b| b.min(held)));
                }
            }
        }
        best
    }

    /// What the seat keeps when it starts `from_cars` trains with a car first, `pairs` with two Wilds
    /// and `with_caboose` with a Wild and a Caboose, and lays everything else it can; None if there are
    /// too few cards for the Locos.
    fn kept(&self, from_cars: usize, pairs: usize, with_caboose: usize) -> Option<Kept> {
        let cars = self.count(Class::Freight) + self.count(Class::Passenger);
        let disasters = self.count(Class::Disaster);
        let turntables = self.count(Class::Turntable);
        let way_cars = self.count(Class::WayCar);
        let started = from_cars + pairs + with_caboose;
        let extra_wilds = self.held(Kind::Wild) - 2 * pairs - with_caboose;
        let wilds_laid = if started + self.open > 0 {
            extra_wilds
        } else {
            0
        };
        let cabooses = self.held(Kind::Caboose) - with_caboose;
        let ends = cabooses.min(started - with_caboose + self.open);
        let spare_cars = cars - from_cars;
        // Locos: first the cards with nowhere else to go (Disasters, then Turntables and Cabooses no
        // train can end with), then spare cars, then cards laid anyway (Way Cars, added Wilds, end
        // Cabooses) in another place.
        let mut locos = started + self.trains;
        let mut take = |available: usize| {
            let taken = available.min(locos);
            locos -= taken;
            taken
        };
        let disasters_laid = take(disasters);
        let others_laid = take(turntables + cabooses - ends);
        let cars_laid = take(spare_cars);
        let elsewhere = way_cars + wilds_laid + ends;
        let spare = elsewhere - take(elsewhere);
        if locos > 0 {
            return None;
        }
        let disasters_kept = disasters - disasters_laid;
        let others_kept = (turntables + cabooses - ends - others_laid)
            + (spare_cars - cars_laid)
            + (extra_wilds - wilds_laid);
        Some(Kept {
            cards: disasters_kept + others_kept,
            only_disasters: others_kept == 0,
            spare,
            started,
        })
    }
}

impl Express {
    /// The current seat's cards as a [`Position`].
    pub(super) fn position(&self) -> Position {
        let cards = &self.seats[self.current];
        let mut hand = super::cards::count_kinds(&cards.hand);
        for train in &cards.trains {
            hand[train.loco as usize] += 1;
        }
        let mut position = Position {
            hand,
            open: 0,
            waiting: [None; MOST_WAITING],
            trains: cards.trains.len(),
        };
        let mut waiting = position.waiting.iter_mut();
        for train in &cards.trains {
            if train.needs_second_car() {
                if let Some(slot) = waiting.next() {
                    *slot = Some(train.end());
                }
            } else if !train.has_caboose() {
                position.open += 1;
            }
        }
        position
    }

    /// Whether the current seat, holding `position`, can end its turn legally.
    pub(super) fn can_end_turn(&self, position: &Position) -> bool {
        self.room_to_spare(position).is_some()
    }

    /// How many more cards than it must the current seat, holding `position`, could keep and still
    /// end its turn legally; None if it cannot end it.
    pub(super) fn room_to_spare(&self, position: &Position) -> Option<usize> {
        let aims = |started: usize| self.kept_disaster_aims(position, started);
        let kept = position.fewest_kept(&aims)?;
        (self.rulings.max_hand + 1).checked_sub(kept)
    }

    /// Whether the current seat, holding `position`, could still end its turn after `action`, a meld of
    /// its own; true for any other step.
    pub(super) fn meld_keeps_an_end(&self, position: &Position, action: &Action) -> bool {
        match position.after(action, &self.seats[self.current].trains) {
            Some(after) => self.can_end_turn(&after),
            None => true,
        }
    }

    /// Whether the hand just drawn could end the turn legally.
    pub(super) fn hand_can_end_turn(&self) -> bool {
        self.can_end_turn(&self.position())
    }

    /// Whether a Disaster the seat keeps could be discarded once it has started `started` new trains
    /// (which it may aim at itself): not in the first round, and one held has a target.
    fn kept_disaster_aims(&self, position: &Position, started: usize) -> bool {
        if self.first_round {
            return false;
        }
        let me = self.current;
        let own_trains = position.trains + started;
        let all_trains: usize = self
            .seats
            .iter()
            .enumerate()
            .map(|(seat, cards)| {
                if seat == me {
                    own_trains
                } else {
                    cards.trains.len()
                }
            })
            .sum();
        super::disasters::DISASTERS.iter().any(|spec| {
            position.held(spec.disaster) > 0
                && (0..self.players).any(|seat| {
                    if self.seat_problem(spec, seat).is_some()
                        || (seat == me && position.held(spec.way_car) > 0)
                    {
                        return false;
                    }
                    let trains = if seat == me {
                        own_trains
                    } else {
                        self.seats[seat].trains.len()
                    };
                    match spec.aim {
                        Aim::Player => true,
                        Aim::AnyTrain => trains > 0,
                        Aim::TrainWithoutCaboose if seat == me => {
                            started > 0 || {
                                self.seats[me].trains.iter().any(|t| !t.has_caboose())
                            }
                        }
                        Aim::TrainWithoutCaboose => self.seats[seat]
                            .trains
                            .iter()
                            .any(|t| !t.has_caboose() && !t.cars.is_empty()),
                        Aim::OwnTrainAndOther => own_trains > 0 && trains > 0 && all_trains > 1,
                    }
                })
        })
    }
}

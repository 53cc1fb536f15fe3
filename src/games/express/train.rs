//! A train on the table and the one place that decides what may be added to it: freight of one type,
//! passenger cars of any kind, Wilds declared in places 1 and 2 or open at the end of a freight train,
//! a Caboose last.

use serde::{Deserialize, Serialize};

use super::cards::{ALL_KINDS, Class, KINDS, Kind};
use super::refusals::AddRefusal;

/// How a card in a train counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// The card is what it is (a car, a Caboose).
    Plain,
    /// A Wild declared as, or made into, this car.
    As(Kind),
    /// A Wild at the end of a freight train, not declared yet.
    Open,
    /// A Wild between two freight types; it scores as the type before it.
    Transition(Kind),
}

/// One card of a train.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Car {
    /// The card.
    pub card: Kind,
    /// How it counts.
    pub role: Role,
    /// Whether it was laid during the turn under way.
    #[serde(default)]
    pub fresh: bool,
}

/// A train: its face-down Loco and its cars, front first.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Train {
    /// The Loco card (face down: only its owner sees it).
    pub loco: Kind,
    /// The cars behind it, front first.
    pub cars: Vec<Car>,
    /// Whether it was started during the turn under way.
    #[serde(default)]
    pub fresh: bool,
}

impl Clone for Train {
    fn clone(&self) -> Self {
        Train {
            loco: self.loco,
            cars: self.cars.clone(),
            fresh: self.fresh,
        }
    }

    /// Copies into the buffer already held (see `SeatCards::clone_from`).
    fn clone_from(&mut self, source: &Self) {
        self.loco = source.loco;
        self.cars.clone_from(&source.cars);
        self.fresh = source.fresh;
    }
}

/// What a train carries at its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// Freight of this type.
    Freight(Kind),
    /// Passenger cars.
    Passenger,
}

/// A car that may be added, and what adding it does to an open Wild before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Addition {
    /// The new car.
    pub car: Car,
    /// The new role of an open Wild it covers, if it covers one.
    pub covers: Option<Role>,
    /// Whether it turns a Wild laid this turn into a transition car (no going out this turn).
    pub fresh_transition: bool,
}

impl Train {
    /// The kind car `index` counts as: its card, its declaration, or (open Wilds and Cabooses) the kind of
    /// the car before it.
    pub fn counts_as(&self, index: usize) -> Kind {
        counts_as(&self.cars, index)
    }

    /// What the train carries at its end (None for a train without cars).
    pub fn line(&self) -> Option<Line> {
        self.end().line()
    }

    /// Whether it ends with a Caboose.
    pub fn has_caboose(&self) -> bool {
        self.cars.last().is_some_and(|c| c.card == Kind::Caboose)
    }

    /// Whether it is a lone Wild in place 1 started this turn, still waiting for its second car.
    pub fn needs_second_car(&self) -> bool {
        self.fresh && self.cars.len() == 1 && self.cars[0].card == Kind::Wild
    }

    /// Whether `card` (a Wild `declared` as a car, or undeclared) may go at the end, and what it does; else
    /// why not.
    pub fn check_add(&self, card: Kind, declared: Option<Kind>) -> Result<Addition, AddRefusal> {
        self.end().check_add(card, declared)
    }

    /// What decides which cards may go at the end: read once, then asked of each card offered.
    pub fn end(&self) -> TrainEnd {
        TrainEnd::of(&self.cars)
    }

    /// Adds a car that [`Train::check_add`] allowed.
    pub fn push(&mut self, addition: Addition) {
        if let (Some(role), Some(last)) = (addition.covers, self.cars.last_mut()) {
            last.role = role;
        }
        self.cars.push(addition.car);
    }

    /// Takes the last car off (a Disaster); a Wild in place 3 or later of a freight train that it
    /// uncovers is undeclared again. The card taken comes back plain.
    pub fn pop(&mut self) -> Option<Kind> {
        let car = self.cars.pop()?;
        let len = self.cars.len();
        if len >= 3 {
            let kind = self.counts_as(len - 2);
            let last = &mut self.cars[len - 1];
            if last.card == Kind::Wild && kind.class() == Class::Freight {
                last.role = Role::Open;
            }
        }
        Some(car.card)
    }
}

/// The kind car `index` of `cars` counts as: its card, its declaration, or (open Wilds and Cabooses)
/// the kind of the car before it.
fn counts_as(cars: &[Car], index: usize) -> Kind {
    let car = cars[index];
    match car.role {
        Role::As(kind) | Role::Transition(kind) => kind,
        Role::Open => counts_as(cars, index - 1),
        Role::Plain if car.card == Kind::Caboose => counts_as(cars, index - 1),
        Role::Plain => car.card,
    }
}

/// The places of a car that the rules tell apart: 1, 2, and 3 or later.
const PLACES: usize = 3;

/// The end of a train, as far as what may be added to it goes (see [`Train::end`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrainEnd {
    /// Whether the train ends with a Caboose.
    caboose: bool,
    /// How many cars it has.
    cars: usize,
    /// The kind its last car counts as (None without cars).
    last_counts_as: Option<Kind>,
    /// Whether its last car is an open Wild, and if so whether that Wild was laid this turn.
    open_last: Option<bool>,
}

impl TrainEnd {
    /// The end of a train with `cars`, front first (a train's, or a view's of it: the Loco plays no
    /// part in what may be added).
    pub fn of(cars: &[Car]) -> TrainEnd {
        let last = cars.len().checked_sub(1);
        TrainEnd {
            caboose: cars.last().is_some_and(|c| c.card == Kind::Caboose),
            cars: cars.len(),
            last_counts_as: last.map(|i| counts_as(cars, i)),
            open_last: cars
                .last()
                .filter(|c| c.role == Role::Open)
                .map(|c| c.fresh),
        }
    }

    /// What a train with this end carries (None for a train without cars).
    pub fn line(&self) -> Option<Line> {
        self.last_counts_as.map(|kind| match kind.class() {
            Class::Freight => Line::Freight(kind),
            _ => Line::Passenger,
        })
    }

    /// The end of a train without cars: what may start a train.
    pub const EMPTY: TrainEnd = TrainEnd {
        caboose: false,
        cars: 0,
        last_counts_as: None,
        open_last: None,
    };

    /// The end after `addition` (which [`TrainEnd::check_add`] allowed here) is laid.
    pub fn with(&self, addition: &Addition) -> TrainEnd {
        let car = addition.car;
        let counts_as = match car.role {
            Role::As(kind) | Role::Transition(kind) => Some(kind),
            Role::Open => self.last_counts_as,
            Role::Plain if car.card == Kind::Caboose => self.last_counts_as,
            Role::Plain => Some(car.card),
        };
        TrainEnd {
            caboose: car.card == Kind::Caboose,
            cars: self.cars + 1,
            last_counts_as: counts_as,
            open_last: (car.role == Role::Open).then_some(car.fresh),
        }
    }

    /// Whether anything may go here: not after a Caboose.
    pub fn open(&self) -> bool {
        !self.caboose
    }

    /// How many shapes of end there are (see [`TrainEnd::shape`]).
    pub const SHAPES: usize = 2 * PLACES * (KINDS + 1) * 3;

    /// Which shape this end has, below [`TrainEnd::SHAPES`]. [`TrainEnd::check_add`] reads only the
    /// shape: whether a Caboose ends the train, whether the next place is 1, 2 or later, what the last
    /// car counts as and whether it is an open Wild (fresh or not); ends of one shape accept the same
    /// cards.
    pub fn shape(&self) -> usize {
        let place = self.cars.min(PLACES - 1);
        let last = self.last_counts_as.map_or(0, |kind| kind as usize + 1);
        let open = match self.open_last {
            None => 0,
            Some(false) => 1,
            Some(true) => 2,
        };
        ((usize::from(self.caboose) * PLACES + place) * (KINDS + 1) + last) * 3 + open
    }

    /// One end of each shape, in [`TrainEnd::shape`] order.
    pub fn every_shape() -> impl Iterator<Item = TrainEnd> {
        let lasts = || std::iter::once(None).chain(ALL_KINDS.map(Some));
        [false, true].into_iter().flat_map(move |caboose| {
            (0..PLACES).flat_map(move |cars| {
                lasts().flat_map(move |last_counts_as| {
                    [None, Some(false), Some(true)].map(|open_last| TrainEnd {
                        caboose,
                        cars,
                        last_counts_as,
                        open_last,
                    })
                })
            })
        })
    }

    /// Whether `card` (a Wild `declared` as a car, or undeclared) may go here, and what it does; else
    /// why not. The one place that decides it. Inlined: listing asks it of every card for every train
    /// and wants only whether it is allowed, so the refusal and the addition need not be built.
    #[inline]
    pub fn check_add(&self, card: Kind, declared: Option<Kind>) -> Result<Addition, AddRefusal> {
        if self.caboose {
            return Err(AddRefusal::AfterCaboose);
        }
        if card != Kind::Wild && declared.is_some() {
            return Err(AddRefusal::DeclaredNotWild(card));
        }
        let place = self.cars + 1;
        let line = self.line();
        let mut covers = self
            .open_last
            .map(|_| Role::As(self.last_counts_as.unwrap_or(card)));
        let mut fresh_transition = false;
        let role = match card.class() {
            Class::Caboose if place == 1 => return Err(AddRefusal::CabooseFirst),
            Class::Caboose => Role::Plain,
            Class::Wild => wild_role(place, line, declared)?,
            Class::Freight => {
                match (line, self.open_last) {
                    (Some(Line::Passenger), _) => {
                        return Err(AddRefusal::FreightOnPassenger(card));
                    }
                    (Some(Line::Freight(kind)), Some(open_fresh)) if kind != card => {
                        covers = Some(Role::Transition(kind));
                        fresh_transition = open_fresh;
                    }
                    (Some(Line::Freight(kind)), None) if kind != card => {
                        return Err(AddRefusal::OtherFreight {
                            carries: kind,
                            card,
                        });
                    }
                    _ => {}
                }
                Role::Plain
            }
            Class::Passenger => {
                if let Some(Line::Freight(kind)) = line {
                    return Err(AddRefusal::PassengerOnFreight {
                        card,
                        carries: kind,
                    });
                }
                Role::Plain
            }
            Class::Disaster | Class::WayCar | Class::Turntable => {
                return Err(AddRefusal::NotACar(card));
            }
        };
        Ok(Addition {
            car: Car {
                card,
                role,
                fresh: true,
            },
            covers,
            fresh_transition,
        })
    }
}

/// The role of a Wild laid in `place` (from 1) of a train carrying `line`, `declared` as a car or not.
#[inline]
fn wild_role(place: usize, line: Option<Line>, declared: Option<Kind>) -> Result<Role, AddRefusal> {
    if let Some(kind) = declared.filter(|k| !k.wild_may_be()) {
        return Err(AddRefusal::WildNeverAs(kind));
    }
    match (place, line, declared) {
        (1, _, Some(kind)) => Ok(Role::As(kind)),
        (_, Some(Line::Freight(kind)), Some(declared)) if place == 2 && kind != declared => {
            Err(AddRefusal::WildPlaceTwoAs(kind))
        }
        (2, Some(Line::Freight(_)), Some(kind)) => Ok(Role::As(kind)),
        (_, Some(Line::Passenger), Some(kind)) if kind.class() == Class::Passenger => {
            Ok(Role::As(kind))
        }
        (_, Some(Line::Passenger), _) => Err(AddRefusal::WildNotPassenger),
        (_, Some(Line::Freight(_)), None) if place >= 3 => Ok(Role::Open),
        (_, Some(Line::Freight(_)), Some(_)) => Err(AddRefusal::WildOpenDeclared),
        _ => Err(AddRefusal::WildUndeclaredEarly),
    }
}

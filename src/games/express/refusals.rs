//! Why a step is refused, as plain values: the rules decide with them (listing the legal steps builds no
//! text), and a refusal is put in words only when a player is told.

use std::fmt::{self, Display};

use super::cards::Kind;
use crate::game::{Seat, seat_ref};
use crate::plural::with_article;

/// Why a card may not go at the end of a train.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AddRefusal {
    /// The train ends with a Caboose.
    AfterCaboose,
    /// A card other than a Wild was given a declaration.
    DeclaredNotWild(Kind),
    /// A Caboose as the first car.
    CabooseFirst,
    /// A Wild declared as a kind it may never be.
    WildNeverAs(Kind),
    /// A Wild in place 2 of a freight train declared as another type than the one it carries.
    WildPlaceTwoAs(Kind),
    /// A Wild in a passenger train not declared as a passenger car.
    WildNotPassenger,
    /// A Wild in place 3 or later of a freight train given a declaration.
    WildOpenDeclared,
    /// A Wild in place 1 or 2 without a declaration.
    WildUndeclaredEarly,
    /// A freight car on a passenger train.
    FreightOnPassenger(Kind),
    /// A freight car of another type than the train carries, with no open Wild before it.
    OtherFreight {
        /// The type the train carries.
        carries: Kind,
        /// The card offered.
        card: Kind,
    },
    /// A passenger car on a freight train.
    PassengerOnFreight {
        /// The card offered.
        card: Kind,
        /// The type the train carries.
        carries: Kind,
    },
    /// A card that is not a car.
    NotACar(Kind),
}

impl Display for AddRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            AddRefusal::AfterCaboose => {
                f.write_str("the train ends with a Caboose; nothing may follow it")
            }
            AddRefusal::DeclaredNotWild(card) => {
                write!(f, "only a Wild is declared; {card} is itself")
            }
            AddRefusal::CabooseFirst => f.write_str("a Caboose never starts a train"),
            AddRefusal::WildNeverAs(kind) => write!(
                f,
                "a Wild may be declared as any freight or passenger car but the Diesel, not as {kind}"
            ),
            AddRefusal::WildPlaceTwoAs(kind) => write!(
                f,
                "a Wild in place 2 of this train is declared as {kind}, the type it carries"
            ),
            AddRefusal::WildNotPassenger => f.write_str(
                "in a passenger train a Wild is declared as a passenger car (wild=coach, wild=dome, …)",
            ),
            AddRefusal::WildOpenDeclared => f.write_str(
                "a Wild in place 3 or later of a freight train is laid undeclared (`wild`); the car after it decides",
            ),
            AddRefusal::WildUndeclaredEarly => f.write_str(
                "a Wild in place 1 or 2 is declared as a car (wild=box, wild=coach, …)",
            ),
            AddRefusal::FreightOnPassenger(card) => {
                write!(f, "{card} is freight; this is a passenger train")
            }
            AddRefusal::OtherFreight { carries, card } => write!(
                f,
                "the train carries {carries}; {card} may follow only an open Wild (a transition car)"
            ),
            AddRefusal::PassengerOnFreight { card, carries } => {
                write!(f, "{card} is a passenger car; the train carries {carries}")
            }
            AddRefusal::NotACar(card) => {
                write!(f, "{card} is not a car and never goes in a train")
            }
        }
    }
}

/// Why the current seat may not play a Disaster on a target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetRefusal {
    /// The seat does not exist.
    NoSeat {
        /// The seat named.
        seat: Seat,
        /// How many seats there are.
        players: usize,
    },
    /// The seat blocked this Disaster earlier in the hand.
    Immune {
        /// The seat.
        seat: Seat,
        /// The Disaster.
        disaster: Kind,
    },
    /// The attacker aims at themself while their own matching Way Car is laid.
    OwnWayCar {
        /// The Way Car laid.
        way_car: Kind,
        /// The Disaster.
        disaster: Kind,
    },
    /// The seat has no such train.
    NoTrain {
        /// The seat.
        seat: Seat,
        /// The train, from 0.
        train: usize,
    },
    /// The train ends with a Caboose, which protects it from this Disaster.
    Caboose {
        /// The seat.
        seat: Seat,
        /// The train, from 0.
        train: usize,
        /// The Disaster.
        disaster: Kind,
    },
    /// The train has no car.
    NoCar,
    /// The attacker has no such train (Switch Engines).
    NoOwnTrain(usize),
    /// Switch Engines on one train twice.
    SameTrain,
    /// The Disaster is played on a seat, not a train.
    WantsPlayer(Kind),
    /// Switch Engines names two trains.
    WantsSwitch,
    /// The Disaster is played on a train.
    WantsTrain(Kind),
    /// A Disaster played on trains aimed at a seat that has no laid matching Way Car for it to remove.
    NoWayCarLaid {
        /// The seat.
        seat: Seat,
        /// The Way Car that stops it.
        way_car: Kind,
        /// The Disaster.
        disaster: Kind,
    },
    /// A Disaster played on trains aimed at a seat one of whose trains it could hit: it is aimed at
    /// the train.
    TrainInReach {
        /// The Disaster.
        disaster: Kind,
        /// A train it could hit.
        target: super::notation::Target,
    },
}

impl Display for TargetRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TargetRefusal::NoSeat { seat, players } => write!(
                f,
                "There is no seat {}; the seats are 1 to {players}.",
                seat + 1
            ),
            TargetRefusal::Immune { seat, disaster } => write!(
                f,
                "{} blocked {} this hand and is immune to it.",
                seat_ref(seat),
                with_article(disaster.name())
            ),
            TargetRefusal::OwnWayCar { way_car, disaster } => write!(
                f,
                "You have {} in play, so you may not play {} on yourself.",
                with_article(way_car.name()),
                with_article(disaster.name())
            ),
            TargetRefusal::NoTrain { seat, train } => {
                write!(f, "{} has no train {}.", seat_ref(seat), train + 1)
            }
            TargetRefusal::Caboose {
                seat,
                train,
                disaster,
            } => write!(
                f,
                "Train {} of {} has a Caboose, which protects it from {disaster}.",
                train + 1,
                seat_ref(seat)
            ),
            TargetRefusal::NoCar => f.write_str("That train has no car."),
            TargetRefusal::NoOwnTrain(own) => write!(f, "You have no train {}.", own + 1),
            TargetRefusal::SameTrain => {
                f.write_str("Switch Engines swaps the Locos of two different trains.")
            }
            TargetRefusal::WantsPlayer(disaster) => {
                write!(f, "{disaster} is played on a seat, e.g. `derail 2`.")
            }
            TargetRefusal::WantsSwitch => f.write_str(
                "Switch Engines names your train and another, e.g. `discard switch 1 2.3`.",
            ),
            TargetRefusal::WantsTrain(disaster) => {
                write!(f, "{disaster} is played on a train, e.g. `2.1`.")
            }
            TargetRefusal::NoWayCarLaid {
                seat,
                way_car,
                disaster,
            } => write!(
                f,
                "{disaster} is played on a train; it is aimed at a seat only to remove another seat's laid {way_car}, and {} has none.",
                seat_ref(seat)
            ),
            TargetRefusal::TrainInReach { disaster, target } => {
                let action = super::notation::Action::Disaster {
                    card: disaster,
                    target,
                };
                let written = action.to_string();
                let aim = written.splitn(3, ' ').nth(2).unwrap_or_default().to_owned();
                write!(
                    f,
                    "{disaster} can hit one of {}'s trains, so aim it at the train, e.g. `{aim}` (which removes their laid Way Car all the same).",
                    seat_ref(target.seat())
                )
            }
        }
    }
}

/// Why the turn cannot end with a discard now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiscardRefusal {
    /// A train started this turn is a lone Wild in place 1 (train from 0).
    LoneWild(usize),
    /// Too many cards would stay after the discard.
    TooMany {
        /// Cards held.
        held: usize,
        /// The most that may stay.
        max: usize,
        /// How many more must be melded first.
        over: usize,
    },
}

impl Display for DiscardRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            DiscardRefusal::LoneWild(train) => write!(
                f,
                "Train {} is a lone Wild in place 1: add its second car first (`add {} <car>`).",
                train + 1,
                train + 1
            ),
            DiscardRefusal::TooMany { held, max, over } => write!(
                f,
                "You hold {held} cards: after the discard at most {max} may stay, so meld {over} more first."
            ),
        }
    }
}

//! Express steps and their notation. One step is one command; trains and seats are numbered from 1.
//!
//! ```text
//! draw                       draw 2 from the draw pile
//! take                       take the top card of the discard pile
//! redraw                     show a hand that cannot get down to 5, set it aside, draw as many
//! start tank box box         start a train: the first card is the face-down Loco, then its cars
//! start heavy wild=coach dome   a Wild in place 1 or 2 is declared (`wild=<car>`)
//! add 2 box | add 2 wild | add 2 caboose   add a car to the end of your train 2 (`wild` open)
//! way boom                   lay a Way Car beside your trains
//! swap 1 auto                swap the Loco of your train 1 with a card from hand
//! reset                      take back this turn's melds (back to just after the draw)
//! discard reefer             discard a card (a Turntable: reverse and take another turn)
//! discard wreck 2.1          play a Disaster on seat 2's train 1 (`derail 3`: on seat 3;
//! discard switch 1 2.3       Switch Engines: your train 1 with seat 2's train 3;
//!                            `discard broken 2`: on seat 2, to remove its laid Light Crane when
//!                            none of its trains could be hit)
//! block | allow              the target of a Disaster blocks it with the Way Car in hand, or not
//! deadline                   the table's step once the deadline has passed: this hand is the last
//! end                        the table's step: end the hand as it stands (after the deadline), and the game
//! ```

use std::fmt::{self, Display};
use std::str::FromStr;

use super::cards::{Class, Kind, all_codes};
use crate::excerpt::excerpt;
use crate::game::{RuleError, Seat};

/// A card laid in a train: a Wild may carry the car it is declared as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Laid {
    /// The card.
    pub card: Kind,
    /// What a Wild is declared as.
    pub declared: Option<Kind>,
}

/// The most cars a train may be started with in one step.
pub const MAX_START: usize = 8;

/// What fills the places of [`Cars`] past its length: one constant, so that equal lists compare and hash
/// equal, and a one-car list is a constant store and the car (callgrind: a copy of the car in every
/// place was 16 byte stores for each listed start).
const UNUSED: Laid = Laid {
    card: Kind::Wild,
    declared: None,
};

/// The cars of a new train, kept inline so steps never allocate.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cars {
    len: u8,
    cars: [Laid; MAX_START],
}

impl Cars {
    /// These cars; None if there are none or more than [`MAX_START`].
    pub fn new(cars: &[Laid]) -> Option<Cars> {
        if cars.is_empty() || cars.len() > MAX_START {
            return None;
        }
        let mut list = Cars {
            len: cars.len() as u8,
            cars: [UNUSED; MAX_START],
        };
        list.cars[..cars.len()].copy_from_slice(cars);
        Some(list)
    }

    /// One car.
    pub fn one(car: Laid) -> Cars {
        let mut cars = [UNUSED; MAX_START];
        cars[0] = car;
        Cars { len: 1, cars }
    }

    /// The cars, front first.
    pub fn as_slice(&self) -> &[Laid] {
        &self.cars[..usize::from(self.len)]
    }
}

impl fmt::Debug for Cars {
    /// The cars only, not the places past them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// What a Disaster is played on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// A seat's train (index from 0).
    Train {
        /// The seat.
        seat: Seat,
        /// The train, from 0.
        train: usize,
    },
    /// A seat.
    Player(Seat),
    /// The attacker's own train `own` and another seat's (or their own) train.
    Switch {
        /// The attacker's train.
        own: usize,
        /// The other train's seat.
        seat: Seat,
        /// The other train.
        train: usize,
    },
}

impl Target {
    /// The seat the Disaster is played on.
    pub fn seat(&self) -> Seat {
        match *self {
            Target::Train { seat, .. } | Target::Player(seat) | Target::Switch { seat, .. } => seat,
        }
    }
}

/// One step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Draw from the draw pile.
    Draw,
    /// Take the top discard.
    Take,
    /// Show an impossible hand, set it aside and draw as many.
    Redraw,
    /// Start a train.
    Start {
        /// The face-down Loco.
        loco: Kind,
        /// Its first cars.
        cars: Cars,
    },
    /// Add a card to the end of one of your trains (index from 0).
    Add {
        /// The train.
        train: usize,
        /// The card.
        laid: Laid,
    },
    /// Lay a Way Car.
    Way(Kind),
    /// Swap a card from hand with the Loco of one of your trains.
    Swap {
        /// The train.
        train: usize,
        /// The card from hand.
        card: Kind,
    },
    /// Take back this turn's melds.
    Reset,
    /// Discard a card that is not a Disaster.
    Discard(Kind),
    /// Discard a Disaster on a target.
    Disaster {
        /// The Disaster.
        card: Kind,
        /// Its target.
        target: Target,
    },
    /// Block the Disaster aimed at you with the Way Car from your hand.
    Block,
    /// Let the Disaster aimed at you happen.
    Allow,
    /// The table's step once the deadline has passed: no new hand starts.
    Deadline,
    /// The table's step: end the hand as it stands, and the game (after the deadline).
    End,
}

impl Display for Laid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.declared {
            Some(kind) => write!(f, "{}={}", self.card.code(), kind.code()),
            None => f.write_str(self.card.code()),
        }
    }
}

impl Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Draw => f.write_str("draw"),
            Action::Take => f.write_str("take"),
            Action::Redraw => f.write_str("redraw"),
            Action::Start { loco, cars } => {
                write!(f, "start {}", loco.code())?;
                cars.as_slice().iter().try_for_each(|c| write!(f, " {c}"))
            }
            Action::Add { train, laid } => write!(f, "add {} {laid}", train + 1),
            Action::Way(kind) => write!(f, "way {}", kind.code()),
            Action::Swap { train, card } => write!(f, "swap {} {}", train + 1, card.code()),
            Action::Reset => f.write_str("reset"),
            Action::Discard(kind) => write!(f, "discard {}", kind.code()),
            Action::Disaster { card, target } => {
                write!(f, "discard {} ", card.code())?;
                match *target {
                    Target::Train { seat, train } => write!(f, "{}.{}", seat + 1, train + 1),
                    Target::Player(seat) => write!(f, "{}", seat + 1),
                    Target::Switch { own, seat, train } => {
                        write!(f, "{} {}.{}", own + 1, seat + 1, train + 1)
                    }
                }
            }
            Action::Block => f.write_str("block"),
            Action::Allow => f.write_str("allow"),
            Action::Deadline => f.write_str("deadline"),
            Action::End => f.write_str("end"),
        }
    }
}

const STEPS: &str = "draw, take, redraw, start, add, way, swap, reset, discard, block, allow";

fn refuse(message: String) -> RuleError {
    RuleError::new(message)
}

fn card(word: &str) -> Result<Kind, RuleError> {
    Kind::parse(word).ok_or_else(|| {
        refuse(format!(
            "`{}` is not a card; the cards are {}.",
            excerpt(word),
            all_codes()
        ))
    })
}

fn laid(word: &str) -> Result<Laid, RuleError> {
    match word.split_once('=') {
        Some((wild, declared)) => {
            let card = card(wild)?;
            if card != Kind::Wild {
                return Err(refuse(format!(
                    "only a Wild is declared (`wild=coach`), not {card}."
                )));
            }
            Ok(Laid {
                card,
                declared: Some(self::card(declared)?),
            })
        }
        None => Ok(Laid {
            card: card(word)?,
            declared: None,
        }),
    }
}

/// A number from 1 in notation, as an index from 0.
fn number(word: &str, what: &str) -> Result<usize, RuleError> {
    word.parse::<usize>()
        .ok()
        .filter(|&n| n >= 1)
        .map(|n| n - 1)
        .ok_or_else(|| {
            refuse(format!(
                "`{}` is not a {what} number; {what}s are numbered from 1.",
                excerpt(word)
            ))
        })
}

/// `seat.train`, both from 1.
fn train_of(word: &str) -> Result<(Seat, usize), RuleError> {
    let (seat, train) = word.split_once('.').ok_or_else(|| {
        refuse(format!(
            "`{}` does not name a train; write seat.train, e.g. 2.1 for seat 2's first train.",
            excerpt(word)
        ))
    })?;
    Ok((number(seat, "seat")?, number(train, "train")?))
}

fn target(card: Kind, words: &[&str]) -> Result<Target, RuleError> {
    let shape = match card {
        Kind::Derailment => "a seat: `discard derail 3`",
        Kind::SwitchEngines => "your train and another: `discard switch 1 2.3`",
        _ => "a train: `discard wreck 2.1` (seat 2's train 1)",
    };
    let missing = || refuse(format!("{card} needs a target, {shape}."));
    match (card, words) {
        (Kind::Derailment, [seat]) => Ok(Target::Player(number(seat, "seat")?)),
        // Any other Disaster aimed at a seat removes that seat's laid Way Car.
        (_, [seat]) if !seat.contains('.') => Ok(Target::Player(number(seat, "seat")?)),
        (Kind::SwitchEngines, [own, other]) => {
            let (seat, train) = train_of(other)?;
            Ok(Target::Switch {
                own: number(own, "train")?,
                seat,
                train,
            })
        }
        (Kind::Derailment | Kind::SwitchEngines, _) => Err(missing()),
        (_, [other]) => {
            let (seat, train) = train_of(other)?;
            Ok(Target::Train { seat, train })
        }
        _ => Err(missing()),
    }
}

fn exactly<'a, const N: usize>(words: &[&'a str], usage: &str) -> Result<[&'a str; N], RuleError> {
    <[&str; N]>::try_from(words).map_err(|_| refuse(format!("That step is written `{usage}`.")))
}

impl FromStr for Action {
    type Err = RuleError;

    fn from_str(text: &str) -> Result<Action, RuleError> {
        let lower = text.trim().to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        let Some((&step, rest)) = words.split_first() else {
            return Err(refuse(format!("Type a step: {STEPS}.")));
        };
        let bare = |action: Action| {
            if rest.is_empty() {
                Ok(action)
            } else {
                Err(refuse(format!("`{step}` takes nothing after it.")))
            }
        };
        match step {
            "draw" => bare(Action::Draw),
            "take" => bare(Action::Take),
            "redraw" => bare(Action::Redraw),
            "reset" => bare(Action::Reset),
            "block" => bare(Action::Block),
            "allow" => bare(Action::Allow),
            "deadline" => bare(Action::Deadline),
            "end" => bare(Action::End),
            "start" => {
                let usage = "start <loco> <car> [<car> …], e.g. `start wreck box box`";
                let Some((loco, cars)) = rest.split_first().filter(|(_, c)| !c.is_empty()) else {
                    return Err(refuse(format!("That step is written `{usage}`.")));
                };
                let laid: Vec<Laid> = cars.iter().map(|w| laid(w)).collect::<Result<_, _>>()?;
                let cars = Cars::new(&laid).ok_or_else(|| {
                    refuse(format!(
                        "A train starts with at most {MAX_START} cars in one step; add more with `add`."
                    ))
                })?;
                Ok(Action::Start {
                    loco: card(loco)?,
                    cars,
                })
            }
            "add" => {
                let [train, car] = exactly(rest, "add <train> <car>, e.g. `add 1 box`")?;
                Ok(Action::Add {
                    train: number(train, "train")?,
                    laid: laid(car)?,
                })
            }
            "way" => {
                let [way] = exactly(rest, "way <way car>, e.g. `way boom`")?;
                Ok(Action::Way(card(way)?))
            }
            "swap" => {
                let [train, with] = exactly(rest, "swap <train> <card>, e.g. `swap 1 box`")?;
                Ok(Action::Swap {
                    train: number(train, "train")?,
                    card: card(with)?,
                })
            }
            "discard" => {
                let Some((first, targets)) = rest.split_first() else {
                    return Err(refuse(
                        "That step is written `discard <card>`, e.g. `discard box`.".into(),
                    ));
                };
                let kind = card(first)?;
                if kind.class() == Class::Disaster {
                    Ok(Action::Disaster {
                        card: kind,
                        target: target(kind, targets)?,
                    })
                } else if targets.is_empty() {
                    Ok(Action::Discard(kind))
                } else {
                    Err(refuse(format!(
                        "Only a Disaster takes a target; {kind} is discarded alone."
                    )))
                }
            }
            other => Err(refuse(format!(
                "`{}` is not a step; the steps are {STEPS}.",
                excerpt(other)
            ))),
        }
    }
}

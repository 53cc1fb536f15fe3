//! Where each legal step of Express sits in the turn panel's menus ([`crate::game::Game::menu_paths`]):
//! steps grouped by kind as a person thinks of them (draw, start a train, add to a train, swap a Loco,
//! discard, play a Disaster), a step of several parts chosen part by part (which train, which card, a Wild
//! as what, which Loco), and the levels shaped so none is long ([`shape`]).

mod shape;

use super::cards::{Class, Kind};
use super::disasters::{Aim, disaster};
use super::notation::{Action, Laid, Target};
use super::scoring::train_value;
use super::state::{Express, Phase};
use super::train::Train;
use crate::game::{Seat, seat_ref};
use crate::plural::{counted, pts};
use shape::{Part, Placed};

impl Express {
    /// The menu paths of `steps`, the legal steps of a seat now, shaped together: a level is split or
    /// a part shortened by what else is on offer.
    pub(super) fn menu_paths_of(&self, steps: &[Action]) -> Vec<Vec<String>> {
        shape::shape(steps.iter().map(|step| self.place(step)).collect())
    }

    /// Where `step` goes before the levels are shaped: its parts and its label when a part above
    /// it leads to it alone.
    fn place(&self, step: &Action) -> Placed {
        let alone = |label: String| Placed {
            parts: vec![Part::plain(label.clone())],
            short: label,
        };
        match *step {
            Action::Draw => alone("Draw 2 from the pile".into()),
            Action::Take => alone(match self.discard.last() {
                Some(card) => format!("Take the {card} from the discard"),
                None => "Take the top discard".into(),
            }),
            Action::Redraw => alone("Show this hand, set it aside, draw anew".into()),
            Action::Reset => alone("Reset the turn (take back its melds)".into()),
            Action::Block => alone(match self.phase {
                Phase::Block(pending) => disaster(pending.card).map_or_else(
                    || "Block it".to_owned(),
                    |spec| format!("Block with your {}", spec.way_car),
                ),
                _ => "Block it".into(),
            }),
            Action::Allow => alone(match self.phase {
                Phase::Block(pending) => format!("Allow the {}", pending.card),
                _ => "Allow it".into(),
            }),
            Action::Deadline | Action::End => alone(self.describe(step)),
            Action::Way(card) => Placed {
                parts: vec![Part::plain("Lay a Way Car".into()), card_part(card)],
                short: self.describe(step),
            },
            Action::Add { train, laid } => {
                let mut parts = vec![
                    Part::plain("Add to a train".into()),
                    Part::plain(format!("Train {}", self.train_text(self.current, train))),
                ];
                parts.extend(laid_parts(laid));
                Placed {
                    parts,
                    short: self.describe(step),
                }
            }
            Action::Swap { train, card } => {
                let loco = self.seats[self.current].trains.get(train).map(|t| t.loco);
                Placed {
                    parts: vec![
                        Part::plain("Swap a Loco".into()),
                        Part::plain(match loco {
                            Some(loco) => format!("Train {} (Loco {loco})", train + 1),
                            None => format!("Train {}", train + 1),
                        }),
                        card_part(card),
                    ],
                    short: self.describe(step),
                }
            }
            Action::Start { loco, cars } => {
                let first = cars.as_slice()[0];
                let mut parts = vec![Part::plain("Start a train".into())];
                parts.extend(first_parts(first));
                parts.push(Part {
                    label: format!("{loco} as the Loco"),
                    family: Some(family(loco)),
                });
                Placed {
                    parts,
                    short: format!(
                        "Start a train: {} first, {loco} as the Loco",
                        laid_text(first)
                    ),
                }
            }
            Action::Discard(card) => Placed {
                parts: vec![
                    Part::plain("Discard".into()),
                    Part {
                        label: match card {
                            Kind::Turntable => "Turntable (reverse, play again)".into(),
                            _ => card.name().to_owned(),
                        },
                        family: Some(family(card)),
                    },
                ],
                short: self.describe(step),
            },
            Action::Disaster { card, target } => Placed {
                parts: self.disaster_parts(card, target),
                short: self.describe(step),
            },
        }
    }

    /// A Disaster's parts: the card, then its target (a Switch: your train, then the other).
    fn disaster_parts(&self, card: Kind, target: Target) -> Vec<Part> {
        let mut parts = vec![Part::plain(format!("Play {card}"))];
        match target {
            Target::Player(seat) => {
                let aimed_at_seat = disaster(card).is_none_or(|spec| spec.aim == Aim::Player);
                let own = seat == self.current;
                let way = disaster(card).map_or(card, |spec| spec.way_car);
                let label = match (aimed_at_seat, own) {
                    (true, true) => "yourself".to_owned(),
                    (true, false) => seat_ref(seat),
                    (false, true) => format!("your laid {way}"),
                    (false, false) => format!("{}'s laid {way}", seat_ref(seat)),
                };
                parts.push(Part {
                    label,
                    family: Some(self.trains_of(seat)),
                });
            }
            Target::Train { seat, train } => parts.push(Part {
                label: self.others_train(seat, train),
                family: Some(self.trains_of(seat)),
            }),
            Target::Switch { own, seat, train } => {
                parts.push(Part::plain(self.others_train(self.current, own)));
                parts.push(Part {
                    label: self.others_train(seat, train),
                    family: Some(self.trains_of(seat)),
                });
            }
        }
        parts
    }

    /// "your trains" or "{seat1}'s trains": the group of a seat's targets when there are many.
    fn trains_of(&self, seat: Seat) -> String {
        if seat == self.current {
            "your trains".into()
        } else {
            format!("{}'s trains", seat_ref(seat))
        }
    }

    /// "your train 2" or "{seat1}'s train 2".
    fn train_name(&self, seat: Seat, train: usize) -> String {
        if seat == self.current {
            format!("your train {}", train + 1)
        } else {
            format!("{}'s train {}", seat_ref(seat), train + 1)
        }
    }

    /// "{seat1}'s train 2 (4 cars, Hopper last, 9 pts)".
    fn others_train(&self, seat: Seat, train: usize) -> String {
        let name = self.train_name(seat, train);
        match self.seats[seat].trains.get(train) {
            Some(t) => format!("{name} ({})", summary(t)),
            None => name,
        }
    }

    /// "2 (4 cars, Hopper last, 9 pts)": a train of `seat` by its number and what it is now.
    fn train_text(&self, seat: Seat, train: usize) -> String {
        match self.seats[seat].trains.get(train) {
            Some(t) => format!("{} ({})", train + 1, summary(t)),
            None => (train + 1).to_string(),
        }
    }
}

/// What a train is now, in public words: "4 cars, Hopper last, 9 pts".
fn summary(train: &Train) -> String {
    let value = train_value(train);
    match train.cars.last() {
        Some(last) => format!(
            "{}, {} last, {value} {}",
            counted(train.cars.len(), "car"),
            last.card,
            pts(value)
        ),
        None => "no cars".into(),
    }
}

/// A card as a choice among cards, with its family for levels too long to show at once.
fn card_part(card: Kind) -> Part {
    Part {
        label: card.name().to_owned(),
        family: Some(family(card)),
    }
}

/// The family a card is offered under when a level of cards is too long.
fn family(card: Kind) -> String {
    match card.class() {
        Class::Freight => "Freight cars",
        Class::Passenger => "Passenger cars",
        Class::Disaster => "Disasters",
        Class::WayCar => "Way Cars",
        Class::Wild | Class::Caboose | Class::Turntable => "Wild, Caboose, Turntable",
    }
    .into()
}

/// A card laid on a train: the card, then (a Wild) what it is declared as.
fn laid_parts(laid: Laid) -> Vec<Part> {
    match (laid.card, laid.declared) {
        (Kind::Wild, declared) => vec![
            Part::plain("Wild".into()),
            Part::plain(match declared {
                Some(kind) => format!("as {kind}"),
                None => "undeclared (open)".into(),
            }),
        ],
        (Kind::Caboose, _) => vec![Part::plain("Caboose (ends the train)".into())],
        (card, _) => vec![card_part(card)],
    }
}

/// The first car of a new train: the card, then (a Wild) what it is declared as.
fn first_parts(first: Laid) -> Vec<Part> {
    match first.declared {
        Some(kind) => vec![
            Part::plain(format!("{} first", first.card)),
            Part::plain(format!("as {kind}")),
        ],
        None => vec![Part::plain(format!("{} first", first.card))],
    }
}

/// A first car in a few words: "Hopper", "Wild Car as Coach".
fn laid_text(laid: Laid) -> String {
    match laid.declared {
        Some(kind) => format!("{} as {kind}", laid.card),
        None => laid.card.to_string(),
    }
}

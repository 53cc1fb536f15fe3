//! The legal steps of the seat to act, and a label for each.

use super::attack::describe_target;
use super::cards::{Class, KINDS, Kind, KindSet, WILD_DECLARATIONS};
use super::disasters::{Aim, disaster};
use super::fits::fitting;
use super::notation::{Action, Cars, Laid, Target};
use super::state::{Express, Phase};
use super::step_sink::{Count, Pick, StepSink};
use super::train::TrainEnd;
use super::turn::describe_laid;
use crate::game::{GameRng, seat_ref};

impl Express {
    /// Every legal step of the seat to act, offered to `steps` in listing order.
    pub(super) fn legal_steps(&self, steps: &mut impl StepSink) {
        match self.phase {
            Phase::Over => {}
            Phase::Block(_) => {
                steps.one(Action::Block);
                steps.one(Action::Allow);
            }
            Phase::Draw => {
                steps.one(Action::Draw);
                if !self.discard.is_empty() {
                    steps.one(Action::Take);
                }
            }
            Phase::Meld if self.stuck => steps.one(Action::Redraw),
            Phase::Meld => {
                let before = steps.offered();
                self.meld_steps(steps);
                if steps.offered() == before {
                    steps.one(Action::Redraw);
                }
            }
        }
    }

    /// A uniformly random legal step of the seat to act, the one `rng.index(n)` picks from the `n`
    /// listed (see [`crate::game::Game::random_legal`]): counted, then only the picked one made.
    pub(super) fn random_step(&self, rng: &mut GameRng) -> Option<Action> {
        let mut count = Count::default();
        self.legal_steps(&mut count);
        if count.0 == 0 {
            return None;
        }
        let mut pick = Pick::at(rng.index(count.0));
        self.legal_steps(&mut pick);
        pick.picked()
    }

    fn meld_steps(&self, steps: &mut impl StepSink) {
        let cards = &self.seats[self.current];
        let (held, twice) = KindSet::held(&cards.hand);
        let may_lay = cards.hand.len() > 1;
        let may_start = cards.hand.len() > 2;
        if self.before_melds.get().is_some() {
            steps.one(Action::Reset);
        }
        if may_lay {
            let way_cars = held.iter().filter(|card| card.class() == Class::WayCar);
            steps.each(way_cars.map(Action::Way));
        }
        for (t, train) in cards.trains.iter().enumerate() {
            let end = train.end();
            let fits = (may_lay && end.open()).then(|| fitting(&end));
            let adds = fits.map_or(0, |fits| fits.count(held));
            let swaps = held.without(KindSet::default().with(train.loco)).count();
            steps.group(adds + swaps, || {
                held.iter().flat_map(move |card| {
                    let adds = fits.into_iter().flat_map(move |fits| fits.of(card));
                    let adds = adds.map(move |laid| Action::Add { train: t, laid });
                    let swap = (card != train.loco).then_some(Action::Swap { train: t, card });
                    adds.chain(swap)
                })
            });
        }
        if may_start {
            let firsts = fitting(&TrainEnd::EMPTY);
            let lone = held.without(twice);
            let count = held.count() * firsts.count(held) - firsts.count(lone);
            steps.group(count, || {
                let firsts = FirstsInHand::of(held);
                held.iter().flat_map(move |loco| {
                    let lone = lone.contains(loco);
                    let starts = firsts.into_iter();
                    let starts = starts.filter(move |first| !(lone && first.card == loco));
                    starts.map(move |first| Action::Start {
                        loco,
                        cars: Cars::one(first),
                    })
                })
            });
        }
        if self.discard_problem().is_none() {
            for card in held.iter() {
                if card.class() == Class::Disaster {
                    steps.each(self.disaster_steps(card));
                } else {
                    steps.one(Action::Discard(card));
                }
            }
        }
    }

    /// Whether `redraw` is legal: the hand cannot get down to the limit, or no step at all is left.
    pub(super) fn redraw_allowed(&self) -> bool {
        let mut steps = Count::default();
        self.stuck || {
            self.meld_steps(&mut steps);
            steps.0 == 0
        }
    }

    /// The Disaster steps of `card` for the seat to act: one per legal target (none in the first round).
    pub(super) fn disaster_steps(&self, card: Kind) -> impl Iterator<Item = Action> + '_ {
        let spec = disaster(card).filter(|_| !self.first_round);
        let own_trains = self.seats[self.current].trains.len();
        let targets = spec.into_iter().flat_map(move |spec| {
            (0..self.players).flat_map(move |seat| {
                let trains = self.seats[seat].trains.len();
                let (owns, aimed) = match spec.aim {
                    Aim::Player => (1, 1),
                    Aim::AnyTrain | Aim::TrainWithoutCaboose => (1, trains),
                    Aim::OwnTrainAndOther => (own_trains, trains),
                };
                let targets = (0..owns).flat_map(move |own| {
                    (0..aimed).map(move |train| match spec.aim {
                        Aim::Player => Target::Player(seat),
                        Aim::AnyTrain | Aim::TrainWithoutCaboose => Target::Train { seat, train },
                        Aim::OwnTrainAndOther => Target::Switch { own, seat, train },
                    })
                });
                targets.filter(move |&target| self.target_problem(spec, target).is_none())
            })
        });
        targets.map(move |target| Action::Disaster { card, target })
    }

    /// A label for a step, in words.
    pub(super) fn describe(&self, action: &Action) -> String {
        match *action {
            Action::Draw => "Draw 2 from the draw pile".into(),
            Action::Take => match self.discard.last() {
                Some(card) => format!("Take the {card} from the discard pile"),
                None => "Take the top discard".into(),
            },
            Action::Redraw => "Show this impossible hand, set it aside and draw as many".into(),
            Action::Start { loco, cars } => format!(
                "Start a train: {loco} as the Loco (face down), then {}",
                cars.as_slice()
                    .iter()
                    .map(|&l| describe_laid(l))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Action::Add { train, laid } => {
                format!("Add {} to train {}", describe_laid(laid), train + 1)
            }
            Action::Way(card) => format!("Lay a {card}"),
            Action::Swap { train, card } => {
                format!(
                    "Make the {card} the Loco of train {} (the old Loco to hand)",
                    train + 1
                )
            }
            Action::Reset => "Take back this turn's melds".into(),
            Action::Discard(Kind::Turntable) => {
                "Discard the Turntable: reverse play and take another turn".into()
            }
            Action::Discard(card) => format!("Discard a {card}"),
            Action::Disaster { card, target } => {
                format!("Play {card} on {}", describe_target(target))
            }
            Action::Block => match self.phase {
                Phase::Block(pending) => format!(
                    "Block the {} of {} with your Way Car (permanent for the hand)",
                    pending.card,
                    seat_ref(pending.attacker)
                ),
                _ => "Block the Disaster".into(),
            },
            Action::Allow => "Let the Disaster happen".into(),
            Action::Deadline => "The deadline has passed: this hand is the last".into(),
            Action::End => {
                "End the hand as it stands (the deadline has passed); no going-out bonus".into()
            }
        }
    }
}

/// The most one-car starts a hand offers per Loco: each kind first, the Wild as each car it may be.
const MOST_FIRSTS_IN_HAND: usize = KINDS + WILD_DECLARATIONS.len();

/// The ways the kinds of one hand may go first in a new train (what may start a train is what fits the
/// end of a train without cars), in listing order: gathered once per listing rather than asked again
/// for every Loco.
#[derive(Clone, Copy)]
struct FirstsInHand {
    len: usize,
    firsts: [Laid; MOST_FIRSTS_IN_HAND],
}

impl FirstsInHand {
    fn of(held: KindSet) -> FirstsInHand {
        let fits = fitting(&TrainEnd::EMPTY);
        let none = Laid {
            card: Kind::Wild,
            declared: None,
        };
        let mut list = FirstsInHand {
            len: 0,
            firsts: [none; MOST_FIRSTS_IN_HAND],
        };
        for first in held.iter() {
            for laid in fits.of(first) {
                list.firsts[list.len] = laid;
                list.len += 1;
            }
        }
        list
    }
}

impl IntoIterator for FirstsInHand {
    type Item = Laid;
    type IntoIter = std::iter::Take<std::array::IntoIter<Laid, MOST_FIRSTS_IN_HAND>>;

    fn into_iter(self) -> Self::IntoIter {
        self.firsts.into_iter().take(self.len)
    }
}

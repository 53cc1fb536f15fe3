//! The legal steps of the seat to act, and a label for each. The steps are listed in groups (a
//! train's additions and Loco swaps, the starts with one Loco, a Disaster's targets, single steps) whose
//! sizes are known before their steps are made: a written-out list makes every group, a random pick (the
//! step `rng.index(n)` picks from the `n` listed) only the group that holds it. Writing out every step
//! was three quarters of a random hand's instructions (callgrind), nearly all of it for steps not chosen.

use std::cell::RefCell;

use super::attack::describe_target;
use super::cards::{Class, Kind, KindSet};
use super::disasters::{Aim, disaster};
use super::fits::{Fits, fitting};
use super::notation::{Action, Cars, Target};
use super::state::{Express, Phase};
use super::train::TrainEnd;
use super::turn::describe_laid;
use crate::game::{GameRng, seat_ref};

/// One group of legal steps: what makes them, in listing order.
#[derive(Clone, Copy)]
enum Group {
    /// One step.
    Step(Action),
    /// For each held kind in turn: its additions to the end of train `train` (none when `fits` is none:
    /// nothing may be laid), then the swap of it for the train's Loco unless it is that Loco.
    Train {
        train: usize,
        fits: Option<&'static Fits>,
        loco: Kind,
    },
    /// New trains with `loco` as the Loco: each held kind as the first car, each way it may go first
    /// (not the Loco's own card when only one is held).
    Starts { loco: Kind },
    /// A Disaster on each of its legal targets.
    Disaster(Kind),
}

/// The groups of the seat to act's legal steps, each with how many steps it makes, and the kinds held
/// that they are made from.
#[derive(Default)]
struct Groups {
    held: KindSet,
    /// Kinds held only once.
    lone: KindSet,
    list: Vec<(usize, Group)>,
}

impl Groups {
    fn push(&mut self, count: usize, group: Group) {
        if count > 0 {
            self.list.push((count, group));
        }
    }

    fn total(&self) -> usize {
        self.list.iter().map(|&(count, _)| count).sum()
    }
}

impl Express {
    /// Runs `f` on the groups of the seat to act's legal steps, listed into a buffer kept per thread so
    /// that listing allocates nothing.
    fn with_groups<R>(&self, f: impl FnOnce(&Groups) -> R) -> R {
        thread_local! {
            static GROUPS: RefCell<Groups> = RefCell::default();
        }
        GROUPS.with_borrow_mut(|groups| {
            groups.list.clear();
            self.step_groups(groups);
            f(groups)
        })
    }

    fn step_groups(&self, groups: &mut Groups) {
        match self.phase {
            Phase::Over => {}
            Phase::Block(_) => {
                groups.push(1, Group::Step(Action::Block));
                groups.push(1, Group::Step(Action::Allow));
            }
            Phase::Draw => {
                groups.push(1, Group::Step(Action::Draw));
                if !self.discard.is_empty() {
                    groups.push(1, Group::Step(Action::Take));
                }
            }
            Phase::Meld if self.stuck => groups.push(1, Group::Step(Action::Redraw)),
            Phase::Meld => {
                self.meld_groups(groups);
                if groups.list.is_empty() {
                    groups.push(1, Group::Step(Action::Redraw));
                }
            }
        }
    }

    fn meld_groups(&self, groups: &mut Groups) {
        let cards = &self.seats[self.current];
        let (held, twice) = KindSet::held(&cards.hand);
        groups.held = held;
        groups.lone = held.without(twice);
        let may_lay = cards.hand.len() > 1;
        let may_start = cards.hand.len() > 2;
        if self.before_melds.get().is_some() {
            groups.push(1, Group::Step(Action::Reset));
        }
        if may_lay {
            for card in held.iter().filter(|card| card.class() == Class::WayCar) {
                groups.push(1, Group::Step(Action::Way(card)));
            }
        }
        for (train, cars) in cards.trains.iter().enumerate() {
            let end = cars.end();
            let fits = (may_lay && end.open()).then(|| fitting(&end));
            let adds = fits.map_or(0, |fits| fits.count(held));
            let swaps = held.without(KindSet::default().with(cars.loco)).count();
            let loco = cars.loco;
            groups.push(adds + swaps, Group::Train { train, fits, loco });
        }
        if may_start {
            let firsts = fitting(&TrainEnd::EMPTY);
            let all = firsts.count(held);
            for loco in held.iter() {
                let own = KindSet::default().with(loco).and(groups.lone);
                groups.push(all - firsts.count(own), Group::Starts { loco });
            }
        }
        if self.discard_problem().is_none() {
            for card in held.iter() {
                if card.class() == Class::Disaster {
                    groups.push(self.disaster_steps(card).count(), Group::Disaster(card));
                } else {
                    groups.push(1, Group::Step(Action::Discard(card)));
                }
            }
        }
    }

    /// Makes the steps of `group`, in order.
    fn make(&self, group: Group, groups: &Groups, mut step: impl FnMut(Action)) {
        match group {
            Group::Step(action) => step(action),
            Group::Train { train, fits, loco } => {
                for card in groups.held.iter() {
                    for laid in fits.into_iter().flat_map(|fits| fits.of(card)) {
                        step(Action::Add { train, laid });
                    }
                    if card != loco {
                        step(Action::Swap { train, card });
                    }
                }
            }
            Group::Starts { loco } => {
                let firsts = fitting(&TrainEnd::EMPTY);
                let lone = groups.lone.contains(loco);
                for first in groups.held.iter().filter(|&first| !(lone && first == loco)) {
                    for laid in firsts.of(first) {
                        step(Action::Start {
                            loco,
                            cars: Cars::one(laid),
                        });
                    }
                }
            }
            Group::Disaster(card) => self.disaster_steps(card).for_each(step),
        }
    }

    /// Every legal step of the seat to act, written into `steps`.
    pub(super) fn legal_steps(&self, steps: &mut Vec<Action>) {
        self.with_groups(|groups| {
            for &(count, group) in &groups.list {
                let before = steps.len();
                self.make(group, groups, |action| steps.push(action));
                debug_assert_eq!(
                    steps.len() - before,
                    count,
                    "a group makes as many steps as it was counted"
                );
            }
        });
    }

    /// A uniformly random legal step of the seat to act: the one `rng.index(n)` picks from the `n`
    /// listed (see [`crate::game::Game::random_legal`]), made alone.
    pub(super) fn random_step(&self, rng: &mut GameRng) -> Option<Action> {
        self.with_groups(|groups| {
            let total = groups.total();
            if total == 0 {
                return None;
            }
            let mut index = rng.index(total);
            let &(_, group) = groups.list.iter().find(|&&(count, _)| {
                let here = index < count;
                if !here {
                    index -= count;
                }
                here
            })?;
            let (mut made, mut picked) = (0, None);
            self.make(group, groups, |action| {
                if made == index {
                    picked = Some(action);
                }
                made += 1;
            });
            picked
        })
    }

    /// Whether `redraw` is legal: the hand cannot get down to the limit, or no step at all is left.
    pub(super) fn redraw_allowed(&self) -> bool {
        self.stuck
            || self.with_groups(|groups| {
                groups.list.len() == 1 && matches!(groups.list[0].1, Group::Step(Action::Redraw))
            })
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

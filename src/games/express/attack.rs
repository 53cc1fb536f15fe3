//! Disasters: which targets are legal, the target's block decision, a laid Way Car that stops one, and
//! the effects from the Disaster table.

use super::cards::Kind;
use super::disasters::{Aim, DisasterSpec, Effect, disaster};
use super::notation::Target;
use super::refusals::TargetRefusal;
use super::state::{Express, LaidWayCar, PendingDisaster, Phase};
use super::turn::take_from;
use crate::game::{Event, RuleError, Seat, seat_ref};
use crate::games::narration::Sink;
use crate::plural::with_article;

fn refuse(message: impl Into<String>) -> RuleError {
    RuleError::new(message)
}

impl Express {
    /// Whether `seat` blocked this Disaster earlier in the hand (a permanent Way Car).
    pub(super) fn immune(&self, seat: Seat, spec: &DisasterSpec) -> bool {
        self.seats[seat]
            .way_cars
            .iter()
            .any(|w| w.card == spec.way_car && w.permanent)
    }

    fn way_car_laid(&self, seat: Seat, spec: &DisasterSpec) -> bool {
        self.seats[seat]
            .way_cars
            .iter()
            .any(|w| w.card == spec.way_car)
    }

    /// Why the current seat may not play `spec` on `target`, if it may not.
    pub(super) fn target_problem(
        &self,
        spec: &DisasterSpec,
        target: Target,
    ) -> Option<TargetRefusal> {
        self.seat_problem(spec, target.seat())
            .or_else(|| self.aim_problem(spec, target))
    }

    /// Why the current seat may not play `spec` on anything of `seat`'s, if it may not: the part of
    /// [`Express::target_problem`] that is the same for every target of one seat.
    pub(super) fn seat_problem(&self, spec: &DisasterSpec, seat: Seat) -> Option<TargetRefusal> {
        let attacker = self.current;
        if seat >= self.players {
            return Some(TargetRefusal::NoSeat {
                seat,
                players: self.players,
            });
        }
        if self.immune(seat, spec) {
            return Some(TargetRefusal::Immune {
                seat,
                disaster: spec.disaster,
            });
        }
        if seat == attacker && self.way_car_laid(seat, spec) {
            return Some(TargetRefusal::OwnWayCar {
                way_car: spec.way_car,
                disaster: spec.disaster,
            });
        }
        None
    }

    /// Why the current seat may not play `spec` on `target`, if it may not, as far as the target's trains
    /// go: the part of [`Express::target_problem`] after [`Express::seat_problem`].
    pub(super) fn aim_problem(&self, spec: &DisasterSpec, target: Target) -> Option<TargetRefusal> {
        let attacker = self.current;
        let train_of = |seat: Seat, train: usize| self.seats.get(seat)?.trains.get(train);
        match (spec.aim, target) {
            (Aim::Player, Target::Player(_)) => None,
            (_, Target::Player(seat)) => self.way_car_aim_problem(spec, seat),
            (Aim::AnyTrain, Target::Train { seat, train }) => match train_of(seat, train) {
                Some(_) => None,
                None => Some(TargetRefusal::NoTrain { seat, train }),
            },
            (Aim::TrainWithoutCaboose, Target::Train { seat, train }) => {
                match train_of(seat, train) {
                    None => Some(TargetRefusal::NoTrain { seat, train }),
                    Some(t) if t.has_caboose() => Some(TargetRefusal::Caboose {
                        seat,
                        train,
                        disaster: spec.disaster,
                    }),
                    Some(t) if t.cars.is_empty() => Some(TargetRefusal::NoCar),
                    Some(_) => None,
                }
            }
            (Aim::OwnTrainAndOther, Target::Switch { own, seat, train }) => {
                if train_of(attacker, own).is_none() {
                    Some(TargetRefusal::NoOwnTrain(own))
                } else if train_of(seat, train).is_none() {
                    Some(TargetRefusal::NoTrain { seat, train })
                } else if seat == attacker && own == train {
                    Some(TargetRefusal::SameTrain)
                } else {
                    None
                }
            }
            (Aim::Player, _) => Some(TargetRefusal::WantsPlayer(spec.disaster)),
            (Aim::OwnTrainAndOther, _) => Some(TargetRefusal::WantsSwitch),
            _ => Some(TargetRefusal::WantsTrain(spec.disaster)),
        }
    }

    /// Why a Disaster played on trains may not be aimed at `seat` itself, if it may not: only to remove
    /// the laid matching Way Car of another seat, none of whose trains it could hit.
    fn way_car_aim_problem(&self, spec: &DisasterSpec, seat: Seat) -> Option<TargetRefusal> {
        let laid = self.seats[seat]
            .way_cars
            .iter()
            .any(|w| w.card == spec.way_car && !w.permanent);
        if seat == self.current || !laid {
            return Some(TargetRefusal::NoWayCarLaid {
                seat,
                way_car: spec.way_car,
                disaster: spec.disaster,
            });
        }
        self.train_aims(spec, seat)
            .next()
            .map(|train| TargetRefusal::TrainInReach {
                disaster: spec.disaster,
                target: train,
            })
    }

    /// The targets among `seat`'s trains that `spec` may be played on (every pairing with one of the
    /// attacker's trains, for Switch Engines).
    pub(super) fn train_aims<'a>(
        &'a self,
        spec: &'a DisasterSpec,
        seat: Seat,
    ) -> impl Iterator<Item = Target> + 'a {
        let trains = self.seats[seat].trains.len();
        let own = match spec.aim {
            Aim::OwnTrainAndOther => self.seats[self.current].trains.len(),
            _ => 1,
        };
        (0..own)
            .flat_map(move |own| {
                (0..trains).map(move |train| match spec.aim {
                    Aim::OwnTrainAndOther => Target::Switch { own, seat, train },
                    _ => Target::Train { seat, train },
                })
            })
            .filter(move |&target| self.aim_problem(spec, target).is_none())
    }

    /// Discards a Disaster on a target: a laid Way Car stops it, another seat decides whether to block it
    /// (every such target is asked, so the question shows nothing of its hand), or it takes effect.
    pub(super) fn play_disaster(
        &mut self,
        card: Kind,
        target: Target,
        sink: &mut impl Sink,
    ) -> Result<(), RuleError> {
        let spec = disaster(card).ok_or_else(|| refuse(format!("{card} is not a Disaster.")))?;
        let attacker = self.current;
        if !self.seats[attacker].hand.contains(&card) {
            return Err(refuse(format!("You hold no {card}.")));
        }
        if self.first_round {
            return Err(refuse(
                "Nobody plays a Disaster in the first round of a hand.",
            ));
        }
        if let Some(problem) = self.discard_problem() {
            return Err(refuse(problem.to_string()));
        }
        if let Some(problem) = self.target_problem(spec, target) {
            return Err(refuse(problem.to_string()));
        }
        take_from(&mut self.seats[attacker].hand, card);
        let seat = target.seat();
        sink.emit(|| {
            Event::public(format!(
                "{} plays {card} on {}.",
                seat_ref(attacker),
                describe_target(target)
            ))
        });
        if seat != attacker {
            if let Some(i) = self.seats[seat]
                .way_cars
                .iter()
                .position(|w| w.card == spec.way_car)
            {
                let way = self.seats[seat].way_cars.remove(i);
                self.slot.extend([card, way.card]);
                sink.emit(|| {
                    Event::public(format!(
                        "{}'s {} stops it; both go to the Disaster slot.",
                        seat_ref(seat),
                        way.card
                    ))
                });
                self.finish_turn(false, sink);
                return Ok(());
            }
            if self.rulings.ask_every_target || self.seats[seat].hand.contains(&spec.way_car) {
                self.phase = Phase::Block(PendingDisaster {
                    card,
                    attacker,
                    target: target.into(),
                });
                sink.emit(|| {
                    Event::public(format!(
                        "{} decides whether to block it with {} from hand.",
                        seat_ref(seat),
                        with_article(spec.way_car.name())
                    ))
                });
                return Ok(());
            }
        }
        self.take_effect(spec, attacker, target, sink);
        self.slot.push(card);
        self.finish_turn(false, sink);
        Ok(())
    }

    /// Whether the target of the pending Disaster holds the Way Car that blocks it.
    pub(super) fn target_holds_way_car(&self, pending: &PendingDisaster) -> bool {
        disaster(pending.card).is_some_and(|spec| {
            self.seats[Target::from(pending.target).seat()]
                .hand
                .contains(&spec.way_car)
        })
    }

    /// The target's answer: block with the Way Car from hand (permanent, immune for the hand) or let the
    /// Disaster happen. Then the attacker's turn ends.
    pub(super) fn decide_block(
        &mut self,
        pending: PendingDisaster,
        block: bool,
        sink: &mut impl Sink,
    ) {
        let spec = disaster(pending.card).unwrap_or(&super::disasters::DISASTERS[0]);
        let target = Target::from(pending.target);
        let seat = target.seat();
        if block && take_from(&mut self.seats[seat].hand, spec.way_car) {
            self.seats[seat].way_cars.push(LaidWayCar {
                card: spec.way_car,
                permanent: true,
            });
            sink.emit(|| {
                Event::public(format!(
                    "{} blocks the {} with {}: immune to it for the rest of the hand.",
                    seat_ref(seat),
                    spec.disaster,
                    with_article(&spec.way_car.to_string())
                ))
            });
        } else {
            sink.emit(|| {
                Event::public(format!(
                    "{} lets the {} happen.",
                    seat_ref(seat),
                    spec.disaster
                ))
            });
            self.take_effect(spec, pending.attacker, target, sink);
        }
        self.slot.push(pending.card);
        self.phase = Phase::Meld;
        self.finish_turn(false, sink);
    }

    /// What the Disaster does to its target.
    fn take_effect(
        &mut self,
        spec: &DisasterSpec,
        attacker: Seat,
        target: Target,
        sink: &mut impl Sink,
    ) {
        match (spec.effect, target) {
            (Effect::SkipTurn, Target::Player(seat)) => {
                self.seats[seat].skips += 1;
                sink.emit(|| {
                    Event::public(format!("{} will skip their next turn.", seat_ref(seat)))
                });
            }
            (Effect::BreakLastCar | Effect::StealLastCar, Target::Train { seat, train }) => {
                let Some(card) = self.seats[seat].trains[train].pop() else {
                    return;
                };
                if spec.effect == Effect::StealLastCar {
                    self.seats[attacker].hand.push(card);
                    sink.emit(|| {
                        Event::public(format!(
                            "{} takes the {card} into hand.",
                            seat_ref(attacker)
                        ))
                    });
                } else {
                    self.slot.push(card);
                    sink.emit(|| Event::public(format!("The {card} goes to the Disaster slot.")));
                }
                if self.seats[seat].trains[train].cars.is_empty() {
                    let emptied = self.seats[seat].trains.remove(train);
                    self.seats[seat].hand.push(emptied.loco);
                    sink.emit(|| {
                        Event::public(format!(
                            "The train is empty: its Loco returns to {}'s hand.",
                            seat_ref(seat)
                        ))
                    });
                }
            }
            (Effect::SwitchLocos, Target::Switch { own, seat, train }) => {
                let mine = self.seats[attacker].trains[own].loco;
                let theirs = std::mem::replace(&mut self.seats[seat].trains[train].loco, mine);
                self.seats[attacker].trains[own].loco = theirs;
                sink.emit(|| Event::public("The two Locos change places, unseen."));
            }
            (Effect::WreckTrain, Target::Train { seat, train }) => {
                let wrecked = self.seats[seat].trains.remove(train);
                self.slot.push(wrecked.loco);
                self.slot.extend(wrecked.cars.iter().map(|c| c.card));
                sink.emit(|| {
                    Event::public(format!(
                        "The train goes to the Disaster slot; its Loco was {}.",
                        with_article(&wrecked.loco.to_string())
                    ))
                });
            }
            _ => {}
        }
    }
}

/// A target in words.
pub(super) fn describe_target(target: Target) -> String {
    match target {
        Target::Player(seat) => seat_ref(seat),
        Target::Train { seat, train } => format!("{}'s train {}", seat_ref(seat), train + 1),
        Target::Switch { own, seat, train } => format!(
            "their train {} and {}'s train {}",
            own + 1,
            seat_ref(seat),
            train + 1
        ),
    }
}

//! Applying one step: checks first, so a refused step changes nothing, then the change and its events.

use super::cards::{Class, Kind, count_kinds};
use super::notation::{Action, Laid};
use super::refusals::DiscardRefusal;
use super::state::{Express, HandEnd, LaidWayCar, Phase};
use super::train::Train;
use crate::game::{Actor, Event, RuleError, seat_ref};
use crate::games::narration::Sink;
use crate::plural::with_article;

fn refuse(message: impl Into<String>) -> RuleError {
    RuleError::new(message)
}

/// Removes one `card` from `hand`; whether it was there.
pub(super) fn take_from(hand: &mut Vec<Kind>, card: Kind) -> bool {
    match hand.iter().position(|&c| c == card) {
        Some(i) => {
            hand.swap_remove(i);
            true
        }
        None => false,
    }
}

impl Express {
    /// Checks and applies one step of `actor`: the table takes only `deadline` and `end`, the seats
    /// every other step.
    pub(super) fn play(
        &mut self,
        actor: Actor,
        action: &Action,
        sink: &mut impl Sink,
    ) -> Result<(), RuleError> {
        let Some(to_act) = self.seat_to_act() else {
            return Err(refuse("The game is over."));
        };
        let seat = match (actor, action) {
            (Actor::Table, Action::Deadline) => return self.pass_deadline(sink),
            (Actor::Table, Action::End) => return self.end_now(sink),
            (Actor::Table, _) => {
                return Err(refuse(format!(
                    "`{action}` is a player's step: the table takes only `deadline` and `end`."
                )));
            }
            (Actor::Seat(_), Action::Deadline | Action::End) => {
                return Err(refuse(format!(
                    "`{action}` is a step only the table takes (when the deadline passes, and to end \
                     the hand after it), never a player's."
                )));
            }
            (Actor::Seat(seat), _) => seat,
        };
        if to_act != seat {
            return Err(refuse(format!(
                "It is not your turn: {} is to act.",
                seat_ref(to_act)
            )));
        }
        match (self.phase, action) {
            (Phase::Block(pending), Action::Block) if !self.target_holds_way_car(&pending) => {
                let way_car = super::disasters::disaster(pending.card).map(|spec| spec.way_car);
                Err(refuse(format!(
                    "You hold no {}, so you cannot block; answer `allow`.",
                    way_car.map_or("Way Car".into(), |k| k.to_string())
                )))
            }
            (Phase::Block(pending), Action::Block | Action::Allow) => {
                self.decide_block(pending, *action == Action::Block, sink);
                Ok(())
            }
            (Phase::Block(_), _) => Err(refuse(
                "A Disaster is aimed at you: answer `block` (lay the matching Way Car from your hand, permanent for the hand) or `allow`.",
            )),
            (Phase::Draw, Action::Draw) => {
                self.draw_step(sink);
                Ok(())
            }
            (Phase::Draw, Action::Take) => self.take_step(sink),
            (Phase::Draw, _) => Err(refuse(
                "Your turn starts with a draw: `draw` (2 from the pile) or `take` (the top discard).",
            )),
            (Phase::Meld, Action::Draw | Action::Take) => {
                Err(refuse("You have drawn this turn; meld, then discard."))
            }
            (Phase::Meld, Action::Redraw) => self.redraw(sink),
            (Phase::Meld, _) if self.stuck => Err(refuse(
                "This hand cannot get down to the limit: `redraw` shows it, sets it aside and draws as many.",
            )),
            (Phase::Meld, Action::Reset) => self.reset(sink),
            (Phase::Meld, Action::Start { loco, cars }) => {
                self.start_train(*loco, cars.as_slice(), sink)
            }
            (Phase::Meld, Action::Add { train, laid }) => self.add_car(*train, *laid, sink),
            (Phase::Meld, Action::Way(card)) => self.lay_way_car(*card, sink),
            (Phase::Meld, Action::Swap { train, card }) => self.swap_loco(*train, *card, sink),
            (Phase::Meld, Action::Discard(card)) => self.discard_step(*card, sink),
            (Phase::Meld, Action::Disaster { card, target }) => {
                self.play_disaster(*card, *target, sink)
            }
            (Phase::Meld | Phase::Over, Action::Block | Action::Allow) => {
                Err(refuse("No Disaster is waiting for a block decision."))
            }
            (Phase::Over, _) | (Phase::Meld, Action::End | Action::Deadline) => {
                Err(refuse("The game is over."))
            }
        }
    }

    /// Why the deadline's steps are refused in this game, if they are.
    fn no_deadline(&self) -> Option<RuleError> {
        self.options.deadline_hours.0.is_none().then(|| {
            refuse("This game has no deadline (option deadline_hours), so no hand is ended early.")
        })
    }

    /// `deadline`, the table's step once the deadline has passed: the hand under way is the last.
    fn pass_deadline(&mut self, sink: &mut impl Sink) -> Result<(), RuleError> {
        if let Some(why) = self.no_deadline() {
            return Err(why);
        }
        if self.deadline_passed {
            return Err(refuse("The deadline has already passed."));
        }
        self.deadline_passed = true;
        sink.emit(|| {
            Event::public(
                "The deadline has passed: this hand is the last, and the game ends with it.",
            )
        });
        Ok(())
    }

    /// `end`, the table's step after the deadline: the hand ends as it stands (no going-out bonus) and
    /// so does the game.
    fn end_now(&mut self, sink: &mut impl Sink) -> Result<(), RuleError> {
        if let Some(why) = self.no_deadline() {
            return Err(why);
        }
        if !self.deadline_passed {
            return Err(refuse(
                "The deadline has not passed yet, so the hand is played to its end.",
            ));
        }
        if let Phase::Block(pending) = self.phase {
            self.slot.push(pending.card);
        }
        sink.emit(|| Event::public("The hand is ended as it stands."));
        self.end_hand(HandEnd::Deadline, sink);
        Ok(())
    }

    fn draw_step(&mut self, sink: &mut impl Sink) {
        let seat = self.current;
        for _ in 0..self.rulings.draw {
            match self.draw_card(sink) {
                Some(card) => self.seats[seat].hand.push(card),
                None => {
                    sink.emit(|| {
                        Event::public("No card can be drawn: the hand ends as it stands.")
                    });
                    self.end_hand(HandEnd::DeckSpent, sink);
                    return;
                }
            }
        }
        let count = self.rulings.draw;
        sink.emit(|| Event::public(format!("{} draws {count} cards.", seat_ref(seat))));
        let hand = &self.seats[seat].hand;
        let drawn = &hand[hand.len() - count..];
        sink.emit(|| Event::private(seat, format!("You drew {}.", list(drawn))));
        self.enter_meld();
    }

    fn take_step(&mut self, sink: &mut impl Sink) -> Result<(), RuleError> {
        let card = self
            .discard
            .pop()
            .ok_or_else(|| refuse("The discard pile is empty; `draw` from the pile."))?;
        let seat = self.current;
        self.seats[seat].hand.push(card);
        sink.emit(|| {
            Event::public(format!(
                "{} takes the {card} from the discard pile.",
                seat_ref(seat)
            ))
        });
        self.enter_meld();
        Ok(())
    }

    /// Opens the meld phase and judges whether the hand can get down to the limit.
    fn enter_meld(&mut self) {
        self.phase = Phase::Meld;
        self.stuck = !self.hand_can_end_turn();
    }

    fn redraw(&mut self, sink: &mut impl Sink) -> Result<(), RuleError> {
        if !self.redraw_allowed() {
            return Err(refuse(
                "Your hand can still get down to the limit this turn; only an impossible hand is redrawn.",
            ));
        }
        let seat = self.current;
        let shown = std::mem::take(&mut self.seats[seat].hand);
        sink.emit(|| {
            Event::revealing(format!(
                "{} cannot get down to the limit and shows their hand: {}. It is set aside.",
                seat_ref(seat),
                list(&shown)
            ))
        });
        let count = shown.len();
        self.set_aside.extend(shown);
        self.before_melds.forget();
        for _ in 0..count {
            match self.draw_card(sink) {
                Some(card) => self.seats[seat].hand.push(card),
                None => {
                    self.end_hand(HandEnd::DeckSpent, sink);
                    return Ok(());
                }
            }
        }
        let hand = &self.seats[seat].hand;
        sink.emit(|| Event::private(seat, format!("Your new hand: {}.", list(hand))));
        self.enter_meld();
        Ok(())
    }

    /// Why laying `count` cards now would be refused: the turn ends with a discard, so one card stays.
    fn keeps_a_card(&self, count: usize) -> Result<(), RuleError> {
        let held = self.seats[self.current].hand.len();
        if count >= held {
            return Err(refuse(format!(
                "That would lay all {held} cards in your hand; keep one to discard (the turn ends with a discard)."
            )));
        }
        Ok(())
    }

    /// Keeps the seat's cards as they were after the draw, before its first meld of the turn.
    fn remember_before_meld(&mut self) {
        self.before_melds.keep(&self.seats[self.current]);
    }

    fn reset(&mut self, sink: &mut impl Sink) -> Result<(), RuleError> {
        let seat = self.current;
        if !self.before_melds.restore(&mut self.seats[seat]) {
            return Err(refuse(
                "Nothing was melded this turn, so there is nothing to take back.",
            ));
        }
        self.fresh_transition = false;
        sink.emit(|| Event::public(format!("{} takes back this turn's melds.", seat_ref(seat))));
        Ok(())
    }

    fn start_train(
        &mut self,
        loco: Kind,
        cars: &[Laid],
        sink: &mut impl Sink,
    ) -> Result<(), RuleError> {
        let seat = self.current;
        self.keeps_a_card(cars.len() + 1)?;
        let mut unused = count_kinds(&self.seats[seat].hand);
        let mut use_one = |card: Kind| match &mut unused[card as usize] {
            0 => false,
            left => {
                *left -= 1;
                true
            }
        };
        if !use_one(loco) {
            return Err(refuse(format!("You hold no {loco} to lay as the Loco.")));
        }
        let mut train = Train {
            loco,
            cars: Vec::with_capacity(cars.len() + 4),
            fresh: true,
        };
        let mut fresh_transition = false;
        for laid in cars {
            if !use_one(laid.card) {
                return Err(refuse(format!(
                    "You hold no {} (besides the Loco and the cars before it).",
                    laid.card
                )));
            }
            let addition = train
                .check_add(laid.card, laid.declared)
                .map_err(|why| refuse(format!("Car {}: {why}.", train.cars.len() + 1)))?;
            fresh_transition |= addition.fresh_transition;
            train.push(addition);
        }
        self.remember_before_meld();
        self.fresh_transition |= fresh_transition;
        let cards = &mut self.seats[seat];
        for card in std::iter::once(loco).chain(cars.iter().map(|laid| laid.card)) {
            take_from(&mut cards.hand, card);
        }
        cards.trains.push(train);
        let number = cards.trains.len();
        sink.emit(|| {
            Event::public(format!(
                "{} starts train {number}: a Loco face down, then {}.",
                seat_ref(seat),
                list_laid(cars)
            ))
        });
        sink.emit(|| {
            Event::private(
                seat,
                format!(
                    "Your Loco of train {number} is {}.",
                    with_article(loco.name())
                ),
            )
        });
        Ok(())
    }

    fn add_car(&mut self, train: usize, laid: Laid, sink: &mut impl Sink) -> Result<(), RuleError> {
        let seat = self.current;
        let cards = &self.seats[seat];
        let Some(target) = cards.trains.get(train) else {
            return Err(no_train(train, cards.trains.len()));
        };
        if !cards.hand.contains(&laid.card) {
            return Err(refuse(format!("You hold no {}.", laid.card)));
        }
        let addition = target
            .check_add(laid.card, laid.declared)
            .map_err(|why| refuse(format!("Train {}: {why}.", train + 1)))?;
        self.keeps_a_card(1)?;
        self.remember_before_meld();
        if addition.fresh_transition {
            self.fresh_transition = true;
        }
        let cards = &mut self.seats[seat];
        take_from(&mut cards.hand, laid.card);
        cards.trains[train].push(addition);
        sink.emit(|| {
            Event::public(format!(
                "{} adds {} to train {}.",
                seat_ref(seat),
                describe_laid(laid),
                train + 1
            ))
        });
        Ok(())
    }

    fn lay_way_car(&mut self, card: Kind, sink: &mut impl Sink) -> Result<(), RuleError> {
        let seat = self.current;
        if card.class() != Class::WayCar {
            return Err(refuse(format!(
                "{card} is not a Way Car (Light Crane, Boom, Office, Transfer, Heavy Crane)."
            )));
        }
        if !self.seats[seat].hand.contains(&card) {
            return Err(refuse(format!("You hold no {card}.")));
        }
        self.keeps_a_card(1)?;
        self.remember_before_meld();
        let cards = &mut self.seats[seat];
        take_from(&mut cards.hand, card);
        let permanent = cards.way_cars.iter().any(|w| w.card == card && w.permanent);
        cards.way_cars.push(LaidWayCar { card, permanent });
        sink.emit(|| {
            Event::public(format!(
                "{} lays {}.",
                seat_ref(seat),
                with_article(card.name())
            ))
        });
        Ok(())
    }

    fn swap_loco(
        &mut self,
        train: usize,
        card: Kind,
        sink: &mut impl Sink,
    ) -> Result<(), RuleError> {
        let seat = self.current;
        let cards = &self.seats[seat];
        if train >= cards.trains.len() {
            return Err(no_train(train, cards.trains.len()));
        }
        if !cards.hand.contains(&card) {
            return Err(refuse(format!("You hold no {card}.")));
        }
        if cards.trains[train].loco == card {
            return Err(refuse(format!(
                "The Loco of train {} is {} already; swap in another card.",
                train + 1,
                with_article(card.name())
            )));
        }
        self.remember_before_meld();
        let cards = &mut self.seats[seat];
        take_from(&mut cards.hand, card);
        let old = std::mem::replace(&mut cards.trains[train].loco, card);
        cards.hand.push(old);
        sink.emit(|| {
            Event::public(format!(
                "{} swaps the Loco of train {}.",
                seat_ref(seat),
                train + 1
            ))
        });
        sink.emit(|| {
            Event::private(
                seat,
                format!(
                    "Train {}: the {card} is the Loco now; the {old} is in your hand.",
                    train + 1
                ),
            )
        });
        Ok(())
    }

    /// Why the turn cannot end with a discard now, if it cannot.
    pub(super) fn discard_problem(&self) -> Option<DiscardRefusal> {
        let cards = &self.seats[self.current];
        if let Some(i) = cards.trains.iter().position(Train::needs_second_car) {
            return Some(DiscardRefusal::LoneWild(i));
        }
        let over = cards.hand.len().saturating_sub(1 + self.rulings.max_hand);
        (over > 0).then_some(DiscardRefusal::TooMany {
            held: cards.hand.len(),
            max: self.rulings.max_hand,
            over,
        })
    }

    fn discard_step(&mut self, card: Kind, sink: &mut impl Sink) -> Result<(), RuleError> {
        if card.class() == Class::Disaster {
            return Err(refuse(format!(
                "{card} is played on a target when discarded, e.g. `discard {} 2.1`.",
                card.code()
            )));
        }
        let seat = self.current;
        if !self.seats[seat].hand.contains(&card) {
            return Err(refuse(format!("You hold no {card}.")));
        }
        if let Some(problem) = self.discard_problem() {
            return Err(refuse(problem.to_string()));
        }
        take_from(&mut self.seats[seat].hand, card);
        if card == Kind::Turntable {
            self.turntables_played += 1;
            self.clockwise = !self.clockwise;
            sink.emit(|| {
                Event::public(format!(
                    "{} plays a Turntable: play reverses and they take another turn.",
                    seat_ref(seat)
                ))
            });
            self.finish_turn(true, sink);
        } else {
            self.discard.push(card);
            sink.emit(|| {
                Event::public(format!(
                    "{} discards {}.",
                    seat_ref(seat),
                    with_article(card.name())
                ))
            });
            self.finish_turn(false, sink);
        }
        Ok(())
    }
}

fn no_train(train: usize, count: usize) -> RuleError {
    refuse(match count {
        0 => format!(
            "You have no trains yet, so there is no train {}.",
            train + 1
        ),
        _ => format!(
            "You have no train {}; your trains are 1 to {count}.",
            train + 1
        ),
    })
}

/// Cards as a list of names.
pub(super) fn list(cards: &[Kind]) -> String {
    cards
        .iter()
        .map(|c| c.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// A laid card in words.
pub(super) fn describe_laid(laid: Laid) -> String {
    match laid.declared {
        Some(kind) => format!("a Wild as {kind}"),
        None if laid.card == Kind::Wild => "a Wild, undeclared".into(),
        None => with_article(&laid.card.to_string()),
    }
}

fn list_laid(cars: &[Laid]) -> String {
    cars.iter()
        .map(|&l| describe_laid(l))
        .collect::<Vec<_>>()
        .join(", ")
}

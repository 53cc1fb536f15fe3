//! The course of a hand: the deal, drawing with the tournament reshuffle, turns passing (skips, the
//! Turntable's extra turn, rounds), going out, scoring and the next hand or the game's end.

use super::cards::{self, Kind};
use super::scoring::{HandScore, hand_cost, train_value};
use super::state::{Express, HandEnd, Phase, SeatCards};
use crate::game::{Event, Seat, seat_ref};
use crate::games::narration::Sink;

impl Express {
    /// Deals the next hand from the setup's next deck order, or a freshly shuffled deck.
    pub(super) fn start_hand(&mut self, sink: &mut impl Sink) {
        let mut deck = self.decks.pop().unwrap_or_else(|| {
            let mut deck = cards::deck(self.players);
            self.rng.shuffle(&mut deck);
            deck
        });
        deck.reverse();
        self.hand_number += 1;
        for seat in &mut self.seats {
            *seat = SeatCards::default();
        }
        let players = self.players;
        for i in 0..self.rulings.deal * players {
            let seat = (self.dealer + 1 + i) % players;
            if let Some(card) = deck.pop() {
                self.seats[seat].hand.push(card);
            }
        }
        self.draw = deck;
        self.discard.clear();
        self.slot.clear();
        self.set_aside.clear();
        self.turntables_played = 0;
        self.clockwise = true;
        self.first_round = true;
        self.round_done = 0;
        self.reshuffles = 0;
        self.current = (self.dealer + 1) % players;
        let (hand, dealer) = (self.hand_number, self.dealer);
        sink.emit(|| {
            Event::public(format!(
                "Hand {hand}: {} deals; {} plays first.",
                seat_ref(dealer),
                seat_ref((dealer + 1) % players)
            ))
        });
        self.begin_turn(sink);
    }

    /// Turntables in the deck not played yet this hand.
    pub(super) fn unplayed_turntables(&self) -> usize {
        Kind::Turntable
            .copies(self.players)
            .saturating_sub(usize::from(self.turntables_played))
    }

    /// Discards a reshuffle leaves where they are.
    fn reshuffle_keeps(&self) -> usize {
        self.rulings.reshuffle_keeps + self.unplayed_turntables()
    }

    /// The top card of the draw pile, reshuffling the discards when it is empty; None when no card can
    /// be drawn or the reshuffle limit is reached (the hand must end).
    pub(super) fn draw_card(&mut self, sink: &mut impl Sink) -> Option<Kind> {
        if self.draw.is_empty() {
            let keep = self.reshuffle_keeps();
            if self.discard.len() <= keep || self.reshuffles >= self.rulings.reshuffles_per_hand {
                return None;
            }
            let rest = self.discard.split_off(self.discard.len() - keep);
            self.draw = std::mem::replace(&mut self.discard, rest);
            self.rng.shuffle(&mut self.draw);
            self.reshuffles += 1;
            let (count, kept) = (self.draw.len(), keep);
            sink.emit(|| {
                Event::public(format!(
                    "The discard pile is reshuffled into a draw pile of {count} cards ({kept} newest discards stay)."
                ))
            });
        }
        self.draw.pop()
    }

    /// Whether a turn can still start: the draw pile has cards or a reshuffle could refill it.
    fn can_draw_again(&self) -> bool {
        !self.draw.is_empty()
            || (self.discard.len() > self.reshuffle_keeps()
                && self.reshuffles < self.rulings.reshuffles_per_hand)
    }

    /// The seat after `seat` in the direction of play.
    fn next_seat(&self, seat: Seat) -> Seat {
        if self.clockwise {
            (seat + 1) % self.players
        } else {
            (seat + self.players - 1) % self.players
        }
    }

    /// Starts the current seat's turn: skips Derailed seats, ends the hand when nothing can be drawn.
    pub(super) fn begin_turn(&mut self, sink: &mut impl Sink) {
        while self.seats[self.current].skips > 0 {
            self.seats[self.current].skips -= 1;
            let seat = self.current;
            sink.emit(|| {
                Event::public(format!(
                    "{} is derailed and skips this turn.",
                    seat_ref(seat)
                ))
            });
            self.mark_done(seat, sink);
            self.current = self.next_seat(seat);
        }
        if !self.can_draw_again() {
            sink.emit(|| Event::public("Nothing is left to draw."));
            self.end_hand(HandEnd::DeckSpent, sink);
            return;
        }
        self.phase = Phase::Draw;
    }

    /// Records that `seat` completed or skipped a turn; when everyone has, the round ends (the first
    /// round's restrictions lapse, set-aside cards return to the draw pile).
    fn mark_done(&mut self, seat: Seat, sink: &mut impl Sink) {
        self.round_done |= 1 << seat;
        if u32::from(self.round_done) == (1u32 << self.players) - 1 {
            self.round_done = 0;
            self.first_round = false;
            self.return_set_aside(sink);
        }
    }

    /// Shuffles the set-aside cards of impossible hands back into the draw pile.
    pub(super) fn return_set_aside(&mut self, sink: &mut impl Sink) {
        if self.set_aside.is_empty() {
            return;
        }
        let count = self.set_aside.len();
        self.draw.append(&mut self.set_aside);
        self.rng.shuffle(&mut self.draw);
        sink.emit(|| {
            Event::public(format!(
                "The {count} set-aside cards are shuffled back into the draw pile."
            ))
        });
    }

    /// Whether `seat` may go out now: an empty hand, the train lengths, not in the first round, not after
    /// a transition Wild laid this turn.
    pub(super) fn goes_out(&self, seat: Seat) -> bool {
        self.seats[seat].hand.is_empty()
            && !self.first_round
            && !self.fresh_transition
            && self.trains_long_enough(seat)
    }

    /// Whether `seat`'s trains are long enough to go out (the rulings' lengths: by default one of 5
    /// cars, one of 4, every other of 3).
    pub(super) fn trains_long_enough(&self, seat: Seat) -> bool {
        let cards = &self.seats[seat];
        let mut lengths: Vec<usize> = cards.trains.iter().map(|t| t.cars.len()).collect();
        lengths.sort_unstable_by(|a, b| b.cmp(a));
        let needed = &self.rulings.going_out_lengths;
        lengths.len() >= needed.len()
            && lengths.iter().enumerate().all(|(i, &len)| {
                len >= needed
                    .get(i)
                    .copied()
                    .unwrap_or(self.rulings.going_out_others)
            })
    }

    /// Ends the current seat's turn after its discard has fully resolved: it goes out, takes the
    /// Turntable's extra turn, or play passes on.
    pub(super) fn finish_turn(&mut self, extra_turn: bool, sink: &mut impl Sink) {
        let seat = self.current;
        self.before_melds.forget();
        self.stuck = false;
        for train in &mut self.seats[seat].trains {
            train.fresh = false;
            for car in &mut train.cars {
                car.fresh = false;
            }
        }
        if self.goes_out(seat) {
            sink.emit(|| Event::public(format!("{} goes out!", seat_ref(seat))));
            self.fresh_transition = false;
            self.end_hand(HandEnd::WentOut(seat), sink);
            return;
        }
        self.fresh_transition = false;
        let first_round = self.first_round;
        self.mark_done(seat, sink);
        if extra_turn {
            if !first_round {
                self.return_set_aside(sink);
            }
        } else {
            self.current = self.next_seat(seat);
        }
        self.begin_turn(sink);
    }

    /// Scores the hand, adds it to the totals, and deals the next hand or ends the game.
    pub(super) fn end_hand(&mut self, end: HandEnd, sink: &mut impl Sink) {
        let bonus = self.rulings.going_out_bonus;
        let scores: Vec<HandScore> = self
            .seats
            .iter()
            .enumerate()
            .map(|(seat, cards)| HandScore {
                trains: cards.trains.iter().map(train_value).sum(),
                in_hand: hand_cost(&cards.hand),
                bonus: if end == HandEnd::WentOut(seat) {
                    bonus
                } else {
                    0
                },
            })
            .collect();
        for (total, score) in self.totals.iter_mut().zip(&scores) {
            *total += score.total();
        }
        let hand = self.hand_number;
        sink.emit(|| {
            let summary = scores
                .iter()
                .enumerate()
                .map(|(seat, s)| format!("{} {:+}", seat_ref(seat), s.total()))
                .collect::<Vec<_>>()
                .join(", ");
            Event::public(format!("Hand {hand} scores: {summary}."))
        });
        self.history.push((scores, end));
        self.phase = Phase::Over;
        let best = self.totals.iter().copied().max().unwrap_or(0);
        let leaders = self.totals.iter().filter(|&&t| t == best).count();
        if end == HandEnd::Deadline || self.deadline_passed {
            sink.emit(|| Event::public("The deadline has passed: the game ends."));
            return;
        }
        if best >= self.options.target.points() && leaders == 1 {
            return;
        }
        if best >= self.options.target.points() {
            sink.emit(|| Event::public("The highest totals are tied: another hand decides."));
        }
        self.dealer = (self.dealer + 1) % self.players;
        self.start_hand(sink);
    }
}

//! The turn's frame: income at its start, the end of the actions, replenish, the round and the end of the
//! game (the round of the trigger is finished, then one more round).

use super::notation::Action;
use super::refuse::Silent;
use super::resources::Track;
use super::state::{CoalTrain, Phase};
use crate::game::{Event, seat_ref};
use crate::games::narration::Sink;
use crate::plural::counted;

impl CoalTrain {
    /// Starts the current player's turn: income, a fresh action-point supply, per-turn bonuses reset;
    /// a player with nothing to do ends at once.
    pub(super) fn begin_turn(&mut self, sink: &mut impl Sink) {
        let content = self.content();
        let seat = self.current;
        let player = &mut self.players[seat];
        for track in Track::ALL {
            let income = content.income(track, player.tracks[track.index()]);
            match track.resource() {
                Some(resource) => *player.res.get_mut(resource) += income,
                None => player.ap = income,
            }
        }
        player.stepped = false;
        player.exchanged = false;
        player.took_coal = false;
        self.phase = Phase::Actions;
        let (res, ap) = (player.res, player.ap);
        sink.emit(|| {
            Event::public(format!(
                "Round {}: {}'s turn. Income: now {res}, {}.",
                self.round,
                seat_ref(seat),
                counted(ap, "action point")
            ))
        });
        self.end_if_stuck(sink);
    }

    /// Ends the actions when the only legal step left is `end` (the engine never stalls).
    pub(super) fn end_if_stuck(&mut self, sink: &mut impl Sink) {
        if self.phase != Phase::Actions || !self.pending.is_empty() {
            return;
        }
        // Take Coal needs only action points: while it is legal the player is not stuck, and the full
        // list need not be made.
        if self
            .check::<Silent>(self.current, &Action::TakeCoal)
            .is_ok()
        {
            return;
        }
        if !self.can_do_more(self.current) {
            let seat = self.current;
            sink.emit(|| Event::public(format!("{} has nothing left to do.", seat_ref(seat))));
            self.end_actions(sink);
        }
    }

    /// The actions are over (action points left are lost): refill the market.
    pub(super) fn end_actions(&mut self, sink: &mut impl Sink) {
        self.players[self.current].ap = 0;
        self.phase = Phase::Replenish;
        self.continue_replenish(sink);
    }

    /// After replenish: face-down tiles turn up, and the next player's turn, round or the end follows.
    pub(super) fn finish_turn(&mut self, sink: &mut impl Sink) {
        self.turn_face_up(sink);
        let n = self.players.len();
        let round_over = self.current == (self.start + n - 1) % n;
        if round_over {
            if self.last_round {
                self.phase = Phase::Over;
                sink.emit(|| Event::public("The last round is over: final scoring."));
                return;
            }
            if self.end_triggered {
                self.last_round = true;
                sink.emit(|| {
                    Event::public(
                        "The last round begins: each purchase is refilled at once, face down, under the buyer.",
                    )
                });
            }
            self.round += 1;
        }
        self.current = (self.current + 1) % n;
        self.begin_turn(sink);
    }
}

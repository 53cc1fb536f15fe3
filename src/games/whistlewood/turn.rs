//! The machinery of a turn: the steps a player takes, the bonuses they set off, the automatic
//! movements of the train, and the passing of the turn when nothing is left to decide.

use super::cars::{Bonus, Owner, Tile};
use super::events;
use super::notation::{Action, Row};
use super::rules::{BonusGroup, Stage, Whistlewood};
use super::rulings::{COLUMNS, ROWS};
use crate::game::{RuleError, Seat};
use crate::games::narration::Sink;

/// An action as the rules carry it out, for players and the Automa alike.
#[derive(Clone, Copy, Debug)]
pub(super) enum Act {
    /// A tile (already taken from a hand or pile) goes to the end of the train.
    Place(Tile),
    /// The car at this index of the train moves onto the card at (row, column index).
    Claim {
        car: usize,
        row: usize,
        column: usize,
    },
    /// The train moves forward one card.
    Advance,
}

impl Whistlewood {
    /// Applies one step for `seat`, telling `sink` what happened; on error nothing has changed.
    pub(super) fn play(
        &mut self,
        seat: Seat,
        action: &Action,
        sink: &mut impl Sink,
    ) -> Result<(), RuleError> {
        self.refusal(seat, action)?;
        match action {
            Action::FromLeft(from_left) => {
                self.orient(Some(*from_left));
                let (owner, from_left) = (self.start_owner, *from_left);
                let chooser = self.direction_chooser();
                sink.emit(|| events::direction(chooser, owner, from_left, self.solo.is_some()));
                self.start_turn(sink);
            }
            Action::Discard(tiles) => {
                let owner = self.current;
                for tile_type in tiles.as_slice() {
                    let hand = &mut self.piles[owner].hand;
                    if let Some(i) = hand
                        .iter()
                        .position(|&t| self.rulings.cars[usize::from(t.index)] == *tile_type)
                    {
                        let tile = hand.remove(i);
                        self.piles[owner].discard.push(tile);
                    }
                }
                let discarded = tiles.len();
                sink.emit(|| events::discarded(self.who(owner), discarded));
                self.draw_up(owner, sink);
                self.stage = Stage::Actions;
            }
            Action::Shunt => {
                if let Some(group) = self.pending.last_mut() {
                    group.shunts -= 1;
                }
                self.shunt(sink);
            }
            Action::Forgo => self.lose_bonus_action(sink),
            Action::Place(tile_type) => {
                let owner = self.current;
                let hand = &mut self.piles[owner].hand;
                let Some(i) = hand
                    .iter()
                    .position(|&t| self.rulings.cars[usize::from(t.index)] == *tile_type)
                else {
                    return Err(RuleError::new("That tile is not in your hand."));
                };
                let tile = hand.remove(i);
                self.take_action(Act::Place(tile), sink);
            }
            Action::Claim { column, row } => {
                let column = usize::from(*column) - 1;
                let Some(car) = self.car_at_column(column) else {
                    return Err(RuleError::new("No car stands beside that column."));
                };
                self.take_action(
                    Act::Claim {
                        car,
                        row: row.index(),
                        column,
                    },
                    sink,
                );
            }
            Action::Advance => self.take_action(Act::Advance, sink),
        }
        self.settle(sink);
        Ok(())
    }

    /// Spends an action (a pending Bonus Action first) on `act` and queues the bonuses it gives.
    fn take_action(&mut self, act: Act, sink: &mut impl Sink) {
        match self.pending.last_mut() {
            Some(group) if group.actions > 0 => group.actions -= 1,
            _ => self.actions_left = self.actions_left.saturating_sub(1),
        }
        self.first_turn = false;
        let owner = self.current;
        if let Some(group) = self.act(owner, act, sink) {
            self.pending.push(group);
        }
    }

    /// Carries out an action of `owner`: its automatic advance, then the automatic advance that waited
    /// for it (a movement of its own, checked after the action's own, unless the game keeps the old
    /// reading in which the action's own advance stands in for it), and the end of the game it may
    /// bring. Returns the bonuses it gives (None if none, or if the game ended).
    pub(super) fn act(
        &mut self,
        owner: Owner,
        act: Act,
        sink: &mut impl Sink,
    ) -> Option<BonusGroup> {
        let mut bonus = None;
        match act {
            Act::Place(tile) => {
                self.train.push(tile);
                let (tile_type, column) =
                    (self.tile_type(tile), self.car_column(self.train.len() - 1));
                sink.emit(|| events::placed(self.who(owner), tile_type, column));
                if self.auto_advance_if_due(sink) && !self.rulings.waiting_advance_moves_again {
                    self.deferred_advance = false;
                }
                bonus = tile_type.bonus.map(|b| group_of(&[b]));
                if self.piles[owner].all_placed() && self.ends_after_turn_of.is_none() {
                    let last = if owner == self.start_owner {
                        1 - owner
                    } else {
                        owner
                    };
                    self.ends_after_turn_of = Some(last);
                    let other_plays = last != owner;
                    sink.emit(|| events::last_tile(self.who(owner), self.who(last), other_plays));
                }
            }
            Act::Claim { car, row, column } => {
                let tile = self.train.remove(car);
                let placed = self.spots[row][column].push(tile);
                debug_assert!(placed, "a claim is legal only onto a free track");
                let location = self.location_at(row, column);
                sink.emit(|| {
                    events::claimed(
                        self.who(owner),
                        self.tile_type(tile),
                        &self.rulings.locations[location].name,
                        Row::from_index(row),
                        column + 1,
                    )
                });
                let spec = &self.rulings.locations[location];
                if spec.is_siding() {
                    bonus = Some(group_of(&spec.bonuses));
                }
                if spec.station && self.free_station_spaces() == 0 {
                    sink.emit(events::stations_full);
                    self.finish(sink);
                    return None;
                }
            }
            Act::Advance => {
                self.loco += 1;
                let loco = self.loco;
                sink.emit(|| events::advanced(self.who(owner), loco));
            }
        }
        self.deferred_advance_if_due(sink);
        bonus
    }

    /// The automatic advance that waited for an action happens now, if it is still required.
    fn deferred_advance_if_due(&mut self, sink: &mut impl Sink) {
        if self.deferred_advance {
            self.deferred_advance = false;
            if self.auto_advance_due() {
                self.loco += 1;
                let loco = self.loco;
                sink.emit(|| events::deferred_advance(loco));
            }
        }
    }

    /// The train moves back one card (never behind the start); an automatic advance it makes due waits
    /// for the next action.
    pub(super) fn shunt(&mut self, sink: &mut impl Sink) {
        let moved = self.loco > 1;
        if moved {
            self.loco -= 1;
        }
        let loco = self.loco;
        if self.auto_advance_due() {
            self.deferred_advance = true;
        }
        let waits = self.deferred_advance;
        sink.emit(|| events::shunted(moved, loco, waits));
    }

    /// Resolves what needs no decision (a lone Shunt, a lone Bonus Action with nothing legal to do, a
    /// finished turn) until someone must decide or the game is over. A Siding's Shunt and Bonus Action
    /// wait for the player to choose their order (under the old reading, only while the Bonus Action
    /// has a legal option).
    pub(super) fn settle(&mut self, sink: &mut impl Sink) {
        loop {
            if self.stage != Stage::Actions {
                return;
            }
            if let Some(&group) = self.pending.last() {
                if group.shunts > 0
                    && group.actions > 0
                    && (self.rulings.siding_order_always_chosen || self.has_legal_action())
                {
                    return;
                }
                if group.actions > 0 {
                    if self.has_legal_action() {
                        return;
                    }
                    self.lose_bonus_action(sink);
                } else if group.shunts > 0 {
                    if let Some(top) = self.pending.last_mut() {
                        top.shunts -= 1;
                    }
                    self.shunt(sink);
                } else {
                    self.pending.pop();
                }
                continue;
            }
            if self.actions_left > 0 {
                if self.has_legal_action() {
                    return;
                }
                let owner = self.current;
                sink.emit(|| events::no_action_left(self.who(owner)));
                self.actions_left = 0;
            }
            self.end_turn(sink);
        }
    }

    /// The Bonus Action waiting to be resolved is lost (nothing is legal now).
    fn lose_bonus_action(&mut self, sink: &mut impl Sink) {
        if let Some(top) = self.pending.last_mut() {
            top.actions = 0;
        }
        sink.emit(events::bonus_action_lost);
    }

    /// Ends the current turn: the waiting automatic advance, the end of the game, or the next turn.
    fn end_turn(&mut self, sink: &mut impl Sink) {
        self.deferred_advance_if_due(sink);
        if self.ends_after_turn_of == Some(self.current) {
            self.finish(sink);
            return;
        }
        self.current = 1 - self.current;
        if self.current == self.start_owner {
            self.round += 1;
        }
        self.start_turn(sink);
    }

    /// Starts the current colour's turn: the Automa plays it whole; a player may first manage the hand.
    pub(super) fn start_turn(&mut self, sink: &mut impl Sink) {
        self.pending.clear();
        self.deferred_advance = false;
        self.stage = Stage::Actions;
        self.first_turn = self.round == 1 && self.current == self.start_owner;
        let owner = self.current;
        if self.is_automa(owner) {
            self.actions_left = 0;
            self.automa_turn(sink);
            return;
        }
        self.actions_left = if self.first_turn {
            self.rulings.first_turn_actions
        } else {
            self.rulings.actions_per_turn
        };
        let round = self.round;
        sink.emit(|| events::turn_begins(self.who(owner), round));
        if self.round > 1 {
            if self.piles[owner].hand.is_empty() {
                self.draw_up(owner, sink);
            } else {
                self.stage = Stage::Discard;
            }
        }
    }

    /// Draws until the hand is full, shuffling the discard pile into an empty draw pile when needed.
    fn draw_up(&mut self, owner: Owner, sink: &mut impl Sink) {
        let first_drawn = self.piles[owner].hand.len();
        while self.piles[owner].hand.len() < usize::from(self.rulings.hand_size) {
            if self.piles[owner].draw.is_empty() {
                if self.piles[owner].discard.is_empty() {
                    break;
                }
                self.reshuffle(owner);
                sink.emit(|| events::reshuffled(self.who(owner)));
            }
            if let Some(tile) = self.piles[owner].draw.pop() {
                self.piles[owner].hand.push(tile);
            }
        }
        if let Some(seat) = self.seat_of(owner) {
            sink.emit(|| {
                let drawn = &self.piles[owner].hand[first_drawn..];
                let drawn: Vec<_> = drawn.iter().map(|&t| self.tile_type(t)).collect();
                events::drew(seat, &drawn)
            });
        }
    }

    /// Ends the game.
    pub(super) fn finish(&mut self, sink: &mut impl Sink) {
        self.stage = Stage::Over;
        self.pending.clear();
        self.actions_left = 0;
        sink.emit(|| events::game_over(self));
    }

    /// Moves the train forward one card if enough cars stand before column 1; says whether it did.
    fn auto_advance_if_due(&mut self, sink: &mut impl Sink) -> bool {
        if !self.auto_advance_due() {
            return false;
        }
        self.loco += 1;
        let loco = self.loco;
        sink.emit(|| events::auto_advance(loco));
        true
    }

    /// Whether enough cars stand at columns 0 or less to make the train advance by itself.
    pub(super) fn auto_advance_due(&self) -> bool {
        let before_start = (self.train.len() as i32 - i32::from(self.loco) + 1).max(0);
        before_start >= i32::from(self.rulings.auto_advance_cars)
    }

    /// Whether Advance the Train is allowed: the rear of the train has not passed the last card.
    pub(super) fn advance_allowed(&self) -> bool {
        i32::from(self.loco) - (self.train.len() as i32) <= COLUMNS as i32
    }

    /// The column of the car at this index of the train (0 is right behind the locomotive).
    pub(super) fn car_column(&self, car: usize) -> i32 {
        i32::from(self.loco) - car as i32 - 1
    }

    /// The index of the car beside a column index (0..5), if one stands there.
    pub(super) fn car_at_column(&self, column: usize) -> Option<usize> {
        let car = i32::from(self.loco) - column as i32 - 2;
        usize::try_from(car)
            .ok()
            .filter(|&car| car < self.train.len())
    }

    /// The cars beside the map with the column index (0..5) of each, the one beside column 1 first.
    pub(super) fn cars_beside_the_map(&self) -> impl Iterator<Item = (usize, usize)> {
        // The car at index i stands at column index loco - i - 2.
        let loco = i32::from(self.loco);
        let beside_last_column = (loco - COLUMNS as i32 - 1).max(0);
        let beside_first_column = (loco - 2).min(self.train.len() as i32 - 1);
        (beside_last_column..=beside_first_column)
            .rev()
            .map(move |car| (car as usize, (loco - 2 - car) as usize))
    }

    /// Free tracks on Stations, over the whole map.
    pub(super) fn free_station_spaces(&self) -> usize {
        let mut free = 0;
        for row in 0..ROWS {
            for column in 0..COLUMNS {
                if self.rulings.locations[self.location_at(row, column)].station {
                    free += self.free_tracks(row, column);
                }
            }
        }
        free
    }

    /// How events name a colour: its seat, or the Automa.
    pub(super) fn who(&self, owner: Owner) -> events::Who {
        match self.seat_of(owner) {
            Some(seat) => events::Who::Seat(seat),
            None => events::Who::Automa,
        }
    }
}

/// The bonuses of a car or a Siding as one group.
fn group_of(bonuses: &[Bonus]) -> BonusGroup {
    let mut group = BonusGroup::default();
    for bonus in bonuses {
        match bonus {
            Bonus::Shunt => group.shunts += 1,
            Bonus::Action => group.actions += 1,
        }
    }
    group
}

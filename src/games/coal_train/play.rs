//! Applying a step that passed its check: what each step changes, narrated for the turn message.

use super::building::BuildSource;
use super::content::{DiscountOn, IncentiveEffect, SubsidyEffect};
use super::discount::pay_with_cover;
use super::notation::Action;
use super::refuse::{Explained, Silent};
use super::resources::{Res, Track};
use super::state::{CoalTrain, Pending, Phase};
use crate::game::{Event, RuleError, Seat, seat_ref};
use crate::games::narration::Sink;

impl CoalTrain {
    /// Applies `action` for `seat`, or refuses it and changes nothing.
    pub(super) fn play(
        &mut self,
        seat: Seat,
        action: &Action,
        sink: &mut impl Sink,
    ) -> Result<(), RuleError> {
        self.check::<Explained>(seat, action)?;
        // A drawn tile's placement is narrated once, by `place`, which also names the tile.
        if self.phase != Phase::Replenish {
            sink.emit(|| Event::public(format!("{} {}.", seat_ref(seat), self.describe(action))));
        }
        match self.phase {
            Phase::Subsidies(n) => {
                if let Action::Marker(subsidy) = *action {
                    self.players[seat].markers[subsidy] += 1;
                }
                if n + 2 >= self.players.len() {
                    self.current = self.start;
                    self.begin_turn(sink);
                } else {
                    self.phase = Phase::Subsidies(n + 1);
                }
                return Ok(());
            }
            Phase::Replenish => {
                if let Some(Pending::Place { tile }) = self.pending.pop() {
                    self.place(seat, tile, *action, sink);
                }
                self.continue_replenish(sink);
                return Ok(());
            }
            Phase::Actions | Phase::Over => {}
        }
        match self.pending.last().copied() {
            Some(Pending::SecondBuild { .. }) if Self::is_subsidy_step(action) => {
                self.spend_subsidy(seat, action)
            }
            Some(pending) => self.decide(seat, pending, action, sink),
            None => self.act(seat, action, sink),
        }
        self.end_if_stuck(sink);
        Ok(())
    }

    /// A step of the actions phase.
    fn act(&mut self, seat: Seat, action: &Action, sink: &mut impl Sink) {
        let content = self.content();
        match *action {
            Action::End => self.end_actions(sink),
            Action::Step(to) => {
                if let Ok(cost) = self.step_cost::<Silent>(seat, to) {
                    self.players[seat].stepped = true;
                    self.move_agent(seat, to, cost);
                }
            }
            Action::Buy => self.buy(seat, sink),
            Action::Build {
                tile: Some(kind),
                at,
                via,
                cover,
            } => {
                let kind = usize::from(kind);
                let source = BuildSource::Tile(kind, true);
                if let Ok(plan) = self.check_build::<Silent>(seat, source, at, via, cover) {
                    self.use_tile(seat, kind);
                    let left = content.table.builds_per_station_tile - 1;
                    if left > 0 {
                        self.pending.push(Pending::SecondBuild { kind, left });
                    }
                    self.build(seat, source, at, plan, sink);
                }
            }
            Action::Upgrade { kind, cover } => {
                let Some(upgrade) = &content.kinds[kind].upgrade else {
                    return;
                };
                self.pay_upgrade(seat, upgrade.cost, cover);
                self.use_tile(seat, kind);
                self.raise(seat, upgrade.track);
            }
            Action::FreeUse(kind) => {
                self.use_tile(seat, kind);
                let gain = content.kinds[kind].free_gain.unwrap_or_default();
                let player = &mut self.players[seat];
                player.res = player.res.plus(&gain);
            }
            Action::Standard { track, cover } => {
                let standard = &content.table.standard_upgrade;
                self.players[seat].ap -= standard.ap;
                self.pay_upgrade(seat, standard.cost, cover);
                self.raise(seat, track);
            }
            Action::Exchange { give, take } => {
                let ap = self.exchange_ap(seat);
                let player = &mut self.players[seat];
                player.ap -= ap;
                player.exchanged = true;
                trade(&mut player.res, &give, &take);
            }
            Action::TakeCoal => {
                let broker = self.players[seat].incentives.iter().find_map(|&i| {
                    match content.incentives[i].effect {
                        IncentiveEffect::FirstTakeCoalGain(gain) => Some(gain),
                        _ => None,
                    }
                });
                let player = &mut self.players[seat];
                let rule = &content.table.take_coal;
                let gain = match broker {
                    Some(gain) if !player.took_coal => gain,
                    _ => rule.gain,
                };
                player.ap -= rule.ap;
                player.took_coal = true;
                player.res = player.res.plus(&gain);
            }
            Action::Pay(incentive) => {
                if let IncentiveEffect::Pay(price) = &content.incentives[incentive].effect {
                    let player = &mut self.players[seat];
                    player.ap -= price.ap;
                    player.res = player.res.minus(&price.cost).unwrap_or_default();
                    player.vp += price.vp;
                    player.paid.push(incentive);
                }
            }
            _ => self.spend_subsidy(seat, action),
        }
    }

    /// Spends a subsidy (checked).
    fn spend_subsidy(&mut self, seat: Seat, action: &Action) {
        let content = self.content();
        if let Action::BackRoom(target) = *action {
            self.pending.push(Pending::BackRoom { target, given: 0 });
            return;
        }
        let Some(subsidy) = action.spent_subsidy() else {
            return;
        };
        let spec = &content.subsidies[subsidy];
        self.players[seat].markers[subsidy] -= spec.markers;
        match (&spec.effect, *action) {
            (SubsidyEffect::Gain(gain), _) => {
                let player = &mut self.players[seat];
                player.res = player.res.plus(gain);
            }
            (SubsidyEffect::Ap(ap), _) => self.players[seat].ap += ap,
            (SubsidyEffect::Income(track), _) => self.raise(seat, *track),
            (SubsidyEffect::Trade(_), Action::Trade { give, take, .. }) => {
                trade(&mut self.players[seat].res, &give, &take);
            }
            (SubsidyEffect::Teleport, Action::Teleport { to, .. }) => {
                let cost = super::market::MoveCost {
                    ap: 0,
                    res: Res::NONE,
                };
                self.move_agent(seat, to, cost);
            }
            _ => {}
        }
    }

    /// Answers the pending decision (checked).
    fn decide(&mut self, seat: Seat, pending: Pending, action: &Action, sink: &mut impl Sink) {
        let content = self.content();
        self.pending.pop();
        match (pending, *action) {
            (Pending::SecondBuild { kind, left }, Action::Build { at, via, cover, .. }) => {
                let source = BuildSource::Tile(kind, false);
                if let Ok(plan) = self.check_build::<Silent>(seat, source, at, via, cover) {
                    if left > 1 {
                        self.pending.push(Pending::SecondBuild {
                            kind,
                            left: left - 1,
                        });
                    }
                    self.build(seat, source, at, plan, sink);
                }
            }
            (Pending::TownBuild { incentive }, Action::Build { at, via, cover, .. }) => {
                let source = BuildSource::Incentive(incentive);
                if let Ok(plan) = self.check_build::<Silent>(seat, source, at, via, cover) {
                    self.build(seat, source, at, plan, sink);
                }
            }
            (Pending::Incentive { city }, Action::Take(incentive)) => {
                self.offers[city].retain(|&i| i != incentive);
                self.players[seat].incentives.push(incentive);
                self.take_immediate(seat, incentive);
            }
            (Pending::Marker, Action::Marker(subsidy)) => self.players[seat].markers[subsidy] += 1,
            (Pending::Rondel, Action::Rondel(n)) => {
                self.rondel = (self.rondel + n) % content.subsidies.len();
                self.players[seat].markers[self.rondel] += 1;
            }
            (Pending::Lobby { then_gain }, _) => {
                if let Action::Lobby { from, to } = *action {
                    let markers = &mut self.players[seat].markers;
                    markers[from] -= 1;
                    markers[to] += 1;
                }
                if let Some(subsidy) = then_gain {
                    self.players[seat].markers[subsidy] += 1;
                }
            }
            (Pending::Depot { .. }, Action::Gain(resource)) => {
                *self.players[seat].res.get_mut(resource) += 1;
            }
            (Pending::BackRoom { target, given }, Action::Give(subsidy)) => {
                let markers = &mut self.players[seat].markers;
                markers[subsidy] -= 1;
                if given + 1 >= content.back_room.markers {
                    markers[target] += 1;
                } else {
                    self.pending.push(Pending::BackRoom {
                        target,
                        given: given + 1,
                    });
                }
            }
            _ => {}
        }
    }

    /// What taking an incentive does at once (immediate ones), queueing any decisions it asks for.
    fn take_immediate(&mut self, seat: Seat, incentive: usize) {
        let content = self.content();
        let card = &content.incentives[incentive];
        let player = &mut self.players[seat];
        match &card.effect {
            IncentiveEffect::Gain(gain) => player.res = player.res.plus(gain),
            IncentiveEffect::GainWithSubsidy(gain) => {
                player.res = player.res.plus(gain);
                self.pending.push(Pending::Marker);
            }
            IncentiveEffect::RondelMoves(n) => {
                for _ in 0..*n {
                    self.pending.push(Pending::Rondel);
                }
            }
            IncentiveEffect::Income(track) => self.raise(seat, *track),
            IncentiveEffect::LobbyThenGain(_) => self.lobby(seat, card.subsidy),
            // "Once per turn" counts from when the card is held (ruled 2026-11-28): the next Exchange
            // (Take Coal) this turn gets the benefit, whatever was done before. Games stored before the
            // ruling counted from the start of the turn.
            IncentiveEffect::FreeFirstExchange if self.ruled_2026_11_28 => player.exchanged = false,
            IncentiveEffect::FirstTakeCoalGain(_) if self.ruled_2026_11_28 => {
                player.took_coal = false;
            }
            IncentiveEffect::TownBuild(_) => self.pending.push(Pending::TownBuild { incentive }),
            _ => {}
        }
    }

    /// A Lobbyist or Lobby Pass for `seat`: the optional move of one of its markers is asked only when
    /// it has a marker to move (ruled 2026-11-28; games stored before the ruling always asked, `skip`
    /// then being the only answer); then `then_gain`, if any, is gained.
    pub(super) fn lobby(&mut self, seat: Seat, then_gain: Option<usize>) {
        let markers = &mut self.players[seat].markers;
        if !self.ruled_2026_11_28 || markers.iter().any(|&m| m > 0) {
            self.pending.push(Pending::Lobby { then_gain });
        } else if let Some(subsidy) = then_gain {
            markers[subsidy] += 1;
        }
    }

    /// Buys the tile under `seat`'s agent (checked): action points, the fee to other agents there, the
    /// tile's subsidy; in the last round a face-down refill at once.
    fn buy(&mut self, seat: Seat, sink: &mut impl Sink) {
        let content = self.content();
        let Some(at) = self.players[seat].agent else {
            return;
        };
        let Some(tile) = self.market[at].tile else {
            return;
        };
        let fee = self.purchase_fee(seat);
        if fee.total() > 0 {
            let per = content.table.purchase_fee;
            for (other, player) in self.players.iter_mut().enumerate() {
                if other != seat && player.agent == Some(at) {
                    player.res = player.res.plus(&per);
                }
            }
        }
        let spec = &content.tiles[usize::from(tile)];
        let kind = &content.kinds[spec.kind_index];
        let player = &mut self.players[seat];
        player.ap -= kind.buy_ap;
        player.res = player.res.minus(&fee).unwrap_or_default();
        player.markers[spec.subsidy_index] += 1;
        player.tiles.push(tile);
        self.market[at].tile = None;
        if self.last_round {
            self.refill_face_down(seat, at, sink);
        }
    }

    /// Pays an upgrade's resource cost with the cover (checked).
    fn pay_upgrade(&mut self, seat: Seat, cost: Res, cover: Res) {
        let player = &self.players[seat];
        if let Ok(payment) =
            pay_with_cover::<Silent>(player, cost, cover, Some(DiscountOn::Upgrade))
        {
            payment.settle(&mut self.players[seat]);
        }
    }

    /// Moves a held tile of this kind to the discards.
    fn use_tile(&mut self, seat: Seat, kind: usize) {
        let content = self.content();
        let player = &mut self.players[seat];
        let found = player
            .tiles
            .iter()
            .position(|&t| content.tiles[usize::from(t)].kind_index == kind);
        if let Some(index) = found {
            let tile = player.tiles.remove(index);
            player.used_tiles += 1;
            self.discards.push(tile);
        }
    }

    /// Raises an income track one step (a step past the top is lost).
    pub(super) fn raise(&mut self, seat: Seat, track: Track) {
        let top = self.content().top(track);
        let space = &mut self.players[seat].tracks[track.index()];
        *space = (*space + 1).min(top);
    }
}

/// Gives `give` and receives `take` (checked).
fn trade(res: &mut Res, give: &Res, take: &Res) {
    *res = res.minus(give).unwrap_or(*res).plus(take);
}

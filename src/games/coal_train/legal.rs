//! Listing the legal steps: candidates for the phase and the decision owed, kept when the silent check
//! (`check.rs`) passes them, so the list and the refusals never disagree.

use std::cell::RefCell;

use super::building::BuildSource;
use super::content::{
    Content, DiscountOn, IncentiveKind, LocationKind, MOST_CONNECTIONS, SubsidyEffect,
};
use super::discount::covers;
use super::market::reachable;
use super::notation::Action;
use super::refuse::Silent;
use super::resources::Res;
use super::state::{CENTRE, CoalTrain, Pending, Phase, SPACES};
use super::trades::trades;
use crate::game::Seat;

/// Every trade of 1 to `max` units of what `have` holds, as steps made by `make`.
fn trades_into(have: &Res, max: u32, out: &mut Vec<Action>, make: impl Fn(Res, Res) -> Action) {
    out.extend(
        trades(max, have)
            .iter()
            .map(|&(give, take)| make(give, take)),
    );
}

/// The verdict on each kind of trade in one listing, once its first candidate is checked.
#[derive(Default)]
struct TradeVerdicts {
    /// A bit per kind judged (bit 0 the Exchange, bit 1 + s the trading subsidy `s`).
    judged: u64,
    /// A bit per kind found legal.
    legal: u64,
}

impl TradeVerdicts {
    /// The kind of trade a step is (its bit), or None for any other step.
    fn kind_of(action: &Action) -> Option<u64> {
        match *action {
            Action::Exchange { .. } => Some(1),
            Action::Trade { subsidy, .. } => 1u64.checked_shl(subsidy as u32 + 1),
            _ => None,
        }
    }

    /// The verdict on this kind, judged by `check` the first time.
    fn judge(&mut self, kind: u64, check: impl FnOnce() -> bool) -> bool {
        if self.judged & kind == 0 {
            self.judged |= kind;
            if check() {
                self.legal |= kind;
            }
        }
        self.legal & kind != 0
    }
}

impl CoalTrain {
    /// Every legal step of `seat` now, into `out` (cleared first).
    ///
    /// Trades are judged once per kind (the Exchange, each trading subsidy): the candidates of one kind
    /// differ only in what they give and receive, and [`trades_into`] makes only trades that
    /// `check_trade` accepts for the units held, so the first one's verdict (action points, markers)
    /// holds for them all. The listing test compares the list with what `apply` accepts.
    pub(super) fn legal_into_steps(&self, seat: Seat, out: &mut Vec<Action>) {
        self.candidates_into(seat, out);
        let mut verdicts = TradeVerdicts::default();
        out.retain(|a| match TradeVerdicts::kind_of(a) {
            Some(kind) => verdicts.judge(kind, || self.check::<Silent>(seat, a).is_ok()),
            None => self.check::<Silent>(seat, a).is_ok(),
        });
    }

    /// Whether `seat` has a legal step other than `end` (stops at the first found).
    pub(super) fn can_do_more(&self, seat: Seat) -> bool {
        thread_local! {
            static CANDIDATES: RefCell<Vec<Action>> = const { RefCell::new(Vec::new()) };
        }
        CANDIDATES.with_borrow_mut(|candidates| {
            self.candidates_into(seat, candidates);
            candidates
                .iter()
                .any(|a| *a != Action::End && self.check::<Silent>(seat, a).is_ok())
        })
    }

    /// The steps worth checking for `seat` now, into `out` (cleared first): the phase's and the pending
    /// decision's, every legal one among them.
    fn candidates_into(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if self.seat_to_act() != Some(seat) {
            return;
        }
        let content = Content::get();
        match (self.phase, self.pending.last().copied()) {
            (Phase::Subsidies(_), _) | (_, Some(Pending::Marker)) => {
                out.extend((0..content.subsidies.len()).map(Action::Marker));
            }
            (_, Some(Pending::Place { .. })) => {
                out.extend((0..SPACES).map(Action::Place));
                out.extend((0..SPACES).map(Action::Swap));
            }
            (_, Some(Pending::SecondBuild { kind, .. })) => {
                out.push(Action::Stop);
                self.build_candidates(seat, BuildSource::Tile(kind, false), out);
                self.subsidy_candidates(seat, out);
            }
            (_, Some(Pending::Incentive { city })) => {
                out.extend(self.offers[city].iter().map(|&i| Action::Take(i)));
            }
            (_, Some(Pending::TownBuild { incentive })) => {
                out.push(Action::Skip);
                self.build_candidates(seat, BuildSource::Incentive(incentive), out);
            }
            (_, Some(Pending::Rondel)) => {
                out.extend((1..=content.rondel_max_move).map(Action::Rondel));
            }
            (_, Some(Pending::Lobby { .. })) => {
                out.push(Action::Skip);
                let n = content.subsidies.len();
                for from in (0..n).filter(|&s| self.players[seat].markers[s] > 0) {
                    out.extend(
                        (0..n)
                            .filter(|&to| to != from)
                            .map(|to| Action::Lobby { from, to }),
                    );
                }
            }
            (_, Some(Pending::Depot { stop })) => {
                out.extend(
                    content.whistlestops[stop]
                        .choose_one
                        .iter()
                        .map(|&r| Action::Gain(r)),
                );
            }
            (_, Some(Pending::BackRoom { .. })) => {
                out.extend((0..content.subsidies.len()).map(Action::Give));
            }
            (Phase::Actions, None) => self.action_candidates(seat, out),
            _ => {}
        }
    }

    /// Every legal step of `seat` now.
    pub(super) fn legal_steps(&self, seat: Seat) -> Vec<Action> {
        let mut out = Vec::new();
        self.legal_into_steps(seat, &mut out);
        out
    }

    fn action_candidates(&self, seat: Seat, out: &mut Vec<Action>) {
        let content = Content::get();
        let player = &self.players[seat];
        out.push(Action::End);
        out.extend(reachable(player.agent).map(Action::Step));
        out.push(Action::Buy);
        let held = player.tiles.iter().fold(0u64, |bits, &t| {
            bits | 1 << content.tiles[usize::from(t)].kind_index
        });
        for kind in (0..content.kinds.len()).filter(|&k| held & (1 << k) != 0) {
            let spec = &content.kinds[kind];
            if spec.build.is_some() {
                self.build_candidates(seat, BuildSource::Tile(kind, true), out);
            }
            if let Some(upgrade) = &spec.upgrade {
                for cover in covers(player, upgrade.cost, Some(DiscountOn::Upgrade)) {
                    out.push(Action::Upgrade { kind, cover });
                }
            }
            if spec.free_gain.is_some() {
                out.push(Action::FreeUse(kind));
            }
        }
        let standard = &content.table.standard_upgrade;
        if player.agent == Some(CENTRE) {
            for &track in &standard.tracks {
                for cover in covers(player, standard.cost, Some(DiscountOn::Upgrade)) {
                    out.push(Action::Standard { track, cover });
                }
            }
        }
        trades_into(
            &player.res,
            content.table.exchange.max,
            out,
            |give, take| Action::Exchange { give, take },
        );
        out.push(Action::TakeCoal);
        out.extend(
            player
                .incentives
                .iter()
                .filter(|&&i| content.incentives[i].kind == IncentiveKind::Pay)
                .map(|&i| Action::Pay(i)),
        );
        self.subsidy_candidates(seat, out);
    }

    fn subsidy_candidates(&self, seat: Seat, out: &mut Vec<Action>) {
        let content = Content::get();
        let player = &self.players[seat];
        for (subsidy, spec) in content.subsidies.iter().enumerate() {
            if player.markers[subsidy] < spec.markers {
                continue;
            }
            match spec.effect {
                SubsidyEffect::Gain(_) | SubsidyEffect::Ap(_) | SubsidyEffect::Income(_) => {
                    out.push(Action::Spend(subsidy));
                }
                SubsidyEffect::Trade(max) => {
                    trades_into(&player.res, max, out, |give, take| Action::Trade {
                        subsidy,
                        give,
                        take,
                    });
                }
                SubsidyEffect::Teleport => {
                    out.extend((0..SPACES).map(|to| Action::Teleport { subsidy, to }));
                }
                SubsidyEffect::Discount { .. } => {}
            }
        }
        if player.marker_count() >= content.back_room.markers {
            out.extend((0..content.subsidies.len()).map(Action::BackRoom));
        }
    }

    /// Build steps worth listing: each location, one connection per distinct extra cost, each cover.
    fn build_candidates(&self, seat: Seat, source: BuildSource, out: &mut Vec<Action>) {
        let content = Content::get();
        let player = &self.players[seat];
        let tile = match source {
            BuildSource::Tile(kind, true) => Some(kind),
            _ => None,
        };
        for (at, location) in content.map.locations.iter().enumerate() {
            if self.has_station(seat, at) {
                continue;
            }
            let mut vias = [(None, Res::NONE); MOST_CONNECTIONS];
            let mut count = 0;
            if player.stations == 0 {
                count = 1;
            } else {
                for &(n, _) in &content.map.neighbours[at] {
                    if !self.has_station(seat, n) {
                        continue;
                    }
                    if let Ok(extra) = self.connection_extra::<Silent>(seat, at, Some(n))
                        && !vias[..count].iter().any(|&(_, e)| e == extra)
                    {
                        vias[count] = (Some(n), extra);
                        count += 1;
                    }
                }
            }
            let city = location.kind == LocationKind::City;
            let base = match source {
                BuildSource::Tile(kind, _) => content.kinds[kind]
                    .build
                    .as_ref()
                    .map_or(Res::NONE, |b| if city { b.city } else { b.town }),
                BuildSource::Incentive(_) => Res::NONE,
            };
            let discount =
                (city && matches!(source, BuildSource::Tile(..))).then_some(DiscountOn::CityBuild);
            for &(via, extra) in &vias[..count] {
                for cover in covers(player, base.plus(&extra), discount) {
                    out.push(Action::Build {
                        tile,
                        at,
                        via,
                        cover,
                    });
                }
            }
        }
    }

    /// A human description of a step.
    pub(super) fn describe(&self, action: &Action) -> String {
        super::labels::describe(self, action)
    }
}

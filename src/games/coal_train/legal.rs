//! Listing the legal steps: candidates for the phase and the decision owed, kept when the silent check
//! (`check.rs`) passes them, so the list and the refusals never disagree.

use super::building::BuildSource;
use super::content::{Content, DiscountOn, IncentiveKind, LocationKind, SubsidyEffect};
use super::discount::covers;
use super::market::reachable;
use super::notation::Action;
use super::refuse::Silent;
use super::resources::{Res, Resource};
use super::state::{CoalTrain, Pending, Phase, SPACES};
use crate::game::Seat;

/// Every amount of `units` units over the resources `give` does not hold.
fn takes(give: &Res, units: u32) -> impl Iterator<Item = Res> {
    let mut cap = Res::NONE;
    for resource in Resource::ALL {
        if !give.has(resource) {
            *cap.get_mut(resource) = units;
        }
    }
    cap.parts(units, units).collect::<Vec<_>>().into_iter()
}

/// Every trade of 1 to `max` units from `have`.
fn trades(have: &Res, max: u32, out: &mut Vec<(Res, Res)>) {
    for give in have.parts(1, max) {
        for take in takes(&give, give.total()) {
            out.push((give, take));
        }
    }
}

impl CoalTrain {
    /// Every legal step of `seat` now, into `out` (cleared first).
    pub(super) fn legal_into_steps(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if self.seat_to_act() != Some(seat) {
            return;
        }
        let content = Content::get();
        let mut candidates = Vec::new();
        match (self.phase, self.pending.last().copied()) {
            (Phase::Subsidies(_), _) | (_, Some(Pending::Marker)) => {
                candidates.extend((0..content.subsidies.len()).map(Action::Marker));
            }
            (_, Some(Pending::Place { tile })) => candidates = self.placements(seat, tile),
            (_, Some(Pending::SecondBuild { kind, .. })) => {
                candidates.push(Action::Stop);
                self.build_candidates(seat, BuildSource::Tile(kind, false), &mut candidates);
                self.subsidy_candidates(seat, &mut candidates);
            }
            (_, Some(Pending::Incentive { city })) => {
                candidates.extend(self.offers[city].iter().map(|&i| Action::Take(i)));
            }
            (_, Some(Pending::TownBuild { incentive })) => {
                candidates.push(Action::Skip);
                self.build_candidates(seat, BuildSource::Incentive(incentive), &mut candidates);
            }
            (_, Some(Pending::Rondel)) => {
                candidates.extend((1..=content.rondel_max_move).map(Action::Rondel));
            }
            (_, Some(Pending::Lobby { .. })) => {
                candidates.push(Action::Skip);
                let n = content.subsidies.len();
                for from in (0..n).filter(|&s| self.players[seat].markers[s] > 0) {
                    candidates.extend(
                        (0..n)
                            .filter(|&to| to != from)
                            .map(|to| Action::Lobby { from, to }),
                    );
                }
            }
            (_, Some(Pending::Depot { stop })) => {
                candidates.extend(
                    content.whistlestops[stop]
                        .choose_one
                        .iter()
                        .map(|&r| Action::Gain(r)),
                );
            }
            (_, Some(Pending::BackRoom { .. })) => {
                candidates.extend((0..content.subsidies.len()).map(Action::Give));
            }
            (Phase::Actions, None) => self.action_candidates(seat, &mut candidates),
            _ => {}
        }
        out.extend(
            candidates
                .into_iter()
                .filter(|a| self.check::<Silent>(seat, a).is_ok()),
        );
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
        let mut kinds: Vec<usize> = player
            .tiles
            .iter()
            .map(|&t| content.tiles[usize::from(t)].kind_index)
            .collect();
        kinds.sort_unstable();
        kinds.dedup();
        for kind in kinds {
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
        for &track in &standard.tracks {
            for cover in covers(player, standard.cost, Some(DiscountOn::Upgrade)) {
                out.push(Action::Standard { track, cover });
            }
        }
        let mut list = Vec::new();
        trades(&player.res, content.table.exchange.max, &mut list);
        out.extend(
            list.into_iter()
                .map(|(give, take)| Action::Exchange { give, take }),
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
                    let mut list = Vec::new();
                    trades(&player.res, max, &mut list);
                    out.extend(list.into_iter().map(|(give, take)| Action::Trade {
                        subsidy,
                        give,
                        take,
                    }));
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
            let mut vias: Vec<(Option<usize>, Res)> = Vec::new();
            if player.stations == 0 {
                vias.push((None, Res::NONE));
            } else {
                for &(n, _) in &content.map.neighbours[at] {
                    if !self.has_station(seat, n) {
                        continue;
                    }
                    if let Ok(extra) = self.connection_extra::<Silent>(seat, at, Some(n))
                        && !vias.iter().any(|&(_, e)| e == extra)
                    {
                        vias.push((Some(n), extra));
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
            for (via, extra) in vias {
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

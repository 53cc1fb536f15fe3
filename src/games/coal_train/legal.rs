//! Listing the legal steps: candidates for the phase and the decision owed, kept when the silent check
//! (`check.rs`) passes them, so the list and the refusals never disagree.

use std::cell::RefCell;

use super::bits::set_bits;
use super::building::BuildSource;
use super::content::{DiscountOn, IncentiveKind, LocationKind, MOST_CONNECTIONS, SubsidyEffect};
use super::discount::covers;
use super::market::reachable;
use super::notation::{Action, byte};
use super::refuse::Silent;
use super::resources::Res;
use super::state::{CENTRE, CoalTrain, Pending, Phase, SPACES};
use super::trades::{TradeKind, trade_steps};
use crate::game::Seat;

/// The legal steps of one seat, found while the candidates are made: each candidate is checked as it is
/// offered and kept when legal, so the list keeps the order the candidates are made in, and nothing is
/// made twice.
struct Listing<'a> {
    game: &'a CoalTrain,
    seat: Seat,
    out: &'a mut Vec<Action>,
    /// Steps enough: once the list is this long, later candidates are not checked.
    limit: usize,
    /// Where the seat's turn is known to be, which says the check its candidates must pass.
    stage: Stage,
}

/// Where the listing's seat is known to be, so that each candidate goes to the check `check` would
/// pass it to.
#[derive(Clone, Copy)]
enum Stage {
    /// Nothing known: the whole check (whose turn, the phase, the decision owed, the step's rule).
    Unknown,
    /// The seat takes its actions with nothing pending ([`CoalTrain::takes_actions`]), where `check` is
    /// `check_action`.
    Actions,
}

impl Listing<'_> {
    /// Keeps `action` if it is legal now. Inlined, with the check, where each candidate is made: no call
    /// per candidate (callgrind: 16% fewer instructions a random game with the check inlined).
    #[inline(always)]
    fn offer(&mut self, action: Action) {
        if self.out.len() >= self.limit {
            return;
        }
        let legal = match self.stage {
            Stage::Unknown => self.game.check::<Silent>(self.seat, &action),
            Stage::Actions => self.game.check_action::<Silent>(self.seat, &action),
        };
        if legal.is_ok() {
            self.out.push(action);
        }
    }

    /// Keeps each of `actions` that is legal now.
    #[inline(always)]
    fn offer_each(&mut self, actions: impl IntoIterator<Item = Action>) {
        for action in actions {
            self.offer(action);
        }
    }

    /// Keeps every trade step of `steps` (one kind's, made by [`trade_steps`]) if the first is legal.
    /// The trades of one kind (the Exchange, a trading subsidy) differ only in what they give and
    /// receive, and [`trade_steps`] makes only trades that `check_trade` accepts for the units held, so
    /// the first one's verdict (action points, markers) holds for them all. The listing test compares
    /// the list with what `apply` accepts.
    fn offer_trades(&mut self, steps: &[Action]) {
        let Some((&first, rest)) = steps.split_first() else {
            return;
        };
        let before = self.out.len();
        self.offer(first);
        if self.out.len() > before {
            let room = self.limit.saturating_sub(self.out.len()).min(rest.len());
            self.out.extend_from_slice(&rest[..room]);
        }
    }
}

impl CoalTrain {
    /// Every legal step of `seat` now, into `out` (cleared first).
    pub(super) fn legal_into_steps(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        self.list(&mut Listing {
            game: self,
            seat,
            out,
            limit: usize::MAX,
            stage: Stage::Unknown,
        });
    }

    /// Whether `seat` has a legal step other than `end`. A step its check passes is legal whoever offers
    /// it, so the subsidies, which need no action points and so are what is most often left, are tried
    /// first; then the listing, until its second legal step (`end` is listed once at most).
    pub(super) fn can_do_more(&self, seat: Seat) -> bool {
        thread_local! {
            static FOUND: RefCell<Vec<Action>> = const { RefCell::new(Vec::new()) };
        }
        FOUND.with_borrow_mut(|found| {
            found.clear();
            let mut listing = Listing {
                game: self,
                seat,
                out: found,
                limit: 1,
                stage: Stage::Unknown,
            };
            self.subsidy_candidates(&mut listing);
            if listing.out.is_empty() {
                listing.limit = 2;
                self.list(&mut listing);
            }
            listing.out.iter().any(|a| *a != Action::End)
        })
    }

    /// Offers the steps worth checking for the listing's seat now: the phase's and the pending
    /// decision's, every legal one among them.
    fn list(&self, listing: &mut Listing) {
        let seat = listing.seat;
        if self.seat_to_act() != Some(seat) {
            return;
        }
        let content = self.content();
        match (self.phase, self.pending.last().copied()) {
            (Phase::Subsidies(_), _) | (_, Some(Pending::Marker)) => {
                listing.offer_each((0..content.subsidies.len()).map(Action::Marker));
            }
            (_, Some(Pending::Place { .. })) => {
                listing.offer_each(
                    (0..SPACES)
                        .filter(|&s| self.is_empty_space(s))
                        .map(Action::Place),
                );
                listing.offer_each(
                    (0..SPACES)
                        .filter(|&s| self.whistlestop_index_at(s).is_some())
                        .map(Action::Swap),
                );
            }
            (_, Some(Pending::SecondBuild { kind, .. })) => {
                listing.offer(Action::Stop);
                self.build_candidates(listing, BuildSource::Tile(kind, false));
                self.subsidy_candidates(listing);
            }
            (_, Some(Pending::Incentive { city })) => {
                listing.offer_each(self.offers[city].iter().map(|&i| Action::Take(i)));
            }
            (_, Some(Pending::TownBuild { incentive })) => {
                listing.offer(Action::Skip);
                self.build_candidates(listing, BuildSource::Incentive(incentive));
            }
            (_, Some(Pending::Rondel)) => {
                listing.offer_each((1..=content.rondel_max_move).map(Action::Rondel));
            }
            (_, Some(Pending::Lobby { .. })) => {
                listing.offer(Action::Skip);
                let n = content.subsidies.len();
                for from in (0..n).filter(|&s| self.players[seat].markers[s] > 0) {
                    listing.offer_each(
                        (0..n)
                            .filter(|&to| to != from)
                            .map(|to| Action::Lobby { from, to }),
                    );
                }
            }
            (_, Some(Pending::Depot { stop })) => {
                listing.offer_each(
                    content.whistlestops[stop]
                        .choose_one
                        .iter()
                        .map(|&r| Action::Gain(r)),
                );
            }
            (_, Some(Pending::BackRoom { .. })) => {
                listing.offer_each((0..content.subsidies.len()).map(Action::Give));
            }
            _ if self.takes_actions() => {
                listing.stage = Stage::Actions;
                self.action_candidates(listing);
            }
            _ => {}
        }
    }

    /// Every legal step of `seat` now.
    pub(super) fn legal_steps(&self, seat: Seat) -> Vec<Action> {
        let mut out = Vec::new();
        self.legal_into_steps(seat, &mut out);
        out
    }

    fn action_candidates(&self, listing: &mut Listing) {
        let content = self.content();
        let player = &self.players[listing.seat];
        listing.offer(Action::End);
        listing.offer_each(reachable(player.agent).map(Action::Step));
        listing.offer(Action::Buy);
        let held = player.tiles.iter().fold(0u64, |bits, &t| {
            bits | 1 << content.tiles[usize::from(t)].kind_index
        });
        for kind in set_bits(held) {
            let spec = &content.kinds[kind];
            if spec.build.is_some() {
                self.build_candidates(listing, BuildSource::Tile(kind, true));
            }
            if let Some(upgrade) = &spec.upgrade {
                listing.offer_each(
                    covers(player, upgrade.cost, Some(DiscountOn::Upgrade))
                        .map(|cover| Action::Upgrade { kind, cover }),
                );
            }
            if spec.free_gain.is_some() {
                listing.offer(Action::FreeUse(kind));
            }
        }
        let standard = &content.table.standard_upgrade;
        if player.agent == Some(CENTRE) {
            for &track in &standard.tracks {
                listing.offer_each(
                    covers(player, standard.cost, Some(DiscountOn::Upgrade))
                        .map(|cover| Action::Standard { track, cover }),
                );
            }
        }
        listing.offer_trades(trade_steps(TradeKind::Exchange, &player.res));
        listing.offer(Action::TakeCoal);
        listing.offer_each(
            player
                .incentives
                .iter()
                .filter(|&&i| content.incentives[i].kind == IncentiveKind::Pay)
                .map(|&i| Action::Pay(i)),
        );
        self.subsidy_candidates(listing);
    }

    fn subsidy_candidates(&self, listing: &mut Listing) {
        let content = self.content();
        let player = &self.players[listing.seat];
        let held = player.marker_count();
        // Every subsidy and the Back Room take a marker at least (the content check says so).
        if held == 0 {
            return;
        }
        for (subsidy, (spec, &markers)) in content.subsidies.iter().zip(&player.markers).enumerate()
        {
            if markers < spec.markers {
                continue;
            }
            match spec.effect {
                SubsidyEffect::Gain(_) | SubsidyEffect::Ap(_) | SubsidyEffect::Income(_) => {
                    listing.offer(Action::Spend(subsidy));
                }
                SubsidyEffect::Trade(_) => {
                    listing.offer_trades(trade_steps(TradeKind::Subsidy(subsidy), &player.res));
                }
                SubsidyEffect::Teleport => {
                    listing.offer_each((0..SPACES).map(|to| Action::Teleport { subsidy, to }));
                }
                SubsidyEffect::Discount { .. } => {}
            }
        }
        if held >= content.back_room.markers {
            listing.offer_each((0..content.subsidies.len()).map(Action::BackRoom));
        }
    }

    /// Build steps worth listing: each location the seat may reach (anywhere for a first station, else
    /// next to its network), one connection per distinct extra cost, each cover.
    fn build_candidates(&self, listing: &mut Listing, source: BuildSource) {
        let content = self.content();
        let seat = listing.seat;
        let player = &self.players[seat];
        let tile = match source {
            BuildSource::Tile(kind, true) => Some(byte(kind)),
            _ => None,
        };
        let network = self.network(seat);
        let reach = if player.stations == 0 {
            u64::MAX
        } else {
            set_bits(network).fold(0, |bits, s| bits | content.map.neighbour_bits[s])
        };
        let locations = u64::MAX.checked_shr(64 - content.map.locations.len() as u32);
        let open = reach & !network & locations.unwrap_or(0);
        for at in set_bits(open) {
            let mut vias = [(None, Res::NONE); MOST_CONNECTIONS];
            let mut count = 0;
            if player.stations == 0 {
                count = 1;
            } else {
                for &(n, _) in &content.map.neighbours[at] {
                    if network & 1 << n == 0 {
                        continue;
                    }
                    if let Ok(extra) = self.connection_extra::<Silent>(seat, at, Some(n))
                        && !vias[..count].iter().any(|&(_, e)| e == extra)
                    {
                        vias[count] = (Some(byte(n)), extra);
                        count += 1;
                    }
                }
            }
            let city = content.map.locations[at].kind == LocationKind::City;
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
                listing.offer_each(covers(player, base.plus(&extra), discount).map(|cover| {
                    Action::Build {
                        tile,
                        at: byte(at),
                        via,
                        cover,
                    }
                }));
            }
        }
    }

    /// A human description of a step.
    pub(super) fn describe(&self, action: &Action) -> String {
        super::labels::describe(self, action)
    }
}

//! Stations: where a player may build, what a build costs (the tile's price, the connection's extra,
//! Right of Way, Zoning Variance), and what a build gives (VP, a city's incentive and rondel move, the
//! tile's and the ongoing incentives' bonuses).

use super::content::{DiscountOn, IncentiveEffect, LocationKind};
use super::discount::{Payment, pay_with_cover};
use super::refuse::{Refuse, require};
use super::resources::Res;
use super::state::{CoalTrain, Pending};
use crate::game::Seat;
use crate::games::narration::Sink;

/// What pays for a build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuildSource {
    /// A Build Station tile of this kind, its first build (`true`) or a later one.
    Tile(usize, bool),
    /// Build in Town (this incentive): no tile, no discount, no ongoing bonuses.
    Incentive(usize),
}

impl CoalTrain {
    /// The extra cost `seat` pays to reach `at` through its station at `via` (None for a first station),
    /// after Right of Way; or why that connection cannot be used.
    pub(super) fn connection_extra<R: Refuse>(
        &self,
        seat: Seat,
        at: usize,
        via: Option<usize>,
    ) -> Result<Res, R::Err> {
        let content = self.content();
        let locations = &content.map.locations;
        let first = self.players[seat].stations == 0;
        let Some(via) = via else {
            return if first {
                Ok(Res::NONE)
            } else {
                Err(R::refuse(|| {
                    format!(
                        "Say which of your stations reaches {} (`via <location>`): later stations must be \
                         next to your network.",
                        locations[at].slug
                    )
                }))
            };
        };
        require::<R>(!first, || {
            "Your first station goes anywhere: leave out `via`.".to_string()
        })?;
        require::<R>(self.has_station(seat, via), || {
            format!("You have no station in {}.", locations[via].name)
        })?;
        let extra = content.map.neighbours[via]
            .iter()
            .find(|&&(n, _)| n == at)
            .map(|&(_, extra)| extra);
        let Some(extra) = extra else {
            return Err(R::refuse(|| {
                format!(
                    "{} and {} are not connected.",
                    locations[via].name, locations[at].name
                )
            }));
        };
        let ignored = self.players[seat]
            .incentives
            .iter()
            .any(|&i| matches!(content.incentives[i].effect, IncentiveEffect::IgnoreExtraUpTo(n) if extra.total() <= n));
        Ok(if ignored { Res::NONE } else { extra })
    }

    /// Checks a build (at and via as a step holds them) and says what it pays.
    pub(super) fn check_build<R: Refuse>(
        &self,
        seat: Seat,
        source: BuildSource,
        at: u8,
        via: Option<u8>,
        cover: Res,
    ) -> Result<Payment, R::Err> {
        let (at, via) = (usize::from(at), via.map(usize::from));
        let content = self.content();
        let Some(location) = content.map.locations.get(at) else {
            return Err(R::refuse(|| "There is no such location.".to_string()));
        };
        let player = &self.players[seat];
        require::<R>(!self.has_station(seat, at), || {
            format!("You already have a station in {}.", location.name)
        })?;
        require::<R>(player.stations < content.table.station_tokens, || {
            "You have no station tokens left.".to_string()
        })?;
        let city = location.kind == LocationKind::City;
        let (base, discount) = match source {
            BuildSource::Tile(kind, _) => {
                let Some(build) = &content.kinds[kind].build else {
                    return Err(R::refuse(|| {
                        format!("{} is not a Build Station tile.", content.kinds[kind].name)
                    }));
                };
                let base = if city { build.city } else { build.town };
                (base, city.then_some(DiscountOn::CityBuild))
            }
            BuildSource::Incentive(incentive) => {
                require::<R>(!city, || {
                    format!(
                        "{} builds only in a town; {} is a city.",
                        content.incentives[incentive].name, location.name
                    )
                })?;
                let IncentiveEffect::TownBuild(cost) = content.incentives[incentive].effect else {
                    return Err(R::refuse(|| "That incentive gives no build.".to_string()));
                };
                (cost, None)
            }
        };
        let extra = self.connection_extra::<R>(seat, at, via)?;
        pay_with_cover::<R>(player, base.plus(&extra), cover, discount)
    }

    /// Builds `seat`'s station at `at` (as a step holds it) as planned, scores it, and queues what a city
    /// gives.
    pub(super) fn build(
        &mut self,
        seat: Seat,
        source: BuildSource,
        at: u8,
        plan: Payment,
        sink: &mut impl Sink,
    ) {
        let at = usize::from(at);
        let content = self.content();
        let location = &content.map.locations[at];
        let city = location.kind == LocationKind::City;
        let player = &mut self.players[seat];
        plan.settle(player);
        player.stations += 1;
        player.vp += location.vp;
        self.stations[at] |= 1 << seat;
        if let BuildSource::Tile(kind, _) = source {
            self.tile_build_bonuses(seat, kind, city, sink);
        }
        if city {
            self.pending.push(Pending::Rondel);
            if !self.offers[at].is_empty() {
                self.pending.push(Pending::Incentive { city: at });
            }
        }
    }

    /// What a build with a tile adds: the tile's city VP and the ongoing incentives' bonuses.
    fn tile_build_bonuses(&mut self, seat: Seat, kind: usize, city: bool, sink: &mut impl Sink) {
        let content = self.content();
        let player = &mut self.players[seat];
        if city {
            player.vp += content.kinds[kind].build.as_ref().map_or(0, |b| b.city_vp);
        }
        for &i in &player.incentives {
            match (&content.incentives[i].effect, city) {
                (IncentiveEffect::CityBuildVp(vp), true) => player.vp += vp,
                (IncentiveEffect::TownBuildGain(gain), false) => player.res = player.res.plus(gain),
                _ => continue,
            }
            let name = &content.incentives[i].name;
            sink.emit(|| {
                crate::game::Event::public(format!(
                    "{} gains from {name}.",
                    crate::game::seat_ref(seat)
                ))
            });
        }
    }
}

//! A rule-based computer player for Coal Train. On a decision it takes the best-looking choice (the
//! incentive or subsidy it values most, the best build, the resource it lacks); in the actions phase
//! it goes down a list: build with a station tile it holds (the best location in reach), use its upgrade
//! tiles and the Standard Upgrade, pay its pay-once incentives, spend subsidies that give something,
//! buy the tile under its agent when it can use it, trade toward a station it cannot afford yet, walk
//! toward the nearest tile worth buying, take coal when short, and otherwise end the turn. Every
//! choice is one of the seat's legal steps, so it can never stall.

use super::content::{Content, IncentiveKind, LocationKind, SubsidyEffect};
use super::notation::{Action, parse_space};
use super::resources::{Res, Resource};
use super::state::{CoalTrain, SIDE};
use super::view::{CoalTrainView, PlayerView};
use crate::game::{BotPlayer, GameRng, SeatSight};

/// Subsidies in the order the bot likes them (keys); those missing here come last.
const SUBSIDY_TASTE: [&str; 8] = [
    "foundry",
    "mining",
    "waiver",
    "zoning",
    "infra",
    "training",
    "freetrade",
    "railpass",
];
/// Incentive kinds in the order the bot likes them.
const INCENTIVE_TASTE: [IncentiveKind; 4] = [
    IncentiveKind::Immediate,
    IncentiveKind::Pay,
    IncentiveKind::End,
    IncentiveKind::Ongoing,
];
/// VP the bot adds to a city that still has incentives beside it.
const INCENTIVE_WORTH: i32 = 3;
/// Coal below which the bot takes coal with action points to spare.
const COAL_WANTED: u32 = 4;

impl BotPlayer for CoalTrain {
    fn choose(sight: &SeatSight<'_, CoalTrain>, _rng: &mut GameRng) -> Action {
        let legal = sight.legal();
        let view = sight.view();
        let me = &view.players[sight.seat()];
        decide(&legal, &view, me)
            .or_else(|| legal.iter().copied().find(|a| *a == Action::End))
            .unwrap_or(legal[0])
    }
}

/// The bot's choice among `legal`, or None when nothing on its list applies.
fn decide(legal: &[Action], view: &CoalTrainView, me: &PlayerView) -> Option<Action> {
    let content = Content::get();
    let subsidy_rank = |s: usize| {
        SUBSIDY_TASTE
            .iter()
            .position(|k| *k == content.subsidies[s].key)
            .unwrap_or(SUBSIDY_TASTE.len())
    };
    let first = |test: &dyn Fn(&Action) -> bool| legal.iter().copied().find(|a| test(a));
    let best_by = |score: &dyn Fn(&Action) -> Option<i32>| {
        legal
            .iter()
            .filter_map(|a| score(a).map(|s| (s, *a)))
            .max_by_key(|(s, _)| *s)
            .map(|(_, a)| a)
    };
    if let Some(build) = best_by(&|a| build_worth(a, view)) {
        return Some(build);
    }
    let decision = best_by(&|a| match *a {
        Action::Marker(s) => Some(-(subsidy_rank(s) as i32)),
        Action::Take(i) => INCENTIVE_TASTE
            .iter()
            .position(|k| *k == content.incentives[i].kind)
            .map(|p| -(p as i32)),
        Action::Rondel(n) => {
            let at = view.rondel_order.iter().position(|s| *s == view.rondel)?;
            Some(-(subsidy_rank((at + n) % view.rondel_order.len()) as i32))
        }
        Action::Gain(r) => Some(-(me.res.get(r) as i32)),
        Action::Give(s) => Some(subsidy_rank(s) as i32),
        Action::Place(_) | Action::Swap(_) => Some(0),
        _ => None,
    });
    if decision.is_some() {
        return decision;
    }
    if let Some(skip) = first(&|a| matches!(a, Action::Skip | Action::Stop)) {
        return Some(skip);
    }
    first(&|a| matches!(a, Action::Upgrade { cover, .. } if cover.total() == 0))
        .or_else(|| first(&|a| matches!(a, Action::Upgrade { .. })))
        .or_else(|| best_by(&|a| standard_worth(a, me)))
        .or_else(|| first(&|a| matches!(a, Action::FreeUse(_))))
        .or_else(|| first(&|a| matches!(a, Action::Pay(_))))
        .or_else(|| {
            first(&|a| {
                matches!(a, Action::Spend(s) if matches!(
                    content.subsidies[*s].effect,
                    SubsidyEffect::Gain(_) | SubsidyEffect::Income(_)
                ))
            })
        })
        .or_else(|| first(&|a| *a == Action::Buy && wants_tile_under(view, me)))
        .or_else(|| best_by(&|a| exchange_worth(a, me)))
        .or_else(|| best_by(&|a| step_worth(a, view, me)))
        .or_else(|| first(&|a| *a == Action::TakeCoal && me.res.coal < COAL_WANTED))
}

/// How much a build is worth: the location's VP, more for a city with incentives left, less for the
/// units of subsidy markers it spends.
fn build_worth(action: &Action, view: &CoalTrainView) -> Option<i32> {
    let Action::Build { at, cover, .. } = *action else {
        return None;
    };
    let location = &view.locations[usize::from(at)];
    let incentives = match location.kind {
        LocationKind::City if !location.incentives.is_empty() => INCENTIVE_WORTH,
        _ => 0,
    };
    Some(10 * (location.vp + incentives) - cover.total() as i32)
}

/// The Standard Upgrade on the lowest of the bot's tracks (action points first on a tie).
fn standard_worth(action: &Action, me: &PlayerView) -> Option<i32> {
    let Action::Standard { track, cover } = *action else {
        return None;
    };
    let top = Content::get().top(track) as i32;
    let room = top - me.track_spaces[track.index()] as i32;
    (room > 0).then(|| 10 * room - cover.total() as i32)
}

/// Whether the face-up tile under the bot's agent is one it can use: a station tile, or an upgrade
/// of a track not at its top.
fn wants_tile_under(view: &CoalTrainView, me: &PlayerView) -> bool {
    let space = me.agent.as_deref().and_then(|a| parse_space(a).ok());
    space
        .and_then(|s| view.market[s].kind)
        .is_some_and(|kind| wanted(kind, me))
}

/// Whether a tile kind is worth buying for the bot.
fn wanted(kind: usize, me: &PlayerView) -> bool {
    let content = Content::get();
    let kind = &content.kinds[kind];
    match &kind.upgrade {
        _ if kind.build.is_some() => true,
        Some(up) => me.track_spaces[up.track.index()] < content.top(up.track),
        None => false,
    }
}

/// The resources the bot lacks for the cheapest town build of a station tile it holds.
fn lacking(me: &PlayerView) -> Res {
    let content = Content::get();
    me.tile_kinds
        .iter()
        .filter_map(|&k| content.kinds[k].build.as_ref())
        .map(|build| build.town)
        .min_by_key(|cost| cost.minus(&me.res).map_or(cost.total(), |_| 0))
        .map_or(Res::NONE, |cost| {
            let mut short = Res::NONE;
            for r in Resource::ALL {
                *short.get_mut(r) = cost.get(r).saturating_sub(me.res.get(r));
            }
            short
        })
}

/// An Exchange is worth making when it gives only what the bot lacks for a station, from a surplus.
fn exchange_worth(action: &Action, me: &PlayerView) -> Option<i32> {
    let Action::Exchange { give, take } = *action else {
        return None;
    };
    let short = lacking(me);
    let fits = Resource::ALL
        .iter()
        .all(|&r| take.get(r) <= short.get(r) && (give.get(r) == 0 || short.get(r) == 0));
    (short.total() > 0 && fits).then(|| take.total() as i32)
}

/// A step is worth taking when it brings the agent nearer a wanted tile it can still afford to buy
/// this turn; the nearer, the better.
fn step_worth(action: &Action, view: &CoalTrainView, me: &PlayerView) -> Option<i32> {
    let Action::Step(to) = *action else {
        return None;
    };
    let content = Content::get();
    let (tx, ty) = (to % SIDE, to / SIDE);
    view.market
        .iter()
        .enumerate()
        .filter_map(|(s, space)| {
            let kind = space.kind.filter(|&k| wanted(k, me))?;
            let distance = (tx.abs_diff(s % SIDE) + ty.abs_diff(s / SIDE)) as u32;
            let cost = 1 + distance + content.kinds[kind].buy_ap;
            (cost <= me.ap).then_some(-(distance as i32))
        })
        .max()
}

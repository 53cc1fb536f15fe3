//! A rule-based computer player for Coal Train. On a decision it takes the best-looking choice (the
//! incentive or subsidy it values most, the best build, the resource it lacks); in the actions phase
//! it goes down a list: build with a station tile it holds (the best location in reach), use its upgrade
//! tiles and the Standard Upgrade, pay its pay-once incentives, spend subsidies that give something,
//! buy the tile under its agent when it can use it, trade toward a station it cannot afford yet, walk
//! toward the nearest tile worth buying, take coal when short, and otherwise end the turn. Every
//! choice is one of the seat's legal steps, so it can never stall. The same list plays the hard bot's
//! playouts, reading a sampled full state through a `Glance` instead of a view.

use super::content::{Content, IncentiveKind, LocationKind, SubsidyEffect};
use super::notation::{Action, parse_space};
use super::resources::{Res, Resource};
use super::state::{CENTRE, CoalTrain, SIDE, SPACES};
use super::view::CoalTrainView;
use crate::game::{BotPlayer, GameRng, Seat, SeatSight};

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
        favourite(&legal, &Glance::of_view(&view, sight.seat()))
    }
}

/// What the bot's list reads of the table, the same whether it comes from a seat's view (the normal
/// bot) or from a full state (the search's playouts, which cannot afford a view a step).
pub(super) struct Glance {
    /// The kind of the face-up market tile on each space (none on the centre, a whistlestop, a face-down
    /// tile or an empty space).
    market: [Option<usize>; SPACES],
    /// The cities that still have incentives beside them, a bit per location.
    offering: u64,
    /// The rondel loco's space (a subsidy index).
    rondel: usize,
    /// The bot's resources.
    res: Res,
    /// The bot's income track spaces.
    tracks: [usize; 4],
    /// The kinds of the bot's unused tiles.
    tile_kinds: Vec<usize>,
    /// The bot's agent's space.
    agent: Option<usize>,
    /// The bot's action points left.
    ap: u32,
}

impl Glance {
    /// What `seat` reads of its view.
    fn of_view(view: &CoalTrainView, seat: Seat) -> Glance {
        let me = &view.players[seat];
        Glance {
            market: std::array::from_fn(|s| view.market[s].kind),
            offering: view
                .locations
                .iter()
                .enumerate()
                .filter(|(_, l)| l.kind == LocationKind::City && !l.incentives.is_empty())
                .fold(0, |bits, (at, _)| bits | 1 << at),
            rondel: view
                .rondel_order
                .iter()
                .position(|s| *s == view.rondel)
                .unwrap_or(0),
            res: me.res,
            tracks: me.track_spaces,
            tile_kinds: me.tile_kinds.clone(),
            agent: me.agent.as_deref().and_then(|a| parse_space(a).ok()),
            ap: me.ap,
        }
    }

    /// What `seat` reads of a full state (everyone sees the same of a table but hidden tiles, which
    /// it reads as the view shows them: no kind).
    pub(super) fn of_state(game: &CoalTrain, seat: Seat) -> Glance {
        let content = game.content();
        let me = game.player(seat);
        Glance {
            market: std::array::from_fn(|s| {
                let space = game.market()[s];
                space
                    .tile
                    .filter(|_| s != CENTRE && !space.face_down)
                    .and_then(|t| content.tiles.get(usize::from(t)))
                    .map(|t| t.kind_index)
            }),
            offering: (0..content.map.locations.len())
                .filter(|&at| !game.offers(at).is_empty())
                .fold(0, |bits, at| bits | 1 << at),
            rondel: game.rondel(),
            res: me.res,
            tracks: me.tracks,
            tile_kinds: me
                .tiles
                .iter()
                .map(|&t| content.tiles[usize::from(t)].kind_index)
                .collect(),
            agent: me.agent,
            ap: me.ap,
        }
    }
}

/// The bot's choice among `legal` (which is not empty): the first that its list picks, else `end`,
/// else the first.
pub(super) fn favourite(legal: &[Action], glance: &Glance) -> Action {
    decide(legal, glance)
        .or_else(|| legal.iter().copied().find(|a| *a == Action::End))
        .unwrap_or(legal[0])
}

/// The bot's choice among `legal`, or None when nothing on its list applies.
fn decide(legal: &[Action], me: &Glance) -> Option<Action> {
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
    if let Some(build) = best_by(&|a| build_worth(a, me)) {
        return Some(build);
    }
    let decision = best_by(&|a| match *a {
        Action::Marker(s) => Some(-(subsidy_rank(s) as i32)),
        Action::Take(i) => INCENTIVE_TASTE
            .iter()
            .position(|k| *k == content.incentives[i].kind)
            .map(|p| -(p as i32)),
        Action::Rondel(n) => {
            Some(-(subsidy_rank((me.rondel + n) % content.subsidies.len()) as i32))
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
        .or_else(|| first(&|a| *a == Action::Buy && wants_tile_under(me)))
        .or_else(|| best_by(&|a| exchange_worth(a, me)))
        .or_else(|| best_by(&|a| step_worth(a, me)))
        .or_else(|| first(&|a| *a == Action::TakeCoal && me.res.coal < COAL_WANTED))
}

/// How much a build is worth: the location's VP, more for a city with incentives left, less for the
/// units of subsidy markers it spends.
fn build_worth(action: &Action, me: &Glance) -> Option<i32> {
    let Action::Build { at, cover, .. } = *action else {
        return None;
    };
    let location = &Content::get().map.locations[usize::from(at)];
    let incentives = if me.offering >> at & 1 != 0 {
        INCENTIVE_WORTH
    } else {
        0
    };
    Some(10 * (location.vp + incentives) - cover.total() as i32)
}

/// The Standard Upgrade on the lowest of the bot's tracks (action points first on a tie).
fn standard_worth(action: &Action, me: &Glance) -> Option<i32> {
    let Action::Standard { track, cover } = *action else {
        return None;
    };
    let top = Content::get().top(track) as i32;
    let room = top - me.tracks[track.index()] as i32;
    (room > 0).then(|| 10 * room - cover.total() as i32)
}

/// Whether the face-up tile under the bot's agent is one it can use: a station tile, or an upgrade
/// of a track not at its top.
fn wants_tile_under(me: &Glance) -> bool {
    me.agent
        .and_then(|s| me.market[s])
        .is_some_and(|kind| wanted(kind, me))
}

/// Whether a tile kind is worth buying for the bot.
fn wanted(kind: usize, me: &Glance) -> bool {
    let content = Content::get();
    let kind = &content.kinds[kind];
    match &kind.upgrade {
        _ if kind.build.is_some() => true,
        Some(up) => me.tracks[up.track.index()] < content.top(up.track),
        None => false,
    }
}

/// The resources the bot lacks for the cheapest town build of a station tile it holds.
fn lacking(me: &Glance) -> Res {
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
fn exchange_worth(action: &Action, me: &Glance) -> Option<i32> {
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
fn step_worth(action: &Action, me: &Glance) -> Option<i32> {
    let Action::Step(to) = *action else {
        return None;
    };
    let content = Content::get();
    let (tx, ty) = (to % SIDE, to / SIDE);
    me.market
        .iter()
        .enumerate()
        .filter_map(|(s, kind)| {
            let kind = kind.filter(|&k| wanted(k, me))?;
            let distance = (tx.abs_diff(s % SIDE) + ty.abs_diff(s / SIDE)) as u32;
            let cost = 1 + distance + content.kinds[kind].buy_ap;
            (cost <= me.ap).then_some(-(distance as i32))
        })
        .max()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, ToAct};
    use crate::games::coal_train::CoalTrainOptions;

    #[test]
    fn a_glance_at_the_full_state_picks_what_the_normal_bot_picks_from_its_view() {
        for seed in 0..3 {
            let options = CoalTrainOptions::default();
            let mut rng = GameRng::seeded(seed);
            let setup = CoalTrain::deal(&options, 3 + seed as usize, &mut rng);
            let mut game = CoalTrain::start(options, 3 + seed as usize, setup, seed).unwrap();
            let mut steps = 0;
            while let ToAct::Seats(seats) = game.to_act() {
                let seat = seats[0];
                let legal = game.legal(seat);
                let normal = CoalTrain::choose(&SeatSight::new(&game, seat), &mut rng);
                assert_eq!(favourite(&legal, &Glance::of_state(&game, seat)), normal);
                let step = if steps % 7 == 3 {
                    legal[rng.index(legal.len())]
                } else {
                    normal
                };
                game.apply_quiet(seat, &step).unwrap();
                steps += 1;
            }
            assert!(steps > 100, "seed {seed}: a whole game was compared");
        }
    }
}

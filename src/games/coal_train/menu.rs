//! Where each Coal Train step sits in the turn panel's menus ([`crate::game::Game::menu_paths`]): steps
//! grouped by kind as a person thinks of them (step onto a space, build, use a tile, exchange, spend a
//! subsidy…), and a step of several parts split into them, chosen in turn: a build by tile, then place,
//! then route and payment; a trade by what is given, then what is taken; a Rail Pass move by row, then
//! space. Every part is short, and no level offers more than a few choices.

use super::building::BuildSource;
use super::content::{Content, DiscountOn, LocationKind, SubsidyEffect};
use super::discount::{Payment, pay_with_cover};
use super::labels::label;
use super::notation::{Action, space_name};
use super::refuse::Silent;
use super::resources::Res;
use super::state::{CENTRE, CoalTrain, Pending, SIDE};
use super::words::{
    incentive_effect, kind_name, kind_use, short, subsidy_effect, track_word, whistlestop_effect,
};
use crate::plural::counted;

/// The most choices a level should offer: a trade kind with more possible gifts than this is chosen by
/// how many units first.
const MOST_CHOICES: usize = 20;

/// The menu parts of `action`, from the kind of step down to its own short label.
pub fn menu_path(game: &CoalTrain, action: &Action) -> Vec<String> {
    let c = Content::get();
    let own = |text: &str| vec![text.to_string()];
    let sub = |s: usize| c.subsidies[s].name.clone();
    match *action {
        Action::End => own("End your actions"),
        Action::Skip => own("Skip"),
        Action::Stop => own("Stop: no second build"),
        Action::TakeCoal => own("Take coal"),
        Action::Buy => {
            let seat = acting(game);
            let lying = game.player(seat).agent.and_then(|a| game.market()[a].tile);
            match lying.and_then(|tile| c.kind_of(tile)) {
                Some(kind) => own(&format!("Buy {} for {} AP", kind_name(kind), kind.buy_ap)),
                None => vec![label(game, action)],
            }
        }
        Action::Step(to) => vec!["Step onto a space".into(), space_part(game, to)],
        Action::Build {
            tile,
            at,
            via,
            cover,
        } => build_path(game, action, tile, at, via, cover),
        Action::Upgrade { kind, cover } => {
            let payment = c.kinds[kind].upgrade.as_ref().and_then(|up| {
                let player = game.player(acting(game));
                pay_with_cover::<Silent>(player, up.cost, cover, Some(DiscountOn::Upgrade)).ok()
            });
            let mut path = vec!["Use a tile".into(), tile_part(kind)];
            match payment {
                Some(payment) => path.extend(payment_parts(&payment, cover)),
                None => path.push(label(game, action)),
            }
            path
        }
        Action::FreeUse(kind) => vec![
            "Use a tile".into(),
            tile_part(kind),
            format!(
                "free: gain {}",
                short(&c.kinds[kind].free_gain.unwrap_or_default())
            ),
        ],
        Action::Standard { track, cover } => {
            let standard = &c.table.standard_upgrade;
            let player = game.player(acting(game));
            let mut path = vec![
                format!(
                    "Standard Upgrade: {} AP + {}, income +1",
                    standard.ap,
                    short(&standard.cost)
                ),
                format!("{} income +1", track_word(track)),
            ];
            match pay_with_cover::<Silent>(player, standard.cost, cover, Some(DiscountOn::Upgrade))
            {
                Ok(payment) => path.extend(payment_parts(&payment, cover)),
                Err(()) => path.push(label(game, action)),
            }
            path
        }
        Action::Exchange { give, take } => {
            let most = c.table.exchange.max;
            let mut path = vec![format!("Exchange: trade up to {most}")];
            path.extend(trade_parts(most, give, take));
            path
        }
        Action::Pay(i) => vec![
            "Pay an incentive".into(),
            format!(
                "{}: {}",
                c.incentives[i].name,
                incentive_effect(&c.incentives[i].effect)
            ),
        ],
        Action::Spend(s) => vec!["Spend a subsidy".into(), subsidy_part(s)],
        Action::Trade {
            subsidy,
            give,
            take,
        } => {
            let s = usize::from(subsidy);
            let most = match c.subsidies[s].effect {
                SubsidyEffect::Trade(most) => most,
                _ => give.total(),
            };
            let mut path = vec!["Spend a subsidy".into(), subsidy_part(s)];
            path.extend(trade_parts(most, give, take));
            path
        }
        Action::Teleport { subsidy, to } => vec![
            "Spend a subsidy".into(),
            subsidy_part(subsidy),
            row_part(to),
            space_part(game, to),
        ],
        Action::BackRoom(s) => vec![
            format!("Back Room: {} markers for 1", c.back_room.markers),
            format!("for a {} marker", sub(s)),
        ],
        Action::Give(s) => vec![
            "Give the Back Room a marker".into(),
            format!(
                "{} (you hold {})",
                sub(s),
                game.player(acting(game)).markers[s]
            ),
        ],
        Action::Marker(s) => vec!["Take a subsidy marker".into(), subsidy_part(s)],
        Action::Lobby { from, to } => vec![
            "Move a marker".into(),
            format!(
                "from {} (you hold {})",
                sub(from),
                game.player(acting(game)).markers[from]
            ),
            format!("to {}", sub(to)),
        ],
        Action::Gain(r) => own(&format!("Gain 1 {}", r.word())),
        Action::Take(i) => vec![
            "Take an incentive".into(),
            format!(
                "{}: {}",
                c.incentives[i].name,
                incentive_effect(&c.incentives[i].effect)
            ),
        ],
        Action::Rondel(n) => {
            let to = (game.rondel() + n) % c.subsidies.len();
            vec![
                "Move the rondel loco".into(),
                format!("{}: {}", counted(n, "space"), subsidy_part(to)),
            ]
        }
        Action::Place(s) => vec!["Place the drawn tile".into(), space_name(s)],
        Action::Swap(s) => vec![
            "Swap the drawn tile with a whistlestop".into(),
            space_part(game, s),
        ],
    }
}

/// The seat taking the steps now (the current player once the game is over).
fn acting(game: &CoalTrain) -> usize {
    game.seat_to_act().unwrap_or(game.current())
}

/// A build: what pays for it, the tile (a first build with it), the place, then the route and payment.
fn build_path(
    game: &CoalTrain,
    action: &Action,
    tile: Option<u8>,
    at: u8,
    via: Option<u8>,
    cover: Res,
) -> Vec<String> {
    let c = Content::get();
    let (source, mut path) = match (tile, game.decision()) {
        (Some(kind), _) => (
            BuildSource::Tile(usize::from(kind), true),
            vec!["Build a station".into(), tile_part(usize::from(kind))],
        ),
        (None, Some(Pending::SecondBuild { kind, .. })) => (
            BuildSource::Tile(kind, false),
            vec![format!("Build again with {}", kind_name(&c.kinds[kind]))],
        ),
        (None, Some(Pending::TownBuild { incentive })) => (
            BuildSource::Incentive(incentive),
            vec![format!(
                "Build in a town ({})",
                c.incentives[incentive].name
            )],
        ),
        (None, _) => return vec![label(game, action)],
    };
    let location = &c.map.locations[usize::from(at)];
    let kind = match location.kind {
        LocationKind::City => "city",
        LocationKind::Town => "town",
    };
    path.push(format!("{} ({kind}, {} VP)", location.name, location.vp));
    let seat = acting(game);
    path.push(match via {
        None => "first station".to_string(),
        Some(via) => {
            let from = &c.map.locations[usize::from(via)].name;
            match game.connection_extra::<Silent>(seat, usize::from(at), Some(usize::from(via))) {
                Ok(extra) if extra.total() > 0 => format!("from {from} (+{} extra)", short(&extra)),
                _ => format!("from {from}"),
            }
        }
    });
    match game.check_build::<Silent>(seat, source, at, via, cover) {
        Ok(payment) => path.extend(payment_parts(&payment, cover)),
        Err(()) => path.push(label(game, action)),
    }
    path
}

/// How a cost is paid: "pay 3c+1i" (or "free") alone; with discount markers, how many of them, then
/// what they pay and what is left ("use 1 Zoning Variance marker", "it pays 2c, you pay 1c+1i").
fn payment_parts(payment: &Payment, cover: Res) -> Vec<String> {
    let c = Content::get();
    let pay = if payment.pay.total() == 0 {
        "nothing".to_string()
    } else {
        short(&payment.pay)
    };
    match payment.markers {
        None if payment.pay.total() == 0 => vec!["free".to_string()],
        None => vec![format!("pay {pay}")],
        Some((subsidy, count)) => vec![
            format!(
                "use {}",
                counted(count, &format!("{} marker", c.subsidies[subsidy].name))
            ),
            format!("markers pay {}, you pay {pay}", short(&cover)),
        ],
    }
}

/// A tile kind held and what it does ("Coal Mine A: 2c+1i for coal income +1").
fn tile_part(kind: usize) -> String {
    let kind = &Content::get().kinds[kind];
    format!("{}: {}", kind_name(kind), kind_use(kind))
}

/// A subsidy and what spending it does ("Mining Grant: gain 2c"), with its markers when it takes more
/// than one.
fn subsidy_part(subsidy: usize) -> String {
    let spec = &Content::get().subsidies[subsidy];
    let effect = subsidy_effect(&spec.effect);
    if spec.markers > 1 {
        format!("{} ({} markers): {effect}", spec.name, spec.markers)
    } else {
        format!("{}: {effect}", spec.name)
    }
}

/// A trade's parts: how many units when the kind offers too many gifts for one level, what is given,
/// what is taken.
fn trade_parts(most: u32, give: Res, take: Res) -> Vec<String> {
    let any = Res {
        coal: most,
        iron: most,
        water: most,
    };
    let mut parts = Vec::new();
    if any.parts(1, most).count() > MOST_CHOICES {
        parts.push(counted(give.total(), "resource"));
    }
    parts.push(format!("give {}", short(&give)));
    parts.push(format!("for {}", short(&take)));
    parts
}

/// A market row ("row 2: a2–e2").
fn row_part(space: usize) -> String {
    let row = space / SIDE;
    format!(
        "row {}: {}–{}",
        row + 1,
        space_name(row * SIDE),
        space_name(row * SIDE + SIDE - 1)
    )
}

/// A market space and what lies there: a tile with its price, a whistlestop with what it does ("b1: Red
/// Light (step 2 AP)").
fn space_part(game: &CoalTrain, space: usize) -> String {
    let c = Content::get();
    let lying = game.market()[space];
    let what = match lying.tile {
        _ if space == CENTRE => "Standard Upgrade".to_string(),
        Some(_) if lying.face_down => "face down".to_string(),
        Some(tile) => match c.kind_of(tile) {
            Some(kind) => format!("{} (buy {} AP)", kind_name(kind), kind.buy_ap),
            None => {
                let stop = c.tile_name(tile);
                format!("{stop} ({})", whistlestop_effect(c, stop))
            }
        },
        None => "empty".to_string(),
    };
    format!("{}: {what}", space_name(space))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, GameRng, ToAct};
    use crate::games::coal_train::CoalTrainOptions;

    /// Every legal step with its path over a random 4-player game.
    fn paths_of_a_game(seed: u64) -> Vec<(Action, Vec<String>)> {
        let mut rng = GameRng::seeded(seed);
        let options = CoalTrainOptions::default();
        let setup = CoalTrain::deal(&options, 4, &mut rng);
        let mut game = CoalTrain::start(options, 4, setup, seed).unwrap();
        let mut paths = Vec::new();
        while let ToAct::Seats(seats) = game.to_act() {
            let legal = game.legal(seats[0]);
            paths.extend(legal.iter().map(|a| (*a, menu_path(&game, a))));
            game.apply_quiet(seats[0], &legal[rng.index(legal.len())])
                .unwrap();
        }
        paths
    }

    #[test]
    fn builds_and_trades_are_chosen_part_by_part() {
        let paths = paths_of_a_game(3);
        let builds: Vec<&Vec<String>> = paths
            .iter()
            .filter(|(a, _)| matches!(a, Action::Build { tile: Some(_), .. }))
            .map(|(_, p)| p)
            .collect();
        assert!(!builds.is_empty(), "random games build");
        for path in builds {
            assert_eq!(path[0], "Build a station", "{path:?}");
            assert!(path[2].contains(" VP)"), "the place comes third: {path:?}");
            assert!(
                path[3] == "first station" || path[3].starts_with("from "),
                "then the route: {path:?}"
            );
            assert!(path.len() >= 5, "then the payment: {path:?}");
        }
        for (action, path) in &paths {
            if let Action::Exchange { give, take } = action {
                assert_eq!(
                    path[1..],
                    [
                        format!("give {}", short(give)),
                        format!("for {}", short(take))
                    ],
                    "{path:?}"
                );
            }
        }
    }

    #[test]
    fn a_trade_of_up_to_four_is_chosen_by_how_many_first() {
        let free_trade = Content::get()
            .subsidies
            .iter()
            .position(|s| s.effect == SubsidyEffect::Trade(4))
            .expect("the edition has a trade of four");
        let game = {
            let mut rng = GameRng::seeded(1);
            let options = CoalTrainOptions::default();
            let setup = CoalTrain::deal(&options, 3, &mut rng);
            CoalTrain::start(options, 3, setup, 1).unwrap()
        };
        let trade = Action::Trade {
            subsidy: super::super::notation::byte(free_trade),
            give: Res {
                coal: 3,
                iron: 0,
                water: 0,
            },
            take: Res {
                coal: 0,
                iron: 2,
                water: 1,
            },
        };
        assert_eq!(
            menu_path(&game, &trade)[2..],
            ["3 resources", "give 3c", "for 2i+1w"]
        );
    }
}

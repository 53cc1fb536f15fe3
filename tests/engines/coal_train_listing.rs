//! Coal Train's list of legal steps against `apply`, the one judge: over positions of random games, every
//! listed step is accepted, and every step `apply` accepts from a generated superset (every kind of step
//! over every index a typed step can name, trades and covers of up to 3 units, legal or not) is listed or
//! leads to exactly the state a listed step leads to (a build names one connection per distinct extra
//! cost: another connection with the same extra builds the same).

use roundhouse::game::{Game, GameRng, Seat, ToAct};
use roundhouse::games::coal_train::notation::byte;
use roundhouse::games::coal_train::resources::{Res, Resource, Track};
use roundhouse::games::coal_train::{Action, CoalTrain, CoalTrainOptions, Content};

/// Every amount of up to 3 units.
fn small_amounts() -> Vec<Res> {
    let mut out = Vec::new();
    for coal in 0..=3 {
        for iron in 0..=3 - coal {
            for water in 0..=3 - coal - iron {
                out.push(Res { coal, iron, water });
            }
        }
    }
    out
}

/// Every step a typed command could name, legal or not; builds name no tile, a tile of a kind `seat`
/// holds, or the first kind it does not hold.
fn superset(game: &CoalTrain, seat: Seat) -> Vec<Action> {
    let c = Content::get();
    let (subsidies, kinds, spaces) = (c.subsidies.len(), c.kinds.len(), 25);
    let (locations, incentives) = (c.map.locations.len(), c.incentives.len());
    let amounts = small_amounts();
    let mut all = vec![
        Action::Buy,
        Action::TakeCoal,
        Action::Skip,
        Action::Stop,
        Action::End,
    ];
    for s in 0..subsidies {
        all.extend([
            Action::Marker(s),
            Action::Spend(s),
            Action::BackRoom(s),
            Action::Give(s),
        ]);
        all.extend((0..subsidies).map(|to| Action::Lobby { from: s, to }));
        all.extend((0..spaces).map(|to| Action::Teleport { subsidy: s, to }));
    }
    for space in 0..spaces {
        all.extend([
            Action::Step(space),
            Action::Place(space),
            Action::Swap(space),
        ]);
    }
    all.extend((0..incentives).flat_map(|i| [Action::Take(i), Action::Pay(i)]));
    all.extend((0..=c.rondel_max_move + 1).map(Action::Rondel));
    all.extend(Resource::ALL.map(Action::Gain));
    for &cover in &amounts {
        for kind in 0..kinds {
            all.push(Action::Upgrade { kind, cover });
        }
        all.extend(Track::ALL.map(|track| Action::Standard { track, cover }));
    }
    all.extend((0..kinds).map(Action::FreeUse));
    for &give in &amounts {
        for &take in &amounts {
            all.push(Action::Exchange { give, take });
            all.extend((0..subsidies).map(|subsidy| Action::Trade {
                subsidy: byte(subsidy),
                give,
                take,
            }));
        }
    }
    let held: Vec<usize> = game
        .player(seat)
        .tiles
        .iter()
        .map(|&t| c.tiles[usize::from(t)].kind_index)
        .collect();
    let missing = (0..kinds).find(|k| !held.contains(k));
    let tiles = [None, missing]
        .into_iter()
        .chain(held.into_iter().map(Some));
    for tile in tiles {
        for at in 0..locations {
            for via in std::iter::once(None).chain((0..locations).map(Some)) {
                for &cover in amounts.iter().filter(|a| a.total() <= 2) {
                    all.push(Action::Build {
                        tile: tile.map(byte),
                        at: byte(at),
                        via: via.map(byte),
                        cover,
                    });
                }
            }
        }
    }
    all
}

/// Checks the listing of `game` for `seat` against what `apply` accepts from `all`.
fn check_position(game: &CoalTrain, seat: Seat) {
    let listed = game.legal(seat);
    let after = |action: &Action| {
        let mut g = game.clone();
        g.apply(seat, action).map(|_| g)
    };
    let listed_states: Vec<CoalTrain> = listed
        .iter()
        .map(|a| after(a).unwrap_or_else(|e| panic!("listed `{a}` refused: {e}")))
        .collect();
    let mut scratch = game.clone();
    for action in &superset(game, seat) {
        if scratch.apply(seat, action).is_err() {
            continue;
        }
        let state = std::mem::replace(&mut scratch, game.clone());
        assert!(
            listed.contains(action)
                || matches!(action, Action::Build { .. }) && listed_states.contains(&state),
            "`{action}` is accepted but not listed, nor the same as a listed step; listed: {:?}",
            listed.iter().map(Action::to_string).collect::<Vec<_>>()
        );
    }
}

#[test]
fn the_listing_is_exactly_what_apply_accepts() {
    for (players, seed) in [(4, 11), (3, 12), (5, 13)] {
        let options = CoalTrainOptions::default();
        let mut rng = GameRng::seeded(seed);
        let setup = CoalTrain::deal(&options, players, &mut rng);
        let mut game = CoalTrain::start(options, players, setup, seed).unwrap();
        let mut step = 0;
        while let ToAct::Seats(seats) = game.to_act() {
            let seat = seats[0];
            if game.decision().is_some() || step % 25 == 0 {
                check_position(&game, seat);
            }
            let legal = game.legal(seat);
            game.apply_quiet(seat, &legal[rng.index(legal.len())])
                .unwrap();
            step += 1;
        }
    }
}

//! Coal Train cities shared by every player, written as a game of five: each builds their first station
//! in the same city; the first four each take one of its four incentives, and the fifth gets none but
//! still moves the rondel loco.

use roundhouse::game::{Game, Seat};
use roundhouse::games::coal_train::content::Content;
use roundhouse::games::coal_train::state::{Pending, Phase};
use roundhouse::games::coal_train::{Action, CoalTrain};

use super::coal_train_table::{game, ok, refused, setup};

const PLAYERS: usize = 5;

/// Seat `seat` buys the Express on `space` and builds its first station in Cinder Falls with it.
fn build_cinder_falls(g: &mut CoalTrain, seat: Seat, space: &str) {
    for text in [
        format!("step {space}"),
        "buy".to_string(),
        "build express cinder-falls".to_string(),
    ] {
        ok(g, seat, &text);
    }
}

/// Ends `seat`'s turn after its build: the second build is declined, the turn ended, and every drawn
/// tile placed where the first listed placement puts it.
fn finish_turn(g: &mut CoalTrain, seat: Seat) {
    ok(g, seat, "stop");
    ok(g, seat, "end");
    while g.phase() == Phase::Replenish && g.current() == seat {
        let place = g.legal(seat)[0];
        g.apply(seat, &place).unwrap();
    }
}

#[test]
fn five_players_share_a_city_and_the_fifth_builder_gets_no_incentive_but_a_rondel_move() {
    let spaces = ["a1", "b1", "c1", "d1", "e1"];
    let market: Vec<(&str, &str)> = spaces
        .iter()
        .zip([
            "Express-1",
            "Express-2",
            "Express-3",
            "Express-4",
            "Express-5",
        ])
        .map(|(&space, id)| (space, id))
        .collect();
    let mut g = game(
        PLAYERS,
        setup(PLAYERS, &market, None),
        &["mining", "foundry", "freetrade", "infra"],
    );
    let city = Content::get().location_by_word("cinder-falls").unwrap();
    for (seat, space) in spaces.iter().enumerate().take(4) {
        build_cinder_falls(&mut g, seat, space);
        assert_eq!(g.decision(), Some(Pending::Incentive { city }));
        let card = g.offers(city)[0];
        ok(&mut g, seat, &Action::Take(card).to_string());
        assert_eq!(
            g.offers(city).len(),
            3 - seat,
            "one card fewer beside the city"
        );
        ok(&mut g, seat, "rondel 1");
        finish_turn(&mut g, seat);
    }
    let rondel = g.rondel();
    let held = g.player(4).incentives.len();
    build_cinder_falls(&mut g, 4, spaces[4]);
    assert!(g.offers(city).is_empty());
    assert_eq!(
        g.decision(),
        Some(Pending::Rondel),
        "no incentive is left to take: the rondel move comes at once"
    );
    refused(&mut g, 4, "stop", "rondel");
    ok(&mut g, 4, "rondel 2");
    assert_eq!(g.rondel(), (rondel + 2) % Content::get().subsidies.len());
    assert_eq!(g.player(4).incentives.len(), held);
    assert!((0..PLAYERS).all(|seat| g.has_station(seat, city)));
}

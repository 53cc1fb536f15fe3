//! Coal Train games stored before the rulings of 2026-11-28 replay as they were played. Their setups
//! lack the field naming those rulings, so the game keeps the old readings: "once per turn" of Company
//! Store and Coal Broker counts from the start of the turn, and the Lobbyist and Lobby Pass ask a
//! player with no marker to move, who can only `skip`. Games dealt now play the new rulings
//! (`coal_train_incentives.rs`).

use roundhouse::game::Game;
use roundhouse::games::coal_train::content::Content;
use roundhouse::games::coal_train::state::Pending;
use roundhouse::games::coal_train::{Action, CoalTrainSetup};
use roundhouse::replay::replay;
use serde_json::{Value, json};

use super::coal_train_incentives::{stored_table, take_mid_turn};
use super::coal_train_table::{markers, ok, res, setup, stored_before_2026_11_28};

/// Seat 0 buys Coal Mine A-1 (a Mining Grant) and lands on the Lobbyist, where it moves that marker;
/// seat 1 spends its only marker, a Rail Pass, to land there too, and so has nothing left to move.
const LOBBYIST_LOG: [&str; 10] = [
    "2: marker mining",
    "1: marker railpass",
    "0: step a1",
    "0: buy",
    "0: step a2",
    "0: lobby mining foundry",
    "0: end",
    "0: place a1",
    "1: spend railpass a2",
    "1: skip",
];

/// The index of seat 1's `skip` in [`LOBBYIST_LOG`].
const FORCED_SKIP: usize = 9;

/// `roundhouse replay coal_train` of [`LOBBYIST_LOG`] from `setup`.
fn replay_lobbyist_log(setup: &CoalTrainSetup) -> Result<Value, String> {
    let input = json!({"players": 3, "setup": setup, "moves": LOBBYIST_LOG});
    match replay("coal_train", &input.to_string()) {
        Ok(output) => Ok(serde_json::to_value(output).unwrap()),
        Err(failure) => Err(format!("{:?}: {}", failure.index, failure.error)),
    }
}

fn lobbyist_setup() -> CoalTrainSetup {
    setup(3, &[("a1", "CoalMineA-1"), ("a2", "lobbyist")], None)
}

#[test]
fn a_log_stored_before_the_ruling_replays_its_forced_lobbyist_skip() {
    let replayed = replay_lobbyist_log(&stored_before_2026_11_28(lobbyist_setup()))
        .expect("the stored log replays");
    assert_eq!(replayed["moves_applied"], LOBBYIST_LOG.len());
    assert_eq!(
        replayed["state"]["ruled_2026_11_28"],
        json!(false),
        "the game plays the old readings"
    );
    let seat_1 = &replayed["state"]["players"][1];
    assert!(
        seat_1["markers"].as_array().unwrap().iter().all(|m| m == 0),
        "{seat_1}"
    );
    assert_eq!(seat_1["ap"], 5, "the Rail Pass move cost nothing");
    assert_eq!(replayed["to_act"], json!([1]), "seat 1 plays on");
}

#[test]
fn the_same_log_dealt_now_is_refused_at_the_skip_no_longer_asked() {
    let refused = replay_lobbyist_log(&lobbyist_setup()).expect_err("no decision to skip");
    assert!(
        refused.starts_with(&format!("Some({FORCED_SKIP}): ")),
        "{refused}"
    );
    let without_skip: Vec<&str> = LOBBYIST_LOG
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != FORCED_SKIP)
        .map(|(_, m)| *m)
        .collect();
    let input = json!({"players": 3, "setup": lobbyist_setup(), "moves": without_skip});
    let replayed = replay("coal_train", &input.to_string()).expect("played by today's rulings");
    assert_eq!(replayed.moves_applied, without_skip.len());
}

#[test]
fn lobby_pass_stored_before_the_ruling_asks_a_player_with_no_marker_to_skip_then_gains() {
    let mut g = stored_table(&[], "Cinder Falls", &["Lobby Pass"]);
    for text in ["step a1", "buy", "build express cinder-falls cover ci"] {
        ok(&mut g, 0, text);
    }
    assert_eq!(
        g.player(0).marker_count(),
        0,
        "the Zoning Variance was spent"
    );
    ok(&mut g, 0, "take lobby-pass");
    let railpass = Content::get().subsidy_by_word("railpass").unwrap();
    assert_eq!(
        g.decision(),
        Some(Pending::Lobby {
            then_gain: Some(railpass)
        }),
        "asked, as it was before the ruling"
    );
    assert_eq!(g.legal(0), vec![Action::Skip], "only `skip` is legal");
    ok(&mut g, 0, "skip");
    assert_eq!(markers(&g, 0, "railpass"), 1);
    assert_eq!(g.decision(), Some(Pending::Rondel));
}

#[test]
fn company_store_stored_before_the_ruling_frees_nothing_after_a_paid_exchange() {
    let mut g = take_mid_turn(stored_table, "Company Store", "exchange c w");
    assert_eq!((g.player(0).ap, g.player(0).res), (2, res(2, 0, 1)));
    ok(&mut g, 0, "exchange c i");
    assert_eq!(
        (g.player(0).ap, g.player(0).res),
        (1, res(1, 1, 1)),
        "the turn's first Exchange was made before the card was held: this one costs its action point"
    );
}

#[test]
fn coal_broker_stored_before_the_ruling_gives_one_coal_after_a_take_coal() {
    let mut g = take_mid_turn(stored_table, "Coal Broker", "coal");
    assert_eq!((g.player(0).ap, g.player(0).res), (2, res(4, 0, 0)));
    ok(&mut g, 0, "coal");
    assert_eq!(
        (g.player(0).ap, g.player(0).res.coal),
        (1, 5),
        "the turn's first Take Coal was made before the card was held: this one gives 1"
    );
}

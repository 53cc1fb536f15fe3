//! Express: the dealer and deck order of fixed seeds (the deck's first cards and its size), and the hand
//! the first seat is dealt from them.

use serde_json::{Value, json};

use super::{deal, kind};

/// Cards of the deck's top pinned for each seed.
const PINNED: usize = 16;

/// Checks the dealer, the top of the first deck and its size.
fn check_deal(players: usize, seed: u64, dealer: usize, top: Value, size: usize) {
    let setup = deal("express", "{}", players, seed);
    assert_eq!(setup["dealer"], json!(dealer), "seed {seed}: dealer");
    let deck = setup["decks"][0].as_array().expect("a first deck");
    assert_eq!(deck.len(), size, "seed {seed}: deck size");
    assert_eq!(
        Value::from(deck[..PINNED].to_vec()),
        top,
        "seed {seed}: top of the deck"
    );
}

#[test]
fn two_players_seed_1() {
    check_deal(
        2,
        1,
        0,
        json!([
            "heavy",
            "tank",
            "diesel",
            "transfer",
            "hopper",
            "turntable",
            "turntable",
            "dome",
            "hopper",
            "box",
            "derail",
            "auto",
            "auto",
            "reefer",
            "obs",
            "box"
        ]),
        92,
    );
}

#[test]
fn four_players_seed_7() {
    check_deal(
        4,
        7,
        1,
        json!([
            "coach", "box", "box", "box", "tank", "boom", "coach", "crane", "box", "tank",
            "reefer", "reefer", "reefer", "hopper", "auto", "caboose"
        ]),
        93,
    );
}

#[test]
fn six_players_seed_42() {
    check_deal(
        6,
        42,
        0,
        json!([
            "derail",
            "tank",
            "diesel",
            "turntable",
            "tank",
            "box",
            "reefer",
            "reefer",
            "turntable",
            "office",
            "diesel",
            "hopper",
            "obs",
            "caboose",
            "coach",
            "heavy"
        ]),
        93,
    );
}

#[test]
fn the_deal_goes_one_card_at_a_time_from_the_dealers_left() {
    let (players, seed) = (3, 9);
    let express = kind("express");
    let setup_json = express.deal("{}", players, seed).expect("dealt");
    let setup: Value = serde_json::from_str(&setup_json).expect("a setup is JSON");
    let dealer = setup["dealer"].as_u64().expect("a dealer") as usize;
    let deck = setup["decks"][0].as_array().expect("a first deck");
    let game = express
        .start("{}", players, &setup_json, seed)
        .expect("started");
    for seat in 0..players {
        let expected: Vec<Value> = (0..12 * players)
            .filter(|i| (dealer + 1 + i) % players == seat)
            .map(|i| deck[i].clone())
            .collect();
        let view = game.view_json(roundhouse::game::Viewer::Seat(seat));
        assert_eq!(
            view["seats"][seat]["hand"],
            Value::from(expected),
            "seat {seat}"
        );
    }
}

//! Whistlewood Express: the layout, car piles and start player of fixed seeds, and the pile a reshuffle
//! makes when a game is driven to one.

use roundhouse::game::Actor;
use serde_json::{Value, json};

use super::{deal, kind};

/// Checks the random parts of a deal.
fn check_deal(players: usize, seed: u64, expected: Value) {
    let setup = deal("whistlewood", "{}", players, seed);
    for field in ["layout", "start_player", "piles"] {
        assert_eq!(setup[field], expected[field], "seed {seed}: {field}");
    }
}

#[test]
fn two_players_seed_1() {
    check_deal(
        2,
        1,
        json!({
            "layout": ["DACAB", "BDFCE"],
            "start_player": 0,
            "piles": [
                ["mail", "coal", "grain", "stone+action", "livestock", "stone+shunt", "tank", "log", "grain"],
                ["grain", "log", "stone+action", "coal", "tank", "grain", "mail", "livestock", "stone+shunt"],
            ],
        }),
    );
}

#[test]
fn solo_seed_77() {
    check_deal(
        1,
        77,
        json!({
            "layout": ["EDCAA", "CBFBD"],
            "start_player": 0,
            "piles": [
                ["stone+shunt", "mail", "coal", "tank", "livestock", "stone+action", "grain", "log", "grain"],
                ["grain", "grain", "mail", "tank", "stone+shunt", "coal", "log", "stone+action", "livestock"],
            ],
        }),
    );
}

/// Deals from `seed`, plays `moves` (seat, notation), and returns the full state; the last move must
/// reshuffle a discard pile (the only use of the game's own generator, so its state moves on).
fn play_to_reshuffle(players: usize, seed: u64, moves: &[(usize, &str)]) -> Value {
    let whistlewood = kind("whistlewood");
    let setup = whistlewood.deal("{}", players, seed).unwrap();
    let mut game = whistlewood.start("{}", players, &setup, seed).unwrap();
    let state = |game: &dyn roundhouse::games::adapter::LiveGame| -> Value {
        serde_json::from_str(&game.state_json()).unwrap()
    };
    let mut generator_before_last = Value::Null;
    for (seat, notation) in moves {
        generator_before_last = state(game.as_ref())["rng"].clone();
        game.apply(Actor::Seat(*seat), notation)
            .unwrap_or_else(|e| panic!("{notation}: {}", e.message));
    }
    let after = state(game.as_ref());
    assert_ne!(
        after["rng"], generator_before_last,
        "the last move reshuffles"
    );
    after
}

/// A colour's tiles as stored: `(owner, index in the colour's set)`, for a list of indices.
fn tiles(owner: u64, indices: &[u64]) -> Value {
    indices
        .iter()
        .map(|&index| json!({"owner": owner, "index": index}))
        .collect()
}

#[test]
fn two_players_seed_5_reshuffle() {
    let state = play_to_reshuffle(
        2,
        5,
        &[
            (0, "from right"),
            (0, "place mail"),
            (1, "place tank"),
            (1, "place grain"),
            (0, "discard grain tank"),
            (0, "claim 1 bottom"),
            (0, "place log"),
            (1, "keep"),
            (1, "advance"),
            (1, "place grain"),
            (0, "discard coal"),
            (0, "place livestock"),
            (0, "place stone+shunt"),
            (1, "discard livestock"),
            (1, "claim 3 top"),
            (1, "place coal"),
            // Seat 0's draw pile is empty: the discards are shuffled into a new one, and three drawn.
            (0, "discard stone+action"),
        ],
    );
    let piles = &state["piles"][0];
    assert_eq!(piles["hand"], tiles(0, &[1, 4, 0]));
    assert_eq!(piles["draw"], tiles(0, &[2, 8]));
    assert_eq!(piles["discard"], json!([]));
}

#[test]
fn solo_seed_9_reshuffle() {
    let state = play_to_reshuffle(
        1,
        9,
        &[
            (0, "from right"),
            (0, "place livestock"),
            (0, "advance"),
            (0, "keep"),
            (0, "place log"),
            (0, "claim 2 bottom"),
            (0, "discard coal"),
            (0, "claim 3 bottom"),
            (0, "advance"),
            (0, "discard stone+shunt"),
            (0, "place grain"),
            (0, "place mail"),
            // The player's draw pile is empty: the discards are shuffled into a new one.
            (0, "discard grain"),
        ],
    );
    let piles = &state["piles"][0];
    assert_eq!(piles["hand"], tiles(0, &[2, 8, 4]));
    assert_eq!(piles["draw"], tiles(0, &[1, 3]));
    assert_eq!(piles["discard"], json!([]));
}

//! Yardmaster Express: the deck order, second deck, start player, Caboose and first hand of fixed seeds.

use roundhouse::game::Viewer;
use serde_json::json;

use super::{deal, kind};

/// Deals, starts and checks one game: the setup's random parts, then the hand the start player holds.
fn check(
    options: &str,
    players: usize,
    seed: u64,
    expected: serde_json::Value,
    hand: serde_json::Value,
) {
    let setup = deal("yardmaster", options, players, seed);
    for field in ["start_player", "deck", "second_deck", "caboose"] {
        assert_eq!(setup[field], expected[field], "seed {seed}: {field}");
    }
    let game = kind("yardmaster")
        .start(options, players, &setup.to_string(), seed)
        .expect("a dealt setup starts");
    let start = setup["start_player"].as_u64().unwrap() as usize;
    assert_eq!(
        game.view_json(Viewer::Seat(start))["hand"],
        hand,
        "seed {seed}: hand"
    );
}

#[test]
fn two_players_base_game_seed_1() {
    check(
        "{}",
        2,
        1,
        json!({
            "start_player": 1,
            "deck": ["G4|Y4", "R4|B4", "G2|G2", "B2|B2", "Y3|G3", "R3|Y3", "B3|R3", "R2|R3", "G3|R3",
                "B2|B3", "G2|G2", "Y2|Y2", "G2|G3", "R2|R2", "R3|G3", "Y2|Y3", "B2|B2", "B3|Y3", "Y3|B3",
                "B4|G4", "Y4|R4", "G3|B3", "Y2|Y2", "R2|R2"],
            "second_deck": null,
            "caboose": null,
        }),
        json!(["G4|Y4", "R4|B4", "G2|G2"]),
    );
}

#[test]
fn three_players_match_turn_variant_default_caboose_seed_42() {
    check(
        r#"{"match":"on","draw":"end","caboose":"default"}"#,
        3,
        42,
        json!({
            "start_player": 0,
            "deck": ["G3|R3", "P4|P4", "Y4|R4", "Y3|B3", "G4|Y4", "R2|R2", "P3|R3", "P2|P2", "Y2|Y3",
                "G2|G3", "Y3|G3", "G3|B3", "R2|R3", "B2|B3", "R3|Y3", "P3|G3", "B3|R3", "B2|B2", "B4|G4",
                "R2|R2", "G2|G2", "P3|Y3", "P3|B3", "Y2|Y2", "Y2|Y2", "B3|Y3", "R3|G3", "P2|P3", "B2|B2",
                "G2|G2", "P2|P2", "R4|B4"],
            "second_deck": ["P3|B3", "B2|B2", "G3|R3", "G2|G2", "Y3|B3", "B2|B2", "R2|R3", "G2|G2",
                "Y3|G3", "P2|P3", "Y2|Y3", "G3|B3", "B3|R3", "B3|Y3", "Y2|Y2", "R4|B4", "P3|Y3", "R3|G3",
                "G2|G3", "P4|P4", "P2|P2", "P3|G3", "R2|R2", "R2|R2", "P3|R3", "P2|P2", "Y4|R4", "R3|Y3",
                "B2|B3", "B4|G4", "Y2|Y2", "G4|Y4"],
            "caboose": "Executive",
        }),
        json!(["Y3|B3", "G4|Y4", "R2|R2", "G3|R3"]),
    );
}

#[test]
fn five_players_any_caboose_seed_2026() {
    check(
        r#"{"caboose":"all"}"#,
        5,
        2026,
        json!({
            "start_player": 3,
            "deck": ["B3|R3", "G2|G2", "B4|G4", "P2|P3", "P3|B3", "G3|B3", "R2|R2", "G2|G2", "P3|Y3",
                "B3|Y3", "P3|R3", "B2|B3", "Y2|Y3", "G4|Y4", "Y2|Y2", "B2|B2", "P3|G3", "P2|P2", "Y4|R4",
                "G3|R3", "R2|R3", "Y3|B3", "R3|Y3", "Y2|Y2", "R4|B4", "P4|P4", "G2|G3", "B2|B2", "R2|R2",
                "P2|P2", "R3|G3", "Y3|G3"],
            "second_deck": null,
            "caboose": "Inefficient",
        }),
        json!(["B3|R3", "G2|G2", "B4|G4", "P2|P3", "P3|B3", "G3|B3"]),
    );
}

//! `roundhouse replay` refuses setups and rulings out of range, naming the field, its value and the
//! legal range; quotes setup words as short excerpts; and says when `moves` is not a list.

use serde_json::{Value, json};

use crate::run::{roundhouse, text};

/// Replays `input` for `game`, which must be refused as a whole (no move index): the message on
/// standard error, checked to be the one in the JSON on standard output.
fn refused(game: &str, input: &Value) -> String {
    let out = roundhouse(&["replay", game, "-"], &input.to_string());
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let failure: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(failure["index"], Value::Null);
    let stderr = text(&out.stderr);
    assert_eq!(
        stderr.trim_end(),
        failure["error"].as_str().unwrap(),
        "the same message on both"
    );
    stderr
}

/// The setup `game` deals from seed 7 for `players`.
fn dealt(game: &str, players: usize) -> Value {
    let input = json!({"players": players, "seed": 7});
    let out = roundhouse(&["replay", game, "-"], &input.to_string());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let output: Value = serde_json::from_slice(&out.stdout).unwrap();
    output["setup"].clone()
}

#[test]
fn express_rulings_and_totals_out_of_range_are_refused_with_the_field_the_value_and_the_range() {
    let setup = dealt("express", 3);
    for (ruling, value, message) in [
        ("deal", json!(0), "rulings.deal is 0; it must be 1 to "),
        (
            "draw",
            json!(1000),
            "rulings.draw is 1000; it must be 1 to 5",
        ),
        (
            "going_out_bonus",
            json!(i32::MIN),
            "rulings.going_out_bonus is -2147483648; it must be 0 to 100",
        ),
        (
            "going_out_lengths",
            json!([]),
            "rulings.going_out_lengths lists 0 lengths; it must list 1 to 4",
        ),
        (
            "going_out_lengths",
            json!([5, 40]),
            "rulings.going_out_lengths[1] is 40; it must be 1 to 12",
        ),
        (
            "deal",
            json!(usize::MAX),
            "rulings.deal is 18446744073709551615; it must be 1 to ",
        ),
        (
            "reshuffles_per_hand",
            json!(u32::MAX),
            "rulings.reshuffles_per_hand is 4294967295; it must be 0 to 10",
        ),
    ] {
        let mut setup = setup.clone();
        setup["rulings"][ruling] = value;
        let error = refused("express", &json!({"players": 3, "seed": 7, "setup": setup}));
        assert!(error.contains(message), "{ruling}: {error}");
    }
    let mut setup = setup.clone();
    setup["totals"] = json!([0, i32::MAX, 0]);
    let error = refused("express", &json!({"players": 3, "seed": 7, "setup": setup}));
    assert!(
        error.contains("totals[1] is 2147483647; it must be -10000 to 10000"),
        "{error}"
    );
}

#[test]
fn a_huge_setup_word_is_quoted_as_a_short_excerpt() {
    let huge = format!("Express-{}", "9".repeat(4_000_000));
    let mut setup = dealt("coal_train", 3);
    setup["market"][0] = json!(huge);
    let error = refused(
        "coal_train",
        &json!({"players": 3, "seed": 7, "setup": setup}),
    );
    assert!(error.contains("is not a Coal Train tile id"), "{error}");
    assert!(error.contains("(4000008 characters)"), "{error}");
    assert!(error.len() < 300, "{} bytes", error.len());
    let mut setup = dealt("coal_train", 3);
    let cities = setup["incentives"].as_object_mut().unwrap();
    let (city, cards) = cities
        .iter()
        .next()
        .map(|(c, v)| (c.clone(), v.clone()))
        .unwrap();
    cities.remove(&city);
    cities.insert(huge.clone(), cards);
    let error = refused(
        "coal_train",
        &json!({"players": 3, "seed": 7, "setup": setup}),
    );
    assert!(error.contains("is not a city of the map"), "{error}");
    assert!(error.len() < 300, "{} bytes", error.len());
    let options = json!({"caboose": "off"});
    let setup = json!({"start_player": 0, "deck": [], "caboose": huge});
    let input = json!({"players": 3, "seed": 7, "options": options, "setup": setup});
    let error = refused("yardmaster", &input);
    assert!(
        error.len() < 300,
        "{} bytes: {}",
        error.len(),
        &error[..300]
    );
}

#[test]
fn moves_given_as_one_string_are_refused_as_not_a_list() {
    let error = refused(
        "express",
        &json!({"players": 3, "seed": 7, "moves": "draw"}),
    );
    assert!(
        error.contains("`moves` must be a list of moves") && error.contains("it is a string"),
        "{error}"
    );
}

//! `roundhouse replay` through its library entry: seats named in every message, long moves quoted in
//! short, malformed seated moves answered with the forms a move may take, and typos in the input refused.

use roundhouse::replay::{ReplayFailure, replay};

fn refused(game: &str, input: &str) -> ReplayFailure {
    replay(game, input).expect_err("the replay should stop")
}

#[test]
fn seat_tokens_become_player_names_or_the_names_given() {
    // Seat 0 owes the first decision; seat 1 tries to move.
    let numbered = refused(
        "whistlewood",
        r#"{"players": 2, "seed": 3, "moves": [{"seat": 1, "move": "keep"}]}"#,
    );
    assert_eq!(numbered.index, Some(0));
    assert_eq!(
        numbered.error,
        "Player 2 (seat 1): It is not your turn: it is Player 1's turn."
    );
    assert_eq!(numbered.notation.as_deref(), Some("keep"));

    let named = refused(
        "yardmaster",
        r#"{"players": 2, "seed": 7, "names": ["Ann", "Bo"], "moves": ["1: up Y2|Y3"]}"#,
    );
    assert!(!named.error.contains("{seat"), "{}", named.error);
    assert!(named.error.starts_with("Bo (seat 1): "), "{}", named.error);
    assert!(named.error.contains("it is Ann's turn"), "{}", named.error);

    let miscounted = refused(
        "yardmaster",
        r#"{"players": 2, "names": ["Ann"], "moves": []}"#,
    );
    assert!(
        miscounted
            .error
            .contains("`names` lists 1 names for 2 players"),
        "{}",
        miscounted.error
    );
}

#[test]
fn a_multi_megabyte_move_is_echoed_in_short() {
    let huge = format!("up {}", "Y2|Y3 ".repeat(1_000_000));
    let input = serde_json::json!({ "players": 2, "seed": 7, "moves": [huge] }).to_string();
    let failure = refused("yardmaster", &input);
    let report = serde_json::to_string(&failure).unwrap();
    assert!(report.len() < 4000, "the whole report is short: {report}");
    assert!(failure.error.len() < 300, "{}", failure.error);
    let shown = failure.notation.unwrap();
    assert!(shown.starts_with("up Y2|Y3 "), "{shown}");
    assert!(
        shown.ends_with(&format!("… ({} characters)", huge.chars().count())),
        "{shown}"
    );
    assert!(!failure.legal.is_empty());
}

#[test]
fn malformed_seated_moves_are_answered_with_the_expected_forms() {
    let cases = [
        (
            r#""one: keep""#,
            "`one` before the colon is not a seat number",
        ),
        (r#""0:  ""#, "names a seat but no move"),
        (r#"{"seat": 0}"#, "`move` must be the move's notation"),
        (
            r#"{"seat": "first", "move": "keep"}"#,
            "`seat` must be a seat number",
        ),
        (
            r#"{"seat": 0, "mvoe": "keep"}"#,
            "`mvoe` is not a field of a move",
        ),
        ("7", "`7` is not a move"),
    ];
    for (entry, why) in cases {
        let input = format!(r#"{{"players": 2, "seed": 3, "moves": ["from left", {entry}]}}"#);
        let failure = refused("whistlewood", &input);
        assert_eq!(failure.index, Some(1), "{entry}");
        assert!(failure.error.contains(why), "{entry}: {}", failure.error);
        assert!(
            failure.error.contains(r#"as `"SEAT: MOVE"` such as `"0: "#),
            "{entry}: {}",
            failure.error
        );
        assert!(
            failure
                .error
                .contains(r#"`{"seat": SEAT, "move": "MOVE"}`"#),
            "{entry}: {}",
            failure.error
        );
    }
}

#[test]
fn the_example_in_the_expected_form_is_legal_where_it_is_shown() {
    let failure = refused(
        "whistlewood",
        r#"{"players": 2, "seed": 3, "moves": [{"seat": 0}]}"#,
    );
    let start = failure.error.find("such as `\"").unwrap() + "such as `\"".len();
    let example = &failure.error[start..];
    let example = &example[..example.find('"').unwrap()];
    let input = format!(r#"{{"players": 2, "seed": 3, "moves": ["{example}"]}}"#);
    let played = replay("whistlewood", &input).expect("the example plays");
    assert_eq!(played.moves_applied, 1);
}

#[test]
fn seats_past_the_table_are_refused_not_played() {
    let failure = refused(
        "whistlewood",
        r#"{"players": 2, "seed": 3, "moves": ["9: keep"]}"#,
    );
    assert_eq!(failure.error, "there is no seat 9: seats count from 0 to 1");
}

#[test]
fn unknown_fields_are_refused_with_the_known_ones() {
    let failure = refused("yardmaster", r#"{"players": 2, "sed": 3}"#);
    assert!(
        failure.error.contains("unknown field `sed`"),
        "{}",
        failure.error
    );
    for known in ["players", "options", "seed", "names", "setup", "moves"] {
        assert!(
            failure.error.contains(&format!("`{known}`")),
            "{known} in {}",
            failure.error
        );
    }
    let long_key = format!(r#"{{"players": 2, "{}": 3}}"#, "k".repeat(2_000_000));
    let failure = refused("yardmaster", &long_key);
    assert!(failure.error.len() < 400, "{}", failure.error);
}

/// The table starts a game through `GameKind::start`, as replay does: the range check is the
/// engine's, so a setup with a ruling out of range never reaches a table either.
#[test]
fn the_engine_refuses_an_express_ruling_out_of_range_wherever_the_game_starts() {
    let kind = roundhouse::games::find("express").unwrap();
    let options = kind.parse_options(&[]).unwrap();
    let dealt = kind.deal(&options, 2, 1).unwrap();
    assert!(kind.start(&options, 2, &dealt, 1).is_ok());
    let mut setup: serde_json::Value = serde_json::from_str(&dealt).unwrap();
    setup["rulings"]["going_out_bonus"] = serde_json::json!(i32::MIN);
    let error = kind
        .start(&options, 2, &setup.to_string(), 1)
        .map(drop)
        .expect_err("out of range");
    assert!(
        error
            .to_string()
            .contains("rulings.going_out_bonus is -2147483648"),
        "{error}"
    );
}

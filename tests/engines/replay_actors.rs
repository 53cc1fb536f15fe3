//! Who takes a step in `roundhouse replay`: a seat (`"0: draw"`) or the table (`"table: deadline"`). The
//! engine refuses a step only the table takes from a seat, and a seat's step from the table, so a replay
//! cannot end a game by a player's hand.

use roundhouse::replay::replay;

/// An Express game of three with a 24-hour deadline and these moves.
fn express(moves: &str) -> String {
    format!(
        r#"{{"players": 3, "seed": 7, "options": {{"deadline_hours": "24"}}, "moves": {moves}}}"#
    )
}

#[test]
fn a_seat_cannot_pass_the_deadline_or_end_the_game() {
    for moves in [
        r#"["0: deadline", "0: end"]"#,
        r#"["deadline"]"#,
        r#"[{"seat": 2, "move": "deadline"}]"#,
    ] {
        let failure = replay("express", &express(moves)).expect_err(moves);
        assert_eq!(failure.index, Some(0), "{moves}");
        assert!(
            failure.error.contains("is a step only the table takes")
                && failure.error.ends_with("Write it as `table: deadline`."),
            "{moves}: {}",
            failure.error
        );
    }
    let failure = replay("express", &express(r#"["table: deadline", "1: end"]"#)).unwrap_err();
    assert_eq!(failure.index, Some(1));
    assert!(
        failure
            .error
            .starts_with("Player 2 (seat 1): `end` is a step only the table takes"),
        "{}",
        failure.error
    );
}

#[test]
fn the_table_passes_the_deadline_and_ends_the_game() {
    let played = replay(
        "express",
        &express(r#"["table: deadline", {"seat": "table", "move": "end"}]"#),
    )
    .expect("the table's steps play");
    assert_eq!(played.moves_applied, 2);
    assert!(played.outcome.is_some(), "the game is over");
    assert!(played.to_act.is_empty());
}

#[test]
fn the_table_takes_no_players_step() {
    let failure = replay("express", &express(r#"["table: draw"]"#)).unwrap_err();
    assert_eq!(
        failure.error,
        "the table: `draw` is a player's step: the table takes only `deadline` and `end`."
    );
    let legal: Vec<&str> = failure.legal.iter().map(|m| m.notation.as_str()).collect();
    assert_eq!(legal, ["deadline"], "what the table may do now");
    let failure = replay(
        "yardmaster",
        r#"{"players": 2, "seed": 7, "moves": ["table: up Y2|Y3"]}"#,
    )
    .unwrap_err();
    assert_eq!(
        failure.error,
        "the table: The table takes no steps of its own in this game: every step is a player's."
    );
    assert!(failure.legal.is_empty());
}

#[test]
fn the_table_is_named_where_a_seat_could_be() {
    for (entry, why) in [
        (
            r#""tabel: deadline""#,
            "`tabel` before the colon is not a seat number or `table`",
        ),
        (r#""table:  ""#, "names the table but no move"),
        (
            r#"{"seat": "the table", "move": "deadline"}"#,
            r#"`seat` must be a seat number, counted from 0, or `"table"`"#,
        ),
    ] {
        let failure = replay("express", &express(&format!("[{entry}]"))).unwrap_err();
        assert!(failure.error.contains(why), "{entry}: {}", failure.error);
    }
}

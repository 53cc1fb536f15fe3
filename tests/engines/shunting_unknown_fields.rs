//! Unknown fields are refused, never ignored: at every level of a puzzle or yard file (a misspelt key
//! would otherwise silently drop what it meant to say), and in the shunting game's stored options,
//! setup and snapshot JSON.

use roundhouse::games;
use roundhouse::games::shunting::{LoadError, Puzzle, Yard};

/// A small puzzle with every kind of table the format has: a yard with tracks, a turnout and a
/// turntable, pieces, and a goal with a group.
const PUZZLE: &str = r#"
name = "tiny"

[yard]
name = "tiny"
buffers = ["A.end", "B.end"]

[[yard.track]]
name = "H"
slots = 2

[[yard.track]]
name = "A"
slots = 2

[[yard.track]]
name = "B"
slots = 2

[[yard.track]]
name = "T"
slots = 1

[[yard.track]]
name = "C"
slots = 1

[[yard.turnout]]
name = "P"
stem = "H.end"
legs = ["A.start", "B.start"]

[[yard.turntable]]
name = "TT"
bridge = "T"
ring = ["H.start", "C.start"]

[[piece]]
name = "L1"
kind = "loco"
at = "H2"
facing = "up"

[[piece]]
name = "X"
at = "A1"

[[piece]]
name = "Y"
at = "B1"

[goal]
at = { L1 = "H1" }

[[goal.group]]
pieces = ["X", "Y"]
slots = ["A2"]
"#;

/// `text` with `extra = 1` added just after the first line that is exactly `header` (at the very
/// start for `""`).
fn with_extra_field(text: &str, header: &str) -> String {
    if header.is_empty() {
        return format!("extra = 1\n{text}");
    }
    let at = text
        .find(&format!("\n{header}\n"))
        .unwrap_or_else(|| panic!("no {header}"))
        + header.len()
        + 2;
    format!("{}extra = 1\n{}", &text[..at], &text[at..])
}

#[test]
fn the_puzzle_loads_without_extras() {
    let puzzle = Puzzle::from_toml(PUZZLE).unwrap();
    assert_eq!(puzzle.pieces.len(), 3);
    assert_eq!(puzzle.yard.turntables.len(), 1);
}

#[test]
fn an_unknown_field_at_any_level_of_a_puzzle_file_is_refused() {
    for header in [
        "",
        "[yard]",
        "[[yard.track]]",
        "[[yard.turnout]]",
        "[[yard.turntable]]",
        "[[piece]]",
        "[goal]",
        "[[goal.group]]",
    ] {
        let text = with_extra_field(PUZZLE, header);
        match Puzzle::from_toml(&text) {
            Err(LoadError::Toml(why)) => {
                assert!(why.contains("unknown field `extra`"), "{header}: {why}")
            }
            other => panic!("{header}: expected a refusal, got {other:?}"),
        }
    }
}

#[test]
fn an_unknown_field_in_a_yard_file_is_refused() {
    let yard = "name = \"line\"\n\n[[track]]\nname = \"H\"\nslots = 3\n";
    assert!(Yard::from_toml(yard).is_ok());
    for header in ["", "[[track]]"] {
        let error = Yard::from_toml(&with_extra_field(yard, header)).unwrap_err();
        assert!(
            error.to_string().contains("unknown field `extra`"),
            "{header}: {error}"
        );
    }
}

#[test]
fn the_shunting_games_options_setup_and_snapshot_refuse_unknown_fields() {
    let kind = games::find("shunting").unwrap();
    let options = r#"{"card":"3"}"#;
    let setup = r#"{"card":3}"#;
    assert!(kind.start(options, 1, setup, 1).is_ok());
    assert!(kind.restore(r#"{"card":3,"log":[]}"#).is_ok());

    let bad_options = r#"{"card":"3","colour":"red"}"#;
    let error = kind.deal(bad_options, 1, 1).expect_err("refused");
    assert!(error.0.contains("unknown field `colour`"), "{}", error.0);
    let error = kind.start(bad_options, 1, setup, 1).err().expect("refused");
    assert!(error.0.contains("unknown field `colour`"), "{}", error.0);

    let bad_setup = r#"{"card":3,"optimum":1}"#;
    let error = kind.start(options, 1, bad_setup, 1).err().expect("refused");
    assert!(error.0.contains("unknown field `optimum`"), "{}", error.0);

    let error = kind
        .restore(r#"{"card":3,"log":[],"moves":9}"#)
        .err()
        .expect("refused");
    assert!(error.0.contains("unknown field `moves`"), "{}", error.0);
}

#[test]
fn a_piece_or_track_that_does_not_read_is_named_with_its_line() {
    let puzzle = "yard = \"inglenook\"\n\
        [[piece]]\nname = \"L1\"\nkind = \"loco\"\nat = \"H4\"\nfacing = \"up\"\n\
        [[piece]]\nname = \"W1\"\nat = 5\n\
        [goal.at]\nW1 = \"A1\"\n";
    let error = Puzzle::from_toml(puzzle).expect_err("`at` must be a slot's name");
    let message = error.to_string();
    assert!(message.contains("piece 2 (\"W1\")"), "{message}");
    assert!(message.contains("`at`"), "{message}");
    assert!(message.contains("(line 9)"), "{message}");

    let yard = "name = \"y\"\nbuffers = [\"H.end\"]\n\
        [[track]]\nname = \"H\"\nslots = 3\n\
        [[track]]\nname = \"A\"\nslots = \"two\"\n";
    let error = Yard::from_toml(yard).expect_err("`slots` must be a number");
    let message = error.to_string();
    assert!(message.contains("track 2 (\"A\")"), "{message}");
    assert!(message.contains("slots"), "{message}");
    assert!(message.contains("(line 8)"), "{message}");
}

//! Shunting movement rules one by one: push, pull, coupling at the rear only, sharp turns, broken
//! tracks, buffer stops and the board's edge, turntables (turning, carrying, reversing a loco, manual),
//! two locos; notation round trips; and refusals on load.

use roundhouse::games::shunting::{LoadError, Move, MoveError, Position, Puzzle, builtin};

/// One straight track A of 5 slots: a buffer stop before A1, the board's edge after A5.
const LINE: &str = r#"
[yard]
name = "line"
buffers = ["A.start"]
[[yard.track]]
name = "A"
slots = 5
"#;

/// A headshunt H (buffer at H1's end) whose end meets turnout P's stem; legs to sidings B and C.
const FORK: &str = include_str!("../data/fork.toml");

/// A one-slot turntable bridge T with tracks R and U opposite each other on a ring of 4, and a
/// separate track Z where another loco can make moves.
fn table_yard(manual: bool) -> String {
    format!(
        r#"
[yard]
name = "table"
buffers = ["R.end", "U.end", "Z.start", "Z.end"]
[[yard.track]]
name = "R"
slots = 2
[[yard.track]]
name = "U"
slots = 2
[[yard.track]]
name = "T"
slots = 1
[[yard.track]]
name = "Z"
slots = 3
[[yard.turntable]]
name = "TT"
bridge = "T"
ring = ["R.start", "", "U.start", ""]
manual = {manual}
"#
    )
}

fn puzzle(yard: &str, rest: &str) -> Puzzle {
    Puzzle::from_toml(&format!("{rest}\n{yard}")).unwrap()
}

fn loco(name: &str, at: &str, facing: &str) -> String {
    format!("[[piece]]\nname = \"{name}\"\nkind = \"loco\"\nat = \"{at}\"\nfacing = \"{facing}\"\n")
}

fn car(name: &str, at: &str) -> String {
    format!("[[piece]]\nname = \"{name}\"\nat = \"{at}\"\n")
}

fn pieces(list: &[String]) -> String {
    format!("goal = {{}}\n{}", list.concat())
}

fn at(p: &Puzzle, position: &Position, piece: &str) -> String {
    p.yard
        .slot_name(position.slot(p.find_piece(piece).unwrap()))
}

fn play(p: &Puzzle, position: &Position, text: &str) -> Result<Position, MoveError> {
    p.play_text(position, text)
}

#[test]
fn a_loco_pushes_what_stands_ahead_of_it() {
    let p = puzzle(LINE, &pieces(&[loco("L1", "A1", "up"), car("X", "A3")]));
    let after = play(&p, &p.start, "L1 A1>A3").unwrap();
    assert_eq!(at(&p, &after, "L1"), "A3");
    assert_eq!(at(&p, &after, "X"), "A4");
    // A pushed car stays where the push leaves it: driving back does not take it along.
    let back = play(&p, &after, "L1 A3>A1").unwrap();
    assert_eq!(at(&p, &back, "X"), "A4");
}

#[test]
fn a_loco_pulls_what_is_coupled_at_its_rear() {
    let p = puzzle(
        LINE,
        &pieces(&[loco("L1", "A3", "up"), car("X", "A2"), car("Y", "A1")]),
    );
    let after = play(&p, &p.start, "L1 A3>A5 +1").unwrap();
    assert_eq!(at(&p, &after, "X"), "A4");
    assert_eq!(at(&p, &after, "Y"), "A1");
    let both = play(&p, &p.start, "L1 A3>A5 +2").unwrap();
    assert_eq!(
        (at(&p, &both, "X"), at(&p, &both, "Y")),
        ("A4".into(), "A3".into())
    );
}

#[test]
fn a_loco_couples_only_at_its_rear() {
    let p = puzzle(LINE, &pieces(&[loco("L1", "A2", "up"), car("X", "A3")]));
    assert_eq!(
        play(&p, &p.start, "L1 A2>A1 +1"),
        Err(MoveError::TooFewBehind {
            loco: "L1".into(),
            behind: 0
        })
    );
    let after = play(&p, &p.start, "L1 A2>A1").unwrap();
    assert_eq!(at(&p, &after, "X"), "A3");
    assert!(
        p.legal_moves(&p.start)
            .iter()
            .all(|m| !m.action.to_string().contains("+1"))
    );
}

#[test]
fn nothing_is_pushed_past_a_buffer_stop_or_off_the_board() {
    let p = puzzle(LINE, &pieces(&[loco("L1", "A4", "up"), car("X", "A5")]));
    let err = play(&p, &p.start, "L1 A4>A5").unwrap_err();
    assert_eq!(err.to_string(), "would push car X off the board at A.end");
    let p = puzzle(LINE, &pieces(&[loco("L1", "A2", "down"), car("X", "A1")]));
    let err = play(&p, &p.start, "L1 A2>A1").unwrap_err();
    assert!(matches!(err, MoveError::PastBuffer { .. }), "{err}");
    assert!(err.to_string().contains("buffer stop at A.start"));
    // The refused move left the position as it was, and no listed move goes there.
    assert_eq!(at(&p, &p.start, "L1"), "A2");
    assert!(
        p.legal_moves(&p.start)
            .iter()
            .all(|m| at(&p, &m.result, "X") == "A1")
    );
}

#[test]
fn a_route_never_turns_from_one_leg_to_the_other() {
    let p = puzzle(FORK, &pieces(&[loco("L1", "B1", "down")]));
    assert_eq!(
        play(&p, &p.start, "L1 B1>C1"),
        Err(MoveError::SharpTurn("P".into()))
    );
    let slots: Vec<String> = p
        .legal_moves(&p.start)
        .iter()
        .map(|m| at(&p, &m.result, "L1"))
        .collect();
    assert!(slots.contains(&"H2".to_owned()));
    assert!(slots.iter().all(|s| !s.starts_with('C')), "{slots:?}");
}

#[test]
fn the_mover_sets_the_points_and_couples_across_them() {
    let p = puzzle(
        FORK,
        &pieces(&[loco("L1", "H3", "down"), car("X", "B1"), car("Y", "C1")]),
    );
    // H3's rear faces the points: either leg's first car can be coupled; the bare text is ambiguous.
    let err = play(&p, &p.start, "L1 H3>H2 +1").unwrap_err();
    assert!(
        matches!(err, MoveError::Ambiguous(ref options) if options.len() == 2),
        "{err}"
    );
    let via_b = play(&p, &p.start, "L1 H3>H2 +1 via P.1").unwrap();
    assert_eq!(at(&p, &via_b, "X"), "H3");
    assert_eq!(at(&p, &via_b, "Y"), "C1");
    let via_c = play(&p, &p.start, "L1 H3>H2 +1 via P.2").unwrap();
    assert_eq!(at(&p, &via_c, "Y"), "H3");
}

#[test]
fn a_broken_track_blocks_entering_passing_and_pushing() {
    let text = |cars: &str| {
        format!(
            "broken = [\"B2\"]\n{}{cars}",
            pieces(&[loco("L1", "H3", "down")])
        )
    };
    let p = puzzle(FORK, &text(""));
    assert_eq!(
        play(&p, &p.start, "L1 H3>B3"),
        Err(MoveError::Broken("B2".into()))
    );
    assert!(play(&p, &p.start, "L1 H3>B1").is_ok());
    let p = puzzle(FORK, &text(&car("X", "B1")));
    assert_eq!(
        play(&p, &p.start, "L1 H3>H2").map(|_| ()),
        Ok(()),
        "moving away is fine"
    );
    let p2 = puzzle(
        FORK,
        &format!(
            "broken = [\"B2\"]\n{}",
            pieces(&[loco("L1", "H2", "down"), car("X", "H3")])
        ),
    );
    let err = play(&p2, &p2.start, "L1 H2>B1").unwrap_err();
    assert_eq!(err, MoveError::Broken("B2".into()));
    assert!(play(&p2, &p2.start, "L1 H2>H3 via P.2").is_ok());
    assert!(Puzzle::from_toml(&format!("{}\n{FORK}", text(&car("X", "B2")))).is_err());
}

#[test]
fn the_turntable_turns_after_every_move_and_carries_a_loco_round() {
    let p = puzzle(
        &table_yard(false),
        &pieces(&[loco("L1", "Z1", "up"), loco("L2", "T1", "up")]),
    );
    let l2 = p.find_piece("L2").unwrap();
    // At position 0 the bridge's end (L2's front) faces U: driving forward enters U facing away.
    let into_u = play(&p, &p.start, "L2 T1>U1").unwrap();
    assert!(into_u.faces_up(l2));
    let one = play(&p, &p.start, "L1 Z1>Z2").unwrap();
    assert_eq!(one.turntable(0), 1);
    assert_eq!(
        play(&p, &one, "L2 T1>U1"),
        Err(MoveError::NotLinedUp("TT".into()))
    );
    let two = play(&p, &one, "L1 Z2>Z3").unwrap();
    assert_eq!(two.turntable(0), 2);
    assert_eq!(at(&p, &two, "L2"), "T1", "the bridge carried L2 round");
    // Half a turn later L2's front faces R: U is now behind it, and it arrives facing the table.
    let round = play(&p, &two, "L2 T1>U1").unwrap();
    assert!(!round.faces_up(l2));
    let ahead = play(&p, &two, "L2 T1>R1").unwrap();
    assert!(ahead.faces_up(l2));
    assert_eq!(ahead.turntable(0), 3);
}

#[test]
fn a_manual_turntable_turns_only_as_a_move_of_its_own() {
    let p = puzzle(
        &table_yard(true),
        &pieces(&[loco("L1", "Z1", "up"), car("X", "T1")]),
    );
    let moved = play(&p, &p.start, "L1 Z1>Z2").unwrap();
    assert_eq!(moved.turntable(0), 0);
    let turned = play(&p, &p.start, "turn TT").unwrap();
    assert_eq!(turned.turntable(0), 1);
    assert_eq!(at(&p, &turned, "X"), "T1");
    assert!(
        p.legal_moves(&p.start)
            .iter()
            .any(|m| m.action.to_string() == "turn TT")
    );
    let auto = puzzle(&table_yard(false), &pieces(&[loco("L1", "Z1", "up")]));
    assert_eq!(
        play(&auto, &auto.start, "turn TT"),
        Err(MoveError::NotManual("TT".into()))
    );
}

#[test]
fn two_locos_couple_and_push_each_other() {
    let p = puzzle(
        LINE,
        &pieces(&[
            loco("L1", "A3", "up"),
            loco("L2", "A2", "down"),
            car("X", "A1"),
        ]),
    );
    let l2 = p.find_piece("L2").unwrap();
    let pulled = play(&p, &p.start, "L1 A3>A5 +2").unwrap();
    assert_eq!(at(&p, &pulled, "L2"), "A4");
    assert_eq!(at(&p, &pulled, "X"), "A3");
    assert!(!pulled.faces_up(l2));
    let pushed = play(&p, &p.start, "L2 A2>A3").unwrap();
    assert_eq!(at(&p, &pushed, "L1"), "A4");
    assert!(matches!(
        play(&p, &p.start, "L2 A2>A1"),
        Err(MoveError::PastBuffer { .. })
    ));
}

#[test]
fn refusals_name_the_problem_and_never_panic() {
    let p = puzzle(FORK, &pieces(&[loco("L1", "H3", "down"), car("X", "B1")]));
    let cases = [
        ("L1 H3>Q9", MoveError::NoSuchSlot("Q9".into())),
        ("L9 H3>H2", MoveError::NoSuchLoco("L9".into())),
        ("X B1>B2", MoveError::NotALoco("X".into())),
        ("L1 H3>H3", MoveError::NoDistance),
        (
            "L1 H2>H1",
            MoveError::NotThere {
                loco: "L1".into(),
                at: "H3".into(),
                from: "H2".into(),
            },
        ),
        (
            "L1 H3>H1 +2",
            MoveError::TooFewBehind {
                loco: "L1".into(),
                behind: 1,
            },
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(play(&p, &p.start, text), Err(expected), "{text}");
    }
    for junk in [
        "",
        "L1",
        "L1 H3",
        "L1 H3-H2",
        "L1 H3>H2 +x",
        "L1 H3>H2 +1 via",
        "L1 H3>H2 +1 via P.7",
        "turn",
    ] {
        assert!(
            matches!(play(&p, &p.start, junk), Err(MoveError::Notation { .. })),
            "{junk}"
        );
    }
}

#[test]
fn every_listed_move_round_trips_through_its_notation() {
    for name in ["inglenook", "timesaver", "shed", "junction"] {
        let yard = builtin::yard(name).unwrap();
        let first = |t: usize| yard.tracks[t].name.clone();
        let text = format!(
            "yard = \"{name}\"\ngoal = {{}}\n{}{}{}",
            loco("L1", &format!("{}1", first(0)), "up"),
            car("X", &format!("{}1", first(1))),
            car("Y", &format!("{}1", first(2))),
        );
        let p = Puzzle::from_toml(&text).unwrap();
        let mut position = p.start;
        for step in 0..6 {
            let moves = p.legal_moves(&position);
            assert!(!moves.is_empty(), "{name}: no moves");
            for m in &moves {
                let text = m.action.to_string();
                assert_eq!(text.parse::<Move>().unwrap(), m.action, "{text}");
                assert_eq!(
                    p.play(&position, &m.action).unwrap(),
                    m.result,
                    "{name}: {text}"
                );
            }
            position = moves[(step * 7) % moves.len()].result;
        }
    }
}

#[test]
fn bad_files_are_refused_with_the_reason() {
    let base = pieces(&[loco("L1", "H1", "down")]);
    let load = |extra: &str, yard: &str| Puzzle::from_toml(&format!("{extra}\n{yard}"));
    assert_eq!(
        load(&format!("{base}{}", car("X", "Q9")), FORK).unwrap_err(),
        LoadError::UnknownSlot {
            slot: "Q9".into(),
            place: "piece X".into()
        }
    );
    assert!(matches!(
        load(&format!("{base}{}", car("X", "H1")), FORK),
        Err(LoadError::SlotTaken { .. })
    ));
    assert!(matches!(
        load(
            &format!("broken = [\"B1\"]\n{base}{}", car("X", "B1")),
            FORK
        ),
        Err(LoadError::OnBroken { .. })
    ));
    let leg_to_leg = FORK.replace(
        "[[yard.track]]\nname = \"H\"",
        "joints = [[\"P.leg1\", \"P.leg2\"]]\n[[yard.track]]\nname = \"H\"",
    );
    let leg_to_leg = leg_to_leg.replace("legs = [\"B.start\", \"C.start\"]", "");
    assert!(matches!(
        load(&base, &leg_to_leg),
        Err(LoadError::LegToLeg(_))
    ));
    assert!(matches!(
        Puzzle::from_toml("yard = \"nowhere\"\ngoal = {}\n[[piece]]\nname = \"L1\"\nat = \"A1\""),
        Err(LoadError::UnknownYard(_))
    ));
    assert!(matches!(
        Puzzle::from_toml("yard = ["),
        Err(LoadError::Toml(_))
    ));
}

#[test]
fn inglenook_is_the_classic_size() {
    let yard = builtin::yard("inglenook").unwrap();
    let sizes: Vec<(String, u8)> = yard
        .tracks
        .iter()
        .map(|t| (t.name.clone(), t.len))
        .collect();
    assert_eq!(
        sizes,
        [("H", 4), ("A", 5), ("B", 3), ("C", 3)].map(|(n, s)| (n.to_owned(), s))
    );
    assert_eq!(yard.turnouts.len(), 2);
}

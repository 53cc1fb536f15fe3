//! The puzzle-session rules played as games: the rank at each threshold, the move limit M, undo and
//! reset, the standard spelling of a move and the wording of refusals, on a yard simple enough to check
//! by hand: one loco on a straight line of 12 slots, to drive from H1 to H12.

use roundhouse::games::shunting::{Puzzle, Rank, Refusal, Session, SolveOptions, solve};

const LINE: &str = r#"
name = "line"
title = "One loco along a line"
[yard]
name = "line"
buffers = ["H.start", "H.end"]
[[yard.track]]
name = "H"
slots = 12

[[piece]]
name = "L1"
kind = "loco"
at = "H1"
facing = "up"

[goal.at]
L1 = "H12"
"#;

fn line() -> Puzzle {
    Puzzle::from_toml(LINE).unwrap()
}

/// The optimum is one move (H1 straight to H12), so M = max(1 + 8, ⌈1.5⌉) = 9.
const OPTIMUM: usize = 1;
const LIMIT: usize = 9;

/// Drives L1 from H1 to H12 stopping at every slot in `stops` on the way: `stops.len() + 1` moves.
fn drive_with_stops(session: &mut Session<'_>, stops: &[u8]) {
    let mut at = 1;
    for &to in stops.iter().chain(&[12]) {
        session.play_text(&format!("L1 H{at}>H{to} +0")).unwrap();
        at = to;
    }
}

#[test]
fn the_line_has_an_optimum_of_one_move() {
    let puzzle = line();
    let solution = solve(&puzzle, &SolveOptions::default()).unwrap();
    assert_eq!(solution.moves.len(), OPTIMUM);
    assert_eq!(Session::new(&puzzle, Some(OPTIMUM)).limit(), Some(LIMIT));
}

#[test]
fn the_rank_follows_the_moves_at_each_threshold() {
    let puzzle = line();
    let expected = [
        (1, Rank::YardMaster),
        (2, Rank::Dispatcher),
        (3, Rank::Dispatcher),
        (4, Rank::Conductor),
        (6, Rank::Conductor),
        (7, Rank::Brakeman),
        (9, Rank::Brakeman),
    ];
    for (moves, rank) in expected {
        let mut session = Session::new(&puzzle, Some(OPTIMUM));
        let stops: Vec<u8> = (2..).take(moves - 1).collect();
        drive_with_stops(&mut session, &stops);
        assert!(session.at_goal());
        assert_eq!(session.count(), moves);
        assert_eq!(session.rank(), Some(rank), "{moves} moves");
    }
}

#[test]
fn the_tenth_move_is_refused_and_changes_nothing() {
    let puzzle = line();
    let mut session = Session::new(&puzzle, Some(OPTIMUM));
    for to in 2..=10 {
        session
            .play_text(&format!("L1 H{}>H{to} +0", to - 1))
            .unwrap();
    }
    assert_eq!(session.count(), LIMIT);
    assert!(session.legal().is_empty());
    let before = *session.position();
    let refusal = session.play_text("L1 H10>H12 +0").unwrap_err();
    assert_eq!(refusal, Refusal::Limit { limit: LIMIT });
    assert_eq!(
        refusal.to_string(),
        "That would be move 10, past this puzzle's limit of 9 moves: a longer route does not count \
         as solved. Undo a move or reset to start again."
    );
    assert_eq!(*session.position(), before);
    assert_eq!(session.count(), LIMIT);

    // Undo one stop, then drive on to the goal within the limit: Brakeman.
    assert_eq!(
        session.undo().map(|m| m.to_string()),
        Ok("L1 H9>H10 +0".to_owned())
    );
    session.play_text("L1 H9>H12 +0").unwrap();
    assert_eq!(session.rank(), Some(Rank::Brakeman));
    assert_eq!(session.play_text("L1 H12>H11"), Err(Refusal::Solved));
}

#[test]
fn reset_starts_the_count_again() {
    let puzzle = line();
    let mut session = Session::new(&puzzle, Some(OPTIMUM));
    assert_eq!(session.reset(), Err(Refusal::AtStart));
    assert_eq!(session.undo(), Err(Refusal::NothingToUndo));
    session.play_text("L1 H1>H5").unwrap();
    session.play_text("L1 H5>H3").unwrap();
    assert_eq!(session.reset(), Ok(2));
    assert_eq!(*session.position(), puzzle.start);
    session.play_text("L1 H1>H12").unwrap();
    assert_eq!(session.rank(), Some(Rank::YardMaster));
}

#[test]
fn a_move_is_kept_in_its_standard_spelling() {
    let puzzle = line();
    let mut session = Session::new(&puzzle, Some(OPTIMUM));
    let kept = session.play_text("  l1 h1>h4 ").unwrap();
    assert_eq!(kept.to_string(), "L1 H1>H4 +0");
    assert_eq!(session.moves_text(), vec!["L1 H1>H4 +0"]);
    let replayed = Session::replay(&puzzle, Some(OPTIMUM), &session.moves_text()).unwrap();
    assert_eq!(replayed.position(), session.position());
}

#[test]
fn refusals_say_what_was_wrong() {
    let puzzle = line();
    let mut session = Session::new(&puzzle, Some(OPTIMUM));
    let cases = [
        ("L1 H2>H3", "L1 stands at H1, not H2."),
        ("L1 H1>H13", "No such slot H13."),
        ("L2 H1>H3", "No loco called L2."),
        (
            "L1 H1>H1",
            "L1 cannot reach H1: a move must go at least one slot.",
        ),
        (
            "L1 H1>H3 +1",
            "L1 cannot reach H3: loco L1 has only 0 pieces behind it.",
        ),
    ];
    for (text, says) in cases {
        assert_eq!(
            session.play_text(text),
            Err(Refusal::Rules(says.to_owned())),
            "{text}"
        );
        assert_eq!(session.count(), 0, "{text}");
    }
    let Err(Refusal::Rules(unreadable)) = session.play_text("drive somewhere") else {
        panic!("refused as unreadable");
    };
    assert!(
        unreadable.starts_with("Cannot read `drive somewhere`"),
        "{unreadable}"
    );
    assert!(unreadable.contains("L1 H1>A3 +2"), "{unreadable}");
}

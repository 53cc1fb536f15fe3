//! Quick proofs of impossibility: a goal that cheap rules show unreachable is answered "no solution"
//! with the reason before any search, one rule per test, and no puzzle we ship is declared impossible.

use roundhouse::calendar::Day;
use roundhouse::games::shunting::daily::for_day;
use roundhouse::games::shunting::wright::WrightDeal;
use roundhouse::games::shunting::{
    Impossible, Puzzle, SolveError, SolveOptions, builtin, cards, impossible, solve,
};
use roundhouse::rng::GameRng;

use crate::shunting_solver::MINI_INGLENOOK;

/// The full Inglenook with one loco at H4 facing up, cars named and placed as `pieces`, and `rest`
/// (broken tracks, then the goal from its first table on).
fn inglenook(pieces: &[(&str, &str)], rest: &str) -> Puzzle {
    let tables = if rest.starts_with('[') {
        0
    } else {
        rest.find("\n[").map_or(rest.len(), |i| i + 1)
    };
    let (broken, goal) = rest.split_at(tables);
    let mut text = format!("yard = \"inglenook\"\n{broken}\n");
    text += "[[piece]]\nname = \"L1\"\nkind = \"loco\"\nat = \"H4\"\nfacing = \"up\"\n";
    for (name, at) in pieces {
        text += &format!("[[piece]]\nname = \"{name}\"\nat = \"{at}\"\n");
    }
    text += goal;
    Puzzle::from_toml(&text).expect("it loads")
}

/// The reason `puzzle` is impossible, checking that the solver answers with it at once.
fn proved(puzzle: &Puzzle) -> Impossible {
    let why = impossible(puzzle).expect("a rule proves it impossible");
    let error = solve(puzzle, &SolveOptions::default()).expect_err("no solution");
    assert_eq!(error, SolveError::Impossible(why.clone()));
    assert!(error.to_string().starts_with("no solution: "), "{error}");
    why
}

#[test]
fn a_car_behind_a_broken_slot_cannot_reach_a_goal_beyond_it() {
    let puzzle = inglenook(&[("W1", "B3")], "broken = [\"A2\"]\n[goal.at]\nW1 = \"A4\"");
    let why = proved(&puzzle);
    assert_eq!(
        why,
        Impossible::CutOff {
            piece: "car W1".into(),
            slot: "A4".into()
        }
    );
    assert!(
        why.to_string().contains("car W1 can never reach A4"),
        "{why}"
    );
}

#[test]
fn a_group_needs_as_many_of_its_pieces_in_each_part_of_the_yard() {
    // A4 and A5 lie beyond the broken A3; only W3 stands there.
    let puzzle = inglenook(
        &[("W1", "B3"), ("W2", "C3"), ("W3", "A5")],
        "broken = [\"A3\"]\n[[goal.group]]\npieces = [\"W1\", \"W2\", \"W3\"]\nslots = [\"A4\", \"A5\"]",
    );
    assert_eq!(
        proved(&puzzle),
        Impossible::GroupCutOff {
            slot: "A4".into(),
            slots: 2,
            pieces: 1
        }
    );
    // With W2 beyond the break too, the rule has nothing to say (W2 and W3 already stand there).
    let fine = inglenook(
        &[("W1", "B3"), ("W2", "A4"), ("W3", "A5")],
        "broken = [\"A3\"]\n[[goal.group]]\npieces = [\"W1\", \"W2\", \"W3\"]\nslots = [\"A4\", \"A5\"]",
    );
    assert_eq!(impossible(&fine), None);
}

#[test]
fn nothing_changes_where_no_loco_can_reach() {
    let must_move = inglenook(&[("W1", "C2")], "broken = [\"C1\"]\n[goal.at]\nW1 = \"C3\"");
    let why = proved(&must_move);
    assert_eq!(
        why.to_string(),
        "no solution: car W1 must move to C3, but no loco can reach that part of the yard"
            .strip_prefix("no solution: ")
            .unwrap()
    );
    let must_empty = inglenook(
        &[("W1", "B3")],
        "broken = [\"B2\"]\n[goal]\nempty = [\"B3\"]",
    );
    assert!(
        proved(&must_empty)
            .to_string()
            .contains("B3 must be left empty"),
    );
    // The same car cut off but already where the goal wants it: nothing to prove.
    let already = inglenook(&[("W1", "C3")], "broken = [\"C1\"]\n[goal.at]\nW1 = \"C3\"");
    assert_eq!(impossible(&already), None);
}

#[test]
fn a_part_of_the_yard_must_have_room_for_its_pieces() {
    // Mini Inglenook: 10 slots, 5 pieces; keeping 6 empty leaves room for 4.
    let pieces = "[[piece]]\nname = \"L1\"\nkind = \"loco\"\nat = \"H3\"\nfacing = \"up\"\n\
        [[piece]]\nname = \"W1\"\nat = \"A1\"\n[[piece]]\nname = \"W2\"\nat = \"B1\"\n\
        [[piece]]\nname = \"W3\"\nat = \"C1\"\n[[piece]]\nname = \"W4\"\nat = \"C2\"\n";
    let load = |goal: &str| {
        Puzzle::from_toml(&format!("{pieces}{goal}\n{MINI_INGLENOOK}")).expect("it loads")
    };
    let crowded = load("[goal]\nempty = [\"A\", \"B\", \"C1\"]");
    assert_eq!(
        proved(&crowded),
        Impossible::NoRoom {
            slot: "H1".into(),
            pieces: 5,
            room: 4,
            noun: "pieces"
        }
    );
    // Clear of cars: the loco may stand there, the four cars need four other slots.
    let cars = load("[goal]\nclear = [\"A\", \"B\", \"C1\"]\nempty = [\"H1\"]");
    assert!(
        proved(&cars)
            .to_string()
            .contains("has 4 cars and the goal leaves room for 3 there"),
    );
    assert_eq!(impossible(&load("[goal]\nclear = [\"A\", \"B\"]")), None);
}

#[test]
fn a_car_cannot_end_ahead_of_the_only_locos_front() {
    // The loco faces up, away from the points, and no move turns it: H4 is ahead of H3.
    let puzzle = inglenook(&[("W1", "A1")], "[goal.at]\nL1 = \"H3\"\nW1 = \"H4\"");
    let why = proved(&puzzle);
    assert!(
        why.to_string()
            .contains("car W1 must end at H4, ahead of L1's front"),
        "{why}"
    );
    // Behind the loco is where cars go.
    let behind = inglenook(&[("W1", "A1")], "[goal.at]\nL1 = \"H3\"\nW1 = \"H2\"");
    assert_eq!(impossible(&behind), None);
    assert_eq!(
        solve(&behind, &SolveOptions::default()).map(|s| s.optimum()),
        Ok(2)
    );
}

#[test]
fn no_puzzle_we_ship_is_declared_impossible() {
    for &(name, _) in builtin::PUZZLES {
        let puzzle = builtin::puzzle(name).expect("built in").expect("it loads");
        assert_eq!(impossible(&puzzle), None, "{name}");
    }
    for card in cards::all().expect("the cards load") {
        assert_eq!(impossible(&card.puzzle), None, "card {}", card.number);
    }
    let mut rng = GameRng::seeded(17);
    for _ in 0..50 {
        let deal = WrightDeal::random(&mut rng);
        let puzzle = deal.puzzle().expect("a deal loads");
        assert_eq!(impossible(&puzzle), None, "{deal:?}");
    }
    let first = Day(roundhouse::calendar::FIRST_DAY.0);
    // A week: every weekday's kind of puzzle.
    for offset in 0..7 {
        let daily = for_day(Day(first.0 + offset)).expect("a daily puzzle");
        assert_eq!(impossible(&daily.puzzle), None, "{}", daily.day);
    }
}

//! The solver against an independent brute force: a plain breadth-first search written here, over every
//! legal move, with whole positions (every piece told apart) as its states and none of the solver's
//! shortcuts (no interchangeable pieces, no search from the goal, no skipped stops). Every solution
//! must also replay to the goal in exactly the number of moves reported.

use std::collections::{HashMap, VecDeque};

use roundhouse::games::shunting::{Position, Puzzle, SolveError, SolveOptions, solve};
use roundhouse::rng::GameRng;

/// The fewest moves to the goal by plain breadth-first search, or `None` if it cannot be reached.
pub(crate) fn brute_force(puzzle: &Puzzle) -> Option<usize> {
    let mut depth: HashMap<Position, usize> = HashMap::from([(puzzle.start, 0)]);
    let mut queue = VecDeque::from([puzzle.start]);
    while let Some(position) = queue.pop_front() {
        let d = depth[&position];
        if puzzle.is_solved(&position) {
            return Some(d);
        }
        for next in puzzle.legal_moves(&position) {
            if let std::collections::hash_map::Entry::Vacant(slot) = depth.entry(next.result) {
                slot.insert(d + 1);
                queue.push_back(next.result);
            }
        }
    }
    None
}

pub(crate) fn check(name: &str, text: &str) -> usize {
    let puzzle = Puzzle::from_toml(text).unwrap_or_else(|e| panic!("{name}: {e}"));
    let expected = brute_force(&puzzle).unwrap_or_else(|| panic!("{name}: unsolvable"));
    let solution = solve(&puzzle, &SolveOptions::default()).unwrap();
    assert_eq!(solution.optimum(), expected, "{name}: optimum");
    let mut position = puzzle.start;
    for action in &solution.moves {
        position = puzzle
            .play(&position, action)
            .unwrap_or_else(|e| panic!("{name}: {action}: {e}"));
    }
    assert!(
        puzzle.is_solved(&position),
        "{name}: the guide does not reach the goal"
    );
    assert_eq!(solution.guide().len(), expected);
    expected
}

/// A small Inglenook yard: headshunt of 3, sidings of 3, 2 and 2 (its pieces and goal come before it).
pub(crate) const MINI_INGLENOOK: &str = r#"
[yard]
name = "mini-inglenook"
buffers = ["H.end", "A.end", "B.end", "C.end"]
[[yard.track]]
name = "H"
slots = 3
[[yard.track]]
name = "A"
slots = 3
[[yard.track]]
name = "B"
slots = 2
[[yard.track]]
name = "C"
slots = 2
[[yard.turnout]]
name = "P1"
stem = "H.start"
legs = ["A.start", "P2.stem"]
[[yard.turnout]]
name = "P2"
legs = ["B.start", "C.start"]
"#;

fn mini_inglenook(cars: [&str; 4]) -> String {
    let mut text =
        String::from("[[piece]]\nname = \"L1\"\nkind = \"loco\"\nat = \"H3\"\nfacing = \"up\"\n");
    for (i, at) in cars.iter().enumerate() {
        text += &format!("[[piece]]\nname = \"W{}\"\nat = \"{at}\"\n", i + 1);
    }
    text += "[goal.at]\nW1 = \"A1\"\nW2 = \"A2\"\nW3 = \"A3\"\n";
    text + MINI_INGLENOOK
}

#[test]
fn mini_inglenook_starts_match_the_brute_force() {
    let starts = [
        ["B2", "C2", "A3", "A2"],
        ["A3", "A2", "A1", "B2"],
        ["C1", "B1", "A1", "C2"],
        ["A1", "C2", "B2", "A3"],
    ];
    let lengths: Vec<usize> = starts
        .iter()
        .enumerate()
        .map(|(i, cars)| check(&format!("mini inglenook {i}"), &mini_inglenook(*cars)))
        .collect();
    assert!(lengths.iter().all(|&n| n > 2), "{lengths:?}");
}

/// A one-slot turntable bridge T on a ring of 6 with tracks R and U (not opposite each other), and a
/// separate track Z where a second loco can spend moves while the table turns.
const TABLE: &str = r#"
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
slots = 2
[[yard.turntable]]
name = "TT"
bridge = "T"
ring = ["R.start", "", "U.start", "", "", ""]
"#;

#[test]
fn turning_a_loco_round_on_the_turntable_matches_the_brute_force() {
    let turn_round = "[[piece]]\nname = \"L1\"\nkind = \"loco\"\nat = \"R1\"\nfacing = \"down\"\n\
                      [goal.at]\nL1 = \"R1\"\n[goal.facing]\nL1 = \"up\"\n";
    let helper = "[[piece]]\nname = \"L2\"\nkind = \"loco\"\nat = \"Z1\"\nfacing = \"up\"\n";
    let auto = check("turntable", &format!("{turn_round}{helper}{TABLE}"));
    let manual = TABLE.replace("ring = [", "manual = true\nring = [");
    let by_hand = check("manual turntable", &format!("{turn_round}{manual}"));
    assert!(auto >= 3 && by_hand >= 5, "{auto} {by_hand}");
}

const FORK: &str = include_str!("../data/fork.toml");

#[test]
fn two_locos_and_a_broken_track_match_the_brute_force() {
    let text = format!(
        "broken = [\"C3\"]\n\
         [[piece]]\nname = \"L1\"\nkind = \"loco\"\nat = \"H1\"\nfacing = \"down\"\n\
         [[piece]]\nname = \"L2\"\nkind = \"loco\"\nat = \"B2\"\nfacing = \"down\"\n\
         [[piece]]\nname = \"X\"\nat = \"B1\"\n\
         [[piece]]\nname = \"Y\"\nat = \"C1\"\n\
         [goal.at]\nX = \"C2\"\nY = \"B3\"\nL2 = \"H1\"\n{FORK}"
    );
    check("two locos", &text);
}

#[test]
fn a_goal_group_and_unnamed_pieces_match_the_brute_force() {
    let text = format!(
        "[[piece]]\nname = \"L1\"\nkind = \"loco\"\nat = \"H3\"\nfacing = \"up\"\n\
         [[piece]]\nname = \"W1\"\nat = \"A1\"\n[[piece]]\nname = \"W2\"\nat = \"B1\"\n\
         [[piece]]\nname = \"W3\"\nat = \"C1\"\n[[piece]]\nname = \"W4\"\nat = \"A2\"\n\
         [goal.at]\nW4 = \"C2\"\n[[goal.group]]\npieces = [\"W1\", \"W2\", \"W3\"]\nslots = [\"A1\", \"A2\"]\n\
         {MINI_INGLENOOK}"
    );
    check("group", &text);
}

#[test]
fn a_solved_start_needs_no_moves() {
    let text = mini_inglenook(["A1", "A2", "A3", "B1"]);
    assert_eq!(check("solved", &text), 0);
}

#[test]
fn an_unreachable_goal_is_reported_as_unsolvable() {
    // The car is in front of the loco, which couples only at its rear and can push it only towards
    // the buffer.
    let text = "[yard]\nname = \"line\"\nbuffers = [\"A.start\", \"A.end\"]\n\
                [[yard.track]]\nname = \"A\"\nslots = 4\n\
                [[piece]]\nname = \"L1\"\nkind = \"loco\"\nat = \"A3\"\nfacing = \"down\"\n\
                [[piece]]\nname = \"X\"\nat = \"A2\"\n[goal.at]\nX = \"A4\"\n";
    let puzzle = Puzzle::from_toml(text).unwrap();
    assert_eq!(brute_force(&puzzle), None);
    assert!(matches!(
        solve(&puzzle, &SolveOptions::default()),
        Err(SolveError::Unsolvable { .. })
    ));
}

#[test]
fn a_search_past_its_limit_says_too_large() {
    let puzzle = Puzzle::from_toml(&mini_inglenook(["B2", "C2", "A3", "A2"])).unwrap();
    let options = SolveOptions {
        max_states: 50,
        ..SolveOptions::default()
    };
    match solve(&puzzle, &options) {
        Err(SolveError::TooLarge { explored }) => assert!(explored > 50),
        other => panic!("expected too large, got {other:?}"),
    }
}

/// A run-round loop: headshunts H and K, and two roads X and Y between turnouts P and Q, so a loco can
/// get to the other end of its cars.
const LOOP: &str = r#"
[yard]
name = "loop"
buffers = ["H.start", "K.end"]
[[yard.track]]
name = "H"
slots = 2
[[yard.track]]
name = "X"
slots = 2
[[yard.track]]
name = "Y"
slots = 2
[[yard.track]]
name = "K"
slots = 2
[[yard.turnout]]
name = "P"
stem = "H.end"
legs = ["X.start", "Y.start"]
[[yard.turnout]]
name = "Q"
stem = "K.start"
legs = ["X.end", "Y.end"]
"#;

/// A random puzzle on a small yard: one or two locos, two or three cars, sometimes a broken track; a
/// goal for one or two cars, sometimes a group or a loco's facing. Some cannot be solved.
fn random_puzzle(rng: &mut GameRng) -> String {
    let manual = TABLE.replace("ring = [", "manual = true\nring = [");
    let yards: [(&str, &[&str]); 5] = [
        (
            MINI_INGLENOOK,
            &["H1", "H2", "H3", "A1", "A2", "A3", "B1", "B2", "C1", "C2"],
        ),
        (
            FORK,
            &["H1", "H2", "H3", "B1", "B2", "B3", "C1", "C2", "C3"],
        ),
        (LOOP, &["H1", "H2", "X1", "X2", "Y1", "Y2", "K1", "K2"]),
        (TABLE, &["R1", "R2", "U1", "U2", "T1", "Z1", "Z2"]),
        (&manual, &["R1", "R2", "U1", "U2", "T1", "Z1", "Z2"]),
    ];
    let (yard, slots) = yards[rng.below(yards.len())];
    let locos = 1 + rng.below(2);
    let cars = 2 + rng.below(2);
    let broken = rng.below(3) == 0;
    let places = rng.pick(slots, locos + cars + usize::from(broken));
    let mut text = String::new();
    if broken {
        text += &format!("broken = [\"{}\"]\n", places[locos + cars]);
    }
    let facings = ["up", "down"];
    for (l, at) in places[..locos].iter().enumerate() {
        let facing = facings[rng.below(2)];
        text += &format!(
            "[[piece]]\nname = \"L{}\"\nkind = \"loco\"\nat = \"{at}\"\nfacing = \"{facing}\"\n",
            l + 1
        );
    }
    for (c, at) in places[locos..locos + cars].iter().enumerate() {
        text += &format!("[[piece]]\nname = \"C{}\"\nat = \"{at}\"\n", c + 1);
    }
    let open: Vec<&str> = slots
        .iter()
        .copied()
        .filter(|s| !(broken && *s == places[locos + cars]))
        .collect();
    let targets = rng.pick(&open, 2);
    text += &format!("[goal.at]\nC1 = \"{}\"\n", targets[0]);
    match rng.below(4) {
        0 | 1 => text += &format!("C2 = \"{}\"\n", targets[1]),
        2 if cars == 3 => {
            text += &format!(
                "[[goal.group]]\npieces = [\"C2\", \"C3\"]\nslots = [\"{}\"]\n",
                targets[1]
            )
        }
        2 => text += &format!("C2 = \"{}\"\n", targets[1]),
        3 => text += &format!("[goal.facing]\nL1 = \"{}\"\n", facings[rng.below(2)]),
        _ => unreachable!("below(4)"),
    }
    text + yard
}

#[test]
fn random_small_puzzles_match_the_brute_force() {
    let mut rng = GameRng::seeded(2026);
    let (mut solved, mut unsolvable) = (0, 0);
    for i in 0..160 {
        let text = random_puzzle(&mut rng);
        let puzzle = Puzzle::from_toml(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        match brute_force(&puzzle) {
            Some(_) => {
                check(&format!("random {i}\n{text}"), &text);
                solved += 1;
            }
            None => {
                let answer = solve(&puzzle, &SolveOptions::default());
                // Either a quick rule proves it, or the search sees every position.
                assert!(
                    matches!(
                        answer,
                        Err(SolveError::Unsolvable { .. } | SolveError::Impossible(_))
                    ),
                    "random {i}: {answer:?}\n{text}"
                );
                unsolvable += 1;
            }
        }
    }
    assert!(
        solved >= 40 && unsolvable >= 1,
        "{solved} solved, {unsolvable} unsolvable"
    );
}

#[test]
fn the_answer_does_not_depend_on_the_number_of_threads() {
    use roundhouse::games::shunting::cards;
    for number in [36, 38, 40] {
        let card = cards::card(number).expect("a shipped card");
        let answers: Vec<(Vec<String>, usize)> = [1, 2, 3]
            .into_iter()
            .map(|threads| {
                let options = SolveOptions {
                    threads,
                    ..SolveOptions::default()
                };
                let solution = solve(&card.puzzle, &options).expect("the card solves");
                (solution.guide(), solution.states)
            })
            .collect();
        assert!(
            answers[0].1 > 5_000,
            "card {number}: {} states",
            answers[0].1
        );
        assert_eq!(answers[0], answers[1], "card {number}");
        assert_eq!(answers[0], answers[2], "card {number}");
    }
}

#[test]
fn a_search_on_several_threads_past_its_limit_says_too_large() {
    let puzzle = roundhouse::games::shunting::builtin::puzzle("inglenook-hard-1")
        .expect("built in")
        .expect("it loads");
    let options = SolveOptions {
        max_states: 60_000,
        threads: 2,
        ..SolveOptions::default()
    };
    match solve(&puzzle, &options) {
        Err(SolveError::TooLarge { explored }) => {
            assert!((60_000..200_000).contains(&explored), "{explored}")
        }
        other => panic!("expected too large, got {other:?}"),
    }
}

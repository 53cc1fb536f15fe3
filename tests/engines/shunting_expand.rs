//! The solver's fast move generator against the rules as the players see them: on many random positions
//! in every built-in yard (turntables, manual turntables and two locos included) it must find exactly the
//! positions [`Puzzle::legal_moves`] leads to, and its moves played backwards must be exactly the
//! inverse of its moves forwards.

use std::collections::HashSet;

use roundhouse::games::shunting::solver::Expander;
use roundhouse::games::shunting::{Position, Puzzle, builtin};
use roundhouse::rng::GameRng;

/// A built-in yard's file text as the inline `[yard]` table of a puzzle file.
fn inline_yard(name: &str) -> String {
    let (_, text) = builtin::YARDS
        .iter()
        .find(|(n, _)| *n == name)
        .expect("a built-in yard");
    format!("[yard]\n{}", text.replace("[[", "[[yard."))
}

fn piece(name: &str, at: &str, loco: Option<&str>) -> String {
    match loco {
        Some(facing) => {
            format!(
                "[[piece]]\nname = \"{name}\"\nkind = \"loco\"\nat = \"{at}\"\nfacing = \"{facing}\"\n"
            )
        }
        None => format!("[[piece]]\nname = \"{name}\"\nat = \"{at}\"\n"),
    }
}

/// Every built-in puzzle, and puzzles that add what those lack: two locos and a manual turntable in the
/// shed, two locos in the Timesaver and at Inglenook, one loco at the junction.
fn puzzles() -> Vec<Puzzle> {
    let mut all: Vec<Puzzle> = builtin::PUZZLES
        .iter()
        .map(|(_, text)| Puzzle::from_toml(text).expect("a built-in puzzle loads"))
        .collect();
    let shed_pieces = [
        piece("L1", "R2", Some("down")),
        piece("L2", "U1", Some("up")),
        piece("Red", "D1", None),
        piece("Blue", "F1", None),
        "[goal.at]\nBlue = \"U2\"\n".to_owned(),
    ]
    .concat();
    all.push(Puzzle::from_toml(&format!("{shed_pieces}{}", inline_yard("shed"))).unwrap());
    let manual = inline_yard("shed").replace("bridge = \"T\"", "bridge = \"T\"\nmanual = true");
    all.push(Puzzle::from_toml(&format!("{shed_pieces}{manual}")).unwrap());
    let timesaver = [
        piece("L1", "W1", Some("down")),
        piece("L2", "G3", Some("up")),
        piece("A", "Y2", None),
        piece("B", "L2", None),
        piece("C", "K1", None),
        "[goal.at]\nA = \"X1\"\n".to_owned(),
        inline_yard("timesaver"),
    ]
    .concat();
    all.push(Puzzle::from_toml(&timesaver).unwrap());
    let inglenook = [
        piece("L1", "H4", Some("up")),
        piece("L2", "C3", Some("down")),
        piece("A", "A5", None),
        piece("B", "B3", None),
        "[goal.at]\nA = \"B1\"\n".to_owned(),
        inline_yard("inglenook"),
    ]
    .concat();
    all.push(Puzzle::from_toml(&inglenook).unwrap());
    let junction = [
        piece("L1", "W1", Some("up")),
        piece("A", "M2", None),
        piece("B", "L3", None),
        "[goal.at]\nA = \"S1\"\n".to_owned(),
        inline_yard("junction"),
    ]
    .concat();
    all.push(Puzzle::from_toml(&junction).unwrap());
    all
}

/// A random position of `puzzle`'s pieces: distinct whole slots, any facings and turntable positions.
fn random_position(puzzle: &Puzzle, rng: &mut GameRng) -> Position {
    let mut free: Vec<u8> = (0..puzzle.yard.slots.len() as u8)
        .filter(|&s| !puzzle.broken[usize::from(s)])
        .collect();
    let slots: Vec<u8> = (0..puzzle.pieces.len())
        .map(|_| free.swap_remove(rng.below(free.len())))
        .collect();
    let facing = rng.next_u64() as u16;
    let tables: Vec<u8> = puzzle
        .yard
        .turntables
        .iter()
        .map(|t| rng.below(t.ring.len()) as u8)
        .collect();
    let facing = puzzle
        .locos()
        .fold(0u16, |bits, l| bits | (facing & (1 << l)));
    Position::new(&slots, facing, &tables)
}

fn successors(expander: &mut Expander<'_>, position: &Position) -> HashSet<Position> {
    let mut out = Vec::new();
    expander.successors(position, &mut out);
    out.into_iter().collect()
}

fn predecessors(expander: &mut Expander<'_>, position: &Position) -> HashSet<Position> {
    let mut out = Vec::new();
    expander.predecessors(position, &mut out);
    out.into_iter().collect()
}

#[test]
fn fast_successors_are_exactly_the_legal_moves_in_every_yard() {
    let mut rng = GameRng::seeded(5);
    for puzzle in puzzles() {
        let mut expander = Expander::new(&puzzle, false);
        let mut moves = 0;
        for _ in 0..150 {
            let position = random_position(&puzzle, &mut rng);
            let legal: HashSet<Position> = puzzle
                .legal_moves(&position)
                .into_iter()
                .map(|m| m.result)
                .collect();
            assert_eq!(
                successors(&mut expander, &position),
                legal,
                "{}: {position:?}",
                puzzle.name
            );
            moves += legal.len();
        }
        assert!(moves > 150, "{}: only {moves} moves", puzzle.name);
    }
}

#[test]
fn fast_successors_from_the_starts_are_the_legal_moves() {
    for puzzle in puzzles() {
        let mut expander = Expander::new(&puzzle, false);
        let legal: HashSet<Position> = puzzle
            .legal_moves(&puzzle.start)
            .into_iter()
            .map(|m| m.result)
            .collect();
        assert!(!legal.is_empty(), "{}", puzzle.name);
        assert_eq!(successors(&mut expander, &puzzle.start), legal);
    }
}

#[test]
fn predecessors_are_the_inverse_of_successors_with_and_without_skipped_stops() {
    let mut rng = GameRng::seeded(55);
    for puzzle in puzzles() {
        for skip in [false, true] {
            let mut expander = Expander::new(&puzzle, skip);
            for _ in 0..40 {
                let position = random_position(&puzzle, &mut rng);
                for next in successors(&mut expander, &position) {
                    assert!(
                        predecessors(&mut expander, &next).contains(&position),
                        "{} (skip {skip}): {position:?} → {next:?} has no way back",
                        puzzle.name
                    );
                }
                for before in predecessors(&mut expander, &position) {
                    assert!(
                        successors(&mut expander, &before).contains(&position),
                        "{} (skip {skip}): {before:?} does not lead to {position:?}",
                        puzzle.name
                    );
                }
            }
        }
    }
}

#[test]
fn skipped_stops_are_only_left_out_where_a_lone_loco_has_no_turntable() {
    let mut rng = GameRng::seeded(555);
    for puzzle in puzzles() {
        let mut all = Expander::new(&puzzle, false);
        let mut fewer = Expander::new(&puzzle, true);
        let mut left_out = 0;
        for _ in 0..60 {
            let position = random_position(&puzzle, &mut rng);
            let every = successors(&mut all, &position);
            let some = successors(&mut fewer, &position);
            assert!(some.is_subset(&every), "{}", puzzle.name);
            left_out += every.len() - some.len();
        }
        assert_eq!(
            left_out > 0,
            puzzle.skips_open_stops(),
            "{}: {left_out} left out",
            puzzle.name
        );
    }
}

//! Where a move sits in the turn panel's menus, as a person thinks of it: first which loco drives and
//! how many pieces it takes along (`L1 with 2 coupled`), then the track it drives to (`To track A`),
//! then the slot it stops in, with the route when the move needs one (`Stop at A3 via P1.2`). A manual
//! turntable's turn is a choice of its own at the top.

use super::notation::{Drive, Move};
use super::puzzle::Puzzle;
use super::yard::Yard;

/// The menu parts of `step` on `yard`, from the top down; the last is the move's own short label.
pub fn menu_path(yard: &Yard, step: &Move) -> Vec<String> {
    match step {
        Move::Turn { table } => vec![format!("Turn turntable {table}")],
        Move::Drive(drive) => vec![
            train(drive),
            format!("To track {}", track_of(yard, &drive.to)),
            stop(drive),
        ],
    }
}

/// Sorts `moves` as the menus offer them: by loco (in piece order), by pieces taken, by track (in
/// the yard's order), by stop slot, then by notation; turntable turns last.
pub fn sort_for_menus(puzzle: &Puzzle, moves: &mut [Move]) {
    moves.sort_by_cached_key(|step| match step {
        Move::Drive(drive) => {
            let stop = puzzle.yard.find_slot(&drive.to).map(|id| {
                let slot = puzzle.yard.slots[usize::from(id)];
                (slot.track, slot.number)
            });
            (
                0,
                puzzle.find_piece(&drive.loco),
                drive.take,
                stop,
                step.to_string(),
            )
        }
        Move::Turn { .. } => (1, None, 0, None, step.to_string()),
    });
}

/// "L1 alone", "L1 with 2 coupled": the loco and what it takes along.
fn train(drive: &Drive) -> String {
    match drive.take {
        0 => format!("{} alone", drive.loco),
        n => format!("{} with {n} coupled", drive.loco),
    }
}

/// The name of the track `slot` lies on (the slot's own name if the yard has no such slot).
fn track_of<'a>(yard: &'a Yard, slot: &'a str) -> &'a str {
    yard.find_slot(slot).map_or(slot, |id| {
        &yard.tracks[yard.slots[usize::from(id)].track].name
    })
}

/// "Stop at A3", with the route when the notation gives one: "Stop at A3 via P1.2".
fn stop(drive: &Drive) -> String {
    match &drive.via {
        Some(via) => format!("Stop at {} {via}", drive.to),
        None => format!("Stop at {}", drive.to),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, GameRng};
    use crate::games::shunting::game::{Action, Shunting};
    use crate::games::shunting::position::Position;
    use crate::games::shunting::puzzle::Puzzle;
    use crate::games::shunting::wright::WrightDeal;
    use crate::games::shunting::{builtin, cards};
    use std::collections::{BTreeMap, HashSet};

    /// The puzzles checked: Wright deals (Inglenook), every route card (depot and run-round yards with
    /// their turntables, and the Timesaver) and the built-in junction with two locos.
    fn puzzles() -> Vec<(String, Puzzle)> {
        let mut rng = GameRng::seeded(29);
        let mut all: Vec<(String, Puzzle)> = (0..6)
            .map(|i| {
                let deal = WrightDeal::random(&mut rng);
                (format!("wright {i}"), deal.puzzle().unwrap())
            })
            .collect();
        for number in 1..=52 {
            let card = cards::card(number).unwrap();
            all.push((format!("card {number}"), card.puzzle.clone()));
        }
        for name in ["junction-1", "shed-1", "timesaver-hardest"] {
            all.push((name.to_owned(), builtin::puzzle(name).unwrap().unwrap()));
        }
        all
    }

    /// Positions met along a seeded random walk of legal moves from the start.
    fn walk(puzzle: &Puzzle, seed: u64, steps: usize) -> Vec<Position> {
        let mut rng = GameRng::seeded(seed);
        let mut at = puzzle.start;
        let mut seen = vec![at];
        for _ in 0..steps {
            let legal = puzzle.legal_moves(&at);
            if legal.is_empty() {
                break;
            }
            at = legal[rng.below(legal.len())].result;
            seen.push(at);
        }
        seen
    }

    /// How many distinct next parts follow each prefix of `paths`.
    fn level_sizes(paths: &[Vec<String>]) -> BTreeMap<Vec<String>, HashSet<String>> {
        let mut levels: BTreeMap<Vec<String>, HashSet<String>> = BTreeMap::new();
        for path in paths {
            for depth in 0..path.len() {
                levels
                    .entry(path[..depth].to_vec())
                    .or_default()
                    .insert(path[depth].clone());
            }
        }
        levels
    }

    #[test]
    fn every_legal_move_has_one_short_path_of_its_own_in_short_levels() {
        let mut largest = (0, String::new());
        let mut positions = 0;
        for (name, puzzle) in puzzles() {
            for seed in 0..4 {
                for position in walk(&puzzle, seed, 25) {
                    positions += 1;
                    let paths: Vec<Vec<String>> = puzzle
                        .legal_moves(&position)
                        .iter()
                        .map(|m| menu_path(&puzzle.yard, &m.action))
                        .collect();
                    for (i, path) in paths.iter().enumerate() {
                        assert!(
                            path.iter()
                                .all(|p| !p.is_empty() && p.chars().count() <= 80)
                        );
                        for (j, other) in paths.iter().enumerate() {
                            assert!(
                                i == j || !other.starts_with(path),
                                "{name}: {path:?} is {other:?} or leads on to it"
                            );
                        }
                    }
                    for (prefix, next) in level_sizes(&paths) {
                        if next.len() > largest.0 {
                            largest = (next.len(), format!("{name} {prefix:?}"));
                        }
                    }
                }
            }
        }
        println!(
            "{positions} positions; largest menu level: {} choices ({})",
            largest.0, largest.1
        );
        assert!(largest.0 <= 20, "{largest:?}");
        assert!(positions > 1000);
    }

    #[test]
    fn reset_is_a_choice_of_its_own_beside_the_moves() {
        let mut game = Shunting::new(1).unwrap();
        let first = game.legal(0)[0].clone();
        game.apply(0, &first).unwrap();
        let legal = game.legal(0);
        assert!(legal.contains(&Action::Reset));
        let paths: HashSet<Vec<String>> = game.menu_paths(&legal).into_iter().collect();
        assert_eq!(paths.len(), legal.len());
        assert!(paths.contains(&vec![game.label(&Action::Reset)]));
        assert!(paths.iter().all(|p| p.len() == 1 || p.len() == 3));
    }

    #[test]
    fn the_game_lists_its_moves_group_by_group_in_yard_order() {
        for number in [7, 25, 45] {
            let mut game = Shunting::new(number).unwrap();
            for _ in 0..3 {
                let step = Action::Move(game.board().guide()[game.moves()].clone());
                game.apply(0, &step).unwrap();
                let paths: Vec<Vec<String>> = game.menu_paths(&game.legal(0)).into_iter().collect();
                for depth in 1..3 {
                    let mut runs: Vec<&[String]> = Vec::new();
                    for path in paths.iter().filter(|p| p.len() > depth) {
                        if runs.last() != Some(&&path[..depth]) {
                            runs.push(&path[..depth]);
                        }
                    }
                    let distinct: HashSet<&[String]> = runs.iter().copied().collect();
                    assert_eq!(distinct.len(), runs.len(), "card {number}: {paths:?}");
                }
                let yard = &game.board().puzzle().yard;
                let tracks: Vec<usize> = paths
                    .iter()
                    .filter(|p| p.len() == 3 && p[0] == paths[0][0])
                    .map(|p| yard.find_track(&p[1]["To track ".len()..]).unwrap())
                    .collect();
                assert!(tracks.is_sorted(), "card {number}: {paths:?}");
                assert_eq!(game.legal(0).last(), Some(&Action::Reset));
            }
        }
    }

    #[test]
    fn a_path_names_the_train_the_track_and_the_stop() {
        let puzzle = builtin::puzzle("inglenook-hard-1").unwrap().unwrap();
        let yard = &puzzle.yard;
        let drive: Move = "L1 H1>A3 +2".parse().unwrap();
        assert_eq!(
            menu_path(yard, &drive),
            ["L1 with 2 coupled", "To track A", "Stop at A3"]
        );
        let routed: Move = "L1 A1>H2 +0 via P1.1".parse().unwrap();
        assert_eq!(
            menu_path(yard, &routed),
            ["L1 alone", "To track H", "Stop at H2 via P1.1"]
        );
        let turn: Move = "turn TT".parse().unwrap();
        assert_eq!(menu_path(yard, &turn), ["Turn turntable TT"]);
    }
}

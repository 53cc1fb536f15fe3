//! Yardmaster's and Whistlewood's turn-panel menus walked as the panel walks them: at every position of
//! random and bot games on every table, every legal step of the seat to act is reached by exactly one
//! walk through levels of at most 20 choices, and no step falls back to being told apart by its notation
//! (which happens only when menu paths are not consistent).

use crate::walks;

use roundhouse::table::menu::{MenuNode, walk};

/// The most choices a level may offer.
const MAX_LEVEL: usize = 20;

/// Walks every menu of `steps` from `path`, counting how often each step is reached; returns the
/// largest level seen.
fn explore(
    steps: &[roundhouse::games::adapter::MenuStep],
    path: &mut Vec<usize>,
    reached: &mut [usize],
) -> usize {
    match walk(steps, path).expect("a path the menus offer") {
        MenuNode::Step(index) => {
            reached[index] += 1;
            0
        }
        MenuNode::Level { choices, .. } => {
            let mut largest = choices.len();
            for (i, choice) in choices.iter().enumerate() {
                for step in steps {
                    assert!(
                        !choice.label.ends_with(&format!("({})", step.notation)),
                        "{:?} is told apart by its notation",
                        choice.label
                    );
                }
                path.push(i);
                largest = largest.max(explore(steps, path, reached));
                path.pop();
            }
            largest
        }
    }
}

#[test]
fn every_legal_step_is_reached_by_exactly_one_walk_through_short_levels() {
    for game_id in ["yardmaster", "whistlewood"] {
        let mut largest = 0;
        let tables = walks::tables()
            .into_iter()
            .filter(|t| t.kind.id() == game_id);
        for (n, table) in tables.enumerate() {
            for random_steps in [walks::RANDOM_STEPS, 0] {
                let played = walks::walk(table.clone(), 77 + n as u64, random_steps);
                for game in &played.positions {
                    for &seat in game.to_act().seats() {
                        let steps = game.menu(seat);
                        let mut reached = vec![0; steps.len()];
                        largest = largest.max(explore(&steps, &mut Vec::new(), &mut reached));
                        assert!(
                            reached.iter().all(|&times| times == 1),
                            "{}: {reached:?} for {steps:?}",
                            played.context
                        );
                    }
                }
            }
        }
        eprintln!("{game_id}: the largest menu level offers {largest} choices");
        assert!((2..=MAX_LEVEL).contains(&largest), "{game_id}: {largest}");
    }
}

//! Coal Train's turn-panel menus over whole games of 3 to 5 players, played by bots and by random legal
//! steps: every legal step is reached by exactly one walk through the menus, no step's path is the start
//! of another's, every part fits a button, and no level is longer than a select menu holds.

use roundhouse::game::{BotPlayer, Game, GameRng, Seat, ToAct};
use roundhouse::games::adapter::MenuStep;
use roundhouse::games::coal_train::{CoalTrain, CoalTrainOptions};
use roundhouse::table::menu::{MenuNode, walk};

/// The longest part a button or a select option shows.
const PART_MAX: usize = 80;
/// The most options one select menu holds.
const LEVEL_MAX: usize = 25;

/// The seat's legal steps with their menu paths, as the turn panel gets them.
fn menu(game: &CoalTrain, seat: Seat) -> Vec<MenuStep> {
    let legal = game.legal(seat);
    let paths = game.menu_paths(&legal);
    legal
        .iter()
        .zip(paths)
        .map(|(action, path)| MenuStep {
            notation: action.to_string(),
            label: game.label(action),
            path,
        })
        .collect()
}

/// The largest level seen, with the parts chosen to reach it.
#[derive(Default)]
struct Largest {
    size: usize,
    chosen: Vec<String>,
}

/// Walks every level under `path`, counting how often each step is reached.
fn explore(
    steps: &[MenuStep],
    path: &mut Vec<usize>,
    reached: &mut [usize],
    largest: &mut Largest,
) {
    match walk(steps, path).expect("every choice offered leads somewhere") {
        MenuNode::Step(index) => reached[index] += 1,
        MenuNode::Level { chosen, choices } => {
            if choices.len() > largest.size {
                *largest = Largest {
                    size: choices.len(),
                    chosen,
                };
            }
            for tap in 0..choices.len() {
                path.push(tap);
                explore(steps, path, reached, largest);
                path.pop();
            }
        }
    }
}

/// Checks the menus of the seat to act in `game`.
fn check(game: &CoalTrain, seat: Seat, largest: &mut Largest) {
    let steps = menu(game, seat);
    for step in &steps {
        for part in &step.path {
            assert!(
                !part.is_empty() && part.chars().count() <= PART_MAX,
                "`{}`: the part `{part}` is empty or longer than {PART_MAX} characters",
                step.notation
            );
        }
        for other in &steps {
            assert!(
                other.notation == step.notation || !other.path.starts_with(&step.path),
                "the path of `{}` ({:?}) is the start of the path of `{}` ({:?})",
                step.notation,
                step.path,
                other.notation,
                other.path
            );
        }
    }
    let mut reached = vec![0; steps.len()];
    explore(&steps, &mut Vec::new(), &mut reached, largest);
    for (step, count) in steps.iter().zip(&reached) {
        assert_eq!(
            *count, 1,
            "`{}` is reached by {count} paths ({:?})",
            step.notation, step.path
        );
    }
}

/// Plays a dealt game to its end, choosing each step with `choose`, checking the menus at every step.
fn play(
    players: usize,
    seed: u64,
    largest: &mut Largest,
    choose: impl Fn(&CoalTrain, Seat, &mut GameRng) -> roundhouse::games::coal_train::Action,
) {
    let options = CoalTrainOptions::default();
    let mut rng = GameRng::seeded(seed);
    let setup = CoalTrain::deal(&options, players, &mut rng);
    let mut game = CoalTrain::start(options, players, setup, seed).unwrap();
    while let ToAct::Seats(seats) = game.to_act() {
        check(&game, seats[0], largest);
        let action = choose(&game, seats[0], &mut rng);
        game.apply_quiet(seats[0], &action).unwrap();
    }
}

#[test]
fn every_legal_step_is_reached_by_one_short_path() {
    let mut largest = Largest::default();
    for players in 3..=5 {
        for seed in 0..2 {
            play(
                players,
                10 * seed + players as u64,
                &mut largest,
                |g, s, rng| g.bot_action(s, rng),
            );
            play(
                players,
                100 + seed + players as u64,
                &mut largest,
                |g, s, rng| {
                    let legal = g.legal(s);
                    legal[rng.index(legal.len())]
                },
            );
        }
    }
    println!(
        "largest level: {} choices, under {:?}",
        largest.size, largest.chosen
    );
    assert!(
        largest.size <= LEVEL_MAX,
        "a level of {} choices under {:?}",
        largest.size,
        largest.chosen
    );
}

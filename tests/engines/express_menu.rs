//! Express's turn-panel menus over many positions of games played by bots and by random players (whose
//! hands grow long): every legal step is reached by exactly one walk through the menus, no part is longer
//! than a button or menu label may be, no level is longer than a select menu holds, and the widest level
//! seen is reported. Set `EXPRESS_MENU_DUMP` to print every position's paths for a look.

use roundhouse::game::{BotPlayer, Game, GameRng, Seat, ToAct, fill_seat_refs};
use roundhouse::games::adapter::{Live, LiveGame, MenuStep};
use roundhouse::games::express::{Express, ExpressOptions};
use roundhouse::table::menu::{MenuNode, walk};

/// The longest a menu part may be: a Discord button's or select option's label.
const PART_MOST: usize = 80;
/// The most choices a level may offer: a Discord select menu's options.
const LEVEL_MOST: usize = 25;
/// The length of the longest name Discord allows.
const NAME_MOST: usize = 32;

/// A name as long as Discord allows for each seat.
fn long_name(seat: Seat) -> String {
    format!("{seat} Bartholomew Longname-Smythe-Jones")
        .chars()
        .take(NAME_MOST)
        .collect()
}

/// The seat's menu steps with every seat token filled with a long name.
fn named_menu(game: &Express, seat: Seat) -> Vec<MenuStep> {
    Live(game.clone())
        .menu(seat)
        .into_iter()
        .map(|step| MenuStep {
            path: step
                .path
                .iter()
                .map(|part| fill_seat_refs(part, long_name))
                .collect(),
            ..step
        })
        .collect()
}

/// Walks every choice under `path`, counting how often each step is reached and the widest level.
fn reach(steps: &[MenuStep], path: &mut Vec<usize>, reached: &mut [usize], widest: &mut usize) {
    match walk(steps, path).expect("every listed choice can be walked") {
        MenuNode::Step(index) => reached[index] += 1,
        MenuNode::Level { choices, chosen } => {
            *widest = (*widest).max(choices.len());
            assert!(
                choices.len() <= LEVEL_MOST,
                "{chosen:?}: {} choices",
                choices.len()
            );
            for tap in 0..choices.len() {
                path.push(tap);
                reach(steps, path, reached, widest);
                path.pop();
            }
        }
    }
}

/// Checks the menus of the seat to act in `game`; returns the widest level.
fn check(game: &Express, seat: Seat, context: &str) -> usize {
    let steps = named_menu(game, seat);
    for step in &steps {
        let (last, parts) = step.path.split_last().expect("a path has a part");
        assert!(!last.is_empty(), "{context}: {step:?}");
        for part in parts.iter().chain([last]) {
            assert!(
                part.chars().count() <= PART_MOST,
                "{context}: {part:?} is {} characters",
                part.chars().count()
            );
        }
        for other in &steps {
            assert!(
                other.notation == step.notation || !other.path.starts_with(&step.path),
                "{context}: the path of {} ends inside that of {}",
                step.notation,
                other.notation
            );
        }
    }
    if std::env::var("EXPRESS_MENU_DUMP").is_ok() {
        println!("== {context}");
        for step in &steps {
            println!("{} :: {}", step.path.join(" › "), step.notation);
        }
    }
    let mut reached = vec![0; steps.len()];
    let mut widest = 0;
    reach(&steps, &mut Vec::new(), &mut reached, &mut widest);
    for (step, count) in steps.iter().zip(&reached) {
        assert_eq!(
            *count, 1,
            "{context}: {} reached {count} times",
            step.notation
        );
    }
    widest
}

#[test]
fn every_legal_step_is_reached_by_exactly_one_short_path() {
    let mut widest = 0;
    let mut positions = 0;
    for players in 2..=6 {
        for seed in 0..3u64 {
            let options = ExpressOptions::default();
            let mut rng = GameRng::seeded(seed * 31 + players as u64);
            let setup = Express::deal(&options, players, &mut rng);
            let mut game = Express::start(options, players, setup, seed).unwrap();
            // Random players first, whose hands grow long, then bots, who lay trains and Disasters.
            for step in 0..400 {
                let ToAct::Seats(seats) = game.to_act() else {
                    break;
                };
                let seat = seats[0];
                if step % 3 == 0 {
                    let context = format!("{players} players, seed {seed}, step {step}");
                    widest = widest.max(check(&game, seat, &context));
                    positions += 1;
                }
                let action = if step < 150 {
                    let legal = game.legal(seat);
                    legal[rng.index(legal.len())]
                } else {
                    game.bot_action(seat, &mut rng)
                };
                game.apply_quiet(seat, &action).unwrap();
            }
        }
    }
    println!("Express menus: the widest level of {positions} positions offers {widest} choices");
    assert!(widest <= 20, "the widest level offers {widest} choices");
}

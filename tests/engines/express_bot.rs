//! The Express bot against three players who pick uniformly random legal steps, in four-player games with
//! the bot's seat rotating over the seeds. A win is the bot alone in first place; a tie is not a win.

use roundhouse::game::{BotPlayer, Game, GameRng, Seat, ToAct};
use roundhouse::games::express::{Action, Express, ExpressOptions};

/// The share of games the bot must win.
const REQUIRED_WIN_RATE: f64 = 0.8;
/// Players at the table.
const PLAYERS: usize = 4;

/// Plays one game with the bot in `bot_seat`; says whether the bot alone came first.
fn bot_wins(seed: u64, bot_seat: Seat) -> bool {
    let options = ExpressOptions::default();
    let mut rng = GameRng::seeded(seed);
    let setup = Express::deal(&options, PLAYERS, &mut rng);
    let mut game = Express::start(options, PLAYERS, setup, seed).expect("dealt setups start");
    while let ToAct::Seats(seats) = game.to_act() {
        let seat = seats[0];
        let action = if seat == bot_seat {
            game.bot_action(seat, &mut rng)
        } else {
            let legal: Vec<Action> = game.legal(seat);
            legal[rng.index(legal.len())]
        };
        game.apply_quiet(seat, &action)
            .expect("chosen steps are legal");
    }
    let outcome = game.outcome().expect("the game is over");
    let bot = outcome.standing_of(bot_seat).expect("every seat is ranked");
    bot.place == 1 && outcome.standings.iter().filter(|s| s.place == 1).count() == 1
}

/// The bot's wins over `games` games, its seat rotating.
fn wins(games: u64) -> u64 {
    (0..games)
        .filter(|&seed| bot_wins(seed, (seed % PLAYERS as u64) as Seat))
        .count() as u64
}

fn assert_strong(games: u64) {
    let won = wins(games);
    let rate = won as f64 / games as f64;
    println!("the bot won {won} of {games} four-player games against random play ({rate:.3})");
    assert!(
        rate >= REQUIRED_WIN_RATE,
        "the bot won only {won} of {games} games against random play"
    );
}

#[test]
fn bot_beats_random_play() {
    assert_strong(40);
}

/// The full measurement; run with `cargo test --release --test engines express_bot -- --ignored --nocapture`.
#[test]
#[ignore = "a thousand games: run by hand in release"]
fn bot_beats_random_play_over_a_thousand_games() {
    assert_strong(1000);
}

/// Plays the two-player conformance walk of `seed` at a table with `options_json` (random steps, then
/// bots) and asserts that the game ends.
fn assert_two_player_walk_ends(options_json: &str, seed: u64) {
    let table = crate::walks::Table {
        kind: roundhouse::games::find("express").expect("registered"),
        options_json: options_json.into(),
        players: 2,
    };
    let walk = crate::walks::walk(table, seed, crate::walks::RANDOM_STEPS);
    assert!(walk.positions.last().expect("played").outcome().is_some());
}

/// A two-player walk of the conformance suite in which both bots, two cards in hand and the reshuffles
/// spent, once took the top Hopper and discarded it again for ever; the hand must now run out and end.
#[test]
fn two_bots_do_not_pass_one_discard_back_and_forth() {
    assert_two_player_walk_ends(
        r#"{"target":"100","block_timeout_hours":"1","deadline_hours":"24"}"#,
        2_975_232_193_038_446_134,
    );
}

/// A two-player walk of the conformance suite in which both bots, each with two Box Cars and three
/// trains already, took the top Box Car as a third and discarded it again for ever: a start that they
/// valued below the discard. Taking it now needs a start worth more than discarding it.
#[test]
fn two_bots_do_not_take_a_third_car_they_will_not_start_a_train_with() {
    assert_two_player_walk_ends(
        r#"{"target":"120","block_timeout_hours":"4","deadline_hours":"48"}"#,
        7_659_374_276_468_898_840,
    );
}

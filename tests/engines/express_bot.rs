//! The Express bot against three players who pick uniformly random legal steps, in four-player games with
//! the bot's seat rotating over the seeds (a win is the bot alone in first place; a tie is not a win),
//! and positions, written as games, in which bots once went round in circles for ever.

use roundhouse::game::{BotPlayer, Game, GameRng, Seat, ToAct};
use roundhouse::games::express::{Action, Express, ExpressOptions};

use crate::express_tables::{Table, cards, step, steps};

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

/// Lets the bots play from `game` until `done` holds, at most `limit` steps; panics with the last steps if
/// they do not get there.
fn bots_play_until(game: &mut Express, limit: usize, done: impl Fn(&Express) -> bool) {
    let mut rng = GameRng::seeded(11);
    let mut played = Vec::new();
    while !done(game) {
        assert!(
            played.len() < limit,
            "the bots did not get there in {limit} steps; the last ones: {:?}",
            &played[played.len().saturating_sub(12)..]
        );
        let ToAct::Seats(seats) = game.to_act() else {
            panic!("the game ended first");
        };
        let seat = seats[0];
        let action = game.bot_action(seat, &mut rng).to_string();
        step(game, seat, &action);
        played.push(format!("{seat}: {action}"));
    }
}

/// Seat 0's third turn: it holds only a Mail/Baggage, which would help seat 1's passenger train, and both
/// its trains have a Derailment or a Mail/Baggage as their Loco. No Derailment can be played: seat 1 is
/// immune (it blocked one with its Boom) and seat 0 has a Boom laid, so may not aim at itself.
fn holding_a_mail_beside_a_derailment_loco() -> Express {
    let mut game = Table::two(
        [
            "derail derail boom box box box mail hopper hopper hopper hopper mail",
            "boom auto auto auto auto auto coach coach coach coach sleeper dome",
        ],
        "box reefer tank tank box hopper tank tank box hopper",
    )
    .start();
    steps(
        &mut game,
        0,
        &[
            "draw",
            "start derail box box box",
            "start mail hopper hopper hopper hopper",
            "way boom",
            "discard reefer",
        ],
    );
    steps(
        &mut game,
        1,
        &[
            "draw",
            "start auto coach coach coach coach",
            "start sleeper auto auto auto auto",
            "discard tank",
        ],
    );
    steps(
        &mut game,
        0,
        &[
            "draw",
            "add 1 box",
            "add 1 box",
            "add 2 hopper",
            "discard derail 2",
        ],
    );
    step(&mut game, 1, "block");
    steps(&mut game, 1, &["draw", "discard tank"]);
    steps(&mut game, 0, &["draw", "add 1 box", "add 2 hopper"]);
    assert_eq!(game.seat(0).hand, cards("mail"));
    game
}

/// The bot once swapped the Mail/Baggage for the Derailment (worth more in hand than a card the next
/// player could use), found it could neither play nor discard the Derailment, swapped a Mail/Baggage Loco
/// back to have a discard, and so on for ever. It must end its turn.
#[test]
fn a_bot_holding_a_card_it_cannot_play_does_not_swap_locos_back_and_forth() {
    let mut game = holding_a_mail_beside_a_derailment_loco();
    bots_play_until(&mut game, 20, |g| g.current() == 1);
}

/// Both seats hold a Caboose, their trains are too short for the bot to end one, and the top discard is
/// the third Caboose; seat 0 is to draw.
fn a_caboose_on_the_discard_pile_between_short_trains() -> Express {
    let mut game = Table::two(
        [
            "caboose caboose auto auto auto auto hopper hopper reefer reefer tank tank",
            "caboose obs obs dome dome box box hopper hopper reefer reefer tank",
        ],
        "box box",
    )
    .start();
    steps(
        &mut game,
        0,
        &[
            "draw",
            "start auto box box",
            "start auto hopper hopper",
            "start auto reefer reefer",
            "start auto tank tank",
            "discard caboose",
        ],
    );
    steps(
        &mut game,
        1,
        &[
            "take",
            "start obs box box",
            "start obs hopper hopper",
            "start dome reefer reefer",
            "start dome tank",
            "discard caboose",
        ],
    );
    game
}

/// Two bots once took the top Caboose in turn (it fits behind any car) and, keeping their short trains
/// open, discarded it again for ever: the draw pile never shrank, so the hand never ended. A bot takes
/// the top discard only to meld it, so the hand now runs its course.
#[test]
fn two_bots_do_not_pass_a_caboose_back_and_forth() {
    let mut game = a_caboose_on_the_discard_pile_between_short_trains();
    bots_play_until(&mut game, 2000, |g| {
        g.hand_number() > 1 || g.outcome().is_some()
    });
}

/// Each seat has one train, closed by a Caboose; seat 0 holds a Wild, seat 1 a Steal Car (which has no
/// target: every train ends in a Caboose), and the other Wild is the top discard; seat 0 is to draw.
fn a_wild_on_the_discard_pile_between_closed_trains() -> Express {
    let mut game = Table::two(
        [
            "wild auto box box box box box box box box box box",
            "steal tank hopper hopper hopper hopper hopper hopper hopper hopper hopper caboose",
        ],
        "wild caboose",
    )
    .start();
    steps(
        &mut game,
        0,
        &[
            "draw",
            "start auto box box box box box box box box",
            "add 1 box",
            "add 1 box",
            "add 1 caboose",
            "discard wild",
        ],
    );
    steps(
        &mut game,
        1,
        &[
            "take",
            "start tank hopper hopper hopper hopper hopper hopper hopper hopper",
            "add 1 hopper",
            "add 1 caboose",
            "discard wild",
        ],
    );
    assert_eq!(game.seat(0).hand, cards("wild"));
    assert_eq!(game.seat(1).hand, cards("steal"));
    game
}

/// Two bots once took the top Wild in turn (it is the card they most like to hold) and, with no train
/// to put it in and nothing else they could discard, discarded it again for ever.
#[test]
fn two_bots_do_not_pass_a_wild_back_and_forth() {
    let mut game = a_wild_on_the_discard_pile_between_closed_trains();
    bots_play_until(&mut game, 2000, |g| {
        g.hand_number() > 1 || g.outcome().is_some()
    });
}

//! The Whistlewood bot against a player who picks uniformly random legal steps, alternating the bot's seat
//! and the starting player over many seeds. A win is strictly more points; a tie is not a win.

use roundhouse::game::{BotPlayer, Game, GameRng, Seat, ToAct};
use roundhouse::games::whistlewood::{Whistlewood, WhistlewoodOptions};

/// The share of games the bot must win.
const REQUIRED_WIN_RATE: f64 = 0.8;

/// Plays one two-player game, the bot in `bot_seat`, `start_player` starting; says whether the bot won.
fn bot_wins(seed: u64, bot_seat: Seat, start_player: Seat) -> bool {
    let options = WhistlewoodOptions::default();
    let mut rng = GameRng::seeded(seed);
    let mut setup = Whistlewood::deal(&options, 2, &mut rng);
    setup.start_player = start_player;
    let mut game = Whistlewood::start(options, 2, setup, seed).expect("dealt setups start");
    while let ToAct::Seats(seats) = game.to_act() {
        let seat = seats[0];
        let action = if seat == bot_seat {
            game.bot_action(seat, &mut rng)
        } else {
            let legal = game.legal(seat);
            legal[rng.index(legal.len())]
        };
        game.apply_quiet(seat, &action)
            .expect("chosen steps are legal");
    }
    let outcome = game.outcome().expect("the game is over");
    let score = |seat| outcome.standing_of(seat).expect("both seats ranked").score;
    score(bot_seat) > score(1 - bot_seat)
}

/// The bot's wins over `games` games, cycling through both seats and both starting players.
fn wins(games: u64) -> u64 {
    (0..games)
        .filter(|&seed| bot_wins(seed, (seed % 2) as Seat, (seed / 2 % 2) as Seat))
        .count() as u64
}

fn assert_strong(games: u64) {
    let won = wins(games);
    let rate = won as f64 / games as f64;
    println!("the bot won {won} of {games} games against random play ({rate:.3})");
    assert!(
        rate >= REQUIRED_WIN_RATE,
        "the bot won only {won} of {games} games against random play"
    );
}

#[test]
fn bot_beats_random_play() {
    assert_strong(200);
}

/// The full measurement; run with `cargo test --release --test whistlewood_bot -- --ignored --nocapture`.
#[test]
#[ignore = "a thousand games: run by hand in release"]
fn bot_beats_random_play_over_a_thousand_games() {
    assert_strong(1000);
}

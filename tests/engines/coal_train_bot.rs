//! The Coal Train bot against three players who pick uniformly random legal steps, in 4-player games
//! over many seeds, the bot's seat and the start player rotating. A win is the bot alone in first place.
//! Bot-only games must end in a sensible number of rounds.

use roundhouse::game::{BotPlayer, Game, GameRng, Seat, ToAct};
use roundhouse::games::coal_train::{CoalTrain, CoalTrainOptions};

/// The share of games the bot must win.
const REQUIRED_WIN_RATE: f64 = 0.9;
/// Players in the measured games.
const PLAYERS: usize = 4;
/// The fewest and most rounds a game between bots may sensibly take.
const SENSIBLE_ROUNDS: std::ops::RangeInclusive<u32> = 5..=30;

/// Plays one game; `bots` says which seats the bot plays (the others play at random).
fn play(seed: u64, start_player: Seat, bots: impl Fn(Seat) -> bool) -> CoalTrain {
    let options = CoalTrainOptions::default();
    let mut rng = GameRng::seeded(seed);
    let mut setup = CoalTrain::deal(&options, PLAYERS, &mut rng);
    setup.start_player = start_player;
    let mut game = CoalTrain::start(options, PLAYERS, setup, seed).expect("dealt setups start");
    while let ToAct::Seats(seats) = game.to_act() {
        let seat = seats[0];
        let action = if bots(seat) {
            game.bot_action(seat, &mut rng)
        } else {
            let legal = game.legal(seat);
            legal[rng.index(legal.len())]
        };
        game.apply_quiet(seat, &action)
            .unwrap_or_else(|e| panic!("seed {seed}: `{action}` refused: {e}"));
    }
    game
}

/// Whether the bot in `bot_seat` finished alone in first place.
fn bot_wins(seed: u64) -> bool {
    let bot_seat = (seed % PLAYERS as u64) as Seat;
    let start = (seed / PLAYERS as u64 % PLAYERS as u64) as Seat;
    let game = play(seed, start, |seat| seat == bot_seat);
    let outcome = game.outcome().expect("the game is over");
    let first = outcome.standings.iter().filter(|s| s.place == 1).count();
    outcome
        .standing_of(bot_seat)
        .expect("the bot is ranked")
        .place
        == 1
        && first == 1
}

fn assert_strong(games: u64) {
    let won = (0..games).filter(|&seed| bot_wins(seed)).count();
    let rate = won as f64 / games as f64;
    println!(
        "the bot won {won} of {games} 4-player games against three random players ({rate:.3})"
    );
    assert!(
        rate >= REQUIRED_WIN_RATE,
        "the bot won only {won} of {games} games against random play"
    );
}

/// Rounds of bot-only games over `games` seeds, checked against [`SENSIBLE_ROUNDS`].
fn assert_bot_games_end_sensibly(games: u64) {
    let mut rounds: Vec<u32> = (0..games)
        .map(|seed| {
            let game = play(seed, (seed % PLAYERS as u64) as Seat, |_| true);
            assert!(game.outcome().is_some());
            game.round()
        })
        .collect();
    rounds.sort_unstable();
    println!("rounds of {games} bot-only 4-player games: {rounds:?}");
    for r in &rounds {
        assert!(
            SENSIBLE_ROUNDS.contains(r),
            "a bot-only game took {r} rounds"
        );
    }
}

#[test]
fn bot_beats_random_play() {
    assert_strong(24);
}

#[test]
fn games_between_bots_end_in_a_sensible_number_of_rounds() {
    assert_bot_games_end_sensibly(12);
}

/// The full measurement; run with `cargo test --release --test engines coal_train_bot -- --ignored --nocapture`.
#[test]
#[ignore = "five hundred games: run by hand in release"]
fn bot_beats_random_play_over_five_hundred_games() {
    assert_strong(500);
    assert_bot_games_end_sensibly(100);
}

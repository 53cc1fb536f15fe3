//! Speed of the Coal Train engine through the `Game` trait, one whole 4-player game per iteration: deal,
//! uniformly random legal steps to the end, outcome. `random_full_games` applies steps with `apply_quiet`
//! (no event texts) and lists steps into one reused buffer (`legal_into`), as simulations do.
//! `board_png` draws and encodes the board picture of bot games (5 players mid-game and at the end),
//! as the table does after every move; it prints each picture's size once.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use roundhouse::game::{BotPlayer, Game, GameRng, Outcome, Presenter, ToAct, Viewer};
use roundhouse::games::coal_train::{CoalTrain, CoalTrainOptions};

fn play(players: usize, seed: u64) -> Option<Outcome> {
    let options = CoalTrainOptions::default();
    let mut rng = GameRng::seeded(seed);
    let setup = CoalTrain::deal(&options, players, &mut rng);
    let mut game = CoalTrain::start(options, players, setup, seed).ok()?;
    let mut legal = Vec::new();
    while let ToAct::Seats(seats) = game.to_act() {
        let seat = seats[0];
        game.legal_into(seat, &mut legal);
        let action = legal[rng.index(legal.len())];
        game.apply_quiet(seat, &action).ok()?;
    }
    game.outcome()
}

fn random_full_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("coal_train_random_full_games");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function("4p", |b| {
        b.iter(|| {
            seed += 1;
            black_box(play(4, seed))
        })
    });
    group.finish();
}

/// A 5-player game played by bots until `stop` says so or the game ends.
fn bot_game(seed: u64, stop: impl Fn(&CoalTrain) -> bool) -> CoalTrain {
    let options = CoalTrainOptions::default();
    let mut rng = GameRng::seeded(seed);
    let setup = CoalTrain::deal(&options, 5, &mut rng);
    let mut game = CoalTrain::start(options, 5, setup, seed).expect("a dealt game starts");
    while let ToAct::Seats(seats) = game.to_act() {
        if stop(&game) {
            break;
        }
        let action = game.bot_action(seats[0], &mut rng);
        game.apply_quiet(seats[0], &action)
            .expect("bots choose legal steps");
    }
    game
}

fn board_png(c: &mut Criterion) {
    let names: Vec<String> = ["Ada", "Bartholomew", "Cleo", "Dmitri", "Eun-ji"]
        .iter()
        .map(|n| n.to_string())
        .collect();
    let mut group = c.benchmark_group("coal_train_board_png");
    for (label, game) in [
        ("5p_round_5", bot_game(3, |g| g.round() >= 5)),
        ("5p_over", bot_game(3, |_| false)),
    ] {
        let view = game.view(Viewer::Spectator);
        let bytes = CoalTrain::board_png(&view, &names).len();
        println!("coal_train board {label}: {bytes} bytes");
        group.bench_function(label, |b| {
            b.iter(|| black_box(CoalTrain::board_png(black_box(&view), &names)))
        });
    }
    group.finish();
}

criterion_group!(benches, random_full_games, board_png);
criterion_main!(benches);

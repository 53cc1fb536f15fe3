//! Speed of the Express engine through the `Game` trait, one whole hand per iteration: a 4-player deal,
//! uniformly random legal steps (listed into one reused buffer, applied with `apply_quiet`) until the
//! hand is scored. The pictures group draws the board of a six-player table in mid-hand as PNG.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use roundhouse::game::{BotPlayer, Game, GameRng, Presenter, ToAct, Viewer};
use roundhouse::games::express::{Express, ExpressOptions};

const PLAYERS: usize = 4;

/// Plays one hand by random legal steps; returns the number of steps.
fn random_hand(seed: u64) -> usize {
    let options = ExpressOptions::default();
    let mut rng = GameRng::seeded(seed);
    let setup = Express::deal(&options, PLAYERS, &mut rng);
    let Ok(mut game) = Express::start(options, PLAYERS, setup, seed) else {
        return 0;
    };
    let mut legal = Vec::new();
    let mut steps = 0;
    while game.history().is_empty() {
        let ToAct::Seats(seats) = game.to_act() else {
            break;
        };
        game.legal_into(seats[0], &mut legal);
        let action = legal[rng.index(legal.len())];
        if game.apply_quiet(seats[0], &action).is_err() {
            break;
        }
        steps += 1;
    }
    steps
}

fn random_full_hands(c: &mut Criterion) {
    let mut group = c.benchmark_group("express_random_full_hands");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function("4p", |b| {
        b.iter(|| {
            seed += 1;
            black_box(random_hand(seed))
        })
    });
    group.finish();
}

/// Players at the pictured table: the most, so the board is at its tallest.
const PICTURED_PLAYERS: usize = 6;
/// Bot steps played before the picture, far enough into a hand that every seat has trains.
const PICTURED_STEPS: usize = 150;

/// A six-player table after [`PICTURED_STEPS`] bot steps.
fn pictured_table() -> Express {
    let options = ExpressOptions::default();
    let mut rng = GameRng::seeded(3);
    let setup = Express::deal(&options, PICTURED_PLAYERS, &mut rng);
    let mut game = Express::start(options, PICTURED_PLAYERS, setup, 3).expect("dealt setups start");
    for _ in 0..PICTURED_STEPS {
        let ToAct::Seats(seats) = game.to_act() else {
            break;
        };
        let action = game.bot_action(seats[0], &mut rng);
        game.apply_quiet(seats[0], &action)
            .expect("bots choose legal steps");
    }
    game
}

fn pictures(c: &mut Criterion) {
    let game = pictured_table();
    let view = game.view(Viewer::Spectator);
    let names: Vec<String> = (1..=PICTURED_PLAYERS)
        .map(|seat| format!("Player {seat}"))
        .collect();
    let bytes = Express::board_png(&view, &names);
    println!(
        "express board PNG, {PICTURED_PLAYERS} players: {} bytes",
        bytes.len()
    );
    let mut group = c.benchmark_group("express_pictures");
    group.bench_function("board_png_6p", |b| {
        b.iter(|| black_box(Express::board_png(black_box(&view), &names)))
    });
    group.finish();
}

criterion_group!(benches, random_full_hands, pictures);
criterion_main!(benches);

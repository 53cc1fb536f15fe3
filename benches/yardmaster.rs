//! Speed of the Yardmaster engine through the `Game` trait, one whole game per iteration: deal, uniformly
//! random legal moves to the end, outcome. `random_full_games` applies moves with `apply_quiet` (no event
//! texts), as simulations and bots' look-ahead do; `random_full_games_narrated` uses `apply`, which also
//! builds every turn message's texts; `bot_full_games` plays the greedy bot in every seat.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use roundhouse::game::{BotPlayer, Game, GameRng, Outcome, ToAct};
use roundhouse::games::yardmaster::Yardmaster;
use roundhouse::games::yardmaster::rules::{CabooseChoice, DrawTiming, Switch, YardmasterOptions};

/// How the seats choose and how moves are applied.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Uniformly random legal moves through `Game::apply_quiet`.
    Quiet,
    /// Uniformly random legal moves through `Game::apply`, events and all.
    Narrated,
    /// The greedy bot in every seat, through `Game::apply`.
    Bots,
}

fn play(options: YardmasterOptions, players: usize, seed: u64, mode: Mode) -> Option<Outcome> {
    let mut rng = GameRng::seeded(seed);
    let setup = Yardmaster::deal(&options, players, &mut rng);
    let mut game = Yardmaster::start(options, players, setup, seed).ok()?;
    while let ToAct::Seats(seats) = game.to_act() {
        let seat = seats[0];
        let action = if mode == Mode::Bots {
            game.bot_action(seat, &mut rng)
        } else {
            let legal = game.legal(seat);
            legal[rng.index(legal.len())]
        };
        if mode == Mode::Quiet {
            game.apply_quiet(seat, &action).ok()?;
        } else {
            game.apply(seat, &action).ok()?;
        }
    }
    game.outcome()
}

fn all_variants() -> YardmasterOptions {
    YardmasterOptions {
        two_games: Switch::On,
        draw: DrawTiming::End,
        caboose: CabooseChoice::All,
    }
}

fn games(c: &mut Criterion, group: &str, mode: Mode) {
    let mut group = c.benchmark_group(group);
    group.throughput(Throughput::Elements(1));
    for players in [2, 3, 5] {
        let mut seed = 0u64;
        group.bench_function(format!("{players}p"), |b| {
            b.iter(|| {
                seed += 1;
                black_box(play(YardmasterOptions::default(), players, seed, mode))
            })
        });
    }
    let mut seed = 0u64;
    group.bench_function("4p_match_turn_variant_all_cabooses", |b| {
        b.iter(|| {
            seed += 1;
            black_box(play(all_variants(), 4, seed, mode))
        })
    });
    group.finish();
}

fn random_full_games(c: &mut Criterion) {
    games(c, "random_full_games", Mode::Quiet);
}

fn random_full_games_narrated(c: &mut Criterion) {
    games(c, "random_full_games_narrated", Mode::Narrated);
}

fn bot_full_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("bot_full_games");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function("3p", |b| {
        b.iter(|| {
            seed += 1;
            black_box(play(YardmasterOptions::default(), 3, seed, Mode::Bots))
        })
    });
    group.finish();
}

criterion_group!(
    benches,
    random_full_games,
    random_full_games_narrated,
    bot_full_games
);
criterion_main!(benches);

//! Speed of the Whistlewood Express engine through the `Game` trait, one whole game per iteration: deal,
//! uniformly random legal steps to the end, outcome. `random_full_games` applies steps with `apply_quiet`
//! (no event texts) and lists steps into one reused buffer (`legal_into`), as simulations and the bot's
//! look-ahead do; `random_full_games_narrated` uses `apply`, which also builds every event's text;
//! `bot_full_games` plays the greedy bot in every seat.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use roundhouse::game::{BotPlayer, Game, GameRng, Outcome, ToAct};
use roundhouse::games::whistlewood::{AutomaLevel, Whistlewood, WhistlewoodOptions};

/// How the seats choose and how steps are applied.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Uniformly random legal steps through `Game::apply_quiet`.
    Quiet,
    /// Uniformly random legal steps through `Game::apply`, events and all.
    Narrated,
    /// The greedy bot in every seat, through `Game::apply`.
    Bots,
}

fn play(level: AutomaLevel, players: usize, seed: u64, mode: Mode) -> Option<Outcome> {
    let options = WhistlewoodOptions { level };
    let mut rng = GameRng::seeded(seed);
    let setup = Whistlewood::deal(&options, players, &mut rng);
    let mut game = Whistlewood::start(options, players, setup, seed).ok()?;
    let mut legal = Vec::new();
    while let ToAct::Seats(seats) = game.to_act() {
        let seat = seats[0];
        let action = if mode == Mode::Bots {
            game.bot_action(seat, &mut rng)
        } else {
            game.legal_into(seat, &mut legal);
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

/// The tables every group plays: two players, and solo at the lowest and highest Automa level.
const TABLES: [(&str, usize, AutomaLevel); 3] = [
    ("2p", 2, AutomaLevel::One),
    ("solo_level1", 1, AutomaLevel::One),
    ("solo_level3", 1, AutomaLevel::Three),
];

fn games(c: &mut Criterion, group: &str, mode: Mode) {
    let mut group = c.benchmark_group(group);
    group.throughput(Throughput::Elements(1));
    for (name, players, level) in TABLES {
        let mut seed = 0u64;
        group.bench_function(name, |b| {
            b.iter(|| {
                seed += 1;
                black_box(play(level, players, seed, mode))
            })
        });
    }
    group.finish();
}

fn random_full_games(c: &mut Criterion) {
    games(c, "random_full_games", Mode::Quiet);
}

fn random_full_games_narrated(c: &mut Criterion) {
    games(c, "random_full_games_narrated", Mode::Narrated);
}

fn bot_full_games(c: &mut Criterion) {
    games(c, "bot_full_games", Mode::Bots);
}

criterion_group!(
    benches,
    random_full_games,
    random_full_games_narrated,
    bot_full_games
);
criterion_main!(benches);

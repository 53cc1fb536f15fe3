//! Speed of the Express engine through the `Game` trait, one whole hand per iteration: a 4-player deal,
//! uniformly random legal steps (listed into one reused buffer, applied with `apply_quiet`) until the
//! hand is scored.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use roundhouse::game::{Game, GameRng, ToAct};
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

criterion_group!(benches, random_full_hands);
criterion_main!(benches);

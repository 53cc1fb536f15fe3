//! Speed of the Coal Train engine through the `Game` trait, one whole 4-player game per iteration: deal,
//! uniformly random legal steps to the end, outcome. `random_full_games` applies steps with `apply_quiet`
//! (no event texts) and lists steps into one reused buffer (`legal_into`), as simulations do.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use roundhouse::game::{Game, GameRng, Outcome, ToAct};
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

criterion_group!(benches, random_full_games);
criterion_main!(benches);

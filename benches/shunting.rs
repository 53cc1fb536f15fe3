//! Shunting solver timings: the three hardest Inglenook starts found by `tests/shunting_hard_starts.rs`
//! and one puzzle on each of our own yards, all built in.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use roundhouse::games::shunting::{SolveOptions, builtin, solve};

const PUZZLES: &[&str] = &[
    "inglenook-hard-1",
    "inglenook-hard-2",
    "inglenook-hard-3",
    "timesaver-1",
    "shed-1",
    "junction-1",
];

/// The hard starts, also on one thread: the search stores each layer on one thread anyway, and this
/// shows what the other threads add.
const ONE_THREAD: &[&str] = &["inglenook-hard-1", "inglenook-hard-2", "inglenook-hard-3"];

fn solver(c: &mut Criterion) {
    let mut group = c.benchmark_group("shunting_solve");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));
    let one_thread = SolveOptions {
        threads: 1,
        ..SolveOptions::default()
    };
    for &name in PUZZLES {
        let puzzle = builtin::puzzle(name)
            .expect("a built-in puzzle")
            .expect("it loads");
        group.bench_function(name, |b| {
            b.iter(|| solve(black_box(&puzzle), &SolveOptions::default()).map(|s| s.optimum()))
        });
        if ONE_THREAD.contains(&name) {
            group.bench_function(format!("{name}/one-thread"), |b| {
                b.iter(|| solve(black_box(&puzzle), &one_thread).map(|s| s.optimum()))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, solver);
criterion_main!(benches);

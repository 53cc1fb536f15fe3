//! Shunting solver timings: the three hardest starts of the full Inglenook (19 moves, found by the
//! complete search in `tests/engines/shunting_hardest_starts.rs`), the three hardest of a sample
//! (`tests/engines/shunting_hard_starts.rs`), one puzzle on each of our own yards, and the full
//! Timesaver deal the solver takes longest over (`tests/engines/shunting_timesaver.rs`), all built in.
//! Targets (issue 17): each hardest Inglenook start ≤ 1 s median and ≤ 256 MB peak, the worst Timesaver
//! deal ≤ 10 s and ≤ 2 GB, on a 2-core machine.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use roundhouse::games::shunting::{SolveOptions, builtin, solve};

const PUZZLES: &[&str] = &[
    "inglenook-hardest-1",
    "inglenook-hardest-2",
    "inglenook-hardest-3",
    "inglenook-hard-1",
    "inglenook-hard-2",
    "inglenook-hard-3",
    "timesaver-1",
    "timesaver-hardest",
    "shed-1",
    "junction-1",
];

/// The hard starts, also on one thread: the search stores each layer on one thread anyway, and this
/// shows what the other threads add.
const ONE_THREAD: &[&str] = &[
    "inglenook-hardest-1",
    "inglenook-hardest-2",
    "inglenook-hardest-3",
];

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

//! Solving route cards and daily puzzles (target: ≤ 200 ms median each): the card of each colour and
//! the daily puzzles on which the solver stores the most positions (as `roundhouse puzzle generate`
//! reports them). And making the slowest day's puzzle from scratch (target: ≤ 1 s), every try of the
//! generator included.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use roundhouse::calendar::Day;
use roundhouse::games::shunting::{Puzzle, SolveOptions, cards, daily, solve};

/// The green, yellow, red and black cards with the most states.
const CARDS: [i64; 4] = [6, 17, 23, 40];

/// A Wednesday (two locos) and the Sundays with the most states among the first ten weeks.
const DAYS: [&str; 3] = ["2026-11-18", "2026-11-22", "2027-01-03"];

fn solving(c: &mut Criterion) {
    let mut puzzles: Vec<(String, Puzzle)> = CARDS
        .iter()
        .map(|&n| {
            let card = cards::card(n).expect("a shipped card");
            (format!("card-{n:02}"), card.puzzle.clone())
        })
        .collect();
    for date in DAYS {
        let day: Day = date.parse().expect("a date");
        let puzzle = daily::for_day(day).expect("a daily puzzle").puzzle;
        puzzles.push((format!("daily-{date}"), puzzle));
    }
    let mut group = c.benchmark_group("shunting_cards");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(3));
    for (name, puzzle) in &puzzles {
        group.bench_function(name.as_str(), |b| {
            b.iter(|| solve(black_box(puzzle), &SolveOptions::default()).map(|s| s.optimum()))
        });
    }
    group.finish();
}

/// The day of the first two years whose puzzle takes the longest to make: a Wednesday (two locos) on
/// the run-round yard, whose fourteenth try fits.
const SLOWEST_DAY: &str = "2026-12-02";

fn making(c: &mut Criterion) {
    let day: Day = SLOWEST_DAY.parse().expect("a date");
    let mut group = c.benchmark_group("shunting_daily");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(25));
    group.bench_function("make the worst daily puzzle from scratch", |b| {
        b.iter(|| daily::make(black_box(day)).map(|(puzzle, _, _)| puzzle.optimum()))
    });
    group.finish();
}

criterion_group!(benches, solving, making);
criterion_main!(benches);

//! Solving route cards and daily puzzles (target: ≤ 200 ms median each): the card of each colour and
//! the daily puzzles on which the solver stores the most positions (as `roundhouse puzzle generate`
//! reports them).

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

criterion_group!(benches, solving);
criterion_main!(benches);

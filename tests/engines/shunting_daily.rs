//! The daily puzzle: the same date gives the same puzzle on every machine (golden files written by
//! `roundhouse puzzle generate --daily`), and the week rises from Monday's easiest to Sunday's hardest.

use std::path::Path;

use roundhouse::calendar::{Day, Weekday};
use roundhouse::games::shunting::daily::{self, Source, WEEK, for_day};
use roundhouse::games::shunting::{Rank, SolveOptions, solve};

fn day(text: &str) -> Day {
    text.parse().unwrap()
}

/// The golden files: `daily-YYYY-MM-DD.toml`, written by `roundhouse puzzle generate --daily DATE
/// --out tests/data/daily`.
fn golden() -> Vec<(Day, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/daily");
    let mut files: Vec<(Day, String)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| {
            let path = entry.unwrap().path();
            let name = path.file_stem().unwrap().to_str().unwrap().to_owned();
            let date = name.strip_prefix("daily-").expect("daily-DATE.toml");
            (day(date), std::fs::read_to_string(&path).unwrap())
        })
        .collect();
    files.sort_by_key(|(day, _)| *day);
    files
}

#[test]
fn known_dates_give_the_puzzles_of_the_golden_files() {
    let files = golden();
    assert!(files.len() >= 5, "the golden dates are there");
    for (date, text) in files {
        let daily = for_day(date).unwrap();
        assert_eq!(daily.to_toml(), text, "{date}");
        assert_eq!(daily.day, date);
    }
}

#[test]
fn making_a_day_twice_gives_identical_bytes() {
    for date in ["2026-11-09", "2026-12-10"] {
        let (first, source, _) = daily::make(day(date)).unwrap();
        let (again, source_again, _) = daily::make(day(date)).unwrap();
        assert_eq!(first.to_toml(), again.to_toml(), "{date}");
        assert_eq!(source, source_again);
        assert_eq!(for_day(day(date)).unwrap().to_toml(), first.to_toml());
    }
    assert_ne!(
        for_day(day("2026-12-07")).unwrap().to_toml(),
        for_day(day("2026-12-14")).unwrap().to_toml(),
        "two Mondays differ"
    );
}

#[test]
fn the_daily_puzzle_is_numbered_checked_and_solvable_in_its_optimum() {
    let daily = for_day(day("2026-11-11")).unwrap();
    assert_eq!(daily.number, 11);
    assert_eq!(daily.day.weekday(), Weekday::Wednesday);
    assert_eq!(daily.puzzle.name, "daily-11");
    assert_eq!(
        daily.puzzle.locos().count(),
        2,
        "Wednesday brings the second loco"
    );
    let solution = solve(&daily.puzzle, &SolveOptions::default()).unwrap();
    assert_eq!(solution.optimum(), daily.optimum());
    let mut position = daily.puzzle.start;
    for step in &daily.guide {
        assert!(
            !daily.puzzle.is_solved(&position),
            "the guide takes no detour"
        );
        position = daily.puzzle.play(&position, step).unwrap();
    }
    assert!(daily.puzzle.is_solved(&position));
    assert_eq!(daily.limit(), 16, "M = max(O + 8, ⌈1.5·O⌉)");
    assert_eq!(
        Rank::for_moves(daily.optimum(), daily.optimum()),
        Some(Rank::YardMaster)
    );
    assert!(for_day(day("2026-10-31")).is_none(), "no puzzle before #1");
    assert!(daily::make(day("1999-01-01")).is_none());
}

#[test]
fn a_week_rises_from_monday_to_sunday() {
    // Monday 2026-12-07 to Sunday 2026-12-13: each in its weekday's range, each harder than the day
    // before, each stored optimum the solver's.
    let monday = day("2026-12-07");
    assert_eq!(monday.weekday(), Weekday::Monday);
    let mut previous = 0;
    for offset in 0..7 {
        let date = Day(monday.0 + offset);
        let (daily, source, _) = daily::make(date).unwrap();
        let plan = WEEK[date.weekday().index()];
        let optimum = daily.optimum();
        assert!(
            (plan.least..=plan.most).contains(&optimum),
            "{date}: optimum {optimum}"
        );
        assert!(optimum > previous, "{date}: {optimum} after {previous}");
        if let Source::Attempt(_) = source {
            let pieces = daily.puzzle.pieces.len();
            assert_eq!(pieces, plan.locos + plan.cars, "{date}");
            assert_eq!(daily.puzzle.goal.at.len(), plan.named, "{date}");
        }
        let solution = solve(&daily.puzzle, &SolveOptions::default()).unwrap();
        assert_eq!(solution.optimum(), optimum, "{date}");
        previous = optimum;
    }
}

#[test]
fn weekday_ranges_rise_and_do_not_overlap() {
    for pair in WEEK.windows(2) {
        assert!(pair[0].least <= pair[0].most);
        assert!(pair[1].least > pair[0].most);
    }
}

/// Days the scan below covers: #1 and the two years after it.
const SCANNED_DAYS: i64 = 731;

#[test]
#[ignore = "makes two years of daily puzzles twice: run in release with --ignored --nocapture"]
fn two_years_of_days_are_the_same_within_the_daily_budget_and_the_slowest_are_shown() {
    let first = roundhouse::calendar::FIRST_DAY;
    let mut made: Vec<(f64, f64, Day, usize)> = Vec::new();
    let mut changed = Vec::new();
    for offset in 0..SCANNED_DAYS {
        let date = Day(first.0 + offset);
        let started = std::time::Instant::now();
        let (bounded, _, states) = daily::make(date).unwrap();
        let seconds = started.elapsed().as_secs_f64();
        let started = std::time::Instant::now();
        let (general, _, _) = daily::make_with(date, &SolveOptions::default()).unwrap();
        let general_seconds = started.elapsed().as_secs_f64();
        let guide =
            |d: &daily::DailyPuzzle| d.guide.iter().map(ToString::to_string).collect::<Vec<_>>();
        if bounded.to_toml() != general.to_toml() || guide(&bounded) != guide(&general) {
            changed.push(date);
        }
        made.push((seconds, general_seconds, date, states));
    }
    made.sort_by(|a, b| b.0.total_cmp(&a.0));
    println!("slowest days within the daily budget (s, s under the general limit, day, states):");
    for (seconds, general, date, states) in made.iter().take(10) {
        println!("  {date}  {seconds:.3} s  ({general:.3} s)  {states} states");
    }
    made.sort_by(|a, b| b.1.total_cmp(&a.1));
    println!("slowest under the general limit:");
    for (seconds, general, date, states) in made.iter().take(10) {
        println!("  {date}  {general:.3} s  ({seconds:.3} s within the budget)  {states} states");
    }
    let most = made.iter().map(|m| m.3).max().unwrap_or(0);
    println!(
        "most states of an accepted try: {most} (budget {})",
        daily::MAX_STATES
    );
    assert!(changed.is_empty(), "the daily budget changes {changed:?}");
}

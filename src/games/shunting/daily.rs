//! The daily puzzle: one puzzle per UTC day, the same on every machine, derived from the date alone.
//!
//! The day seeds the generator ([`crate::games::shunting::generate`]); seeds are tried in order until
//! the solved optimum falls in the weekday's range ([`week::WEEK`]): Monday's the shortest and
//! Sunday's the longest, with more pieces as the week goes on (Wednesday brings the second loco). Only
//! the date and the optimum (a property of the puzzle, not of the solver) decide which puzzle it is. In
//! the rare day where no seed of [`MAX_ATTEMPTS`] fits, the day takes a route card whose optimum does,
//! picked by the date, so the weekday's difficulty always holds.

pub mod week;

use super::cards;
use super::generate::{Recipe, candidate};
use super::notation::Move;
use super::puzzle::Puzzle;
use super::rank::move_limit;
use super::solver::{SolveOptions, solve};
use super::write::puzzle_toml;
use crate::calendar::Day;
use crate::rng::seed_of;
pub use week::{DayPlan, WEEK};

/// One day's puzzle with its optimum and guide.
#[derive(Clone, Debug)]
pub struct DailyPuzzle {
    /// The UTC day.
    pub day: Day,
    /// Its daily number (#1 on the first day).
    pub number: u32,
    /// The puzzle.
    pub puzzle: Puzzle,
    /// One optimal solution; its length is the optimum.
    pub guide: Vec<Move>,
}

impl DailyPuzzle {
    /// The optimal number of moves.
    pub fn optimum(&self) -> usize {
        self.guide.len()
    }

    /// The move limit M: beyond it the puzzle is not solved.
    pub fn limit(&self) -> usize {
        move_limit(self.optimum())
    }

    /// The day's puzzle as a puzzle file (for `roundhouse puzzle solve`), headed by a comment with
    /// its number, date and optimum: what `roundhouse puzzle generate --daily DATE` writes.
    pub fn to_toml(&self) -> String {
        format!(
            "# Daily puzzle #{} of {} ({:?}): optimum {} moves. Made by `roundhouse puzzle generate`.\n{}",
            self.number,
            self.day,
            self.day.weekday(),
            self.optimum(),
            puzzle_toml(&self.puzzle)
        )
    }
}

/// Where a day's puzzle came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The generator's try with this number (0 first).
    Attempt(u32),
    /// No try fitted: this route card.
    Card(u32),
}

/// The yards daily puzzles use, taken in turn day by day.
pub const YARDS: [&str; 2] = ["depot", "runround"];

/// Seeds tried for one day before a route card stands in.
pub const MAX_ATTEMPTS: u32 = 64;

/// Keeps daily seeds apart from other uses of the generator.
const DAILY_STREAM: u64 = 0xDA11;

/// The positions a daily try's solve may store: a try that needs more is passed over like one whose
/// optimum does not fit, so no day's puzzle can take long to make. Only a try whose optimum fits is
/// solved (the generator reads the optimum from its listing), and no such try of the days from #1 to
/// two years on needed more (`tests/engines/shunting_daily.rs` scans them), so the budget changes no
/// day's puzzle. The count is the solver's, so a change to the solver that stores more positions for
/// these small yards must be checked against that scan.
pub const MAX_STATES: usize = 1_000_000;

/// The solver's settings for a daily try.
pub fn solve_options() -> SolveOptions {
    SolveOptions {
        max_states: MAX_STATES,
        ..SolveOptions::default()
    }
}

/// The puzzle of `day`, or `None` before the first daily puzzle. Making one takes from milliseconds to
/// under a second of one core (the worst of the first two years, #32 on 2026-12-02, about 0.7 s on a
/// busy machine); the table keeps the days it has made (`table::daily::DailyCache`).
pub fn for_day(day: Day) -> Option<DailyPuzzle> {
    make(day).map(|(daily, _, _)| daily)
}

/// Makes the puzzle of `day`, with where it came from and
/// the states the solver stored; `None` before the first daily puzzle.
pub fn make(day: Day) -> Option<(DailyPuzzle, Source, usize)> {
    make_with(day, &solve_options())
}

/// Makes the puzzle of `day` as [`make`] does, solving each try with `options` (a scan checks that
/// the daily budget changes no day against the solver's general limit).
pub fn make_with(day: Day, options: &SolveOptions) -> Option<(DailyPuzzle, Source, usize)> {
    let number = day.puzzle_number()?;
    let plan = WEEK[day.weekday().index()];
    let base = Recipe {
        yard: YARDS[usize::from(day.0.rem_euclid(2) == 1)],
        locos: plan.locos,
        cars: plan.cars,
        broken: plan.broken,
        named: plan.named,
        depth: 0,
    };
    // The goal position lies `least` to `most + 2` moves away, in turn: naming only some pieces may
    // bring the goal nearer.
    let depths = plan.most + 3 - plan.least;
    let name = format!("daily-{number}");
    let title = format!("Daily puzzle #{number}, {day}");
    let fits = |optimum: usize| (plan.least..=plan.most).contains(&optimum);
    for attempt in 0..MAX_ATTEMPTS {
        let seed = seed_of(&[DAILY_STREAM, day.0 as u64, u64::from(attempt)]);
        let recipe = Recipe {
            depth: plan.least + attempt as usize % depths,
            ..base
        };
        // A try whose optimum cannot fit is passed over before it is solved (solving those took most
        // of the time): the candidate's optimum is the one the solver finds.
        let Ok(found) = candidate(&recipe, seed, &name, &title, plan.least..=plan.most) else {
            continue;
        };
        match solve(&found.puzzle, options) {
            Ok(solution) if fits(solution.optimum()) => {
                let states = solution.states;
                let daily = DailyPuzzle {
                    day,
                    number,
                    guide: solution.moves,
                    puzzle: found.puzzle,
                };
                return Some((daily, Source::Attempt(attempt), states));
            }
            Ok(_) | Err(_) => {}
        }
    }
    stand_in(day, number, &plan)
}

/// A route card whose optimum fits the weekday, picked by the date, renamed as the day's puzzle.
fn stand_in(day: Day, number: u32, plan: &DayPlan) -> Option<(DailyPuzzle, Source, usize)> {
    let fitting: Vec<&cards::Card> = cards::all()
        .ok()?
        .iter()
        .filter(|c| (plan.least..=plan.most).contains(&c.optimum))
        .collect();
    let pick = seed_of(&[DAILY_STREAM, day.0 as u64, u64::from(MAX_ATTEMPTS)]);
    let card = fitting.get((pick % fitting.len().max(1) as u64) as usize)?;
    let mut puzzle = card.puzzle.clone();
    puzzle.name = format!("daily-{number}");
    puzzle.title = format!("Daily puzzle #{number}, {day}");
    let daily = DailyPuzzle {
        day,
        number,
        puzzle,
        guide: card.guide.clone(),
    };
    Some((daily, Source::Card(card.number), 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_route_card_can_stand_in_on_every_weekday() {
        for (index, plan) in WEEK.iter().enumerate() {
            // 2026-11-02 is a Monday.
            let day = Day(crate::calendar::FIRST_DAY.0 + 1 + index as i64);
            let (daily, source, _) = stand_in(day, 9, plan).expect("a card fits");
            assert!(matches!(source, Source::Card(_)));
            assert!(
                (plan.least..=plan.most).contains(&daily.optimum()),
                "{:?}: optimum {}",
                day.weekday(),
                daily.optimum()
            );
            assert_eq!(daily.puzzle.name, "daily-9");
            let mut position = daily.puzzle.start;
            for step in &daily.guide {
                position = daily.puzzle.play(&position, step).unwrap();
            }
            assert!(daily.puzzle.is_solved(&position));
        }
    }
}

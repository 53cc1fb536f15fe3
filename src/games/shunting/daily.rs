//! The daily puzzle: one puzzle per UTC day, the same on every machine, derived from the date alone.

use super::builtin;
use super::notation::Move;
use super::puzzle::Puzzle;
use super::solver::{SolveOptions, solve};
use crate::calendar::Day;

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
}

/// The puzzle of `day`, or `None` before the first daily puzzle.
pub fn for_day(day: Day) -> Option<DailyPuzzle> {
    let number = day.puzzle_number()?;
    let name = if day.weekday().index() < 4 {
        "shed-1"
    } else {
        "timesaver-1"
    };
    let puzzle = builtin::puzzle(name)?.ok()?;
    let solution = solve(&puzzle, &SolveOptions::default()).ok()?;
    Some(DailyPuzzle {
        day,
        number,
        puzzle,
        guide: solution.moves,
    })
}

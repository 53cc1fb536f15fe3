//! The daily puzzle at the terminal: the attempt is started or continued, and every change kept, by the
//! table, in the same store and rows as Discord's `/puzzle play`, so `quit` and a later `puzzle play`
//! go on where the attempt stood, and an attempt given up or solved stays so.

use std::io::{BufRead, Write};

use crate::table::{Caller, Place, Table, TypedCommands};

use super::puzzle::{Keeper, PuzzleEnd, PuzzleFailure, PuzzleSession, play_puzzle};

/// The one place terminal attempts are kept: outside any server.
const PLACE: &str = "terminal:daily";

/// Keeps a daily attempt's moves through the table.
struct TableKeeper<'t> {
    table: &'t Table,
    place: Place,
    caller: Caller,
    number: u32,
}

impl Keeper for TableKeeper<'_> {
    fn keep(&mut self, moves: &[String], give_up: bool) -> Result<(), String> {
        let now = self.table.clock().now();
        self.table
            .daily_keep(&self.place, &self.caller, self.number, moves, give_up, now)
            .map(|_| ())
            .map_err(|error| error.explain(&TypedCommands))
    }
}

/// Plays the daily puzzle `which` names (`today`, a number, `#N` or a date) as the terminal's first
/// player, continuing their kept attempt.
pub fn play_daily<R: BufRead, W: Write>(
    table: &Table,
    which: &str,
    input: R,
    output: W,
) -> Result<PuzzleEnd, PuzzleFailure> {
    let place = Place::channel(PLACE);
    let caller = super::person(0);
    let now = table.clock().now();
    let (daily, record) = table
        .daily_attempt(&place, &caller, Some(which), now)
        .map_err(|error| PuzzleFailure::Refused(error.explain(&TypedCommands)))?;
    let ended = if record.solved {
        Some(PuzzleEnd::Solved(record.moves.len()))
    } else if record.gave_up {
        Some(PuzzleEnd::GaveUp)
    } else {
        None
    };
    let session = PuzzleSession {
        heading: format!("Roundhouse daily #{} · {}", daily.number, daily.day),
        puzzle: &daily.puzzle,
        guide: Some(daily.guide.clone()),
        guide_open: Table::daily_guide_open(&record, now),
        played: record.moves.clone(),
        ended,
    };
    let mut keeper = TableKeeper {
        table,
        place,
        caller,
        number: daily.number,
    };
    play_puzzle(&session, &mut keeper, input, output)
}

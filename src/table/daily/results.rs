//! Results of the daily puzzle: the share line, the guide, the day's leaderboard and streaks.

use crate::calendar::Day;
use crate::games::shunting::Rank;
use crate::store::AttemptRecord;

use super::text::{guide_text, plural, share_line, time_of};
use super::{Moment, PuzzleRef, guide_is_open};
use crate::table::{Caller, Place, Post, Reply, Table, TableError};

/// How many people a day's leaderboard shows.
const LEADERBOARD_SIZE: usize = 10;

/// Someone's streaks in UTC days.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Streaks {
    /// Days in a row up to today (or up to yesterday while today's puzzle is still open to them).
    pub current: u32,
    /// The longest run ever.
    pub longest: u32,
    /// Whether today's puzzle is solved.
    pub today_solved: bool,
}

/// The streaks of someone who solved the puzzle on its own day on `days` (UTC day numbers), seen on
/// `today`. Days may come in any order and repeat.
pub fn streaks(days: &[i64], today: Day) -> Streaks {
    let mut days: Vec<i64> = days.iter().copied().filter(|&d| d <= today.0).collect();
    days.sort_unstable();
    days.dedup();
    let (mut longest, mut run, mut previous) = (0u32, 0u32, None);
    for &day in &days {
        run = if previous == Some(day - 1) {
            run + 1
        } else {
            1
        };
        longest = longest.max(run);
        previous = Some(day);
    }
    let last = days.last().copied();
    let current = if last == Some(today.0) || last == Some(today.0 - 1) {
        run
    } else {
        0
    };
    Streaks {
        current,
        longest,
        today_solved: last == Some(today.0),
    }
}

impl Table {
    pub(super) fn daily_share(
        &self,
        guild: &str,
        caller: &Caller,
        which: Option<&str>,
        at: Moment,
    ) -> Result<Reply, TableError> {
        let record = self.named_or_current(guild, caller, which, at)?;
        let daily = self.daily_of(Day(record.day), at)?;
        if !record.finished() {
            return Err(TableError::Puzzle(format!(
                "Finish daily #{} first: the share line shows your result once you solve it (or give up).",
                record.number
            )));
        }
        Ok(Reply::public(Post::text(share_line(
            &record,
            daily.optimum(),
        ))))
    }

    pub(super) fn daily_guide(
        &self,
        guild: &str,
        caller: &Caller,
        which: Option<&str>,
        at: Moment,
    ) -> Result<Reply, TableError> {
        let (number, day, finished) = match which {
            Some(text) => {
                let day = self.day_named(Some(text), at)?;
                let number = day.puzzle_number().unwrap_or(0);
                let record = self.store.daily_attempt(&caller.user_id, guild, number)?;
                (number, day, record.is_some_and(|r| r.finished()))
            }
            None => match self.store.daily_current(&caller.user_id, guild)? {
                Some(record) => (record.number, Day(record.day), record.finished()),
                None => (at.today.puzzle_number().unwrap_or(0), at.today, false),
            },
        };
        if !guide_is_open(finished, day, at.today) {
            return Err(TableError::Puzzle(format!(
                "The guide to daily #{number} opens after you solve it or give up (`/puzzle giveup`), \
                 or at 00:00 UTC when its day is over."
            )));
        }
        let daily = self.daily_of(day, at)?;
        Ok(Reply::private(Post::text(guide_text(&daily))))
    }

    pub(super) fn daily_leaderboard(
        &self,
        place: &Place,
        which: Option<&str>,
        at: Moment,
    ) -> Result<Reply, TableError> {
        let Some(guild) = &place.guild else {
            return Err(TableError::Puzzle(
                "Leaderboards are kept per server; ask in a server.".to_owned(),
            ));
        };
        let day = self.day_named(which, at)?;
        let daily = self.daily_of(day, at)?;
        let rows = self
            .store
            .daily_leaderboard(guild, daily.number, LEADERBOARD_SIZE)?;
        let mut text = format!(
            "Daily #{} ({day}) on this server: fewest moves, then earliest finish (solves made on the day).",
            daily.number
        );
        if rows.is_empty() {
            text.push_str(&format!(
                "\nNo one here has solved daily #{} on its day yet.",
                daily.number
            ));
        }
        for (i, row) in rows.iter().enumerate() {
            text.push_str(&format!(
                "\n{}. {}",
                i + 1,
                board_line(row, daily.optimum())
            ));
        }
        Ok(Reply::public(Post::text(text)))
    }

    pub(super) fn daily_streak(&self, whose: &Caller, at: Moment) -> Result<Reply, TableError> {
        let days = self.store.daily_solved_days(&whose.user_id)?;
        let s = streaks(&days, at.today);
        let mut text = format!(
            "{}: current streak {} day{}, longest {} day{}.",
            whose.name,
            s.current,
            plural(s.current as usize),
            s.longest,
            plural(s.longest as usize)
        );
        if !s.today_solved && s.current > 0 {
            text.push_str(" Solve today's puzzle before 00:00 UTC to keep it going.");
        }
        text.push_str(
            "\nA streak counts UTC days on which the day's own puzzle was solved that day; archive \
             solves do not count.",
        );
        Ok(Reply::public(Post::text(text)))
    }

    /// The attempt at the puzzle named, or the caller's current one.
    fn named_or_current(
        &self,
        guild: &str,
        caller: &Caller,
        which: Option<&str>,
        at: Moment,
    ) -> Result<AttemptRecord, TableError> {
        let Some(text) = which else {
            return self.current_attempt(guild, caller);
        };
        let day = PuzzleRef::parse(text)
            .and_then(|r| r.day(at.today))
            .map_err(TableError::Puzzle)?;
        let number = day.puzzle_number().unwrap_or(0);
        self.store
            .daily_attempt(&caller.user_id, guild, number)?
            .ok_or_else(|| {
                TableError::Puzzle(format!(
                    "You have not played daily #{number} here: start it with `/puzzle play #{number}`."
                ))
            })
    }
}

/// "Alice · 12 moves · Yard Master · 09:14 UTC".
fn board_line(row: &AttemptRecord, optimum: usize) -> String {
    let count = row.moves.len();
    let rank = Rank::for_moves(count, optimum).map_or("unranked", Rank::name);
    format!(
        "{} · {count} move{} · {rank} · {} UTC",
        row.name,
        plural(count),
        row.finished_at.map(time_of).unwrap_or_default()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streaks_count_runs_of_utc_days() {
        let today = Day(100);
        assert_eq!(
            streaks(&[], today),
            Streaks {
                current: 0,
                longest: 0,
                today_solved: false
            }
        );
        // A run up to yesterday is still current; a gap ends it.
        let s = streaks(&[90, 91, 92, 93, 97, 98, 99], today);
        assert_eq!((s.current, s.longest, s.today_solved), (3, 4, false));
        let s = streaks(&[99, 100, 98, 100], today);
        assert_eq!((s.current, s.longest, s.today_solved), (3, 3, true));
        let s = streaks(&[95, 96, 97, 98], today);
        assert_eq!((s.current, s.longest), (0, 4));
        // Days after "today" (a clock set back) are ignored.
        assert_eq!(streaks(&[100, 101], today).current, 1);
    }
}

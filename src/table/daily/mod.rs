//! The daily shunting puzzle at the table: private attempts with undo and reset, ranks, the share line,
//! the guide, per-server leaderboards, streaks, and the scheduled post.
//!
//! Decisions where the rulings are silent:
//! - An attempt belongs to a person on one server; the moves that count are those standing in the log
//!   when the goal is reached (undo takes a move back for good). A move past the limit M is refused, so a
//!   route longer than M is never recorded as solved; the player undoes or resets instead.
//! - Solving or giving up ends an attempt for good. Giving up opens the guide; so does the end of the
//!   puzzle's UTC day.
//! - Streaks count UTC days on which the person solved that day's puzzle on that same day, on any server.
//!   Archive solves (and solves finished after their day) never extend a streak, and the day's leaderboard
//!   lists only solves made on the day, so nobody climbs it with the guide open.
//! - Posts: see [`Table::daily_posts_due`].

mod cache;
mod keep;
mod pick;
mod play;
mod posts;
mod results;
mod text;

use std::sync::Arc;

use crate::calendar::Day;
use crate::games::shunting::Session;
use crate::games::shunting::daily::DailyPuzzle;
use crate::store::AttemptRecord;

use super::{Caller, Place, Reply, Table, TableError};

pub(crate) use cache::DailyCache;
pub use pick::PuzzleRef;
pub(crate) use posts::HeldClaims;
pub use posts::{Delivery, DuePost};
pub use results::{Streaks, streaks};
pub use text::{goal_text, guide_text, parse_clock, plural, share_line};

/// Everything a person can ask of the daily puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleCommand {
    /// Show today's puzzle.
    Today,
    /// Start or continue an attempt: today's, or an archived one (`#N`, `N`, `YYYY-MM-DD`).
    Play(Option<String>),
    /// Make a move in the current attempt.
    Move(String),
    /// Take back the last move.
    Undo,
    /// Back to the start.
    Reset,
    /// Give up: the guide opens, the attempt ends unsolved.
    GiveUp,
    /// Post the result line in the channel (the current attempt's, or the puzzle named).
    Share(Option<String>),
    /// The guide (of the current attempt's puzzle, or the puzzle named), when it is open.
    Guide(Option<String>),
    /// The server's leaderboard for a day (today unless named).
    Leaderboard(Option<String>),
    /// Someone's streaks (the caller's unless given).
    Streak(Option<Caller>),
    /// Set the server's daily post: a channel (this one if `None`) and a UTC time `HH:MM`, or `off`.
    Setup {
        /// The channel id.
        channel: Option<String>,
        /// `HH:MM` (UTC) or `off`.
        time: String,
        /// Whether the caller may manage the server (only they may set this).
        manages_server: bool,
    },
}

impl Table {
    /// Runs a daily puzzle command at moment `now` (Unix seconds); the caller holds their puzzle lane
    /// (see [`Table::puzzle`]).
    pub(in crate::table) fn daily_command(
        &self,
        place: &Place,
        caller: &Caller,
        command: PuzzleCommand,
        now: i64,
    ) -> Result<Reply, TableError> {
        self.wait_if_slowed();
        let guild = place.guild.clone().unwrap_or_default();
        let at = Moment::new(now);
        match command {
            PuzzleCommand::Today => self.daily_today(at),
            PuzzleCommand::Play(which) => self.daily_play(&guild, caller, which.as_deref(), at),
            PuzzleCommand::Move(text) => self.daily_move(&guild, caller, &text, at),
            PuzzleCommand::Undo => self.daily_undo(&guild, caller, at),
            PuzzleCommand::Reset => self.daily_reset(&guild, caller, at),
            PuzzleCommand::GiveUp => self.daily_give_up(&guild, caller, at),
            PuzzleCommand::Share(which) => self.daily_share(&guild, caller, which.as_deref(), at),
            PuzzleCommand::Guide(which) => self.daily_guide(&guild, caller, which.as_deref(), at),
            PuzzleCommand::Leaderboard(which) => {
                self.daily_leaderboard(place, which.as_deref(), at)
            }
            PuzzleCommand::Streak(whose) => self.daily_streak(whose.as_ref().unwrap_or(caller), at),
            PuzzleCommand::Setup {
                channel,
                time,
                manages_server,
            } => self.daily_setup(place, caller, channel, &time, manages_server, at),
        }
    }

    /// The legal moves of the caller's current attempt whose notation or label contains `filter`
    /// (case-insensitive), for autocomplete. Empty without an unfinished attempt.
    pub fn puzzle_moves(
        &self,
        place: &Place,
        caller: &Caller,
        filter: &str,
        now: i64,
    ) -> Result<Vec<crate::games::adapter::LegalMove>, TableError> {
        let guild = place.guild.clone().unwrap_or_default();
        let Some(record) = self.store.daily_current(&caller.user_id, &guild)? else {
            return Ok(Vec::new());
        };
        if record.finished() {
            return Ok(Vec::new());
        }
        let daily = self.daily_of(Day(record.day), Moment::new(now))?;
        let attempt = replay(&daily, &record)?;
        let filter = filter.trim().to_lowercase();
        Ok(attempt
            .legal()
            .into_iter()
            .map(|m| crate::games::adapter::LegalMove {
                notation: m.action.to_string(),
                label: m.action.label(),
            })
            .filter(|m| {
                m.notation.to_lowercase().contains(&filter)
                    || m.label.to_lowercase().contains(&filter)
            })
            .collect())
    }

    /// The days whose puzzles are kept in memory now, in order: today's and tomorrow's once made, and
    /// the archive days used most recently (at most [`super::FloodLimits::archive_puzzles`]).
    pub fn daily_puzzles_kept(&self) -> Vec<Day> {
        self.daily.kept()
    }

    /// Makes today's and tomorrow's puzzles ahead of time (as of `now`, Unix seconds), so the first
    /// request of a day does not wait for them. Blocks while it works: call it off the async threads.
    pub fn prepare_daily(&self, now: i64) {
        self.daily.prepare(Moment::new(now).today);
    }

    /// The puzzle of `day`, from the cache.
    fn daily_of(&self, day: Day, at: Moment) -> Result<Arc<DailyPuzzle>, TableError> {
        self.daily.get(day, at.today).ok_or_else(|| {
            TableError::Puzzle(format!(
                "There is no daily puzzle for {day} (today is {}).",
                at.today
            ))
        })
    }

    /// The day a text names (today if `None`), refusing days to come.
    fn day_named(&self, which: Option<&str>, at: Moment) -> Result<Day, TableError> {
        PuzzleRef::parse(which.unwrap_or("today"))
            .and_then(|r| r.day(at.today))
            .map_err(TableError::Puzzle)
    }
}

/// "Now", and today in UTC.
#[derive(Clone, Copy, Debug)]
struct Moment {
    now: i64,
    today: Day,
}

impl Moment {
    fn new(now: i64) -> Self {
        Moment {
            now,
            today: Day::of_unix_seconds(now),
        }
    }
}

/// Whether the guide to the puzzle of `day` is open to someone whose attempt has `finished` (solved or
/// given up) or not: once it has, or once the day is over.
fn guide_is_open(finished: bool, day: Day, today: Day) -> bool {
    finished || day < today
}

/// The attempt a record holds, replayed.
fn replay<'p>(daily: &'p DailyPuzzle, record: &AttemptRecord) -> Result<Session<'p>, TableError> {
    Session::replay(&daily.puzzle, Some(daily.optimum()), &record.moves)
        .map_err(|why| TableError::internal(format!("daily #{}: {why}", record.number)))
}

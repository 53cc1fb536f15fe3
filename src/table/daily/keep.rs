//! The daily puzzle for a front end that plays the moves itself (the terminal): it takes the puzzle
//! and the stored attempt, plays them through a [`crate::games::shunting::Session`] of its own, and
//! hands every change back to be checked and stored, so its attempts are kept exactly as
//! `/puzzle play` keeps them on Discord (the same rows, the same streaks and leaderboards).

use std::sync::Arc;

use crate::calendar::Day;
use crate::games::shunting::daily::DailyPuzzle;
use crate::store::{AttemptChange, AttemptRecord};

use super::{Moment, guide_is_open, replay};
use crate::table::{Caller, Place, Table, TableError};

impl Table {
    /// Starts or continues the caller's attempt at a day's puzzle (today's if `which` is `None`; `#N`,
    /// `N` or a date for an archived one), as `/puzzle play` does, at moment `now` (Unix seconds):
    /// the puzzle and the attempt as stored, which may have ended already.
    pub fn daily_attempt(
        &self,
        place: &Place,
        caller: &Caller,
        which: Option<&str>,
        now: i64,
    ) -> Result<(Arc<DailyPuzzle>, AttemptRecord), TableError> {
        let _turn = self.enqueue_puzzle(place, caller)?.wait();
        let guild = place.guild.clone().unwrap_or_default();
        let at = Moment::new(now);
        let day = self.day_named(which, at)?;
        let daily = self.daily_of(day, at)?;
        let record = self.store.daily_begin(
            &caller.user_id,
            &guild,
            &caller.name,
            daily.number,
            day.0,
            at.now,
        )?;
        replay(&daily, &record)?;
        Ok((daily, record))
    }

    /// Stores the moves of the caller's unfinished attempt at daily `number` as they now stand, checked
    /// by replaying them; `give_up` ends it given up. An attempt whose moves reach the goal is stored
    /// solved. Returns the attempt as stored. Refused, with nothing stored, when the moves do not play,
    /// the attempt has ended, or the caller's current attempt is another puzzle's.
    pub fn daily_keep(
        &self,
        place: &Place,
        caller: &Caller,
        number: u32,
        moves: &[String],
        give_up: bool,
        now: i64,
    ) -> Result<AttemptRecord, TableError> {
        let _turn = self.enqueue_puzzle(place, caller)?.wait();
        let guild = place.guild.clone().unwrap_or_default();
        let at = Moment::new(now);
        let (record, daily) = self.open_attempt(&guild, caller, at)?;
        if record.number != number {
            return Err(TableError::Puzzle(format!(
                "Your current attempt is daily #{}, not #{number}: play #{number} again to go on with it.",
                record.number
            )));
        }
        let mut stored = record.clone();
        stored.moves = moves.to_vec();
        let attempt = replay(&daily, &stored).map_err(|_| {
            TableError::Puzzle(format!(
                "These moves do not play on daily #{number}; nothing was stored."
            ))
        })?;
        let finish = if attempt.at_goal() {
            Some(true)
        } else if give_up {
            Some(false)
        } else {
            None
        };
        let change = AttemptChange {
            moves: attempt.moves_text(),
            finish,
        };
        self.store.daily_update(&record, &change, at.now)?;
        self.current_attempt(&guild, caller)
    }

    /// Whether the guide of the attempt's puzzle may be shown at moment `now`: once the attempt has
    /// ended, or once the puzzle's UTC day is over.
    pub fn daily_guide_open(record: &AttemptRecord, now: i64) -> bool {
        guide_is_open(record.finished(), Day(record.day), Moment::new(now).today)
    }
}

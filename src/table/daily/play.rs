//! Playing the daily puzzle privately: today's puzzle, starting or continuing, moves, undo, reset,
//! giving up. Every change is stored before its reply exists.

use crate::calendar::Day;
use crate::games::adapter::check_notation_length;
use crate::games::shunting::daily::DailyPuzzle;
use crate::games::shunting::draw::yard_png;
use crate::games::shunting::present::yard_text;
use crate::store::{AttemptChange, AttemptRecord};

use super::text::{goal_text, heading, par, plural};
use super::{Moment, replay};
use crate::games::shunting::{Refusal, Session};
use crate::table::{Caller, Picture, Post, Reply, Table, TableError};

/// How many legal moves a refusal lists.
const LEGAL_SHOWN: usize = 8;

impl Table {
    pub(super) fn daily_today(&self, at: Moment) -> Result<Reply, TableError> {
        let daily = self.daily_of(at.today, at)?;
        let text = format!(
            "{}\n{}\n{} · {}\n{}\nPlay it privately with `/puzzle play`.",
            heading(&daily),
            daily.puzzle.title,
            par(&daily),
            goal_text(&daily.puzzle),
            yard_text(&daily.puzzle, &daily.puzzle.start).trim_end(),
        );
        Ok(Reply::private(Post {
            text,
            image: self.daily_picture(&daily, &daily.puzzle.start, "start"),
            ..Post::default()
        }))
    }

    pub(super) fn daily_play(
        &self,
        guild: &str,
        caller: &Caller,
        which: Option<&str>,
        at: Moment,
    ) -> Result<Reply, TableError> {
        let day = self.day_named(which, at)?;
        let daily = self.daily_of(day, at)?;
        let record = self.store.daily_begin(
            &caller.user_id,
            guild,
            &caller.name,
            daily.number,
            day.0,
            at.now,
        )?;
        let attempt = replay(&daily, &record)?;
        let mut note = if record.finished() {
            finished_note(&record, &daily)
        } else if record.moves.is_empty() {
            format!(
                "Daily #{} is yours to solve. Move with `/puzzle move` (the list shows the legal moves); \
                 `/puzzle undo`, `/puzzle reset` and `/puzzle giveup` are there too.",
                daily.number
            )
        } else {
            format!(
                "Continuing daily #{}: {} move{} so far.",
                daily.number,
                record.moves.len(),
                plural(record.moves.len())
            )
        };
        if day < at.today && !record.finished() {
            note.push_str(
                "\nThis is an archived puzzle: its guide is open, and solving it counts for neither \
                 streaks nor the day's leaderboard.",
            );
        }
        Ok(self.state_reply(&daily, &attempt, &note))
    }

    pub(super) fn daily_move(
        &self,
        guild: &str,
        caller: &Caller,
        text: &str,
        at: Moment,
    ) -> Result<Reply, TableError> {
        check_notation_length(text).map_err(TableError::Puzzle)?;
        let (record, daily) = self.open_attempt(guild, caller, at)?;
        let mut attempt = replay(&daily, &record)?;
        let played = match attempt.play_text(text) {
            Ok(played) => played,
            Err(Refusal::Rules(why)) => {
                return Err(TableError::Puzzle(format!(
                    "{why}\n{}",
                    legal_hint(&attempt)
                )));
            }
            Err(other) => return Err(TableError::Puzzle(other.to_string())),
        };
        let solved = attempt.at_goal();
        let change = AttemptChange {
            moves: attempt.moves_text(),
            finish: solved.then_some(true),
        };
        self.store.daily_update(&record, &change, at.now)?;
        let note = match attempt.rank().filter(|_| solved) {
            Some(rank) => format!(
                "{played}\nSolved in {} move{}: {rank} (par {}). Share it with `/puzzle share`; the guide \
                 is open: `/puzzle guide`.",
                attempt.count(),
                plural(attempt.count()),
                daily.optimum()
            ),
            None => format!("Move {}: {played}", attempt.count()),
        };
        Ok(self.state_reply(&daily, &attempt, &note))
    }

    pub(super) fn daily_undo(
        &self,
        guild: &str,
        caller: &Caller,
        at: Moment,
    ) -> Result<Reply, TableError> {
        let (record, daily) = self.open_attempt(guild, caller, at)?;
        let mut attempt = replay(&daily, &record)?;
        let undone = attempt
            .undo()
            .map_err(|refusal| TableError::Puzzle(refusal.to_string()))?;
        self.save_moves(&record, &attempt, at)?;
        let note = format!("Took back {undone}.");
        Ok(self.state_reply(&daily, &attempt, &note))
    }

    pub(super) fn daily_reset(
        &self,
        guild: &str,
        caller: &Caller,
        at: Moment,
    ) -> Result<Reply, TableError> {
        let (record, daily) = self.open_attempt(guild, caller, at)?;
        let mut attempt = replay(&daily, &record)?;
        let taken = attempt
            .reset()
            .map_err(|refusal| TableError::Puzzle(refusal.to_string()))?;
        self.save_moves(&record, &attempt, at)?;
        let note = format!(
            "Back to the start of daily #{} ({taken} move{} taken back).",
            daily.number,
            plural(taken)
        );
        Ok(self.state_reply(&daily, &attempt, &note))
    }

    pub(super) fn daily_give_up(
        &self,
        guild: &str,
        caller: &Caller,
        at: Moment,
    ) -> Result<Reply, TableError> {
        let (record, daily) = self.open_attempt(guild, caller, at)?;
        let change = AttemptChange {
            moves: record.moves.clone(),
            finish: Some(false),
        };
        self.store.daily_update(&record, &change, at.now)?;
        Ok(Reply::private(Post::text(format!(
            "You gave up daily #{}. {}",
            daily.number,
            super::text::guide_text(&daily)
        ))))
    }

    /// The caller's current attempt and its puzzle, refusing when there is none or it has ended.
    pub(super) fn open_attempt(
        &self,
        guild: &str,
        caller: &Caller,
        at: Moment,
    ) -> Result<(AttemptRecord, std::sync::Arc<DailyPuzzle>), TableError> {
        let record = self.current_attempt(guild, caller)?;
        let daily = self.daily_of(Day(record.day), at)?;
        if record.finished() {
            return Err(TableError::Puzzle(finished_note(&record, &daily)));
        }
        Ok((record, daily))
    }

    /// The attempt the caller played last.
    pub(super) fn current_attempt(
        &self,
        guild: &str,
        caller: &Caller,
    ) -> Result<AttemptRecord, TableError> {
        self.store
            .daily_current(&caller.user_id, guild)?
            .ok_or_else(|| {
                TableError::Puzzle(
                    "You have no attempt started: use `/puzzle play` to start today's puzzle \
                     (or `/puzzle play #N` for an archived one)."
                        .to_owned(),
                )
            })
    }

    fn save_moves(
        &self,
        record: &AttemptRecord,
        attempt: &Session<'_>,
        at: Moment,
    ) -> Result<(), TableError> {
        let change = AttemptChange {
            moves: attempt.moves_text(),
            finish: None,
        };
        Ok(self.store.daily_update(record, &change, at.now)?)
    }

    /// The attempt as it stands, privately, with its picture.
    fn state_reply(&self, daily: &DailyPuzzle, attempt: &Session<'_>, note: &str) -> Reply {
        let count = attempt.count();
        let text = format!(
            "{note}\n{} · {}\n{} · you: {count} move{}\n{}\n{}",
            heading(daily),
            daily.puzzle.title,
            par(daily),
            plural(count),
            goal_text(&daily.puzzle),
            yard_text(&daily.puzzle, attempt.position()).trim_end(),
        );
        Reply::private(Post {
            text,
            image: self.daily_picture(daily, attempt.position(), &count.to_string()),
            ..Post::default()
        })
    }

    /// The yard as a picture, when pictures are on.
    pub(super) fn daily_picture(
        &self,
        daily: &DailyPuzzle,
        position: &crate::games::shunting::Position,
        tag: &str,
    ) -> Option<Picture> {
        self.options.pictures.then(|| Picture {
            file_name: format!("daily-{}-{tag}.png", daily.number),
            png: yard_png(&daily.puzzle, position),
            description: Some(format!(
                "Daily shunting puzzle {}: the yard {}.",
                daily.number,
                if tag == "start" {
                    "at the start".to_owned()
                } else {
                    format!("after {tag} moves")
                }
            )),
        })
    }
}

/// What an ended attempt allows.
fn finished_note(record: &AttemptRecord, daily: &DailyPuzzle) -> String {
    let outcome = if record.solved {
        let share = super::text::share_line(record, daily.optimum());
        format!(
            "You have solved daily #{} ({share}). Share it with `/puzzle share`; the guide is open: \
             `/puzzle guide`.",
            daily.number
        )
    } else {
        format!(
            "You gave up daily #{}; its guide is open: `/puzzle guide`.",
            daily.number
        )
    };
    format!("{outcome} Another puzzle waits in the archive: `/puzzle play #N` or a date.")
}

/// A few legal moves to try instead.
fn legal_hint(attempt: &Session<'_>) -> String {
    let legal = attempt.legal();
    if legal.is_empty() {
        return "No move is possible from here: `/puzzle undo` or `/puzzle reset`.".to_owned();
    }
    let shown: Vec<String> = legal
        .iter()
        .take(LEGAL_SHOWN)
        .map(|m| format!("`{}`", m.action))
        .collect();
    let more = if legal.len() > LEGAL_SHOWN {
        format!(" … ({} in all; `/puzzle move` lists them)", legal.len())
    } else {
        String::new()
    };
    format!("Legal now: {}{more}", shown.join(", "))
}

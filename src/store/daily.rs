//! The daily puzzle's records: attempts, each server's post setting, and the posts made.

use rusqlite::{OptionalExtension, Row, params};

use super::{Store, StoreError};

/// How many times a post that Discord refused is tried in all on its day.
pub const POST_TRIES: i64 = 3;

/// One person's attempt at one daily puzzle on one server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttemptRecord {
    /// The person.
    pub user_id: String,
    /// The server (empty outside servers).
    pub guild: String,
    /// The daily puzzle number.
    pub number: u32,
    /// The puzzle's UTC day (days since 1970-01-01).
    pub day: i64,
    /// The name the person played under.
    pub name: String,
    /// The moves as they stand, in notation.
    pub moves: Vec<String>,
    /// When the attempt began (Unix seconds).
    pub started_at: i64,
    /// When it was solved or given up.
    pub finished_at: Option<i64>,
    /// Solved within the move limit.
    pub solved: bool,
    /// Given up.
    pub gave_up: bool,
    /// Grows with every change.
    pub version: i64,
}

impl AttemptRecord {
    /// Solved or given up: no more moves.
    pub fn finished(&self) -> bool {
        self.solved || self.gave_up
    }

    /// Ended (solved or given up) on the puzzle's own UTC day.
    pub fn finished_on_its_day(&self) -> bool {
        self.finished_at
            .is_some_and(|at| at.div_euclid(86_400) == self.day)
    }
}

/// A change to an attempt.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AttemptChange {
    /// The moves as they stand now.
    pub moves: Vec<String>,
    /// Set when the attempt ends now: solved (`true`) or given up (`false`).
    pub finish: Option<bool>,
}

/// Where and when a server gets the daily post.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailyChannel {
    /// The server.
    pub guild: String,
    /// The channel.
    pub channel: String,
    /// Minutes after 00:00 UTC.
    pub post_minute: u32,
}

const ATTEMPT_COLUMNS: &str = "user_id, guild, number, day, name, moves, started_at, finished_at, \
                               solved, gave_up, version";

fn attempt_of(row: &Row<'_>) -> rusqlite::Result<AttemptRecord> {
    let moves: String = row.get(5)?;
    Ok(AttemptRecord {
        user_id: row.get(0)?,
        guild: row.get(1)?,
        number: row.get(2)?,
        day: row.get(3)?,
        name: row.get(4)?,
        moves: moves.lines().map(str::to_owned).collect(),
        started_at: row.get(6)?,
        finished_at: row.get(7)?,
        solved: row.get(8)?,
        gave_up: row.get(9)?,
        version: row.get(10)?,
    })
}

impl Store {
    /// `user_id`'s attempt at puzzle `number` on `guild`.
    pub fn daily_attempt(
        &self,
        user_id: &str,
        guild: &str,
        number: u32,
    ) -> Result<Option<AttemptRecord>, StoreError> {
        self.with_conn(|conn| {
            let sql = format!(
                "SELECT {ATTEMPT_COLUMNS} FROM daily_attempts WHERE user_id = ?1 AND guild = ?2 AND number = ?3"
            );
            Ok(conn
                .prepare_cached(&sql)?
                .query_row(params![user_id, guild, number], attempt_of)
                .optional()?)
        })
    }

    /// The attempt `user_id` played last on `guild` (started, continued or moved in).
    pub fn daily_current(
        &self,
        user_id: &str,
        guild: &str,
    ) -> Result<Option<AttemptRecord>, StoreError> {
        self.with_conn(|conn| {
            let sql = format!(
                "SELECT {ATTEMPT_COLUMNS} FROM daily_attempts WHERE user_id = ?1 AND guild = ?2 \
                 ORDER BY touched_at DESC, number DESC LIMIT 1"
            );
            Ok(conn
                .prepare_cached(&sql)?
                .query_row(params![user_id, guild], attempt_of)
                .optional()?)
        })
    }

    /// Starts `user_id`'s attempt at puzzle `number` (of UTC day `day`) if there is none, makes it the one
    /// they play, and returns it.
    pub fn daily_begin(
        &self,
        user_id: &str,
        guild: &str,
        name: &str,
        number: u32,
        day: i64,
        now: i64,
    ) -> Result<AttemptRecord, StoreError> {
        self.with_writer(|conn| {
            let tx = conn.transaction()?;
            tx.execute(
                "INSERT INTO daily_attempts (user_id, guild, number, day, name, started_at, touched_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6) \
                 ON CONFLICT (user_id, guild, number) DO UPDATE SET touched_at = ?6, name = ?5",
                params![user_id, guild, number, day, name, now],
            )?;
            let sql = format!(
                "SELECT {ATTEMPT_COLUMNS} FROM daily_attempts WHERE user_id = ?1 AND guild = ?2 AND number = ?3"
            );
            let record = tx.query_row(&sql, params![user_id, guild, number], attempt_of)?;
            tx.commit()?;
            Ok(record)
        })
    }

    /// Applies `change` to the attempt if it is still at `version` ([`StoreError::Conflict`] otherwise).
    pub fn daily_update(
        &self,
        attempt: &AttemptRecord,
        change: &AttemptChange,
        now: i64,
    ) -> Result<(), StoreError> {
        let (finished_at, solved, gave_up) = match change.finish {
            Some(solved) => (Some(now), solved, !solved),
            None => (None, false, false),
        };
        self.with_writer(|conn| {
            let changed = conn.execute(
                "UPDATE daily_attempts SET moves = ?1, move_count = ?10, finished_at = ?2, solved = ?3, \
                 gave_up = ?4, touched_at = ?5, version = version + 1 \
                 WHERE user_id = ?6 AND guild = ?7 AND number = ?8 AND version = ?9",
                params![
                    change.moves.join("\n"),
                    finished_at,
                    solved,
                    gave_up,
                    now,
                    attempt.user_id,
                    attempt.guild,
                    attempt.number,
                    attempt.version,
                    change.moves.len() as i64
                ],
            )?;
            if changed == 1 {
                Ok(())
            } else {
                Err(StoreError::Conflict)
            }
        })
    }

    /// Puzzle `number`'s solves on `guild` made on the puzzle's own day, best first: fewest moves, then
    /// earliest finish.
    pub fn daily_leaderboard(
        &self,
        guild: &str,
        number: u32,
        limit: usize,
    ) -> Result<Vec<AttemptRecord>, StoreError> {
        self.with_conn(|conn| {
            let sql = format!(
                "SELECT {ATTEMPT_COLUMNS} FROM daily_attempts \
                 WHERE guild = ?1 AND number = ?2 AND solved AND finished_at / 86400 = day \
                 ORDER BY move_count, finished_at, user_id LIMIT ?3"
            );
            let rows = conn
                .prepare_cached(&sql)?
                .query_map(params![guild, number, limit as i64], attempt_of)?
                .collect::<Result<_, _>>()?;
            Ok(rows)
        })
    }

    /// The UTC days on which `user_id` solved that day's puzzle (on any server), oldest first.
    pub fn daily_solved_days(&self, user_id: &str) -> Result<Vec<i64>, StoreError> {
        self.with_conn(|conn| {
            let days = conn
                .prepare_cached(
                    "SELECT DISTINCT day FROM daily_attempts \
                     WHERE user_id = ?1 AND solved AND finished_at / 86400 = day ORDER BY day",
                )?
                .query_map([user_id], |row| row.get(0))?
                .collect::<Result<_, _>>()?;
            Ok(days)
        })
    }

    /// Sets (or moves) `guild`'s daily post.
    pub fn set_daily_channel(
        &self,
        setting: &DailyChannel,
        set_by: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        self.with_writer(|conn| {
            conn.execute(
                "INSERT INTO daily_channels (guild, channel, post_minute, set_by, set_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5) \
                 ON CONFLICT (guild) DO UPDATE SET channel = ?2, post_minute = ?3, set_by = ?4, set_at = ?5",
                params![
                    setting.guild,
                    setting.channel,
                    setting.post_minute,
                    set_by,
                    now
                ],
            )?;
            Ok(())
        })
    }

    /// Stops `guild`'s daily post; `false` if it had none.
    pub fn clear_daily_channel(&self, guild: &str) -> Result<bool, StoreError> {
        self.with_writer(|conn| {
            Ok(conn.execute("DELETE FROM daily_channels WHERE guild = ?1", [guild])? == 1)
        })
    }

    /// Every server's daily post setting.
    pub fn daily_channels(&self) -> Result<Vec<DailyChannel>, StoreError> {
        self.with_conn(|conn| {
            let rows = conn
                .prepare_cached(
                    "SELECT guild, channel, post_minute FROM daily_channels ORDER BY guild",
                )?
                .query_map([], |row| {
                    Ok(DailyChannel {
                        guild: row.get(0)?,
                        channel: row.get(1)?,
                        post_minute: row.get(2)?,
                    })
                })?
                .collect::<Result<_, _>>()?;
            Ok(rows)
        })
    }

    /// Claims day `day`'s post in `channel`: `true` if this caller must send it now. A post is claimed
    /// once; only a post Discord refused (see [`Store::daily_post_failed`]) is claimed again, up to
    /// [`POST_TRIES`] tries.
    pub fn claim_daily_post(
        &self,
        guild: &str,
        channel: &str,
        day: i64,
        now: i64,
    ) -> Result<bool, StoreError> {
        self.with_writer(|conn| {
            let claimed = conn.execute(
                "INSERT INTO daily_posts (channel, day, guild, state, tries, updated_at) \
                 VALUES (?1, ?2, ?3, 'claimed', 1, ?4) \
                 ON CONFLICT (channel, day) DO UPDATE SET state = 'claimed', tries = tries + 1, updated_at = ?4 \
                 WHERE state = 'failed' AND tries < ?5",
                params![channel, day, guild, now, POST_TRIES],
            )?;
            Ok(claimed == 1)
        })
    }

    /// Records that a claimed post went out.
    pub fn daily_post_sent(&self, channel: &str, day: i64, now: i64) -> Result<(), StoreError> {
        self.set_post_state(channel, day, "sent", now)
    }

    /// Records that Discord refused a claimed post (so it was certainly not posted and may be tried again).
    pub fn daily_post_failed(&self, channel: &str, day: i64, now: i64) -> Result<(), StoreError> {
        self.set_post_state(channel, day, "failed", now)
    }

    fn set_post_state(
        &self,
        channel: &str,
        day: i64,
        state: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        self.with_writer(|conn| {
            conn.execute(
                "UPDATE daily_posts SET state = ?3, updated_at = ?4 WHERE channel = ?1 AND day = ?2",
                params![channel, day, state, now],
            )?;
            Ok(())
        })
    }

    /// The state of day `day`'s post in `channel` (`claimed`, `sent`, `failed`) and its tries, if any.
    pub fn daily_post_state(
        &self,
        channel: &str,
        day: i64,
    ) -> Result<Option<(String, i64)>, StoreError> {
        self.with_conn(|conn| {
            Ok(conn
                .prepare_cached(
                    "SELECT state, tries FROM daily_posts WHERE channel = ?1 AND day = ?2",
                )?
                .query_row(params![channel, day], |row| Ok((row.get(0)?, row.get(1)?)))
                .optional()?)
        })
    }
}

//! SQLite queries on the daily puzzle's attempts, post settings and posts.

use rusqlite::{OptionalExtension, Row, params};

use super::{Sqlite, shard_filter};
use crate::shards::ShardRange;
use crate::store::codec;
use crate::store::{
    AttemptChange, AttemptRecord, DailyChannel, DailyClaim, POST_TRIES, StoreError,
};

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
        moves: codec::split_moves(&moves),
        started_at: row.get(6)?,
        finished_at: row.get(7)?,
        solved: row.get(8)?,
        gave_up: row.get(9)?,
        version: row.get(10)?,
    })
}

impl Sqlite {
    pub(in crate::store) fn daily_attempt(
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

    pub(in crate::store) fn daily_current(
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

    pub(in crate::store) fn daily_begin(
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

    pub(in crate::store) fn daily_update(
        &self,
        attempt: &AttemptRecord,
        change: &AttemptChange,
        now: i64,
    ) -> Result<(), StoreError> {
        let (finished_at, solved, gave_up) = codec::finish_columns(change.finish, now);
        self.with_writer(|conn| {
            let changed = conn.execute(
                "UPDATE daily_attempts SET moves = ?1, move_count = ?10, finished_at = ?2, solved = ?3, \
                 gave_up = ?4, touched_at = ?5, version = version + 1 \
                 WHERE user_id = ?6 AND guild = ?7 AND number = ?8 AND version = ?9",
                params![
                    codec::join_moves(&change.moves),
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

    pub(in crate::store) fn daily_leaderboard(
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

    pub(in crate::store) fn daily_solved_days(
        &self,
        user_id: &str,
    ) -> Result<Vec<i64>, StoreError> {
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

    pub(in crate::store) fn set_daily_channel(
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

    pub(in crate::store) fn clear_daily_channel(&self, guild: &str) -> Result<bool, StoreError> {
        self.with_writer(|conn| {
            Ok(conn.execute("DELETE FROM daily_channels WHERE guild = ?1", [guild])? == 1)
        })
    }

    pub(in crate::store) fn daily_channels(
        &self,
        shards: &ShardRange,
    ) -> Result<Vec<DailyChannel>, StoreError> {
        let query = format!(
            "SELECT guild, channel, post_minute FROM daily_channels WHERE {} ORDER BY guild",
            shard_filter::guild_held("guild", 1)
        );
        self.with_conn(|conn| {
            let rows = conn
                .prepare_cached(&query)?
                .query_map(codec::shard_params(shards), |row| {
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

    pub(in crate::store) fn claim_daily_post(
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

    pub(in crate::store) fn claimed_daily_posts(
        &self,
        shards: &ShardRange,
        day: i64,
    ) -> Result<Vec<DailyClaim>, StoreError> {
        let query = format!(
            "SELECT guild, channel, updated_at FROM daily_posts \
             WHERE day = ?4 AND state = 'claimed' AND {} ORDER BY guild, channel",
            shard_filter::guild_held("guild", 1)
        );
        let [total, first, last] = codec::shard_params(shards);
        self.with_conn(|conn| {
            let claims = conn
                .prepare_cached(&query)?
                .query_map(params![total, first, last, day], |row| {
                    Ok(DailyClaim {
                        guild: row.get(0)?,
                        channel: row.get(1)?,
                        claimed_at: row.get(2)?,
                    })
                })?
                .collect::<Result<_, _>>()?;
            Ok(claims)
        })
    }

    pub(in crate::store) fn take_over_daily_post(
        &self,
        claim: &DailyClaim,
        day: i64,
        now: i64,
    ) -> Result<bool, StoreError> {
        self.with_writer(|conn| {
            let taken = conn.execute(
                "UPDATE daily_posts SET updated_at = MAX(?4, updated_at + 1) \
                 WHERE channel = ?1 AND day = ?2 AND state = 'claimed' AND updated_at = ?3",
                params![claim.channel, day, claim.claimed_at, now],
            )?;
            Ok(taken == 1)
        })
    }

    pub(in crate::store) fn set_post_state(
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

    pub(in crate::store) fn daily_post_state(
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

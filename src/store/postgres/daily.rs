//! PostgreSQL queries on the daily puzzle's attempts, post settings and posts. Text is ordered by its
//! bytes (`COLLATE "C"`), as SQLite orders it, whatever the database's locale.

use ::postgres::{GenericClient, Row};

use super::prepared::Session;
use super::{Postgres, shard_filter};
use crate::shards::ShardRange;
use crate::store::codec;
use crate::store::{
    AttemptChange, AttemptRecord, DailyChannel, DailyClaim, POST_TRIES, StoreError,
};

const ATTEMPT_COLUMNS: &str = "user_id, guild, number, day, name, moves, started_at, finished_at, \
                               solved, gave_up, version";

fn attempt_of(row: &Row) -> Result<AttemptRecord, StoreError> {
    let moves: String = row.try_get(5)?;
    Ok(AttemptRecord {
        user_id: row.try_get(0)?,
        guild: row.try_get(1)?,
        number: codec::narrow(row.try_get(2)?)?,
        day: row.try_get(3)?,
        name: row.try_get(4)?,
        moves: codec::split_moves(&moves),
        started_at: row.try_get(6)?,
        finished_at: row.try_get(7)?,
        solved: row.try_get(8)?,
        gave_up: row.try_get(9)?,
        version: row.try_get(10)?,
    })
}

fn attempt(
    client: &mut Session<'_, impl GenericClient>,
    user_id: &str,
    guild: &str,
    number: u32,
) -> Result<Option<AttemptRecord>, StoreError> {
    let sql = format!(
        "SELECT {ATTEMPT_COLUMNS} FROM daily_attempts WHERE user_id = $1 AND guild = $2 AND number = $3"
    );
    client
        .client()
        .query_opt(&sql, &[&user_id, &guild, &i64::from(number)])?
        .map(|row| attempt_of(&row))
        .transpose()
}

impl Postgres {
    pub(in crate::store) fn daily_attempt(
        &self,
        user_id: &str,
        guild: &str,
        number: u32,
    ) -> Result<Option<AttemptRecord>, StoreError> {
        self.with_client(|client| attempt(client, user_id, guild, number))
    }

    pub(in crate::store) fn daily_current(
        &self,
        user_id: &str,
        guild: &str,
    ) -> Result<Option<AttemptRecord>, StoreError> {
        self.with_client(|client| {
            let sql = format!(
                "SELECT {ATTEMPT_COLUMNS} FROM daily_attempts WHERE user_id = $1 AND guild = $2 \
                 ORDER BY touched_at DESC, number DESC LIMIT 1"
            );
            client
                .client()
                .query_opt(&sql, &[&user_id, &guild])?
                .map(|row| attempt_of(&row))
                .transpose()
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
        self.with_tx(|tx| {
            tx.execute(
                "INSERT INTO daily_attempts (user_id, guild, number, day, name, started_at, touched_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $6) \
                 ON CONFLICT (user_id, guild, number) DO UPDATE SET touched_at = $6, name = $5",
                &[&user_id, &guild, &i64::from(number), &day, &name, &now],
            )?;
            attempt(tx, user_id, guild, number)?.ok_or(StoreError::NotFound)
        })
    }

    pub(in crate::store) fn daily_update(
        &self,
        attempt: &AttemptRecord,
        change: &AttemptChange,
        now: i64,
    ) -> Result<(), StoreError> {
        let (finished_at, solved, gave_up) = codec::finish_columns(change.finish, now);
        self.with_client(|client| {
            let changed = client.execute(
                "UPDATE daily_attempts SET moves = $1, move_count = $10, finished_at = $2, solved = $3, \
                 gave_up = $4, touched_at = $5, version = version + 1 \
                 WHERE user_id = $6 AND guild = $7 AND number = $8 AND version = $9",
                &[
                    &codec::join_moves(&change.moves),
                    &finished_at,
                    &solved,
                    &gave_up,
                    &now,
                    &attempt.user_id,
                    &attempt.guild,
                    &i64::from(attempt.number),
                    &attempt.version,
                    &codec::count(change.moves.len())?,
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
        self.with_client(|client| {
            let sql = format!(
                "SELECT {ATTEMPT_COLUMNS} FROM daily_attempts \
                 WHERE guild = $1 AND number = $2 AND solved AND finished_at / 86400 = day \
                 ORDER BY move_count, finished_at, user_id COLLATE \"C\" LIMIT $3"
            );
            client
                .client()
                .query(&sql, &[&guild, &i64::from(number), &codec::count(limit)?])?
                .iter()
                .map(attempt_of)
                .collect()
        })
    }

    pub(in crate::store) fn daily_solved_days(
        &self,
        user_id: &str,
    ) -> Result<Vec<i64>, StoreError> {
        self.with_client(|client| {
            client
                .query(
                    "SELECT DISTINCT day FROM daily_attempts \
                     WHERE user_id = $1 AND solved AND finished_at / 86400 = day ORDER BY day",
                    &[&user_id],
                )?
                .iter()
                .map(|row| Ok(row.try_get(0)?))
                .collect()
        })
    }

    pub(in crate::store) fn set_daily_channel(
        &self,
        setting: &DailyChannel,
        set_by: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        self.with_client(|client| {
            client.execute(
                "INSERT INTO daily_channels (guild, channel, post_minute, set_by, set_at) \
                 VALUES ($1, $2, $3, $4, $5) \
                 ON CONFLICT (guild) DO UPDATE SET channel = $2, post_minute = $3, set_by = $4, set_at = $5",
                &[
                    &setting.guild,
                    &setting.channel,
                    &i64::from(setting.post_minute),
                    &set_by,
                    &now,
                ],
            )?;
            Ok(())
        })
    }

    pub(in crate::store) fn clear_daily_channel(&self, guild: &str) -> Result<bool, StoreError> {
        self.with_client(|client| {
            Ok(client.execute("DELETE FROM daily_channels WHERE guild = $1", &[&guild])? == 1)
        })
    }

    pub(in crate::store) fn daily_channels(
        &self,
        shards: &ShardRange,
    ) -> Result<Vec<DailyChannel>, StoreError> {
        let query = format!(
            "SELECT guild, channel, post_minute FROM daily_channels WHERE {} \
             ORDER BY guild COLLATE \"C\"",
            shard_filter::guild_held("guild", 1)
        );
        let [total, first, last] = codec::shard_params(shards);
        self.with_client(|client| {
            client
                .client()
                .query(query.as_str(), &[&total, &first, &last])?
                .iter()
                .map(|row| {
                    Ok(DailyChannel {
                        guild: row.try_get(0)?,
                        channel: row.try_get(1)?,
                        post_minute: codec::narrow(row.try_get(2)?)?,
                    })
                })
                .collect()
        })
    }

    /// The row is the claim: inserting it, or moving a refused post back to `claimed`, succeeds for one
    /// caller only, whichever process it runs in.
    pub(in crate::store) fn claim_daily_post(
        &self,
        guild: &str,
        channel: &str,
        day: i64,
        now: i64,
    ) -> Result<bool, StoreError> {
        self.with_client(|client| {
            let claimed = client.execute(
                "INSERT INTO daily_posts (channel, day, guild, state, tries, updated_at) \
                 VALUES ($1, $2, $3, 'claimed', 1, $4) \
                 ON CONFLICT (channel, day) DO UPDATE SET state = 'claimed', \
                   tries = daily_posts.tries + 1, updated_at = $4 \
                 WHERE daily_posts.state = 'failed' AND daily_posts.tries < $5",
                &[&channel, &day, &guild, &now, &POST_TRIES],
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
             WHERE day = $4 AND state = 'claimed' AND {} \
             ORDER BY guild COLLATE \"C\", channel COLLATE \"C\"",
            shard_filter::guild_held("guild", 1)
        );
        let [total, first, last] = codec::shard_params(shards);
        self.with_client(|client| {
            client
                .client()
                .query(query.as_str(), &[&total, &first, &last, &day])?
                .iter()
                .map(|row| {
                    Ok(DailyClaim {
                        guild: row.try_get(0)?,
                        channel: row.try_get(1)?,
                        claimed_at: row.try_get(2)?,
                    })
                })
                .collect()
        })
    }

    /// The renewal is the take-over: it succeeds for one caller only, whichever process it runs in.
    pub(in crate::store) fn take_over_daily_post(
        &self,
        claim: &DailyClaim,
        day: i64,
        now: i64,
    ) -> Result<bool, StoreError> {
        self.with_client(|client| {
            let taken = client.execute(
                "UPDATE daily_posts SET updated_at = GREATEST($4, updated_at + 1) \
                 WHERE channel = $1 AND day = $2 AND state = 'claimed' AND updated_at = $3",
                &[&claim.channel, &day, &claim.claimed_at, &now],
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
        self.with_client(|client| {
            client.execute(
                "UPDATE daily_posts SET state = $3, updated_at = $4 WHERE channel = $1 AND day = $2",
                &[&channel, &day, &state, &now],
            )?;
            Ok(())
        })
    }

    pub(in crate::store) fn daily_post_state(
        &self,
        channel: &str,
        day: i64,
    ) -> Result<Option<(String, i64)>, StoreError> {
        self.with_client(|client| {
            client
                .query_opt(
                    "SELECT state, tries FROM daily_posts WHERE channel = $1 AND day = $2",
                    &[&channel, &day],
                )?
                .map(|row| Ok((row.try_get(0)?, row.try_get(1)?)))
                .transpose()
        })
    }
}

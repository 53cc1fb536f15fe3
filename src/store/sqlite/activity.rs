//! SQLite queries on idle games and lobbies, and the reminders already sent for them.

use rusqlite::params;

use super::{Sqlite, shard_filter};
use crate::shards::ShardRange;
use crate::store::{Status, StoreError, codec};

impl Sqlite {
    pub(in crate::store) fn idle_with_status(
        &self,
        status: Status,
        before: i64,
        shards: &ShardRange,
    ) -> Result<Vec<(i64, String)>, StoreError> {
        let [total, first, last] = codec::shard_params(shards);
        let query = format!(
            "SELECT id, channel FROM games WHERE status = ?1 AND updated_at <= ?2 AND {} \
             ORDER BY updated_at",
            shard_filter::guild_held("guild", 3)
        );
        self.with_conn(|conn| {
            let idle = conn
                .prepare_cached(&query)?
                .query_map(
                    params![status.as_str(), before, total, first, last],
                    |row| Ok((row.get(0)?, row.get(1)?)),
                )?
                .collect::<Result<_, _>>()?;
            Ok(idle)
        })
    }

    pub(in crate::store) fn mark_reminder(
        &self,
        game_id: i64,
        version: i64,
        stage: i64,
    ) -> Result<bool, StoreError> {
        self.with_writer(|conn| {
            let inserted = conn.execute(
                "INSERT OR IGNORE INTO reminders (game_id, version, stage, sent_at) VALUES (?1, ?2, ?3, ?4)",
                params![game_id, version, stage, self.clock.now()],
            )?;
            Ok(inserted == 1)
        })
    }

    pub(in crate::store) fn reminders_sent(
        &self,
        game_id: i64,
        version: i64,
    ) -> Result<Vec<i64>, StoreError> {
        self.with_conn(|conn| {
            let stages = conn
                .prepare_cached("SELECT stage FROM reminders WHERE game_id = ?1 AND version = ?2 ORDER BY stage")?
                .query_map(params![game_id, version], |row| row.get(0))?
                .collect::<Result<_, _>>()?;
            Ok(stages)
        })
    }
}

//! PostgreSQL queries on idle games and lobbies, and the reminders already sent for them.

use super::{Postgres, shard_filter};
use crate::shards::ShardRange;
use crate::store::{Status, StoreError, codec};

impl Postgres {
    pub(in crate::store) fn idle_with_status(
        &self,
        status: Status,
        before: i64,
        shards: &ShardRange,
    ) -> Result<Vec<(i64, String)>, StoreError> {
        let [total, first, last] = codec::shard_params(shards);
        let query = format!(
            "SELECT id, channel FROM games WHERE status = $1 AND updated_at <= $2 AND {} \
             ORDER BY updated_at",
            shard_filter::guild_held("guild", 3)
        );
        self.with_client(|client| {
            client
                .client()
                .query(
                    query.as_str(),
                    &[&status.as_str(), &before, &total, &first, &last],
                )?
                .iter()
                .map(|row| Ok((row.try_get(0)?, row.try_get(1)?)))
                .collect()
        })
    }

    pub(in crate::store) fn mark_reminder(
        &self,
        game_id: i64,
        version: i64,
        stage: i64,
    ) -> Result<bool, StoreError> {
        self.with_client(|client| {
            let inserted = client.execute(
                "INSERT INTO reminders (game_id, version, stage, sent_at) VALUES ($1, $2, $3, $4) \
                 ON CONFLICT DO NOTHING",
                &[&game_id, &version, &stage, &self.clock.now()],
            )?;
            Ok(inserted == 1)
        })
    }

    pub(in crate::store) fn reminders_sent(
        &self,
        game_id: i64,
        version: i64,
    ) -> Result<Vec<i64>, StoreError> {
        self.with_client(|client| {
            client
                .query(
                    "SELECT stage FROM reminders WHERE game_id = $1 AND version = $2 ORDER BY stage",
                    &[&game_id, &version],
                )?
                .iter()
                .map(|row| Ok(row.try_get(0)?))
                .collect()
        })
    }
}

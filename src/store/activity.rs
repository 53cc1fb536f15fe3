//! Idle games and lobbies, and the reminders already sent for them.

use rusqlite::params;

use super::{Status, Store, StoreError};

impl Store {
    /// The id and channel of each game in play whose last change is at or before `before` (Unix
    /// seconds), oldest first.
    pub fn idle_games(&self, before: i64) -> Result<Vec<(i64, String)>, StoreError> {
        self.idle_with_status(Status::Active, before)
    }

    /// The id and channel of each lobby (a game not started) whose last change is at or before `before`
    /// (Unix seconds), oldest first.
    pub fn idle_lobbies(&self, before: i64) -> Result<Vec<(i64, String)>, StoreError> {
        self.idle_with_status(Status::Lobby, before)
    }

    fn idle_with_status(
        &self,
        status: Status,
        before: i64,
    ) -> Result<Vec<(i64, String)>, StoreError> {
        self.with_conn(|conn| {
            let idle = conn
                .prepare_cached(
                    "SELECT id, channel FROM games WHERE status = ?1 AND updated_at <= ?2 ORDER BY updated_at",
                )?
                .query_map(params![status.as_str(), before], |row| {
                    Ok((row.get(0)?, row.get(1)?))
                })?
                .collect::<Result<_, _>>()?;
            Ok(idle)
        })
    }

    /// Records that reminder `stage` went out for `game_id` at `version`; `false` if it already had.
    pub fn mark_reminder(
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

    /// The reminder stages already sent for `game_id` at `version`.
    pub fn reminders_sent(&self, game_id: i64, version: i64) -> Result<Vec<i64>, StoreError> {
        self.with_conn(|conn| {
            let stages = conn
                .prepare_cached("SELECT stage FROM reminders WHERE game_id = ?1 AND version = ?2 ORDER BY stage")?
                .query_map(params![game_id, version], |row| row.get(0))?
                .collect::<Result<_, _>>()?;
            Ok(stages)
        })
    }
}

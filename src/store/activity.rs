//! Idle games and lobbies, and the reminders already sent for them.

use super::{Status, Store, StoreError, on_backend};
use crate::shards::ShardRange;

impl Store {
    /// The id and channel of each game in play whose last change is at or before `before` (Unix
    /// seconds) and whose guild one of `shards` holds (see [`crate::shards`]), oldest first.
    pub fn idle_games(
        &self,
        before: i64,
        shards: &ShardRange,
    ) -> Result<Vec<(i64, String)>, StoreError> {
        on_backend!(self, idle_with_status(Status::Active, before, shards))
    }

    /// The id and channel of each lobby (a game not started) whose last change is at or before `before`
    /// (Unix seconds) and whose guild one of `shards` holds, oldest first.
    pub fn idle_lobbies(
        &self,
        before: i64,
        shards: &ShardRange,
    ) -> Result<Vec<(i64, String)>, StoreError> {
        on_backend!(self, idle_with_status(Status::Lobby, before, shards))
    }

    /// Records that reminder `stage` went out for `game_id` at `version`; `false` if it already had
    /// (so of several processes, exactly one sends it).
    pub fn mark_reminder(
        &self,
        game_id: i64,
        version: i64,
        stage: i64,
    ) -> Result<bool, StoreError> {
        on_backend!(self, mark_reminder(game_id, version, stage))
    }

    /// The reminder stages already sent for `game_id` at `version`.
    pub fn reminders_sent(&self, game_id: i64, version: i64) -> Result<Vec<i64>, StoreError> {
        on_backend!(self, reminders_sent(game_id, version))
    }
}

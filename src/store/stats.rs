//! Per-server statistics from recorded results: a player's record and a game's leaderboard.

use super::{Store, StoreError, on_backend};

/// One person's record in one game on one server.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerRecord {
    /// The game id.
    pub kind: String,
    /// Finished games played.
    pub played: u32,
    /// Games won (first place).
    pub wins: u32,
    /// The average place.
    pub average_place: f64,
    /// The best score.
    pub best_score: i32,
}

/// One line of a leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct LeaderboardRow {
    /// The person.
    pub user_id: String,
    /// The name they played under most recently.
    pub name: String,
    /// Finished games played.
    pub played: u32,
    /// Games won.
    pub wins: u32,
}

impl Store {
    /// `user_id`'s results on server `guild`, per game.
    pub fn player_record(
        &self,
        guild: &str,
        user_id: &str,
    ) -> Result<Vec<PlayerRecord>, StoreError> {
        on_backend!(self, player_record(guild, user_id))
    }

    /// The people with the most wins at game `kind` on server `guild` (fewer games played breaks ties).
    pub fn leaderboard(
        &self,
        guild: &str,
        kind: &str,
        limit: usize,
    ) -> Result<Vec<LeaderboardRow>, StoreError> {
        on_backend!(self, leaderboard(guild, kind, limit))
    }
}

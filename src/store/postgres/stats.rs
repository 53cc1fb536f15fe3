//! PostgreSQL queries for per-server statistics.

use super::Postgres;
use crate::store::codec;
use crate::store::{LeaderboardRow, PlayerRecord, StoreError};

impl Postgres {
    pub(in crate::store) fn player_record(
        &self,
        guild: &str,
        user_id: &str,
    ) -> Result<Vec<PlayerRecord>, StoreError> {
        self.with_client(|client| {
            client
                .query(
                    "SELECT g.kind, COUNT(*), COUNT(*) FILTER (WHERE r.place = 1), \
                       AVG(r.place)::float8, MAX(r.score) \
                     FROM results r JOIN games g ON g.id = r.game_id \
                     WHERE g.guild = $1 AND r.user_id = $2 AND g.status = 'finished' \
                     GROUP BY g.kind ORDER BY g.kind COLLATE \"C\"",
                    &[&guild, &user_id],
                )?
                .iter()
                .map(|row| {
                    Ok(PlayerRecord {
                        kind: row.try_get(0)?,
                        played: codec::narrow(row.try_get(1)?)?,
                        wins: codec::narrow(row.try_get(2)?)?,
                        average_place: row.try_get(3)?,
                        best_score: codec::narrow(row.try_get(4)?)?,
                    })
                })
                .collect()
        })
    }

    pub(in crate::store) fn leaderboard(
        &self,
        guild: &str,
        kind: &str,
        limit: usize,
    ) -> Result<Vec<LeaderboardRow>, StoreError> {
        self.with_client(|client| {
            client
                .query(
                    "SELECT r.user_id, \
                       (SELECT r2.name FROM results r2 JOIN games g2 ON g2.id = r2.game_id \
                        WHERE r2.user_id = r.user_id ORDER BY g2.updated_at DESC LIMIT 1), \
                       COUNT(*) AS played, COUNT(*) FILTER (WHERE r.place = 1) AS wins \
                     FROM results r JOIN games g ON g.id = r.game_id \
                     WHERE g.guild = $1 AND g.kind = $2 AND g.status = 'finished' AND r.user_id IS NOT NULL \
                     GROUP BY r.user_id ORDER BY wins DESC, played ASC, r.user_id COLLATE \"C\" LIMIT $3",
                    &[&guild, &kind, &codec::count(limit)?],
                )?
                .iter()
                .map(|row| {
                    Ok(LeaderboardRow {
                        user_id: row.try_get(0)?,
                        name: row.try_get(1)?,
                        played: codec::narrow(row.try_get(2)?)?,
                        wins: codec::narrow(row.try_get(3)?)?,
                    })
                })
                .collect()
        })
    }
}

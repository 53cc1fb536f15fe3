//! SQLite queries for per-server statistics.

use rusqlite::params;

use super::Sqlite;
use crate::store::{LeaderboardRow, PlayerRecord, StoreError};

impl Sqlite {
    pub(in crate::store) fn player_record(
        &self,
        guild: &str,
        user_id: &str,
    ) -> Result<Vec<PlayerRecord>, StoreError> {
        self.with_conn(|conn| {
            let rows = conn
                .prepare_cached(
                    "SELECT g.kind, COUNT(*), SUM(r.place = 1), AVG(r.place), MAX(r.score) \
                     FROM results r JOIN games g ON g.id = r.game_id \
                     WHERE g.guild = ?1 AND r.user_id = ?2 AND g.status = 'finished' \
                     GROUP BY g.kind ORDER BY g.kind",
                )?
                .query_map(params![guild, user_id], |row| {
                    Ok(PlayerRecord {
                        kind: row.get(0)?,
                        played: row.get(1)?,
                        wins: row.get(2)?,
                        average_place: row.get(3)?,
                        best_score: row.get(4)?,
                    })
                })?
                .collect::<Result<_, _>>()?;
            Ok(rows)
        })
    }

    pub(in crate::store) fn leaderboard(
        &self,
        guild: &str,
        kind: &str,
        limit: usize,
    ) -> Result<Vec<LeaderboardRow>, StoreError> {
        self.with_conn(|conn| {
            let rows = conn
                .prepare_cached(
                    "SELECT r.user_id, \
                       (SELECT r2.name FROM results r2 JOIN games g2 ON g2.id = r2.game_id \
                        WHERE r2.user_id = r.user_id ORDER BY g2.updated_at DESC LIMIT 1), \
                       COUNT(*) AS played, SUM(r.place = 1) AS wins \
                     FROM results r JOIN games g ON g.id = r.game_id \
                     WHERE g.guild = ?1 AND g.kind = ?2 AND g.status = 'finished' AND r.user_id IS NOT NULL \
                     GROUP BY r.user_id ORDER BY wins DESC, played ASC, r.user_id LIMIT ?3",
                )?
                .query_map(params![guild, kind, limit as i64], |row| {
                    Ok(LeaderboardRow {
                        user_id: row.get(0)?,
                        name: row.get(1)?,
                        played: row.get(2)?,
                        wins: row.get(3)?,
                    })
                })?
                .collect::<Result<_, _>>()?;
            Ok(rows)
        })
    }
}

//! SQLite queries on games, seats, moves, results and pending votes.

use rusqlite::{Connection, OptionalExtension, Row, Transaction, params};

use super::Sqlite;
use crate::bots::BotLevel;
use crate::store::StoreError;
use crate::store::codec::{self, StoredVote};
use crate::store::records::{
    FinishedScope, GameRecord, MoveRecord, NewGame, ResultRecord, SeatRecord, Status, Update,
    VoteChange, VoteRequest,
};

const GAME_COLUMNS: &str = "id, channel, guild, kind, status, options, seed, setup, snapshot, \
                            version, host, ended_reason, created_at, updated_at, started_at";

fn game_from_row(row: &Row<'_>) -> rusqlite::Result<(GameRecord, String)> {
    let status: String = row.get(4)?;

    Ok((
        GameRecord {
            id: row.get(0)?,
            channel: row.get(1)?,
            guild: row.get(2)?,
            kind: row.get(3)?,
            status: Status::Lobby,
            options: row.get(5)?,
            seed: codec::seed(row.get(6)?),
            setup: row.get(7)?,
            snapshot: row.get(8)?,
            version: row.get(9)?,
            host: row.get(10)?,
            ended_reason: row.get(11)?,
            created_at: row.get(12)?,
            updated_at: row.get(13)?,
            started_at: row.get(14)?,
            seats: Vec::new(),
            vote: None,
        },
        status,
    ))
}

/// The move log of `game_id`, in order.
pub(super) fn load_moves(conn: &Connection, game_id: i64) -> Result<Vec<MoveRecord>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT seq, seat, notation, by_bot, at FROM moves WHERE game_id = ?1 ORDER BY seq",
    )?;
    let moves = stmt
        .query_map([game_id], |row| {
            Ok(MoveRecord {
                seq: row.get::<_, i64>(0)? as usize,
                seat: row.get::<_, i64>(1)? as usize,
                notation: row.get(2)?,
                by_bot: row.get(3)?,
                at: row.get(4)?,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(moves)
}

/// The games whose ids `sql` selects with `params`, in its order (a game gone meanwhile is left out).
fn games_selected(
    conn: &Connection,
    sql: &str,
    params: impl rusqlite::Params,
) -> Result<Vec<GameRecord>, StoreError> {
    let ids: Vec<i64> = conn
        .prepare_cached(sql)?
        .query_map(params, |row| row.get(0))?
        .collect::<Result<_, _>>()?;
    ids.iter()
        .filter_map(|id| load_game(conn, "id = ?1", id).transpose())
        .collect()
}

pub(super) fn load_game(
    conn: &Connection,
    clause: &str,
    key: &dyn rusqlite::ToSql,
) -> Result<Option<GameRecord>, StoreError> {
    let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE {clause}");
    let found = conn.query_row(&sql, [key], game_from_row).optional()?;
    let Some((mut game, status)) = found else {
        return Ok(None);
    };
    game.status = codec::status(game.id, &status)?;
    game.seats = load_seats(conn, game.id)?;
    game.vote = load_vote(conn, game.id)?;
    Ok(Some(game))
}

fn load_seats(conn: &Connection, game_id: i64) -> Result<Vec<SeatRecord>, StoreError> {
    let mut stmt = conn.prepare_cached(
        "SELECT user_id, name, resigned, bot_level FROM seats WHERE game_id = ?1 ORDER BY seat",
    )?;
    let rows = stmt
        .query_map([game_id], |row| {
            Ok((
                SeatRecord {
                    user_id: row.get(0)?,
                    name: row.get(1)?,
                    resigned: row.get(2)?,
                    bot_level: BotLevel::Normal,
                },
                row.get::<_, String>(3)?,
            ))
        })?
        .collect::<Result<Vec<_>, _>>()?;
    rows.into_iter()
        .map(|(seat, level)| {
            Ok(SeatRecord {
                bot_level: codec::bot_level(&level)?,
                ..seat
            })
        })
        .collect()
}

fn load_vote(conn: &Connection, game_id: i64) -> Result<Option<VoteRequest>, StoreError> {
    conn.query_row(
        "SELECT motion, requester, keep_moves, opened_at, at_version, approvals \
         FROM undo_requests WHERE game_id = ?1",
        [game_id],
        |row| {
            Ok(StoredVote {
                motion: row.get(0)?,
                requester: row.get(1)?,
                keep_moves: row.get(2)?,
                opened_at: row.get(3)?,
                at_version: row.get(4)?,
                approvals: row.get(5)?,
            })
        },
    )
    .optional()?
    .map(|vote| vote.decode(game_id))
    .transpose()
}

fn write_seats(tx: &Transaction<'_>, game_id: i64, seats: &[SeatRecord]) -> Result<(), StoreError> {
    tx.execute("DELETE FROM seats WHERE game_id = ?1", [game_id])?;
    let mut stmt = tx.prepare_cached(
        "INSERT INTO seats (game_id, seat, user_id, name, resigned, bot_level) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?;
    for (seat, record) in seats.iter().enumerate() {
        stmt.execute(params![
            game_id,
            seat as i64,
            record.user_id,
            record.name,
            record.resigned,
            record.bot_level.key()
        ])?;
    }
    Ok(())
}

fn write_results(
    tx: &Transaction<'_>,
    game_id: i64,
    results: &[ResultRecord],
) -> Result<(), StoreError> {
    tx.execute("DELETE FROM results WHERE game_id = ?1", [game_id])?;
    let mut stmt = tx.prepare_cached(
        "INSERT INTO results (game_id, seat, user_id, name, score, place, resigned) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?;
    for r in results {
        stmt.execute(params![
            game_id,
            r.seat as i64,
            r.user_id,
            r.name,
            r.score,
            r.place,
            r.resigned
        ])?;
    }
    Ok(())
}

fn write_vote(tx: &Transaction<'_>, game_id: i64, change: &VoteChange) -> Result<(), StoreError> {
    match change {
        VoteChange::Keep => {}
        VoteChange::Clear => {
            tx.execute("DELETE FROM undo_requests WHERE game_id = ?1", [game_id])?;
        }
        VoteChange::Set(request) => {
            let vote = StoredVote::of(request)?;
            tx.execute(
                "INSERT OR REPLACE INTO undo_requests \
                 (game_id, motion, requester, keep_moves, opened_at, at_version, approvals) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![
                    game_id,
                    vote.motion,
                    vote.requester,
                    vote.keep_moves,
                    vote.opened_at,
                    vote.at_version,
                    vote.approvals
                ],
            )?;
        }
    }
    Ok(())
}

fn is_unique_violation(error: &rusqlite::Error) -> bool {
    matches!(
        error,
        rusqlite::Error::SqliteFailure(e, _) if e.code == rusqlite::ErrorCode::ConstraintViolation
    )
}

impl Sqlite {
    pub(in crate::store) fn create_game(&self, new: &NewGame) -> Result<GameRecord, StoreError> {
        self.with_writer(|conn| {
            let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            let at = self.clock.now();
            let inserted = tx.execute(
                "INSERT INTO games (channel, guild, kind, status, options, seed, version, host, created_at, updated_at) \
                 VALUES (?1, ?2, ?3, 'lobby', ?4, ?5, 0, ?6, ?7, ?7)",
                params![new.channel, new.guild, new.kind, new.options, codec::stored_seed(new.seed), new.host, at],
            );
            match inserted {
                Err(e) if is_unique_violation(&e) => return Err(StoreError::ChannelBusy),
                other => other?,
            };
            let id = tx.last_insert_rowid();
            write_seats(&tx, id, &new.seats)?;
            tx.commit()?;
            load_game(conn, "id = ?1", &id)?.ok_or(StoreError::NotFound)
        })
    }

    pub(in crate::store) fn open_game(
        &self,
        channel: &str,
    ) -> Result<Option<GameRecord>, StoreError> {
        self.with_conn(|conn| {
            load_game(
                conn,
                "channel = ?1 AND status IN ('lobby', 'active')",
                &channel,
            )
        })
    }

    pub(in crate::store) fn rename_seat(
        &self,
        channel: &str,
        user_id: &str,
        name: &str,
    ) -> Result<bool, StoreError> {
        const STALE_SEAT: &str = "user_id = ?2 AND name <> ?3 AND game_id = \
             (SELECT id FROM games WHERE channel = ?1 AND status IN ('lobby', 'active'))";
        let stale = self.with_conn(|conn| {
            Ok(conn
                .prepare_cached(&format!("SELECT 1 FROM seats WHERE {STALE_SEAT}"))?
                .exists(params![channel, user_id, name])?)
        })?;
        if !stale {
            return Ok(false);
        }
        self.with_writer(|conn| {
            let renamed = conn.execute(
                &format!("UPDATE seats SET name = ?3 WHERE {STALE_SEAT}"),
                params![channel, user_id, name],
            )?;
            Ok(renamed > 0)
        })
    }

    pub(in crate::store) fn game(&self, id: i64) -> Result<Option<GameRecord>, StoreError> {
        self.with_conn(|conn| load_game(conn, "id = ?1", &id))
    }

    pub(in crate::store) fn open_games_with_prefix(
        &self,
        prefix: &str,
        kind: &str,
    ) -> Result<Vec<GameRecord>, StoreError> {
        self.with_conn(|conn| {
            games_selected(
                conn,
                "SELECT id FROM games WHERE status IN ('lobby', 'active') AND kind = ?2 \
                 AND substr(channel, 1, length(?1)) = ?1 ORDER BY updated_at DESC, id DESC",
                params![prefix, kind],
            )
        })
    }

    pub(in crate::store) fn finished_games(
        &self,
        scope: &FinishedScope,
        limit: usize,
    ) -> Result<Vec<GameRecord>, StoreError> {
        let (clause, key) = match scope {
            FinishedScope::Channel(channel) => ("channel = ?1", channel.as_str()),
            FinishedScope::Guild(guild) => ("guild = ?1", guild.as_str()),
            FinishedScope::Everywhere => ("?1 = ''", ""),
        };
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let sql = format!(
            "SELECT id FROM games WHERE status = 'finished' AND {clause} \
             ORDER BY updated_at DESC, id DESC LIMIT ?2"
        );
        self.with_conn(|conn| games_selected(conn, &sql, params![key, limit]))
    }

    pub(in crate::store) fn moves(&self, game_id: i64) -> Result<Vec<MoveRecord>, StoreError> {
        self.with_conn(|conn| load_moves(conn, game_id))
    }

    pub(in crate::store) fn results(&self, game_id: i64) -> Result<Vec<ResultRecord>, StoreError> {
        self.with_conn(|conn| {
            let mut stmt = conn.prepare_cached(
                "SELECT seat, user_id, name, score, place, resigned FROM results \
                 WHERE game_id = ?1 ORDER BY place, seat",
            )?;
            let results = stmt
                .query_map([game_id], |row| {
                    Ok(ResultRecord {
                        seat: row.get::<_, i64>(0)? as usize,
                        user_id: row.get(1)?,
                        name: row.get(2)?,
                        score: row.get(3)?,
                        place: row.get(4)?,
                        resigned: row.get(5)?,
                    })
                })?
                .collect::<Result<Vec<_>, _>>()?;
            Ok(results)
        })
    }

    pub(in crate::store) fn update(
        &self,
        id: i64,
        expected_version: i64,
        update: &Update,
    ) -> Result<i64, StoreError> {
        self.with_writer(|conn| {
            let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            let at = self.clock.now();
            let changed = tx.execute(
                "UPDATE games SET version = version + 1, updated_at = ?3, \
                   status = COALESCE(?4, status), ended_reason = COALESCE(?5, ended_reason), \
                   setup = COALESCE(?6, setup), snapshot = COALESCE(?7, snapshot), \
                   started_at = COALESCE(started_at, CASE WHEN ?4 = 'active' THEN ?3 END) \
                 WHERE id = ?1 AND version = ?2",
                params![
                    id,
                    expected_version,
                    at,
                    update.status.map(Status::as_str),
                    update.ended_reason,
                    update.setup,
                    update.snapshot
                ],
            )?;
            if changed == 0 {
                let exists: bool = tx
                    .query_row("SELECT 1 FROM games WHERE id = ?1", [id], |_| Ok(true))
                    .optional()?
                    .unwrap_or(false);
                return Err(if exists { StoreError::Conflict } else { StoreError::NotFound });
            }
            if let Some(seats) = &update.seats {
                write_seats(&tx, id, seats)?;
            }
            if let Some(keep) = update.truncate_moves_to {
                tx.execute(
                    "DELETE FROM moves WHERE game_id = ?1 AND seq >= ?2",
                    params![id, keep as i64],
                )?;
            }
            if !update.append_moves.is_empty() {
                let next: i64 = tx.query_row(
                    "SELECT COALESCE(MAX(seq) + 1, 0) FROM moves WHERE game_id = ?1",
                    [id],
                    |row| row.get(0),
                )?;
                let mut stmt = tx.prepare_cached(
                    "INSERT INTO moves (game_id, seq, seat, notation, by_bot, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                )?;
                for (offset, m) in update.append_moves.iter().enumerate() {
                    stmt.execute(params![
                        id,
                        next + offset as i64,
                        m.seat as i64,
                        m.notation,
                        m.by_bot,
                        at
                    ])?;
                }
            }
            if let Some(results) = &update.results {
                write_results(&tx, id, results)?;
            }
            write_vote(&tx, id, &update.vote)?;
            tx.commit()?;
            Ok(expected_version + 1)
        })
    }
}

impl Sqlite {
    pub(in crate::store) fn results_to_recompute(&self) -> Result<Vec<i64>, StoreError> {
        self.with_conn(|conn| {
            let ids = conn
                .prepare_cached("SELECT game_id FROM results_to_recompute ORDER BY game_id")?
                .query_map([], |row| row.get(0))?
                .collect::<Result<Vec<i64>, _>>()?;
            Ok(ids)
        })
    }

    pub(in crate::store) fn replace_recomputed_results(
        &self,
        game_id: i64,
        results: &[ResultRecord],
    ) -> Result<(), StoreError> {
        self.with_writer(|conn| {
            let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            write_results(&tx, game_id, results)?;
            tx.execute(
                "DELETE FROM results_to_recompute WHERE game_id = ?1",
                [game_id],
            )?;
            tx.commit()?;
            Ok(())
        })
    }
}

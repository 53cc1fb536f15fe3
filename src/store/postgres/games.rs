//! PostgreSQL queries on games, seats, moves, results and pending votes.

use ::postgres::types::ToSql;
use ::postgres::{GenericClient, Row, Transaction};

use super::Postgres;
use super::errors::is_unique_violation;
use crate::store::StoreError;
use crate::store::codec::{self, StoredVote};
use crate::store::records::{
    GameRecord, MoveRecord, NewGame, ResultRecord, SeatRecord, Status, Update, VoteChange,
    VoteRequest,
};

const GAME_COLUMNS: &str = "id, channel, guild, kind, status, options, seed, setup, snapshot, \
                            version, host, ended_reason, created_at, updated_at, started_at";

fn game_from_row(row: &Row) -> Result<GameRecord, StoreError> {
    let id: i64 = row.try_get(0)?;
    let status: String = row.try_get(4)?;
    Ok(GameRecord {
        id,
        channel: row.try_get(1)?,
        guild: row.try_get(2)?,
        kind: row.try_get(3)?,
        status: codec::status(id, &status)?,
        options: row.try_get(5)?,
        seed: codec::seed(row.try_get(6)?),
        setup: row.try_get(7)?,
        snapshot: row.try_get(8)?,
        version: row.try_get(9)?,
        host: row.try_get(10)?,
        ended_reason: row.try_get(11)?,
        created_at: row.try_get(12)?,
        updated_at: row.try_get(13)?,
        started_at: row.try_get(14)?,
        seats: Vec::new(),
        vote: None,
    })
}

/// The move log of `game_id`, in order.
pub(super) fn load_moves(
    client: &mut impl GenericClient,
    game_id: i64,
) -> Result<Vec<MoveRecord>, StoreError> {
    client
        .query(
            "SELECT seq, seat, notation, by_bot, at FROM moves WHERE game_id = $1 ORDER BY seq",
            &[&game_id],
        )?
        .iter()
        .map(|row| {
            Ok(MoveRecord {
                seq: codec::index(row.try_get(0)?)?,
                seat: codec::index(row.try_get(1)?)?,
                notation: row.try_get(2)?,
                by_bot: row.try_get(3)?,
                at: row.try_get(4)?,
            })
        })
        .collect()
}

pub(super) fn load_game(
    client: &mut impl GenericClient,
    clause: &str,
    key: &(dyn ToSql + Sync),
) -> Result<Option<GameRecord>, StoreError> {
    let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE {clause}");
    let Some(row) = client.query_opt(&sql, &[key])? else {
        return Ok(None);
    };
    let mut game = game_from_row(&row)?;
    game.seats = load_seats(client, game.id)?;
    game.vote = load_vote(client, game.id)?;
    Ok(Some(game))
}

fn load_seats(
    client: &mut impl GenericClient,
    game_id: i64,
) -> Result<Vec<SeatRecord>, StoreError> {
    client
        .query(
            "SELECT user_id, name, resigned FROM seats WHERE game_id = $1 ORDER BY seat",
            &[&game_id],
        )?
        .iter()
        .map(|row| {
            Ok(SeatRecord {
                user_id: row.try_get(0)?,
                name: row.try_get(1)?,
                resigned: row.try_get(2)?,
            })
        })
        .collect()
}

fn load_vote(
    client: &mut impl GenericClient,
    game_id: i64,
) -> Result<Option<VoteRequest>, StoreError> {
    let row = client.query_opt(
        "SELECT motion, requester, keep_moves, opened_at, at_version, approvals \
         FROM undo_requests WHERE game_id = $1",
        &[&game_id],
    )?;
    row.map(|row| {
        StoredVote {
            motion: row.try_get(0)?,
            requester: row.try_get(1)?,
            keep_moves: row.try_get(2)?,
            opened_at: row.try_get(3)?,
            at_version: row.try_get(4)?,
            approvals: row.try_get(5)?,
        }
        .decode(game_id)
    })
    .transpose()
}

fn write_seats(
    tx: &mut Transaction<'_>,
    game_id: i64,
    seats: &[SeatRecord],
) -> Result<(), StoreError> {
    tx.execute("DELETE FROM seats WHERE game_id = $1", &[&game_id])?;
    let insert = tx.prepare(
        "INSERT INTO seats (game_id, seat, user_id, name, resigned) VALUES ($1, $2, $3, $4, $5)",
    )?;
    for (seat, record) in seats.iter().enumerate() {
        tx.execute(
            &insert,
            &[
                &game_id,
                &codec::count(seat)?,
                &record.user_id,
                &record.name,
                &record.resigned,
            ],
        )?;
    }
    Ok(())
}

fn write_results(
    tx: &mut Transaction<'_>,
    game_id: i64,
    results: &[ResultRecord],
) -> Result<(), StoreError> {
    tx.execute("DELETE FROM results WHERE game_id = $1", &[&game_id])?;
    let insert = tx.prepare(
        "INSERT INTO results (game_id, seat, user_id, name, score, place, resigned) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )?;
    for r in results {
        tx.execute(
            &insert,
            &[
                &game_id,
                &codec::count(r.seat)?,
                &r.user_id,
                &r.name,
                &i64::from(r.score),
                &i64::from(r.place),
                &r.resigned,
            ],
        )?;
    }
    Ok(())
}

fn write_vote(
    tx: &mut Transaction<'_>,
    game_id: i64,
    change: &VoteChange,
) -> Result<(), StoreError> {
    match change {
        VoteChange::Keep => {}
        VoteChange::Clear => {
            tx.execute("DELETE FROM undo_requests WHERE game_id = $1", &[&game_id])?;
        }
        VoteChange::Set(request) => {
            let vote = StoredVote::of(request)?;
            tx.execute(
                "INSERT INTO undo_requests \
                 (game_id, motion, requester, keep_moves, opened_at, at_version, approvals) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7) \
                 ON CONFLICT (game_id) DO UPDATE SET motion = $2, requester = $3, keep_moves = $4, \
                   opened_at = $5, at_version = $6, approvals = $7",
                &[
                    &game_id,
                    &vote.motion,
                    &vote.requester,
                    &vote.keep_moves,
                    &vote.opened_at,
                    &vote.at_version,
                    &vote.approvals,
                ],
            )?;
        }
    }
    Ok(())
}

fn append_moves(
    tx: &mut Transaction<'_>,
    game_id: i64,
    update: &Update,
    at: i64,
) -> Result<(), StoreError> {
    if let Some(keep) = update.truncate_moves_to {
        tx.execute(
            "DELETE FROM moves WHERE game_id = $1 AND seq >= $2",
            &[&game_id, &codec::count(keep)?],
        )?;
    }
    if update.append_moves.is_empty() {
        return Ok(());
    }
    let next: i64 = tx
        .query_one(
            "SELECT COALESCE(MAX(seq) + 1, 0) FROM moves WHERE game_id = $1",
            &[&game_id],
        )?
        .try_get(0)?;
    let insert = tx.prepare(
        "INSERT INTO moves (game_id, seq, seat, notation, by_bot, at) VALUES ($1, $2, $3, $4, $5, $6)",
    )?;
    for (offset, m) in update.append_moves.iter().enumerate() {
        tx.execute(
            &insert,
            &[
                &game_id,
                &(next + codec::count(offset)?),
                &codec::count(m.seat)?,
                &m.notation,
                &m.by_bot,
                &at,
            ],
        )?;
    }
    Ok(())
}

impl Postgres {
    pub(in crate::store) fn create_game(&self, new: &NewGame) -> Result<GameRecord, StoreError> {
        self.with_tx(|tx| {
            let at = self.clock.now();
            let inserted = tx.query_one(
                "INSERT INTO games (channel, guild, kind, status, options, seed, version, host, created_at, updated_at) \
                 VALUES ($1, $2, $3, 'lobby', $4, $5, 0, $6, $7, $7) RETURNING id",
                &[
                    &new.channel,
                    &new.guild,
                    &new.kind,
                    &new.options,
                    &codec::stored_seed(new.seed),
                    &new.host,
                    &at,
                ],
            );
            let id: i64 = match inserted {
                Err(e) if is_unique_violation(&e) => return Err(StoreError::ChannelBusy),
                other => other?.try_get(0)?,
            };
            write_seats(tx, id, &new.seats)?;
            load_game(tx, "id = $1", &id)?.ok_or(StoreError::NotFound)
        })
    }

    pub(in crate::store) fn open_game(
        &self,
        channel: &str,
    ) -> Result<Option<GameRecord>, StoreError> {
        self.with_client(|client| {
            load_game(
                client,
                "channel = $1 AND status IN ('lobby', 'active')",
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
        self.with_client(|client| {
            let renamed = client.execute(
                "UPDATE seats SET name = $3 WHERE user_id = $2 AND name <> $3 AND game_id = \
                 (SELECT id FROM games WHERE channel = $1 AND status IN ('lobby', 'active'))",
                &[&channel, &user_id, &name],
            )?;
            Ok(renamed > 0)
        })
    }

    pub(in crate::store) fn game(&self, id: i64) -> Result<Option<GameRecord>, StoreError> {
        self.with_client(|client| load_game(client, "id = $1", &id))
    }

    pub(in crate::store) fn open_games_with_prefix(
        &self,
        prefix: &str,
        kind: &str,
    ) -> Result<Vec<GameRecord>, StoreError> {
        self.with_client(|client| {
            let ids: Vec<i64> = client
                .query(
                    "SELECT id FROM games WHERE status IN ('lobby', 'active') AND kind = $2 \
                     AND left(channel, char_length($1::text)) = $1::text \
                     ORDER BY updated_at DESC, id DESC",
                    &[&prefix, &kind],
                )?
                .iter()
                .map(|row| row.try_get(0))
                .collect::<Result<_, _>>()?;
            ids.iter()
                .filter_map(|id| load_game(client, "id = $1", id).transpose())
                .collect()
        })
    }

    pub(in crate::store) fn moves(&self, game_id: i64) -> Result<Vec<MoveRecord>, StoreError> {
        self.with_client(|client| load_moves(client, game_id))
    }

    pub(in crate::store) fn results(&self, game_id: i64) -> Result<Vec<ResultRecord>, StoreError> {
        self.with_client(|client| {
            client
                .query(
                    "SELECT seat, user_id, name, score, place, resigned FROM results \
                     WHERE game_id = $1 ORDER BY place, seat",
                    &[&game_id],
                )?
                .iter()
                .map(|row| {
                    Ok(ResultRecord {
                        seat: codec::index(row.try_get(0)?)?,
                        user_id: row.try_get(1)?,
                        name: row.try_get(2)?,
                        score: codec::narrow(row.try_get(3)?)?,
                        place: codec::narrow(row.try_get(4)?)?,
                        resigned: row.try_get(5)?,
                    })
                })
                .collect()
        })
    }

    /// The version check is the conditional `UPDATE`: a concurrent writer of the same row (in this
    /// process or another) waits for this transaction, then finds the version moved and updates nothing.
    pub(in crate::store) fn update(
        &self,
        id: i64,
        expected_version: i64,
        update: &Update,
    ) -> Result<i64, StoreError> {
        self.with_tx(|tx| {
            let at = self.clock.now();
            let changed = tx.execute(
                "UPDATE games SET version = version + 1, updated_at = $3, \
                   status = COALESCE($4, status), ended_reason = COALESCE($5, ended_reason), \
                   setup = COALESCE($6, setup), snapshot = COALESCE($7, snapshot), \
                   started_at = COALESCE(started_at, CASE WHEN $4::TEXT = 'active' THEN $3::BIGINT END) \
                 WHERE id = $1 AND version = $2",
                &[
                    &id,
                    &expected_version,
                    &at,
                    &update.status.map(Status::as_str),
                    &update.ended_reason,
                    &update.setup,
                    &update.snapshot,
                ],
            )?;
            if changed == 0 {
                let exists = tx
                    .query_opt("SELECT 1 FROM games WHERE id = $1", &[&id])?
                    .is_some();
                return Err(if exists {
                    StoreError::Conflict
                } else {
                    StoreError::NotFound
                });
            }
            if let Some(seats) = &update.seats {
                write_seats(tx, id, seats)?;
            }
            append_moves(tx, id, update, at)?;
            if let Some(results) = &update.results {
                write_results(tx, id, results)?;
            }
            write_vote(tx, id, &update.vote)?;
            Ok(expected_version + 1)
        })
    }
}

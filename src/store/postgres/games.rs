//! PostgreSQL queries on games, seats, moves, results and pending votes.

use ::postgres::types::ToSql;
use ::postgres::{GenericClient, Row, Transaction};

use super::Postgres;
use super::errors::is_unique_violation;
use super::prepared::Session;
use crate::store::StoreError;
use crate::store::codec::{self, StoredVote};
use crate::store::records::{
    FinishedScope, GameRecord, MoveRecord, NewGame, ResultRecord, SeatRecord, Status, Update,
    VoteChange, VoteRequest,
};

/// A game with its seats (as arrays, in seat order) and its pending vote, in one query; the clause
/// that picks the game follows.
macro_rules! select_game {
    ($clause:literal) => {
        concat!(
            "SELECT g.id, g.channel, g.guild, g.kind, g.status, g.options, g.seed, g.setup, g.snapshot, \
               g.version, g.host, g.ended_reason, g.created_at, g.updated_at, g.started_at, \
               ARRAY(SELECT user_id FROM seats WHERE game_id = g.id ORDER BY seat), \
               ARRAY(SELECT name FROM seats WHERE game_id = g.id ORDER BY seat), \
               ARRAY(SELECT resigned FROM seats WHERE game_id = g.id ORDER BY seat), \
               ARRAY(SELECT bot_level FROM seats WHERE game_id = g.id ORDER BY seat), \
               v.motion, v.requester, v.keep_moves, v.opened_at, v.at_version, v.approvals \
             FROM games g LEFT JOIN undo_requests v ON v.game_id = g.id WHERE ",
            $clause
        )
    };
}

/// The game with the id `$1`.
pub(super) const GAME_BY_ID: &str = select_game!("g.id = $1");

/// The open game (in a lobby or in play) of the channel `$1`.
const OPEN_GAME_IN_CHANNEL: &str =
    select_game!("g.channel = $1 AND g.status IN ('lobby', 'active')");

fn game_from_row(row: &Row) -> Result<GameRecord, StoreError> {
    let id: i64 = row.try_get(0)?;
    let status: String = row.try_get(4)?;
    let users: Vec<Option<String>> = row.try_get(15)?;
    let names: Vec<String> = row.try_get(16)?;
    let resigned: Vec<bool> = row.try_get(17)?;
    let levels: Vec<String> = row.try_get(18)?;
    let seats = users
        .into_iter()
        .zip(names)
        .zip(resigned)
        .zip(levels)
        .map(|(((user_id, name), resigned), level)| {
            Ok(SeatRecord {
                user_id,
                name,
                resigned,
                bot_level: codec::bot_level(&level)?,
            })
        })
        .collect::<Result<_, StoreError>>()?;
    let motion: Option<String> = row.try_get(19)?;
    let vote = motion
        .map(|motion| {
            Ok::<_, StoreError>(StoredVote {
                motion,
                requester: row.try_get(20)?,
                keep_moves: row.try_get(21)?,
                opened_at: row.try_get(22)?,
                at_version: row.try_get(23)?,
                approvals: row.try_get(24)?,
            })
        })
        .transpose()?
        .map(|stored| stored.decode(id))
        .transpose()?;
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
        seats,
        vote,
    })
}

/// The move log of `game_id`, in order.
pub(super) fn load_moves(
    db: &mut Session<'_, impl GenericClient>,
    game_id: i64,
) -> Result<Vec<MoveRecord>, StoreError> {
    db.query(
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

/// The game `query` ([`GAME_BY_ID`] or [`OPEN_GAME_IN_CHANNEL`]) finds with `key`, if any.
pub(super) fn load_game(
    db: &mut Session<'_, impl GenericClient>,
    query: &'static str,
    key: &(dyn ToSql + Sync),
) -> Result<Option<GameRecord>, StoreError> {
    db.query_opt(query, &[key])?
        .map(|row| game_from_row(&row))
        .transpose()
}

/// The games whose ids `sql` selects with `params`, in its order (a game gone meanwhile is left out).
fn games_selected(
    db: &mut Session<'_, impl GenericClient>,
    sql: &'static str,
    params: &[&(dyn ToSql + Sync)],
) -> Result<Vec<GameRecord>, StoreError> {
    let ids: Vec<i64> = db
        .query(sql, params)?
        .iter()
        .map(|row| row.try_get(0))
        .collect::<Result<_, _>>()?;
    ids.iter()
        .filter_map(|id| load_game(db, GAME_BY_ID, id).transpose())
        .collect()
}

/// Replaces the seats of `game_id` with `seats`, in one statement for all of them.
fn write_seats(
    tx: &mut Session<'_, Transaction<'_>>,
    game_id: i64,
    seats: &[SeatRecord],
) -> Result<(), StoreError> {
    tx.execute("DELETE FROM seats WHERE game_id = $1", &[&game_id])?;
    let numbers = (0..seats.len())
        .map(codec::count)
        .collect::<Result<Vec<_>, _>>()?;
    let users: Vec<Option<&str>> = seats.iter().map(|s| s.user_id.as_deref()).collect();
    let names: Vec<&str> = seats.iter().map(|s| s.name.as_str()).collect();
    let resigned: Vec<bool> = seats.iter().map(|s| s.resigned).collect();
    let levels: Vec<&str> = seats.iter().map(|s| s.bot_level.key()).collect();
    tx.execute(
        "INSERT INTO seats (game_id, seat, user_id, name, resigned, bot_level) \
         SELECT $1::BIGINT, * FROM unnest($2::BIGINT[], $3::TEXT[], $4::TEXT[], $5::BOOLEAN[], $6::TEXT[])",
        &[&game_id, &numbers, &users, &names, &resigned, &levels],
    )?;
    Ok(())
}

/// Replaces the results of `game_id` with `results`, in one statement for all of them.
fn write_results(
    tx: &mut Session<'_, Transaction<'_>>,
    game_id: i64,
    results: &[ResultRecord],
) -> Result<(), StoreError> {
    tx.execute("DELETE FROM results WHERE game_id = $1", &[&game_id])?;
    let seats = results
        .iter()
        .map(|r| codec::count(r.seat))
        .collect::<Result<Vec<_>, _>>()?;
    let users: Vec<Option<&str>> = results.iter().map(|r| r.user_id.as_deref()).collect();
    let names: Vec<&str> = results.iter().map(|r| r.name.as_str()).collect();
    let scores: Vec<i64> = results.iter().map(|r| i64::from(r.score)).collect();
    let places: Vec<i64> = results.iter().map(|r| i64::from(r.place)).collect();
    let resigned: Vec<bool> = results.iter().map(|r| r.resigned).collect();
    tx.execute(
        "INSERT INTO results (game_id, seat, user_id, name, score, place, resigned) \
         SELECT $1::BIGINT, * FROM unnest($2::BIGINT[], $3::TEXT[], $4::TEXT[], $5::BIGINT[], \
           $6::BIGINT[], $7::BOOLEAN[])",
        &[
            &game_id, &seats, &users, &names, &scores, &places, &resigned,
        ],
    )?;
    Ok(())
}

/// Opens or replaces the pending vote of `game_id` (clearing it is part of the version check).
fn set_vote(
    tx: &mut Session<'_, Transaction<'_>>,
    game_id: i64,
    request: &VoteRequest,
) -> Result<(), StoreError> {
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
    Ok(())
}

/// Writes the part of `update` that every write has, in one statement: the version check (the
/// conditional `UPDATE` of the game's row: a concurrent writer of the same row, in this process or
/// another, waits for it, then finds the version moved and updates nothing), the status and snapshot,
/// the cleared vote, the moves undone and the moves appended, all only if the version matched, and only
/// after taking the game's row (so writers always lock the game first). Undone moves and appended ones
/// never touch the same row in the statement: those from `keep` on that new moves take the place of are
/// overwritten (`ON CONFLICT`), and only those past the new moves are deleted; the rest of the log is
/// the statement's snapshot, which the version check proves current. Returns the new version.
fn write_game(
    db: &mut Session<'_, impl GenericClient>,
    id: i64,
    expected_version: i64,
    update: &Update,
    at: i64,
) -> Result<i64, StoreError> {
    let keep = update.truncate_moves_to.map(codec::count).transpose()?;
    let clear_vote = matches!(update.vote, VoteChange::Clear);
    let moves = &update.append_moves;
    let seats = moves
        .iter()
        .map(|m| codec::count(m.seat))
        .collect::<Result<Vec<_>, _>>()?;
    let notations: Vec<&str> = moves.iter().map(|m| m.notation.as_str()).collect();
    let by_bot: Vec<bool> = moves.iter().map(|m| m.by_bot).collect();
    let changed: i64 = db
        .query_one(
            "WITH changed AS ( \
               UPDATE games SET version = version + 1, updated_at = $3, \
                 status = COALESCE($4, status), ended_reason = COALESCE($5, ended_reason), \
                 setup = COALESCE($6, setup), snapshot = COALESCE($7, snapshot), \
                 started_at = COALESCE(started_at, CASE WHEN $4::TEXT = 'active' THEN $3::BIGINT END) \
               WHERE id = $1 AND version = $2 RETURNING id), \
             cleared AS (DELETE FROM undo_requests \
               WHERE $8::BOOLEAN AND game_id IN (SELECT id FROM changed)), \
             undone AS (DELETE FROM moves \
               WHERE seq >= $9::BIGINT + cardinality($10::BIGINT[]) \
                 AND game_id IN (SELECT id FROM changed)), \
             appended AS (INSERT INTO moves (game_id, seq, seat, notation, by_bot, at) \
               SELECT changed.id, \
                 LEAST($9::BIGINT, (SELECT COALESCE(MAX(seq) + 1, 0) FROM moves WHERE game_id = $1)) \
                   + m.n - 1, \
                 m.seat, m.notation, m.by_bot, $3::BIGINT \
               FROM changed, unnest($10::BIGINT[], $11::TEXT[], $12::BOOLEAN[]) \
                 WITH ORDINALITY AS m(seat, notation, by_bot, n) \
               ON CONFLICT (game_id, seq) DO UPDATE SET seat = EXCLUDED.seat, \
                 notation = EXCLUDED.notation, by_bot = EXCLUDED.by_bot, at = EXCLUDED.at) \
             SELECT COUNT(*) FROM changed",
            &[
                &id,
                &expected_version,
                &at,
                &update.status.map(Status::as_str),
                &update.ended_reason,
                &update.setup,
                &update.snapshot,
                &clear_vote,
                &keep,
                &seats,
                &notations,
                &by_bot,
            ],
        )?
        .try_get(0)?;
    if changed == 1 {
        return Ok(expected_version + 1);
    }
    let exists = db
        .query_opt("SELECT 1 FROM games WHERE id = $1", &[&id])?
        .is_some();
    Err(if exists {
        StoreError::Conflict
    } else {
        StoreError::NotFound
    })
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
            load_game(tx, GAME_BY_ID, &id)?.ok_or(StoreError::NotFound)
        })
    }

    pub(in crate::store) fn open_game(
        &self,
        channel: &str,
    ) -> Result<Option<GameRecord>, StoreError> {
        self.with_client(|client| load_game(client, OPEN_GAME_IN_CHANNEL, &channel))
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
        self.with_client(|client| load_game(client, GAME_BY_ID, &id))
    }

    pub(in crate::store) fn open_games_with_prefix(
        &self,
        prefix: &str,
        kind: &str,
    ) -> Result<Vec<GameRecord>, StoreError> {
        self.with_client(|client| {
            games_selected(
                client,
                "SELECT id FROM games WHERE status IN ('lobby', 'active') AND kind = $2 \
                 AND left(channel, char_length($1::text)) = $1::text \
                 ORDER BY updated_at DESC, id DESC",
                &[&prefix, &kind],
            )
        })
    }

    pub(in crate::store) fn finished_games(
        &self,
        scope: &FinishedScope,
        limit: usize,
    ) -> Result<Vec<GameRecord>, StoreError> {
        let (sql, key) = match scope {
            FinishedScope::Channel(channel) => (
                "SELECT id FROM games WHERE status = 'finished' AND channel = $1 \
                 ORDER BY updated_at DESC, id DESC LIMIT $2",
                channel.as_str(),
            ),
            FinishedScope::Guild(guild) => (
                "SELECT id FROM games WHERE status = 'finished' AND guild = $1 \
                 ORDER BY updated_at DESC, id DESC LIMIT $2",
                guild.as_str(),
            ),
            FinishedScope::Everywhere => (
                "SELECT id FROM games WHERE status = 'finished' AND $1::text = '' \
                 ORDER BY updated_at DESC, id DESC LIMIT $2",
                "",
            ),
        };
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        self.with_client(|client| games_selected(client, sql, &[&key, &limit]))
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

    /// See [`write_game`] for the version check. A move needs nothing more, and one statement commits
    /// on its own, without `BEGIN` and `COMMIT` (two round trips of the five a move took); seats, results
    /// or a vote opened take a transaction around it.
    pub(in crate::store) fn update(
        &self,
        id: i64,
        expected_version: i64,
        update: &Update,
    ) -> Result<i64, StoreError> {
        let at = self.clock.now();
        let one_statement = update.seats.is_none()
            && update.results.is_none()
            && !matches!(update.vote, VoteChange::Set(_));
        if one_statement {
            return self.with_one_write(|db| write_game(db, id, expected_version, update, at));
        }
        self.with_tx(|tx| {
            let version = write_game(tx, id, expected_version, update, at)?;
            if let Some(seats) = &update.seats {
                write_seats(tx, id, seats)?;
            }
            if let Some(results) = &update.results {
                write_results(tx, id, results)?;
            }
            if let VoteChange::Set(request) = &update.vote {
                set_vote(tx, id, request)?;
            }
            Ok(version)
        })
    }
}

impl Postgres {
    pub(in crate::store) fn results_to_recompute(&self) -> Result<Vec<i64>, StoreError> {
        self.with_client(|client| {
            client
                .query(
                    "SELECT game_id FROM results_to_recompute ORDER BY game_id",
                    &[],
                )?
                .iter()
                .map(|row| Ok(row.try_get(0)?))
                .collect()
        })
    }

    pub(in crate::store) fn replace_recomputed_results(
        &self,
        game_id: i64,
        results: &[ResultRecord],
    ) -> Result<(), StoreError> {
        self.with_tx(|tx| {
            write_results(tx, game_id, results)?;
            tx.execute(
                "DELETE FROM results_to_recompute WHERE game_id = $1",
                &[&game_id],
            )?;
            Ok(())
        })
    }
}

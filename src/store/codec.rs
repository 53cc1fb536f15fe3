//! What is not SQL in reading and writing records, shared by both backends: how a status, a vote and an
//! attempt's moves are kept in columns, and how a column that does not fit becomes an error.

use super::StoreError;
use super::records::{Motion, Status, VoteRequest};
use crate::bots::BotLevel;
use crate::shards::ShardRange;

/// Reads a game's stored status.
pub(super) fn status(game_id: i64, text: &str) -> Result<Status, StoreError> {
    Status::parse(text)
        .ok_or_else(|| StoreError::Corrupt(format!("game {game_id} has status `{text}`")))
}

/// A vote's columns as read: motion, requester, moves kept, opened at, written at, approvals (JSON).
pub(super) struct StoredVote {
    /// `undo` or `abort`.
    pub motion: String,
    /// The requesting seat.
    pub requester: i64,
    /// For an undo, how many moves stay.
    pub keep_moves: i64,
    /// The version the request was opened at.
    pub opened_at: i64,
    /// The version it was last written at.
    pub at_version: i64,
    /// The approving seats, as a JSON array.
    pub approvals: String,
}

impl StoredVote {
    /// The columns to write for `request`.
    pub(super) fn of(request: &VoteRequest) -> Result<StoredVote, StoreError> {
        let approvals = serde_json::to_string(&request.approvals)
            .map_err(|e| StoreError::Corrupt(e.to_string()))?;
        let (motion, keep_moves) = match request.motion {
            Motion::Undo { keep_moves } => ("undo", keep_moves),
            Motion::Abort => ("abort", 0),
        };
        Ok(StoredVote {
            motion: motion.to_owned(),
            requester: count(request.requester)?,
            keep_moves: count(keep_moves)?,
            opened_at: request.opened_at,
            at_version: request.at_version,
            approvals,
        })
    }

    /// The request these columns of game `game_id` hold.
    pub(super) fn decode(self, game_id: i64) -> Result<VoteRequest, StoreError> {
        let corrupt = |what: String| StoreError::Corrupt(format!("vote of game {game_id}: {what}"));
        let approvals: Vec<usize> =
            serde_json::from_str(&self.approvals).map_err(|e| corrupt(e.to_string()))?;
        let motion = match self.motion.as_str() {
            "undo" => Motion::Undo {
                keep_moves: index(self.keep_moves)?,
            },
            "abort" => Motion::Abort,
            other => return Err(corrupt(format!("unknown motion `{other}`"))),
        };
        Ok(VoteRequest {
            motion,
            requester: index(self.requester)?,
            opened_at: self.opened_at,
            at_version: self.at_version,
            approvals,
        })
    }
}

/// Reads a seat's stored bot level.
pub(super) fn bot_level(text: &str) -> Result<BotLevel, StoreError> {
    text.parse()
        .map_err(|_| StoreError::Corrupt(format!("unknown bot level `{text}`")))
}

/// A seat, a position in the log or a count as stored (a non-negative integer).
pub(super) fn index(stored: i64) -> Result<usize, StoreError> {
    usize::try_from(stored)
        .map_err(|_| StoreError::Corrupt(format!("{stored} is not a seat, position or count")))
}

/// A seat, a position in the log or a count, to store.
pub(super) fn count(value: usize) -> Result<i64, StoreError> {
    i64::try_from(value).map_err(|_| StoreError::Corrupt(format!("{value} is too large to store")))
}

/// A small stored number (a place, a score, a puzzle number, a tally) in the type its record uses.
pub(super) fn narrow<T: TryFrom<i64>>(stored: i64) -> Result<T, StoreError> {
    T::try_from(stored).map_err(|_| StoreError::Corrupt(format!("{stored} is out of range")))
}

/// An attempt's moves as stored: one move per line.
pub(super) fn join_moves(moves: &[String]) -> String {
    moves.join("\n")
}

/// An attempt's stored moves, back into a list.
pub(super) fn split_moves(stored: &str) -> Vec<String> {
    stored.lines().map(str::to_owned).collect()
}

/// The columns that end an attempt: `(finished_at, solved, gave_up)` for `finish` (see
/// [`super::AttemptChange::finish`]) at `now`.
pub(super) fn finish_columns(finish: Option<bool>, now: i64) -> (Option<i64>, bool, bool) {
    match finish {
        Some(solved) => (Some(now), solved, !solved),
        None => (None, false, false),
    }
}

/// A seed as stored: its 64 bits in a signed column (seeds above `i64::MAX` come out negative).
pub(super) fn stored_seed(seed: u64) -> i64 {
    i64::from_ne_bytes(seed.to_ne_bytes())
}

/// A stored seed, back to the seed.
pub(super) fn seed(stored: i64) -> u64 {
    u64::from_ne_bytes(stored.to_ne_bytes())
}

/// Why a database whose schema is at version `stored` cannot be opened by this program, whose latest
/// schema is `latest`; `None` if it can.
pub(super) fn newer_schema(stored: i64, latest: i64) -> Option<String> {
    (stored > latest).then(|| {
        format!(
            "its schema is version {stored}, newer than this program's ({latest}): it was written by a \
             newer Roundhouse; run that release (or a later one) on it"
        )
    })
}

/// The query parameters of a shard range, in the order the backends' `shard_filter::guild_held`
/// reads them: total, first, last.
pub(super) fn shard_params(shards: &ShardRange) -> [i64; 3] {
    [shards.total, shards.first, shards.last].map(i64::from)
}

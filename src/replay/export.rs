//! The export of a finished game (`roundhouse export`): its whole record as the JSON document
//! `roundhouse replay` reads, which replays it to the same state and result.
//!
//! ```json
//! { "format": 1, "game": "express", "game_id": 42,
//!   "players": 3, "names": ["Ann", "Bo", "Cy"],
//!   "options": { "block_timeout_hours": "12", "deadline_hours": "off", "target": "120" },
//!   "seed": 5, "setup": { "dealer": 0, "decks": [ ... ] },
//!   "moves": [ { "seat": 1, "move": "draw 2", "by_bot": false },
//!              { "seat": "table", "move": "deadline", "by_bot": true } ],
//!   "outcome": { "standings": [ { "participant": { "Seat": 2 }, "score": 141, "place": 1,
//!                                 "detail": "4 hands: 57, 33, 5, 46" }, ... ] } }
//! ```
//!
//! - `format`: the version of this document, [`FORMAT`]; a later, different version gets a new number.
//! - `game`: the game's id (see `roundhouse games`); `roundhouse replay` refuses a document of another
//!   game than the one it is asked to replay.
//! - `game_id`: the game's number in the store it came from (for information).
//! - `players`, `names`: the seats, in order (seats count from 0).
//! - `options`: every option the game was played with, as `key: value` strings.
//! - `seed`, `setup`: the seed of the game's own generator and the deal it was played from (the
//!   game's own setup format), which holds every card, hidden ones too: that is why only finished
//!   games are exported.
//! - `moves`: every step in order: the seat that took it (or `"table"` for a step only the table
//!   takes, such as Express's deadline), its notation, and whether a bot (or the table, for a person
//!   who did not answer in time) took it (for information).
//! - `outcome`: the result: standings best first, each with its participant (`{"Seat": N}`, or
//!   `{"Automa": NAME}` for an opponent the rules play), score, place and how the score was made, and
//!   how ties were settled (`tie_break`, seats written `{seat0}`, `{seat1}`, …) when any were; the
//!   replay must end with the same result.

use serde::Serialize;
use serde_json::{Map, Value};
use thiserror::Error;

use crate::game::{Outcome, Viewer};
use crate::store::{Status, Store, StoreError};
use crate::table::{GameReplay, TableError};

/// The version of the document written (`format`).
pub const FORMAT: u32 = 1;

/// A finished game, as the export writes it.
#[derive(Debug, Serialize)]
pub struct GameExport {
    /// The document's version, [`FORMAT`].
    pub format: u32,
    /// The game's id (`yardmaster`).
    pub game: String,
    /// The game's number in its store.
    pub game_id: i64,
    /// How many seats played.
    pub players: usize,
    /// The players' names in seat order.
    pub names: Vec<String>,
    /// The options it was played with.
    pub options: Map<String, Value>,
    /// The seed of the game's own generator.
    pub seed: u64,
    /// The deal it was played from.
    pub setup: Value,
    /// Every step, in order.
    pub moves: Vec<ExportedMove>,
    /// The result.
    pub outcome: Option<Outcome>,
}

/// One step of an exported game.
#[derive(Debug, Serialize)]
pub struct ExportedMove {
    /// The seat that took it, or `"table"`.
    pub seat: Value,
    /// Its notation.
    #[serde(rename = "move")]
    pub notation: String,
    /// Whether a bot (or the table, for a person who did not answer in time) took it.
    pub by_bot: bool,
}

/// Why a game could not be exported.
#[derive(Debug, Error)]
pub enum ExportError {
    /// The store holds no game with that number.
    #[error("there is no game {0} in this database")]
    NoGame(i64),
    /// The game is not finished.
    #[error(
        "game {id} is {status}, not finished: only finished games are exported, as the export holds \
         every card, hidden ones too"
    )]
    NotFinished {
        /// The game's number.
        id: i64,
        /// What it is instead ("still in its lobby", "still in play", "aborted").
        status: &'static str,
    },
    /// The store could not be read.
    #[error("cannot read the database: {0}")]
    Store(#[from] StoreError),
    /// The stored game could not be read back.
    #[error("game {id} cannot be read back: {why}")]
    Unreadable {
        /// The game's number.
        id: i64,
        /// What was wrong with it.
        why: String,
    },
}

/// Game `id` of `store`, exported; only a finished game is.
pub fn export_game(store: &Store, id: i64) -> Result<GameExport, ExportError> {
    let record = store.game(id)?.ok_or(ExportError::NoGame(id))?;
    let status = match record.status {
        Status::Finished => None,
        Status::Lobby => Some("still in its lobby"),
        Status::Active => Some("still in play"),
        Status::Aborted => Some("aborted"),
    };
    if let Some(status) = status {
        return Err(ExportError::NotFinished { id, status });
    }
    let unreadable = |why: String| ExportError::Unreadable { id, why };
    let options: Map<String, Value> = serde_json::from_str(&record.options)
        .map_err(|e| unreadable(format!("its options are not a JSON object: {e}")))?;
    let setup: Value = record
        .setup
        .as_deref()
        .ok_or_else(|| unreadable("it has no setup".into()))
        .and_then(|setup| {
            serde_json::from_str(setup)
                .map_err(|e| unreadable(format!("its setup is not JSON: {e}")))
        })?;
    let moves = store.moves(id)?;
    let replay = GameReplay::read(record, &moves, Viewer::Spectator).map_err(|e| match e {
        TableError::Internal(detail) => unreadable(detail.detail().to_owned()),
        other => unreadable(other.to_string()),
    })?;
    let record = replay.record();
    Ok(GameExport {
        format: FORMAT,
        game: record.kind.clone(),
        game_id: record.id,
        players: record.seats.len(),
        names: record.names(),
        options,
        seed: record.seed,
        setup,
        moves: replay
            .steps()
            .iter()
            .map(|step| ExportedMove {
                seat: step.seat.map_or_else(|| Value::from("table"), Value::from),
                notation: step.notation.clone(),
                by_bot: step.by_bot,
            })
            .collect(),
        outcome: replay.game(replay.last_frame()).outcome(),
    })
}

//! `roundhouse replay`: a setup (or seed) and a list of moves in, the resulting state and outcome out, so
//! anyone can check a rule from a chosen position.
//!
//! Input (JSON):
//! ```json
//! { "players": 3, "options": { "caboose": "default" }, "seed": 42,
//!   "setup": { ... the game's explicit setup, optional: dealt from the seed when absent ... },
//!   "moves": ["up Y2|Y3", { "seat": 1, "move": "down B2|B2" }] }
//! ```
//! A move without a seat is made by the one seat that owes a decision.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::game::{Outcome, Seat};
use crate::games::{self, adapter::LegalMove};

/// One move of the input: plain notation, or notation with its seat.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum ReplayMove {
    /// Made by the seat that must act.
    Plain(String),
    /// Made by this seat.
    Seated {
        /// The seat (from 0).
        seat: Seat,
        /// The notation.
        #[serde(rename = "move")]
        notation: String,
    },
}

/// The input document.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReplayInput {
    /// How many seats play.
    pub players: usize,
    /// `key: value` options (defaults for the rest).
    #[serde(default)]
    pub options: Map<String, Value>,
    /// The seed of the deal and of the game's own generator.
    #[serde(default)]
    pub seed: u64,
    /// An explicit setup; dealt from `seed` when absent.
    #[serde(default)]
    pub setup: Option<Value>,
    /// The moves, in order.
    #[serde(default)]
    pub moves: Vec<ReplayMove>,
}

/// The result of a replay that went through.
#[derive(Debug, Serialize)]
pub struct ReplayOutput {
    /// The game id.
    pub game: &'static str,
    /// How many moves were applied.
    pub moves_applied: usize,
    /// The seats that owe a decision now (empty once over).
    pub to_act: Vec<Seat>,
    /// The result, once over.
    pub outcome: Option<Outcome>,
    /// The setup that was played (as given, or as dealt).
    pub setup: Value,
    /// The full state after the last move.
    pub state: Value,
}

/// Why a replay stopped.
#[derive(Debug, Serialize)]
pub struct ReplayFailure {
    /// What went wrong.
    pub error: String,
    /// The index (from 0) of the move that was refused, if a move was.
    pub index: Option<usize>,
    /// That move's notation.
    #[serde(rename = "move")]
    pub notation: Option<String>,
    /// The legal moves at that point.
    pub legal: Vec<LegalMove>,
}

impl ReplayFailure {
    fn input(error: impl Into<String>) -> Self {
        ReplayFailure {
            error: error.into(),
            index: None,
            notation: None,
            legal: Vec::new(),
        }
    }
}

fn option_pairs(options: &Map<String, Value>) -> Result<Vec<(String, String)>, ReplayFailure> {
    options
        .iter()
        .map(|(key, value)| match value {
            Value::String(s) => Ok((key.clone(), s.clone())),
            Value::Bool(b) => Ok((key.clone(), if *b { "on" } else { "off" }.to_owned())),
            other => Err(ReplayFailure::input(format!(
                "option `{key}` must be a string, not {other}"
            ))),
        })
        .collect()
}

/// Replays `input` for the game `game_id`.
pub fn replay(game_id: &str, input: &str) -> Result<ReplayOutput, ReplayFailure> {
    let kind = games::find(game_id).ok_or_else(|| {
        let known: Vec<&str> = games::REGISTRY.iter().map(|g| g.id()).collect();
        ReplayFailure::input(format!(
            "no game called `{game_id}`; games: {}",
            known.join(", ")
        ))
    })?;
    let input: ReplayInput = serde_json::from_str(input)
        .map_err(|e| ReplayFailure::input(format!("bad replay input: {e}")))?;
    let options = kind
        .parse_options(&option_pairs(&input.options)?)
        .map_err(ReplayFailure::input)?;
    let setup = match &input.setup {
        Some(setup) => setup.to_string(),
        None => kind
            .deal(&options, input.players, input.seed)
            .map_err(|e| ReplayFailure::input(e.to_string()))?,
    };
    let mut game = kind
        .start(&options, input.players, &setup, input.seed)
        .map_err(|e| ReplayFailure::input(format!("setup refused: {e}")))?;
    for (index, step) in input.moves.iter().enumerate() {
        let (seat, notation) = match step {
            ReplayMove::Seated { seat, notation } => (*seat, notation),
            ReplayMove::Plain(notation) => match game.to_act().seats() {
                [seat] => (*seat, notation),
                [] => {
                    return Err(ReplayFailure {
                        error: "the game is already over".into(),
                        index: Some(index),
                        notation: Some(notation.clone()),
                        legal: Vec::new(),
                    });
                }
                several => {
                    return Err(ReplayFailure {
                        error: format!(
                            "seats {several:?} may act now; write this move as {{\"seat\": N, \"move\": \"…\"}}"
                        ),
                        index: Some(index),
                        notation: Some(notation.clone()),
                        legal: Vec::new(),
                    });
                }
            },
        };
        if let Err(refused) = game.apply(seat, notation) {
            return Err(ReplayFailure {
                error: format!("seat {seat}: {}", refused.message),
                index: Some(index),
                notation: Some(notation.clone()),
                legal: refused.legal,
            });
        }
    }
    Ok(ReplayOutput {
        game: kind.id(),
        moves_applied: input.moves.len(),
        to_act: game.to_act().seats().to_vec(),
        outcome: game.outcome(),
        setup: serde_json::from_str(&setup).unwrap_or(Value::Null),
        state: serde_json::from_str(&game.state_json()).unwrap_or(Value::Null),
    })
}

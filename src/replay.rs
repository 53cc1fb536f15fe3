//! `roundhouse replay`: a setup (or seed) and a list of moves in, the resulting state and outcome out, so
//! anyone can check a rule from a chosen position.
//!
//! Input (JSON):
//! ```json
//! { "players": 3, "options": { "caboose": "default" }, "seed": 42, "names": ["Ann", "Bo", "Cy"],
//!   "setup": { ... the game's explicit setup, optional: dealt from the seed when absent ... },
//!   "moves": ["up Y2|Y3", "1: down B2|B2", { "seat": 2, "move": "up G3|G4" }] }
//! ```
//! Seats count from 0, as in `to_act`. A move without a seat is made by the one seat that owes a decision.
//! A step only the table takes (Express's `deadline` and `end`) is written `table: MOVE`, or with
//! `"seat": "table"`; the engine refuses it from a seat, and a seat's step from the table.
//! Seats are named in messages as `names` says ("Player 1", "Player 2", … by default).
//!
//! The same document is the export of a finished game (`roundhouse export`, [`export`]): it then also
//! carries `format` (the version of the document, [`FORMAT`]), `game` (the game's id, which must be the
//! game `roundhouse replay` is asked to replay), `game_id` (the game's number in the store it came
//! from, for information), `outcome` (the result the game ended with; the replay must end with the same
//! one, or it fails saying so), and `by_bot` in every move. See [`export`] for the whole format.

pub mod export;
mod moves;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::excerpt::{excerpt, from_json};
use crate::game::{Actor, Outcome, Seat};
use crate::games;
use crate::games::adapter::{LegalMove, LiveGame};
use crate::games::seat_names::SeatNames;
use crate::table::TableError;

use moves::SeatedMove;

pub use export::FORMAT;

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
    /// The players' names in seat order, for messages; "Player 1", "Player 2", … when absent.
    #[serde(default)]
    pub names: Vec<String>,
    /// An explicit setup; dealt from `seed` when absent.
    #[serde(default)]
    pub setup: Option<Value>,
    /// The moves, in order: `"MOVE"`, `"SEAT: MOVE"` or `{"seat": SEAT, "move": MOVE}`, SEAT being a
    /// seat number or `table`.
    #[serde(default)]
    pub moves: Vec<Value>,
    /// The version of the document's format, as an export writes it; [`FORMAT`] when given.
    #[serde(default)]
    pub format: Option<u32>,
    /// The game's id (`yardmaster`), as an export writes it; the game replayed when given.
    #[serde(default)]
    pub game: Option<String>,
    /// The game's number in the store it was exported from, for information.
    #[serde(default)]
    pub game_id: Option<i64>,
    /// The result the game ended with, as an export writes it; the replay must end with it.
    #[serde(default)]
    pub outcome: Option<Value>,
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
    /// What went wrong, with seats named.
    pub error: String,
    /// The index (from 0) of the move that was refused, if a move was.
    pub index: Option<usize>,
    /// An excerpt of that move as given.
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
                "option `{}` must be a string, not {}",
                excerpt(key),
                excerpt(&other.to_string())
            ))),
        })
        .collect()
}

/// The seat names for `input`: its own, or numbered.
fn seat_names(input: &ReplayInput) -> Result<SeatNames, ReplayFailure> {
    match input.names.len() {
        0 => Ok(SeatNames::numbered(input.players)),
        given if given == input.players => Ok(SeatNames::new(input.names.clone())),
        given => Err(ReplayFailure::input(format!(
            "`names` lists {given} names for {} players; give one per seat, or leave it out",
            input.players
        ))),
    }
}

/// Why the input's `moves` is not a list, if it is something else.
fn moves_not_a_list(input: &str) -> Option<String> {
    let value: Value = serde_json::from_str(input).ok()?;
    let moves = value.get("moves")?;
    let what = match moves {
        Value::Array(_) => return None,
        Value::String(_) => "a string",
        Value::Object(_) => "an object",
        Value::Number(_) => "a number",
        Value::Bool(_) => "true or false",
        Value::Null => "null",
    };
    Some(format!(
        "`moves` must be a list of moves, one string per move, as in \
         `\"moves\": [\"MOVE\", \"SEAT: MOVE\"]`; it is {what}: `{}`",
        excerpt(&moves.to_string())
    ))
}

/// Refuses a document of another format version, or of another game than `game_id`.
fn check_export_fields(input: &ReplayInput, game_id: &str) -> Result<(), ReplayFailure> {
    if let Some(format) = input.format.filter(|&f| f != FORMAT) {
        return Err(ReplayFailure::input(format!(
            "the document is in format {format}, but this build reads format {FORMAT} only"
        )));
    }
    match &input.game {
        Some(game) if game != game_id => Err(ReplayFailure::input(format!(
            "the document is a game of `{}`, not of `{game_id}`; replay it with `roundhouse replay {} FILE`",
            excerpt(game),
            excerpt(game)
        ))),
        _ => Ok(()),
    }
}

/// Replays `input` for the game `game_id`.
pub fn replay(game_id: &str, input: &str) -> Result<ReplayOutput, ReplayFailure> {
    let kind = games::find(game_id)
        .ok_or_else(|| ReplayFailure::input(TableError::unknown_game(game_id).to_string()))?;
    if let Some(problem) = moves_not_a_list(input) {
        return Err(ReplayFailure::input(problem));
    }
    let input: ReplayInput =
        from_json(input).map_err(|e| ReplayFailure::input(format!("bad replay input: {e}")))?;
    check_export_fields(&input, kind.id())?;
    let names = seat_names(&input)?;
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
        play(game.as_mut(), &names, step).map_err(|(error, legal)| ReplayFailure {
            error,
            index: Some(index),
            notation: Some(excerpt(&moves::shown(step))),
            legal,
        })?;
    }
    let outcome = game.outcome();
    if let Some(recorded) = &input.outcome {
        let replayed = serde_json::to_value(&outcome).unwrap_or(Value::Null);
        if *recorded != replayed {
            return Err(ReplayFailure::input(format!(
                "the moves end with the result {}, but the document records the result {}",
                excerpt(&replayed.to_string()),
                excerpt(&recorded.to_string())
            )));
        }
    }
    Ok(ReplayOutput {
        game: kind.id(),
        moves_applied: input.moves.len(),
        to_act: game.to_act().seats().to_vec(),
        outcome,
        setup: serde_json::from_str(&setup).unwrap_or(Value::Null),
        state: serde_json::from_str(&game.state_json()).unwrap_or(Value::Null),
    })
}

/// Makes one move of the list; a refusal says why (seats named) and what would have been legal.
fn play(
    game: &mut dyn LiveGame,
    names: &SeatNames,
    step: &Value,
) -> Result<(), (String, Vec<LegalMove>)> {
    let refuse = |why: String| (why, Vec::new());
    let SeatedMove { actor, notation } = SeatedMove::read(step, game).map_err(refuse)?;
    let actor = match actor {
        Some(Actor::Seat(seat)) if seat >= game.players() => {
            return Err(refuse(format!(
                "there is no seat {seat}: seats count from 0 to {}",
                game.players() - 1
            )));
        }
        Some(actor) => actor,
        None => match game.to_act().seats() {
            [seat] => Actor::Seat(*seat),
            [] => return Err(refuse("the game is already over".into())),
            several => {
                let who: Vec<String> = several
                    .iter()
                    .map(|&s| format!("{} (seat {s})", names.name(s)))
                    .collect();
                return Err(refuse(format!(
                    "{} may act now; say whose move this is, as `SEAT: MOVE` such as `{}`",
                    who.join(", "),
                    moves::example(game)
                )));
            }
        },
    };
    game.apply(actor, &notation).map(drop).map_err(|refused| {
        let refused = names.refusal(refused);
        let mut message = match actor {
            Actor::Seat(seat) => format!("{} (seat {seat}): {}", names.name(seat), refused.message),
            Actor::Table => format!("the table: {}", refused.message),
        };
        if actor != Actor::Table && game.is_clock_step(&notation) {
            message.push_str(&format!(" Write it as `table: {}`.", excerpt(&notation)));
        }
        (message, refused.legal)
    })
}

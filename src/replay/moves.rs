//! One entry of a replay's move list: `"MOVE"` (made by the one seat that must act), `"SEAT: MOVE"` or
//! `{"seat": SEAT, "move": "MOVE"}`, where SEAT is a seat number or `table` for a step only the table
//! takes (Express's `table: deadline`); the object may also say `"by_bot": true|false` (whether a bot
//! made the move, as an exported game records it; read for information only). An entry in none of
//! these forms is refused with the forms it may take.

use serde_json::Value;

use crate::excerpt::excerpt;
use crate::game::{Actor, Seat};
use crate::games::adapter::LiveGame;

/// What names the table where a seat number could stand.
const TABLE: &str = "table";

/// A move of the list, with who makes it if the entry says.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct SeatedMove {
    /// The seat (from 0) or the table, if named.
    pub actor: Option<Actor>,
    /// The notation.
    pub notation: String,
}

impl SeatedMove {
    /// Reads one entry; `game` (as it stands before the move) supplies a legal example for the message.
    pub(super) fn read(step: &Value, game: &dyn LiveGame) -> Result<SeatedMove, String> {
        let wrong = |what: String| {
            format!(
                "{what}; expected a move as `\"MOVE\"`, as `\"SEAT: MOVE\"` such as `\"{}\"`, or as \
                 `{{\"seat\": SEAT, \"move\": \"MOVE\"}}`, where SEAT is a seat number or `{TABLE}` \
                 for a step only the table takes",
                example(game)
            )
        };
        match step {
            Value::String(text) => read_text(text).map_err(wrong),
            Value::Object(fields) => {
                if let Some(key) = fields
                    .keys()
                    .find(|k| !matches!(k.as_str(), "seat" | "move" | "by_bot"))
                {
                    return Err(wrong(format!(
                        "`{}` is not a field of a move (its fields are `seat`, `move` and \
                         `by_bot`)",
                        excerpt(key)
                    )));
                }
                if fields.get("by_bot").is_some_and(|b| !b.is_boolean()) {
                    return Err(wrong("`by_bot` must be true or false".into()));
                }
                let actor = match fields.get("seat") {
                    Some(Value::String(who)) if who == TABLE => Some(Actor::Table),
                    Some(seat) => seat
                        .as_u64()
                        .and_then(|seat| Seat::try_from(seat).ok())
                        .map(Actor::Seat),
                    None => None,
                }
                .ok_or_else(|| {
                    wrong(format!(
                        "`seat` must be a seat number, counted from 0, or `\"{TABLE}\"`"
                    ))
                })?;
                let notation = fields.get("move").and_then(Value::as_str).ok_or_else(|| {
                    wrong("`move` must be the move's notation, as a string".into())
                })?;
                Ok(SeatedMove {
                    actor: Some(actor),
                    notation: notation.to_owned(),
                })
            }
            other => Err(wrong(format!(
                "`{}` is not a move",
                excerpt(&other.to_string())
            ))),
        }
    }
}

/// `MOVE`, `SEAT: MOVE` or `table: MOVE`.
fn read_text(text: &str) -> Result<SeatedMove, String> {
    let Some((who, notation)) = text.split_once(':') else {
        return Ok(SeatedMove {
            actor: None,
            notation: text.to_owned(),
        });
    };
    let who = who.trim();
    let actor = if who.eq_ignore_ascii_case(TABLE) {
        Actor::Table
    } else {
        Actor::Seat(who.parse().map_err(|_| {
            format!(
                "`{}` before the colon is not a seat number or `{TABLE}`",
                excerpt(who)
            )
        })?)
    };
    if notation.trim().is_empty() {
        let who = match actor {
            Actor::Seat(_) => "a seat",
            Actor::Table => "the table",
        };
        return Err(format!("`{}` names {who} but no move", excerpt(text)));
    }
    Ok(SeatedMove {
        actor: Some(actor),
        notation: notation.trim().to_owned(),
    })
}

/// A seated move that is legal in `game` now (`0: up Y2|Y3`), to show the form.
pub(super) fn example(game: &dyn LiveGame) -> String {
    let seat = game.to_act().seats().first().copied().unwrap_or(0);
    match game.legal(seat).first() {
        Some(legal) => format!("{seat}: {}", legal.notation),
        None => format!("{seat}: MOVE"),
    }
}

/// The entry's notation for the failure report (the whole entry when it has none).
pub(super) fn shown(step: &Value) -> String {
    match step {
        Value::String(text) => text.clone(),
        other => match other.get("move").and_then(Value::as_str) {
            Some(notation) => notation.to_owned(),
            None => other.to_string(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_entries_are_plain_or_seated() {
        assert_eq!(
            read_text("up Y2|Y3"),
            Ok(SeatedMove {
                actor: None,
                notation: "up Y2|Y3".into()
            })
        );
        assert_eq!(
            read_text(" 1 :  down B2|B3 "),
            Ok(SeatedMove {
                actor: Some(Actor::Seat(1)),
                notation: "down B2|B3".into()
            })
        );
        assert_eq!(
            read_text("table: deadline"),
            Ok(SeatedMove {
                actor: Some(Actor::Table),
                notation: "deadline".into()
            })
        );
        let no_seat = read_text("one: up Y2|Y3").unwrap_err();
        assert!(
            no_seat.contains("`one` before the colon is not a seat number or `table`"),
            "{no_seat}"
        );
        let no_move = read_text("2:  ").unwrap_err();
        assert!(no_move.contains("names a seat but no move"), "{no_move}");
    }
}

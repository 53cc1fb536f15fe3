//! One entry of a replay's move list: `"MOVE"` (made by the one seat that must act), `"SEAT: MOVE"` or
//! `{"seat": SEAT, "move": "MOVE"}`. An entry in none of these forms is refused with the forms it may take.

use serde_json::Value;

use crate::excerpt::excerpt;
use crate::game::Seat;
use crate::games::adapter::LiveGame;

/// A move of the list, with its seat if the entry names one.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct SeatedMove {
    /// The seat (from 0), if named.
    pub seat: Option<Seat>,
    /// The notation.
    pub notation: String,
}

impl SeatedMove {
    /// Reads one entry; `game` (as it stands before the move) supplies a legal example for the message.
    pub(super) fn read(step: &Value, game: &dyn LiveGame) -> Result<SeatedMove, String> {
        let wrong = |what: String| {
            format!(
                "{what}; expected a move as `\"MOVE\"`, as `\"SEAT: MOVE\"` such as `\"{}\"`, or as \
                 `{{\"seat\": SEAT, \"move\": \"MOVE\"}}`",
                example(game)
            )
        };
        match step {
            Value::String(text) => read_text(text).map_err(wrong),
            Value::Object(fields) => {
                if let Some(key) = fields
                    .keys()
                    .find(|k| !matches!(k.as_str(), "seat" | "move"))
                {
                    return Err(wrong(format!(
                        "`{}` is not a field of a move (its fields are `seat` and `move`)",
                        excerpt(key)
                    )));
                }
                let seat = fields
                    .get("seat")
                    .and_then(Value::as_u64)
                    .and_then(|seat| Seat::try_from(seat).ok())
                    .ok_or_else(|| wrong("`seat` must be a seat number, counted from 0".into()))?;
                let notation = fields.get("move").and_then(Value::as_str).ok_or_else(|| {
                    wrong("`move` must be the move's notation, as a string".into())
                })?;
                Ok(SeatedMove {
                    seat: Some(seat),
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

/// `MOVE`, or `SEAT: MOVE`.
fn read_text(text: &str) -> Result<SeatedMove, String> {
    let Some((seat, notation)) = text.split_once(':') else {
        return Ok(SeatedMove {
            seat: None,
            notation: text.to_owned(),
        });
    };
    let seat: Seat = seat.trim().parse().map_err(|_| {
        format!(
            "`{}` before the colon is not a seat number",
            excerpt(seat.trim())
        )
    })?;
    if notation.trim().is_empty() {
        return Err(format!("`{}` names a seat but no move", excerpt(text)));
    }
    Ok(SeatedMove {
        seat: Some(seat),
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
                seat: None,
                notation: "up Y2|Y3".into()
            })
        );
        assert_eq!(
            read_text(" 1 :  down B2|B3 "),
            Ok(SeatedMove {
                seat: Some(1),
                notation: "down B2|B3".into()
            })
        );
        let no_seat = read_text("one: up Y2|Y3").unwrap_err();
        assert!(no_seat.contains("`one` before the colon"), "{no_seat}");
        let no_move = read_text("2:  ").unwrap_err();
        assert!(no_move.contains("names a seat but no move"), "{no_move}");
    }
}

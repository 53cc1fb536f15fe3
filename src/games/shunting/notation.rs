//! The text form of a move.
//!
//! A drive is `LOCO FROM>TO +N`: the loco, the slot it starts in, the slot it stops in, and how many
//! pieces it takes along coupled behind it (`L1 H1>A3 +2`). When two different moves share that form a
//! route is added: `via` and the turnout legs set on the way (`P2.1` is leg 1 of turnout P2), and, if
//! still needed, `fwd` or `back` (towards the loco's front or rear): `L1 H1>H2 +3 via P1.2 P2.1`.
//! A manual turntable turns one position with `turn T`. Text is read case-insensitively.

use std::fmt;
use std::str::FromStr;

use super::error::MoveError;
use crate::excerpt::excerpt;

/// Which way a loco drives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Towards its front.
    Forward,
    /// Towards its rear.
    Backward,
}

impl Direction {
    fn word(self) -> &'static str {
        match self {
            Direction::Forward => "fwd",
            Direction::Backward => "back",
        }
    }
}

/// The route part of a drive, given only when needed to tell moves apart.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Via {
    /// Which way the loco drives, if said.
    pub direction: Option<Direction>,
    /// Turnout legs on the route, in route order: turnout name and leg (1 or 2).
    pub legs: Vec<(String, u8)>,
}

/// A loco's drive.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Drive {
    /// The loco's name.
    pub loco: String,
    /// The slot it starts in.
    pub from: String,
    /// The slot it stops in.
    pub to: String,
    /// How many pieces it takes along coupled behind it.
    pub take: usize,
    /// The route, when the rest does not say it.
    pub via: Option<Via>,
}

/// One move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A loco drives and stops.
    Drive(Drive),
    /// A manual turntable turns one position clockwise.
    Turn {
        /// The turntable's name.
        table: String,
    },
}

impl Move {
    /// A sentence for people: "L1 drives from H1 to A3 with 2 coupled".
    pub fn label(&self) -> String {
        match self {
            Move::Drive(d) => {
                let along = match d.take {
                    0 => "alone".to_owned(),
                    1 => "with 1 coupled".to_owned(),
                    n => format!("with {n} coupled"),
                };
                let via = d
                    .via
                    .as_ref()
                    .map(|v| format!(" ({v})"))
                    .unwrap_or_default();
                format!("{} drives from {} to {} {along}{via}", d.loco, d.from, d.to)
            }
            Move::Turn { table } => format!("Turn turntable {table} one position"),
        }
    }
}

impl fmt::Display for Via {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "via")?;
        if let Some(direction) = self.direction {
            write!(f, " {}", direction.word())?;
        }
        for (turnout, leg) in &self.legs {
            write!(f, " {turnout}.{leg}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Drive(d) => {
                write!(f, "{} {}>{} +{}", d.loco, d.from, d.to, d.take)?;
                match &d.via {
                    Some(via) => write!(f, " {via}"),
                    None => Ok(()),
                }
            }
            Move::Turn { table } => write!(f, "turn {table}"),
        }
    }
}

fn word(text: &str) -> bool {
    text.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && text.chars().all(|c| c.is_ascii_alphanumeric())
}

fn slot_name(text: &str) -> bool {
    let letters = text.trim_end_matches(|c: char| c.is_ascii_digit());
    !letters.is_empty()
        && letters.len() < text.len()
        && letters.chars().all(|c| c.is_ascii_alphabetic())
}

fn parse_via(text: &str, words: &[&str]) -> Result<Via, MoveError> {
    let bad = |why: String| MoveError::Notation {
        text: text.to_owned(),
        why,
    };
    let mut via = Via::default();
    for (i, item) in words.iter().enumerate() {
        let lower = item.to_ascii_lowercase();
        match lower.as_str() {
            "fwd" | "forward" if i == 0 => via.direction = Some(Direction::Forward),
            "back" | "backward" if i == 0 => via.direction = Some(Direction::Backward),
            _ => {
                let (turnout, leg) =
                    item.split_once('.')
                        .filter(|(t, _)| word(t))
                        .ok_or_else(|| {
                            bad(format!(
                                "`{}` is not a turnout leg like `P1.2`",
                                excerpt(item)
                            ))
                        })?;
                let leg = match leg {
                    "1" => 1,
                    "2" => 2,
                    _ => {
                        return Err(bad(format!(
                            "turnout legs are 1 or 2, not `{}`",
                            excerpt(leg)
                        )));
                    }
                };
                via.legs.push((turnout.to_owned(), leg));
            }
        }
    }
    if via.direction.is_none() && via.legs.is_empty() {
        return Err(bad("`via` needs a direction or turnout legs".to_owned()));
    }
    Ok(via)
}

impl FromStr for Move {
    type Err = MoveError;

    fn from_str(text: &str) -> Result<Move, MoveError> {
        let bad = |why: &str| MoveError::Notation {
            text: text.to_owned(),
            why: why.to_owned(),
        };
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            [turn, table] if turn.eq_ignore_ascii_case("turn") => {
                if !word(table) {
                    return Err(bad("a turntable name is letters and digits"));
                }
                Ok(Move::Turn {
                    table: table.to_string(),
                })
            }
            [loco, span, rest @ ..] => {
                if !word(loco) {
                    return Err(bad("it must start with the loco's name"));
                }
                let (from, to) = span
                    .split_once('>')
                    .ok_or_else(|| bad("the slots are written FROM>TO, like `H1>A3`"))?;
                if !slot_name(from) || !slot_name(to) {
                    return Err(bad("a slot is a track letter and a number, like `A3`"));
                }
                let (take, rest) = match rest {
                    [count, rest @ ..] if count.starts_with('+') => {
                        let take = count[1..]
                            .parse()
                            .map_err(|_| bad("after `+` comes how many pieces it takes"))?;
                        (take, rest)
                    }
                    _ => (0, rest),
                };
                let via = match rest {
                    [] => None,
                    [via, items @ ..] if via.eq_ignore_ascii_case("via") => {
                        Some(parse_via(text, items)?)
                    }
                    _ => return Err(bad("after the count only `via …` may follow")),
                };
                Ok(Move::Drive(Drive {
                    loco: loco.to_string(),
                    from: from.to_ascii_uppercase(),
                    to: to.to_ascii_uppercase(),
                    take,
                    via,
                }))
            }
            _ => Err(bad("too short")),
        }
    }
}

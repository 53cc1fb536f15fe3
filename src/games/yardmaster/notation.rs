//! The one Yardmaster action, "add a card to my train", and its text notation: `up Y2|Y3` or
//! `down Y2|Y3`.

use std::fmt;
use std::str::FromStr;

use super::cards::Face;
use crate::excerpt::excerpt;
use crate::game::RuleError;

/// How a card is added to a train.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Face up: it must connect, and shows its cargo and values.
    Up,
    /// Face down: Wild on both sides, worth 4.
    Down,
}

impl Side {
    /// The canonical notation word.
    pub fn word(self) -> &'static str {
        match self {
            Side::Up => "up",
            Side::Down => "down",
        }
    }
}

/// Add the card with this face from the hand to the right end of the mover's train.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Action {
    /// Which card (identical copies are interchangeable).
    pub face: Face,
    /// Face up or face down.
    pub side: Side,
}

impl Action {
    /// Adds `face` face up.
    pub fn up(face: Face) -> Action {
        Action {
            face,
            side: Side::Up,
        }
    }

    /// Adds `face` face down.
    pub fn down(face: Face) -> Action {
        Action {
            face,
            side: Side::Down,
        }
    }

    /// "Add Oil 2 | Oil 3 face up".
    pub fn label(&self) -> String {
        match self.side {
            Side::Up => format!("Add {} face up", self.face.describe()),
            Side::Down => format!("Add {} face down (Wild, 4 points)", self.face.describe()),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.side.word(), self.face)
    }
}

/// Words accepted before the card, longest first so that `face-up` is not read as `face`.
const VERBS: [(&str, Side); 10] = [
    ("face-down", Side::Down),
    ("face down", Side::Down),
    ("facedown", Side::Down),
    ("face-up", Side::Up),
    ("face up", Side::Up),
    ("faceup", Side::Up),
    ("down", Side::Down),
    ("hide", Side::Down),
    ("play", Side::Up),
    ("up", Side::Up),
];

const FORM: &str = "write `up Y2|Y3` to add that card face up or `down Y2|Y3` to add it face down";

impl FromStr for Action {
    type Err = RuleError;

    /// Reads `up Y2|Y3`, `DOWN y2y3`, `face-up y2 y3`, `play Y2|Y3`, `hide Y2|Y3`, …
    fn from_str(text: &str) -> Result<Action, RuleError> {
        let lower = text.trim().to_ascii_lowercase();
        let Some((verb, side)) = VERBS.iter().find(|(verb, _)| lower.starts_with(verb)) else {
            return Err(RuleError::new(format!(
                "`{}` is not a move: {FORM}",
                excerpt(text.trim())
            )));
        };
        let rest = lower[verb.len()..].trim();
        if rest.is_empty() {
            return Err(RuleError::new(format!(
                "`{}` names no card: {FORM}",
                excerpt(text.trim())
            )));
        }
        let face: Face = rest
            .parse()
            .map_err(|e| RuleError::new(format!("{e}; {FORM}")))?;
        Ok(Action { face, side: *side })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lenient_forms_parse_to_the_canonical_one() {
        let face: Face = "Y2|Y3".parse().expect("face");
        for text in [
            "up Y2|Y3",
            "UP y2y3",
            "up y2 y3",
            "play Y2|Y3",
            "faceup Y2 Y3",
            "face-up y2|y3",
        ] {
            assert_eq!(text.parse::<Action>(), Ok(Action::up(face)), "{text}");
        }
        for text in [
            "down Y2|Y3",
            "Down y2y3",
            "hide y2 y3",
            "facedown Y2-Y3",
            "face-down y2|y3",
            "face down y2y3",
        ] {
            assert_eq!(text.parse::<Action>(), Ok(Action::down(face)), "{text}");
        }
        assert_eq!(Action::up(face).to_string(), "up Y2|Y3");
        assert_eq!(Action::down(face).to_string(), "down Y2|Y3");
    }

    #[test]
    fn bad_text_says_the_form() {
        for text in ["", "take Y2|Y3", "up", "down X9|Y3"] {
            let err = text.parse::<Action>().expect_err(text);
            assert!(err.message.contains("`up Y2|Y3`"), "{text}: {err}");
        }
    }

    #[test]
    fn labels_describe_the_card() {
        let face: Face = "Y2|B3".parse().expect("face");
        assert_eq!(Action::up(face).label(), "Add Oil 2 | Coal 3 face up");
        assert!(Action::down(face).label().contains("face down"));
    }
}

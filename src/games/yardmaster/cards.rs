//! Yardmaster Express cards as data: cargo colours, railcars, card faces and the deck list.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::excerpt::excerpt;

/// A cargo colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Cargo {
    /// Yellow: Oil.
    Yellow,
    /// Blue: Coal.
    Blue,
    /// Red: Livestock.
    Red,
    /// Green: Timber.
    Green,
    /// Purple: Automobiles (not used with 2 players).
    Purple,
}

impl Cargo {
    /// Every cargo colour, in table order.
    pub const ALL: [Cargo; 5] = [
        Cargo::Yellow,
        Cargo::Blue,
        Cargo::Red,
        Cargo::Green,
        Cargo::Purple,
    ];

    /// The letter used in notation (`Y`).
    pub fn letter(self) -> char {
        match self {
            Cargo::Yellow => 'Y',
            Cargo::Blue => 'B',
            Cargo::Red => 'R',
            Cargo::Green => 'G',
            Cargo::Purple => 'P',
        }
    }

    /// The cargo's name (`Oil`).
    pub fn goods(self) -> &'static str {
        match self {
            Cargo::Yellow => "Oil",
            Cargo::Blue => "Coal",
            Cargo::Red => "Livestock",
            Cargo::Green => "Timber",
            Cargo::Purple => "Automobiles",
        }
    }

    /// The colour's name (`yellow`).
    pub fn colour_name(self) -> &'static str {
        match self {
            Cargo::Yellow => "yellow",
            Cargo::Blue => "blue",
            Cargo::Red => "red",
            Cargo::Green => "green",
            Cargo::Purple => "purple",
        }
    }

    /// A position 0..5, for counting tables.
    pub fn index(self) -> usize {
        self as usize
    }

    fn from_letter(letter: char) -> Option<Cargo> {
        Cargo::ALL
            .into_iter()
            .find(|c| c.letter() == letter.to_ascii_uppercase())
    }
}

/// One railcar printed on a card: a cargo colour and a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Railcar {
    /// Its cargo.
    pub cargo: Cargo,
    /// Its value (2, 3 or 4).
    pub value: u8,
}

impl Railcar {
    /// A small code, distinct for every real railcar (values 2 to 4): below 15.
    pub fn code(self) -> u8 {
        (self.cargo as u8)
            .wrapping_mul(3)
            .wrapping_add(self.value.wrapping_sub(2))
    }
}

impl fmt::Display for Railcar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.cargo.letter(), self.value)
    }
}

/// The face of a railcar card: a left and a right railcar. Cards are never turned round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Face {
    /// The railcar that connects to the train.
    pub left: Railcar,
    /// The railcar the next card connects to.
    pub right: Railcar,
}

impl Face {
    /// Both railcars' values added.
    pub fn value(self) -> u8 {
        self.left.value + self.right.value
    }

    /// A one-byte code, distinct for every real card face (values 2 to 4): cheap to compare and to
    /// count in a table of [`FACE_CODES`] entries.
    pub fn code(self) -> u8 {
        self.left
            .code()
            .wrapping_mul(15)
            .wrapping_add(self.right.code())
    }

    /// "Oil 2 | Oil 3".
    pub fn describe(self) -> String {
        format!(
            "{} {} | {} {}",
            self.left.cargo.goods(),
            self.left.value,
            self.right.cargo.goods(),
            self.right.value
        )
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}|{}", self.left, self.right)
    }
}

impl From<Face> for String {
    fn from(face: Face) -> String {
        face.to_string()
    }
}

impl TryFrom<String> for Face {
    type Error = String;

    fn try_from(text: String) -> Result<Face, String> {
        text.parse()
    }
}

fn parse_railcar(text: &str) -> Option<Railcar> {
    let mut chars = text.chars();
    let cargo = Cargo::from_letter(chars.next()?)?;
    let value: u8 = chars.as_str().parse().ok()?;
    (2..=4).contains(&value).then_some(Railcar { cargo, value })
}

impl FromStr for Face {
    type Err = String;

    /// Reads `Y2|Y3`, also written `y2 y3`, `Y2-Y3`, `Y2/Y3` or `Y2Y3`.
    fn from_str(text: &str) -> Result<Face, String> {
        let compact: String = text
            .chars()
            .filter(|c| !matches!(c, '|' | '-' | '/' | ' ' | ','))
            .collect();
        let split = compact
            .char_indices()
            .skip(1)
            .find(|(_, c)| c.is_ascii_alphabetic())
            .map(|(i, _)| i);
        let face = split.and_then(|i| {
            Some(Face {
                left: parse_railcar(&compact[..i])?,
                right: parse_railcar(&compact[i..])?,
            })
        });
        face.ok_or_else(|| {
            format!(
                "`{}` is not a card: write its two railcars as colour letter and value, like `Y2|B3` \
                 (Y Oil, B Coal, R Livestock, G Timber, P Automobiles)",
                excerpt(text.trim())
            )
        })
    }
}

/// The size of a table indexed by [`Face::code`].
pub const FACE_CODES: usize = 256;

/// Index of a card in [`DECK`].
pub type CardId = u8;

const fn car(cargo: Cargo, value: u8) -> Railcar {
    Railcar { cargo, value }
}

const fn face(l: Cargo, lv: u8, r: Cargo, rv: u8) -> Face {
    Face {
        left: car(l, lv),
        right: car(r, rv),
    }
}

use Cargo::{Blue as B, Green as G, Purple as P, Red as R, Yellow as Y};

/// All 32 railcar cards: the 24 without purple first, then the 8 purple cards (dropped with 2 players).
pub const DECK: [Face; 32] = [
    face(B, 2, B, 2),
    face(B, 2, B, 2),
    face(R, 2, R, 2),
    face(R, 2, R, 2),
    face(G, 2, G, 2),
    face(G, 2, G, 2),
    face(Y, 2, Y, 2),
    face(Y, 2, Y, 2),
    face(B, 2, B, 3),
    face(R, 2, R, 3),
    face(G, 2, G, 3),
    face(Y, 2, Y, 3),
    face(R, 3, G, 3),
    face(R, 3, Y, 3),
    face(B, 3, Y, 3),
    face(B, 3, R, 3),
    face(G, 3, B, 3),
    face(G, 3, R, 3),
    face(Y, 3, B, 3),
    face(Y, 3, G, 3),
    face(B, 4, G, 4),
    face(R, 4, B, 4),
    face(G, 4, Y, 4),
    face(Y, 4, R, 4),
    face(P, 2, P, 2),
    face(P, 2, P, 2),
    face(P, 2, P, 3),
    face(P, 3, G, 3),
    face(P, 3, B, 3),
    face(P, 3, Y, 3),
    face(P, 3, R, 3),
    face(P, 4, P, 4),
];

/// How many cards of [`DECK`] carry no purple.
pub const NON_PURPLE_CARDS: usize = 24;

/// The card ids in play for this many players (purple removed with 2).
pub fn deck_for(players: usize) -> Vec<CardId> {
    (0..deck_len(players) as CardId).collect()
}

fn deck_len(players: usize) -> usize {
    if players == 2 {
        NON_PURPLE_CARDS
    } else {
        DECK.len()
    }
}

/// The faces in play for this many players (purple removed with 2), in [`DECK`] order.
pub fn deck_faces(players: usize) -> &'static [Face] {
    &DECK[..deck_len(players)]
}

/// The face of a card.
pub fn face_of(card: CardId) -> Face {
    DECK[card as usize]
}

/// The points a face-down card is worth (two Wild railcars of 2).
pub const FACE_DOWN_VALUE: u8 = 4;
/// The value a face-down railcar has when sequences are read.
pub const FACE_DOWN_RAILCAR_VALUE: u8 = 2;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_has_the_published_counts() {
        assert_eq!(DECK.len(), 32);
        let purple = DECK
            .iter()
            .filter(|f| f.left.cargo == P || f.right.cargo == P)
            .count();
        assert_eq!(purple, 8);
        assert!(
            DECK[..NON_PURPLE_CARDS]
                .iter()
                .all(|f| f.left.cargo != P && f.right.cargo != P)
        );
        assert_eq!(deck_for(2).len(), 24);
        assert_eq!(deck_for(5).len(), 32);
    }

    #[test]
    fn face_codes_are_distinct_for_distinct_faces() {
        let mut faces: Vec<Face> = DECK.to_vec();
        faces.dedup();
        for (i, a) in faces.iter().enumerate() {
            for b in &faces[i + 1..] {
                assert_eq!(a == b, a.code() == b.code(), "{a} {b}");
            }
        }
        let all_railcars = Cargo::ALL
            .iter()
            .flat_map(|&cargo| (2..=4).map(move |value| Railcar { cargo, value }));
        let mut codes: Vec<u8> = all_railcars.map(Railcar::code).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes, (0..15).collect::<Vec<u8>>());
    }

    #[test]
    fn faces_parse_in_every_written_form() {
        let want = face(Y, 2, B, 3);
        for text in ["Y2|B3", "y2 b3", "Y2-B3", "y2/b3", "Y2B3", " Y2 | B3 "] {
            assert_eq!(text.parse::<Face>(), Ok(want), "{text}");
        }
        assert_eq!(want.to_string(), "Y2|B3");
        assert_eq!(want.describe(), "Oil 2 | Coal 3");
    }

    #[test]
    fn bad_faces_are_refused_with_the_form() {
        for text in ["", "Y2", "X2|B3", "Y9|B3", "Y2|B3|R2", "22|33"] {
            let err = text.parse::<Face>().unwrap_err();
            assert!(err.contains("colour letter and value"), "{text}: {err}");
        }
    }
}

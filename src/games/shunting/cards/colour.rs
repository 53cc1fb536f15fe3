//! The four colours of route cards, easiest first.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::excerpt::excerpt;

/// A route card's colour: its difficulty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// The easiest cards.
    Green,
    /// Harder.
    Yellow,
    /// Harder still.
    Red,
    /// The hardest cards.
    Black,
}

impl Colour {
    /// Every colour, easiest first.
    pub const ALL: [Colour; 4] = [Colour::Green, Colour::Yellow, Colour::Red, Colour::Black];

    /// The colour's name in lower case.
    pub fn name(self) -> &'static str {
        match self {
            Colour::Green => "green",
            Colour::Yellow => "yellow",
            Colour::Red => "red",
            Colour::Black => "black",
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Colour {
    type Err = String;

    fn from_str(text: &str) -> Result<Colour, String> {
        Colour::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| {
                format!(
                    "`{}` is not a colour; the colours are green, yellow, red and black",
                    excerpt(text)
                )
            })
    }
}

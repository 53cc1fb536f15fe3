//! The choices made when an Express game is created: the target, how long a block decision may wait, and
//! the optional deadline of the tournament's time rules.

use serde::{Deserialize, Serialize};

use crate::game::OptionSpec;

/// The points that end the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Target {
    /// Tournament play (the default).
    #[default]
    #[serde(rename = "120")]
    Tournament,
    /// The printed rules.
    #[serde(rename = "100")]
    Classic,
}

impl Target {
    /// The points.
    pub fn points(self) -> i32 {
        match self {
            Target::Tournament => 120,
            Target::Classic => 100,
        }
    }
}

/// Hours, or off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Hours(pub Option<u16>);

impl TryFrom<String> for Hours {
    type Error = String;

    fn try_from(text: String) -> Result<Self, String> {
        if text == "off" {
            return Ok(Hours(None));
        }
        text.parse::<u16>()
            .ok()
            .filter(|&h| h > 0)
            .map(|h| Hours(Some(h)))
            .ok_or_else(|| {
                format!(
                    "`{}` is not a number of hours (1 to 65535) or `off`",
                    crate::excerpt::excerpt(&text)
                )
            })
    }
}

impl From<Hours> for String {
    fn from(hours: Hours) -> String {
        hours.0.map_or_else(|| "off".into(), |h| h.to_string())
    }
}

/// The hours a block decision waits before the table decides "block" for an absent target.
pub const DEFAULT_BLOCK_TIMEOUT_HOURS: u16 = 12;

fn default_block_timeout() -> Hours {
    Hours(Some(DEFAULT_BLOCK_TIMEOUT_HOURS))
}

fn no_deadline() -> Hours {
    Hours(None)
}

/// The choices made when a game is created (`target`, `block_timeout_hours`, `deadline_hours`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExpressOptions {
    /// The points that end the game.
    #[serde(default)]
    pub target: Target,
    /// How long the target of a Disaster may take to decide before the table blocks for them.
    #[serde(default = "default_block_timeout")]
    pub block_timeout_hours: Hours,
    /// Hours after which no new hand starts and the current one may be ended as it stands (off by default).
    #[serde(default = "no_deadline")]
    pub deadline_hours: Hours,
}

impl Default for ExpressOptions {
    fn default() -> Self {
        ExpressOptions {
            target: Target::default(),
            block_timeout_hours: default_block_timeout(),
            deadline_hours: no_deadline(),
        }
    }
}

/// The options offered at creation.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        key: "target",
        values: &["120", "100"],
        help: "the points that end the game: 120 (tournament) or 100 (classic)",
    },
    OptionSpec {
        key: "block_timeout_hours",
        values: &["12", "1", "4", "24", "48"],
        help: "hours the target of a Disaster has to decide; then the table blocks for them",
    },
    OptionSpec {
        key: "deadline_hours",
        values: &["off", "24", "48", "72", "168"],
        help: "after this many hours no new hand starts and the host may end the hand as it stands",
    },
];

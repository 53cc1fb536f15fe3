//! How strongly a bot plays: the level a table chooses when it seats one.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A bot's strength. Normal is today's heuristic bot of each game; easy is that bot with careless
/// slips; hard searches ([`crate::bots::search`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BotLevel {
    /// Plays sensibly but now and then takes a careless step.
    Easy,
    /// The game's own heuristic bot; what a skipped or replaced player gets.
    #[default]
    Normal,
    /// Searches the game tree over samples of what it cannot see.
    Hard,
}

impl BotLevel {
    /// Every level, weakest first.
    pub const ALL: [BotLevel; 3] = [BotLevel::Easy, BotLevel::Normal, BotLevel::Hard];

    /// The level's key, as typed and stored (`hard`).
    pub fn key(self) -> &'static str {
        match self {
            BotLevel::Easy => "easy",
            BotLevel::Normal => "normal",
            BotLevel::Hard => "hard",
        }
    }

    /// What follows a bot's name at the table: "(bot)" for the normal level, "(hard bot)" otherwise.
    pub fn name_tag(self) -> String {
        match self {
            BotLevel::Normal => "(bot)".to_string(),
            level => format!("({} bot)", level.key()),
        }
    }
}

impl fmt::Display for BotLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

impl FromStr for BotLevel {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let wanted = text.trim();
        BotLevel::ALL
            .into_iter()
            .find(|level| level.key().eq_ignore_ascii_case(wanted))
            .ok_or_else(|| {
                format!(
                    "`{}` is not a bot level: choose easy, normal or hard",
                    crate::excerpt::excerpt(wanted)
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_parse_from_their_keys_in_any_case_and_nothing_else() {
        for level in BotLevel::ALL {
            assert_eq!(level.key().parse::<BotLevel>(), Ok(level));
            assert_eq!(level.key().to_uppercase().parse::<BotLevel>(), Ok(level));
        }
        let refused = "expert".parse::<BotLevel>().unwrap_err();
        assert!(refused.contains("`expert`") && refused.contains("easy, normal or hard"));
    }

    #[test]
    fn only_levels_other_than_normal_are_named_beside_the_bot() {
        assert_eq!(BotLevel::Normal.name_tag(), "(bot)");
        assert_eq!(BotLevel::Hard.name_tag(), "(hard bot)");
        assert_eq!(BotLevel::Easy.name_tag(), "(easy bot)");
    }
}

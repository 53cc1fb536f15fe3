//! A player's action in a shunting game: a move in the puzzle's notation, or `reset`.

use std::fmt;
use std::str::FromStr;

use crate::game::RuleError;
use crate::games::shunting::notation::Move;

/// One action of the player.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A move (`L1 A1>M3 +2`, `turn TT`).
    Move(Move),
    /// Put every piece back where the card starts and begin the count again.
    Reset,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Move(step) => step.fmt(f),
            Action::Reset => f.write_str("reset"),
        }
    }
}

impl FromStr for Action {
    type Err = RuleError;

    fn from_str(text: &str) -> Result<Action, RuleError> {
        if text.trim().eq_ignore_ascii_case("reset") {
            return Ok(Action::Reset);
        }
        if text.trim().eq_ignore_ascii_case("guide") {
            return Err(RuleError::new(
                "the guide (one optimal route) is shown once the card is solved",
            ));
        }
        text.parse::<Move>()
            .map(Action::Move)
            .map_err(|e| RuleError::new(format!("{e}; `reset` starts the card again")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_reads_back() {
        for text in ["reset", "L1 A1>M3 +2", "L2 T1>E2 +0 via P.1", "turn TT"] {
            let action: Action = text.parse().unwrap();
            assert_eq!(action.to_string(), text);
        }
        assert_eq!("  RESET ".parse::<Action>().unwrap(), Action::Reset);
    }

    #[test]
    fn nonsense_says_what_a_move_looks_like() {
        let error = "hello".parse::<Action>().unwrap_err();
        assert!(error.message.contains("L1 H1>A3 +2"), "{error}");
        assert!(error.message.contains("reset"), "{error}");
        let early = "guide".parse::<Action>().unwrap_err();
        assert!(early.message.contains("once the card is solved"), "{early}");
    }
}

//! What a line typed at the terminal means.

use crate::table::Command;

/// What the help must fit: the game at this keyboard and the seat whose turn it is.
#[derive(Clone, Debug, Default)]
pub(super) struct HelpFor {
    /// A move the seat could make now, as an example of the notation.
    pub example: Option<String>,
    /// Whether the seat holds a hand to look at.
    pub hand: bool,
    /// Whether other seats play too.
    pub others: bool,
}

/// The help shown for `help` and unknown words: only the words that mean something in this game.
pub(super) fn help(game: &HelpFor) -> String {
    let mut text = match &game.example {
        Some(example) => format!("Type a move in notation (for example `{example}`), or:"),
        None => "Type a move in notation, or:".to_owned(),
    };
    let rows = [
        ("?", "list your legal moves", true),
        ("board", "show the table", true),
        ("hand", "show your hand", game.hand),
        ("history", "moves so far", true),
        ("status", "players and turn", game.others),
        (
            "undo",
            "take back your last move (the others are asked)",
            game.others,
        ),
        ("undo", "take back your last move", !game.others),
        ("resign", "give up (a bot takes your seat)", game.others),
        ("resign", "give up, which ends the game", !game.others),
        ("abort", "end the game without a result", true),
        (
            "end-now",
            "end the game now, once its deadline has passed",
            game.others,
        ),
        ("quit", "stop here; continue later with --resume", true),
    ];
    for (word, meaning, shown) in rows {
        if shown {
            text.push_str(&format!("\n  {word:<10} {meaning}"));
        }
    }
    text
}

/// Reads one line: `None` for an empty line, `Err("quit")` to stop, `Err("help")` for help, otherwise a
/// table command (anything unknown is taken as a move).
pub(super) fn parse_line(line: &str) -> Option<Result<Command, &'static str>> {
    let text = line.trim();
    let command = match text.to_ascii_lowercase().as_str() {
        "" => return None,
        "quit" | "exit" | "q" => return Some(Err("quit")),
        "help" | "h" => return Some(Err("help")),
        "?" | "moves" | "legal" => Command::Legal,
        "board" | "b" => Command::Board,
        "hand" => Command::Hand,
        "history" => Command::History,
        "status" => Command::Status,
        "undo" => Command::Undo,
        "resign" => Command::Resign,
        "abort" => Command::Abort,
        "end-now" => Command::EndNow,
        _ => Command::Move(text.to_owned()),
    };
    Some(Ok(command))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_for_a_solo_game_without_a_hand_speaks_of_neither() {
        let solo = help(&HelpFor {
            example: Some("L1 M2>M3 +0".to_owned()),
            hand: false,
            others: false,
        });
        assert!(solo.contains("for example `L1 M2>M3 +0`"), "{solo}");
        for word in ["hand", "the others", "a bot takes"] {
            assert!(!solo.contains(word), "{word} in {solo}");
        }
        let table = help(&HelpFor {
            example: None,
            hand: true,
            others: true,
        });
        assert!(table.contains("show your hand"), "{table}");
        assert!(table.contains("(the others are asked)"), "{table}");
    }

    #[test]
    fn words_map_to_commands_and_the_rest_is_a_move() {
        assert_eq!(parse_line("  ?\n"), Some(Ok(Command::Legal)));
        assert_eq!(parse_line("BOARD"), Some(Ok(Command::Board)));
        assert_eq!(parse_line("quit"), Some(Err("quit")));
        assert_eq!(parse_line("help"), Some(Err("help")));
        assert_eq!(parse_line("   "), None);
        assert_eq!(
            parse_line("up Y2|Y3\n"),
            Some(Ok(Command::Move("up Y2|Y3".into())))
        );
    }
}

//! What a line typed at the terminal means.

use crate::table::Command;

/// The help shown for `help` and unknown words.
pub(super) const HELP: &str = "Type a move in notation (for example `up Y2|Y3`), or:
  ?          list your legal moves
  board      show the table        hand     show your hand
  history    moves so far          status   players and turn
  undo       take back your last move (the others are asked)
  resign     give up (a bot takes your seat)
  abort      end the game without a result
  quit       stop here; continue later with --resume";

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
        _ => Command::Move(text.to_owned()),
    };
    Some(Ok(command))
}

#[cfg(test)]
mod tests {
    use super::*;

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

//! What a line typed at the terminal means. `play` and `puzzle play` share one vocabulary: the same
//! word means the same in both, every spelling is read in both, and help lists them alike.

use crate::bots::BotLevel;
use crate::table::Command;

/// Words that list the legal moves; the first is the one help shows.
const LIST_MOVES: [&str; 3] = ["?", "moves", "legal"];
/// Words that give up; the first is the one help shows.
const GIVE_UP: [&str; 3] = ["giveup", "give up", "resign"];
/// Words that stop the session (the game or attempt is kept).
const QUIT: [&str; 3] = ["quit", "exit", "q"];
/// Words that show the help.
const HELP: [&str; 2] = ["help", "h"];
/// Words that show the table or the yard.
const BOARD: [&str; 2] = ["board", "b"];

/// What the help must fit: the game at this keyboard and the seat whose turn it is.
#[derive(Clone, Debug, Default)]
pub(super) struct HelpFor {
    /// A move the seat could make now, as an example of the notation.
    pub example: Option<String>,
    /// Whether the seat holds a hand to look at.
    pub hand: bool,
    /// Whether other seats play too.
    pub others: bool,
    /// Whether it is a shunting puzzle (with `reset` and a guide).
    pub puzzle: bool,
    /// Whether it is a game at a table (`play`), which may be aborted, rather than a puzzle attempt
    /// of `puzzle play`.
    pub table: bool,
}

/// The help shown for `help` and unknown words: only the words that mean something here.
pub(super) fn help(game: &HelpFor) -> String {
    let mut text = match &game.example {
        Some(example) => format!("Type a move in notation (for example `{example}`), or:"),
        None => "Type a move in notation, or:".to_owned(),
    };
    let give_up = if game.others {
        "give up (a bot takes your seat); also `resign`"
    } else if game.table {
        "give up, which ends the game; also `resign`"
    } else {
        "give up: the attempt ends and the guide opens; also `resign`"
    };
    let rows = [
        (
            "?",
            "list your moves by group; `? 2` opens group 2; also `moves`",
            true,
        ),
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
        (
            "reset",
            "put every piece back where the puzzle starts",
            game.puzzle,
        ),
        ("guide", guide_meaning(game.table), game.puzzle),
        ("giveup", give_up, true),
        ("abort", "end the game without a result", game.table),
        (
            "end-now",
            "end the game now, once its deadline has passed",
            game.others,
        ),
        ("quit", quit_meaning(game.table), true),
    ];
    for (word, meaning, shown) in rows {
        if shown {
            text.push_str(&format!("\n  {word:<10} {meaning}"));
        }
    }
    text
}

fn guide_meaning(table: bool) -> &'static str {
    if table {
        "one optimal route, shown once you solve the card"
    } else {
        "one optimal route, once you solve the puzzle or give up"
    }
}

fn quit_meaning(table: bool) -> &'static str {
    if table {
        "stop here; continue later with --resume"
    } else {
        "stop here; your moves are kept"
    }
}

/// A typed line the terminal answers itself instead of passing a command to the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Aside {
    /// Stop the session.
    Quit,
    /// Show the help.
    Help,
    /// A command written wrongly: why, to be shown as it is.
    Refused(String),
}

/// Reads one line: `None` for an empty line, an [`Aside`] for what the terminal answers itself,
/// otherwise a table command (anything unknown is taken as a move, so a game's own words such as
/// shunting's `reset` and `guide` reach its engine).
pub(super) fn parse_line(line: &str) -> Option<Result<Command, Aside>> {
    let text = line.trim();
    let lower = text.to_ascii_lowercase();
    let word = lower.as_str();
    if let Some(groups) = LIST_MOVES.iter().find_map(|w| word.strip_prefix(w)) {
        return Some(
            group_numbers(groups)
                .map(|path| Command::Legal { path })
                .ok_or(Aside::Help),
        );
    }
    if let Some(level) = bot_add_level(text) {
        return Some(
            level
                .map(|level| Command::AddBot { level })
                .map_err(Aside::Refused),
        );
    }
    let command = match word {
        "" => return None,
        w if QUIT.contains(&w) => return Some(Err(Aside::Quit)),
        w if HELP.contains(&w) => return Some(Err(Aside::Help)),
        w if BOARD.contains(&w) => Command::Board,
        w if GIVE_UP.contains(&w) => Command::Resign,
        "hand" => Command::Hand,
        "history" => Command::History,
        "status" => Command::Status,
        "undo" => Command::Undo,
        "abort" => Command::Abort,
        "end-now" => Command::EndNow,
        _ => Command::Move(text.to_owned()),
    };
    Some(Ok(command))
}

/// The level of `bot add [LEVEL]` (normal when none is given), or why the level is not one; `None`
/// when the line is not `bot add`.
fn bot_add_level(text: &str) -> Option<Result<BotLevel, String>> {
    let mut words = text.split_whitespace();
    let command = (words.next()?, words.next()?);
    if !command.0.eq_ignore_ascii_case("bot") || !command.1.eq_ignore_ascii_case("add") {
        return None;
    }
    let level: Vec<&str> = words.collect();
    Some(match level.as_slice() {
        [] => Ok(BotLevel::Normal),
        words => words.join(" ").parse(),
    })
}

/// The groups to open after `?`: numbers from 1, separated by spaces or dots (`? 2 1`, `?2.1`), as
/// indices from 0; `None` when anything else follows.
fn group_numbers(text: &str) -> Option<Vec<usize>> {
    text.split(|c: char| c.is_whitespace() || c == '.')
        .filter(|part| !part.is_empty())
        .map(|part| part.parse::<usize>().ok()?.checked_sub(1))
        .collect()
}

/// What a line typed while playing a puzzle (`puzzle play`) means, in the same words as [`parse_line`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum PuzzleLine {
    /// Show the help.
    Help,
    /// Stop; the moves are kept.
    Quit,
    /// List the legal moves.
    Moves,
    /// Show the yard.
    Board,
    /// The moves so far.
    History,
    /// Take back the last move.
    Undo,
    /// Back to the start.
    Reset,
    /// Show the guide, if it is open.
    Guide,
    /// Give up.
    GiveUp,
    /// A move in notation.
    Move(String),
}

/// Reads one line of `puzzle play`: `None` for an empty line.
pub(super) fn parse_puzzle_line(line: &str) -> Option<PuzzleLine> {
    let text = line.trim();
    let lower = text.to_ascii_lowercase();
    let word = lower.as_str();
    Some(match word {
        "" => return None,
        w if QUIT.contains(&w) => PuzzleLine::Quit,
        w if HELP.contains(&w) => PuzzleLine::Help,
        w if LIST_MOVES.contains(&w) => PuzzleLine::Moves,
        w if BOARD.contains(&w) => PuzzleLine::Board,
        w if GIVE_UP.contains(&w) => PuzzleLine::GiveUp,
        "history" => PuzzleLine::History,
        "undo" => PuzzleLine::Undo,
        "reset" => PuzzleLine::Reset,
        "guide" => PuzzleLine::Guide,
        _ => PuzzleLine::Move(text.to_owned()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn help_for_a_solo_game_without_a_hand_speaks_of_neither() {
        let solo = help(&HelpFor {
            example: Some("L1 M2>M3 +0".to_owned()),
            table: true,
            ..HelpFor::default()
        });
        assert!(solo.contains("for example `L1 M2>M3 +0`"), "{solo}");
        for word in ["hand", "the others", "a bot takes"] {
            assert!(!solo.contains(word), "{word} in {solo}");
        }
        let table = help(&HelpFor {
            example: None,
            hand: true,
            others: true,
            table: true,
            ..HelpFor::default()
        });
        assert!(table.contains("show your hand"), "{table}");
        assert!(table.contains("(the others are asked)"), "{table}");
    }

    #[test]
    fn words_map_to_commands_and_the_rest_is_a_move() {
        assert_eq!(
            parse_line("  ?\n"),
            Some(Ok(Command::Legal { path: Vec::new() }))
        );
        assert_eq!(
            parse_line("? 2 1"),
            Some(Ok(Command::Legal { path: vec![1, 0] }))
        );
        assert_eq!(
            parse_line("moves 3.12"),
            Some(Ok(Command::Legal { path: vec![2, 11] }))
        );
        assert_eq!(
            parse_line("? 0"),
            Some(Err(Aside::Help)),
            "groups count from 1"
        );
        assert_eq!(parse_line("? two"), Some(Err(Aside::Help)));
        assert_eq!(parse_line("BOARD"), Some(Ok(Command::Board)));
        assert_eq!(parse_line("quit"), Some(Err(Aside::Quit)));
        assert_eq!(parse_line("help"), Some(Err(Aside::Help)));
        assert_eq!(parse_line("   "), None);
        assert_eq!(
            parse_line("up Y2|Y3\n"),
            Some(Ok(Command::Move("up Y2|Y3".into())))
        );
    }

    #[test]
    fn bot_add_takes_an_optional_level_and_refuses_a_bad_one() {
        let add = |level| Some(Ok(Command::AddBot { level }));
        assert_eq!(parse_line("bot add\n"), add(BotLevel::Normal));
        assert_eq!(parse_line("  Bot  ADD  hard "), add(BotLevel::Hard));
        assert_eq!(parse_line("bot add easy"), add(BotLevel::Easy));
        assert_eq!(parse_line("bot add normal"), add(BotLevel::Normal));
        assert_eq!(
            parse_line("bot add expert"),
            Some(Err(Aside::Refused(
                "`expert` is not a bot level: choose easy, normal or hard".into()
            )))
        );
        assert!(matches!(
            parse_line("bot add hard please"),
            Some(Err(Aside::Refused(why))) if why.contains("`hard please`")
        ));
        // Anything else beginning with `bot` is a move, as before.
        assert_eq!(parse_line("bot"), Some(Ok(Command::Move("bot".into()))));
    }

    /// `play shunting` and `puzzle play` read every spelling alike and their help lists the same words.
    #[test]
    fn play_and_puzzle_play_share_one_vocabulary() {
        for (spellings, command, line) in [
            (
                &LIST_MOVES[..],
                Command::Legal { path: Vec::new() },
                PuzzleLine::Moves,
            ),
            (&GIVE_UP[..], Command::Resign, PuzzleLine::GiveUp),
            (&BOARD[..], Command::Board, PuzzleLine::Board),
            (&["history"][..], Command::History, PuzzleLine::History),
            (&["undo"][..], Command::Undo, PuzzleLine::Undo),
        ] {
            for word in spellings {
                assert_eq!(parse_line(word), Some(Ok(command.clone())), "{word}");
                assert_eq!(parse_puzzle_line(word), Some(line.clone()), "{word}");
            }
        }
        for word in QUIT {
            assert_eq!(parse_line(word), Some(Err(Aside::Quit)));
            assert_eq!(parse_puzzle_line(word), Some(PuzzleLine::Quit));
        }
        for word in HELP {
            assert_eq!(parse_line(word), Some(Err(Aside::Help)));
            assert_eq!(parse_puzzle_line(word), Some(PuzzleLine::Help));
        }
        // The shunting game's own words reach its engine in `play`.
        for word in ["reset", "guide"] {
            assert_eq!(parse_line(word), Some(Ok(Command::Move(word.into()))));
        }
        assert_eq!(parse_puzzle_line("reset"), Some(PuzzleLine::Reset));
        assert_eq!(parse_puzzle_line("guide"), Some(PuzzleLine::Guide));
        let words = |text: &str| -> Vec<String> {
            text.lines()
                .skip(1)
                .filter_map(|l| l.split_whitespace().next().map(str::to_owned))
                .filter(|w| w != "abort" && w != "quit")
                .collect()
        };
        let game = help(&HelpFor {
            puzzle: true,
            table: true,
            ..HelpFor::default()
        });
        let attempt = help(&HelpFor {
            puzzle: true,
            ..HelpFor::default()
        });
        assert_eq!(words(&game), words(&attempt), "{game}\n{attempt}");
        for text in [&game, &attempt] {
            for word in [
                "?", "board", "history", "undo", "reset", "guide", "giveup", "quit",
            ] {
                assert!(text.contains(&format!("\n  {word} ")), "{word} in {text}");
            }
            assert!(
                text.contains("`moves`") && text.contains("`resign`"),
                "{text}"
            );
        }
    }
}

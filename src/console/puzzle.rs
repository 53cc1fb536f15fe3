//! One shunting puzzle played at the terminal: moves in notation and the words of `play` (`?`,
//! `board`, `history`, `undo`, `reset`, `guide` when it is open, `giveup`, `quit`); the yard is printed
//! after every move and the rank at the end. A daily puzzle's attempt is kept by the table as Discord
//! keeps it, so quitting and playing again goes on where it stood.

use std::io::{BufRead, Write};

use crate::games::shunting::present::yard_text;
use crate::games::shunting::{Move, Puzzle, Refusal, Session};
use crate::table::daily::{goal_text, plural};

use super::commands::{HelpFor, PuzzleLine, help, parse_puzzle_line};

/// A puzzle to play, what is known of its solution, and the attempt so far.
pub struct PuzzleSession<'p> {
    /// What to call it ("Roundhouse daily #21", a file's title).
    pub heading: String,
    /// The puzzle.
    pub puzzle: &'p Puzzle,
    /// One optimal solution, if known (its length is the optimum).
    pub guide: Option<Vec<Move>>,
    /// Whether the guide may be shown before the end (an archived daily puzzle, a file).
    pub guide_open: bool,
    /// The moves of the attempt so far, in notation (empty for a fresh start).
    pub played: Vec<String>,
    /// How a kept attempt ended already, if it did (nothing more may be played).
    pub ended: Option<PuzzleEnd>,
}

/// How the session ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleEnd {
    /// The goal was reached in this many moves.
    Solved(usize),
    /// Given up.
    GaveUp,
    /// Stopped (quit or end of input) before the goal.
    Stopped,
}

/// Where an attempt's moves are kept between sessions.
pub trait Keeper {
    /// Keeps the moves as they now stand (reaching the goal ends the attempt solved); `give_up` ends
    /// it given up. A refusal, in words, means nothing was kept.
    fn keep(&mut self, moves: &[String], give_up: bool) -> Result<(), String>;
}

/// Keeps nothing: a puzzle file played once.
pub struct KeepNothing;

impl Keeper for KeepNothing {
    fn keep(&mut self, _moves: &[String], _give_up: bool) -> Result<(), String> {
        Ok(())
    }
}

/// Why a puzzle session could not go on.
#[derive(Debug, thiserror::Error)]
pub enum PuzzleFailure {
    /// Reading input or writing output failed.
    #[error("cannot read or write the terminal: {0}")]
    Io(#[from] std::io::Error),
    /// The kept attempt cannot be played: the table refused it, or its moves no longer play.
    #[error("{0}")]
    Refused(String),
}

/// Plays `session` with commands read from `input`, writing to `output`, until the goal, `giveup`,
/// `quit` or the end of the input; `keeper` keeps every change as it is made.
pub fn play_puzzle<R: BufRead, W: Write>(
    session: &PuzzleSession<'_>,
    keeper: &mut dyn Keeper,
    input: R,
    mut output: W,
) -> Result<PuzzleEnd, PuzzleFailure> {
    let optimum = session.guide.as_ref().map(Vec::len);
    let mut attempt = Session::replay(session.puzzle, optimum, &session.played)
        .map_err(PuzzleFailure::Refused)?;
    let guide_open = session.guide_open || session.ended.is_some();
    writeln!(output, "{} · {}", session.heading, session.puzzle.title)?;
    match (optimum, attempt.limit()) {
        (Some(o), Some(m)) => writeln!(output, "Par {o} move{} · limit {m}", plural(o))?,
        _ => writeln!(output, "The optimum is not known, so no rank is given.")?,
    }
    writeln!(output, "{}", goal_text(session.puzzle))?;
    write!(output, "{}", yard_text(session.puzzle, attempt.position()))?;
    let help_for = HelpFor {
        example: attempt.legal().first().map(|m| m.action.to_string()),
        puzzle: true,
        ..HelpFor::default()
    };
    writeln!(output, "{}", help(&help_for))?;
    match session.ended {
        Some(PuzzleEnd::Solved(count)) => writeln!(
            output,
            "You have solved this puzzle already, in {count} move{}; its guide is open: `guide`.",
            plural(count)
        )?,
        Some(PuzzleEnd::GaveUp) => writeln!(
            output,
            "You gave this puzzle up already; its guide is open: `guide`."
        )?,
        Some(PuzzleEnd::Stopped) | None if attempt.count() > 0 => writeln!(
            output,
            "Going on where you stopped: {} move{} so far (`history` lists them).",
            attempt.count(),
            plural(attempt.count())
        )?,
        Some(PuzzleEnd::Stopped) | None => {}
    }
    let mut end = PuzzleEnd::Stopped;
    for line in input.lines() {
        let line = line?;
        let Some(said) = parse_puzzle_line(&line) else {
            continue;
        };
        match said {
            PuzzleLine::Quit => break,
            PuzzleLine::Help => writeln!(output, "{}", help(&help_for))?,
            PuzzleLine::Board => show(&mut output, &attempt)?,
            PuzzleLine::History => history(&mut output, &attempt)?,
            PuzzleLine::Guide => match &session.guide {
                Some(guide) if guide_open => write_guide(&mut output, guide)?,
                Some(_) => writeln!(
                    output,
                    "The guide opens after you solve the puzzle or give up (`giveup`), or once its day is over (00:00 UTC)."
                )?,
                None => writeln!(output, "No guide: this puzzle was not solved in advance.")?,
            },
            _ if session.ended.is_some() => writeln!(
                output,
                "This attempt has ended: `guide` shows one optimal route, `quit` stops. Another \
                 puzzle waits in the archive: `roundhouse puzzle play N` (a daily number or a date)."
            )?,
            PuzzleLine::Moves => {
                let legal = attempt.legal();
                if legal.is_empty() {
                    writeln!(output, "No move is possible from here: `undo` or `reset`.")?;
                }
                for m in legal {
                    writeln!(output, "  {}  ({})", m.action, m.action.label())?;
                }
            }
            PuzzleLine::Undo => {
                let mut next = attempt.clone();
                match next.undo() {
                    Ok(undone) => {
                        if kept(&mut output, keeper, &next, false)? {
                            attempt = next;
                            writeln!(output, "Took back {undone}.")?;
                            show(&mut output, &attempt)?;
                        }
                    }
                    Err(refusal) => writeln!(output, "{refusal}")?,
                }
            }
            PuzzleLine::Reset => {
                let mut next = attempt.clone();
                match next.reset() {
                    Ok(taken) => {
                        if kept(&mut output, keeper, &next, false)? {
                            attempt = next;
                            writeln!(
                                output,
                                "Back to the start ({taken} move{} taken back).",
                                plural(taken)
                            )?;
                            show(&mut output, &attempt)?;
                        }
                    }
                    Err(refusal) => writeln!(output, "{refusal}")?,
                }
            }
            PuzzleLine::GiveUp => {
                if kept(&mut output, keeper, &attempt, true)? {
                    end = PuzzleEnd::GaveUp;
                    writeln!(
                        output,
                        "You gave up after {} move{}.",
                        attempt.count(),
                        plural(attempt.count())
                    )?;
                    if let Some(guide) = &session.guide {
                        write_guide(&mut output, guide)?;
                    }
                    break;
                }
            }
            PuzzleLine::Move(text) => {
                let mut next = attempt.clone();
                match next.play_text(&text) {
                    Ok(played) => {
                        if kept(&mut output, keeper, &next, false)? {
                            attempt = next;
                            writeln!(output, "Move {}: {played}", attempt.count())?;
                            show(&mut output, &attempt)?;
                            if attempt.at_goal() {
                                end = PuzzleEnd::Solved(attempt.count());
                                break;
                            }
                        }
                    }
                    Err(Refusal::Rules(why)) => {
                        writeln!(output, "{why} Type `?` for the legal moves.")?
                    }
                    Err(other) => writeln!(output, "{other}")?,
                }
            }
        }
    }
    match end {
        PuzzleEnd::Solved(count) => {
            let rank = attempt
                .rank()
                .map_or_else(String::new, |r| format!(": {r}"));
            writeln!(output, "Solved in {count} move{}{rank}.", plural(count))?;
            if let Some(o) = optimum {
                writeln!(output, "Par was {o}.")?;
            }
            if let Some(guide) = &session.guide {
                write_guide(&mut output, guide)?;
            }
        }
        PuzzleEnd::Stopped if session.ended.is_none() => writeln!(
            output,
            "Stopped after {} move{}, not solved.",
            attempt.count(),
            plural(attempt.count())
        )?,
        PuzzleEnd::Stopped | PuzzleEnd::GaveUp => {}
    }
    Ok(end)
}

/// Hands the attempt's moves to the keeper; says why and returns `false` when it refused (the attempt
/// then stays as it was).
fn kept<W: Write>(
    output: &mut W,
    keeper: &mut dyn Keeper,
    attempt: &Session<'_>,
    give_up: bool,
) -> std::io::Result<bool> {
    match keeper.keep(&attempt.moves_text(), give_up) {
        Ok(()) => Ok(true),
        Err(why) => {
            writeln!(output, "Not kept, so nothing changed: {why}")?;
            Ok(false)
        }
    }
}

fn show<W: Write>(output: &mut W, attempt: &Session<'_>) -> std::io::Result<()> {
    write!(
        output,
        "{}",
        yard_text(attempt.puzzle(), attempt.position())
    )
}

fn history<W: Write>(output: &mut W, attempt: &Session<'_>) -> std::io::Result<()> {
    if attempt.moves().is_empty() {
        return writeln!(output, "No moves yet.");
    }
    for (i, step) in attempt.moves().iter().enumerate() {
        writeln!(output, "  {:>2}. {step}", i + 1)?;
    }
    Ok(())
}

fn write_guide<W: Write>(output: &mut W, guide: &[Move]) -> std::io::Result<()> {
    writeln!(
        output,
        "Guide ({} move{}, typed as you would type them):",
        guide.len(),
        plural(guide.len())
    )?;
    for (i, step) in guide.iter().enumerate() {
        writeln!(output, "  {:>2}. {step}", i + 1)?;
    }
    Ok(())
}

//! One shunting puzzle played at the terminal: moves in notation, `moves`, `undo`, `reset`, `guide` when
//! it is open, `giveup`, `quit`; the yard is printed after every move and the rank at the end.

use std::io::{BufRead, Write};

use crate::games::shunting::present::yard_text;
use crate::games::shunting::{Move, Puzzle, Refusal, Session};
use crate::table::daily::{goal_text, plural};

/// A puzzle to play and what is known of its solution.
pub struct PuzzleSession<'p> {
    /// What to call it ("Roundhouse daily #21", a file's title).
    pub heading: String,
    /// The puzzle.
    pub puzzle: &'p Puzzle,
    /// One optimal solution, if known (its length is the optimum).
    pub guide: Option<Vec<Move>>,
    /// Whether the guide may be shown before the end (an archived daily puzzle, a file).
    pub guide_open: bool,
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

const HELP: &str = "Type a move in notation (e.g. `L1 H1>A3 +2`), or:
  moves    list the legal moves     undo     take back the last move
  reset    back to the start        guide    an optimal route (after solving or giving up)
  giveup   give up and open the guide
  quit     stop";

/// Plays `session` with commands read from `input`, writing to `output`, until the goal, `giveup`,
/// `quit` or the end of the input.
pub fn play_puzzle<R: BufRead, W: Write>(
    session: &PuzzleSession<'_>,
    input: R,
    mut output: W,
) -> std::io::Result<PuzzleEnd> {
    let optimum = session.guide.as_ref().map(Vec::len);
    let mut attempt = Session::new(session.puzzle, optimum);
    writeln!(output, "{} · {}", session.heading, session.puzzle.title)?;
    match (optimum, attempt.limit()) {
        (Some(o), Some(m)) => writeln!(output, "Par {o} move{} · limit {m}", plural(o))?,
        _ => writeln!(output, "The optimum is not known, so no rank is given.")?,
    }
    writeln!(output, "{}", goal_text(session.puzzle))?;
    write!(output, "{}", yard_text(session.puzzle, attempt.position()))?;
    writeln!(output, "{HELP}")?;
    let mut end = PuzzleEnd::Stopped;
    for line in input.lines() {
        let line = line?;
        let text = line.trim();
        match text.to_ascii_lowercase().as_str() {
            "" => continue,
            "quit" | "exit" | "q" => break,
            "help" | "h" | "?" => writeln!(output, "{HELP}")?,
            "moves" | "legal" => {
                let legal = attempt.legal();
                if legal.is_empty() {
                    writeln!(output, "No move is possible from here: `undo` or `reset`.")?;
                }
                for m in legal {
                    writeln!(output, "  {}  ({})", m.action, m.action.label())?;
                }
            }
            "undo" => match attempt.undo() {
                Ok(undone) => {
                    writeln!(output, "Took back {undone}.")?;
                    show(&mut output, &attempt)?;
                }
                Err(refusal) => writeln!(output, "{refusal}")?,
            },
            "reset" => match attempt.reset() {
                Ok(taken) => {
                    writeln!(
                        output,
                        "Back to the start ({taken} move{} taken back).",
                        plural(taken)
                    )?;
                    show(&mut output, &attempt)?;
                }
                Err(refusal) => writeln!(output, "{refusal}")?,
            },
            "guide" => match &session.guide {
                Some(guide) if session.guide_open => write_guide(&mut output, guide)?,
                Some(_) => writeln!(
                    output,
                    "The guide opens after you solve the puzzle or give up (`giveup`), or once its day is over (00:00 UTC)."
                )?,
                None => writeln!(output, "No guide: this puzzle was not solved in advance.")?,
            },
            "giveup" | "give up" => {
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
            _ => match attempt.play_text(text) {
                Ok(played) => {
                    writeln!(output, "Move {}: {played}", attempt.count())?;
                    show(&mut output, &attempt)?;
                    if attempt.at_goal() {
                        end = PuzzleEnd::Solved(attempt.count());
                        break;
                    }
                }
                Err(Refusal::Rules(why)) => {
                    writeln!(output, "{why} Type `moves` for the legal moves.")?
                }
                Err(other) => writeln!(output, "{other}")?,
            },
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
        PuzzleEnd::Stopped => writeln!(
            output,
            "Stopped after {} move{}, not solved.",
            attempt.count(),
            plural(attempt.count())
        )?,
        PuzzleEnd::GaveUp => {}
    }
    Ok(end)
}

fn show<W: Write>(output: &mut W, attempt: &Session<'_>) -> std::io::Result<()> {
    write!(
        output,
        "{}",
        yard_text(attempt.puzzle(), attempt.position())
    )
}

fn write_guide<W: Write>(output: &mut W, guide: &[Move]) -> std::io::Result<()> {
    writeln!(
        output,
        "Guide ({} move{}):",
        guide.len(),
        plural(guide.len())
    )?;
    for (i, step) in guide.iter().enumerate() {
        writeln!(output, "  {:>2}. {}", i + 1, step.guide())?;
    }
    Ok(())
}

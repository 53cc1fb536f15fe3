//! One person working a puzzle move by move: the moves so far, undo, reset, the move limit M and the rank
//! (our summary of the rules: `rules.md` beside this file, "Undo and reset" and "The end"). Route cards,
//! the daily puzzle, the terminal and Discord all play through a [`Session`], so they share one set of
//! rules and one wording of every refusal.
//!
//! - A move is kept in its standard spelling: the notation the legal-move list gives the same result,
//!   whatever the player typed (`l1 r2>r3` is kept as `L1 R2>R3 +0`).
//! - Once M moves stand in the log, further moves are refused (a longer route is not solved); the player
//!   undoes or resets instead. Once the goal is reached no move is played.
//! - Undo takes back the last move; reset puts every piece back and clears the log. Neither is a move.

use super::error::MoveError;
use super::moves::LegalMove;
use super::notation::Move;
use super::position::Position;
use super::puzzle::Puzzle;
use super::rank::{Rank, move_limit};

/// A puzzle being played: the moves so far and the positions they lead through.
#[derive(Clone, Debug)]
pub struct Session<'p> {
    puzzle: &'p Puzzle,
    optimum: Option<usize>,
    moves: Vec<Move>,
    /// The start, then the position after each move.
    positions: Vec<Position>,
}

/// A session's moves and the positions they lead through, kept apart from its puzzle (by a game that
/// owns the puzzle itself) and taken up again with [`Session::resume`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Played {
    moves: Vec<Move>,
    positions: Vec<Position>,
}

impl Played {
    /// How many moves stand in the log.
    pub fn count(&self) -> usize {
        self.moves.len()
    }

    /// The position after the last move (`None` before any move: the puzzle's start).
    pub fn last(&self) -> Option<&Position> {
        self.positions.last()
    }
}

/// Why a session refused a move, an undo or a reset. Nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The rules of movement refuse the move; the text says why.
    #[error("{0}")]
    Rules(String),
    /// The move limit M is used up.
    #[error(
        "That would be move {}, past this puzzle's limit of {limit} moves: a longer route does not \
         count as solved. Undo a move or reset to start again.",
        limit + 1
    )]
    Limit {
        /// The puzzle's move limit M.
        limit: usize,
    },
    /// The goal is reached already.
    #[error("The goal is already reached: there is nothing left to move.")]
    Solved,
    /// Undo with no move in the log.
    #[error("There is no move to undo: the pieces stand where the puzzle starts.")]
    NothingToUndo,
    /// Reset with no move in the log.
    #[error("The pieces already stand where the puzzle starts: there is nothing to reset.")]
    AtStart,
}

impl<'p> Session<'p> {
    /// A fresh session at `puzzle`, whose optimum is `optimum` if known (it sets the limit and the ranks;
    /// without it there is no limit and no rank).
    pub fn new(puzzle: &'p Puzzle, optimum: Option<usize>) -> Self {
        Session::resume(puzzle, optimum, Played::default())
    }

    /// A session of `puzzle` that goes on from `played`, which [`Session::played`] took from a session
    /// of the same puzzle.
    pub fn resume(puzzle: &'p Puzzle, optimum: Option<usize>, played: Played) -> Self {
        let Played {
            moves,
            mut positions,
        } = played;
        if positions.is_empty() {
            positions.push(puzzle.start);
        }
        Session {
            puzzle,
            optimum,
            moves,
            positions,
        }
    }

    /// The moves and positions so far, to keep and [`Session::resume`] later.
    pub fn played(&self) -> Played {
        Played {
            moves: self.moves.clone(),
            positions: self.positions.clone(),
        }
    }

    /// Replays stored moves under the same rules; a move that no longer plays is reported with its
    /// number.
    pub fn replay<S: AsRef<str>>(
        puzzle: &'p Puzzle,
        optimum: Option<usize>,
        moves: &[S],
    ) -> Result<Self, String> {
        let mut session = Session::new(puzzle, optimum);
        for (i, text) in moves.iter().enumerate() {
            let text = text.as_ref();
            session
                .play_text(text)
                .map_err(|e| format!("stored move {} `{text}` no longer plays: {e}", i + 1))?;
        }
        Ok(session)
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &'p Puzzle {
        self.puzzle
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        self.positions.last().unwrap_or(&self.puzzle.start)
    }

    /// The moves so far, in their standard spelling.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The moves so far as text, as the store keeps them.
    pub fn moves_text(&self) -> Vec<String> {
        self.moves.iter().map(ToString::to_string).collect()
    }

    /// How many moves stand in the log.
    pub fn count(&self) -> usize {
        self.moves.len()
    }

    /// The optimum, if known.
    pub fn optimum(&self) -> Option<usize> {
        self.optimum
    }

    /// The move limit M, if the optimum is known.
    pub fn limit(&self) -> Option<usize> {
        self.optimum.map(move_limit)
    }

    /// Whether the goal is reached.
    pub fn at_goal(&self) -> bool {
        self.puzzle.is_solved(self.position())
    }

    /// Whether the limit is used up (no move may be added).
    pub fn at_limit(&self) -> bool {
        self.limit().is_some_and(|m| self.count() >= m)
    }

    /// The rank the moves so far earn at the goal (`None` away from the goal or without an optimum).
    pub fn rank(&self) -> Option<Rank> {
        self.optimum
            .filter(|_| self.at_goal())
            .and_then(|o| Rank::for_moves(self.count(), o))
    }

    /// Every move [`Session::play`] would accept now: none at the goal or at the limit.
    pub fn legal(&self) -> Vec<LegalMove> {
        if self.at_goal() || self.at_limit() {
            return Vec::new();
        }
        self.puzzle.legal_moves(self.position())
    }

    /// Reads a move written in notation and plays it; see [`Session::play`].
    pub fn play_text(&mut self, text: &str) -> Result<Move, Refusal> {
        self.refuse_any_move()?;
        let step: Move = text
            .parse()
            .map_err(|e: MoveError| Refusal::Rules(sentence(&e)))?;
        self.play(&step)
    }

    /// Plays `step`; returns it in its standard spelling, the form the log keeps.
    pub fn play(&mut self, step: &Move) -> Result<Move, Refusal> {
        self.refuse_any_move()?;
        let next = self
            .puzzle
            .play(self.position(), step)
            .map_err(|e| Refusal::Rules(explain(step, &e)))?;
        let standard = self
            .puzzle
            .legal_moves(self.position())
            .into_iter()
            .find(|m| m.result == next)
            .map_or_else(|| step.clone(), |m| m.action);
        self.moves.push(standard.clone());
        self.positions.push(next);
        Ok(standard)
    }

    /// Takes back the last move and returns it.
    pub fn undo(&mut self) -> Result<Move, Refusal> {
        let undone = self.moves.pop().ok_or(Refusal::NothingToUndo)?;
        self.positions.pop();
        Ok(undone)
    }

    /// Puts every piece back where the puzzle starts; returns how many moves were taken back.
    pub fn reset(&mut self) -> Result<usize, Refusal> {
        let taken = self.moves.len();
        if taken == 0 {
            return Err(Refusal::AtStart);
        }
        self.moves.clear();
        self.positions.truncate(1);
        Ok(taken)
    }

    /// The refusal any move meets now, whatever it is: the goal is reached or the limit used up.
    fn refuse_any_move(&self) -> Result<(), Refusal> {
        if self.at_goal() {
            return Err(Refusal::Solved);
        }
        match self.limit() {
            Some(limit) if self.count() >= limit => Err(Refusal::Limit { limit }),
            _ => Ok(()),
        }
    }
}

/// A refused move in words: "L1 cannot reach A5: blocked by broken track at A4." for a move that names
/// real things but breaks the rules; the error itself, as a sentence, for a move that names wrong ones.
fn explain(step: &Move, error: &MoveError) -> String {
    let names_something_wrong = matches!(
        error,
        MoveError::Notation { .. }
            | MoveError::NoSuchLoco(_)
            | MoveError::NoSuchSlot(_)
            | MoveError::NotALoco(_)
            | MoveError::NoSuchTurntable(_)
            | MoveError::NotThere { .. }
    );
    match step {
        _ if names_something_wrong => sentence(error),
        Move::Drive(drive) => format!("{} cannot reach {}: {error}.", drive.loco, drive.to),
        Move::Turn { table } => format!("Turntable {table} cannot turn: {error}."),
    }
}

/// An error as a sentence: capital first letter, full stop.
fn sentence(error: &MoveError) -> String {
    let mut message = error.to_string();
    if let Some(first) = message.get(..1) {
        message.replace_range(..1, &first.to_uppercase());
    }
    format!("{message}.")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::shunting::builtin;

    fn shed() -> Puzzle {
        builtin::puzzle("shed-1").unwrap().unwrap()
    }

    /// A legal move that does not reach the goal.
    fn detour(session: &Session<'_>) -> Move {
        session
            .legal()
            .into_iter()
            .find(|m| !session.puzzle().is_solved(&m.result))
            .expect("a move away from the goal")
            .action
    }

    #[test]
    fn moves_undo_and_reset_keep_log_and_position_together() {
        let puzzle = shed();
        let mut session = Session::new(&puzzle, Some(3));
        let first = session.legal()[0].clone();
        assert_eq!(session.play(&first.action), Ok(first.action.clone()));
        assert_eq!(*session.position(), first.result);
        let second = session.legal()[0].clone();
        session.play(&second.action).unwrap();
        assert_eq!(session.count(), 2);
        assert_eq!(session.undo(), Ok(second.action));
        assert_eq!(*session.position(), first.result);
        let again = Session::replay(&puzzle, Some(3), &session.moves_text()).unwrap();
        assert_eq!(again.position(), session.position());
        assert_eq!(session.reset(), Ok(1));
        assert_eq!(*session.position(), puzzle.start);
        assert_eq!(session.undo(), Err(Refusal::NothingToUndo));
        assert_eq!(session.reset(), Err(Refusal::AtStart));
    }

    #[test]
    fn refusals_change_nothing_and_say_why() {
        let puzzle = shed();
        let mut session = Session::new(&puzzle, Some(3));
        for bad in ["", "L1", "Red R1>R2", "L1 R2>R2", "Q9 A1>A2"] {
            let refusal = session.play_text(bad).unwrap_err();
            assert!(matches!(refusal, Refusal::Rules(_)), "{bad}: {refusal}");
            assert_eq!(session.count(), 0);
            assert_eq!(*session.position(), puzzle.start);
        }
        assert_eq!(
            session.play_text("L1 R2>R1 +1"),
            Err(Refusal::Rules(
                "L1 cannot reach R1: loco L1 has only 0 pieces behind it.".to_owned()
            ))
        );
        assert_eq!(
            session.play_text("l1 r3>r1"),
            Err(Refusal::Rules("L1 stands at R2, not R3.".to_owned()))
        );
        assert!(
            Session::replay(&puzzle, None, &["L1 R2>R2"])
                .unwrap_err()
                .contains("stored move 1")
        );
    }

    #[test]
    fn no_limit_without_an_optimum() {
        let puzzle = shed();
        let mut session = Session::new(&puzzle, None);
        for _ in 0..20 {
            let step = detour(&session);
            session.play(&step).unwrap();
        }
        assert_eq!(session.limit(), None);
        assert_eq!(session.count(), 20);
    }
}

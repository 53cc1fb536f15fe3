//! Playing one shunting puzzle move by move: the log, undo, reset, the move limit and the rank. Shared by
//! the daily puzzle on Discord (replayed from the stored log) and by `roundhouse puzzle play`.

use crate::games::shunting::{LegalMove, Move, MoveError, Position, Puzzle, Rank, move_limit};

/// A puzzle being played: the moves so far and the positions they lead through.
#[derive(Clone, Debug)]
pub struct Attempt<'p> {
    puzzle: &'p Puzzle,
    optimum: Option<usize>,
    moves: Vec<String>,
    positions: Vec<Position>,
}

/// Why a move was not played. Nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The rules refuse it.
    #[error("{0}")]
    Rules(String),
    /// The move limit M is used up.
    #[error(
        "You have used all {limit} moves this puzzle allows; a longer route does not count as solved. \
         Undo some moves or reset to try again."
    )]
    Limit {
        /// The puzzle's move limit M.
        limit: usize,
    },
    /// The goal is reached already.
    #[error("The goal is already reached.")]
    Solved,
}

impl<'p> Attempt<'p> {
    /// A fresh attempt at `puzzle`, whose optimum is `optimum` if known (it sets the limit and ranks).
    pub fn new(puzzle: &'p Puzzle, optimum: Option<usize>) -> Self {
        Attempt {
            puzzle,
            optimum,
            moves: Vec::new(),
            positions: vec![puzzle.start],
        }
    }

    /// Replays a stored log; a move that no longer plays is reported with its number.
    pub fn replay(
        puzzle: &'p Puzzle,
        optimum: Option<usize>,
        moves: &[String],
    ) -> Result<Self, String> {
        let mut attempt = Attempt::new(puzzle, optimum);
        for (i, text) in moves.iter().enumerate() {
            let next = puzzle
                .play_text(attempt.position(), text)
                .map_err(|e| format!("stored move {} `{text}` no longer plays: {e}", i + 1))?;
            attempt.moves.push(text.clone());
            attempt.positions.push(next);
        }
        Ok(attempt)
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &'p Puzzle {
        self.puzzle
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        self.positions.last().unwrap_or(&self.puzzle.start)
    }

    /// The moves so far, in notation.
    pub fn moves(&self) -> &[String] {
        &self.moves
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

    /// The rank the moves so far earn at the goal (`None` away from the goal or without an optimum).
    pub fn rank(&self) -> Option<Rank> {
        self.optimum
            .filter(|_| self.at_goal())
            .and_then(|o| Rank::for_moves(self.count(), o))
    }

    /// Every legal move now.
    pub fn legal(&self) -> Vec<LegalMove> {
        self.puzzle.legal_moves(self.position())
    }

    /// Plays a move written in notation; returns it in the notation the log keeps.
    pub fn play(&mut self, text: &str) -> Result<String, Refusal> {
        if self.at_goal() {
            return Err(Refusal::Solved);
        }
        let next = self
            .puzzle
            .play_text(self.position(), text)
            .map_err(|e| Refusal::Rules(explain_refusal(text, &e)))?;
        if let Some(limit) = self.limit().filter(|&m| self.count() >= m) {
            return Err(Refusal::Limit { limit });
        }
        let notation = self
            .legal()
            .into_iter()
            .find(|m| m.result == next)
            .map_or_else(|| text.trim().to_owned(), |m| m.action.to_string());
        self.moves.push(notation.clone());
        self.positions.push(next);
        Ok(notation)
    }

    /// Takes back the last move; returns it, or `None` if there was none.
    pub fn undo(&mut self) -> Option<String> {
        let undone = self.moves.pop()?;
        self.positions.pop();
        Some(undone)
    }

    /// Back to the start; returns how many moves were taken back.
    pub fn reset(&mut self) -> usize {
        let taken = self.moves.len();
        self.moves.clear();
        self.positions.truncate(1);
        taken
    }
}

/// A refusal in words: "L1 cannot reach A5: …" for a move that reads well but breaks the rules.
pub fn explain_refusal(text: &str, error: &MoveError) -> String {
    let readable = matches!(
        error,
        MoveError::Notation { .. }
            | MoveError::NoSuchLoco(_)
            | MoveError::NoSuchSlot(_)
            | MoveError::NotALoco(_)
            | MoveError::NoSuchTurntable(_)
            | MoveError::NotThere { .. }
    );
    match text.parse::<Move>() {
        Ok(Move::Drive(drive)) if !readable => {
            format!("{} cannot reach {}: {error}.", drive.loco, drive.to)
        }
        Ok(Move::Turn { table }) if !readable => format!("Turntable {table} cannot turn: {error}."),
        _ => {
            let mut message = error.to_string();
            if let Some(first) = message.get(..1) {
                message.replace_range(..1, &first.to_uppercase());
            }
            format!("{message}.")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::shunting::builtin;

    fn shed() -> Puzzle {
        builtin::puzzle("shed-1").unwrap().unwrap()
    }

    #[test]
    fn moves_undo_and_reset_keep_log_and_position_together() {
        let puzzle = shed();
        let mut attempt = Attempt::new(&puzzle, Some(3));
        let first = attempt.legal()[0].clone();
        let played = attempt.play(&first.action.to_string()).unwrap();
        assert_eq!(played, first.action.to_string());
        assert_eq!(*attempt.position(), first.result);
        let second = attempt.legal()[0].clone();
        attempt.play(&second.action.to_string()).unwrap();
        assert_eq!(attempt.count(), 2);
        assert_eq!(attempt.undo(), Some(second.action.to_string()));
        assert_eq!(*attempt.position(), first.result);
        let again = Attempt::replay(&puzzle, Some(3), attempt.moves()).unwrap();
        assert_eq!(again.position(), attempt.position());
        assert_eq!(attempt.reset(), 1);
        assert_eq!(*attempt.position(), puzzle.start);
        assert_eq!(attempt.undo(), None);
    }

    #[test]
    fn refusals_change_nothing_and_say_why() {
        let puzzle = shed();
        let mut attempt = Attempt::new(&puzzle, Some(3));
        for bad in ["", "L1", "Red R1>R2", "L1 R2>R2", "Q9 A1>A2"] {
            let refusal = attempt.play(bad).unwrap_err();
            assert!(matches!(refusal, Refusal::Rules(_)), "{bad}: {refusal}");
            assert_eq!(attempt.count(), 0);
            assert_eq!(*attempt.position(), puzzle.start);
        }
        assert_eq!(
            attempt.play("L1 R2>R1 +1"),
            Err(Refusal::Rules(
                "L1 cannot reach R1: loco L1 has only 0 pieces behind it.".to_owned()
            ))
        );
        assert_eq!(
            attempt.play("l1 r3>r1"),
            Err(Refusal::Rules("L1 stands at R2, not R3.".to_owned()))
        );
        assert!(
            Attempt::replay(&puzzle, None, &["L1 R2>R2".to_owned()])
                .unwrap_err()
                .contains("stored move 1")
        );
    }

    #[test]
    fn the_limit_stops_moves_beyond_it() {
        let puzzle = shed();
        // An optimum of 0 makes the limit 8 moves.
        let mut attempt = Attempt::new(&puzzle, Some(0));
        while attempt.count() < 8 {
            let next = attempt
                .legal()
                .into_iter()
                .find(|m| !puzzle.is_solved(&m.result))
                .unwrap();
            attempt.play(&next.action.to_string()).unwrap();
        }
        let next = attempt.legal()[0].action.to_string();
        assert_eq!(attempt.play(&next), Err(Refusal::Limit { limit: 8 }));
        assert_eq!(attempt.count(), 8);
    }
}

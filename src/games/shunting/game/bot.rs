//! The computer player: it plays an optimal line, the card's guide while the game follows it, and
//! otherwise the solver's answer from where the pieces stand, or a reset when that answer would pass the
//! card's move limit.

use super::{Action, Shunting};
use crate::game::{BotPlayer, GameRng, SeatSight};
use crate::games::shunting::solver::{SolveOptions, solve};

impl BotPlayer for Shunting {
    /// Nothing is hidden in a puzzle, so the one sample is the table itself.
    fn choose(sight: &SeatSight<'_, Shunting>, rng: &mut GameRng) -> Action {
        let table = sight.sample(rng);
        let board = table.board();
        let log = table.log();
        let attempt = log
            .iter()
            .rposition(|a| *a == Action::Reset)
            .map_or(log, |i| &log[i + 1..]);
        let guide = board.guide();
        let on_guide = attempt.len() < guide.len()
            && attempt
                .iter()
                .zip(guide)
                .all(|(a, g)| *a == Action::Move(g.clone()));
        if on_guide {
            return Action::Move(guide[attempt.len()].clone());
        }
        let mut from_here = board.puzzle().clone();
        from_here.start = *table.position();
        match solve(&from_here, &SolveOptions::default()) {
            Ok(solution)
                if !solution.moves.is_empty()
                    && table.moves() + solution.moves.len() <= board.limit() =>
            {
                Action::Move(solution.moves[0].clone())
            }
            // No way on from here within the solver's reach or the card's limit: start the card again.
            _ if table.moves() > 0 => Action::Reset,
            _ => sight.legal().into_iter().next().unwrap_or(Action::Reset),
        }
    }
}

//! The computer player: it plays an optimal line, the card's guide while the game follows it, and
//! otherwise the solver's answer from where the pieces stand, or a reset when that answer would pass the
//! card's move limit.

use super::{Action, Shunting};
use crate::game::{BotPlayer, Game, GameRng, Seat};
use crate::games::shunting::solver::{SolveOptions, solve};

impl BotPlayer for Shunting {
    fn bot_action(&self, seat: Seat, _rng: &mut GameRng) -> Action {
        let card = self.card;
        let attempt = self
            .log
            .iter()
            .rposition(|a| *a == Action::Reset)
            .map_or(&self.log[..], |i| &self.log[i + 1..]);
        let on_guide = attempt.len() < card.guide.len()
            && attempt
                .iter()
                .zip(&card.guide)
                .all(|(a, g)| *a == Action::Move(g.clone()));
        if on_guide {
            return Action::Move(card.guide[attempt.len()].clone());
        }
        let mut from_here = card.puzzle.clone();
        from_here.start = *self.position();
        match solve(&from_here, &SolveOptions::default()) {
            Ok(solution)
                if !solution.moves.is_empty()
                    && self.moves() + solution.moves.len() <= card.limit() =>
            {
                Action::Move(solution.moves[0].clone())
            }
            // No way on from here within the solver's reach or the card's limit: start the card again.
            _ if self.moves() > 0 => Action::Reset,
            _ => self.legal(seat).into_iter().next().unwrap_or(Action::Reset),
        }
    }
}

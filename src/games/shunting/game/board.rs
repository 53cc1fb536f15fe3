//! What a shunting game is played on: a shipped route card, or a deal of Wright's classic Inglenook
//! made from the game's seed and solved when it was dealt.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::game::SetupError;
use crate::games::shunting::cards::{Card, Colour, checked_guide};
use crate::games::shunting::notation::Move;
use crate::games::shunting::puzzle::Puzzle;
use crate::games::shunting::rank::move_limit;
use crate::games::shunting::solver::{SolveOptions, solve};
use crate::games::shunting::wright::WrightDeal;

/// A deal of Wright's Inglenook with its optimum and one optimal solution, as the setup and the
/// stored game keep it (so a game is not solved again each time it is loaded).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WrightSetup {
    /// Where the wagons start and the train to form.
    pub deal: WrightDeal,
    /// The fewest moves.
    pub optimum: usize,
    /// One optimal solution, a move per entry in notation.
    pub guide: Vec<String>,
}

impl WrightSetup {
    /// The deal solved. Fails when the solver cannot answer within its limits.
    pub fn solved(deal: WrightDeal) -> Result<WrightSetup, SetupError> {
        let puzzle = deal.puzzle().map_err(|e| SetupError(e.to_string()))?;
        let solution = solve(&puzzle, &SolveOptions::default())
            .map_err(|e| SetupError(format!("Wright's Inglenook: {e}")))?;
        Ok(WrightSetup {
            deal,
            optimum: solution.optimum(),
            guide: solution.moves.iter().map(ToString::to_string).collect(),
        })
    }
}

/// A deal of Wright's Inglenook ready to play: its setup, puzzle and guide.
#[derive(Debug)]
pub struct Wright {
    setup: WrightSetup,
    puzzle: Puzzle,
    guide: Vec<Move>,
}

/// The puzzle a game is played on.
#[derive(Clone, Debug)]
pub enum Board {
    /// A shipped route card.
    Card(&'static Card),
    /// A deal of Wright's Inglenook.
    Wright(Arc<Wright>),
}

impl Board {
    /// The board for a Wright setup, whose guide must solve its deal in exactly its optimum.
    pub fn wright(setup: WrightSetup) -> Result<Board, SetupError> {
        let puzzle = setup.deal.puzzle().map_err(|e| SetupError(e.to_string()))?;
        let guide = checked_guide(&puzzle, setup.optimum, &setup.guide).map_err(|why| {
            if setup.guide.is_empty() && !puzzle.is_solved(&puzzle.start) {
                SetupError(
                    "Wright's Inglenook: this deal has no solution stored (the solver could not \
                     answer when it was dealt); start a new game to deal another"
                        .to_owned(),
                )
            } else {
                SetupError(format!("Wright's Inglenook: the guide {why}"))
            }
        })?;
        Ok(Board::Wright(Arc::new(Wright {
            setup,
            puzzle,
            guide,
        })))
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &Puzzle {
        match self {
            Board::Card(card) => &card.puzzle,
            Board::Wright(wright) => &wright.puzzle,
        }
    }

    /// The fewest moves.
    pub fn optimum(&self) -> usize {
        match self {
            Board::Card(card) => card.optimum,
            Board::Wright(wright) => wright.setup.optimum,
        }
    }

    /// The move limit M.
    pub fn limit(&self) -> usize {
        move_limit(self.optimum())
    }

    /// One optimal solution.
    pub fn guide(&self) -> &[Move] {
        match self {
            Board::Card(card) => &card.guide,
            Board::Wright(wright) => &wright.guide,
        }
    }

    /// The route card's number (none for Wright's Inglenook).
    pub fn number(&self) -> Option<u32> {
        match self {
            Board::Card(card) => Some(card.number),
            Board::Wright(_) => None,
        }
    }

    /// The route card's colour (none for Wright's Inglenook).
    pub fn colour(&self) -> Option<Colour> {
        match self {
            Board::Card(card) => Some(card.colour),
            Board::Wright(_) => None,
        }
    }

    /// The Wright setup, if this is one.
    pub fn wright_setup(&self) -> Option<&WrightSetup> {
        match self {
            Board::Card(_) => None,
            Board::Wright(wright) => Some(&wright.setup),
        }
    }

    /// "Route card 7 (green)" or "Wright's Inglenook".
    pub fn heading(&self) -> String {
        match self {
            Board::Card(card) => card.heading(),
            Board::Wright(_) => "Wright's Inglenook".to_owned(),
        }
    }
}

//! Shunting puzzles: a yard of tracks, turnouts and turntables; locos that push and pull cars; a goal;
//! and an exact solver for the fewest moves. Rulings: `rules.md`; file format: `FORMAT.md`.
//!
//! Load a [`Puzzle`] (from a file with [`Puzzle::from_toml`] or built in with [`builtin::puzzle`]), list
//! [`Puzzle::legal_moves`] from a [`Position`], play one with [`Puzzle::play`] (refusals say why), and
//! [`solve`] it. A person plays a puzzle through a [`Session`]: the log, undo, reset, the limit and the rank.

pub mod builtin;
pub mod cards;
pub mod daily;
pub mod draw;
pub mod error;
pub mod format;
pub mod game;
pub mod generate;
pub mod goal;
pub mod menu;
pub mod moves;
pub mod notation;
pub mod position;
pub mod present;
pub mod puzzle;
pub mod rank;
pub mod session;
pub mod solver;
pub mod timesaver;
mod walk;
pub mod wright;
pub mod write;
pub mod yard;
mod yard_build;

pub use error::{LoadError, MoveError};
pub use goal::{Goal, Group, Kept};
pub use moves::LegalMove;
pub use notation::{Direction, Drive, Move, Via};
pub use position::Position;
pub use puzzle::{Piece, PieceKind, Puzzle};
pub use rank::{Rank, move_limit};
pub use session::{Played, Refusal, Session};
pub use solver::{
    GoalDistances, Impossible, Solution, SolveError, SolveOptions, impossible, solve,
};
pub use yard::{SlotId, Yard};

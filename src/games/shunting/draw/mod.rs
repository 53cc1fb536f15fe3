//! The yard as a picture: tracks as rails with a line between slots, every slot's name, turnouts with
//! their leg numbers, buffer stops, turntables turned to their position, broken tracks crossed out,
//! cars in their colours, locos showing their front (headlamp) and coupling end, and goal slots holding
//! a ghost of the piece that must end there, and slots the goal keeps empty or clear of cars.
//!
//! Tracks lie where the yard file's drawing hints put them; tracks without hints are placed from the
//! track graph, so any valid yard draws.

mod board;
mod geometry;
#[cfg(test)]
mod kept_tests;
mod layout;
mod marks;
mod panel;
mod piece;
mod place;
mod style;
#[cfg(test)]
mod tests;
mod tracks;
mod vector;

use render::{Canvas, encode_png};

pub use panel::PANEL_WIDTH;

use super::position::Position;
use super::puzzle::Puzzle;

/// Extras for one picture of the yard.
#[derive(Clone, Copy, Debug, Default)]
pub struct Frame<'a> {
    /// The line under the title (the move count and the last move, say); a summary of the yard and
    /// its pieces when `None`.
    pub caption: Option<&'a str>,
    /// The position before the last move: pieces that moved since are ringed, and the slots they
    /// left (if empty now) outlined.
    pub previous: Option<&'a Position>,
}

/// The yard with the pieces where `position` puts them, as a PNG.
pub fn yard_png(puzzle: &Puzzle, position: &Position) -> Vec<u8> {
    yard_png_framed(puzzle, position, &Frame::default())
}

/// The yard with the pieces where `position` puts them and `frame`'s caption and highlights.
pub fn yard_picture(puzzle: &Puzzle, position: &Position, frame: &Frame<'_>) -> Canvas {
    board::draw(puzzle, position, frame)
}

/// [`yard_picture`] as a PNG.
pub fn yard_png_framed(puzzle: &Puzzle, position: &Position, frame: &Frame<'_>) -> Vec<u8> {
    encode_png(&yard_picture(puzzle, position, frame))
}

/// The yard for a seat's turn panel, track by track, readable on a phone (see [`panel`]), under
/// `title` and `caption`, as a PNG.
pub fn panel_png(puzzle: &Puzzle, position: &Position, title: &str, caption: &str) -> Vec<u8> {
    encode_png(&panel::draw(puzzle, position, title, caption))
}

//! The yard as a picture.

use render::{Canvas, encode_png, palette};

use super::position::Position;
use super::puzzle::Puzzle;

/// The yard with the pieces where `position` puts them, as a PNG.
pub fn yard_png(_puzzle: &Puzzle, _position: &Position) -> Vec<u8> {
    encode_png(&Canvas::new(64, 64, palette::BACKGROUND))
}

//! Pictures of a Whistlewood table (to be drawn with the render kit).

use super::view::WhistlewoodView;

/// The board as a PNG.
pub fn board_png(_view: &WhistlewoodView, _names: &[String]) -> Vec<u8> {
    Vec::new()
}

/// The viewer's hand as a PNG.
pub fn hand_png(_view: &WhistlewoodView) -> Option<Vec<u8>> {
    None
}

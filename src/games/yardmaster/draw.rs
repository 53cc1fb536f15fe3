//! Pictures of a Yardmaster table, made from a view with the render kit.

use super::view::YardmasterView;

/// A PNG of the table as the view shows it; `names` are the players' names in seat order.
pub fn board_png(_view: &YardmasterView, _names: &[String]) -> Vec<u8> {
    Vec::new()
}

/// A PNG of the viewer's hand (and kept card), if the view holds any.
pub fn hand_png(_view: &YardmasterView) -> Option<Vec<u8>> {
    None
}

//! Pictures of a Whistlewood table, made from a view with the render kit.
//!
//! [`board_png`] shows the map as it lies on the table, the shared train between its two rows, both
//! players with their scores as they stand now, and the turn or the result; [`hand_png`] shows the
//! viewer's tiles in hand and their own discard pile. Both read only a [`WhistlewoodView`], so nothing
//! hidden can leak into a picture.

mod board;
mod car;
mod card;
mod columns;
mod hand;
mod header;
mod icons;
mod map;
mod players;
mod results;
mod style;
#[cfg(test)]
mod tests;
mod train;
mod turn;

use super::view::WhistlewoodView;

/// A PNG of the table as the view shows it; `names` are the players' names in seat order.
pub fn board_png(view: &WhistlewoodView, names: &[String]) -> Vec<u8> {
    render::encode_png(&board::draw(view, names))
}

/// A PNG of the viewer's hand and discard pile, or `None` when the view holds no hand.
pub fn hand_png(view: &WhistlewoodView) -> Option<Vec<u8>> {
    hand::draw(view).map(|canvas| render::encode_png(&canvas))
}

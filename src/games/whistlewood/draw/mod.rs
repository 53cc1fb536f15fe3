//! Pictures of a Whistlewood table, made from a view with the render kit.
//!
//! [`board_png`] shows the map as it lies on the table, the shared train between its two rows, both
//! players with their scores as they stand now, and the turn or the result; [`hand_png`] shows the
//! viewer's tiles in hand and their own discard pile. Both read only a [`WhistlewoodView`], so nothing
//! hidden can leak into a picture.

mod board;
mod car;
mod card;
mod changes;
mod columns;
mod hand;
mod header;
mod icons;
mod map;
mod panel;
mod players;
mod results;
mod style;
#[cfg(test)]
mod tests;
mod train;
mod turn;

use render::Canvas;

use super::view::WhistlewoodView;
use changes::Changes;

/// The table as the view shows it; `names` are the players' names in seat order.
pub fn board_picture(view: &WhistlewoodView, names: &[String]) -> Canvas {
    board::draw(view, names, &Changes::default())
}

/// The board as [`board_picture`] draws it, with what changed since `before` ringed: the cards
/// claimed, the cars placed, the locomotive if it moved.
pub fn board_picture_since(
    view: &WhistlewoodView,
    before: &WhistlewoodView,
    names: &[String],
) -> Canvas {
    board::draw(view, names, &changes::since(view, before))
}

/// [`board_picture`] as a PNG.
pub fn board_png(view: &WhistlewoodView, names: &[String]) -> Vec<u8> {
    render::encode_png(&board_picture(view, names))
}

/// [`board_picture_since`] as a PNG.
pub fn board_png_since(
    view: &WhistlewoodView,
    before: &WhistlewoodView,
    names: &[String],
) -> Vec<u8> {
    render::encode_png(&board_picture_since(view, before, names))
}

/// The picture of a seat's private turn panel (its hand and the map as it matters now); `None` for a
/// spectator or a seat without a hand.
pub fn panel_png(view: &WhistlewoodView, names: &[String]) -> Option<Vec<u8>> {
    panel::draw(view, names).map(|canvas| render::encode_png(&canvas))
}

/// A PNG of the viewer's hand and discard pile, or `None` when the view holds no hand.
pub fn hand_png(view: &WhistlewoodView) -> Option<Vec<u8>> {
    hand::draw(view).map(|canvas| render::encode_png(&canvas))
}

//! Pictures of a Yardmaster table, made from a view with the render kit.
//!
//! [`board_png`] shows everyone's train, scores and the table's state; [`hand_png`] shows the viewer's
//! private cards. Both read only a [`YardmasterView`], so hidden faces can never leak into a picture.

mod board;
mod card;
mod engine;
mod hand;
mod header;
mod panel;
mod player;
mod results;
mod style;
#[cfg(test)]
mod tests;

pub use style::seat_name;

use render::Canvas;

use super::view::YardmasterView;

/// The table as the view shows it; `names` are the players' names in seat order.
pub fn board_picture(view: &YardmasterView, names: &[String]) -> Canvas {
    board::draw(view, names, None)
}

/// The board as [`board_picture`] draws it, with the cards added since `before` ringed.
pub fn board_picture_since(
    view: &YardmasterView,
    before: &YardmasterView,
    names: &[String],
) -> Canvas {
    board::draw(view, names, Some(before))
}

/// [`board_picture`] as a PNG.
pub fn board_png(view: &YardmasterView, names: &[String]) -> Vec<u8> {
    render::encode_png(&board_picture(view, names))
}

/// [`board_picture_since`] as a PNG.
pub fn board_png_since(
    view: &YardmasterView,
    before: &YardmasterView,
    names: &[String],
) -> Vec<u8> {
    render::encode_png(&board_picture_since(view, before, names))
}

/// The picture of a seat's private turn panel (its train's end and its hand); `None` for a spectator.
pub fn panel_png(view: &YardmasterView, names: &[String]) -> Option<Vec<u8>> {
    panel::draw(view, names).map(|canvas| render::encode_png(&canvas))
}

/// A PNG of the viewer's hand (and kept card), if the view holds any.
pub fn hand_png(view: &YardmasterView) -> Option<Vec<u8>> {
    hand::draw(view).map(|canvas| render::encode_png(&canvas))
}

//! Pictures of a Yardmaster table, made from a view with the render kit.
//!
//! [`board_png`] shows everyone's train, scores and the table's state; [`hand_png`] shows the viewer's
//! private cards. Both read only a [`YardmasterView`], so hidden faces can never leak into a picture.

mod board;
mod card;
mod engine;
mod hand;
mod header;
mod player;
mod results;
mod style;
#[cfg(test)]
mod tests;

use super::view::YardmasterView;

/// A PNG of the table as the view shows it; `names` are the players' names in seat order.
pub fn board_png(view: &YardmasterView, names: &[String]) -> Vec<u8> {
    render::encode_png(&board::draw(view, names))
}

/// A PNG of the viewer's hand (and kept card), if the view holds any.
pub fn hand_png(view: &YardmasterView) -> Option<Vec<u8>> {
    hand::draw(view).map(|canvas| render::encode_png(&canvas))
}

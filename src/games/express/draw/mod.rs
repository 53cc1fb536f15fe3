//! Pictures of an Express table, made from a view with the render kit.
//!
//! [`board_png`] shows the piles and what happens now, every seat's trains (Locos face down unless they
//! are the viewer's own), Way Cars, hand sizes and totals, the scores per hand and, at the end, the
//! standings; [`hand_png`] shows the viewer's hand and Locos. Both read only an [`ExpressView`], so nothing
//! hidden can leak into a picture.

mod board;
mod card;
mod hand;
mod piles;
mod scores;
mod seats;
mod style;
#[cfg(test)]
mod tests;

use super::view::ExpressView;

/// A PNG of the table as the view shows it; `names` are the players' names in seat order.
pub fn board_png(view: &ExpressView, names: &[String]) -> Vec<u8> {
    render::encode_png(&board::draw(view, names))
}

/// A PNG of the viewer's hand and Locos, or `None` when the view holds no hand.
pub fn hand_png(view: &ExpressView) -> Option<Vec<u8>> {
    hand::draw(view).map(|canvas| render::encode_png(&canvas))
}

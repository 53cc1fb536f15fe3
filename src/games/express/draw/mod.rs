//! Pictures of an Express table, made from a view with the render kit.
//!
//! [`board_picture`] shows the piles and what happens now, every seat's trains (Locos face down unless
//! they are the viewer's own), Way Cars, hand sizes and totals, the scores per hand and, at the end,
//! the standings; [`board_picture_since`] marks on it what changed since an earlier view; [`hand_png`]
//! shows the viewer's hand and Locos; [`panel_png`] is the seat's turn-panel picture for a phone. All read only
//! [`ExpressView`]s, so nothing hidden can leak into a picture.

mod board;
mod card;
mod hand;
mod marks;
mod panel;
mod piles;
mod scores;
mod seats;
mod style;
#[cfg(test)]
mod tests;

use render::Canvas;

use super::view::ExpressView;
use marks::Marks;

/// The table as the view shows it; `names` are the players' names in seat order.
pub fn board_picture(view: &ExpressView, names: &[String]) -> Canvas {
    board::draw(view, names, &Marks::default())
}

/// The table as the view shows it, with what changed since `before` (the same viewer's earlier view)
/// outlined and named.
pub fn board_picture_since(view: &ExpressView, before: &ExpressView, names: &[String]) -> Canvas {
    board::draw(view, names, &Marks::between(view, before))
}

/// A PNG of the seat's turn panel, or `None` when the view holds no hand.
pub fn panel_png(view: &ExpressView, names: &[String]) -> Option<Vec<u8>> {
    panel::draw(view, names).map(|canvas| render::encode_png(&canvas))
}

/// A PNG of the viewer's hand and Locos, or `None` when the view holds no hand.
pub fn hand_png(view: &ExpressView) -> Option<Vec<u8>> {
    hand::draw(view).map(|canvas| render::encode_png(&canvas))
}

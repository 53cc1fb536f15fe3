//! The picture of a Coal Train table, made from a view with the render kit: the heading, the turn bar or
//! the result, the map with every station and the incentives left, the market with the agents and the
//! rondel, and a strip per player. It reads only a [`CoalTrainView`], so a face-down tile stays a back.

mod board;
mod changes;
mod map;
mod market;
mod offers;
mod panel;
mod panel_map;
mod panel_market;
mod players;
mod rondel;
mod status;
mod style;
#[cfg(test)]
mod tests;

use render::Canvas;

use super::view::CoalTrainView;
use changes::Changes;

/// The table as the view shows it; `names` are the players' names in seat order.
pub fn board_picture(view: &CoalTrainView, names: &[String]) -> Canvas {
    board::draw(view, names, &Changes::default())
}

/// The board as [`board_picture`] draws it, with what changed since `before` outlined.
pub fn board_picture_since(
    view: &CoalTrainView,
    before: &CoalTrainView,
    names: &[String],
) -> Canvas {
    board::draw(view, names, &Changes::between(view, before))
}

/// A PNG of the private turn panel of the seat whose view this is; none for a spectator.
pub fn panel_png(view: &CoalTrainView, names: &[String]) -> Option<Vec<u8>> {
    panel::draw(view, names).map(|canvas| render::encode_png(&canvas))
}

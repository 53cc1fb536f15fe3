//! The picture of a Coal Train table, made from a view with the render kit: the heading, the turn bar or
//! the result, the map with every station and the incentives left, the market with the agents and the
//! rondel, and a strip per player. It reads only a [`CoalTrainView`], so a face-down tile stays a back.

mod board;
mod map;
mod market;
mod offers;
mod players;
mod rondel;
mod status;
mod style;
#[cfg(test)]
mod tests;

use super::view::CoalTrainView;

/// A PNG of the table as the view shows it; `names` are the players' names in seat order.
pub fn board_png(view: &CoalTrainView, names: &[String]) -> Vec<u8> {
    render::encode_png(&board::draw(view, names))
}

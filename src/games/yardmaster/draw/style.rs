//! The look of Yardmaster's own pieces: card and train sizes and cargo colours, named in one place (the
//! look shared with the other games is [`render::theme`]).

use render::theme::{DETAIL_LINE_H, NAME_LINE_H};
use render::{Colour, palette};

use crate::games::yardmaster::cards::Cargo;

/// A card in a train on the board.
pub const BOARD_CARD_W: f32 = 144.0;
/// Its height.
pub const BOARD_CARD_H: f32 = 100.0;
/// The Engine at the head of each train.
pub const ENGINE_W: f32 = 120.0;
/// Space between cars of a train, where the coupler is drawn.
pub const COUPLER_GAP: f32 = 10.0;

/// A card in the hand picture.
pub const HAND_CARD_W: f32 = 210.0;
/// Its height.
pub const HAND_CARD_H: f32 = 150.0;
/// Space between cards in the hand picture.
pub const HAND_CARD_GAP: f32 = 18.0;
/// Most cards in one row of the hand picture.
pub const HAND_PER_ROW: usize = 4;

/// The ring round a card added since the last turn began: bright green, apart from the orange of the
/// seat to play.
pub const NEW_MARK: Colour = Colour::hex(0x3ddc84);
/// How far that ring stands outside the card, and how thick it is.
pub const NEW_RING_OFFSET: f32 = 3.0;
/// Its thickness.
pub const NEW_RING_WIDTH: f32 = 4.0;

/// The colour a cargo is painted in.
pub fn cargo_colour(cargo: Cargo) -> Colour {
    match cargo {
        Cargo::Yellow => palette::CARGO_YELLOW,
        Cargo::Blue => palette::CARGO_BLUE,
        Cargo::Red => palette::CARGO_RED,
        Cargo::Green => palette::CARGO_GREEN,
        Cargo::Purple => palette::CARGO_PURPLE,
    }
}

/// The goods' name, short enough to fit on a railcar.
pub fn short_goods(cargo: Cargo) -> &'static str {
    match cargo {
        Cargo::Yellow => "Oil",
        Cargo::Blue => "Coal",
        Cargo::Red => "Stock",
        Cargo::Green => "Timber",
        Cargo::Purple => "Autos",
    }
}

/// The narrowest board, so the header always fits.
pub const BOARD_MIN_W: f32 = 820.0;
/// Height of a player's name and score lines above their train.
pub const PLAYER_HEAD_H: f32 = NAME_LINE_H + DETAIL_LINE_H;
/// Space between those lines and the train.
pub const TRAIN_TOP_GAP: f32 = 8.0;

/// The name of a seat, or "Seat n" when `names` lacks it.
pub fn seat_name(names: &[String], seat: usize) -> String {
    names
        .get(seat)
        .filter(|name| !name.trim().is_empty())
        .cloned()
        .unwrap_or_else(|| format!("Seat {}", seat + 1))
}

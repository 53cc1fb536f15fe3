//! The look of Yardmaster pictures: sizes, text styles and cargo colours, named in one place.

use render::palette;
use render::{Colour, TextStyle};

use crate::games::yardmaster::cards::Cargo;

/// Space around the whole picture.
pub const MARGIN: f32 = 16.0;
/// Space between stacked panels.
pub const PANEL_GAP: f32 = 10.0;
/// Space inside a panel, around its content.
pub const PANEL_PAD: f32 = 14.0;
/// Corner radius of panels.
pub const PANEL_RADIUS: f32 = 10.0;
/// Width of the outline marking a highlighted panel.
pub const HIGHLIGHT_WIDTH: f32 = 3.0;

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

/// Small pill-shaped labels ("TO PLAY").
pub const CHIP_H: f32 = 24.0;
/// Space between chips and what they follow.
pub const CHIP_GAP: f32 = 8.0;

/// The picture's title.
pub const TITLE: TextStyle = TextStyle::bold(28.0, palette::TEXT);
/// Important facts in the header (the round).
pub const HEADLINE: TextStyle = TextStyle::bold(24.0, palette::TEXT);
/// Secondary header lines.
pub const SUBTITLE: TextStyle = TextStyle::regular(19.0, palette::TEXT_MUTED);
/// A player's name.
pub const NAME: TextStyle = TextStyle::bold(24.0, palette::TEXT);
/// A player's total score.
pub const SCORE: TextStyle = TextStyle::bold(30.0, palette::TEXT);
/// Small print under names and scores.
pub const DETAIL: TextStyle = TextStyle::regular(17.0, palette::TEXT_MUTED);
/// Text inside chips.
pub const CHIP_TEXT: TextStyle = TextStyle::bold(14.0, palette::INK_DARK);

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
/// Height of a player's name line.
pub const NAME_LINE_H: f32 = 34.0;
/// Height of a player's name and score lines above their train.
pub const PLAYER_HEAD_H: f32 = NAME_LINE_H + DETAIL_LINE_H;
/// Space between those lines and the train.
pub const TRAIN_TOP_GAP: f32 = 8.0;
/// Height of one line of small print.
pub const DETAIL_LINE_H: f32 = 24.0;
/// Height of the title line.
pub const TITLE_LINE_H: f32 = 38.0;
/// Height of a header line under the title.
pub const SUBTITLE_LINE_H: f32 = 30.0;
/// Height of one standing in the result banner.
pub const STANDING_LINE_H: f32 = 34.0;

/// The baseline that centres `style`'s capitals in a line `line_h` high whose top is `top`.
pub fn baseline_in(top: f32, line_h: f32, style: &TextStyle) -> f32 {
    top + (line_h + style.cap_height()) / 2.0
}

/// "1st", "2nd", "3rd", "4th", …
pub fn ordinal(place: u32) -> String {
    let suffix = match (place % 10, place % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{place}{suffix}")
}

/// The name of a seat, or "Seat n" when `names` lacks it.
pub fn seat_name(names: &[String], seat: usize) -> String {
    names
        .get(seat)
        .filter(|name| !name.trim().is_empty())
        .cloned()
        .unwrap_or_else(|| format!("Seat {}", seat + 1))
}

//! The look of Coal Train's own pieces: sizes of the map, the market and the strips, their text styles
//! and colours (the look shared with the other games is [`render::theme`]).

use render::theme::{SeatMark, seat_colour};
use render::{Colour, TextStyle, palette};

/// The board's width: drawn at the size Discord shows it, so nothing is scaled down.
pub const BOARD_W: f32 = 1100.0;
/// The map panel's width (the market takes the rest of the row).
pub const MAP_W: f32 = 545.0;
/// The map and market row's height.
pub const ROW_H: f32 = 560.0;
/// Height of a panel's title line.
pub const TITLE_H: f32 = 26.0;

/// A city's radius on the map.
pub const CITY_R: f32 = 17.0;
/// A town's radius.
pub const TOWN_R: f32 = 11.0;
/// A station disc's radius.
pub const STATION_R: f32 = 7.0;
/// A city.
pub const CITY_FILL: Colour = palette::CARD_FACE;
/// A town.
pub const TOWN_FILL: Colour = Colour::hex(0x9aa0a8);
/// A connection.
pub const EDGE: Colour = Colour::hex(0x6d717a);
/// A connection with an extra cost.
pub const EDGE_EXTRA: Colour = palette::ENGINE_TRIM;

/// A market cell.
pub const CELL_W: f32 = 91.0;
/// Its height.
pub const CELL_H: f32 = 78.0;
/// Space between two cells.
pub const CELL_GAP: f32 = 4.0;
/// A station tile in the market.
pub const STATION_TILE: Colour = Colour::hex(0xd8c9a8);
/// An upgrade tile.
pub const UPGRADE_TILE: Colour = Colour::hex(0xb9cfe0);
/// A whistlestop.
pub const WHISTLESTOP: Colour = Colour::hex(0x5a4f6e);
/// The Standard Upgrade.
pub const STANDARD: Colour = palette::ENGINE_TRIM;
/// An agent disc's radius.
pub const AGENT_R: f32 = 8.0;

/// Panel titles.
pub const PANEL_TITLE: TextStyle = TextStyle::bold(16.0, palette::TEXT);
/// Small print on panels.
pub const SMALL: TextStyle = TextStyle::regular(14.0, palette::TEXT_MUTED);
/// A location's name on the map.
pub const PLACE_NAME: TextStyle = TextStyle::bold(13.0, palette::TEXT);
/// The VP inside a location.
pub const PLACE_VP: TextStyle = TextStyle::bold(13.0, palette::INK_DARK);
/// A connection's extra cost.
pub const EXTRA: TextStyle = TextStyle::bold(12.0, palette::ENGINE_TRIM);
/// A tile's name in the market.
pub const TILE_NAME: TextStyle = TextStyle::bold(13.0, palette::INK_DARK);
/// A tile's second line.
pub const TILE_NOTE: TextStyle = TextStyle::regular(12.0, palette::INK_DARK);
/// The strip lines.
pub const STRIP: TextStyle = TextStyle::regular(15.0, palette::TEXT);
/// Height of one strip line.
pub const STRIP_LINE_H: f32 = 22.0;

/// The letters marking seats, so colour is never the only cue.
const SEAT_LETTERS: [&str; 5] = ["1", "2", "3", "4", "5"];

/// A seat's colour and number, as its discs show them.
pub fn seat_mark(seat: usize) -> SeatMark {
    SeatMark {
        colour: seat_colour(seat),
        letter: SEAT_LETTERS[seat % SEAT_LETTERS.len()],
    }
}

/// A station disc's number.
pub const STATION_LETTER: TextStyle = TextStyle::bold(10.0, palette::INK_DARK);
/// The number on a badge (incentives left, action points).
pub const BADGE_TEXT: TextStyle = TextStyle::bold(12.0, palette::INK_LIGHT);

/// The turn panel's width: read on a phone, where Discord shows it about 400 px wide, so its 18 px
/// text stays 12 px.
pub use render::theme::PANEL_PICTURE_W as PANEL_W;
/// The turn panel's text: everything a decision needs is at least this big.
pub const BODY: TextStyle = TextStyle::regular(18.0, palette::TEXT);
/// The turn panel's bold text (names of tiles, places, section titles).
pub const BODY_BOLD: TextStyle = TextStyle::bold(18.0, palette::TEXT);
/// Height of one line of panel text.
pub const BODY_LINE_H: f32 = 24.0;

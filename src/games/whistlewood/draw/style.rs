//! The look of Whistlewood's own pieces: card, map and train sizes, their text styles and colours, named
//! in one place (the look shared with the other games is [`render::theme`]).

use render::theme::{SeatMark, seat_colour};
use render::{Colour, TextStyle, palette};

use crate::games::whistlewood::cars::Owner;

/// A location card on the map.
pub const CARD_W: f32 = 180.0;
/// Its height.
pub const CARD_H: f32 = 140.0;
/// Space between two cards of a row.
pub const CARD_GAP: f32 = 10.0;
/// The map's width: five cards and the gaps between them.
pub const MAP_W: f32 = 5.0 * CARD_W + 4.0 * CARD_GAP;
/// Space between the map and the zones before and past it.
pub const ZONE_GAP: f32 = 16.0;
/// Height of the row of column numbers above the map.
pub const COLUMN_ROW_H: f32 = 30.0;
/// Height of the train's lane between the two rows.
pub const LANE_H: f32 = 84.0;
/// Space between the lane and the card rows.
pub const LANE_GAP: f32 = 6.0;
/// Height of the legend line under the map.
pub const LEGEND_H: f32 = 26.0;

/// A car (or the locomotive) in the train.
pub const TRAIN_TILE_W: f32 = 114.0;
/// Its height (without wheels).
pub const TRAIN_TILE_H: f32 = 60.0;
/// The width one column takes before or past the map.
pub const OFF_PITCH: f32 = 124.0;
/// The narrowest an off-map column may be squeezed when many cars stand off the map.
pub const OFF_MIN_PITCH: f32 = 60.0;
/// Space between two cars standing off the map.
pub const OFF_GAP: f32 = 10.0;
/// The narrowest board, so the players' panels have room.
pub const BOARD_MIN_W: f32 = 1200.0;
/// The widest a board may grow before the columns off the map are squeezed. With the heights above a
/// board in play stays under the render kit's limit for its fast PNG encoding (900k pixels).
pub const BOARD_MAX_W: f32 = 1300.0;

/// The ring round what changed since the last turn began: bright green, apart from the orange of the
/// player to move.
pub const NEW_MARK: Colour = Colour::hex(0x3ddc84);
/// How far that ring stands outside what it marks.
pub const NEW_RING_OFFSET: f32 = 4.0;
/// Its thickness.
pub const NEW_RING_WIDTH: f32 = 4.0;
/// Its corner radius.
pub const NEW_RING_RADIUS: f32 = 12.0;

/// Height of the turn line.
pub const TURN_LINE_H: f32 = 32.0;
/// Column numbers and zone names above the map.
pub const COLUMN_LABEL: TextStyle = TextStyle::bold(15.0, palette::TEXT_MUTED);
/// A card's name.
pub const CARD_NAME: TextStyle = TextStyle::bold(13.0, palette::INK_DARK);
/// The word under an icon on a card.
pub const ICON_LABEL: TextStyle = TextStyle::regular(12.0, palette::INK_DARK);

/// The paper of a Station card.
pub const STATION_PAPER: Colour = palette::CARD_FACE;
/// The paper of a Field card.
pub const FIELD_PAPER: Colour = Colour::hex(0xe6dfb8);
/// The paper of a River card.
pub const RIVER_PAPER: Colour = Colour::hex(0xcfe2e8);
/// The paper of a Siding.
pub const SIDING_PAPER: Colour = Colour::hex(0xd8d0c4);
/// A free track on a card.
pub const FREE_TRACK: Colour = Colour::hex(0xc2c6cc);
/// The outline of a free track.
pub const FREE_TRACK_EDGE: Colour = Colour::hex(0x80848e);
/// The lane the train runs in.
pub const LANE: Colour = Colour::hex(0x232428);
/// The rails in the lane.
pub const RAIL: Colour = Colour::hex(0x6d6f78);
/// The hatching over the lane past the last Station column.
pub const LOSS_HATCH: Colour = Colour::hex(0x4a3a3a);
/// Ink of the House, Silo and Siding icons.
pub const ICON_INK: Colour = Colour::hex(0x5a4632);
/// The Silo's body.
pub const SILO_FILL: Colour = Colour::hex(0xb0864a);
/// The Field icon's crop.
pub const FIELD_FILL: Colour = Colour::hex(0xd6b85a);
/// The River icon's water.
pub const RIVER_FILL: Colour = Colour::hex(0x2a7fa8);

/// The colour of an owner's cars: the seat colours of the shared theme, red for the first colour and
/// blue for the second (Okabe–Ito vermillion and sky blue, apart for every common colour-vision
/// deficiency).
pub fn owner_colour(owner: Owner) -> Colour {
    seat_colour(owner)
}

/// The letter marking an owner's cars, so colour is never the only cue.
pub fn owner_letter(owner: Owner) -> &'static str {
    if owner == 0 { "R" } else { "B" }
}

/// An owner's colour and letter, as discs beside names show them.
pub fn owner_mark(owner: Owner) -> SeatMark {
    SeatMark {
        colour: owner_colour(owner),
        letter: owner_letter(owner),
    }
}

/// Points with their sign, as cars show them: "+5", "0", "−5".
pub fn signed(points: i32) -> String {
    match points {
        0 => "0".to_owned(),
        p if p > 0 => format!("+{p}"),
        p => format!("−{}", -p),
    }
}

/// A plain number, with a real minus sign when negative.
pub fn number(value: i32) -> String {
    if value < 0 {
        format!("−{}", -value)
    } else {
        value.to_string()
    }
}

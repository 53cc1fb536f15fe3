//! The look of yard pictures: sizes, colours and text styles, named in one place.

use render::{Colour, TextStyle, palette};

use crate::games::shunting::puzzle::{Piece, PieceKind};

/// Pixels per slot width.
pub const UNIT: f32 = 64.0;
/// The largest layout drawn at full size, in slot widths across and down; larger ones are drawn
/// closer together.
pub const MAX_LAYOUT: (f32, f32) = (60.0, 36.0);
/// Space around the drawing of the yard.
pub const MARGIN: f32 = 40.0;
/// The narrowest picture, so the header and goal lines fit.
pub const MIN_WIDTH: f32 = 560.0;

/// The ballast bed under a track.
pub const BED: Colour = Colour::hex(0x45413c);
/// Width of the bed.
pub const BED_W: f32 = 22.0;
/// The rails.
pub const RAIL: Colour = Colour::hex(0x9aa0a8);
/// Width of a rail.
pub const RAIL_W: f32 = 2.5;
/// Distance of each rail from the track's centre line.
pub const GAUGE: f32 = 5.5;
/// The lines between slots (the seed's "track lines").
pub const SLOT_LINE: Colour = Colour::hex(0xd8dce2);
/// Width of those lines.
pub const SLOT_LINE_W: f32 = 2.0;
/// How far a slot line reaches either side of the track's centre.
pub const SLOT_LINE_HALF: f32 = 15.0;

/// A buffer stop.
pub const BUFFER: Colour = Colour::hex(0xe3b341);
/// Its width across the track and its thickness.
pub const BUFFER_SIZE: (f32, f32) = (30.0, 7.0);
/// The dashes marking an edge of the board (a track end nothing may leave through).
pub const EDGE: Colour = Colour::hex(0x6d717a);

/// A broken track's mark.
pub const BROKEN: Colour = Colour::hex(0xf23f43);
/// The ground under a broken track.
pub const BROKEN_GROUND: Colour = Colour::hex(0x5c2b2e);

/// A turnout's points.
pub const POINTS: Colour = Colour::hex(0xe3e5e8);
/// The turntable pit.
pub const PIT: Colour = Colour::hex(0x26272b);
/// The pit's rim.
pub const PIT_RIM: Colour = Colour::hex(0x80848e);
/// A ring position where a track meets the ring.
pub const RING_TRACK: Colour = Colour::hex(0xd8dce2);
/// A blank ring position.
pub const RING_BLANK: Colour = Colour::hex(0x5d6169);
/// The marker on the bridge's start end.
pub const BRIDGE_START: Colour = Colour::hex(0x5865f2);

/// Half a piece's length along its track, and half its width across.
pub const PIECE_HALF: (f32, f32) = (25.0, 14.0);
/// A car without a colour of its own.
pub const PLAIN_CAR: Colour = Colour::hex(0x9c6b4e);
/// A locomotive's body (without a colour of its own).
pub const LOCO: Colour = palette::ENGINE;
/// A locomotive's trim and couplers.
pub const LOCO_TRIM: Colour = palette::ENGINE_TRIM;
/// A locomotive's headlamp, on its front.
pub const HEADLAMP: Colour = Colour::hex(0xfff4b8);
/// The ring round pieces that moved in the last move.
pub const MOVED: Colour = palette::HIGHLIGHT;
/// A goal met.
pub const GOAL_MET: Colour = palette::SUCCESS;
/// A slot the goal keeps empty or clear of cars: its mark, and the frame round a piece that may not
/// end there (a cyan no piece colour uses).
pub const KEPT_FREE: Colour = Colour::hex(0x3fd0d4);

/// The picture's title.
pub const TITLE: TextStyle = TextStyle::bold(22.0, palette::TEXT);
/// Height of the header (title and caption).
pub const HEADER_H: f32 = 64.0;
/// Lines under the yard (the goal).
pub const FOOTER: TextStyle = TextStyle::regular(15.0, palette::TEXT_MUTED);
/// Height of one footer line.
pub const FOOTER_LINE_H: f32 = 22.0;
/// A slot's name beside it.
pub const SLOT_NAME: TextStyle = TextStyle::regular(11.0, palette::TEXT_DIM);
/// A turnout's or turntable's name.
pub const JUNCTION_NAME: TextStyle = TextStyle::bold(12.0, palette::TEXT_MUTED);
/// A turnout leg's number.
pub const LEG_NUMBER: TextStyle = TextStyle::bold(10.0, palette::TEXT_DIM);
/// A piece's name on the piece.
pub const PIECE_NAME: TextStyle = TextStyle::bold(12.0, palette::INK_LIGHT);
/// A piece's name in its ghost on a goal slot.
pub const GHOST_NAME: TextStyle = TextStyle::regular(11.0, palette::TEXT);

/// Named colours a puzzle may give its cars, and `#rrggbb`.
const NAMED: &[(&str, Colour)] = &[
    ("red", palette::CARGO_RED),
    ("green", palette::CARGO_GREEN),
    ("yellow", palette::CARGO_YELLOW),
    ("blue", palette::CARGO_BLUE),
    ("purple", palette::CARGO_PURPLE),
    ("black", Colour::hex(0x141517)),
    ("white", Colour::hex(0xe3e5e8)),
    ("orange", Colour::hex(0xe69f00)),
    ("brown", Colour::hex(0x8d5b3a)),
    ("grey", Colour::hex(0x8e939c)),
    ("gray", Colour::hex(0x8e939c)),
    ("pink", Colour::hex(0xf4a6c6)),
];

/// The colour named `name` (`red`, `#c03020`), if it is one.
pub fn parse_colour(name: &str) -> Option<Colour> {
    let name = name.trim();
    if let Some(hex) = name.strip_prefix('#') {
        return (hex.len() == 6)
            .then(|| u32::from_str_radix(hex, 16).ok())
            .flatten()
            .map(Colour::hex);
    }
    NAMED
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|&(_, c)| c)
}

/// The colour a piece is painted in: its own, or the plain one for its kind.
pub fn piece_colour(piece: &Piece) -> Colour {
    piece
        .colour
        .as_deref()
        .and_then(parse_colour)
        .unwrap_or(match piece.kind {
            PieceKind::Car => PLAIN_CAR,
            PieceKind::Loco => LOCO,
        })
}

/// The outline that sets `fill` off from the dark background.
pub fn outline_of(fill: Colour) -> Colour {
    if fill.luminance() < 0.05 {
        fill.mix(Colour::hex(0xffffff), 0.55)
    } else {
        fill.mix(Colour::hex(0x000000), 0.45)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_parse_by_name_and_hex() {
        assert_eq!(parse_colour("Red"), Some(palette::CARGO_RED));
        assert_eq!(parse_colour(" #c03020 "), Some(Colour::hex(0xc03020)));
        assert_eq!(parse_colour("#c0302"), None);
        assert_eq!(parse_colour("#gg0000"), None);
        assert_eq!(parse_colour("mauve"), None);
    }

    #[test]
    fn outlines_stand_out_from_the_background() {
        for (_, colour) in NAMED {
            let outline = outline_of(*colour);
            assert!(
                outline.contrast(palette::BACKGROUND) > 1.2
                    || colour.contrast(palette::BACKGROUND) > 2.0,
                "{colour:?}"
            );
        }
    }
}

//! The look of Express's own pieces: card sizes, the colour and short label of each card kind, and the
//! text styles of cards (the look shared with the other games is [`render::theme`]).

use render::{Colour, TextStyle, palette};

use crate::games::express::cards::Kind;

/// A card on the board.
pub const CARD_W: f32 = 50.0;
/// Its height.
pub const CARD_H: f32 = 64.0;
/// Space between two cards of a train.
pub const CARD_GAP: f32 = 4.0;
/// Space between two trains on a line.
pub const GROUP_GAP: f32 = 22.0;
/// The caption line under a train ("Train 1 · 12 pts").
pub const CAPTION_H: f32 = 18.0;
/// Space under a line of trains.
pub const LINE_GAP: f32 = 8.0;
/// A card's corner radius.
pub const CARD_RADIUS: f32 = 5.0;
/// A card in the private hand picture.
pub const HAND_CARD_W: f32 = 92.0;
/// Its height.
pub const HAND_CARD_H: f32 = 124.0;
/// Space between cards in the hand picture.
pub const HAND_CARD_GAP: f32 = 8.0;
/// The board's width: Discord shows pictures about 1100 pixels wide.
pub const BOARD_W: f32 = 1100.0;

/// A card's short label on the board.
pub const CARD_LABEL: TextStyle = TextStyle::bold(10.0, palette::INK_DARK);
/// The caption of a group of cards that changed in the last turn.
pub const CHANGED_CAPTION: TextStyle = TextStyle::bold(13.0, CHANGED);
/// The outline and words marking what changed in the last turn (not the orange of "to play").
pub const CHANGED: Colour = palette::CARGO_BLUE;
/// A car's value on the board.
pub const CARD_VALUE: TextStyle = TextStyle::bold(20.0, palette::INK_DARK);
/// What a Wild counts as, under its label.
pub const CARD_ROLE: TextStyle = TextStyle::regular(9.0, palette::INK_DARK);
/// The caption under a train.
pub const CAPTION: TextStyle = TextStyle::regular(13.0, palette::TEXT_MUTED);
/// A card's name in the hand picture.
pub const HAND_NAME: TextStyle = TextStyle::bold(13.0, palette::INK_DARK);
/// A card's value in the hand picture.
pub const HAND_VALUE: TextStyle = TextStyle::bold(30.0, palette::INK_DARK);
/// A card's class in the hand picture.
pub const HAND_CLASS: TextStyle = TextStyle::regular(11.0, palette::INK_DARK);

/// How one card kind looks: its paper and its short label.
#[derive(Clone, Copy, Debug)]
pub struct Face {
    /// The kind.
    pub kind: Kind,
    /// The card's paper.
    pub paper: Colour,
    /// A label that fits a board card.
    pub label: &'static str,
}

const fn face(kind: Kind, paper: u32, label: &'static str) -> Face {
    Face {
        kind,
        paper: Colour::hex(paper),
        label,
    }
}

/// Every kind's face: freight in earthy colours, passenger cars in greens and blues,
/// Disasters dark red, Way Cars dark green, so a card's family shows at a glance.
pub const FACES: [Face; 24] = [
    face(Kind::BoxCar, 0xb07a4f, "Box"),
    face(Kind::Hopper, 0x9ea3aa, "Hopper"),
    face(Kind::Reefer, 0xe8eef2, "Reefer"),
    face(Kind::TankCar, 0xd9b44a, "Tank"),
    face(Kind::AutoCarrier, 0xe0896a, "Auto"),
    face(Kind::Mail, 0xc9d99b, "Mail"),
    face(Kind::Coach, 0x86c08a, "Coach"),
    face(Kind::Dome, 0x6cb8b0, "Dome"),
    face(Kind::Sleeper, 0x8fb0dc, "Sleeper"),
    face(Kind::Observation, 0xb39ddb, "Obs."),
    face(Kind::Diesel, 0xf2d45c, "Diesel"),
    face(Kind::Wild, 0xf7f7f7, "Wild"),
    face(Kind::Caboose, 0xd0564a, "Caboose"),
    face(Kind::BrokenCar, 0x8e2c2c, "Broken"),
    face(Kind::Derailment, 0x8e2c2c, "Derail"),
    face(Kind::StealCar, 0x8e2c2c, "Steal"),
    face(Kind::SwitchEngines, 0x8e2c2c, "Switch"),
    face(Kind::Wreck, 0x8e2c2c, "Wreck"),
    face(Kind::LightCrane, 0x2f7d52, "L.Crane"),
    face(Kind::Boom, 0x2f7d52, "Boom"),
    face(Kind::Office, 0x2f7d52, "Office"),
    face(Kind::Transfer, 0x2f7d52, "Transfer"),
    face(Kind::HeavyCrane, 0x2f7d52, "H.Crane"),
    face(Kind::Turntable, 0x2f5f9e, "Turntbl."),
];

/// The face of `kind`.
pub fn face_of(kind: Kind) -> &'static Face {
    FACES
        .iter()
        .find(|f| f.kind == kind)
        .expect("the face table has a row for every kind")
}

/// The band across a Loco card.
pub const LOCO_BAND: Colour = palette::ENGINE_TRIM;
/// The mark of a permanent Way Car.
pub const PERMANENT: Colour = palette::HIGHLIGHT;

/// The seat's colour and number as a disc's mark.
pub fn seat_mark(seat: usize) -> render::theme::SeatMark {
    render::theme::SeatMark {
        colour: render::theme::seat_colour(seat),
        letter: SEAT_NUMBERS[seat % SEAT_NUMBERS.len()],
    }
}

/// The letters on seat discs: the seat numbers, so that colour is never the only cue.
const SEAT_NUMBERS: [&str; 6] = ["1", "2", "3", "4", "5", "6"];

/// A plain number, with a real minus sign when negative.
pub fn number(value: i32) -> String {
    if value < 0 {
        format!("−{}", -value)
    } else {
        value.to_string()
    }
}

/// The panel picture's width: read on a phone, where Discord shows it about 400 pixels wide.
pub use render::theme::PANEL_PICTURE_W as PANEL_W;
/// The panel's first line: what the seat decides now.
pub const PANEL_TITLE: TextStyle = TextStyle::bold(24.0, palette::TEXT);
/// A heading of the panel ("Your hand", "Your trains").
pub const PANEL_HEADING: TextStyle = TextStyle::bold(20.0, palette::TEXT);
/// The panel's text.
pub const PANEL_TEXT: TextStyle = TextStyle::regular(19.0, palette::TEXT);
/// The panel's quieter text (cars of a train, the other seats).
pub const PANEL_MUTED: TextStyle = TextStyle::regular(19.0, palette::TEXT_MUTED);
/// A hand card's name in the panel.
pub const PANEL_CARD_NAME: TextStyle = TextStyle::bold(19.0, palette::INK_DARK);
/// A hand card's family in the panel.
pub const PANEL_CARD_CLASS: TextStyle = TextStyle::regular(18.0, palette::INK_DARK);
/// A hand card's value and count in the panel.
pub const PANEL_CARD_NUMBER: TextStyle = TextStyle::bold(24.0, palette::INK_DARK);

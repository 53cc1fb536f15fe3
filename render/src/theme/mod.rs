//! The look every game's pictures share, so that a new game's pictures match the others without copying
//! them: spacing, type sizes, ordinals, the heading of a board, seat colours, the standings banner
//! shown once a game is over and the caption above an animation's frames. A game's own
//! `draw/style.rs` keeps only what is its own (its cards, its pieces, their colours).

mod caption;
mod heading;
mod panel;
mod seats;
mod standings;
mod typography;

pub use caption::{CAPTION_H, captioned};
pub use heading::{HEADING_H, Heading};
pub use panel::*;
pub use seats::{SeatMark, paint_seat_disc, seat_colour};
pub use standings::{Standing, StandingsBanner};
pub use typography::*;

use crate::colour::Colour;
use crate::palette;

/// Space around a whole picture.
pub const MARGIN: f32 = 16.0;
/// Space between stacked panels and blocks.
pub const PANEL_GAP: f32 = 10.0;
/// Space inside a panel, around its content.
pub const PANEL_PAD: f32 = 12.0;
/// Corner radius of panels.
pub const PANEL_RADIUS: f32 = 10.0;
/// Width of the outline marking a highlighted panel.
pub const HIGHLIGHT_WIDTH: f32 = 3.0;
/// Height of small pill-shaped labels ("TO PLAY", "1st").
pub const CHIP_H: f32 = 22.0;
/// Space between chips and what they follow.
pub const CHIP_GAP: f32 = 8.0;

/// The fill of a badge showing a final place: green for the winners, quiet grey for the others.
pub fn place_fill(place: u32) -> Colour {
    if place == 1 {
        palette::SUCCESS
    } else {
        palette::BORDER
    }
}

/// "1st", "2nd", "3rd", "4th", … "11th", "12th", "13th", … "21st".
pub fn ordinal(place: u32) -> String {
    let suffix = match (place % 10, place % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{place}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinals_follow_english() {
        let written: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112]
            .into_iter()
            .map(ordinal)
            .collect();
        assert_eq!(
            written,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd",
                "101st", "111th", "112th"
            ]
        );
    }
}

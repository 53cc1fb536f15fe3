//! Seat colours: the colour that marks a player's pieces and name, always with a letter beside it so
//! that colour is never the only cue.

use crate::canvas::Canvas;
use crate::colour::Colour;
use crate::geometry::Rect;
use crate::palette;
use crate::text::TextStyle;

/// The seats' colours in seat order, from the palette's colour-blind-safe (Okabe–Ito) colours: the
/// five cargo colours, then a deeper blue for a sixth seat.
const SEAT_COLOURS: [Colour; 6] = [
    palette::CARGO_RED,
    palette::CARGO_BLUE,
    palette::CARGO_GREEN,
    palette::CARGO_YELLOW,
    palette::CARGO_PURPLE,
    palette::SEAT_DEEP_BLUE,
];

/// The letter on a seat's disc.
const DISC_LETTER: TextStyle = TextStyle::bold(16.0, palette::INK_DARK);

/// The colour of seat `seat` (0 first); past the sixth seat the colours repeat.
pub fn seat_colour(seat: usize) -> Colour {
    SEAT_COLOURS[seat % SEAT_COLOURS.len()]
}

/// How a seat is marked: its colour and a letter naming it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeatMark {
    /// The seat's colour.
    pub colour: Colour,
    /// A letter naming the colour or seat ("R", "B").
    pub letter: &'static str,
}

/// Draws `mark` as a disc of radius `r` centred on `(cx, cy)`, its letter in the middle.
pub fn paint_seat_disc(canvas: &mut Canvas, cx: f32, cy: f32, r: f32, mark: SeatMark) {
    canvas.fill_circle(cx, cy, r, mark.colour);
    canvas.stroke_circle(cx, cy, r, 1.5, palette::INK_DARK);
    let disc = Rect::new(cx - r, cy - r, 2.0 * r, 2.0 * r);
    canvas.text_centred(
        &DISC_LETTER.with_colour(palette::ink_on(mark.colour)),
        disc,
        mark.letter,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_get_distinct_colours_until_they_run_out() {
        let first: Vec<Colour> = (0..6).map(seat_colour).collect();
        for (i, colour) in first.iter().enumerate() {
            assert!(!first[i + 1..].contains(colour), "{colour:?}");
        }
        assert_eq!(seat_colour(6), seat_colour(0));
    }
}

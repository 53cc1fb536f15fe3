//! Colours tuned for Discord's dark theme. Cargo colours follow the Okabe–Ito palette, which stays
//! distinguishable for most colour-vision deficiencies; pictures still label every colour in words.

use crate::colour::Colour;

/// The picture's background, Discord's dark chat background.
pub const BACKGROUND: Colour = Colour::hex(0x313338);
/// A panel set on the background (one player's area, a header).
pub const PANEL: Colour = Colour::hex(0x2b2d31);
/// A panel that stands out a little (the viewer's own area).
pub const PANEL_RAISED: Colour = Colour::hex(0x383a40);
/// Quiet lines and outlines.
pub const BORDER: Colour = Colour::hex(0x4e5058);
/// An empty place waiting for something (a card slot still to fill).
pub const SLOT: Colour = Colour::hex(0x3f4147);

/// Main text on the background or a panel.
pub const TEXT: Colour = Colour::hex(0xf2f3f5);
/// Secondary text.
pub const TEXT_MUTED: Colour = Colour::hex(0xb5bac1);
/// Hints and small print.
pub const TEXT_DIM: Colour = Colour::hex(0x8e939c);
/// Dark ink for text on light fills.
pub const INK_DARK: Colour = Colour::hex(0x1e1f22);
/// Light ink for text on dark fills.
pub const INK_LIGHT: Colour = Colour::hex(0xffffff);

/// Yellow cargo (Okabe–Ito yellow).
pub const CARGO_YELLOW: Colour = Colour::hex(0xf0e442);
/// Blue cargo (Okabe–Ito sky blue).
pub const CARGO_BLUE: Colour = Colour::hex(0x56b4e9);
/// Red cargo (Okabe–Ito vermillion).
pub const CARGO_RED: Colour = Colour::hex(0xd55e00);
/// Green cargo (Okabe–Ito bluish green).
pub const CARGO_GREEN: Colour = Colour::hex(0x009e73);
/// Purple cargo (Okabe–Ito reddish purple).
pub const CARGO_PURPLE: Colour = Colour::hex(0xcc79a7);
/// The sixth seat's colour (Okabe–Ito blue): darker than the blue cargo, so the two stay apart.
pub const SEAT_DEEP_BLUE: Colour = Colour::hex(0x0072b2);

/// The paper of a card's face.
pub const CARD_FACE: Colour = Colour::hex(0xe3e5e8);
/// The back of a card.
pub const CARD_BACK: Colour = Colour::hex(0x4a5063);
/// The pattern printed on a card back.
pub const CARD_BACK_PATTERN: Colour = Colour::hex(0x5d6479);
/// A locomotive's body.
pub const ENGINE: Colour = Colour::hex(0x1e1f22);
/// A locomotive's brass trim.
pub const ENGINE_TRIM: Colour = Colour::hex(0xc9a227);

/// Marks whoever must act now.
pub const HIGHLIGHT: Colour = Colour::hex(0xfaa61a);
/// Marks the viewer and things they hold.
pub const ACCENT: Colour = Colour::hex(0x5865f2);
/// Good news: a win, a bonus earned.
pub const SUCCESS: Colour = Colour::hex(0x23a55a);

/// The ink (dark or light) that reads best on `fill`.
pub fn ink_on(fill: Colour) -> Colour {
    if fill.contrast(INK_DARK) >= fill.contrast(INK_LIGHT) {
        INK_DARK
    } else {
        INK_LIGHT
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CARGO: [Colour; 5] = [
        CARGO_YELLOW,
        CARGO_BLUE,
        CARGO_RED,
        CARGO_GREEN,
        CARGO_PURPLE,
    ];

    #[test]
    fn text_reads_well_on_the_background() {
        assert!(TEXT.contrast(BACKGROUND) >= 7.0);
        assert!(TEXT.contrast(PANEL) >= 7.0);
        assert!(TEXT_MUTED.contrast(PANEL) >= 4.5);
        assert!(TEXT_DIM.contrast(PANEL) >= 3.0);
    }

    #[test]
    fn ink_on_every_cargo_is_legible() {
        for cargo in
            CARGO
                .into_iter()
                .chain([CARD_BACK, CARD_FACE, HIGHLIGHT, ACCENT, SEAT_DEEP_BLUE])
        {
            assert!(ink_on(cargo).contrast(cargo) >= 3.0, "{cargo:?}");
        }
    }

    #[test]
    fn cargo_colours_are_distinct() {
        for (i, a) in CARGO.iter().enumerate() {
            for b in &CARGO[i + 1..] {
                let distance = (a.r as i32 - b.r as i32).abs()
                    + (a.g as i32 - b.g as i32).abs()
                    + (a.b as i32 - b.b as i32).abs();
                assert!(distance > 150, "{a:?} vs {b:?}");
            }
        }
    }
}

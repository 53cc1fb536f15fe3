//! Badges: short labels in a filled pill ("TO PLAY", "1st").

use crate::canvas::Canvas;
use crate::colour::Colour;
use crate::geometry::Rect;
use crate::text::TextStyle;

/// Space either side of a badge's text, as a share of the badge's height.
const SIDE_PAD: f32 = 0.4;

/// How wide a badge `height` pixels high is with `text` in `style`.
pub fn badge_width(style: &TextStyle, height: f32, text: &str) -> f32 {
    style.width(text) + 2.0 * SIDE_PAD * height
}

impl Canvas {
    /// Draws `text` in a pill of `fill` whose top-left corner is `(x, y)`; returns the pill's width.
    pub fn badge(
        &mut self,
        style: &TextStyle,
        x: f32,
        y: f32,
        height: f32,
        fill: Colour,
        text: &str,
    ) -> f32 {
        let width = badge_width(style, height, text);
        let rect = Rect::new(x, y, width, height);
        self.fill_rounded_rect(rect, height / 2.0, fill);
        self.text_centred(style, rect, text);
        width
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn badge_is_as_wide_as_measured_and_inked_inside() {
        let bg = Colour::hex(0x000000);
        let fill = Colour::hex(0x5865f2);
        let style = TextStyle::bold(14.0, Colour::hex(0xffffff));
        let mut canvas = Canvas::new(200, 40, bg);
        let width = canvas.badge(&style, 10.0, 8.0, 24.0, fill, "TO PLAY");
        assert_eq!(width, badge_width(&style, 24.0, "TO PLAY"));
        assert_eq!(canvas.pixel(14, 20), Some(fill));
        assert_eq!(canvas.pixel((10.0 + width) as i32 + 2, 20), Some(bg));
        let inked = (10..(10.0 + width) as i32)
            .any(|x| canvas.pixel(x, 20).is_some_and(|c| c != fill && c != bg));
        assert!(inked, "the text is drawn on the pill");
    }
}

//! A caption strip above a picture: a bold label and a line of text, for the frames of an animation.

use image::RgbImage;

use super::typography::{DETAIL, STANDING_NAME, baseline_in};
use super::{MARGIN, PANEL_GAP};
use crate::canvas::Canvas;
use crate::palette;
use crate::text::Align;

/// The height of the strip.
pub const CAPTION_H: f32 = 40.0;

/// `picture` below a strip reading `label` (bold, e.g. "Turn 12 of 80") and `text` (shortened with an
/// ellipsis to the picture's width).
pub fn captioned(picture: &Canvas, label: &str, text: &str) -> Canvas {
    let width = picture.width();
    let strip_h = CAPTION_H as u32;
    let mut strip = Canvas::new(width, strip_h, palette::PANEL);
    let baseline = baseline_in(0.0, CAPTION_H, &STANDING_NAME);
    let label_w = strip.text(&STANDING_NAME, MARGIN, baseline, Align::Left, label);
    let x = MARGIN + label_w + PANEL_GAP;
    let room = width as f32 - x - MARGIN;
    if room > 0.0 && !text.is_empty() {
        let shown = DETAIL.ellipsize(text, room);
        strip.text(&DETAIL, x, baseline, Align::Left, &shown);
    }
    let mut raw = strip.image().as_raw().clone();
    raw.extend_from_slice(picture.image().as_raw());
    let image = RgbImage::from_raw(width, strip_h + picture.height(), raw)
        .expect("the strip and the picture have the same width");
    Canvas::from_image(image)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::colour::Colour;

    #[test]
    fn the_caption_sits_above_the_whole_picture() {
        let mut picture = Canvas::new(300, 100, palette::BACKGROUND);
        picture.fill_rect(0, 99, 300, 1, Colour::hex(0xf0e442));
        let shown = captioned(&picture, "Turn 3 of 9", "Ann built a station");
        assert_eq!((shown.width(), shown.height()), (300, 140));
        assert_eq!(shown.pixel(5, 139), Some(Colour::hex(0xf0e442)));
        assert_eq!(shown.pixel(5, 40), Some(palette::BACKGROUND));
        let inked = (0..300).any(|x| (0..40).any(|y| shown.pixel(x, y) != Some(palette::PANEL)));
        assert!(inked, "the caption is written");
    }
}

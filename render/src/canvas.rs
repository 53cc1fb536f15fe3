//! The surface everything is drawn on: an RGB image with blending and crisp rectangles.

use image::RgbImage;

use crate::colour::Colour;

/// An RGB picture being drawn. Coordinates are pixels from the top-left corner; anything drawn outside
/// the picture is clipped.
#[derive(Clone)]
pub struct Canvas {
    image: RgbImage,
}

impl Canvas {
    /// A `width` × `height` canvas filled with `background`.
    pub fn new(width: u32, height: u32, background: Colour) -> Canvas {
        Canvas {
            image: RgbImage::from_pixel(width, height, image::Rgb(background.channels())),
        }
    }

    /// A canvas holding an existing picture.
    pub fn from_image(image: RgbImage) -> Canvas {
        Canvas { image }
    }

    /// Width in pixels.
    pub fn width(&self) -> u32 {
        self.image.width()
    }

    /// Height in pixels.
    pub fn height(&self) -> u32 {
        self.image.height()
    }

    /// The picture drawn so far.
    pub fn image(&self) -> &RgbImage {
        &self.image
    }

    /// The colour of one pixel; `None` outside the canvas.
    pub fn pixel(&self, x: i32, y: i32) -> Option<Colour> {
        let index = self.index(x, y)?;
        let raw = self.image.as_raw();
        Some(Colour::rgb(raw[index], raw[index + 1], raw[index + 2]))
    }

    /// Paints `colour` over one pixel with coverage `alpha` (0 leaves it, 1 replaces it).
    pub fn blend(&mut self, x: i32, y: i32, colour: Colour, alpha: f32) {
        if alpha <= 0.0 {
            return;
        }
        let Some(index) = self.index(x, y) else {
            return;
        };
        let raw = &mut self.image.as_mut()[index..index + 3];
        if alpha >= 1.0 {
            raw.copy_from_slice(&colour.channels());
            return;
        }
        // Fixed point: alpha in 256ths, rounded to nearest; exact enough for 8-bit channels and far
        // cheaper than rounding floats per channel.
        let weight = (alpha * 256.0 + 0.5) as u32;
        for (channel, target) in raw.iter_mut().zip(colour.channels()) {
            let mixed = (*channel as u32 * (256 - weight) + target as u32 * weight + 128) >> 8;
            *channel = mixed as u8;
        }
    }

    /// Paints whole pixels `x0..x1` of row `y` with `colour` (clipped).
    pub fn fill_span(&mut self, x0: i32, x1: i32, y: i32, colour: Colour) {
        if y < 0 || y >= self.height() as i32 {
            return;
        }
        let x0 = x0.max(0);
        let x1 = x1.min(self.width() as i32);
        if x0 >= x1 {
            return;
        }
        let start = self.index(x0, y).unwrap_or_default();
        let end = start + 3 * (x1 - x0) as usize;
        let span = &mut self.image.as_mut()[start..end];
        span[..3].copy_from_slice(&colour.channels());
        // The pixels painted so far are copied after themselves, doubling each time: a few bulk copies
        // instead of one three-byte copy per pixel (filled panels were a tenth of a move's CPU).
        let mut filled = 3;
        while filled < span.len() {
            let more = filled.min(span.len() - filled);
            span.copy_within(..more, filled);
            filled += more;
        }
    }

    /// Fills the whole-pixel rectangle with top-left `(x, y)` and size `w` × `h` (no anti-aliasing).
    pub fn fill_rect(&mut self, x: i32, y: i32, w: i32, h: i32, colour: Colour) {
        for row in y..y + h {
            self.fill_span(x, x + w, row, colour);
        }
    }

    fn index(&self, x: i32, y: i32) -> Option<usize> {
        let inside = x >= 0 && y >= 0 && (x as u32) < self.width() && (y as u32) < self.height();
        inside.then(|| 3 * (y as usize * self.width() as usize + x as usize))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BLACK: Colour = Colour::hex(0x000000);
    const WHITE: Colour = Colour::hex(0xffffff);

    #[test]
    fn new_canvas_is_the_background() {
        let canvas = Canvas::new(4, 3, WHITE);
        assert_eq!((canvas.width(), canvas.height()), (4, 3));
        assert_eq!(canvas.pixel(3, 2), Some(WHITE));
        assert_eq!(canvas.pixel(4, 0), None);
        assert_eq!(canvas.pixel(-1, 0), None);
    }

    #[test]
    fn blend_mixes_by_coverage_and_clips() {
        let mut canvas = Canvas::new(2, 2, BLACK);
        canvas.blend(0, 0, WHITE, 1.0);
        canvas.blend(1, 0, WHITE, 0.5);
        canvas.blend(5, 5, WHITE, 1.0);
        assert_eq!(canvas.pixel(0, 0), Some(WHITE));
        assert_eq!(canvas.pixel(1, 0), Some(Colour::rgb(128, 128, 128)));
        assert_eq!(canvas.pixel(0, 1), Some(BLACK));
    }

    #[test]
    fn fill_rect_covers_exactly_its_pixels() {
        let mut canvas = Canvas::new(10, 10, BLACK);
        canvas.fill_rect(2, 3, 4, 2, WHITE);
        assert_eq!(canvas.pixel(2, 3), Some(WHITE));
        assert_eq!(canvas.pixel(5, 4), Some(WHITE));
        assert_eq!(canvas.pixel(6, 4), Some(BLACK));
        assert_eq!(canvas.pixel(2, 5), Some(BLACK));
        canvas.fill_rect(-5, -5, 100, 1, WHITE);
        // A span of seven pixels (copied in runs of 1, 2 and 4 pixels) on a row of its own.
        canvas.fill_rect(1, 7, 7, 1, WHITE);
        let row: Vec<bool> = (0..10).map(|x| canvas.pixel(x, 7) == Some(WHITE)).collect();
        let expected: Vec<bool> = (0..10).map(|x| (1..8).contains(&x)).collect();
        assert_eq!(row, expected);
        assert_eq!(canvas.pixel(1, 6), Some(BLACK));
        assert_eq!(canvas.pixel(1, 8), Some(BLACK));
    }
}

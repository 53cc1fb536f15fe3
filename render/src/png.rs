//! PNG output tuned for speed on flat-colour pictures, and reading PNGs back (for tests and checks).

use image::ImageEncoder;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};

use crate::canvas::Canvas;

/// First try: fdeflate's fast mode with the Sub filter, several times quicker than any zlib level.
const FAST: (CompressionType, FilterType) = (CompressionType::Fast, FilterType::Sub);
/// Fallback for big pictures: zlib's fastest level without a filter, which on runs of flat colour
/// makes files about half the size of the first try.
const SMALL: (CompressionType, FilterType) = (CompressionType::Level(1), FilterType::NoFilter);
/// The largest PNG the first try may give (the size every picture must stay under); a bigger one is
/// encoded again with [`SMALL`].
const FAST_BUDGET: usize = 300 * 1024;
/// Pictures with more pixels than this go straight to [`SMALL`]: their fast encoding would mostly
/// overshoot the budget and the work be done twice.
const FAST_MAX_PIXELS: u64 = 900_000;

fn encode(canvas: &Canvas, (compression, filter): (CompressionType, FilterType)) -> Vec<u8> {
    let image = canvas.image();
    let mut bytes = Vec::with_capacity(image.as_raw().len() / 8);
    PngEncoder::new_with_quality(&mut bytes, compression, filter)
        .write_image(
            image.as_raw(),
            image.width(),
            image.height(),
            image::ExtendedColorType::Rgb8,
        )
        .expect("an RGB canvas always encodes into memory");
    bytes
}

/// The canvas as PNG bytes, encoded for speed: the fast encoding for pictures up to
/// [`FAST_MAX_PIXELS`] when it stays within [`FAST_BUDGET`], otherwise the smaller one (so a big
/// board stays under 300 KB).
pub fn encode_png(canvas: &Canvas) -> Vec<u8> {
    if u64::from(canvas.width()) * u64::from(canvas.height()) > FAST_MAX_PIXELS {
        return encode(canvas, SMALL);
    }
    let fast = encode(canvas, FAST);
    if fast.len() <= FAST_BUDGET {
        fast
    } else {
        encode(canvas, SMALL)
    }
}

/// A canvas holding the picture in `bytes` (any PNG the `image` crate reads, converted to RGB).
pub fn decode_png(bytes: &[u8]) -> Result<Canvas, image::ImageError> {
    let image = image::load_from_memory_with_format(bytes, image::ImageFormat::Png)?;
    Ok(Canvas::from_image(image.to_rgb8()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::colour::Colour;
    use crate::geometry::Rect;

    #[test]
    fn small_pictures_take_the_fast_encoding_and_big_ones_the_smaller() {
        let flat = Canvas::new(200, 100, Colour::hex(0x313338));
        assert_eq!(encode_png(&flat), encode(&flat, FAST));
        // Noise compresses badly: the fast encoding overshoots the budget, so the smaller one is used.
        let mut noisy = Canvas::new(400, 400, Colour::hex(0x000000));
        let mut state = 0x2545_f491_u32;
        for y in 0..400 {
            for x in 0..400 {
                state ^= state << 13;
                state ^= state >> 17;
                state ^= state << 5;
                noisy.blend(x, y, Colour::hex(state & 0xff_ffff), 1.0);
            }
        }
        assert!(encode(&noisy, FAST).len() > FAST_BUDGET);
        let bytes = encode_png(&noisy);
        assert_eq!(bytes, encode(&noisy, SMALL));
        assert_eq!(decode_png(&bytes).unwrap().image(), noisy.image());
        let big = Canvas::new(1000, 950, Colour::hex(0x313338));
        assert_eq!(encode_png(&big), encode(&big, SMALL));
    }

    #[test]
    fn png_round_trips_with_its_size_and_pixels() {
        let mut canvas = Canvas::new(120, 80, Colour::hex(0x313338));
        canvas.fill_rounded_rect(
            Rect::new(10.0, 10.0, 50.0, 30.0),
            6.0,
            Colour::hex(0xf0e442),
        );
        let bytes = encode_png(&canvas);
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
        let decoded = image::load_from_memory(&bytes).unwrap().to_rgb8();
        assert_eq!(decoded.dimensions(), (120, 80));
        assert_eq!(&decoded, canvas.image());
        let canvas_again = decode_png(&bytes).unwrap();
        assert!(canvas_again.image() == canvas.image());
        assert!(decode_png(b"not a png").is_err());
    }

    #[test]
    fn flat_pictures_stay_small() {
        let canvas = Canvas::new(1000, 1000, Colour::hex(0x313338));
        assert!(encode_png(&canvas).len() < 40_000);
    }
}

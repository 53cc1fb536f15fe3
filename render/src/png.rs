//! PNG output tuned for speed on flat-colour pictures, and reading PNGs back (for tests and checks).

use image::ImageEncoder;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};

use crate::canvas::Canvas;

/// The fastest zlib level: on drawn pictures it is about as quick as the encoder's `Fast` mode but
/// makes files a quarter smaller.
const LEVEL: CompressionType = CompressionType::Level(1);
/// Drawn pictures are runs of a few flat colours, which LZ77 matches best unfiltered; filters pay off
/// only on photographs and gradients.
const FILTER: FilterType = FilterType::NoFilter;

/// The canvas as PNG bytes, encoded for speed with a fast zlib level and no filter. A 1000 × 1000
/// board of panels, cards and text encodes in a few milliseconds to well under 200 KB.
pub fn encode_png(canvas: &Canvas) -> Vec<u8> {
    let image = canvas.image();
    let mut bytes = Vec::new();
    PngEncoder::new_with_quality(&mut bytes, LEVEL, FILTER)
        .write_image(
            image.as_raw(),
            image.width(),
            image.height(),
            image::ExtendedColorType::Rgb8,
        )
        .expect("an RGB canvas always encodes into memory");
    bytes
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

//! An opaque sRGB colour and the few operations drawing needs.

/// An opaque 8-bit sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Colour {
    /// Red, 0–255.
    pub r: u8,
    /// Green, 0–255.
    pub g: u8,
    /// Blue, 0–255.
    pub b: u8,
}

impl Colour {
    /// A colour from its three channels.
    pub const fn rgb(r: u8, g: u8, b: u8) -> Colour {
        Colour { r, g, b }
    }

    /// A colour written as `0xRRGGBB`.
    pub const fn hex(value: u32) -> Colour {
        Colour {
            r: (value >> 16) as u8,
            g: (value >> 8) as u8,
            b: value as u8,
        }
    }

    /// This colour moved a fraction `t` (0 = self, 1 = `other`) towards `other`.
    pub fn mix(self, other: Colour, t: f32) -> Colour {
        let t = t.clamp(0.0, 1.0);
        let channel = |a: u8, b: u8| (a as f32 + (b as f32 - a as f32) * t).round() as u8;
        Colour {
            r: channel(self.r, other.r),
            g: channel(self.g, other.g),
            b: channel(self.b, other.b),
        }
    }

    /// Relative luminance (WCAG), 0 for black to 1 for white.
    pub fn luminance(self) -> f32 {
        let linear = |c: u8| {
            let c = c as f32 / 255.0;
            if c <= 0.040_45 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * linear(self.r) + 0.7152 * linear(self.g) + 0.0722 * linear(self.b)
    }

    /// The WCAG contrast ratio between two colours (1 to 21).
    pub fn contrast(self, other: Colour) -> f32 {
        let (a, b) = (self.luminance(), other.luminance());
        (a.max(b) + 0.05) / (a.min(b) + 0.05)
    }

    /// The channels as an array, in the order an RGB image stores them.
    pub const fn channels(self) -> [u8; 3] {
        [self.r, self.g, self.b]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_splits_channels() {
        assert_eq!(Colour::hex(0x313338), Colour::rgb(0x31, 0x33, 0x38));
    }

    #[test]
    fn mix_goes_from_one_end_to_the_other() {
        let black = Colour::hex(0x000000);
        let white = Colour::hex(0xffffff);
        assert_eq!(black.mix(white, 0.0), black);
        assert_eq!(black.mix(white, 1.0), white);
        assert_eq!(black.mix(white, 0.5), Colour::rgb(128, 128, 128));
    }

    #[test]
    fn black_on_white_has_full_contrast() {
        let contrast = Colour::hex(0).contrast(Colour::hex(0xffffff));
        assert!((contrast - 21.0).abs() < 0.01);
    }
}

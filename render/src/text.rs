//! Text in the embedded DejaVu Sans fonts: drawing, measuring, aligning, shortening and wrapping.
//!
//! Sizes are ab_glyph pixel scales: a size of 20 makes a line 20 pixels from the top of the tallest
//! glyph to the bottom of the lowest one. Text is placed by its baseline.

use std::sync::OnceLock;

use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont, point};

use crate::canvas::Canvas;
use crate::colour::Colour;
use crate::geometry::Rect;
use crate::glyph_cache::{self, GlyphKey, Mask};

/// The weight of the font.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Weight {
    /// DejaVu Sans.
    Regular,
    /// DejaVu Sans Bold.
    Bold,
}

/// Where the anchor `x` lies on the drawn text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// `x` is the text's left end.
    Left,
    /// `x` is the text's middle.
    Centre,
    /// `x` is the text's right end.
    Right,
}

/// How text looks: weight, size in pixels and colour.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TextStyle {
    /// Regular or bold.
    pub weight: Weight,
    /// The pixel scale (line height from ascent to descent).
    pub size: f32,
    /// The ink.
    pub colour: Colour,
}

fn font(weight: Weight) -> &'static FontRef<'static> {
    static REGULAR: OnceLock<FontRef<'static>> = OnceLock::new();
    static BOLD: OnceLock<FontRef<'static>> = OnceLock::new();
    let (cell, bytes) = match weight {
        Weight::Regular => (&REGULAR, dejavu::sans::regular()),
        Weight::Bold => (&BOLD, dejavu::sans::bold()),
    };
    cell.get_or_init(|| FontRef::try_from_slice(bytes).expect("the embedded DejaVu font parses"))
}

impl TextStyle {
    /// Regular text of `size` pixels in `colour`.
    pub const fn regular(size: f32, colour: Colour) -> TextStyle {
        TextStyle {
            weight: Weight::Regular,
            size,
            colour,
        }
    }

    /// Bold text of `size` pixels in `colour`.
    pub const fn bold(size: f32, colour: Colour) -> TextStyle {
        TextStyle {
            weight: Weight::Bold,
            size,
            colour,
        }
    }

    /// The same style in another colour.
    pub const fn with_colour(self, colour: Colour) -> TextStyle {
        TextStyle { colour, ..self }
    }

    fn scaled(&self) -> impl ScaleFont<&'static FontRef<'static>> {
        font(self.weight).into_scaled(PxScale::from(self.size))
    }

    /// How wide `text` is drawn, in pixels.
    pub fn width(&self, text: &str) -> f32 {
        let scaled = self.scaled();
        let mut width = 0.0;
        let mut previous: Option<GlyphId> = None;
        for c in text.chars() {
            let id = scaled.glyph_id(c);
            if let Some(previous) = previous {
                width += scaled.kern(previous, id);
            }
            width += scaled.h_advance(id);
            previous = Some(id);
        }
        width
    }

    /// How far the tops of capital letters stand above the baseline, in pixels.
    pub fn cap_height(&self) -> f32 {
        let scaled = self.scaled();
        let top = font(self.weight)
            .outline(scaled.glyph_id('H'))
            .map_or(scaled.ascent(), |outline| {
                outline.bounds.min.y.max(outline.bounds.max.y) * scaled.v_scale_factor()
            });
        top.min(scaled.ascent())
    }

    /// How far the lowest glyphs reach below the baseline, in pixels (positive).
    pub fn descent(&self) -> f32 {
        -self.scaled().descent()
    }

    /// `text` shortened with an ellipsis so that it is at most `max_width` pixels wide.
    pub fn ellipsize(&self, text: &str, max_width: f32) -> String {
        if self.width(text) <= max_width {
            return text.to_string();
        }
        let mut kept: String = text.to_string();
        while let Some(_dropped) = kept.pop() {
            let candidate = format!("{}…", kept.trim_end());
            if self.width(&candidate) <= max_width || kept.is_empty() {
                return candidate;
            }
        }
        "…".to_string()
    }

    /// `text` broken into lines at spaces so that each is at most `max_width` pixels wide where the
    /// words allow (a single word wider than that gets a line of its own).
    pub fn wrap(&self, text: &str, max_width: f32) -> Vec<String> {
        let mut lines = Vec::new();
        let mut line = String::new();
        for word in text.split_whitespace() {
            let candidate = if line.is_empty() {
                word.to_string()
            } else {
                format!("{line} {word}")
            };
            if self.width(&candidate) <= max_width || line.is_empty() {
                line = candidate;
            } else {
                lines.push(std::mem::replace(&mut line, word.to_string()));
            }
        }
        if !line.is_empty() {
            lines.push(line);
        }
        lines
    }
}

impl Canvas {
    /// Draws `text` on the baseline `baseline`, placed against `x` as `align` says; returns its width.
    pub fn text(
        &mut self,
        style: &TextStyle,
        x: f32,
        baseline: f32,
        align: Align,
        text: &str,
    ) -> f32 {
        let width = style.width(text);
        let mut pen = match align {
            Align::Left => x,
            Align::Centre => x - width / 2.0,
            Align::Right => x - width,
        };
        let scaled = style.scaled();
        let mut previous: Option<GlyphId> = None;
        for c in text.chars() {
            let id = scaled.glyph_id(c);
            if let Some(previous) = previous {
                pen += scaled.kern(previous, id);
            }
            let key = GlyphKey {
                weight: style.weight,
                size: style.size.to_bits(),
                glyph: id.0,
                x: pen.to_bits(),
                y: baseline.to_bits(),
            };
            let rasterise = || {
                let glyph = id.with_scale_and_position(scaled.scale(), point(pen, baseline));
                scaled.outline_glyph(glyph).map(|outlined| {
                    let bounds = outlined.px_bounds();
                    let width = bounds.width() as usize;
                    let mut coverage = vec![0.0; width * bounds.height() as usize];
                    outlined.draw(|gx, gy, c| coverage[gy as usize * width + gx as usize] = c);
                    Mask {
                        origin: (bounds.min.x as i32, bounds.min.y as i32),
                        width,
                        coverage,
                    }
                })
            };
            if let Some(mask) = glyph_cache::mask(key, rasterise) {
                self.blend_mask(&mask, style.colour);
            }
            pen += scaled.h_advance(id);
            previous = Some(id);
        }
        width
    }

    /// Paints `colour` over the pixels of a glyph's mask by its coverage.
    fn blend_mask(&mut self, mask: &Mask, colour: Colour) {
        let (x0, y0) = mask.origin;
        for (i, &coverage) in mask.coverage.iter().enumerate() {
            let (gx, gy) = (i % mask.width, i / mask.width);
            self.blend(x0 + gx as i32, y0 + gy as i32, colour, coverage);
        }
    }

    /// Draws `text` centred in `rect`, with its capital letters centred vertically; returns its width.
    pub fn text_centred(&mut self, style: &TextStyle, rect: Rect, text: &str) -> f32 {
        let (cx, cy) = rect.centre();
        self.text(
            style,
            cx,
            cy + style.cap_height() / 2.0,
            Align::Centre,
            text,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BG: Colour = Colour::hex(0x000000);
    const INK: Colour = Colour::hex(0xffffff);
    const STYLE: TextStyle = TextStyle::regular(20.0, INK);

    fn inked_columns(canvas: &Canvas) -> Vec<i32> {
        (0..canvas.width() as i32)
            .filter(|&x| (0..canvas.height() as i32).any(|y| canvas.pixel(x, y) != Some(BG)))
            .collect()
    }

    #[test]
    fn width_grows_with_length_and_weight() {
        assert_eq!(STYLE.width(""), 0.0);
        assert!(STYLE.width("Yardmaster") > STYLE.width("Yard"));
        let bold = TextStyle::bold(20.0, INK);
        assert!(bold.width("Yardmaster") > STYLE.width("Yardmaster"));
        let big = TextStyle::regular(40.0, INK);
        assert!((big.width("Yard") - 2.0 * STYLE.width("Yard")).abs() < 1.0);
    }

    #[test]
    fn cap_height_is_a_sane_part_of_the_size() {
        let cap = STYLE.cap_height();
        assert!(cap > 10.0 && cap < 18.0, "{cap}");
        assert!(STYLE.descent() > 2.0);
    }

    #[test]
    fn text_is_inked_where_aligned() {
        let mut left = Canvas::new(200, 40, BG);
        let width = left.text(&STYLE, 10.0, 30.0, Align::Left, "Coal");
        let columns = inked_columns(&left);
        assert!(columns[0] >= 9 && columns[0] <= 13, "{columns:?}");
        assert!((*columns.last().unwrap() as f32 - (10.0 + width)).abs() < 3.0);

        let mut right = Canvas::new(200, 40, BG);
        right.text(&STYLE, 190.0, 30.0, Align::Right, "Coal");
        assert!(*inked_columns(&right).last().unwrap() <= 190);

        let mut centre = Canvas::new(200, 40, BG);
        centre.text(&STYLE, 100.0, 30.0, Align::Centre, "Coal");
        let columns = inked_columns(&centre);
        let middle = (columns[0] + columns.last().unwrap()) / 2;
        assert!((middle - 100).abs() <= 2, "{columns:?}");
    }

    /// `text` drawn glyph by glyph straight from the font, without the kept glyphs.
    fn drawn_from_the_font(style: &TextStyle, x: f32, baseline: f32, text: &str) -> Canvas {
        let mut canvas = Canvas::new(200, 40, BG);
        let scaled = style.scaled();
        let (mut pen, mut previous) = (x, None);
        for c in text.chars() {
            let id = scaled.glyph_id(c);
            if let Some(previous) = previous {
                pen += scaled.kern(previous, id);
            }
            let glyph = id.with_scale_and_position(scaled.scale(), point(pen, baseline));
            if let Some(outlined) = scaled.outline_glyph(glyph) {
                let origin = outlined.px_bounds().min;
                outlined.draw(|gx, gy, coverage| {
                    let (px, py) = (origin.x as i32 + gx as i32, origin.y as i32 + gy as i32);
                    canvas.blend(px, py, style.colour, coverage);
                });
            }
            pen += scaled.h_advance(id);
            previous = Some(id);
        }
        canvas
    }

    #[test]
    fn kept_glyphs_paint_exactly_what_the_font_draws_at_every_position() {
        let bold = TextStyle::bold(17.5, Colour::hex(0xf0e442));
        // The same text at positions a fraction of a pixel apart, each drawn twice (the second time
        // from kept glyphs), in two styles.
        for style in [STYLE, bold] {
            for x in [10.0, 10.25, 10.5, 11.0, 10.25] {
                for _ in 0..2 {
                    let mut canvas = Canvas::new(200, 40, BG);
                    canvas.text(&style, x, 30.5, Align::Left, "Wagon 7 · Oil");
                    let expected = drawn_from_the_font(&style, x, 30.5, "Wagon 7 · Oil");
                    assert!(canvas.image() == expected.image(), "{style:?} at {x}");
                }
            }
        }
    }

    #[test]
    fn text_stays_above_its_baseline_mostly() {
        let mut canvas = Canvas::new(100, 60, BG);
        canvas.text(&STYLE, 5.0, 30.0, Align::Left, "HH");
        let inked_rows: Vec<i32> = (0..60)
            .filter(|&y| (0..100).any(|x| canvas.pixel(x, y) != Some(BG)))
            .collect();
        assert!(*inked_rows.last().unwrap() <= 30);
        assert!(inked_rows[0] >= 30 - STYLE.cap_height().ceil() as i32 - 1);
    }

    #[test]
    fn ellipsize_fits_the_width() {
        let long = "Automobiles and Livestock";
        let short = STYLE.ellipsize(long, 80.0);
        assert!(short.ends_with('…'));
        assert!(STYLE.width(&short) <= 80.0);
        assert_eq!(STYLE.ellipsize("Oil", 80.0), "Oil");
    }

    #[test]
    fn wrap_breaks_at_spaces_within_the_width() {
        let text = "fewest different cargo colours in your train";
        let lines = STYLE.wrap(text, 150.0);
        assert!(lines.len() > 1);
        assert!(lines.iter().all(|line| STYLE.width(line) <= 150.0));
        assert_eq!(lines.join(" "), text);
        assert!(STYLE.wrap("", 100.0).is_empty());
    }
}

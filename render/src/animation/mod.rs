//! Animated GIFs of a series of pictures drawn on canvases, small and quick to make.
//!
//! Pictures drawn with this kit use few colours (the [`palette`](crate::palette) and the edges
//! anti-aliased between them), so one colour table serves the whole animation: the colours the
//! sample pictures use most, then colours first seen later that are far from all of those (a mark
//! shown only mid-game), up to 255 in all; any other colour is shown as the nearest. No dithering,
//! so flat areas stay flat and compress well. Each picture after the first is stored as the rectangle
//! around what changed since the one before, with every unchanged pixel in it transparent, so a
//! turn costs only what it changed.
//!
//! Pictures may differ in size: the animation is as big as the biggest, each picture drawn in its top
//! left corner on `background`. Pictures wider or taller than a GIF allows (65,535 pixels) are cut.

mod colour_table;
mod read;

use std::borrow::Cow;

use gif::{DisposalMethod, Encoder, Frame, Repeat};
use image::RgbImage;

use crate::canvas::Canvas;
use crate::colour::Colour;
use colour_table::{ColourTable, key};

pub use read::play_gif;

/// The index of "unchanged": the one after every colour the table may hold.
const TRANSPARENT: u8 = colour_table::MAX_COLOURS as u8;

/// The largest width or height of a GIF.
const MAX_SIDE: u32 = u16::MAX as u32;

/// An animated GIF being made, one picture at a time.
pub struct AnimatedGif {
    table: ColourTable,
    background: Colour,
    /// The first picture, kept to be stored again at the final size if a later one is bigger.
    first: Option<(Canvas, u16)>,
    /// Every picture so far, compressed.
    frames: Vec<Frame<'static>>,
    /// What is shown after the pictures so far, as big as the biggest of them.
    shown: RgbImage,
    /// The bytes of the compressed pictures so far.
    compressed: usize,
}

impl AnimatedGif {
    /// An empty animation whose colours are those `samples` use most; `background` fills what a
    /// picture smaller than the animation leaves uncovered. The samples are best the pictures that
    /// show the most (the first and the last of a game, say).
    pub fn new(samples: &[&Canvas], background: Colour) -> AnimatedGif {
        AnimatedGif {
            table: ColourTable::from_samples(samples, background),
            background,
            first: None,
            frames: Vec::new(),
            shown: RgbImage::new(0, 0),
            compressed: 0,
        }
    }

    /// Adds `picture`, shown for `delay_ms` milliseconds (in steps of 10, at most about 11 minutes).
    pub fn push(&mut self, picture: &Canvas, delay_ms: u32) {
        let delay = u16::try_from(delay_ms.div_ceil(10)).unwrap_or(u16::MAX);
        let width = picture.width().min(MAX_SIDE);
        let height = picture.height().min(MAX_SIDE);
        self.grow(
            width.max(self.shown.width()),
            height.max(self.shown.height()),
        );
        let frame = if self.first.is_none() {
            self.first = Some((picture.clone(), delay));
            self.whole(picture, width, height, delay)
        } else {
            self.changes(picture, width, height, delay)
        };
        self.compressed += frame.buffer.len();
        self.frames.push(frame);
    }

    /// How many pictures the animation holds.
    pub fn frames(&self) -> usize {
        self.frames.len()
    }

    /// About how many bytes the animation would take if finished now (a little more when the first
    /// picture was smaller than a later one, as it is then stored again at the animation's size).
    pub fn size(&self) -> usize {
        self.compressed + 30 * self.frames.len() + 3 * 256 + 64
    }

    /// The animation as a GIF that loops for ever (with no picture pushed, an empty 0 × 0 GIF).
    pub fn finish(mut self) -> Vec<u8> {
        let (width, height) = self.shown.dimensions();
        if let Some((first, delay)) = self.first.take()
            && (first.width(), first.height()) != (width, height)
        {
            // A later picture was bigger: the first is stored again covering the whole animation.
            self.frames[0] = self.whole(&first, width, height, delay);
        }
        let mut colours = self.table.rgb_bytes();
        // The table fills up to the transparent index, the last; its colour is never shown.
        colours.resize(3 * (usize::from(TRANSPARENT) + 1), 0);
        let mut bytes = Vec::with_capacity(self.size());
        let mut encoder = Encoder::new(&mut bytes, side(width), side(height), &colours)
            .expect("a table of at most 256 colours encodes into memory");
        encoder
            .set_repeat(Repeat::Infinite)
            .expect("writing into memory cannot fail");
        for frame in &self.frames {
            encoder
                .write_lzw_pre_encoded_frame(frame)
                .expect("a frame compressed here has a valid code size and fits the animation");
        }
        encoder
            .into_inner()
            .expect("writing into memory cannot fail");
        bytes
    }

    /// Makes what is shown at least `width` × `height`, new space showing the background.
    fn grow(&mut self, width: u32, height: u32) {
        if (width, height) == self.shown.dimensions() {
            return;
        }
        let mut grown = RgbImage::from_pixel(width, height, image::Rgb(self.background.channels()));
        let old_w = self.shown.width() as usize;
        if old_w > 0 {
            for (y, row) in self.shown.as_raw().chunks_exact(3 * old_w).enumerate() {
                let start = 3 * y * width as usize;
                grown.as_mut()[start..start + 3 * old_w].copy_from_slice(row);
            }
        }
        self.shown = grown;
    }

    /// `picture` as a `width` × `height` frame with every pixel drawn (cut where it is bigger, the
    /// background where it is smaller).
    fn whole(&mut self, picture: &Canvas, width: u32, height: u32, delay: u16) -> Frame<'static> {
        let screen_w = self.shown.width() as usize;
        let mut indices = Vec::with_capacity(width as usize * height as usize);
        for y in 0..height as usize {
            for x in 0..width as usize {
                let rgb = pixel(picture, x, y, self.background);
                indices.push(self.table.index_of(key(&rgb)));
                let at = 3 * (y * screen_w + x);
                self.shown.as_mut()[at..at + 3].copy_from_slice(&rgb);
            }
        }
        compressed(Rect::whole(width, height), indices, delay, None)
    }

    /// A frame of what `picture` (cut to `width` × `height`, the rest of the animation background)
    /// changes in what is shown: the rectangle around the changed pixels, unchanged ones transparent.
    fn changes(&mut self, picture: &Canvas, width: u32, height: u32, delay: u16) -> Frame<'static> {
        let Some(rect) = self.changed_rect(picture, width, height) else {
            // Nothing changed: one transparent pixel holds the delay.
            return compressed(
                Rect::whole(1, 1),
                vec![TRANSPARENT],
                delay,
                Some(TRANSPARENT),
            );
        };
        let screen_w = self.shown.width() as usize;
        let mut indices = Vec::with_capacity(rect.width * rect.height);
        for y in rect.top..rect.top + rect.height {
            for x in rect.left..rect.left + rect.width {
                let new = pixel(picture, x, y, self.background);
                let at = 3 * (y * screen_w + x);
                let old = &mut self.shown.as_mut()[at..at + 3];
                if *old == new {
                    indices.push(TRANSPARENT);
                } else {
                    old.copy_from_slice(&new);
                    indices.push(self.table.index_of(key(&new)));
                }
            }
        }
        compressed(rect, indices, delay, Some(TRANSPARENT))
    }

    /// The smallest rectangle holding every pixel of what is shown that `picture` (cut to `width` ×
    /// `height`, background beyond) changes; `None` when it changes nothing.
    fn changed_rect(&self, picture: &Canvas, width: u32, height: u32) -> Option<Rect> {
        let (screen_w, screen_h) = (self.shown.width() as usize, self.shown.height() as usize);
        let stride = 3 * picture.width() as usize;
        let raw = picture.image().as_raw();
        let background = self.background.channels();
        let (mut left, mut right, mut top, mut bottom) = (usize::MAX, 0, usize::MAX, 0);
        for y in 0..screen_h {
            let shown = &self.shown.as_raw()[3 * y * screen_w..3 * (y + 1) * screen_w];
            let new: &[u8] = if y < height as usize {
                &raw[y * stride..y * stride + 3 * width as usize]
            } else {
                &[]
            };
            let covered = new.len();
            let differs = |x: usize| -> bool {
                let old = &shown[3 * x..3 * x + 3];
                if 3 * x < covered {
                    old != &new[3 * x..3 * x + 3]
                } else {
                    old != background
                }
            };
            if shown[..covered] == *new && shown[covered..].chunks_exact(3).all(|p| p == background)
            {
                continue;
            }
            let first = (0..screen_w).find(|&x| differs(x)).unwrap_or(0);
            let last = (first..screen_w)
                .rev()
                .find(|&x| differs(x))
                .unwrap_or(first);
            left = left.min(first);
            right = right.max(last);
            top = top.min(y);
            bottom = y;
        }
        (top != usize::MAX).then(|| Rect {
            left,
            top,
            width: right + 1 - left,
            height: bottom + 1 - top,
        })
    }
}

/// A rectangle of the animation, in pixels.
#[derive(Clone, Copy)]
struct Rect {
    left: usize,
    top: usize,
    width: usize,
    height: usize,
}

impl Rect {
    fn whole(width: u32, height: u32) -> Rect {
        Rect {
            left: 0,
            top: 0,
            width: width as usize,
            height: height as usize,
        }
    }
}

/// The colour of `picture` at `(x, y)`, or `background` outside it.
fn pixel(picture: &Canvas, x: usize, y: usize, background: Colour) -> [u8; 3] {
    if x < picture.width() as usize && y < picture.height() as usize {
        let at = 3 * (y * picture.width() as usize + x);
        let raw = picture.image().as_raw();
        [raw[at], raw[at + 1], raw[at + 2]]
    } else {
        background.channels()
    }
}

/// A side of at most [`MAX_SIDE`] as a GIF stores it.
fn side(length: u32) -> u16 {
    u16::try_from(length).unwrap_or(u16::MAX)
}

/// The frame of `indices` covering `rect`, compressed, kept on screen after it is shown.
fn compressed(rect: Rect, indices: Vec<u8>, delay: u16, transparent: Option<u8>) -> Frame<'static> {
    let mut frame = Frame {
        delay,
        dispose: DisposalMethod::Keep,
        transparent,
        left: side(rect.left as u32),
        top: side(rect.top as u32),
        width: side(rect.width as u32),
        height: side(rect.height as u32),
        buffer: Cow::Owned(indices),
        ..Frame::default()
    };
    frame.make_lzw_pre_encoded();
    frame
}

#[cfg(test)]
mod tests {
    use super::*;

    const BACKGROUND: Colour = Colour::hex(0x313338);

    fn picture(width: u32, height: u32, marks: &[(i32, i32, u32)]) -> Canvas {
        let mut canvas = Canvas::new(width, height, Colour::hex(0x2b2d31));
        for &(x, y, colour) in marks {
            canvas.fill_rect(x, y, 6, 4, Colour::hex(colour));
        }
        canvas
    }

    /// `picture` on a `width` × `height` screen of the background.
    fn on_screen(picture: &Canvas, width: u32, height: u32) -> Canvas {
        let mut screen = Canvas::new(width, height, BACKGROUND);
        for y in 0..picture.height() as i32 {
            for x in 0..picture.width() as i32 {
                if let Some(colour) = picture.pixel(x, y) {
                    screen.blend(x, y, colour, 1.0);
                }
            }
        }
        screen
    }

    #[test]
    fn every_picture_is_shown_whole_for_its_time_and_sizes_may_differ() {
        let pictures = [
            picture(60, 40, &[(5, 5, 0xf0e442)]),
            picture(60, 40, &[(5, 5, 0xf0e442), (40, 30, 0x56b4e9)]),
            picture(60, 40, &[(5, 5, 0xf0e442), (40, 30, 0x56b4e9)]),
            picture(80, 50, &[(70, 45, 0xd55e00)]),
            picture(50, 30, &[(1, 1, 0x009e73)]),
        ];
        let delays = [2000, 1000, 1000, 1500, 4000];
        let mut gif = AnimatedGif::new(&[&pictures[0], &pictures[3]], BACKGROUND);
        for (picture, delay) in pictures.iter().zip(delays) {
            gif.push(picture, delay);
        }
        assert_eq!(gif.frames(), 5);
        let estimate = gif.size();
        let bytes = gif.finish();
        // The first frame, stored again at the final size, makes the animation a little bigger.
        assert!(
            bytes.len().abs_diff(estimate) < estimate / 10,
            "{} vs {estimate}",
            bytes.len()
        );
        let mut shown = Vec::new();
        let count = play_gif(&bytes, |screen, delay| {
            shown.push((screen.image().clone(), delay));
        })
        .unwrap();
        assert_eq!(count, 5);
        for (i, ((screen, delay), picture)) in shown.iter().zip(&pictures).enumerate() {
            assert_eq!(*delay, delays[i], "frame {i}");
            assert_eq!(screen.dimensions(), (80, 50));
            let want = on_screen(picture, 80, 50);
            for (x, y, p) in screen.enumerate_pixels() {
                let at = (x as i32, y as i32);
                let shown = Colour::rgb(p.0[0], p.0[1], p.0[2]);
                assert_eq!(Some(shown), want.pixel(at.0, at.1), "frame {i} at {at:?}");
            }
        }
    }

    #[test]
    fn an_unchanged_picture_costs_a_few_bytes_and_a_small_change_little_more() {
        let before = picture(400, 300, &[(5, 5, 0xf0e442)]);
        let after = picture(400, 300, &[(5, 5, 0xf0e442), (200, 150, 0x56b4e9)]);
        let mut gif = AnimatedGif::new(&[&before], BACKGROUND);
        gif.push(&before, 1000);
        let first = gif.size();
        gif.push(&before, 1000);
        let unchanged = gif.size() - first;
        gif.push(&after, 1000);
        let changed = gif.size() - first - unchanged;
        assert!(unchanged < 40, "{unchanged}");
        assert!(changed < 80, "{changed}");
    }

    #[test]
    fn colours_beyond_the_table_show_as_the_nearest_kept_one() {
        // A gradient of 400 greys: the table keeps 255 of them, the others show as a neighbour.
        let mut gradient = Canvas::new(400, 2, BACKGROUND);
        for x in 0..400 {
            let level = (x * 255 / 399) as u8;
            gradient.fill_rect(x, 0, 1, 2, Colour::rgb(level, level, level));
        }
        let mut gif = AnimatedGif::new(&[&gradient], BACKGROUND);
        gif.push(&gradient, 100);
        play_gif(&gif.finish(), |screen, _| {
            for x in 0..400 {
                let (want, got) = (gradient.pixel(x, 1).unwrap(), screen.pixel(x, 1).unwrap());
                assert!(
                    want.r.abs_diff(got.r) <= 2 && got.r == got.g && got.g == got.b,
                    "{x}"
                );
            }
        })
        .unwrap();
    }
}

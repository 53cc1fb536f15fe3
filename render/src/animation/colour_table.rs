//! The one colour table of an animation: the colours its sample pictures use most, then colours
//! first met in later pictures far from all of those while there is room, and the nearest of them for
//! any other colour.

use rustc_hash::FxHashMap;

use crate::canvas::Canvas;
use crate::colour::Colour;

/// How many colours the table holds: a GIF's 256 less one index kept for "unchanged" (transparent).
pub(super) const MAX_COLOURS: usize = 255;
/// How many of them are kept for colours first met after the samples (a mark shown only mid-game).
const LATE_COLOURS: usize = 32;
/// How far (see [`distance`]) a colour must be from every colour of the table to get a place of its
/// own: about a difference of 16 in every channel.
const FAR: i32 = 9 * 16 * 16;

/// A pixel's colour packed as `0xRRGGBB`, the key of every lookup.
pub(super) fn key(rgb: &[u8]) -> u32 {
    (u32::from(rgb[0]) << 16) | (u32::from(rgb[1]) << 8) | u32::from(rgb[2])
}

/// Up to [`MAX_COLOURS`] colours, and the index every colour seen so far maps to.
pub(super) struct ColourTable {
    colours: Vec<Colour>,
    index: FxHashMap<u32, u8>,
    /// The last lookup: pictures are runs of one colour, so most lookups repeat the one before.
    last: (u32, u8),
}

impl ColourTable {
    /// The colours used most in `samples` (every colour when they use few enough), always with
    /// `background` among them, leaving room for [`LATE_COLOURS`]. Ties go to the lower colour value,
    /// so the table depends only on the samples.
    pub(super) fn from_samples(samples: &[&Canvas], background: Colour) -> ColourTable {
        let mut counts: FxHashMap<u32, u64> = FxHashMap::default();
        for sample in samples {
            let mut run = (u32::MAX, 0u64);
            for rgb in sample.image().as_raw().chunks_exact(3) {
                let colour = key(rgb);
                if colour == run.0 {
                    run.1 += 1;
                    continue;
                }
                if run.1 > 0 {
                    *counts.entry(run.0).or_default() += run.1;
                }
                run = (colour, 1);
            }
            if run.1 > 0 {
                *counts.entry(run.0).or_default() += run.1;
            }
        }
        let background_key = key(&background.channels());
        counts.insert(background_key, u64::MAX);
        let mut ranked: Vec<(u32, u64)> = counts.into_iter().collect();
        ranked.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        ranked.truncate(MAX_COLOURS - LATE_COLOURS);
        let colours: Vec<Colour> = ranked.iter().map(|&(c, _)| Colour::hex(c)).collect();
        let index = ranked
            .iter()
            .enumerate()
            .map(|(i, &(c, _))| (c, i as u8))
            .collect();
        ColourTable {
            colours,
            index,
            last: (background_key, 0),
        }
    }

    /// The table as a GIF colour table (`r, g, b` for each colour).
    pub(super) fn rgb_bytes(&self) -> Vec<u8> {
        self.colours.iter().flat_map(|c| c.channels()).collect()
    }

    /// The index of `colour` (packed by [`key`]): its own, or, for a colour not in the table, a new
    /// place if it is far from every colour there and there is room, else the nearest colour's.
    pub(super) fn index_of(&mut self, colour: u32) -> u8 {
        if colour == self.last.0 {
            return self.last.1;
        }
        let index = match self.index.get(&colour) {
            Some(&index) => index,
            None => {
                let (mut index, how_far) = nearest(&self.colours, Colour::hex(colour));
                if how_far > FAR && self.colours.len() < MAX_COLOURS {
                    index = self.colours.len() as u8;
                    self.colours.push(Colour::hex(colour));
                }
                self.index.insert(colour, index);
                index
            }
        };
        self.last = (colour, index);
        index
    }
}

/// How far apart two colours look: squared differences, green weighed most and red least, as the
/// eye does.
fn distance(a: Colour, b: Colour) -> i32 {
    let d = |x: u8, y: u8| (i32::from(x) - i32::from(y)).pow(2);
    2 * d(a.r, b.r) + 4 * d(a.g, b.g) + 3 * d(a.b, b.b)
}

/// The index of the colour in `colours` nearest to `colour`, and how far it is.
fn nearest(colours: &[Colour], colour: Colour) -> (u8, i32) {
    colours
        .iter()
        .enumerate()
        .map(|(i, &c)| (i as u8, distance(c, colour)))
        .min_by_key(|&(_, d)| d)
        .unwrap_or((0, i32::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_keeps_the_commonest_colours_then_far_late_ones_and_maps_others_to_the_nearest() {
        let background = Colour::hex(0x313338);
        let mut canvas = Canvas::new(40, 40, Colour::hex(0xffffff));
        // 300 dark colours of one pixel each, more than the table holds, beside a flat white area.
        for i in 0..300u32 {
            canvas.blend((i % 40) as i32, (i / 40) as i32, Colour::hex(i * 3), 1.0);
        }
        let mut table = ColourTable::from_samples(&[&canvas], background);
        let from_samples = MAX_COLOURS - LATE_COLOURS;
        assert_eq!(table.rgb_bytes().len() / 3, from_samples);
        let background_index = table.index_of(0x313338);
        assert_eq!(background_index, 0, "the background always has a place");
        let white = table.index_of(0xffffff);
        assert_eq!(white, 1, "the commonest colour of the picture comes next");
        assert_eq!(table.rgb_bytes()[3..6], [0xff, 0xff, 0xff]);
        // A colour the samples never used maps to the nearest kept one when it is near one...
        assert_eq!(table.index_of(0xfefefe), white);
        assert_eq!(table.index_of(0x323339), 0);
        assert_eq!(table.rgb_bytes().len() / 3, from_samples);
        // ... and gets a place of its own when it is far from all, while there is room.
        assert_eq!(usize::from(table.index_of(0x00ff00)), from_samples);
        assert_eq!(usize::from(table.index_of(0x00fe00)), from_samples);
        for i in 0..LATE_COLOURS as u32 - 1 {
            let channel = |step: u32| 100 + 50 * step;
            let colour = (channel(i % 4) << 16) | (channel(i / 4 % 4) << 8) | channel(i / 16);
            assert_eq!(
                usize::from(table.index_of(colour)),
                from_samples + 1 + i as usize
            );
        }
        assert_eq!(
            table.rgb_bytes().len() / 3,
            MAX_COLOURS,
            "the table is full"
        );
        table.index_of(0x800080);
        assert_eq!(table.rgb_bytes().len() / 3, MAX_COLOURS);
    }

    #[test]
    fn few_colours_are_kept_exactly() {
        let mut canvas = Canvas::new(10, 10, Colour::hex(0x000000));
        canvas.fill_rect(0, 0, 5, 10, Colour::hex(0xf0e442));
        let mut table = ColourTable::from_samples(&[&canvas], Colour::hex(0x313338));
        assert_eq!(table.rgb_bytes().len() / 3, 3);
        let bytes = table.rgb_bytes();
        for colour in [0x000000, 0xf0e442, 0x313338] {
            let i = usize::from(table.index_of(colour));
            assert_eq!(key(&bytes[3 * i..3 * i + 3]), colour);
        }
    }
}

//! Rasterised glyphs kept for reuse. A board is drawn again after every move with mostly the same text
//! in the same places, and outlining and rasterising a glyph cost far more than blending it (text was
//! about a sixth of a move's CPU in the bot). A glyph is kept under everything its pixels depend on
//! — the font, the size, the glyph and its exact position (the bits of the floats) — so blending a
//! kept glyph paints exactly what drawing it again would.
//!
//! Our own small map rather than a caching crate: one mutex over a `HashMap`, emptied when it holds
//! [`CAPACITY`] glyphs, is all the bound needs (a glyph costs a few kilobytes).

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex, PoisonError};

use crate::text::Weight;

/// The most glyphs kept (a few megabytes); the map is emptied when full.
const CAPACITY: usize = 4096;

/// Everything a glyph's pixels depend on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct GlyphKey {
    pub weight: Weight,
    /// The bits of the pixel scale.
    pub size: u32,
    pub glyph: u16,
    /// The bits of the pen's position and of the baseline.
    pub x: u32,
    pub y: u32,
}

/// A glyph's coverage of the pixels from `origin` on, row by row, `width` wide.
#[derive(Debug)]
pub(crate) struct Mask {
    pub origin: (i32, i32),
    pub width: usize,
    pub coverage: Vec<f32>,
}

static KEPT: LazyLock<Mutex<HashMap<GlyphKey, Option<Arc<Mask>>>>> =
    LazyLock::new(|| Mutex::new(HashMap::new()));

/// The mask of `key` (`None` for a glyph without ink, such as a space): the kept one, or the one
/// `rasterise` makes, which is kept.
pub(crate) fn mask(key: GlyphKey, rasterise: impl FnOnce() -> Option<Mask>) -> Option<Arc<Mask>> {
    if let Some(kept) = KEPT
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get(&key)
    {
        return kept.clone();
    }
    let made = rasterise().map(Arc::new);
    let mut kept = KEPT.lock().unwrap_or_else(PoisonError::into_inner);
    if kept.len() >= CAPACITY {
        kept.clear();
    }
    kept.insert(key, made.clone());
    made
}

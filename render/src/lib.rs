//! Roundhouse's drawing kit: an RGB [`Canvas`] with anti-aliased shapes, text in the embedded DejaVu
//! fonts, a [`palette`] tuned for Discord's dark theme, PNG output and animated GIFs.
//!
//! Every game draws its pictures with these pieces and the shared [`theme`] (spacing, type, seat colours,
//! the standings banner); none of them knows about any game.

pub mod animation;
pub mod badge;
pub mod canvas;
pub mod colour;
pub mod geometry;
mod glyph_cache;
pub mod palette;
pub mod png;
mod raster;
pub mod shapes;
pub mod text;
pub mod theme;

pub use animation::AnimatedGif;
pub use canvas::Canvas;
pub use colour::Colour;
pub use geometry::Rect;
pub use png::{decode_png, encode_png};
pub use text::{Align, TextStyle, Weight};

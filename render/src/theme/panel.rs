//! A turn panel's picture: one seat's private picture, sized for a phone.

use crate::palette;
use crate::text::TextStyle;

/// The width of a panel picture. Discord shows a picture about 400 px wide on a phone, so the panel's
/// 18 px text is still 12 px tall there.
pub const PANEL_PICTURE_W: f32 = 600.0;
/// Body text a decision reads.
pub const PANEL_BODY: TextStyle = TextStyle::regular(18.0, palette::TEXT_MUTED);
/// A section's heading.
pub const PANEL_SECTION: TextStyle = TextStyle::bold(19.0, palette::TEXT);
/// The height of a section heading's line.
pub const PANEL_SECTION_H: f32 = 32.0;
/// The height of a body line.
pub const PANEL_BODY_H: f32 = 26.0;
/// The space above each section.
pub const PANEL_SECTION_GAP: f32 = 12.0;

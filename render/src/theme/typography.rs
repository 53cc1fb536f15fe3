//! Type sizes and line heights shared by every game's pictures.

use crate::palette;
use crate::text::TextStyle;

/// A picture's title (the game's name).
pub const TITLE: TextStyle = TextStyle::bold(28.0, palette::TEXT);
/// Important facts: the round, the turn, a result's title.
pub const HEADLINE: TextStyle = TextStyle::bold(21.0, palette::TEXT);
/// Secondary lines under a title.
pub const SUBTITLE: TextStyle = TextStyle::regular(18.0, palette::TEXT_MUTED);
/// A player's name.
pub const NAME: TextStyle = TextStyle::bold(22.0, palette::TEXT);
/// A player's total score.
pub const SCORE: TextStyle = TextStyle::bold(28.0, palette::TEXT);
/// Small print under names and scores.
pub const DETAIL: TextStyle = TextStyle::regular(16.0, palette::TEXT_MUTED);
/// Text inside chips (ink it with [`palette::ink_on`] the chip's fill where the fill is not light).
pub const CHIP_TEXT: TextStyle = TextStyle::bold(13.0, palette::INK_DARK);
/// A name or score in the standings banner.
pub const STANDING_NAME: TextStyle = TextStyle::bold(19.0, palette::TEXT);

/// Height of the title line.
pub const TITLE_LINE_H: f32 = 34.0;
/// Height of a line under the title.
pub const SUBTITLE_LINE_H: f32 = 26.0;
/// Height of a player's name line.
pub const NAME_LINE_H: f32 = 34.0;
/// Height of one line of small print.
pub const DETAIL_LINE_H: f32 = 24.0;
/// Height of one standing in the standings banner.
pub const STANDING_LINE_H: f32 = 32.0;

/// The baseline that centres `style`'s capitals in a line `line_h` high whose top is `top`.
pub fn baseline_in(top: f32, line_h: f32, style: &TextStyle) -> f32 {
    top + (line_h + style.cap_height()) / 2.0
}

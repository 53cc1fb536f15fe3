//! The heading at the top of a board: the game's name, a headline to its right and a line of facts.

use super::typography::{HEADLINE, SUBTITLE, SUBTITLE_LINE_H, TITLE, TITLE_LINE_H, baseline_in};
use crate::canvas::Canvas;
use crate::text::Align;

/// How tall a [`Heading`] is.
pub const HEADING_H: f32 = TITLE_LINE_H + SUBTITLE_LINE_H;

/// What a board's heading says.
#[derive(Clone, Copy, Debug)]
pub struct Heading<'a> {
    /// The game's name, at the left.
    pub title: &'a str,
    /// The state of play ("Round 2 / 3", "Game over"), at the right.
    pub headline: &'a str,
    /// The facts under them, shortened with an ellipsis to fit.
    pub facts: &'a str,
}

impl Heading<'_> {
    /// Draws the heading with its top-left corner at `(x, y)`, `width` wide.
    pub fn paint(&self, canvas: &mut Canvas, x: f32, y: f32, width: f32) {
        let title_baseline = baseline_in(y, TITLE_LINE_H, &TITLE);
        canvas.text(&TITLE, x, title_baseline, Align::Left, self.title);
        canvas.text(
            &HEADLINE,
            x + width,
            title_baseline,
            Align::Right,
            self.headline,
        );
        let facts_baseline = baseline_in(y + TITLE_LINE_H, SUBTITLE_LINE_H, &SUBTITLE);
        let facts = SUBTITLE.ellipsize(self.facts, width);
        canvas.text(&SUBTITLE, x, facts_baseline, Align::Left, &facts);
    }
}

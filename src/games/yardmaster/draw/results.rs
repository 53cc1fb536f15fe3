//! The result banner shown once the match is over: places, names, scores and how they were made.

use render::palette::{self, ink_on};
use render::{Align, Canvas, Rect, TextStyle};

use super::style::{
    CHIP_H, CHIP_TEXT, DETAIL, HEADLINE, PANEL_PAD, PANEL_RADIUS, STANDING_LINE_H, TITLE_LINE_H,
    ordinal, seat_name,
};
use crate::game::{Outcome, Participant};

const STANDING_NAME: TextStyle = TextStyle::bold(20.0, palette::TEXT);
/// Columns of a standing, measured from the banner's inner left edge.
const NAME_X: f32 = 58.0;
const SCORE_RIGHT_X: f32 = 330.0;
const DETAIL_X: f32 = 348.0;

/// How tall the banner for `outcome` is.
pub fn height(outcome: &Outcome) -> f32 {
    2.0 * PANEL_PAD + TITLE_LINE_H + STANDING_LINE_H * outcome.standings.len() as f32
}

/// Draws the banner into `rect`.
pub fn paint(canvas: &mut Canvas, rect: Rect, outcome: &Outcome, names: &[String], match_of: u8) {
    canvas.fill_rounded_rect(rect, PANEL_RADIUS, palette::PANEL);
    canvas.stroke_rounded_rect(rect, PANEL_RADIUS, 3.0, palette::HIGHLIGHT);
    let inner = rect.inset(PANEL_PAD);
    let title = if match_of > 1 {
        "Match result"
    } else {
        "Final result"
    };
    let title_baseline = inner.y + HEADLINE.cap_height() + 4.0;
    canvas.text(&HEADLINE, inner.x, title_baseline, Align::Left, title);
    for (i, standing) in outcome.standings.iter().enumerate() {
        let top = inner.y + TITLE_LINE_H + i as f32 * STANDING_LINE_H;
        let fill = if standing.place == 1 {
            palette::HIGHLIGHT
        } else {
            palette::BORDER
        };
        let badge_style = CHIP_TEXT.with_colour(ink_on(fill));
        canvas.badge(
            &badge_style,
            inner.x,
            top,
            CHIP_H,
            fill,
            &ordinal(standing.place),
        );
        let name = match &standing.participant {
            Participant::Seat(seat) => seat_name(names, *seat),
            Participant::Automa(name) => name.clone(),
        };
        let baseline = top + CHIP_H / 2.0 + STANDING_NAME.cap_height() / 2.0;
        let name_width = SCORE_RIGHT_X - NAME_X - 60.0;
        let name = STANDING_NAME.ellipsize(&name, name_width);
        canvas.text(
            &STANDING_NAME,
            inner.x + NAME_X,
            baseline,
            Align::Left,
            &name,
        );
        let score = standing.score.to_string();
        canvas.text(
            &STANDING_NAME,
            inner.x + SCORE_RIGHT_X,
            baseline,
            Align::Right,
            &score,
        );
        let detail = DETAIL.ellipsize(&standing.detail, inner.w - DETAIL_X);
        canvas.text(&DETAIL, inner.x + DETAIL_X, baseline, Align::Left, &detail);
    }
}

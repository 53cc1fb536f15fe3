//! The result banner shown once the match is over: places, names, scores and how they were made.

use render::palette::{self, ink_on};
use render::{Align, Canvas, Rect, TextStyle};

use super::style::{
    CHIP_H, CHIP_TEXT, DETAIL, HEADLINE, HIGHLIGHT_WIDTH, PANEL_PAD, PANEL_RADIUS, STANDING_LINE_H,
    TITLE_LINE_H, baseline_in, ordinal, seat_name,
};
use crate::game::{Outcome, Participant, Standing};

const STANDING_NAME: TextStyle = TextStyle::bold(20.0, palette::TEXT);
/// Where names start, from the banner's inner left edge (after the place badge).
const NAME_X: f32 = 58.0;
/// The most of the banner's width the name column may take.
const NAME_SHARE: f32 = 0.4;
/// Width of the score column, right-aligned after the names.
const SCORE_W: f32 = 64.0;
/// Space before the detail column.
const COLUMN_GAP: f32 = 18.0;

/// How tall the banner for `outcome` is.
pub fn height(outcome: &Outcome) -> f32 {
    2.0 * PANEL_PAD + TITLE_LINE_H + STANDING_LINE_H * outcome.standings.len() as f32
}

/// Draws the banner into `rect`; `games` is how many games the match had.
pub fn paint(canvas: &mut Canvas, rect: Rect, outcome: &Outcome, names: &[String], games: u8) {
    canvas.fill_rounded_rect(rect, PANEL_RADIUS, palette::PANEL);
    canvas.stroke_rounded_rect(rect, PANEL_RADIUS, HIGHLIGHT_WIDTH, palette::HIGHLIGHT);
    let inner = rect.inset(PANEL_PAD);
    let title = if games > 1 {
        "Match result"
    } else {
        "Final result"
    };
    let title_baseline = baseline_in(inner.y, TITLE_LINE_H, &HEADLINE);
    canvas.text(&HEADLINE, inner.x, title_baseline, Align::Left, title);

    let standing_names: Vec<String> = outcome
        .standings
        .iter()
        .map(|s| name_of(s, names))
        .collect();
    let widest = standing_names
        .iter()
        .map(|name| STANDING_NAME.width(name))
        .fold(0.0, f32::max);
    let name_w = widest.min(NAME_SHARE * inner.w);
    let score_right = inner.x + NAME_X + name_w + SCORE_W;
    let detail_x = score_right + COLUMN_GAP;

    for (i, (standing, name)) in outcome.standings.iter().zip(&standing_names).enumerate() {
        let top = inner.y + TITLE_LINE_H + i as f32 * STANDING_LINE_H;
        let fill = if standing.place == 1 {
            palette::HIGHLIGHT
        } else {
            palette::BORDER
        };
        let badge_style = CHIP_TEXT.with_colour(ink_on(fill));
        let place = ordinal(standing.place);
        canvas.badge(&badge_style, inner.x, top, CHIP_H, fill, &place);
        let baseline = top + CHIP_H / 2.0 + STANDING_NAME.cap_height() / 2.0;
        let name = STANDING_NAME.ellipsize(name, name_w);
        canvas.text(
            &STANDING_NAME,
            inner.x + NAME_X,
            baseline,
            Align::Left,
            &name,
        );
        let score = standing.score.to_string();
        canvas.text(&STANDING_NAME, score_right, baseline, Align::Right, &score);
        let detail = DETAIL.ellipsize(&standing.detail, inner.right() - detail_x);
        canvas.text(&DETAIL, detail_x, baseline, Align::Left, &detail);
    }
}

fn name_of(standing: &Standing, names: &[String]) -> String {
    match &standing.participant {
        Participant::Seat(seat) => seat_name(names, *seat),
        Participant::Automa(name) => name.clone(),
    }
}

//! The result banner once the game is over: the winner (or a shared victory) and the standings with how
//! each score was made.

use render::palette::{self, ink_on};
use render::{Align, Canvas, Rect, TextStyle};

use super::players::{paint_owner_disc, score_detail};
use super::style::{
    CHIP_H, CHIP_TEXT, DETAIL, HEADLINE, HIGHLIGHT_WIDTH, PANEL_PAD, PANEL_RADIUS, STANDING_LINE_H,
    TITLE_LINE_H, baseline_in, number, ordinal,
};
use crate::game::{Outcome, Participant, Standing};
use crate::games::whistlewood::present::owner_name;
use crate::games::whistlewood::view::WhistlewoodView;

const STANDING_NAME: TextStyle = TextStyle::bold(19.0, palette::TEXT);
/// Where the owner's disc sits, from the inner left edge (after the place badge).
const DISC_X: f32 = 62.0;
/// Radius of the owner's disc.
const DISC_R: f32 = 10.0;
/// Where names start, from the inner left edge.
const NAME_X: f32 = 82.0;
/// The most of the banner's width the name column may take.
const NAME_SHARE: f32 = 0.35;
/// Width of the score column, right-aligned after the names.
const SCORE_W: f32 = 70.0;
/// Space before the detail column.
const COLUMN_GAP: f32 = 18.0;

/// How tall the banner for `outcome` is.
pub fn height(outcome: &Outcome) -> f32 {
    2.0 * PANEL_PAD + TITLE_LINE_H + STANDING_LINE_H * outcome.standings.len() as f32
}

/// Draws the banner into `rect`.
pub fn paint(
    canvas: &mut Canvas,
    rect: Rect,
    view: &WhistlewoodView,
    outcome: &Outcome,
    names: &[String],
) {
    canvas.fill_rounded_rect(rect, PANEL_RADIUS, palette::PANEL);
    canvas.stroke_rounded_rect(rect, PANEL_RADIUS, HIGHLIGHT_WIDTH, palette::SUCCESS);
    let inner = rect.inset(PANEL_PAD);
    let standing_names: Vec<String> = outcome
        .standings
        .iter()
        .map(|s| name_of(view, s, names))
        .collect();
    let title = title(outcome, &standing_names);
    let title_baseline = baseline_in(inner.y, TITLE_LINE_H, &HEADLINE);
    canvas.text(&HEADLINE, inner.x, title_baseline, Align::Left, &title);

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
            palette::SUCCESS
        } else {
            palette::BORDER
        };
        let style = CHIP_TEXT.with_colour(ink_on(fill));
        canvas.badge(&style, inner.x, top, CHIP_H, fill, &ordinal(standing.place));
        let cy = top + CHIP_H / 2.0;
        if let Some(owner) = owner_of(view, standing) {
            paint_owner_disc(canvas, inner.x + DISC_X, cy, DISC_R, owner);
        }
        let baseline = cy + STANDING_NAME.cap_height() / 2.0;
        let name = STANDING_NAME.ellipsize(name, name_w);
        canvas.text(
            &STANDING_NAME,
            inner.x + NAME_X,
            baseline,
            Align::Left,
            &name,
        );
        let score = format!("{} pts", number(standing.score));
        canvas.text(&STANDING_NAME, score_right, baseline, Align::Right, &score);
        let detail = owner_of(view, standing)
            .and_then(|owner| view.colours.get(owner))
            .map_or_else(|| standing.detail.clone(), score_detail);
        let detail = DETAIL.ellipsize(&detail, inner.right() - detail_x);
        canvas.text(&DETAIL, detail_x, baseline, Align::Left, &detail);
    }
}

/// "Alice wins", or a shared victory.
fn title(outcome: &Outcome, names: &[String]) -> String {
    let winners: Vec<&str> = outcome
        .standings
        .iter()
        .zip(names)
        .filter(|(s, _)| s.place == 1)
        .map(|(_, name)| name.as_str())
        .collect();
    match winners.as_slice() {
        [one] => format!("Game over · {one} wins"),
        [] => "Game over".to_owned(),
        many => format!("Game over · shared victory: {}", many.join(" and ")),
    }
}

/// The colour a standing belongs to.
pub fn owner_of(view: &WhistlewoodView, standing: &Standing) -> Option<usize> {
    view.colours
        .iter()
        .find(|c| match (&standing.participant, c.seat) {
            (Participant::Seat(seat), Some(own)) => *seat == own,
            (Participant::Automa(_), None) => true,
            _ => false,
        })
        .map(|c| c.owner)
}

/// The name of a standing's player, as the panels name them.
fn name_of(view: &WhistlewoodView, standing: &Standing, names: &[String]) -> String {
    match (owner_of(view, standing), &standing.participant) {
        (Some(owner), _) => owner_name(view, names, owner),
        (None, Participant::Automa(name)) => name.clone(),
        (None, Participant::Seat(seat)) => format!("Seat {}", seat + 1),
    }
}

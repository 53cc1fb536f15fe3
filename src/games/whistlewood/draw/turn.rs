//! The turn bar: who moves and the steps left this turn, with the final turn and a waiting automatic
//! advance marked.

use render::palette::{self, ink_on};
use render::theme::{
    CHIP_GAP, CHIP_H, CHIP_TEXT, HEADLINE, HIGHLIGHT_WIDTH, PANEL_PAD, PANEL_RADIUS, baseline_in,
    paint_seat_disc,
};
use render::{Align, Canvas, Rect};

use super::style::{TURN_LINE_H, owner_mark};
use crate::games::whistlewood::present::owner_name;
use crate::games::whistlewood::view::{TurnView, WhistlewoodView};

/// How tall the turn bar is.
pub const HEIGHT: f32 = 2.0 * PANEL_PAD + TURN_LINE_H;
/// Radius of the owner's disc.
const DISC_R: f32 = 11.0;

/// Draws the bar for `turn` into `rect`.
pub fn paint(
    canvas: &mut Canvas,
    rect: Rect,
    view: &WhistlewoodView,
    turn: &TurnView,
    names: &[String],
) {
    canvas.fill_rounded_rect(rect, PANEL_RADIUS, palette::PANEL);
    canvas.stroke_rounded_rect(rect, PANEL_RADIUS, HIGHLIGHT_WIDTH, palette::HIGHLIGHT);
    let inner = rect.inset(PANEL_PAD);
    let cy = inner.y + TURN_LINE_H / 2.0;
    paint_seat_disc(canvas, inner.x + DISC_R, cy, DISC_R, owner_mark(turn.owner));
    let chips = chips(view, turn);
    let chips_w: f32 = chips
        .iter()
        .map(|(text, _)| CHIP_GAP + render::badge::badge_width(&CHIP_TEXT, CHIP_H, text))
        .sum();
    let x = inner.x + 2.0 * DISC_R + CHIP_GAP;
    let line = format!(
        "{} to move: {}",
        owner_name(view, names, turn.owner),
        turn.summary
    );
    let line = HEADLINE.ellipsize(&line, inner.right() - x - chips_w);
    let baseline = baseline_in(inner.y, TURN_LINE_H, &HEADLINE);
    let mut x = x + canvas.text(&HEADLINE, x, baseline, Align::Left, &line);
    for (text, fill) in chips {
        x += CHIP_GAP;
        let style = CHIP_TEXT.with_colour(ink_on(fill));
        x += canvas.badge(&style, x, cy - CHIP_H / 2.0, CHIP_H, fill, text);
    }
}

/// The marks after the turn's summary.
fn chips(view: &WhistlewoodView, turn: &TurnView) -> Vec<(&'static str, render::Colour)> {
    let mut chips = Vec::new();
    if view.final_turn {
        chips.push(("FINAL TURN", palette::HIGHLIGHT));
    }
    if turn.advance_waits {
        chips.push(("AUTOMATIC ADVANCE WAITS", palette::ACCENT));
    }
    chips
}

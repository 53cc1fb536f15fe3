//! The bar under the heading: who acts and what they are asked (with the drawn tile to place), or the
//! standings once the game is over.

use render::palette;
use render::theme::{
    HEADLINE, HIGHLIGHT_WIDTH, PANEL_PAD, PANEL_RADIUS, Standing, StandingsBanner, baseline_in,
    paint_seat_disc,
};
use render::{Align, Canvas, Rect};

use super::style::seat_mark;
use crate::game::{Outcome, Participant, fill_seat_refs};
use crate::games::coal_train::view::CoalTrainView;
use crate::games::coal_train::words::seat_name;

/// Height of the turn line.
const LINE_H: f32 = 32.0;
/// How tall the turn bar is.
pub const HEIGHT: f32 = 2.0 * PANEL_PAD + LINE_H;
/// Radius of the seat disc.
const DISC_R: f32 = 12.0;

/// Draws the turn bar, or the result banner once the game is over, into `rect`.
pub fn paint(canvas: &mut Canvas, rect: Rect, view: &CoalTrainView, names: &[String]) {
    if let Some(outcome) = &view.outcome {
        banner(outcome, names).paint(canvas, rect);
        return;
    }
    canvas.fill_rounded_rect(rect, PANEL_RADIUS, palette::PANEL);
    canvas.stroke_rounded_rect(rect, PANEL_RADIUS, HIGHLIGHT_WIDTH, palette::HIGHLIGHT);
    let inner = rect.inset(PANEL_PAD);
    let Some(seat) = view.to_act else {
        return;
    };
    let cy = inner.y + LINE_H / 2.0;
    paint_seat_disc(canvas, inner.x + DISC_R, cy, DISC_R, seat_mark(seat));
    let x = inner.x + 2.0 * DISC_R + 10.0;
    let line = format!("{} to act: {}", seat_name(names, seat), view.asked);
    let line = HEADLINE.ellipsize(&line, inner.right() - x);
    canvas.text(
        &HEADLINE,
        x,
        baseline_in(inner.y, LINE_H, &HEADLINE),
        Align::Left,
        &line,
    );
}

/// The standings banner: places, seats, VP and how they were made.
pub(super) fn banner(outcome: &Outcome, names: &[String]) -> StandingsBanner {
    let standings: Vec<Standing> = outcome
        .standings
        .iter()
        .map(|standing| {
            let seat = match standing.participant {
                Participant::Seat(seat) => Some(seat),
                Participant::Automa(_) => None,
            };
            Standing {
                place: standing.place,
                seat: seat.map(seat_mark),
                name: seat.map_or_else(String::new, |s| seat_name(names, s)),
                score: format!("{} VP", standing.score),
                detail: standing.detail.clone(),
            }
        })
        .collect();
    let winners: Vec<&str> = standings
        .iter()
        .filter(|s| s.place == 1)
        .map(|s| s.name.as_str())
        .collect();
    let title = match winners.as_slice() {
        [one] => format!("Game over · {one} wins"),
        [] => "Game over".to_string(),
        many => format!("Game over · shared victory: {}", many.join(" and ")),
    };
    let note = outcome
        .tie_break
        .as_deref()
        .map(|text| fill_seat_refs(text, |seat| seat_name(names, seat)));
    StandingsBanner {
        title,
        standings,
        note,
    }
}

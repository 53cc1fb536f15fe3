//! The board's header: the title, the round, who plays and the direction of travel.

use render::{Align, Canvas};

use super::style::{HEADLINE, SUBTITLE, SUBTITLE_LINE_H, TITLE, TITLE_LINE_H, baseline_in};
use crate::games::whistlewood::view::WhistlewoodView;

const GAME_NAME: &str = "Whistlewood Express";

/// How tall the header is.
pub const HEIGHT: f32 = TITLE_LINE_H + SUBTITLE_LINE_H;

/// Draws the header with its top-left corner at `(x, y)`, `width` wide.
pub fn paint(canvas: &mut Canvas, view: &WhistlewoodView, x: f32, y: f32, width: f32) {
    let title_baseline = baseline_in(y, TITLE_LINE_H, &TITLE);
    canvas.text(&TITLE, x, title_baseline, Align::Left, GAME_NAME);
    let right = if view.outcome.is_some() {
        format!("Game over after round {}", view.round)
    } else {
        format!("Round {}", view.round)
    };
    canvas.text(&HEADLINE, x + width, title_baseline, Align::Right, &right);
    let facts = facts(view).join(" · ");
    let baseline = baseline_in(y + TITLE_LINE_H, SUBTITLE_LINE_H, &SUBTITLE);
    let facts = SUBTITLE.ellipsize(&facts, width);
    canvas.text(&SUBTITLE, x, baseline, Align::Left, &facts);
}

/// Who plays, and which way the train runs.
fn facts(view: &WhistlewoodView) -> Vec<String> {
    let players = match view.automa_level {
        Some(level) => format!("Solo against the Automa, level {level}"),
        None => "Two players".to_owned(),
    };
    let direction = match view.from_left {
        None => "the starting end is not chosen yet".to_owned(),
        Some(true) => "the train runs left to right (column 1 at the left)".to_owned(),
        Some(false) => "the train runs right to left (column 1 at the right)".to_owned(),
    };
    vec![players, direction]
}

//! The board's header: the title, the round, who plays and the direction of travel.

use render::Canvas;
use render::theme::Heading;

use crate::games::whistlewood::view::WhistlewoodView;

const GAME_NAME: &str = "Whistlewood Express";

/// Draws the header with its top-left corner at `(x, y)`, `width` wide.
pub fn paint(canvas: &mut Canvas, view: &WhistlewoodView, x: f32, y: f32, width: f32) {
    let headline = if view.outcome.is_some() {
        format!("Game over after round {}", view.round)
    } else {
        format!("Round {}", view.round)
    };
    let heading = Heading {
        title: GAME_NAME,
        headline: &headline,
        facts: &facts(view).join(" · "),
    };
    heading.paint(canvas, x, y, width);
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

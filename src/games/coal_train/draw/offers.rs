//! The incentives still beside each city, with what each does, one city a line.

use render::palette;
use render::theme::{PANEL_PAD, PANEL_RADIUS, baseline_in};
use render::{Align, Canvas, Rect};

use super::style::{PANEL_TITLE, SMALL, STRIP, TITLE_H};
use crate::games::coal_train::content::{Content, LocationKind};
use crate::games::coal_train::present::incentive_line;
use crate::games::coal_train::view::CoalTrainView;

/// Height of one city's line.
const LINE_H: f32 = 20.0;
/// Space for the city's name and VP before its incentives.
const NAME_W: f32 = 190.0;

/// How tall the panel is: a line per city of the map.
pub fn height() -> f32 {
    let cities = Content::get().map.cities.len() as f32;
    2.0 * PANEL_PAD + TITLE_H + cities * LINE_H
}

/// Draws the panel into `rect`.
pub fn paint(canvas: &mut Canvas, rect: Rect, view: &CoalTrainView) {
    let content = Content::get();
    canvas.fill_rounded_rect(rect, PANEL_RADIUS, palette::PANEL);
    let inner = rect.inset(PANEL_PAD);
    let baseline = baseline_in(inner.y, TITLE_H, &PANEL_TITLE);
    canvas.text(
        &PANEL_TITLE,
        inner.x,
        baseline,
        Align::Left,
        "Incentives left in the cities (the next builder there takes one)",
    );
    let cities = view
        .locations
        .iter()
        .filter(|l| l.kind == LocationKind::City);
    for (i, city) in cities.enumerate() {
        let baseline = baseline_in(inner.y + TITLE_H + i as f32 * LINE_H, LINE_H, &STRIP);
        let name = format!("{} ({} VP)", city.name, city.vp);
        canvas.text(&STRIP, inner.x, baseline, Align::Left, &name);
        let offers = if city.incentives.is_empty() {
            "none left".to_string()
        } else {
            city.incentives
                .iter()
                .map(|name| incentive_line(content, name))
                .collect::<Vec<_>>()
                .join(" · ")
        };
        let offers = SMALL.ellipsize(&offers, inner.w - NAME_W);
        canvas.text(&SMALL, inner.x + NAME_W, baseline, Align::Left, &offers);
    }
}

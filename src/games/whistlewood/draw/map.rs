//! The map block: column numbers with the direction of travel, the two rows of cards as they lie on the
//! table, the train's lane between them and a legend.

use render::palette;
use render::theme::{DETAIL, baseline_in};
use render::{Align, Canvas, Rect};

use super::card::paint_location;
use super::columns::{Columns, MAP_COLUMNS};
use super::style::{CARD_H, COLUMN_LABEL, COLUMN_ROW_H, LANE_GAP, LANE_H, LEGEND_H};
use super::train::paint_lane;
use crate::games::whistlewood::view::WhistlewoodView;

/// Radius of a column number's disc.
const NUMBER_R: f32 = 13.0;
/// Half the size of the arrowheads between column numbers.
const CHEVRON: f32 = 6.0;

/// The names of the zone before the map, longest first (the first that fits is used).
const ZONE_BEFORE: [&str; 2] = ["before the map", "before"];
/// The names of the zone past the map.
const ZONE_PAST: [&str; 2] = ["past the map", "past"];

/// How tall the map block is.
pub const HEIGHT: f32 = COLUMN_ROW_H + 2.0 * CARD_H + 2.0 * LANE_GAP + LANE_H + LEGEND_H;

/// The lane's rectangle in a map block whose top is `top`.
pub fn lane_rect(columns: &Columns, left: f32, top: f32) -> Rect {
    let y = top + COLUMN_ROW_H + CARD_H + LANE_GAP;
    Rect::new(left, y, columns.width(), LANE_H)
}

/// The rectangle of the card in `row` (0 top) and view column index `column` (0..5).
pub fn card_rect(columns: &Columns, top: f32, row: usize, column: usize) -> Rect {
    let (x, w) = columns.span(column as i32 + 1);
    let y = top + COLUMN_ROW_H + row as f32 * (CARD_H + 2.0 * LANE_GAP + LANE_H);
    Rect::new(x, y, w, CARD_H)
}

/// Draws the map block with its top-left corner at `(left, top)`.
pub fn paint(canvas: &mut Canvas, view: &WhistlewoodView, columns: &Columns, left: f32, top: f32) {
    if view.from_left.is_some() {
        paint_column_row(canvas, columns, top);
    }
    for (r, row) in view.rows.iter().enumerate() {
        for (c, card) in row.iter().enumerate() {
            paint_location(canvas, card_rect(columns, top, r, c), card, r == 1);
        }
    }
    let lane = lane_rect(columns, left, top);
    paint_lane(canvas, lane, columns, view);
    let legend_top = top + HEIGHT - LEGEND_H;
    let legend = legend(view);
    let text = DETAIL.ellipsize(&legend, columns.width());
    let baseline = baseline_in(legend_top, LEGEND_H, &DETAIL);
    canvas.text(&DETAIL, left, baseline, Align::Left, &text);
}

/// The numbers 1 to 5 from the starting end with arrowheads pointing the way the train runs, and the
/// names of the zones off the map.
fn paint_column_row(canvas: &mut Canvas, columns: &Columns, top: f32) {
    let cy = top + COLUMN_ROW_H / 2.0;
    let ink = COLUMN_LABEL.with_colour(palette::INK_DARK);
    let step = if columns.mirrored() { -1.0 } else { 1.0 };
    for column in MAP_COLUMNS {
        let (x, w) = columns.span(column);
        let cx = x + w / 2.0;
        canvas.fill_circle(cx, cy, NUMBER_R, palette::TEXT_MUTED);
        let disc = Rect::new(cx - NUMBER_R, cy - NUMBER_R, 2.0 * NUMBER_R, 2.0 * NUMBER_R);
        canvas.text_centred(&ink, disc, &column.to_string());
        if column < *MAP_COLUMNS.end() {
            let tip = cx + step * (w / 2.0 + CHEVRON);
            let base = tip - step * 2.0 * CHEVRON;
            let head = [(base, cy - CHEVRON), (tip, cy), (base, cy + CHEVRON)];
            canvas.fill_polygon(&head, palette::TEXT_DIM);
        }
    }
    for (before, names) in [(true, ZONE_BEFORE), (false, ZONE_PAST)] {
        let Some((x, w)) = columns.zone(before) else {
            continue;
        };
        let fitting = names.iter().find(|name| COLUMN_LABEL.width(name) <= w);
        let text = COLUMN_LABEL.ellipsize(fitting.unwrap_or(&names[names.len() - 1]), w);
        let baseline = baseline_in(top, COLUMN_ROW_H, &COLUMN_LABEL);
        canvas.text(&COLUMN_LABEL, x + w / 2.0, baseline, Align::Centre, &text);
    }
}

/// The legend under the map.
fn legend(view: &WhistlewoodView) -> String {
    let mut parts = vec![
        "R = red cars, B = blue cars".to_owned(),
        "numbers on cars: points as they stand now".to_owned(),
    ];
    if view.from_left.is_some() {
        parts.push(format!(
            "hatched: past the last Station (column {}), cars there lose points",
            view.last_station_column
        ));
    }
    parts.join(" · ")
}

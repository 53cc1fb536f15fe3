//! The train's lane between the two rows: rails, the hatched stretch past the last Station column, the
//! locomotive facing the direction of travel and every car at its column, on or off the map.

use render::palette;
use render::theme::SUBTITLE;
use render::{Align, Canvas, Rect, TextStyle};

use super::car::{CarLook, paint_car, paint_wheels};
use super::columns::Columns;
use super::style::{LANE, LOSS_HATCH, OFF_GAP, RAIL, TRAIN_TILE_H, TRAIN_TILE_W};
use crate::games::whistlewood::view::WhistlewoodView;

/// Corner radius of the lane.
const LANE_CORNER: f32 = 8.0;
/// Where the rails run, as shares of the lane's height.
const RAILS_AT: [f32; 2] = [0.86, 0.93];
/// Thickness of a rail and of the coupling line.
const RAIL_W: f32 = 2.0;
const COUPLING_W: f32 = 4.0;
/// Distance between hatching stripes, and their thickness.
const HATCH_STEP: f32 = 12.0;
const HATCH_W: f32 = 3.0;
/// The locomotive's nose, as a share of its width.
const NOSE: f32 = 0.2;
/// Its window: from the rear, from the top, width, height (shares of the body).
const WINDOW: [f32; 4] = [0.08, 0.16, 0.2, 0.3];
/// Its label.
const LOCO_TEXT: TextStyle = TextStyle::bold(15.0, palette::ENGINE_TRIM);
/// The width of the locomotive's outline.
const OUTLINE: f32 = 2.0;
/// What the lane says before the starting end is chosen.
const CHOOSE_END: &str =
    "Choose the starting end: the locomotive starts at the left or the right end of the map";

/// Draws the lane of `view` into `lane` (the full width of the columns).
pub fn paint_lane(canvas: &mut Canvas, lane: Rect, columns: &Columns, view: &WhistlewoodView) {
    canvas.fill_rounded_rect(lane, LANE_CORNER, LANE);
    if view.from_left.is_some() {
        paint_loss_zone(canvas, lane, columns, view.last_station_column);
    }
    for share in RAILS_AT {
        let y = lane.y + share * lane.h;
        canvas.line((lane.x, y), (lane.right(), y), RAIL_W, RAIL);
    }
    if view.from_left.is_none() {
        let text = SUBTITLE.ellipsize(CHOOSE_END, lane.w);
        let style = SUBTITLE.with_colour(palette::TEXT);
        canvas.text_centred(&style, lane, &text);
        return;
    }
    let rear = view.train.last().map_or(view.loco, |c| c.column);
    let (cx_loco, cy) = tile_rect(lane, columns, view.loco).centre();
    let (cx_rear, _) = tile_rect(lane, columns, rear).centre();
    canvas.line((cx_loco, cy), (cx_rear, cy), COUPLING_W, RAIL);
    paint_loco(
        canvas,
        tile_rect(lane, columns, view.loco),
        !columns.mirrored(),
    );
    for car in &view.train {
        let rect = tile_rect(lane, columns, car.column);
        let look = CarLook {
            owner: car.car.owner,
            tile: car.car.tile,
            points: (car.column > view.last_station_column).then_some(car.car.points),
        };
        paint_car(canvas, rect, &look);
        paint_wheels(canvas, rect);
    }
}

/// Where the car (or locomotive) at `column` is drawn in `lane`.
pub fn tile_rect(lane: Rect, columns: &Columns, column: i32) -> Rect {
    let (x, w) = columns.span(column);
    let tile_w = TRAIN_TILE_W.min(w);
    let wheels = (1.0 - RAILS_AT[0]) * lane.h;
    let top = lane.y + (lane.h - wheels - TRAIN_TILE_H) / 2.0;
    Rect::new(x + (w - tile_w) / 2.0, top, tile_w, TRAIN_TILE_H)
}

/// Hatches the lane from the column after the last Station to the end of the picture.
fn paint_loss_zone(canvas: &mut Canvas, lane: Rect, columns: &Columns, last_station: i32) {
    let first = last_station + 1;
    let last = *columns.range().end();
    if first > last {
        return;
    }
    let (a, aw) = columns.span(first);
    let (b, bw) = columns.span(last);
    let x0 = a.min(b) - OFF_GAP / 2.0;
    let x1 = (a + aw).max(b + bw) + OFF_GAP / 2.0;
    hatch(canvas, Rect::new(x0, lane.y, x1 - x0, lane.h));
}

/// Diagonal stripes across `rect`, clipped to it: each row is painted as spans (crisp inside, blended
/// at the ends), far cheaper than thick lines over the whole area.
fn hatch(canvas: &mut Canvas, rect: Rect) {
    let half = HATCH_W * std::f32::consts::SQRT_2 / 2.0;
    for y in rect.y.floor() as i32..rect.bottom().ceil() as i32 {
        let rise = rect.bottom() - (y as f32 + 0.5);
        let mut start = rect.x - rect.h - half;
        while start < rect.right() + half {
            let centre = start + rise;
            let from = (centre - half).max(rect.x);
            let to = (centre + half).min(rect.right());
            if from < to {
                blended_span(canvas, y, from, to);
            }
            start += HATCH_STEP;
        }
    }
}

/// Paints row `y` from `from` to `to` (fractional), blending the partly covered end pixels.
fn blended_span(canvas: &mut Canvas, y: i32, from: f32, to: f32) {
    let (inner_from, inner_to) = (from.ceil() as i32, to.floor() as i32);
    if inner_from > inner_to {
        canvas.blend(from.floor() as i32, y, LOSS_HATCH, to - from);
        return;
    }
    canvas.fill_span(inner_from, inner_to, y, LOSS_HATCH);
    canvas.blend(inner_from - 1, y, LOSS_HATCH, inner_from as f32 - from);
    canvas.blend(inner_to, y, LOSS_HATCH, to - inner_to as f32);
}

/// The locomotive in `rect`, its nose to the right when `facing_right`.
pub fn paint_loco(canvas: &mut Canvas, rect: Rect, facing_right: bool) {
    let nose_w = NOSE * rect.w;
    let body_w = rect.w - nose_w;
    let (body_x, nose_base, nose_tip) = if facing_right {
        (rect.x, rect.x + body_w, rect.right())
    } else {
        (rect.x + nose_w, rect.x + nose_w, rect.x)
    };
    let body = Rect::new(body_x, rect.y, body_w, rect.h);
    let (_, cy) = rect.centre();
    let nose = [
        (nose_base, rect.y + 0.2 * rect.h),
        (nose_tip, cy),
        (nose_base, rect.bottom() - 0.05 * rect.h),
    ];
    canvas.fill_polygon(&nose, palette::ENGINE_TRIM);
    canvas.fill_rounded_rect(body, 0.14 * rect.h, palette::ENGINE);
    canvas.stroke_rounded_rect(body, 0.14 * rect.h, OUTLINE, palette::ENGINE_TRIM);
    let [wx, wy, ww, wh] = WINDOW;
    let window_x = if facing_right {
        body.x + wx * body.w
    } else {
        body.right() - (wx + ww) * body.w
    };
    let window = Rect::new(window_x, body.y + wy * body.h, ww * body.w, wh * body.h);
    canvas.fill_rounded_rect(window, 2.0, palette::TEXT_MUTED);
    let labels = if facing_right {
        ["LOCO →", "→"]
    } else {
        ["← LOCO", "←"]
    };
    let fitting = labels
        .iter()
        .find(|l| LOCO_TEXT.width(l) <= body.w - 2.0 * OUTLINE);
    let label = fitting.unwrap_or(&labels[1]);
    let text_top = window.bottom();
    let baseline = text_top + (body.bottom() - text_top + LOCO_TEXT.cap_height()) / 2.0;
    canvas.text(&LOCO_TEXT, body.centre().0, baseline, Align::Centre, label);
    paint_wheels(canvas, rect);
}

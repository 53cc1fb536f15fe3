//! The map panel: connections (gold with their extra cost when they have one), towns and cities with
//! their VP, each player's stations as seat discs above the location, and a badge with the number of
//! incentives still beside each city.

use render::palette;
use render::theme::{PANEL_PAD, PANEL_RADIUS, baseline_in};
use render::{Align, Canvas, Rect};

use super::changes::{CHANGED, CHANGED_WIDTH, Changes};
use super::style::{
    BADGE_TEXT, CITY_FILL, CITY_R, EDGE, EDGE_EXTRA, EXTRA, PANEL_TITLE, PLACE_NAME, PLACE_VP,
    SMALL, STATION_LETTER, STATION_R, TITLE_H, TOWN_FILL, TOWN_R, seat_mark,
};
use crate::games::coal_train::content::{Content, LocationKind};
use crate::games::coal_train::view::CoalTrainView;
use crate::games::coal_train::words::short;

/// Room kept at the sides of the map for names.
const SIDE_ROOM: f32 = 58.0;
/// Room kept above the top row (stations) and below the bottom row (names).
const END_ROOM: f32 = 34.0;
/// Height of an incentive badge.
const BADGE_H: f32 = 16.0;

/// Draws the map panel into `rect`, with the places of `changes` ringed.
pub fn paint(canvas: &mut Canvas, rect: Rect, view: &CoalTrainView, changes: &Changes) {
    canvas.fill_rounded_rect(rect, PANEL_RADIUS, palette::PANEL);
    let inner = rect.inset(PANEL_PAD);
    let baseline = baseline_in(inner.y, TITLE_H, &PANEL_TITLE);
    canvas.text(&PANEL_TITLE, inner.x, baseline, Align::Left, "Map");
    canvas.text(
        &SMALL,
        inner.right(),
        baseline,
        Align::Right,
        "number: VP · discs: stations · purple: incentives left",
    );
    let area = Rect::new(inner.x, inner.y + TITLE_H, inner.w, inner.h - TITLE_H);
    let content = Content::get();
    let span = |axis: usize| {
        content
            .map
            .locations
            .iter()
            .map(|l| l.xy[axis])
            .max()
            .unwrap_or(1)
            .max(1) as f32
    };
    let (span_x, span_y) = (span(0), span(1));
    let at = |xy: [i32; 2]| {
        (
            area.x + SIDE_ROOM + xy[0] as f32 * (area.w - 2.0 * SIDE_ROOM) / span_x,
            area.y + END_ROOM + xy[1] as f32 * (area.h - 2.0 * END_ROOM) / span_y,
        )
    };
    for edge in &content.map.edges {
        let from = at(view.locations[edge.a].xy);
        let to = at(view.locations[edge.b].xy);
        let extra = edge.extra.total() > 0;
        canvas.line(from, to, 3.0, if extra { EDGE_EXTRA } else { EDGE });
        if extra {
            let label = format!("+{}", short(&edge.extra));
            let (mx, my) = ((from.0 + to.0) / 2.0, (from.1 + to.1) / 2.0);
            let w = EXTRA.width(&label) + 8.0;
            let box_rect = Rect::new(mx - w / 2.0, my - 9.0, w, 18.0);
            canvas.fill_rounded_rect(box_rect, 4.0, palette::PANEL);
            canvas.text_centred(&EXTRA, box_rect, &label);
        }
    }
    for (l, location) in view.locations.iter().enumerate() {
        let (cx, cy) = at(location.xy);
        let (r, fill) = match location.kind {
            LocationKind::City => (CITY_R, CITY_FILL),
            LocationKind::Town => (TOWN_R, TOWN_FILL),
        };
        if changes.location(l) {
            canvas.stroke_circle(cx, cy, r + 5.0, CHANGED_WIDTH, CHANGED);
        }
        canvas.fill_circle(cx, cy, r, fill);
        canvas.stroke_circle(cx, cy, r, 1.5, palette::INK_DARK);
        let disc = Rect::new(cx - r, cy - r, 2.0 * r, 2.0 * r);
        canvas.text_centred(&PLACE_VP, disc, &location.vp.to_string());
        canvas.text(
            &PLACE_NAME,
            cx,
            cy + r + PLACE_NAME.cap_height() + 5.0,
            Align::Centre,
            &location.name,
        );
        let n = location.stations.len() as f32;
        let pitch = 2.0 * STATION_R + 2.0;
        for (i, &seat) in location.stations.iter().enumerate() {
            let sx = cx - (n - 1.0) * pitch / 2.0 + i as f32 * pitch;
            let sy = cy - r - STATION_R - 3.0;
            station(canvas, sx, sy, seat);
        }
        if location.kind == LocationKind::City {
            let count = location.incentives.len().to_string();
            canvas.badge(
                &BADGE_TEXT,
                cx + r - 2.0,
                cy - BADGE_H / 2.0,
                BADGE_H,
                palette::ACCENT,
                &count,
            );
        }
    }
}

/// One station: a small disc in the seat's colour with the seat's number.
pub(super) fn station(canvas: &mut Canvas, cx: f32, cy: f32, seat: usize) {
    let mark = seat_mark(seat);
    canvas.fill_circle(cx, cy, STATION_R, mark.colour);
    canvas.stroke_circle(cx, cy, STATION_R, 1.0, palette::INK_DARK);
    let disc = Rect::new(
        cx - STATION_R,
        cy - STATION_R,
        2.0 * STATION_R,
        2.0 * STATION_R,
    );
    let style = STATION_LETTER.with_colour(palette::ink_on(mark.colour));
    canvas.text_centred(&style, disc, mark.letter);
}

//! The turn panel's map: only the area where the seat can build now (its stations and the places next
//! to them, or the whole map before its first station), drawn as large as the panel allows. Places
//! open to it are ringed and named in large print, its own stations filled with its colour, and the
//! extra cost of each connection shown; other places in the area are dimmed.

use render::palette;
use render::theme::{HIGHLIGHT_WIDTH, PANEL_PAD, PANEL_RADIUS, baseline_in};
use render::{Align, Canvas, Rect, TextStyle};

use super::map::station;
use super::style::{
    BODY, BODY_BOLD, BODY_LINE_H, CITY_FILL, EDGE, EDGE_EXTRA, STATION_R, TOWN_FILL, seat_mark,
};
use crate::games::coal_train::content::{Content, LocationKind};
use crate::games::coal_train::view::CoalTrainView;
use crate::games::coal_train::words::short;

/// Room at the sides of the area for names.
const SIDE_ROOM: f32 = 56.0;
/// Room above the top places (their stations, or their names).
const TOP_ROOM: f32 = CITY_R + BODY_LINE_H + 10.0;
/// The least space between two names side by side.
const NAME_GAP: f32 = 12.0;
/// Room below the bottom places (names).
const BOTTOM_ROOM: f32 = 58.0;
/// The most pixels between two neighbouring columns of the map's grid.
const MOST_UNIT_X: f32 = 120.0;
/// Pixels between two rows of the map's grid.
const UNIT_Y: f32 = 78.0;
/// A city's radius.
const CITY_R: f32 = 18.0;
/// A town's radius.
const TOWN_R: f32 = 14.0;
/// The VP inside a place.
const VP: TextStyle = TextStyle::bold(18.0, palette::INK_DARK);
/// A connection's extra cost.
const EXTRA: TextStyle = TextStyle::bold(18.0, EDGE_EXTRA);
/// Names of places the seat cannot build at.
const DIM_NAME: TextStyle = TextStyle::regular(14.0, palette::TEXT_DIM);

/// The places of the map a build of one seat can reach, and the area around them.
pub struct BuildArea {
    seat: usize,
    /// For each location, whether the seat may build there now.
    open: Vec<bool>,
    /// For each location, whether it is drawn (inside the area).
    shown: Vec<bool>,
    /// The area's corners in the map's grid: least and most x and y.
    bounds: [i32; 4],
}

impl BuildArea {
    /// The area of `seat`'s builds (`towns_only` for Build in Town); none when it has no token left.
    pub fn new(view: &CoalTrainView, seat: usize, towns_only: bool) -> Option<BuildArea> {
        let content = Content::get();
        let player = view.players.get(seat)?;
        if player.tokens_left == 0 {
            return None;
        }
        let own: Vec<bool> = view
            .locations
            .iter()
            .map(|l| l.stations.contains(&seat))
            .collect();
        let first = !own.contains(&true);
        let open: Vec<bool> = view
            .locations
            .iter()
            .enumerate()
            .map(|(l, location)| {
                let reached = first || content.map.neighbours[l].iter().any(|&(n, _)| own[n]);
                reached && !own[l] && !(towns_only && location.kind == LocationKind::City)
            })
            .collect();
        let wanted = || {
            view.locations
                .iter()
                .enumerate()
                .filter(|&(l, _)| own[l] || open[l])
                .map(|(_, location)| location.xy)
        };
        let bounds = [
            wanted().map(|xy| xy[0]).min()?,
            wanted().map(|xy| xy[0]).max()?,
            wanted().map(|xy| xy[1]).min()?,
            wanted().map(|xy| xy[1]).max()?,
        ];
        let shown = view
            .locations
            .iter()
            .map(|l| {
                (bounds[0]..=bounds[1]).contains(&l.xy[0])
                    && (bounds[2]..=bounds[3]).contains(&l.xy[1])
            })
            .collect();
        Some(BuildArea {
            seat,
            open,
            shown,
            bounds,
        })
    }

    /// A location's name as drawn below it, wrapped to `unit_x`: large when the seat can build there
    /// or has a station, small and dim otherwise; with its style and line height.
    fn name_lines(
        &self,
        view: &CoalTrainView,
        l: usize,
        unit_x: f32,
    ) -> (TextStyle, f32, Vec<String>) {
        let location = &view.locations[l];
        let (style, line_h) = if self.open[l] || location.stations.contains(&self.seat) {
            (BODY_BOLD, BODY_LINE_H)
        } else {
            (DIM_NAME, 17.0)
        };
        let width = (2.0 * unit_x - 8.0).max(2.0 * SIDE_ROOM);
        (style, line_h, style.wrap(&location.name, width))
    }

    /// For each location, whether its name goes above it rather than below: in each row of the grid,
    /// a place whose name would run into the name below the place before it is named above it.
    fn labels_above(&self, view: &CoalTrainView, unit_x: f32) -> Vec<bool> {
        let half_width = |l: usize| {
            let (style, _, lines) = self.name_lines(view, l, unit_x);
            lines
                .iter()
                .map(|line| style.width(line))
                .fold(0.0, f32::max)
                / 2.0
        };
        let mut above = vec![false; view.locations.len()];
        let mut shown: Vec<usize> = (0..view.locations.len())
            .filter(|&l| self.shown[l])
            .collect();
        shown.sort_by_key(|&l| (view.locations[l].xy[1], view.locations[l].xy[0]));
        let mut last_below: Option<usize> = None;
        for l in shown {
            let xy = view.locations[l].xy;
            above[l] = last_below.is_some_and(|b| {
                let before = view.locations[b].xy;
                let room = (xy[0] - before[0]) as f32 * unit_x;
                before[1] == xy[1] && half_width(b) + half_width(l) + NAME_GAP > room
            });
            if !above[l] {
                last_below = Some(l);
            }
        }
        above
    }

    /// How tall the section is.
    pub fn height(&self, _width: f32) -> f32 {
        let rows = (self.bounds[3] - self.bounds[2]) as f32;
        2.0 * PANEL_PAD + 2.0 * BODY_LINE_H + TOP_ROOM + rows * UNIT_Y + BOTTOM_ROOM
    }

    /// Draws the section into `rect`.
    pub fn paint(&self, canvas: &mut Canvas, rect: Rect, view: &CoalTrainView) {
        let content = Content::get();
        canvas.fill_rounded_rect(rect, PANEL_RADIUS, palette::PANEL);
        let inner = rect.inset(PANEL_PAD);
        canvas.text(
            &BODY_BOLD,
            inner.x,
            baseline_in(inner.y, BODY_LINE_H, &BODY_BOLD),
            Align::Left,
            "Where you can build",
        );
        canvas.text(
            &BODY,
            inner.x,
            baseline_in(inner.y + BODY_LINE_H, BODY_LINE_H, &BODY),
            Align::Left,
            "ringed: open to you · in your colour: yours",
        );
        let area_top = inner.y + 2.0 * BODY_LINE_H + TOP_ROOM;
        let columns = (self.bounds[1] - self.bounds[0]) as f32;
        let unit_x = if columns > 0.0 {
            ((inner.w - 2.0 * SIDE_ROOM) / columns).min(MOST_UNIT_X)
        } else {
            0.0
        };
        let left = inner.x + (inner.w - columns * unit_x) / 2.0;
        let at = |xy: [i32; 2]| {
            (
                left + (xy[0] - self.bounds[0]) as f32 * unit_x,
                area_top + (xy[1] - self.bounds[2]) as f32 * UNIT_Y,
            )
        };
        for edge in &content.map.edges {
            if !(self.shown[edge.a] && self.shown[edge.b]) {
                continue;
            }
            let (from, to) = (at(view.locations[edge.a].xy), at(view.locations[edge.b].xy));
            let extra = edge.extra.total() > 0;
            canvas.line(from, to, 3.0, if extra { EDGE_EXTRA } else { EDGE });
            if extra {
                let label = format!("+{}", short(&edge.extra));
                let (mx, my) = ((from.0 + to.0) / 2.0, (from.1 + to.1) / 2.0);
                let w = EXTRA.width(&label) + 10.0;
                let label_rect = Rect::new(mx - w / 2.0, my - 12.0, w, 24.0);
                canvas.fill_rounded_rect(label_rect, 5.0, palette::PANEL);
                canvas.text_centred(&EXTRA, label_rect, &label);
            }
        }
        let labels_above = self.labels_above(view, unit_x);
        for (l, location) in view.locations.iter().enumerate() {
            if !self.shown[l] {
                continue;
            }
            let (cx, cy) = at(location.xy);
            let city = location.kind == LocationKind::City;
            let r = if city { CITY_R } else { TOWN_R };
            let yours = location.stations.contains(&self.seat);
            let fill = match (yours, self.open[l], city) {
                (true, _, _) => seat_mark(self.seat).colour,
                (false, true, true) => CITY_FILL,
                (false, true, false) => TOWN_FILL,
                (false, false, _) => palette::SLOT,
            };
            canvas.fill_circle(cx, cy, r, fill);
            canvas.stroke_circle(cx, cy, r, 1.5, palette::INK_DARK);
            if self.open[l] {
                canvas.stroke_circle(cx, cy, r + 4.0, HIGHLIGHT_WIDTH, palette::HIGHLIGHT);
            }
            let disc = Rect::new(cx - r, cy - r, 2.0 * r, 2.0 * r);
            let vp = VP.with_colour(palette::ink_on(fill));
            canvas.text_centred(&vp, disc, &location.vp.to_string());
            let above = labels_above[l];
            let others: Vec<usize> = location
                .stations
                .iter()
                .copied()
                .filter(|&s| s != self.seat)
                .collect();
            let pitch = 2.0 * STATION_R + 2.0;
            let station_y = if above {
                cy + r + STATION_R + 6.0
            } else {
                cy - r - STATION_R - 6.0
            };
            for (i, &seat) in others.iter().enumerate() {
                let sx = cx - (others.len() as f32 - 1.0) * pitch / 2.0 + i as f32 * pitch;
                station(canvas, sx, station_y, seat);
            }
            let (style, line_h, lines) = self.name_lines(view, l, unit_x);
            if above {
                let top = cy - r - 4.0 - line_h;
                let baseline = baseline_in(top, line_h, &style);
                canvas.text(&style, cx, baseline, Align::Centre, &location.name);
                continue;
            }
            for (i, line) in lines.iter().enumerate() {
                let top = cy + r + 2.0 + i as f32 * line_h;
                canvas.text(
                    &style,
                    cx,
                    baseline_in(top, line_h, &style),
                    Align::Centre,
                    line,
                );
            }
        }
    }
}

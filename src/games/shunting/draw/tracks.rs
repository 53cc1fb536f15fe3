//! The fixed yard: track beds and rails, the lines between slots, turnout points, buffer stops, the
//! edges of the board and turntable pits with their bridge where the position has it.

use render::{Align, Canvas, TextStyle};

use super::geometry::Geometry;
use super::style::{
    BED, BED_W, BRIDGE_START, BUFFER, BUFFER_SIZE, EDGE, GAUGE, JUNCTION_NAME, LEG_NUMBER, PIT,
    PIT_RIM, POINTS, RAIL, RAIL_W, RING_BLANK, RING_TRACK, SLOT_LINE, SLOT_LINE_HALF, SLOT_LINE_W,
};
use super::vector::V;
use crate::games::shunting::position::Position;
use crate::games::shunting::yard::{End, Port, TrackEnd, Yard};

/// Draws everything that does not move (and the turntable bridges where `position` has them).
pub fn draw(canvas: &mut Canvas, yard: &Yard, geometry: &Geometry, position: &Position) {
    for (table, shape) in geometry.layout.tables.iter().enumerate() {
        let centre = geometry.px(shape.centre);
        let radius = shape.radius * geometry.unit;
        canvas.fill_circle(centre.0, centre.1, radius, PIT);
        canvas.stroke_circle(centre.0, centre.1, radius, 2.0, PIT_RIM);
        for (i, entry) in yard.turntables[table].ring.iter().enumerate() {
            let dot = geometry.px(shape.ring_point(i));
            let (colour, size) = match entry {
                Some(_) => (RING_TRACK, 4.0),
                None => (RING_BLANK, 3.0),
            };
            canvas.fill_circle(dot.0, dot.1, size, colour);
        }
    }
    let segments = segments(yard, geometry, position);
    for &(a, b) in &segments {
        canvas.line(a.pair(), b.pair(), BED_W, BED);
    }
    for &(a, b) in &segments {
        let side = b.sub(a).unit_or(V(1.0, 0.0)).perp().scale(GAUGE);
        for offset in [side, side.scale(-1.0)] {
            canvas.line(a.add(offset).pair(), b.add(offset).pair(), RAIL_W, RAIL);
        }
    }
    slot_lines(canvas, yard, geometry, position);
    ends(canvas, yard, geometry);
    turnouts(canvas, yard, geometry);
    for (table, shape) in geometry.layout.tables.iter().enumerate() {
        let t = &yard.turntables[table];
        let [start, _] = geometry.layout.line(yard, t.bridge, position);
        let marker = geometry.px(start);
        canvas.fill_circle(marker.0, marker.1, 4.5, BRIDGE_START);
        let corner = V(-0.75, -0.75).scale(shape.radius * geometry.unit + 10.0);
        centred(
            canvas,
            &JUNCTION_NAME,
            geometry.px(shape.centre).add(corner),
            &t.name,
        );
    }
}

/// Every stretch of track in pixels: the tracks themselves, the joints and turnout legs between
/// them, and the stubs from turntable pits to their ring tracks.
fn segments(yard: &Yard, geometry: &Geometry, position: &Position) -> Vec<(V, V)> {
    let layout = &geometry.layout;
    let mut segments: Vec<(V, V)> = (0..yard.tracks.len())
        .map(|t| {
            let [a, b] = layout.line(yard, t, position);
            (geometry.px(a), geometry.px(b))
        })
        .collect();
    for &[a, b] in &yard.links {
        segments.push((
            geometry.px(layout.port_point(a)),
            geometry.px(layout.port_point(b)),
        ));
    }
    for (table, shape) in layout.tables.iter().enumerate() {
        for (i, entry) in yard.turntables[table].ring.iter().enumerate() {
            if let Some(end) = entry {
                segments.push((
                    geometry.px(shape.ring_point(i)),
                    geometry.px(layout.end_point(*end)),
                ));
            }
        }
    }
    segments
}

/// The lines between slots and at each track's ends.
fn slot_lines(canvas: &mut Canvas, yard: &Yard, geometry: &Geometry, position: &Position) {
    for (t, track) in yard.tracks.iter().enumerate() {
        let [a, b] = geometry.layout.line(yard, t, position);
        let (a, b) = (geometry.px(a), geometry.px(b));
        let across = b.sub(a).unit_or(V(1.0, 0.0)).perp().scale(SLOT_LINE_HALF);
        for i in 0..=track.len {
            let at = a.add(b.sub(a).scale(f32::from(i) / f32::from(track.len)));
            canvas.line(
                at.sub(across).pair(),
                at.add(across).pair(),
                SLOT_LINE_W,
                SLOT_LINE,
            );
        }
    }
}

/// Buffer stops, and dashes where a track runs off the edge of the board.
fn ends(canvas: &mut Canvas, yard: &Yard, geometry: &Geometry) {
    let layout = &geometry.layout;
    for track in 0..yard.tracks.len() {
        if yard.turntable_on(track).is_some() {
            continue;
        }
        for end in [End::Start, End::End] {
            let te = TrackEnd { track, end };
            let port = Port::Track(te);
            let on_ring = yard.turntables.iter().any(|t| t.ring.contains(&Some(te)));
            if on_ring || yard.linked(port).is_some() {
                continue;
            }
            let point = geometry.px(layout.end_point(te));
            let out = layout.outward(te);
            if yard.is_buffer(port) {
                let at = point.add(out.scale(BUFFER_SIZE.1 / 2.0 + 2.0));
                let across = out.perp().scale(BUFFER_SIZE.0 / 2.0);
                canvas.line(
                    at.sub(across).pair(),
                    at.add(across).pair(),
                    BUFFER_SIZE.1,
                    BUFFER,
                );
            } else {
                for k in 0..3 {
                    let from = point.add(out.scale(6.0 + 10.0 * k as f32));
                    let to = from.add(out.scale(5.0));
                    canvas.line(from.pair(), to.pair(), 3.0, EDGE);
                }
            }
        }
    }
}

/// Each turnout's points, its name (above, or below when a leg climbs), and the number of each leg
/// beside it, on the side away from the other leg.
fn turnouts(canvas: &mut Canvas, yard: &Yard, geometry: &Geometry) {
    let layout = &geometry.layout;
    for (i, turnout) in yard.turnouts.iter().enumerate() {
        let at = geometry.px(layout.turnouts[i]);
        canvas.fill_circle(at.0, at.1, 4.0, POINTS);
        let legs: Vec<(u8, V, f32)> = (1..=2u8)
            .filter_map(|part| {
                let other = yard.linked(Port::Turnout { turnout: i, part })?;
                let towards = geometry.px(layout.port_point(other)).sub(at);
                Some((part, towards.unit_or(V(1.0, 0.0)), towards.length()))
            })
            .collect();
        for &(part, direction, length) in &legs {
            let across = direction.perp();
            let push = legs
                .iter()
                .find(|&&(p, _, _)| p != part)
                .map_or(across, |&(_, o, _)| direction.sub(o));
            let side = if push.0 * across.0 + push.1 * across.1 >= 0.0 {
                1.0
            } else {
                -1.0
            };
            let away = across.scale(side);
            let mark = at
                .add(direction.scale((length * 0.5).min(20.0)))
                .add(away.scale(10.0));
            centred(canvas, &LEG_NUMBER, mark, &part.to_string());
        }
        let climbs = legs.iter().any(|&(_, d, _)| d.1 < -0.3);
        let name_at = at.add(V(0.0, if climbs { 22.0 } else { -20.0 }));
        centred(canvas, &JUNCTION_NAME, name_at, &turnout.name);
    }
}

/// Draws `text` with its capitals centred on `at`.
fn centred(canvas: &mut Canvas, style: &TextStyle, at: V, text: &str) {
    canvas.text(
        style,
        at.0,
        at.1 + style.cap_height() / 2.0,
        Align::Centre,
        text,
    );
}

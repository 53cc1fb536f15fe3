//! Where everything in a yard lies, in slot widths: each track's two ends, each turnout's points and each
//! turntable's pit. Tracks with drawing hints lie where the file puts them; the rest are placed from
//! the track graph by [`super::place`].

use std::f32::consts::TAU;

use super::place;
use super::vector::{V, point_segment};
use crate::games::shunting::position::Position;
use crate::games::shunting::yard::{End, Port, SlotId, TrackEnd, Yard};

/// How far a turnout's points lie beyond the track end at its stem.
const POINTS_OFFSET: f32 = 0.5;
/// The least distance between the points of two turnouts.
const MIN_TURNOUT_SPACING: f32 = 0.6;
/// The least distance between a turnout's points (placed beyond another turnout) and any track.
const TRACK_CLEARANCE: f32 = 0.35;
/// How far such points may be moved off to the side of the way to their legs to keep clear.
const SIDE_STEP: f32 = 0.45;
/// Space between a turntable's bridge ends and the edge of its pit.
pub const PIT_CLEARANCE: f32 = 0.3;

/// A turntable's pit.
#[derive(Clone, Copy, Debug)]
pub struct TableShape {
    /// The pivot.
    pub centre: V,
    /// The pit's radius.
    pub radius: f32,
    /// The angle of ring position 0 (clockwise from east).
    pub base: f32,
    /// How many ring positions.
    pub ring: usize,
}

impl TableShape {
    /// The direction from the pivot to ring position `i`.
    pub fn towards(&self, i: usize) -> V {
        V::at_angle(self.base + TAU * i as f32 / self.ring as f32)
    }

    /// The point of ring position `i` on the pit's edge.
    pub fn ring_point(&self, i: usize) -> V {
        self.centre.add(self.towards(i).scale(self.radius))
    }
}

/// The whole yard's geometry.
#[derive(Clone, Debug)]
pub struct Layout {
    /// Per track: its start and end (a turntable bridge: at the yard's own table position).
    pub lines: Vec<[V; 2]>,
    /// Per turnout: its points, where the legs part.
    pub turnouts: Vec<V>,
    /// Per turntable: its pit.
    pub tables: Vec<TableShape>,
}

impl Layout {
    /// Lays `yard` out from its hints, placing unhinted tracks from the track graph.
    pub fn of(yard: &Yard) -> Layout {
        let placed = place::tracks(yard);
        let mut layout = Layout {
            lines: placed.lines,
            turnouts: Vec::new(),
            tables: placed.tables,
        };
        let mut points = vec![None; yard.turnouts.len()];
        for turnout in 0..yard.turnouts.len() {
            layout.turnout_point(yard, turnout, &mut points, 0);
        }
        layout.turnouts = points
            .into_iter()
            .map(|p| p.unwrap_or(V(0.0, 0.0)))
            .collect();
        layout
    }

    /// Track `track`'s start and end with the turntables where `position` has them.
    pub fn line(&self, yard: &Yard, track: usize, position: &Position) -> [V; 2] {
        match yard.turntable_on(track) {
            Some(table) => {
                let shape = &self.tables[table];
                let half = f32::from(yard.tracks[track].len) / 2.0;
                let towards = shape.towards(position.turntable(table));
                [
                    shape.centre.add(towards.scale(half)),
                    shape.centre.sub(towards.scale(half)),
                ]
            }
            None => self.lines[track],
        }
    }

    /// The centre of `slot` and the direction of its track (from start to end), with the turntables
    /// where `position` has them.
    pub fn slot_at(&self, yard: &Yard, slot: SlotId, position: &Position) -> (V, V) {
        let s = yard.slots[usize::from(slot)];
        let [start, end] = self.line(yard, s.track, position);
        let along = end.sub(start);
        let share = (f32::from(s.number) - 0.5) / f32::from(yard.tracks[s.track].len);
        (start.add(along.scale(share)), along.unit_or(V(1.0, 0.0)))
    }

    /// Where `port` lies (track ends at the yard's own table positions).
    pub fn port_point(&self, port: Port) -> V {
        match port {
            Port::Track(end) => self.end_point(end),
            Port::Turnout { turnout, .. } => self.turnouts[turnout],
        }
    }

    /// Where a track end lies.
    pub fn end_point(&self, end: TrackEnd) -> V {
        let [start, finish] = self.lines[end.track];
        match end.end {
            End::Start => start,
            End::End => finish,
        }
    }

    /// The direction out of the track through `end`.
    pub fn outward(&self, end: TrackEnd) -> V {
        let [start, finish] = self.lines[end.track];
        match end.end {
            End::Start => start.sub(finish).unit_or(V(-1.0, 0.0)),
            End::End => finish.sub(start).unit_or(V(1.0, 0.0)),
        }
    }

    /// The smallest and largest corner of everything drawn.
    pub fn bounds(&self) -> (V, V) {
        let mut points: Vec<V> = self.lines.iter().flatten().copied().collect();
        points.extend(&self.turnouts);
        for t in &self.tables {
            let r = V(t.radius, t.radius);
            points.push(t.centre.sub(r));
            points.push(t.centre.add(r));
        }
        let mut min = V(f32::INFINITY, f32::INFINITY);
        let mut max = V(f32::NEG_INFINITY, f32::NEG_INFINITY);
        for p in points {
            min = V(min.0.min(p.0), min.1.min(p.1));
            max = V(max.0.max(p.0), max.1.max(p.1));
        }
        (min, max)
    }

    /// A turnout's points: just beyond the track end its stem meets, or part of the way from the
    /// turnout its stem meets towards its own legs, clear of the tracks and of the points placed so
    /// far. Each turnout's point goes into `points` once worked out.
    fn turnout_point(
        &self,
        yard: &Yard,
        turnout: usize,
        points: &mut Vec<Option<V>>,
        depth: usize,
    ) -> V {
        if let Some(point) = points[turnout] {
            return point;
        }
        let legs: Vec<V> = (1..=2)
            .filter_map(|part| match yard.linked(Port::Turnout { turnout, part }) {
                Some(Port::Track(end)) => Some(self.end_point(end)),
                _ => None,
            })
            .collect();
        let legs_middle = (!legs.is_empty()).then(|| {
            legs.iter()
                .fold(V(0.0, 0.0), |sum, &p| sum.add(p))
                .scale(1.0 / legs.len() as f32)
        });
        let point = match yard.linked(Port::Turnout { turnout, part: 0 }) {
            Some(Port::Track(end)) => {
                let reach = legs_middle.map_or(POINTS_OFFSET, |m| {
                    (m.sub(self.end_point(end)).length() / 3.0).min(POINTS_OFFSET)
                });
                self.end_point(end).add(self.outward(end).scale(reach))
            }
            Some(Port::Turnout { turnout: other, .. }) if depth < yard.turnouts.len() => {
                let from = self.turnout_point(yard, other, points, depth + 1);
                let towards = legs_middle.map_or(V(1.0, 0.0), |m| m.sub(from));
                self.clear_point(from, towards, points)
            }
            _ => legs_middle.map_or(V(0.0, 0.0), |m| m.sub(V(POINTS_OFFSET, 0.0))),
        };
        points[turnout] = Some(point);
        point
    }

    /// A point part of the way from `from` along `towards` (half way if that is clear), off to
    /// either side if need be, that keeps clear of every track and of the turnout points in
    /// `points`; failing that, half way but at least [`MIN_TURNOUT_SPACING`] from `from`.
    fn clear_point(&self, from: V, towards: V, points: &[Option<V>]) -> V {
        let direction = towards.unit_or(V(1.0, 0.0));
        let side = direction.perp();
        let clear = |p: V| {
            self.lines
                .iter()
                .all(|&[a, b]| point_segment(p, a, b) >= TRACK_CLEARANCE)
                && points
                    .iter()
                    .flatten()
                    .chain(std::iter::once(&from))
                    .all(|&q| p.sub(q).length() >= MIN_TURNOUT_SPACING)
        };
        let fallback = from.add(direction.scale((towards.length() / 2.0).max(MIN_TURNOUT_SPACING)));
        [0.5, 0.4, 0.6, 0.3, 0.7]
            .into_iter()
            .flat_map(|share| {
                [0.0, SIDE_STEP, -SIDE_STEP]
                    .map(|offset| from.add(towards.scale(share)).add(side.scale(offset)))
            })
            .find(|&p| clear(p))
            .unwrap_or(fallback)
    }
}

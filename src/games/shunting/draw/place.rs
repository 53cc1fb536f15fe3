//! Placing tracks that have no drawing hints: from the tracks already placed (hinted ones, or the first
//! track at the origin), follow every way out of a track end and lay the track it reaches in line with
//! it, stepping sideways (one slot width at a time) until it clears everything placed so far. A
//! turntable's ring tracks radiate from its pit.

use std::collections::VecDeque;
use std::f32::consts::{PI, TAU};

use super::layout::{PIT_CLEARANCE, TableShape};
use super::vector::{V, point_segment, segment_distance};
use crate::games::shunting::yard::{
    End, Heading, Landing, Onward, Port, TableSide, Track, TrackEnd, Yard,
};

/// Closest two placed tracks may come, in slot widths.
const CLEARANCE: f32 = 0.7;
/// Closest the way from a track end to a track placed beyond it may come to other tracks.
const LINK_CLEARANCE: f32 = 0.3;
/// Farthest sideways step tried while also keeping the way to a track clear.
const NEAR_STEPS: i32 = 2;
/// Farthest sideways step tried before giving up on clearance.
const MAX_STEPS: i32 = 8;
/// Gap beyond a plain joint.
const JOINT_GAP: f32 = 0.3;
/// Gap per turnout passed (room for the points and a diverging leg that is not too steep).
const TURNOUT_GAP: f32 = 1.25;
/// Gap between a pit and its ring tracks.
const RING_GAP: f32 = 0.4;

/// Tracks and turntables placed.
pub struct Placed {
    /// Per track: start and end.
    pub lines: Vec<[V; 2]>,
    /// Per turntable: its pit.
    pub tables: Vec<TableShape>,
}

struct Placer<'a> {
    yard: &'a Yard,
    lines: Vec<Option<[V; 2]>>,
    tables: Vec<Option<TableShape>>,
    queue: VecDeque<usize>,
}

/// Places every track: hinted ones where their hints say, the rest from the graph.
pub fn tracks(yard: &Yard) -> Placed {
    let mut placer = Placer {
        yard,
        lines: yard.tracks.iter().map(hinted).collect(),
        tables: vec![None; yard.turntables.len()],
        queue: VecDeque::new(),
    };
    for table in 0..yard.turntables.len() {
        if placer.lines[yard.turntables[table].bridge].is_some() {
            placer.table_from_hints(table);
        }
    }
    placer.queue = (0..yard.tracks.len())
        .filter(|&t| placer.lines[t].is_some())
        .collect();
    loop {
        while let Some(track) = placer.queue.pop_front() {
            for end in [End::Start, End::End] {
                placer.follow(TrackEnd { track, end });
            }
        }
        let Some(root) = placer.lines.iter().position(Option::is_none) else {
            break;
        };
        placer.place_root(root);
    }
    let lines: Vec<[V; 2]> = placer.lines.into_iter().flatten().collect();
    let tables = placer
        .tables
        .into_iter()
        .enumerate()
        .map(|(i, t)| t.unwrap_or_else(|| table_around(yard, i, &lines)))
        .collect();
    Placed { lines, tables }
}

/// The file's hints for a track: both ends, or one end and the track's length along the x axis.
fn hinted(track: &Track) -> Option<[V; 2]> {
    let len = f32::from(track.len);
    let [start, end] = match (track.start, track.end) {
        (Some(s), Some(e)) => [V(s[0], s[1]), V(e[0], e[1])],
        (Some(s), None) => [V(s[0], s[1]), V(s[0] + len, s[1])],
        (None, Some(e)) => [V(e[0] - len, e[1]), V(e[0], e[1])],
        (None, None) => return None,
    };
    if !(start.0.is_finite() && start.1.is_finite() && end.0.is_finite() && end.1.is_finite()) {
        return None;
    }
    // A track hinted as a point gets its length along the x axis, centred there.
    if end.sub(start).length() < 0.25 * len {
        let middle = start.add(end).scale(0.5);
        return Some([middle.sub(V(len / 2.0, 0.0)), middle.add(V(len / 2.0, 0.0))]);
    }
    Some([start, end])
}

/// How many turnouts, facing or trailing, lie between port `from` and track end `to` along the
/// yard's links (`None` if `to` is not reached that way).
fn turnouts_between(yard: &Yard, from: Port, to: TrackEnd, depth: usize) -> Option<usize> {
    match yard.linked(from)? {
        Port::Track(end) => (end == to).then_some(0),
        Port::Turnout { turnout, part } if depth < yard.turnouts.len() => {
            let onward: &[u8] = if part == 0 { &[1, 2] } else { &[0] };
            onward.iter().find_map(|&part| {
                let port = Port::Turnout { turnout, part };
                turnouts_between(yard, port, to, depth + 1).map(|n| n + 1)
            })
        }
        Port::Turnout { .. } => None,
    }
}

/// The pit of a turntable whose bridge was never placed from the graph (it stays where its lines say).
fn table_around(yard: &Yard, table: usize, lines: &[[V; 2]]) -> TableShape {
    let t = &yard.turntables[table];
    let [start, end] = lines[t.bridge];
    TableShape {
        centre: start.add(end).scale(0.5),
        radius: f32::from(yard.tracks[t.bridge].len) / 2.0 + PIT_CLEARANCE,
        base: PI,
        ring: t.ring.len(),
    }
}

impl Placer<'_> {
    fn end_point(&self, end: TrackEnd) -> Option<(V, V)> {
        let [start, finish] = self.lines[end.track]?;
        Some(match end.end {
            End::Start => (start, start.sub(finish).unit_or(V(-1.0, 0.0))),
            End::End => (finish, finish.sub(start).unit_or(V(1.0, 0.0))),
        })
    }

    /// Lays out whatever is reached through `end` and not placed yet.
    fn follow(&mut self, end: TrackEnd) {
        let Some((point, out)) = self.end_point(end) else {
            return;
        };
        let track = &self.yard.tracks[end.track];
        let heading = Heading {
            slot: track.slot_at(end.end),
            up: end.end == End::End,
        };
        match self.yard.onward(heading) {
            Onward::Routes(routes) => {
                let reached: Vec<(TrackEnd, usize)> = routes
                    .iter()
                    .filter(|r| r.sharp.is_none())
                    .filter_map(|r| match r.landing {
                        Landing::Track(te) => {
                            let passed = turnouts_between(self.yard, Port::Track(end), te, 0);
                            Some((te, passed.unwrap_or(r.legs.len())))
                        }
                        _ => None,
                    })
                    .collect();
                for (entry, turnouts) in reached {
                    if self.lines[entry.track].is_some() {
                        continue;
                    }
                    let joint = matches!(self.yard.linked(Port::Track(end)), Some(Port::Track(_)));
                    let gap = if turnouts == 0 && joint {
                        JOINT_GAP
                    } else {
                        TURNOUT_GAP * turnouts.max(1) as f32
                    };
                    self.place_clear(entry, point.add(out.scale(gap)), out, end.track, point);
                }
            }
            Onward::Turntable(table, side) => {
                if self.tables[table].is_some() {
                    return;
                }
                let ring = self.yard.turntables[table].ring.len();
                let bridge = self.yard.turntables[table].bridge;
                let radius = f32::from(self.yard.tracks[bridge].len) / 2.0 + PIT_CLEARANCE;
                let shape = match side {
                    TableSide::Ring(i) => TableShape {
                        centre: point.add(out.scale(radius + RING_GAP)),
                        radius,
                        base: out.scale(-1.0).angle() - TAU * i as f32 / ring as f32,
                        ring,
                    },
                    TableSide::Bridge(_) => {
                        let [start, finish] = self.lines[bridge].unwrap_or([point, point]);
                        TableShape {
                            centre: start.add(finish).scale(0.5),
                            radius,
                            base: PI,
                            ring,
                        }
                    }
                };
                self.set_table(table, shape);
            }
            Onward::Within(_) => {}
        }
    }

    /// Places the bridge and the ring tracks of a table around `shape`.
    fn set_table(&mut self, table: usize, shape: TableShape) {
        let t = &self.yard.turntables[table];
        let half = f32::from(self.yard.tracks[t.bridge].len) / 2.0;
        let towards = shape.towards(t.position);
        self.lines[t.bridge] = Some([
            shape.centre.add(towards.scale(half)),
            shape.centre.sub(towards.scale(half)),
        ]);
        for (i, entry) in t.ring.iter().enumerate() {
            let Some(entry) = *entry else { continue };
            if self.lines[entry.track].is_some() {
                continue;
            }
            let out = shape.towards(i);
            let at = shape.centre.add(out.scale(shape.radius + RING_GAP));
            self.lines[entry.track] = Some(self.along(entry, at, out));
            self.queue.push_back(entry.track);
        }
        self.tables[table] = Some(shape);
    }

    /// A table whose bridge has hints: the pit around the bridge, turned so that its ring lines up with
    /// a hinted ring track where there is one.
    fn table_from_hints(&mut self, table: usize) {
        let t = &self.yard.turntables[table];
        let [start, finish] = self.lines[t.bridge].expect("the bridge is placed");
        let centre = start.add(finish).scale(0.5);
        let ring = t.ring.len();
        let base = t
            .ring
            .iter()
            .enumerate()
            .find_map(|(i, entry)| {
                let (point, _) = self.end_point((*entry)?)?;
                let angle = point.sub(centre).angle();
                Some(angle - TAU * i as f32 / ring as f32)
            })
            .unwrap_or(PI);
        let shape = TableShape {
            centre,
            radius: f32::from(self.yard.tracks[t.bridge].len) / 2.0 + PIT_CLEARANCE,
            base,
            ring,
        };
        self.set_table(table, shape);
    }

    /// The line of a track entered through `entry` at `at`, running along `out`.
    fn along(&self, entry: TrackEnd, at: V, out: V) -> [V; 2] {
        let far = at.add(out.scale(f32::from(self.yard.tracks[entry.track].len)));
        match entry.end {
            End::Start => [at, far],
            End::End => [far, at],
        }
    }

    /// Places a track entered through `entry` near `at` along `out` (coming from the end `from` of
    /// another track, at `origin`), stepping sideways until it clears everything else: first to one
    /// side (so that the tracks fanning out from one end lie in order), then to the other. Within
    /// [`NEAR_STEPS`], a place where the way from `origin` to it clears the other tracks too comes
    /// first.
    fn place_clear(&mut self, entry: TrackEnd, at: V, out: V, from: usize, origin: V) {
        let side = out.perp();
        let steps = (0..=MAX_STEPS).chain(-MAX_STEPS..0);
        let candidates: Vec<[V; 2]> = steps
            .clone()
            .map(|step| self.along(entry, at.add(side.scale(step as f32)), out))
            .collect();
        let entry_point = |line: &[V; 2]| match entry.end {
            End::Start => line[0],
            End::End => line[1],
        };
        let line = steps
            .zip(&candidates)
            .filter(|(step, _)| step.abs() <= NEAR_STEPS)
            .map(|(_, line)| line)
            .find(|line| {
                self.is_clear(**line, from, CLEARANCE)
                    && self.is_clear([origin, entry_point(line)], from, LINK_CLEARANCE)
            })
            .or_else(|| {
                candidates
                    .iter()
                    .find(|line| self.is_clear(**line, from, CLEARANCE))
            })
            .copied()
            .unwrap_or_else(|| self.along(entry, at, out));
        self.lines[entry.track] = Some(line);
        self.queue.push_back(entry.track);
    }

    /// Whether the segment `a`–`b` keeps `clearance` from every placed track but `from` and from
    /// every placed pit.
    fn is_clear(&self, [a, b]: [V; 2], from: usize, clearance: f32) -> bool {
        let tracks_clear = self
            .lines
            .iter()
            .enumerate()
            .filter(|&(t, _)| t != from)
            .filter_map(|(_, line)| *line)
            .all(|[c, d]| segment_distance(a, b, c, d) >= clearance);
        let pits_clear = self
            .tables
            .iter()
            .flatten()
            .all(|t| point_segment(t.centre, a, b) >= t.radius + clearance);
        tracks_clear && pits_clear
    }

    /// Starts a new part of the yard below everything placed so far.
    fn place_root(&mut self, track: usize) {
        let bottom = self
            .lines
            .iter()
            .flatten()
            .flat_map(|l| l.iter())
            .map(|p| p.1)
            .fold(f32::NEG_INFINITY, f32::max);
        let y = if bottom.is_finite() {
            bottom + 2.0
        } else {
            0.0
        };
        let len = f32::from(self.yard.tracks[track].len);
        self.lines[track] = Some([V(0.0, y), V(len, y)]);
        if let Some(table) = self.yard.turntable_on(track) {
            let shape = TableShape {
                centre: V(len / 2.0, y),
                radius: len / 2.0 + PIT_CLEARANCE,
                base: PI,
                ring: self.yard.turntables[table].ring.len(),
            };
            self.set_table(table, shape);
        }
        self.queue.push_back(track);
    }
}

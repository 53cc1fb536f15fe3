//! The yard as text, for the terminal and for messages: one line per track listing every slot in
//! order with what stands there, then the turntables, the goal and a key.

use std::fmt::Write;

use super::goal::{Kept, kept_phrases};
use super::position::Position;
use super::puzzle::{PieceKind, Puzzle};
use super::yard::{Across, End, Onward, Port, SlotId, TableSide, TrackEnd, Yard};

/// The key to the marks [`yard_text`] uses.
pub const KEY: &str = "Key: . empty · ### broken · L1> loco facing up (front towards higher numbers) · \
<L1 facing down · (W1) goal for this slot · (W1 ok) goal met · (empty) must end empty · \
(no car) no car may end here, a loco may";

/// The board as text: per track, each end's connection and every slot with its occupant, a loco's
/// facing, broken tracks and goal marks; each turntable's position; the goal; the key.
pub fn yard_text(puzzle: &Puzzle, position: &Position) -> String {
    let yard = &puzzle.yard;
    let occupancy = puzzle.occupancy(position);
    let width = yard.tracks.iter().map(|t| t.name.len()).max().unwrap_or(1);
    let mut text = String::new();
    let status = if puzzle.is_solved(position) {
        " (solved)"
    } else {
        ""
    };
    let _ = writeln!(text, "{}{status}", puzzle.title);
    for (t, track) in yard.tracks.iter().enumerate() {
        let cells: Vec<String> = (1..=track.len)
            .map(|number| cell(puzzle, position, &occupancy, track.slot(number)))
            .collect();
        let _ = writeln!(
            text,
            "{:<width$}  [{}] {} [{}]",
            track.name,
            end_text(
                yard,
                position,
                TrackEnd {
                    track: t,
                    end: End::Start
                }
            ),
            cells.join(" | "),
            end_text(
                yard,
                position,
                TrackEnd {
                    track: t,
                    end: End::End
                }
            ),
        );
    }
    for line in turntable_lines(puzzle, position) {
        let _ = writeln!(text, "{line}");
    }
    for line in goal_lines(puzzle) {
        let _ = writeln!(text, "{line}");
    }
    let _ = writeln!(text, "{KEY}");
    text
}

/// Each turntable's position and what its bridge lines up with, a line per turntable.
pub fn turntable_lines(puzzle: &Puzzle, position: &Position) -> Vec<String> {
    let yard = &puzzle.yard;
    yard.turntables
        .iter()
        .enumerate()
        .map(|(i, table)| {
            let at = position.turntable(i);
            let faces = |end: End| match yard.across_turntable(i, TableSide::Bridge(end), at) {
                Across::Track(te) => yard.end_name(te),
                Across::NotLinedUp => "nothing".to_owned(),
            };
            let turning = if table.manual {
                "turned by hand, one position a move"
            } else {
                "turns one position clockwise after every move"
            };
            format!(
                "Turntable {} ({turning}): position {at} of {}; bridge {} start faces {}, end faces {}.",
                table.name,
                table.ring.len(),
                yard.tracks[table.bridge].name,
                faces(End::Start),
                faces(End::End),
            )
        })
        .collect()
}

/// One slot: its name, then its occupant (or `.`, or `###` when broken) and its goal mark.
fn cell(puzzle: &Puzzle, position: &Position, occupancy: &[Option<usize>], slot: SlotId) -> String {
    let name = puzzle.yard.slot_name(slot);
    let content = match occupancy[usize::from(slot)] {
        _ if puzzle.broken[usize::from(slot)] => "###".to_owned(),
        None => ".".to_owned(),
        Some(p) => {
            let piece = &puzzle.pieces[p];
            match (piece.kind, position.faces_up(p)) {
                (PieceKind::Car, _) => piece.name.clone(),
                (PieceKind::Loco, true) => format!("{}>", piece.name),
                (PieceKind::Loco, false) => format!("<{}", piece.name),
            }
        }
    };
    let occupant = occupancy[usize::from(slot)];
    if let Some(kept) = puzzle.goal.kept(slot) {
        let met = occupant.is_none_or(|p| puzzle.goal.allows(puzzle.pieces[p].kind, slot));
        let mark = match kept {
            Kept::Empty => "empty",
            Kept::Clear => "no car",
        };
        let ok = if met { " ok" } else { "" };
        return format!("{name} {content} ({mark}{ok})");
    }
    let wanted = wanted_in(puzzle, slot);
    if wanted.is_empty() {
        return format!("{name} {content}");
    }
    let names: Vec<&str> = wanted
        .iter()
        .map(|&p| puzzle.pieces[p].name.as_str())
        .collect();
    let met = occupant.is_some_and(|p| wanted.contains(&p));
    let ok = if met { " ok" } else { "" };
    format!("{name} {content} ({}{ok})", names.join("/"))
}

/// The pieces that may end in `slot` by the goal.
fn wanted_in(puzzle: &Puzzle, slot: SlotId) -> Vec<usize> {
    if let Some(&(p, _)) = puzzle.goal.at.iter().find(|&&(_, s)| s == slot) {
        return vec![p];
    }
    puzzle
        .goal
        .groups
        .iter()
        .find(|g| g.slots.contains(&slot))
        .map(|g| g.pieces.clone())
        .unwrap_or_default()
}

/// What a track end meets: another track, a turnout's stem or leg (and where the turnout leads), a
/// buffer stop, the edge of the board, or a turntable (and what its bridge lines up with now).
fn end_text(yard: &Yard, position: &Position, end: TrackEnd) -> String {
    let port = Port::Track(end);
    if yard.is_buffer(port) {
        return "buffer".to_owned();
    }
    if let Some(other) = yard.linked(port) {
        return port_text(yard, other);
    }
    let track = &yard.tracks[end.track];
    let heading = super::yard::Heading {
        slot: track.slot_at(end.end),
        up: end.end == End::End,
    };
    if let Onward::Turntable(table, side) = yard.onward(heading) {
        let t = &yard.turntables[table];
        let at = position.turntable(table);
        return match (side, yard.across_turntable(table, side, at)) {
            (TableSide::Ring(i), Across::Track(_)) => format!("{} ring {i}, lined up", t.name),
            (TableSide::Ring(i), Across::NotLinedUp) => {
                format!("{} ring {i}, not lined up", t.name)
            }
            (TableSide::Bridge(_), Across::Track(te)) => {
                format!("{} to {}", t.name, yard.end_name(te))
            }
            (TableSide::Bridge(_), Across::NotLinedUp) => format!("{} to nothing", t.name),
        };
    }
    "edge".to_owned()
}

/// A port a track end meets; for a turnout, also where its other side leads (`P1 leg 1 → H.end`,
/// `P1 stem → A.start / P2 stem`).
fn port_text(yard: &Yard, port: Port) -> String {
    match port {
        Port::Track(end) => yard.end_name(end),
        Port::Turnout { turnout, part } => {
            let beyond = |part: u8| {
                let own = Port::Turnout { turnout, part };
                match yard.linked(own) {
                    Some(other) => port_name(yard, other),
                    None if yard.is_buffer(own) => "buffer".to_owned(),
                    None => "edge".to_owned(),
                }
            };
            match part {
                0 => format!("{} → {} / {}", port_name(yard, port), beyond(1), beyond(2)),
                _ => format!("{} → {}", port_name(yard, port), beyond(0)),
            }
        }
    }
}

/// A port's own name: `A.end`, `P1 stem`, `P1 leg 2`.
fn port_name(yard: &Yard, port: Port) -> String {
    match port {
        Port::Track(end) => yard.end_name(end),
        Port::Turnout { turnout, part } => {
            let name = &yard.turnouts[turnout].name;
            match part {
                0 => format!("{name} stem"),
                leg => format!("{name} leg {leg}"),
            }
        }
    }
}

/// The goal in words, a line per kind of requirement.
pub fn goal_lines(puzzle: &Puzzle) -> Vec<String> {
    let yard = &puzzle.yard;
    let name = |p: usize| puzzle.pieces[p].name.clone();
    let mut lines = Vec::new();
    if !puzzle.goal.at.is_empty() {
        let places: Vec<String> = puzzle
            .goal
            .at
            .iter()
            .map(|&(p, s)| format!("{} → {}", name(p), yard.slot_name(s)))
            .collect();
        lines.push(format!("Goal: {}.", places.join(", ")));
    }
    for &(p, up) in &puzzle.goal.facing {
        let way = if up {
            "up (front towards higher numbers)"
        } else {
            "down (front towards 1)"
        };
        lines.push(format!("{} must face {way}.", name(p)));
    }
    for group in &puzzle.goal.groups {
        let slots: Vec<String> = group.slots.iter().map(|&s| yard.slot_name(s)).collect();
        let pieces: Vec<String> = group.pieces.iter().map(|&p| name(p)).collect();
        lines.push(format!(
            "Each of {} holds one of {}.",
            slots.join(", "),
            pieces.join(", ")
        ));
    }
    lines.extend(
        kept_phrases(yard, &puzzle.goal)
            .into_iter()
            .map(|phrase| format!("At the end: {phrase}.")),
    );
    if (0..puzzle.pieces.len()).any(|p| !puzzle.goal.names(p)) {
        lines.push("Other pieces may end anywhere.".to_owned());
    }
    lines
}

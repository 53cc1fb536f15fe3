//! What is marked on slots: broken tracks, goals (a ghost of the piece that must end in an empty goal
//! slot, a frame in its colour round whatever stands there instead), slots the goal keeps free, and
//! every slot's name.

use render::{Canvas, Rect, palette};

use super::geometry::Geometry;
use super::piece::{self, Placement};
use super::style::{BROKEN, BROKEN_GROUND, KEPT_FREE, MOVED, PIECE_HALF, SLOT_NAME, piece_colour};
use super::vector::V;
use crate::games::shunting::goal::Kept;
use crate::games::shunting::position::Position;
use crate::games::shunting::puzzle::Puzzle;
use crate::games::shunting::yard::SlotId;

/// What a goal asks of one slot.
pub struct GoalSlot {
    /// The slot.
    pub slot: SlotId,
    /// The pieces that may end there.
    pub pieces: Vec<usize>,
}

/// Every goal slot with the pieces that may fill it.
pub fn goal_slots(puzzle: &Puzzle) -> Vec<GoalSlot> {
    let mut slots: Vec<GoalSlot> = puzzle
        .goal
        .at
        .iter()
        .map(|&(piece, slot)| GoalSlot {
            slot,
            pieces: vec![piece],
        })
        .collect();
    for group in &puzzle.goal.groups {
        slots.extend(group.slots.iter().map(|&slot| GoalSlot {
            slot,
            pieces: group.pieces.clone(),
        }));
    }
    slots
}

/// The placement of whatever stands in `slot`, turned along its track.
pub fn placement(
    puzzle: &Puzzle,
    geometry: &Geometry,
    slot: SlotId,
    position: &Position,
) -> Placement {
    let (centre, along) = geometry.slot(&puzzle.yard, slot, position);
    Placement { centre, along }
}

/// Broken slots: dark red ground with a red cross over the rails.
pub fn broken(canvas: &mut Canvas, puzzle: &Puzzle, geometry: &Geometry, position: &Position) {
    for slot in (0..puzzle.broken.len()).filter(|&s| puzzle.broken[s]) {
        let at = placement(puzzle, geometry, slot as SlotId, position);
        let (a, b) = (PIECE_HALF.0 - 2.0, PIECE_HALF.1 + 2.0);
        let corner = |x: f32, y: f32| {
            at.centre
                .add(at.along.scale(x))
                .add(at.along.perp().scale(y))
        };
        let box_corners = [corner(-a, -b), corner(a, -b), corner(a, b), corner(-a, b)];
        canvas.fill_polygon(&box_corners.map(V::pair), BROKEN_GROUND);
        let (c, d) = (a - 6.0, b - 3.0);
        canvas.line(corner(-c, -d).pair(), corner(c, d).pair(), 5.0, BROKEN);
        canvas.line(corner(-c, d).pair(), corner(c, -d).pair(), 5.0, BROKEN);
    }
}

/// Goal marks under the pieces: a ghost on an empty goal slot, a frame round a wrong occupant.
pub fn goals(canvas: &mut Canvas, puzzle: &Puzzle, geometry: &Geometry, position: &Position) {
    for goal in goal_slots(puzzle) {
        let at = placement(puzzle, geometry, goal.slot, position);
        let colour = match goal.pieces.as_slice() {
            [one] => piece_colour(&puzzle.pieces[*one]),
            _ => palette::TEXT_MUTED,
        };
        match puzzle.occupant(position, goal.slot) {
            None => {
                let names: Vec<&str> = goal
                    .pieces
                    .iter()
                    .map(|&p| puzzle.pieces[p].name.as_str())
                    .collect();
                let text = names.join("/");
                let text = super::style::GHOST_NAME.ellipsize(&text, 2.0 * PIECE_HALF.0 + 10.0);
                piece::ghost(canvas, at, colour, &text);
            }
            Some(p) if !goal.pieces.contains(&p) => piece::goal_frame(canvas, at, colour),
            Some(_) => {}
        }
    }
}

/// Slots the goal keeps free: a faint cyan mark saying "empty" (nothing may end there) or "no car"
/// (a loco may) while the rule is kept, a cyan frame round a piece that breaks it.
pub fn kept_free(canvas: &mut Canvas, puzzle: &Puzzle, geometry: &Geometry, position: &Position) {
    let goal = &puzzle.goal;
    for &slot in goal.empty.iter().chain(&goal.clear) {
        let at = placement(puzzle, geometry, slot, position);
        match puzzle.occupant(position, slot) {
            None => {
                let label = match goal.kept(slot) {
                    Some(Kept::Clear) => "no car",
                    _ => "empty",
                };
                piece::ghost(canvas, at, KEPT_FREE, label);
            }
            Some(p) if !goal.allows(puzzle.pieces[p].kind, slot) => {
                piece::goal_frame(canvas, at, KEPT_FREE);
            }
            Some(_) => {}
        }
    }
}

/// A dashed outline on each slot a piece has left since `previous` that stands empty now.
pub fn vacated(
    canvas: &mut Canvas,
    puzzle: &Puzzle,
    geometry: &Geometry,
    position: &Position,
    previous: &Position,
) {
    for piece in 0..puzzle.pieces.len() {
        let left = previous.slot(piece);
        if left != position.slot(piece) && puzzle.occupant(position, left).is_none() {
            let at = placement(puzzle, geometry, left, position);
            piece::vacated(canvas, at, MOVED);
        }
    }
}

/// A tick over every goal slot already holding a piece that may end there.
pub fn goals_met(canvas: &mut Canvas, puzzle: &Puzzle, geometry: &Geometry, position: &Position) {
    for goal in goal_slots(puzzle) {
        if puzzle
            .occupant(position, goal.slot)
            .is_some_and(|p| goal.pieces.contains(&p))
        {
            let at = placement(puzzle, geometry, goal.slot, position);
            piece::ring(canvas, at, super::style::GOAL_MET, 3.0);
        }
    }
}

/// Each slot's name beside it: below a track that runs across the picture, right of one that runs
/// up and down.
pub fn slot_names(canvas: &mut Canvas, puzzle: &Puzzle, geometry: &Geometry, position: &Position) {
    let yard = &puzzle.yard;
    for slot in 0..yard.slots.len() {
        let at = placement(puzzle, geometry, slot as SlotId, position);
        let mut side = at.along.perp();
        if side.1 < -1e-3 || (side.1.abs() <= 1e-3 && side.0 < 0.0) {
            side = side.scale(-1.0);
        }
        let name = yard.slot_name(slot as SlotId);
        let half_w = SLOT_NAME.width(&name) / 2.0;
        let cap = SLOT_NAME.cap_height();
        // Clear the piece's half width, then the label's own half extent in that direction.
        let reach = PIECE_HALF.1 + 6.0 + side.0.abs() * half_w + side.1.abs() * cap / 2.0;
        let centre = at.centre.add(side.scale(reach));
        canvas.text_centred(
            &SLOT_NAME,
            Rect::new(centre.0 - half_w, centre.1 - cap / 2.0, 2.0 * half_w, cap),
            &name,
        );
    }
}

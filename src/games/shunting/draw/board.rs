//! The whole yard picture: a header with the puzzle's title and a caption, the yard with its pieces,
//! and the goal written out underneath.

use render::theme::DETAIL;
use render::{Align, Canvas, palette};

use super::geometry::Geometry;
use super::marks;
use super::piece;
use super::style::{FOOTER, FOOTER_LINE_H, MARGIN, MOVED, TITLE, piece_colour};
use super::{Frame, tracks};
use crate::games::shunting::position::Position;
use crate::games::shunting::present::{goal_lines, turntable_lines};
use crate::games::shunting::puzzle::{PieceKind, Puzzle};

/// Draws `position` of `puzzle` with `frame`'s extras.
pub fn draw(puzzle: &Puzzle, position: &Position, frame: &Frame<'_>) -> Canvas {
    let geometry = Geometry::of(&puzzle.yard);
    let text_width = geometry.width - 2.0 * MARGIN;
    let footer: Vec<String> = turntable_lines(puzzle, position)
        .iter()
        .chain(&goal_lines(puzzle))
        .chain(&kept_free_key(puzzle))
        .flat_map(|line| FOOTER.wrap(line, text_width))
        .collect();
    let height = geometry.bottom + footer.len() as f32 * FOOTER_LINE_H + MARGIN / 2.0;
    let mut canvas = Canvas::new(
        geometry.width as u32,
        height.ceil() as u32,
        palette::BACKGROUND,
    );
    header(&mut canvas, puzzle, position, frame, text_width);
    tracks::draw(&mut canvas, &puzzle.yard, &geometry, position);
    marks::broken(&mut canvas, puzzle, &geometry, position);
    marks::goals(&mut canvas, puzzle, &geometry, position);
    marks::kept_free(&mut canvas, puzzle, &geometry, position);
    if let Some(previous) = frame.previous {
        marks::vacated(&mut canvas, puzzle, &geometry, position, previous);
    }
    pieces(&mut canvas, puzzle, &geometry, position, frame.previous);
    marks::goals_met(&mut canvas, puzzle, &geometry, position);
    marks::slot_names(&mut canvas, puzzle, &geometry, position);
    for (i, line) in footer.iter().enumerate() {
        let baseline = geometry.bottom + (i as f32 + 0.75) * FOOTER_LINE_H;
        canvas.text(&FOOTER, MARGIN, baseline, Align::Left, line);
    }
    canvas
}

/// What the cyan marks mean, when the goal keeps any slot free.
fn kept_free_key(puzzle: &Puzzle) -> Option<String> {
    let goal = &puzzle.goal;
    (!goal.empty.is_empty() || !goal.clear.is_empty()).then(|| {
        "Cyan marks: slots that must end empty (\"empty\") or without a car (\"no car\"); \
         a cyan frame is round a piece that may not end there."
            .to_owned()
    })
}

fn header(
    canvas: &mut Canvas,
    puzzle: &Puzzle,
    position: &Position,
    frame: &Frame<'_>,
    text_width: f32,
) {
    let solved = puzzle.is_solved(position);
    let badge_room = if solved { 110.0 } else { 0.0 };
    let title = TITLE.ellipsize(&puzzle.title, text_width - badge_room);
    canvas.text(&TITLE, MARGIN, 32.0, Align::Left, &title);
    let caption = frame.caption.map_or_else(
        || {
            let locos = puzzle.locos().count();
            let cars = puzzle.pieces.len() - locos;
            format!(
                "{} · {locos} loco{} · {cars} car{}",
                puzzle.yard.title,
                if locos == 1 { "" } else { "s" },
                if cars == 1 { "" } else { "s" }
            )
        },
        str::to_owned,
    );
    let caption = DETAIL.ellipsize(&caption, text_width);
    canvas.text(&DETAIL, MARGIN, 55.0, Align::Left, &caption);
    if solved {
        let style = render::TextStyle::bold(14.0, palette::INK_LIGHT);
        let w = render::badge::badge_width(&style, 24.0, "SOLVED");
        canvas.badge(
            &style,
            MARGIN + text_width - w,
            14.0,
            24.0,
            palette::SUCCESS,
            "SOLVED",
        );
    }
}

fn pieces(
    canvas: &mut Canvas,
    puzzle: &Puzzle,
    geometry: &Geometry,
    position: &Position,
    previous: Option<&Position>,
) {
    for (i, p) in puzzle.pieces.iter().enumerate() {
        let mut at = marks::placement(puzzle, geometry, position.slot(i), position);
        let moved = previous.is_some_and(|before| {
            before.slot(i) != position.slot(i) || before.faces_up(i) != position.faces_up(i)
        });
        if moved {
            piece::ring(canvas, at, MOVED, 3.0);
        }
        let colour = piece_colour(p);
        match p.kind {
            PieceKind::Car => piece::car(canvas, at, colour, &p.name),
            PieceKind::Loco => {
                if !position.faces_up(i) {
                    at.along = at.along.scale(-1.0);
                }
                piece::loco(canvas, at, colour, &p.name);
            }
        }
    }
}

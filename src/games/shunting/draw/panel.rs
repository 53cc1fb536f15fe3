//! The yard for a phone: one row per track, its slots as boxes from left to right as the full picture
//! draws them, each box naming its slot and the piece in it, with the tracks beyond each end written
//! beside the row, and the goal underneath; every word at least [`PANEL_TEXT`] pixels tall on a
//! picture [`PANEL_WIDTH`] wide, so it stays readable when Discord shows it 400 pixels wide.

use render::{Align, Canvas, Rect, TextStyle, palette};

use super::layout::Layout;
use super::marks::goal_slots;
use super::style::{BROKEN, BUFFER, GOAL_MET, HEADLAMP, KEPT_FREE, LOCO_TRIM, piece_colour};
use super::vector::V;
use crate::games::shunting::goal::Kept;
use crate::games::shunting::position::Position;
use crate::games::shunting::present::{goal_lines, turntable_lines};
use crate::games::shunting::puzzle::{PieceKind, Puzzle};
use crate::games::shunting::yard::{Across, End, Heading, Landing, Onward, SlotId, TrackEnd, Yard};

/// The panel picture's width.
pub use render::theme::PANEL_PICTURE_W as PANEL_WIDTH;
/// The size of its smallest text.
const PANEL_TEXT: f32 = 18.0;

const MARGIN: f32 = 16.0;
const TITLE: TextStyle = TextStyle::bold(24.0, palette::TEXT);
const CAPTION: TextStyle = TextStyle::regular(PANEL_TEXT, palette::TEXT_MUTED);
const TRACK_NAME: TextStyle = TextStyle::bold(22.0, palette::TEXT);
const SLOT_NAME: TextStyle = TextStyle::regular(PANEL_TEXT, palette::TEXT_DIM);
const PIECE_NAME: TextStyle = TextStyle::bold(PANEL_TEXT, palette::INK_LIGHT);
const BEYOND: TextStyle = TextStyle::regular(PANEL_TEXT, palette::TEXT_MUTED);
const LINE_H: f32 = 26.0;
const HEADER_H: f32 = 74.0;
const ROW_H: f32 = 66.0;
const BOX_H: f32 = 58.0;
const MAX_BOX_W: f32 = 92.0;
const END_W: f32 = 8.0;

/// What lies beyond one end of a track.
enum Beyond {
    /// A buffer stop.
    Buffer,
    /// The tracks a train reaches through this end (a turntable's name when it is not lined up).
    Tracks(String),
    /// The edge of the board.
    Edge,
}

/// One track as a row.
struct Row {
    track: usize,
    /// Slots from left to right.
    slots: Vec<SlotId>,
    /// Whether the track's slot numbers run from right to left.
    reversed: bool,
    left: Beyond,
    right: Beyond,
}

/// The panel picture of `position`, headed by `title` and `caption` (wrapped if need be).
pub fn draw(puzzle: &Puzzle, position: &Position, title: &str, caption: &str) -> Canvas {
    let yard = &puzzle.yard;
    let rows = rows(yard, position);
    let text_width = PANEL_WIDTH - 2.0 * MARGIN;
    let footer: Vec<String> = goal_lines(puzzle)
        .iter()
        .chain(&turntable_lines(puzzle, position))
        .flat_map(|line| CAPTION.wrap(line, text_width))
        .collect();
    let caption = CAPTION.wrap(caption, text_width);
    let header_h = HEADER_H + caption.len().saturating_sub(1) as f32 * LINE_H;
    let rows_bottom = header_h + rows.len() as f32 * ROW_H;
    let height = rows_bottom + 12.0 + footer.len() as f32 * LINE_H + MARGIN / 2.0;
    let mut canvas = Canvas::new(
        PANEL_WIDTH as u32,
        height.ceil() as u32,
        palette::BACKGROUND,
    );
    let title = TITLE.ellipsize(title, text_width);
    canvas.text(&TITLE, MARGIN, 32.0, Align::Left, &title);
    for (i, line) in caption.iter().enumerate() {
        canvas.text(
            &CAPTION,
            MARGIN,
            60.0 + i as f32 * LINE_H,
            Align::Left,
            line,
        );
    }
    let columns = Columns::of(yard, &rows);
    for (i, row) in rows.iter().enumerate() {
        draw_row(
            &mut canvas,
            puzzle,
            position,
            row,
            &columns,
            header_h + i as f32 * ROW_H,
        );
    }
    for (i, line) in footer.iter().enumerate() {
        let baseline = rows_bottom + 12.0 + (i as f32 + 0.75) * LINE_H;
        canvas.text(&CAPTION, MARGIN, baseline, Align::Left, line);
    }
    canvas
}

/// The rows, top to bottom and left to right as the full picture lays the tracks out.
fn rows(yard: &Yard, position: &Position) -> Vec<Row> {
    let layout = Layout::of(yard);
    let mut placed: Vec<(V, Row)> = (0..yard.tracks.len())
        .map(|track| {
            let [start, end] = layout.line(yard, track, position);
            let run = end.sub(start);
            let reversed = run.0 < -0.01 || (run.0.abs() <= 0.01 && run.1 < 0.0);
            let t = &yard.tracks[track];
            let mut slots: Vec<SlotId> = (1..=t.len).map(|n| t.slot(n)).collect();
            let (mut left, mut right) = (End::Start, End::End);
            if reversed {
                slots.reverse();
                (left, right) = (right, left);
            }
            let beyond = |end| beyond(yard, position, TrackEnd { track, end });
            let row = Row {
                track,
                slots,
                reversed,
                left: beyond(left),
                right: beyond(right),
            };
            (start.add(end).scale(0.5), row)
        })
        .collect();
    placed.sort_by(|(a, _), (b, _)| a.1.total_cmp(&b.1).then(a.0.total_cmp(&b.0)));
    placed.into_iter().map(|(_, row)| row).collect()
}

/// What a train finds leaving `end`: a buffer, the edge, or the tracks it may run into.
fn beyond(yard: &Yard, position: &Position, end: TrackEnd) -> Beyond {
    let slot = yard.tracks[end.track].slot_at(end.end);
    let heading = Heading {
        slot,
        up: end.end == End::End,
    };
    match yard.onward(heading) {
        Onward::Within(_) => Beyond::Edge,
        Onward::Routes(routes) => {
            let mut names: Vec<&str> = Vec::new();
            let mut buffer = false;
            for route in routes.iter().filter(|r| r.sharp.is_none()) {
                match &route.landing {
                    Landing::Track(to) => names.push(&yard.tracks[to.track].name),
                    Landing::Buffer(_) => buffer = true,
                    Landing::OffBoard(_) => {}
                }
            }
            match (names.is_empty(), buffer) {
                (false, _) => Beyond::Tracks(names.join(" ")),
                (true, true) => Beyond::Buffer,
                (true, false) => Beyond::Edge,
            }
        }
        Onward::Turntable(table, side) => {
            match yard.across_turntable(table, side, position.turntable(table)) {
                Across::Track(to) => Beyond::Tracks(yard.tracks[to.track].name.clone()),
                Across::NotLinedUp => Beyond::Tracks(yard.turntables[table].name.clone()),
            }
        }
    }
}

/// Where the parts of every row go across the picture.
struct Columns {
    /// The right edge of the track names.
    name_right: f32,
    /// The left edge of the first box.
    boxes_left: f32,
    /// One box's width.
    box_w: f32,
}

impl Columns {
    fn of(yard: &Yard, rows: &[Row]) -> Columns {
        let widest = |f: &dyn Fn(&Row) -> f32| rows.iter().map(f).fold(0.0, f32::max);
        let name_w = widest(&|r| TRACK_NAME.width(&yard.tracks[r.track].name));
        let note_w = |b: &Beyond| match b {
            Beyond::Tracks(names) => BEYOND.width(names) + 10.0,
            Beyond::Buffer | Beyond::Edge => 0.0,
        };
        let left_w = widest(&|r| note_w(&r.left));
        let right_w = widest(&|r| note_w(&r.right));
        let most = rows.iter().map(|r| r.slots.len()).max().unwrap_or(1).max(1);
        let name_right = MARGIN + name_w;
        let boxes_left = name_right + 12.0 + left_w + END_W;
        let room = PANEL_WIDTH - MARGIN - right_w - END_W - boxes_left;
        Columns {
            name_right,
            boxes_left,
            box_w: (room / most as f32).min(MAX_BOX_W),
        }
    }
}

fn draw_row(
    canvas: &mut Canvas,
    puzzle: &Puzzle,
    position: &Position,
    row: &Row,
    columns: &Columns,
    top: f32,
) {
    let yard = &puzzle.yard;
    let middle = top + BOX_H / 2.0;
    let name = &yard.tracks[row.track].name;
    canvas.text(
        &TRACK_NAME,
        columns.name_right,
        middle + TRACK_NAME.cap_height() / 2.0,
        Align::Right,
        name,
    );
    let left = columns.boxes_left;
    let right = left + row.slots.len() as f32 * columns.box_w;
    canvas.fill_rect(
        left as i32,
        (middle - 2.0) as i32,
        (right - left) as i32,
        4,
        palette::BORDER,
    );
    end_mark(canvas, &row.left, left, middle, Align::Right);
    end_mark(canvas, &row.right, right, middle, Align::Left);
    for (i, &slot) in row.slots.iter().enumerate() {
        let rect = Rect::new(
            left + i as f32 * columns.box_w + 2.0,
            top,
            columns.box_w - 4.0,
            BOX_H,
        );
        slot_box(canvas, puzzle, position, slot, row.reversed, rect);
    }
}

/// A buffer stop, or the names of the tracks beyond, at `x` on the row's line.
fn end_mark(canvas: &mut Canvas, beyond: &Beyond, x: f32, middle: f32, side: Align) {
    let outward = if side == Align::Right { -1.0 } else { 1.0 };
    match beyond {
        Beyond::Buffer => {
            let x0 = if outward < 0.0 { x - END_W } else { x };
            canvas.fill_rect(x0 as i32, (middle - 18.0) as i32, END_W as i32, 36, BUFFER);
        }
        Beyond::Tracks(names) => {
            let to = x + outward * END_W;
            canvas.line((x, middle), (to, middle), 4.0, palette::BORDER);
            let baseline = middle + BEYOND.cap_height() / 2.0;
            canvas.text(&BEYOND, to + outward * 4.0, baseline, side, names);
        }
        Beyond::Edge => {}
    }
}

/// One slot: its name, and the piece in it or what the goal wants there.
fn slot_box(
    canvas: &mut Canvas,
    puzzle: &Puzzle,
    position: &Position,
    slot: SlotId,
    reversed: bool,
    rect: Rect,
) {
    let yard = &puzzle.yard;
    canvas.fill_rounded_rect(rect, 6.0, palette::SLOT);
    let wanted = goal_slots(puzzle).into_iter().find(|g| g.slot == slot);
    let occupant = puzzle.occupant(position, slot);
    let kept = puzzle.goal.kept(slot);
    let border = match (&wanted, kept, occupant) {
        (Some(goal), _, Some(p)) if goal.pieces.contains(&p) => Some(GOAL_MET),
        (Some(goal), _, _) => Some(match goal.pieces.as_slice() {
            [one] if puzzle.pieces[*one].kind == PieceKind::Loco => LOCO_TRIM,
            [one] => piece_colour(&puzzle.pieces[*one]),
            _ => palette::TEXT_MUTED,
        }),
        (None, Some(_), _) => Some(KEPT_FREE),
        (None, None, _) => None,
    };
    if let Some(colour) = border {
        canvas.stroke_rounded_rect(rect, 6.0, 3.0, colour);
    }
    let name = yard.slot_name(slot);
    canvas.text(&SLOT_NAME, rect.x + 6.0, rect.y + 19.0, Align::Left, &name);
    let body = Rect::new(rect.x + 4.0, rect.y + 24.0, rect.w - 8.0, rect.h - 28.0);
    if puzzle.broken[usize::from(slot)] {
        let (x0, y0, x1, y1) = (
            body.x + 6.0,
            body.y + 2.0,
            body.right() - 6.0,
            body.bottom() - 2.0,
        );
        canvas.line((x0, y0), (x1, y1), 4.0, BROKEN);
        canvas.line((x0, y1), (x1, y0), 4.0, BROKEN);
        return;
    }
    match occupant {
        Some(p) => piece_body(canvas, puzzle, position, p, reversed, body),
        None => {
            let hint = match (&wanted, kept) {
                (Some(goal), _) => Some((
                    goal.pieces
                        .iter()
                        .map(|&p| puzzle.pieces[p].name.as_str())
                        .collect::<Vec<_>>()
                        .join("/"),
                    border.unwrap_or(palette::TEXT_MUTED),
                )),
                (None, Some(Kept::Empty)) => Some(("empty".to_owned(), KEPT_FREE)),
                (None, Some(Kept::Clear)) => Some(("no car".to_owned(), KEPT_FREE)),
                (None, None) => None,
            };
            if let Some((text, colour)) = hint {
                let style = TextStyle::regular(PANEL_TEXT, colour.mix(palette::TEXT, 0.3));
                let text = style.ellipsize(&text, body.w - 4.0);
                canvas.text_centred(&style, body, &text);
            }
        }
    }
}

/// A piece filling `body`: a car in its colour, a loco with its trim and a lamp on its front.
fn piece_body(
    canvas: &mut Canvas,
    puzzle: &Puzzle,
    position: &Position,
    piece: usize,
    reversed: bool,
    body: Rect,
) {
    let p = &puzzle.pieces[piece];
    let fill = piece_colour(p);
    let mut name_area = body;
    if p.kind == PieceKind::Loco {
        canvas.fill_rounded_rect(body, 5.0, LOCO_TRIM);
        canvas.fill_rounded_rect(body.inset(2.0), 4.0, fill);
        let front_right = position.faces_up(piece) != reversed;
        let (tip, back) = if front_right {
            (body.right() - 3.0, body.right() - 11.0)
        } else {
            (body.x + 3.0, body.x + 11.0)
        };
        let (_, cy) = body.centre();
        canvas.fill_polygon(&[(back, cy - 7.0), (tip, cy), (back, cy + 7.0)], HEADLAMP);
        name_area = if front_right {
            Rect::new(body.x, body.y, body.w - 10.0, body.h)
        } else {
            Rect::new(body.x + 10.0, body.y, body.w - 10.0, body.h)
        };
    } else {
        canvas.fill_rounded_rect(body, 5.0, fill);
    }
    let style = PIECE_NAME.with_colour(palette::ink_on(fill));
    let name = style.ellipsize(&p.name, name_area.w - 4.0);
    canvas.text_centred(&style, name_area, &name);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::shunting::builtin;

    /// How many pixels of `canvas` are exactly `colour`.
    fn count(canvas: &Canvas, colour: render::Colour) -> usize {
        let (w, h) = (canvas.width() as i32, canvas.height() as i32);
        (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .filter(|&(x, y)| canvas.pixel(x, y) == Some(colour))
            .count()
    }

    #[test]
    fn every_piece_is_drawn_in_its_colour_on_a_narrow_picture() {
        for (name, _) in builtin::PUZZLES {
            let puzzle = builtin::puzzle(name).unwrap().unwrap();
            let canvas = draw(&puzzle, &puzzle.start, name, "caption");
            assert_eq!(canvas.width() as f32, PANEL_WIDTH, "{name}");
            let rows = puzzle.yard.tracks.len() as f32;
            assert!(canvas.height() as f32 >= HEADER_H + rows * ROW_H, "{name}");
            for piece in &puzzle.pieces {
                let pixels = count(&canvas, piece_colour(piece));
                assert!(pixels >= 1000, "{name} {}: {pixels} pixels", piece.name);
            }
        }
    }

    #[test]
    fn a_move_changes_the_panel() {
        let puzzle = builtin::puzzle("timesaver-1").unwrap().unwrap();
        let before = draw(&puzzle, &puzzle.start, "t", "c");
        let moved = puzzle.legal_moves(&puzzle.start)[0].result;
        let after = draw(&puzzle, &moved, "t", "c");
        assert_ne!(before.image(), after.image());
    }
}

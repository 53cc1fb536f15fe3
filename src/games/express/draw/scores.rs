//! The scores over the hands: a small table with a row per finished hand, a column per seat, and the
//! totals at the foot.

use render::palette;
use render::theme::{DETAIL, DETAIL_LINE_H, PANEL_PAD, PANEL_RADIUS, baseline_in};
use render::{Align, Canvas, Rect, TextStyle};

use super::style::number;
use crate::games::express::present::seat_name;
use crate::games::express::view::ExpressView;

/// The column of row names.
const LABEL_W: f32 = 90.0;
/// A total, set bold.
const TOTAL: TextStyle = TextStyle::bold(16.0, palette::TEXT);
/// A seat's name over its column.
const HEAD: TextStyle = TextStyle::bold(15.0, palette::TEXT);

/// The most lines a seat's name takes over its column.
const HEAD_LINES: usize = 2;

/// Each seat's name over a column `column_w` wide: wrapped onto up to [`HEAD_LINES`] lines, and only
/// a name longer than that shortened with an ellipsis.
fn heads(names: &[String], seats: usize, column_w: f32) -> Vec<Vec<String>> {
    let room = column_w - 12.0;
    (0..seats)
        .map(|seat| {
            let name = seat_name(names, seat);
            let mut lines = HEAD.wrap(&name, room);
            if lines.len() > HEAD_LINES {
                let rest = lines[HEAD_LINES - 1..].join(" ");
                lines.truncate(HEAD_LINES - 1);
                lines.push(rest);
            }
            lines
                .iter()
                .map(|line| HEAD.ellipsize(line, room))
                .collect()
        })
        .collect()
}

/// The width of a seat's column in a table `width` wide.
fn column_width(view: &ExpressView, width: f32) -> f32 {
    (width - 2.0 * PANEL_PAD - LABEL_W) / view.seats.len() as f32
}

/// How many lines the names over the columns take.
fn head_rows(view: &ExpressView, names: &[String], width: f32) -> usize {
    heads(names, view.seats.len(), column_width(view, width))
        .iter()
        .map(Vec::len)
        .max()
        .unwrap_or(1)
        .max(1)
}

/// How tall the table is in a panel `width` wide (nothing before the first hand ends).
pub fn height(view: &ExpressView, names: &[String], width: f32) -> f32 {
    if view.hand_points.is_empty() {
        return 0.0;
    }
    let rows = head_rows(view, names, width) + view.hand_points.len() + 1;
    2.0 * PANEL_PAD + DETAIL_LINE_H * rows as f32
}

/// Draws the table into `rect`.
pub fn paint(canvas: &mut Canvas, view: &ExpressView, names: &[String], rect: Rect) {
    canvas.fill_rounded_rect(rect, PANEL_RADIUS, palette::PANEL);
    let inner = rect.inset(PANEL_PAD);
    let column_w = column_width(view, rect.w);
    let head_rows = head_rows(view, names, rect.w);
    let column_right = |seat: usize| inner.x + LABEL_W + (seat + 1) as f32 * column_w - 8.0;
    let line = |row: usize, style: &TextStyle| {
        baseline_in(inner.y + row as f32 * DETAIL_LINE_H, DETAIL_LINE_H, style)
    };
    canvas.text(
        &HEAD,
        inner.x,
        line(0, &HEAD),
        Align::Left,
        &format!("To {}", view.target),
    );
    for (seat, head) in heads(names, view.seats.len(), column_w).iter().enumerate() {
        for (i, name) in head.iter().enumerate() {
            canvas.text(
                &HEAD,
                column_right(seat),
                line(i, &HEAD),
                Align::Right,
                name,
            );
        }
    }
    for (hand, points) in view.hand_points.iter().enumerate() {
        let row = head_rows + hand;
        canvas.text(
            &DETAIL,
            inner.x,
            line(row, &DETAIL),
            Align::Left,
            &format!("Hand {}", hand + 1),
        );
        for (seat, &p) in points.iter().enumerate() {
            canvas.text(
                &DETAIL,
                column_right(seat),
                line(row, &DETAIL),
                Align::Right,
                &number(p),
            );
        }
    }
    let row = head_rows + view.hand_points.len();
    let rule_y = inner.y + row as f32 * DETAIL_LINE_H;
    canvas.fill_rect(
        inner.x as i32,
        rule_y as i32,
        inner.w as i32,
        1,
        palette::BORDER,
    );
    canvas.text(&TOTAL, inner.x, line(row, &TOTAL), Align::Left, "Total");
    for (seat, cards) in view.seats.iter().enumerate() {
        canvas.text(
            &TOTAL,
            column_right(seat),
            line(row, &TOTAL),
            Align::Right,
            &number(cards.total),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(name: &str) -> Vec<String> {
        vec![name.to_owned()]
    }

    #[test]
    fn a_long_name_wraps_over_its_column_whole_and_within_it() {
        let name = "Bartholomew Longname-Smythe";
        let column_w = 160.0;
        assert!(
            HEAD.width(name) > column_w - 12.0,
            "the name needs two lines"
        );
        let head = &heads(&one(name), 1, column_w)[0];
        assert_eq!(head.join(" "), name);
        assert_eq!(head.len(), 2);
        for line in head {
            assert!(HEAD.width(line) <= column_w - 12.0, "{line}");
        }
    }

    #[test]
    fn a_name_too_long_for_two_lines_ends_in_an_ellipsis_within_the_column() {
        let name = "Bartholomew Augustus Fitzwilliam Longname-Smythe the Third";
        let column_w = 160.0;
        let head = &heads(&one(name), 1, column_w)[0];
        assert_eq!(head.len(), HEAD_LINES);
        assert!(head[1].ends_with('…'), "{head:?}");
        for line in head {
            assert!(HEAD.width(line) <= column_w - 12.0, "{line}");
        }
    }
}

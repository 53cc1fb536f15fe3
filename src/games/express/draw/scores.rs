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

/// How tall the table is (nothing before the first hand ends).
pub fn height(view: &ExpressView) -> f32 {
    if view.hand_points.is_empty() {
        return 0.0;
    }
    2.0 * PANEL_PAD + DETAIL_LINE_H * (view.hand_points.len() + 2) as f32
}

/// Draws the table into `rect`.
pub fn paint(canvas: &mut Canvas, view: &ExpressView, names: &[String], rect: Rect) {
    canvas.fill_rounded_rect(rect, PANEL_RADIUS, palette::PANEL);
    let inner = rect.inset(PANEL_PAD);
    let seats = view.seats.len();
    let column_w = (inner.w - LABEL_W) / seats as f32;
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
    for seat in 0..seats {
        let name = HEAD.ellipsize(&seat_name(names, seat), column_w - 12.0);
        canvas.text(
            &HEAD,
            column_right(seat),
            line(0, &HEAD),
            Align::Right,
            &name,
        );
    }
    for (hand, points) in view.hand_points.iter().enumerate() {
        let row = hand + 1;
        canvas.text(
            &DETAIL,
            inner.x,
            line(row, &DETAIL),
            Align::Left,
            &format!("Hand {row}"),
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
    let row = view.hand_points.len() + 1;
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

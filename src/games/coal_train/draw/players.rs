//! A strip per player: seat disc, name and VP, then resources and action points, income tracks and
//! subsidy markers, tiles and incentives held.

use render::palette::{self, ink_on};
use render::theme::{
    CHIP_GAP, CHIP_H, CHIP_TEXT, HIGHLIGHT_WIDTH, PANEL_RADIUS, baseline_in, paint_seat_disc,
};
use render::{Align, Canvas, Rect, TextStyle};

use super::style::{STRIP, STRIP_LINE_H, seat_mark};
use crate::games::coal_train::present::{incentive_words, income_words, marker_words, tile_words};
use crate::games::coal_train::view::{CoalTrainView, PlayerView};
use crate::games::coal_train::words::seat_name;

/// The name line.
const NAME: TextStyle = TextStyle::bold(18.0, palette::TEXT);
/// The VP.
const VP: TextStyle = TextStyle::bold(20.0, palette::TEXT);
/// Height of the name line.
const NAME_LINE_H: f32 = 28.0;
/// Padding inside a strip.
const PAD: f32 = 8.0;
/// Space between strips.
const GAP: f32 = 6.0;
/// Strips side by side.
const COLUMNS: usize = 2;
/// Radius of the seat disc.
const DISC_R: f32 = 12.0;

/// How wide each strip is in strips `width` wide together.
fn strip_width(width: f32) -> f32 {
    (width - GAP * (COLUMNS - 1) as f32) / COLUMNS as f32
}

/// How tall each row of strips is: as tall as its strip with the most lines once they wrap.
fn row_heights(view: &CoalTrainView, width: f32) -> Vec<f32> {
    let inner_w = strip_width(width) - 2.0 * PAD;
    view.players
        .chunks(COLUMNS)
        .map(|row| {
            let lines = row
                .iter()
                .map(|player| wrapped_lines(player, inner_w).len())
                .max()
                .unwrap_or(0);
            2.0 * PAD + NAME_LINE_H + lines as f32 * STRIP_LINE_H
        })
        .collect()
}

/// How tall the strips of `view`'s players are together, two side by side, in `width`.
pub fn height(view: &CoalTrainView, width: f32) -> f32 {
    let rows = row_heights(view, width);
    rows.iter().sum::<f32>() + rows.len().saturating_sub(1) as f32 * GAP
}

/// The lines under a player's name, wrapped at spaces to `width`.
fn wrapped_lines(player: &PlayerView, width: f32) -> Vec<String> {
    let lines = [
        format!(
            "{} coal · {} iron · {} water · AP left {} · agent {}",
            player.res.coal,
            player.res.iron,
            player.res.water,
            player.ap,
            player.agent.as_deref().unwrap_or("off the board"),
        ),
        format!("Income {}", income_words(player).join(" · ")),
        format!("Markers {}", marker_words(player)),
        format!("Tiles {} · {} used", tile_words(player), player.used_tiles),
        format!("Incentives {}", incentive_words(player)),
    ];
    lines
        .iter()
        .flat_map(|line| STRIP.wrap(line, width))
        .collect()
}

/// Draws the strips from `(x, y)`, `width` wide.
pub fn paint(
    canvas: &mut Canvas,
    x: f32,
    y: f32,
    width: f32,
    view: &CoalTrainView,
    names: &[String],
) {
    let strip_w = strip_width(width);
    let heights = row_heights(view, width);
    let mut top = y;
    for (i, player) in view.players.iter().enumerate() {
        let (row, column) = (i / COLUMNS, (i % COLUMNS) as f32);
        if i > 0 && column == 0.0 {
            top += heights[row - 1] + GAP;
        }
        let rect = Rect::new(x + column * (strip_w + GAP), top, strip_w, heights[row]);
        strip(canvas, rect, view, player, names);
    }
}

fn strip(
    canvas: &mut Canvas,
    rect: Rect,
    view: &CoalTrainView,
    player: &PlayerView,
    names: &[String],
) {
    canvas.fill_rounded_rect(rect, PANEL_RADIUS, palette::PANEL);
    let acting = view.outcome.is_none() && view.to_act == Some(player.seat);
    if acting {
        canvas.stroke_rounded_rect(rect, PANEL_RADIUS, HIGHLIGHT_WIDTH, palette::HIGHLIGHT);
    }
    let inner = rect.inset(PAD);
    let cy = inner.y + NAME_LINE_H / 2.0;
    paint_seat_disc(canvas, inner.x + DISC_R, cy, DISC_R, seat_mark(player.seat));
    let final_vp = view
        .outcome
        .as_ref()
        .and_then(|outcome| outcome.standing_of(player.seat))
        .map(|standing| standing.score);
    let vp = match final_vp {
        Some(total) => format!("board {} VP · final {total} VP", player.vp),
        None => format!("{} VP", player.vp),
    };
    canvas.text(
        &VP,
        inner.right(),
        baseline_in(inner.y, NAME_LINE_H, &VP),
        Align::Right,
        &vp,
    );
    let name_x = inner.x + 2.0 * DISC_R + CHIP_GAP;
    let name = NAME.ellipsize(&seat_name(names, player.seat), 0.4 * inner.w);
    let mut chip_x = name_x
        + canvas.text(
            &NAME,
            name_x,
            baseline_in(inner.y, NAME_LINE_H, &NAME),
            Align::Left,
            &name,
        );
    let mut chips = Vec::new();
    if acting {
        chips.push(("TO ACT", palette::HIGHLIGHT));
    }
    if player.seat == view.start_player {
        chips.push(("START", palette::ACCENT));
    }
    for (text, fill) in chips {
        chip_x += CHIP_GAP;
        let style = CHIP_TEXT.with_colour(ink_on(fill));
        chip_x += canvas.badge(&style, chip_x, cy - CHIP_H / 2.0, CHIP_H, fill, text);
    }
    let lines = wrapped_lines(player, inner.w);
    for (i, line) in lines.iter().enumerate() {
        let top = inner.y + NAME_LINE_H + i as f32 * STRIP_LINE_H;
        canvas.text(
            &STRIP,
            inner.x,
            baseline_in(top, STRIP_LINE_H, &STRIP),
            Align::Left,
            line,
        );
    }
}

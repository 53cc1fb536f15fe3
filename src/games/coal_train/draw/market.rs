//! The market panel: the 5×5 grid of spaces with what lies on each (a tile with its purchase cost and
//! subsidy icon, a whistlestop, the Standard Upgrade, a face-down back or nothing) and the agents
//! standing there, with the rondel below it.

use render::palette;
use render::theme::{PANEL_PAD, PANEL_RADIUS, baseline_in};
use render::{Align, Canvas, Colour, Rect};

use super::changes::{CHANGED, CHANGED_WIDTH, Changes};
use super::rondel;
use super::style::{
    AGENT_R, CELL_GAP, CELL_H, CELL_W, PANEL_TITLE, SMALL, STANDARD, STATION_LETTER, STATION_TILE,
    TILE_NAME, TILE_NOTE, TITLE_H, UPGRADE_TILE, WHISTLESTOP, seat_mark,
};
use crate::games::coal_train::content::Content;
use crate::games::coal_train::state::SIDE;
use crate::games::coal_train::view::{CoalTrainView, SpaceView};
use crate::games::coal_train::words::{kind_name, whistlestop_effect};

/// Width of the row numbers at the left of the grid.
const ROW_LABEL_W: f32 = 18.0;
/// Height of the column letters above the grid.
const COLUMN_LABEL_H: f32 = 18.0;
/// Line height inside a cell.
const CELL_LINE_H: f32 = 14.0;

/// Draws the market and the rondel into `rect`, with the spaces and the loco of `changes` outlined.
pub fn paint(canvas: &mut Canvas, rect: Rect, view: &CoalTrainView, changes: &Changes) {
    canvas.fill_rounded_rect(rect, PANEL_RADIUS, palette::PANEL);
    let inner = rect.inset(PANEL_PAD);
    let baseline = baseline_in(inner.y, TITLE_H, &PANEL_TITLE);
    canvas.text(&PANEL_TITLE, inner.x, baseline, Align::Left, "Market");
    let note = match &view.drawn {
        Some(drawn) => format!("drawn, to place: {drawn}"),
        None => "discs: agents · +: icon gained on purchase".to_string(),
    };
    canvas.text(&SMALL, inner.right(), baseline, Align::Right, &note);
    let grid_x = inner.x + ROW_LABEL_W;
    let grid_y = inner.y + TITLE_H + COLUMN_LABEL_H;
    for column in 0..SIDE {
        let x = grid_x + column as f32 * (CELL_W + CELL_GAP) + CELL_W / 2.0;
        let letter = char::from(b'a' + column as u8).to_string();
        canvas.text(&SMALL, x, grid_y - 5.0, Align::Centre, &letter);
    }
    for row in 0..SIDE {
        let y = grid_y + row as f32 * (CELL_H + CELL_GAP);
        let number = (row + 1).to_string();
        canvas.text(
            &SMALL,
            inner.x,
            y + CELL_H / 2.0 + 5.0,
            Align::Left,
            &number,
        );
        for column in 0..SIDE {
            let x = grid_x + column as f32 * (CELL_W + CELL_GAP);
            let rect = Rect::new(x, y, CELL_W, CELL_H);
            cell(canvas, rect, &view.market[row * SIDE + column]);
            if changes.space(row * SIDE + column) {
                canvas.stroke_rounded_rect(rect, 6.0, CHANGED_WIDTH, CHANGED);
            }
        }
    }
    let rondel_top = grid_y + SIDE as f32 * (CELL_H + CELL_GAP) + 4.0;
    rondel::paint(
        canvas,
        Rect::new(inner.x, rondel_top, inner.w, inner.bottom() - rondel_top),
        view,
        changes.rondel,
    );
}

/// The colour of a market space: by what lies there.
pub(super) fn space_fill(space: &SpaceView) -> Colour {
    let content = Content::get();
    match space.kind {
        Some(k) if content.kinds[k].build.is_some() => STATION_TILE,
        Some(_) => UPGRADE_TILE,
        None if space.whistlestop => WHISTLESTOP,
        None if space.lying == "Standard Upgrade" => STANDARD,
        None if space.lying == "face-down" => palette::CARD_BACK,
        None => palette::SLOT,
    }
}

/// One market space.
fn cell(canvas: &mut Canvas, rect: Rect, space: &SpaceView) {
    let content = Content::get();
    let fill = space_fill(space);
    let (lines, notes): (Vec<String>, Vec<String>) = match space.kind {
        Some(k) => {
            let kind = &content.kinds[k];
            let icon = space
                .icon
                .as_ref()
                .and_then(|name| content.subsidies.iter().find(|s| &s.name == name))
                .map(|s| format!("+{}", s.key));
            let mut notes = vec![format!("buy {} AP", kind.buy_ap)];
            notes.extend(icon);
            (TILE_NAME.wrap(&kind_name(kind), CELL_W - 8.0), notes)
        }
        None if space.whistlestop => (
            TILE_NAME.wrap(&space.lying, CELL_W - 8.0),
            TILE_NOTE.wrap(&whistlestop_effect(content, &space.lying), CELL_W - 8.0),
        ),
        None if space.lying == "Standard Upgrade" => (
            vec!["Standard".to_string(), "Upgrade".to_string()],
            Vec::new(),
        ),
        None if space.lying == "face-down" => (vec!["face down".to_string()], Vec::new()),
        None => (Vec::new(), Vec::new()),
    };
    canvas.fill_rounded_rect(rect, 6.0, fill);
    let ink = palette::ink_on(fill);
    let names = lines.len().min(2);
    for (i, line) in lines.iter().take(names).enumerate() {
        canvas.text(
            &TILE_NAME.with_colour(ink),
            rect.x + 4.0,
            rect.y + 4.0 + (i + 1) as f32 * CELL_LINE_H,
            Align::Left,
            line,
        );
    }
    for (i, note) in notes.iter().take(4 - names).enumerate() {
        let note = TILE_NOTE.ellipsize(note, CELL_W - 8.0);
        canvas.text(
            &TILE_NOTE.with_colour(ink),
            rect.x + 4.0,
            rect.y + 6.0 + (names + i + 1) as f32 * CELL_LINE_H,
            Align::Left,
            &note,
        );
    }
    let pitch = 2.0 * AGENT_R + 1.0;
    for (i, &seat) in space.agents.iter().enumerate() {
        let cx = rect.right() - AGENT_R - 3.0 - i as f32 * pitch;
        let cy = rect.bottom() - AGENT_R - 3.0;
        let mark = seat_mark(seat);
        canvas.fill_circle(cx, cy, AGENT_R, mark.colour);
        canvas.stroke_circle(cx, cy, AGENT_R, 1.5, palette::INK_DARK);
        let disc = Rect::new(cx - AGENT_R, cy - AGENT_R, 2.0 * AGENT_R, 2.0 * AGENT_R);
        let style = STATION_LETTER.with_colour(palette::ink_on(mark.colour));
        canvas.text_centred(&style, disc, mark.letter);
    }
}

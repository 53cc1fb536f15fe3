//! The whole board: header, players, the turn bar or the result banner, and the map with the train.

use render::palette;
use render::theme::{HEADING_H, MARGIN, PANEL_GAP};
use render::{Canvas, Rect};

use super::changes::Changes;
use super::columns::Columns;
use super::map::{card_rect, lane_rect};
use super::style::{BOARD_MIN_W, NEW_MARK, NEW_RING_OFFSET, NEW_RING_RADIUS, NEW_RING_WIDTH};
use super::train::tile_rect;
use super::{header, map, players, results, turn};
use crate::games::whistlewood::view::WhistlewoodView;

/// Where the blocks of a board go.
pub struct Layout {
    /// The columns of the map and the train.
    pub columns: Columns,
    /// The picture's size.
    pub width: f32,
    /// Its height.
    pub height: f32,
    /// The top of the players' panels.
    pub players_top: f32,
    /// The turn bar or result banner, if any.
    pub status: Option<Rect>,
    /// The top of the map block.
    pub map_top: f32,
    /// The left edge of the map block (it is centred when narrower than the board).
    pub map_left: f32,
}

impl Layout {
    /// The layout of `view`'s board, with `names` in seat order.
    pub fn new(view: &WhistlewoodView, names: &[String]) -> Layout {
        let natural = Columns::new(view, MARGIN);
        let content_w = natural.width().max(BOARD_MIN_W - 2.0 * MARGIN);
        let map_left = MARGIN + (content_w - natural.width()) / 2.0;
        let columns = Columns::new(view, map_left);
        let players_top = MARGIN + HEADING_H + PANEL_GAP;
        let status_top = players_top + players::HEIGHT + PANEL_GAP;
        let status_h = match (&view.outcome, &view.turn) {
            (Some(outcome), _) => Some(results::banner(view, outcome, names).height(content_w)),
            (None, Some(_)) => Some(turn::HEIGHT),
            (None, None) => None,
        };
        let status = status_h.map(|h| Rect::new(MARGIN, status_top, content_w, h));
        let map_top = status.map_or(status_top, |r| r.bottom() + PANEL_GAP);
        Layout {
            columns,
            width: content_w + 2.0 * MARGIN,
            height: map_top + map::HEIGHT + MARGIN,
            players_top,
            status,
            map_top,
            map_left,
        }
    }
}

/// The board of `view`, with `names` in seat order and `changes` (since the last turn began) ringed.
pub fn draw(view: &WhistlewoodView, names: &[String], changes: &Changes) -> Canvas {
    let layout = Layout::new(view, names);
    let content_w = layout.width - 2.0 * MARGIN;
    let mut canvas = Canvas::new(
        layout.width.ceil() as u32,
        layout.height.ceil() as u32,
        palette::BACKGROUND,
    );
    header::paint(&mut canvas, view, MARGIN, MARGIN, content_w);
    players::paint(
        &mut canvas,
        view,
        names,
        MARGIN,
        layout.players_top,
        content_w,
    );
    match (&view.outcome, &view.turn, layout.status) {
        (Some(outcome), _, Some(rect)) => {
            results::banner(view, outcome, names).paint(&mut canvas, rect)
        }
        (None, Some(turn), Some(rect)) => turn::paint(&mut canvas, rect, view, turn, names),
        _ => {}
    }
    map::paint(
        &mut canvas,
        view,
        &layout.columns,
        layout.map_left,
        layout.map_top,
    );
    mark(&mut canvas, view, &layout, changes);
    canvas
}

/// Rings what changed: the cards claimed, the cars added to the train, the locomotive if it moved.
fn mark(canvas: &mut Canvas, view: &WhistlewoodView, layout: &Layout, changes: &Changes) {
    let columns = &layout.columns;
    let lane = lane_rect(columns, layout.map_left, layout.map_top);
    let cards = changes
        .cards
        .iter()
        .map(|&(row, column)| card_rect(columns, layout.map_top, row, column));
    let cars = changes
        .cars
        .iter()
        .filter_map(|&i| view.train.get(i))
        .map(|car| tile_rect(lane, columns, car.column));
    let loco = changes.loco.then(|| tile_rect(lane, columns, view.loco));
    for rect in cards.chain(cars).chain(loco) {
        let ring = rect.inset(-NEW_RING_OFFSET);
        canvas.stroke_rounded_rect(ring, NEW_RING_RADIUS, NEW_RING_WIDTH, NEW_MARK);
    }
}

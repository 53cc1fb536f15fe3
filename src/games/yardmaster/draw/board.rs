//! The whole board: header, result banner when over, and one panel per player, stacked.

use render::palette;
use render::theme::{MARGIN, PANEL_GAP};
use render::{Canvas, Rect};

use super::header::Header;
use super::style::{BOARD_MIN_W, seat_name};
use super::{player, results};
use crate::games::yardmaster::view::YardmasterView;

/// The board of `view`, with `names` in seat order; the cards added since `before` (a view of the same
/// table by the same viewer) are marked.
pub fn draw(view: &YardmasterView, names: &[String], before: Option<&YardmasterView>) -> Canvas {
    let slots = train_slots(view);
    let content_w = player::width_for(slots).max(BOARD_MIN_W - 2.0 * MARGIN);
    let header = Header::new(view, content_w);
    let banner = view
        .outcome
        .as_ref()
        .map(|outcome| results::banner(outcome, names, view.games));
    let banner_h = banner.as_ref().map(|b| b.height(content_w));
    let panels = view.trains.len() as f32;
    let height = 2.0 * MARGIN
        + header.height()
        + banner_h.map_or(0.0, |h| h + PANEL_GAP)
        + panels * (player::HEIGHT + PANEL_GAP);
    let width = content_w + 2.0 * MARGIN;
    let mut canvas = Canvas::new(
        width.ceil() as u32,
        height.ceil() as u32,
        palette::BACKGROUND,
    );

    header.paint(&mut canvas, MARGIN, MARGIN, content_w);
    let mut y = MARGIN + header.height();
    if let (Some(banner), Some(h)) = (&banner, banner_h) {
        banner.paint(&mut canvas, Rect::new(MARGIN, y, content_w, h));
        y += h + PANEL_GAP;
    }
    for train in &view.trains {
        let rect = Rect::new(MARGIN, y, content_w, player::HEIGHT);
        let name = seat_name(names, train.seat);
        let first_new = first_new_card(view, train.seat, before);
        player::paint(&mut canvas, rect, view, train, &name, slots, first_new);
        y += player::HEIGHT + PANEL_GAP;
    }
    canvas
}

/// The place of the first card of `seat`'s train added since `before`: every card of a game begun
/// since then, none without `before`.
fn first_new_card(view: &YardmasterView, seat: usize, before: Option<&YardmasterView>) -> usize {
    let now = view.trains.get(seat).map_or(0, |t| t.cards.len());
    match before {
        None => now,
        Some(before) if before.game_number != view.game_number => 0,
        Some(before) => before.trains.get(seat).map_or(0, |t| t.cards.len()),
    }
}

/// How many card places each train shows: a game's rounds, or more if a train somehow has more.
fn train_slots(view: &YardmasterView) -> usize {
    let longest = view.trains.iter().map(|t| t.cards.len()).max().unwrap_or(0);
    (view.rounds as usize).max(longest)
}

//! The whole board: the heading, the turn bar or the result, the map beside the market and rondel, the
//! incentives left per city, and the players' strips.

use render::palette;
use render::theme::{HEADING_H, Heading, MARGIN, PANEL_GAP};
use render::{Canvas, Rect};

use super::changes::Changes;
use super::style::{BOARD_W, MAP_W, ROW_H};
use super::{map, market, offers, players, status};
use crate::games::coal_train::present::progress_words;
use crate::games::coal_train::view::CoalTrainView;

/// The board of `view`, with `names` in seat order and `changes` outlined.
pub fn draw(view: &CoalTrainView, names: &[String], changes: &Changes) -> Canvas {
    let content_w = BOARD_W - 2.0 * MARGIN;
    let status_top = MARGIN + HEADING_H + PANEL_GAP;
    let status_h = match &view.outcome {
        Some(outcome) => status::banner(outcome, names).height(content_w),
        None => status::HEIGHT,
    };
    let row_top = status_top + status_h + PANEL_GAP;
    let offers_top = row_top + ROW_H + PANEL_GAP;
    let players_top = offers_top + offers::height() + PANEL_GAP;
    let height = players_top + players::height(view, content_w) + MARGIN;
    let mut canvas = Canvas::new(BOARD_W as u32, height.ceil() as u32, palette::BACKGROUND);
    let headline = match &view.outcome {
        Some(_) => format!("Game over after round {}", view.round),
        None => format!("Round {}", view.round),
    };
    let mut facts = progress_words(view);
    if changes.any() {
        facts.push_str(" · green: changed this turn");
    }
    Heading {
        title: "Coal Train",
        headline: &headline,
        facts: &facts,
    }
    .paint(&mut canvas, MARGIN, MARGIN, content_w);
    let status_rect = Rect::new(MARGIN, status_top, content_w, status_h);
    status::paint(&mut canvas, status_rect, view, names);
    map::paint(
        &mut canvas,
        Rect::new(MARGIN, row_top, MAP_W, ROW_H),
        view,
        changes,
    );
    let market_x = MARGIN + MAP_W + PANEL_GAP;
    let market_rect = Rect::new(market_x, row_top, BOARD_W - MARGIN - market_x, ROW_H);
    market::paint(&mut canvas, market_rect, view, changes);
    offers::paint(
        &mut canvas,
        Rect::new(MARGIN, offers_top, content_w, offers::height()),
        view,
    );
    players::paint(&mut canvas, MARGIN, players_top, content_w, view, names);
    canvas
}

//! The viewer's private picture: the tiles in their hand, each with what it scores, and the contents of
//! their own discard pile.

use render::palette;
use render::theme::{
    DETAIL, HEADLINE, MARGIN, SUBTITLE, SUBTITLE_LINE_H, TITLE_LINE_H, baseline_in,
};
use render::{Align, Canvas, Rect};

use super::car::{CarLook, paint_car};
use crate::games::whistlewood::cars::{Bonus, COLOURS, CarKind, TileType};
use crate::games::whistlewood::view::WhistlewoodView;

/// A tile in hand.
const TILE_W: f32 = 210.0;
const TILE_H: f32 = 84.0;
/// Space between tiles in hand.
const TILE_GAP: f32 = 18.0;
/// Space between a tile and what it scores.
const TEXT_GAP: f32 = 6.0;
/// Height of one line of what a tile scores.
const DETAIL_LINE: f32 = 21.0;
/// Lines of text kept for what a tile scores.
const TEXT_LINES: usize = 4;
/// A tile in the discard pile.
const SMALL_W: f32 = 118.0;
const SMALL_H: f32 = 52.0;
/// Space between discarded tiles.
const SMALL_GAP: f32 = 10.0;
/// Most tiles in one row.
const PER_ROW: usize = 3;
const SMALL_PER_ROW: usize = 5;
/// Space above the discard pile's heading.
const SECTION_GAP: f32 = 14.0;
/// The narrowest hand picture, so the headings fit.
const MIN_W: f32 = 660.0;

/// The picture of the viewer's hand, or `None` when the view holds none (a spectator, the Automa).
pub fn draw(view: &WhistlewoodView) -> Option<Canvas> {
    let hand = view.hand.as_ref()?;
    let owner = view.viewer_owner?;
    let discards = view.discards.clone().unwrap_or_default();
    let hand_rows = hand.len().div_ceil(PER_ROW).max(1);
    let text_h = TEXT_LINES as f32 * DETAIL_LINE;
    let hand_row_h = TILE_H + TEXT_GAP + text_h;
    let small_rows = discards.len().div_ceil(SMALL_PER_ROW);
    let discard_h = TITLE_LINE_H + small_rows as f32 * (SMALL_H + SMALL_GAP);
    let width = (PER_ROW as f32 * (TILE_W + TILE_GAP) - TILE_GAP + 2.0 * MARGIN).max(MIN_W);
    let height = 2.0 * MARGIN
        + TITLE_LINE_H
        + SUBTITLE_LINE_H
        + hand_rows as f32 * hand_row_h
        + SECTION_GAP
        + discard_h;
    let mut canvas = Canvas::new(
        width.ceil() as u32,
        height.ceil() as u32,
        palette::BACKGROUND,
    );

    let title = match hand.len() {
        0 => "Your hand is empty".to_owned(),
        1 => "Your hand · 1 tile".to_owned(),
        n => format!("Your hand · {n} tiles"),
    };
    let baseline = baseline_in(MARGIN, TITLE_LINE_H, &HEADLINE);
    canvas.text(&HEADLINE, MARGIN, baseline, Align::Left, &title);
    if let Some(colour) = view.colours.get(owner) {
        let line = format!(
            "You play {} · draw pile {} · discard pile {}",
            COLOURS[owner], colour.draw, colour.discard
        );
        let baseline = baseline_in(MARGIN + TITLE_LINE_H, SUBTITLE_LINE_H, &SUBTITLE);
        canvas.text(&SUBTITLE, MARGIN, baseline, Align::Left, &line);
    }
    let top = MARGIN + TITLE_LINE_H + SUBTITLE_LINE_H;
    for (i, &tile) in hand.iter().enumerate() {
        let (row, column) = (i / PER_ROW, i % PER_ROW);
        let x = MARGIN + column as f32 * (TILE_W + TILE_GAP);
        let y = top + row as f32 * hand_row_h;
        let rect = Rect::new(x, y, TILE_W, TILE_H);
        paint_car(
            &mut canvas,
            rect,
            &CarLook {
                owner,
                tile,
                points: None,
            },
        );
        let scoring = scoring_lines(tile);
        let lines = scoring
            .iter()
            .flat_map(|line| DETAIL.wrap(line, TILE_W))
            .take(TEXT_LINES);
        for (line_no, line) in lines.enumerate() {
            let line_top = rect.bottom() + TEXT_GAP + line_no as f32 * DETAIL_LINE;
            let baseline = baseline_in(line_top, DETAIL_LINE, &DETAIL);
            let line = DETAIL.ellipsize(&line, TILE_W);
            canvas.text(&DETAIL, x, baseline, Align::Left, &line);
        }
    }
    let discard_top = top + hand_rows as f32 * hand_row_h + SECTION_GAP;
    let heading = match discards.len() {
        0 => "Your discard pile is empty".to_owned(),
        n => format!("Your discard pile · {n} (face down: only you know them)"),
    };
    let baseline = baseline_in(discard_top, TITLE_LINE_H, &SUBTITLE);
    canvas.text(
        &SUBTITLE.with_colour(palette::TEXT),
        MARGIN,
        baseline,
        Align::Left,
        &heading,
    );
    for (i, &tile) in discards.iter().enumerate() {
        let (row, column) = (i / SMALL_PER_ROW, i % SMALL_PER_ROW);
        let x = MARGIN + column as f32 * (SMALL_W + SMALL_GAP);
        let y = discard_top + TITLE_LINE_H + row as f32 * (SMALL_H + SMALL_GAP);
        let look = CarLook {
            owner,
            tile,
            points: None,
        };
        paint_car(&mut canvas, Rect::new(x, y, SMALL_W, SMALL_H), &look);
    }
    Some(canvas)
}

/// What a tile scores on a Station, what it costs left past the last Station, and its bonus, in
/// short. These follow the default rulings: the view does not carry a game's rulings.
fn scoring_lines(tile: TileType) -> Vec<String> {
    let (station, past) = match tile.kind {
        CarKind::Grain => ("Station: 5 with a Silo, else 1", 5),
        CarKind::Stone => ("Station: 1", 1),
        CarKind::Coal => ("Station: 2", 2),
        CarKind::Log => ("Station: 3", 3),
        CarKind::Mail => ("Station: copies the other car", 0),
        CarKind::Livestock => ("Station: 2, +1 per Field/River", 2),
        CarKind::Tank => ("Station: 5 in column 1 … 1 in 5", 5),
    };
    let past = if past == 0 {
        "past the last Station: 0".to_owned()
    } else {
        format!("past the last Station: −{past}")
    };
    let mut lines = vec![station.to_owned(), past];
    match tile.bonus {
        Some(Bonus::Action) => lines.push("⚡ when placed: a Bonus Action".to_owned()),
        Some(Bonus::Shunt) => lines.push("↺ when placed: a Shunt".to_owned()),
        None => {}
    }
    lines
}

//! The picture of a seat's private turn panel, made for a phone: about 600 px wide, every text the
//! decision needs at least 18 px. It shows the seat's hand and a compact map: for each column the two
//! cards with their free tracks and the car beside it (the one that could claim), and which cars stand
//! before and past the map.

use render::palette::{self, ink_on};
use render::theme::{HEADLINE, MARGIN, SUBTITLE_LINE_H, TITLE_LINE_H, baseline_in};
use render::theme::{
    PANEL_BODY as BODY, PANEL_BODY_H as BODY_H, PANEL_PICTURE_W as WIDTH, PANEL_SECTION as SECTION,
    PANEL_SECTION_GAP as SECTION_GAP, PANEL_SECTION_H as SECTION_H,
};
use render::{Align, Canvas, Colour, Rect, TextStyle};

use super::car::{CarLook, paint_car};
use super::card::paper;
use super::style::{LANE, owner_colour, owner_letter};
use crate::games::whistlewood::cars::{COLOURS, CarKind};
use crate::games::whistlewood::present::{owner_name, physical_order};
use crate::games::whistlewood::view::{CarView, CardView, WhistlewoodView};
use crate::plural::counted;

/// A tile in hand: tall enough that its name is 19 px.
const TILE_W: f32 = 132.0;
const TILE_H: f32 = 70.0;
/// Space between tiles in hand.
const TILE_GAP: f32 = 13.0;
/// A column of the compact map, and the space between columns.
const COLUMN_W: f32 = 108.0;
const COLUMN_GAP: f32 = 7.0;
/// Padding inside a map cell.
const CELL_PAD: f32 = 4.0;
/// One line in a map cell (a card's name, a track).
const CELL_LINE_H: f32 = 26.0;
/// The lane between the rows of the compact map, and the space around it.
const LANE_H: f32 = 60.0;
const LANE_GAP: f32 = 6.0;
/// Corner radius of cells and chips.
const CORNER: f32 = 6.0;
/// Names and cars in the map's cells.
const CELL_BOLD: TextStyle = TextStyle::bold(18.0, palette::INK_DARK);
const CELL_TEXT: TextStyle = TextStyle::regular(18.0, palette::INK_DARK);

/// The panel picture of a seat's view; `None` for a spectator or a seat without a hand.
pub fn draw(view: &WhistlewoodView, names: &[String]) -> Option<Canvas> {
    let owner = view.viewer_owner?;
    let hand = view.hand.as_ref()?;
    let content_w = WIDTH - 2.0 * MARGIN;
    let off_map = off_map_lines(view, content_w);
    let card_h = card_height(view);
    let hand_h = if hand.is_empty() { 0.0 } else { TILE_H };
    let height = MARGIN
        + TITLE_LINE_H
        + SUBTITLE_LINE_H
        + SECTION_GAP
        + SECTION_H
        + hand_h
        + SECTION_GAP
        + SECTION_H
        + BODY_H
        + 2.0 * card_h
        + 2.0 * LANE_GAP
        + LANE_H
        + off_map.len() as f32 * BODY_H
        + MARGIN;
    let mut canvas = Canvas::new(WIDTH as u32, height.ceil() as u32, palette::BACKGROUND);
    let mut y = MARGIN;
    let title = HEADLINE.ellipsize(&title(view, names, owner), content_w);
    let baseline = baseline_in(y, TITLE_LINE_H, &HEADLINE);
    canvas.text(&HEADLINE, MARGIN, baseline, Align::Left, &title);
    y += TITLE_LINE_H;
    let scores = BODY.ellipsize(&score_line(view, names, owner), content_w);
    let baseline = baseline_in(y, SUBTITLE_LINE_H, &BODY);
    canvas.text(&BODY, MARGIN, baseline, Align::Left, &scores);
    y += SUBTITLE_LINE_H + SECTION_GAP;

    let piles = view.colours.get(owner);
    let heading = format!(
        "Your hand · {} · draw pile {}",
        counted(hand.len(), "tile"),
        piles.map_or(0, |p| p.draw)
    );
    section(&mut canvas, &heading, y);
    y += SECTION_H;
    for (i, &tile) in hand.iter().enumerate() {
        let x = MARGIN + i as f32 * (TILE_W + TILE_GAP);
        let look = CarLook {
            owner,
            tile,
            points: None,
        };
        paint_car(&mut canvas, Rect::new(x, y, TILE_W, TILE_H), &look);
    }
    y += hand_h + SECTION_GAP;

    section(&mut canvas, &map_heading(view), y);
    y += SECTION_H;
    paint_map(&mut canvas, view, y, card_h);
    y += BODY_H + 2.0 * card_h + 2.0 * LANE_GAP + LANE_H;
    for line in off_map {
        let baseline = baseline_in(y, BODY_H, &BODY);
        canvas.text(&BODY, MARGIN, baseline, Align::Left, &line);
        y += BODY_H;
    }
    Some(canvas)
}

/// A section heading whose top is `top`.
fn section(canvas: &mut Canvas, text: &str, top: f32) {
    let text = SECTION.ellipsize(text, WIDTH - 2.0 * MARGIN);
    let baseline = baseline_in(top, SECTION_H, &SECTION);
    canvas.text(&SECTION, MARGIN, baseline, Align::Left, &text);
}

/// "Your turn: 2 actions left", whom the table waits for, or that the game is over.
fn title(view: &WhistlewoodView, names: &[String], owner: usize) -> String {
    match &view.turn {
        Some(turn) if turn.owner == owner => format!("Your turn: {}", turn.summary),
        Some(turn) => format!("{} to move", owner_name(view, names, turn.owner)),
        None => "The game is over".to_owned(),
    }
}

/// "You (red) 12 points · Bo (blue) 7": both scores as the map stands now.
fn score_line(view: &WhistlewoodView, names: &[String], owner: usize) -> String {
    let parts: Vec<String> = view
        .colours
        .iter()
        .map(|c| {
            let who = if c.owner == owner {
                "You".to_owned()
            } else {
                owner_name(view, names, c.owner)
            };
            format!(
                "{who} ({}) {}",
                COLOURS[c.owner],
                counted(c.score.total, "point")
            )
        })
        .collect();
    parts.join(" · ")
}

/// What the map section says of the direction of travel.
fn map_heading(view: &WhistlewoodView) -> String {
    match view.from_left {
        None => "The map (the starting end is not chosen yet)".to_owned(),
        Some(true) => "The map · the train runs to the right →".to_owned(),
        Some(false) => "The map · the train runs to the left ←".to_owned(),
    }
}

/// How tall a card's cell is: its name and one line per track of the card with the most tracks.
fn card_height(view: &WhistlewoodView) -> f32 {
    let tracks = view
        .rows
        .iter()
        .flatten()
        .map(|card| usize::from(card.tracks).max(1))
        .max()
        .unwrap_or(1);
    2.0 * CELL_PAD + (1 + tracks) as f32 * CELL_LINE_H
}

/// The compact map: column numbers, the top row, the lane with the cars beside the map, the bottom row.
fn paint_map(canvas: &mut Canvas, view: &WhistlewoodView, top: f32, card_h: f32) {
    let lane_top = top + BODY_H + card_h + LANE_GAP;
    let lane = Rect::new(MARGIN, lane_top, WIDTH - 2.0 * MARGIN, LANE_H);
    canvas.fill_rounded_rect(lane, CORNER, LANE);
    for (slot, column) in physical_order(view).into_iter().enumerate() {
        let x = MARGIN + slot as f32 * (COLUMN_W + COLUMN_GAP);
        if view.from_left.is_some() {
            let number = Rect::new(x, top, COLUMN_W, BODY_H);
            let style = SECTION.with_colour(palette::TEXT_MUTED);
            canvas.text_centred(&style, number, &format!("column {}", column + 1));
        }
        let cell_top = [top + BODY_H, lane.bottom() + LANE_GAP];
        for (row, &y) in cell_top.iter().enumerate() {
            let card = &view.rows[row][column];
            paint_card_cell(canvas, Rect::new(x, y, COLUMN_W, card_h), card);
        }
        let beside = |column_now: i32| column_now == column as i32 + 1;
        let cell = Rect::new(x, lane.y, COLUMN_W, LANE_H).inset(CELL_PAD);
        if view.from_left.is_some() && beside(view.loco) {
            paint_chip(canvas, cell, palette::ENGINE, &[loco_label(view), ""]);
        }
        if let Some(car) = view.train.iter().find(|car| beside(car.column)) {
            paint_train_car(canvas, cell, &car.car);
        }
    }
}

/// The locomotive's label, pointing the way it runs.
fn loco_label(view: &WhistlewoodView) -> &'static str {
    if view.from_left == Some(false) {
        "← LOCO"
    } else {
        "LOCO →"
    }
}

/// A card of the map: its short name, then each track, free or holding a car.
fn paint_card_cell(canvas: &mut Canvas, rect: Rect, card: &CardView) {
    canvas.fill_rounded_rect(rect, CORNER, paper(card));
    let inner = rect.inset(CELL_PAD);
    let line = |i: usize| {
        Rect::new(
            inner.x,
            inner.y + i as f32 * CELL_LINE_H,
            inner.w,
            CELL_LINE_H,
        )
    };
    let name = CELL_BOLD.ellipsize(short_name(card), inner.w);
    canvas.text_centred(&CELL_BOLD, line(0), &name);
    if card.tracks == 0 {
        canvas.text_centred(&CELL_TEXT, line(1), "no tracks");
        return;
    }
    for track in 0..usize::from(card.tracks) {
        let rect = line(track + 1).inset(1.0);
        match card.cars.get(track) {
            Some(car) => {
                let letter = owner_letter(car.owner);
                let text = fitted(|name| format!("{letter} {name}"), car.tile.kind, rect.w);
                paint_chip(canvas, rect, owner_colour(car.owner), &[&text]);
            }
            None => {
                canvas.text_centred(&CELL_TEXT, rect, "free");
            }
        }
    }
}

/// A car in the lane: its type, and its colour's letter.
fn paint_train_car(canvas: &mut Canvas, rect: Rect, car: &CarView) {
    let name = fitted(str::to_owned, car.tile.kind, rect.w);
    let letter = format!("{} ({})", owner_letter(car.owner), COLOURS[car.owner]);
    paint_chip(canvas, rect, owner_colour(car.owner), &[&name, &letter]);
}

/// A filled rounded box with up to two lines of bold text on it.
fn paint_chip(canvas: &mut Canvas, rect: Rect, fill: Colour, lines: &[&str]) {
    canvas.fill_rounded_rect(rect, CORNER, fill);
    let style = CELL_BOLD.with_colour(ink_on(fill));
    let shown: Vec<&&str> = lines.iter().filter(|l| !l.is_empty()).collect();
    let line_h = rect.h / shown.len().max(1) as f32;
    for (i, line) in shown.iter().enumerate() {
        let text = style.ellipsize(line, rect.w - 4.0);
        let band = Rect::new(rect.x, rect.y + i as f32 * line_h, rect.w, line_h);
        canvas.text_centred(&style, band, &text);
    }
}

/// A card's name short enough for a column of the compact map.
fn short_name(card: &CardView) -> &'static str {
    match (
        card.station,
        card.silo,
        card.bonuses.is_empty(),
        card.nature.first(),
    ) {
        (true, true, _, _) => "Silo",
        (true, false, _, _) => "Station",
        (false, _, false, _) => "Siding",
        (false, _, true, Some(crate::games::whistlewood::locations::Nature::River)) => "River",
        _ => "Field",
    }
}

/// `text` made with a car type's name, fitting `room` at the cells' size: made with "Stock" for
/// Livestock when the full name does not fit.
fn fitted(text: impl Fn(&str) -> String, kind: CarKind, room: f32) -> String {
    let full = text(kind.name());
    if kind != CarKind::Livestock || CELL_BOLD.width(&full) + 4.0 <= room {
        full
    } else {
        text("Stock")
    }
}

/// "Before the map: red Grain, blue Coal" and "Past the map: …", wrapped to `width`.
fn off_map_lines(view: &WhistlewoodView, width: f32) -> Vec<String> {
    if view.from_left.is_none() {
        return Vec::new();
    }
    let named = |car: &CarView| format!("{} {}", COLOURS[car.owner], car.tile.kind.name());
    let mut lines = Vec::new();
    for (what, off) in [
        (
            "Before the map",
            view.train
                .iter()
                .filter(|c| c.column < 1)
                .collect::<Vec<_>>(),
        ),
        (
            "Past the map",
            view.train.iter().filter(|c| c.column > 5).collect(),
        ),
    ] {
        if off.is_empty() {
            continue;
        }
        let cars: Vec<String> = off.iter().map(|c| named(&c.car)).collect();
        lines.extend(BODY.wrap(&format!("{what}: {}", cars.join(", ")), width));
    }
    if view.loco > 5 {
        lines.extend(BODY.wrap("The locomotive has left the map.", width));
    }
    lines
}

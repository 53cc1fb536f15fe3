//! One location card: its letter and name, its icons, and its tracks, each free or holding a car. The
//! tracks face the train: at the foot of a top-row card, at the head of a bottom-row card.

use render::palette::{self, ink_on};
use render::theme::baseline_in;
use render::{Align, Canvas, Colour, Rect};

use super::car::{CarLook, paint_car};
use super::icons::{Icon, paint_icon};
use super::style::{
    CARD_NAME, FIELD_PAPER, FREE_TRACK, FREE_TRACK_EDGE, ICON_LABEL, RIVER_PAPER, SIDING_PAPER,
    STATION_PAPER,
};
use crate::games::whistlewood::locations::Nature;
use crate::games::whistlewood::view::CardView;

/// Corner radius of a card.
const CORNER: f32 = 10.0;
/// Space between the card's edge and its content.
const PAD: f32 = 8.0;
/// Space between the card's parts, tracks and icons.
const GAP: f32 = 6.0;
/// Height of the name line.
const NAME_H: f32 = 24.0;
/// The letter's square.
const LETTER_BOX: f32 = 22.0;
/// Height of the tracks.
const TRACK_H: f32 = 58.0;
/// Corner radius of a track.
const TRACK_CORNER: f32 = 8.0;
/// Width of a free track's outline.
const TRACK_EDGE: f32 = 1.5;
/// An icon's square on a card with tracks.
const ICON: f32 = 24.0;
/// An icon's square on a card without tracks (drawn where tracks would be).
const BIG_ICON: f32 = 46.0;
/// Space between an icon and its word.
const ICON_WORD_GAP: f32 = 4.0;
/// What a free track says.
const FREE: &str = "free";
/// What a card without tracks says.
const NO_TRACKS: &str = "no tracks";

/// Draws `card` into `rect`; `tracks_first` puts the tracks at the top (a bottom-row card).
pub fn paint_location(canvas: &mut Canvas, rect: Rect, card: &CardView, tracks_first: bool) {
    let paper = paper(card);
    canvas.fill_rounded_rect(rect, CORNER, paper);
    canvas.stroke_rounded_rect(rect, CORNER, TRACK_EDGE, palette::INK_DARK);
    let inner = rect.inset(PAD);
    let rest = inner.h - NAME_H - TRACK_H - 2.0 * GAP;
    let (name_y, tracks_y, icons_y) = if tracks_first {
        let tracks_y = inner.y;
        let icons_y = tracks_y + TRACK_H + GAP;
        (icons_y + rest + GAP, tracks_y, icons_y)
    } else {
        let icons_y = inner.y + NAME_H + GAP;
        (inner.y, icons_y + rest + GAP, icons_y)
    };
    paint_name(
        canvas,
        Rect::new(inner.x, name_y, inner.w, NAME_H),
        card,
        paper,
    );
    let tracks = Rect::new(inner.x, tracks_y, inner.w, TRACK_H);
    let icons = icons_of(card);
    if card.tracks == 0 {
        paint_big_icons(canvas, tracks, &icons);
    } else {
        paint_tracks(canvas, tracks, card);
        paint_icon_row(canvas, Rect::new(inner.x, icons_y, inner.w, rest), &icons);
    }
}

/// The paper a card is printed on, by what it is.
pub fn paper(card: &CardView) -> Colour {
    if card.station {
        STATION_PAPER
    } else if !card.bonuses.is_empty() {
        SIDING_PAPER
    } else if card.nature.contains(&Nature::River) {
        RIVER_PAPER
    } else if card.nature.contains(&Nature::Field) {
        FIELD_PAPER
    } else {
        STATION_PAPER
    }
}

/// The card's icons, in the order they are printed.
fn icons_of(card: &CardView) -> Vec<Icon> {
    let mut icons = Vec::new();
    if card.station {
        icons.push(Icon::House);
    }
    if card.silo {
        icons.push(Icon::Silo);
    }
    icons.extend(card.nature.iter().map(|&n| Icon::Nature(n)));
    icons.extend(card.bonuses.iter().map(|&b| Icon::Bonus(b)));
    icons
}

/// The letter in a dark square, then the name.
fn paint_name(canvas: &mut Canvas, line: Rect, card: &CardView, paper: Colour) {
    let letter_box = Rect::new(
        line.x,
        line.y + (line.h - LETTER_BOX) / 2.0,
        LETTER_BOX,
        LETTER_BOX,
    );
    canvas.fill_rounded_rect(letter_box, TRACK_CORNER / 2.0, palette::INK_DARK);
    let letter_style = CARD_NAME.with_colour(paper);
    canvas.text_centred(&letter_style, letter_box, &card.letter.to_string());
    let x = letter_box.right() + GAP;
    let name = CARD_NAME.ellipsize(&card.name, line.right() - x);
    let baseline = baseline_in(line.y, line.h, &CARD_NAME);
    canvas.text(&CARD_NAME, x, baseline, Align::Left, &name);
}

/// One slot per track: a car on it, or a free track.
fn paint_tracks(canvas: &mut Canvas, area: Rect, card: &CardView) {
    let n = usize::from(card.tracks).max(card.cars.len());
    let w = (area.w - (n - 1) as f32 * GAP) / n as f32;
    for i in 0..n {
        let slot = Rect::new(area.x + i as f32 * (w + GAP), area.y, w, area.h);
        match card.cars.get(i) {
            Some(car) => {
                let look = CarLook {
                    owner: car.owner,
                    tile: car.tile,
                    points: card.station.then_some(car.points),
                };
                paint_car(canvas, slot, &look);
            }
            None => paint_free_track(canvas, slot),
        }
    }
}

/// An empty track, plainly free.
fn paint_free_track(canvas: &mut Canvas, slot: Rect) {
    canvas.fill_rounded_rect(slot, TRACK_CORNER, FREE_TRACK);
    canvas.stroke_rounded_rect(slot, TRACK_CORNER, TRACK_EDGE, FREE_TRACK_EDGE);
    let style = ICON_LABEL.with_colour(ink_on(FREE_TRACK).mix(FREE_TRACK, 0.35));
    canvas.text_centred(&style, slot, FREE);
}

/// Small icons with their words, centred in a row.
fn paint_icon_row(canvas: &mut Canvas, area: Rect, icons: &[Icon]) {
    let item_w = |icon: &Icon| ICON + ICON_WORD_GAP + ICON_LABEL.width(icon.label());
    let total: f32 =
        icons.iter().map(item_w).sum::<f32>() + GAP * icons.len().saturating_sub(1) as f32;
    let mut x = area.x + (area.w - total).max(0.0) / 2.0;
    let top = area.y + (area.h - ICON) / 2.0;
    for icon in icons {
        paint_icon(canvas, Rect::new(x, top, ICON, ICON), *icon);
        let baseline = baseline_in(top, ICON, &ICON_LABEL);
        canvas.text(
            &ICON_LABEL,
            x + ICON + ICON_WORD_GAP,
            baseline,
            Align::Left,
            icon.label(),
        );
        x += item_w(icon) + GAP;
    }
}

/// A card without tracks: its icons large where tracks would be, and a note that it has none.
fn paint_big_icons(canvas: &mut Canvas, area: Rect, icons: &[Icon]) {
    let (cx, _) = area.centre();
    let count = icons.len().max(1) as f32;
    let start = cx - (count * BIG_ICON + (count - 1.0) * GAP) / 2.0;
    for (i, icon) in icons.iter().enumerate() {
        let x = start + i as f32 * (BIG_ICON + GAP);
        paint_icon(canvas, Rect::new(x, area.y, BIG_ICON, BIG_ICON), *icon);
    }
    let words: Vec<&str> = icons.iter().map(|i| i.label()).chain([NO_TRACKS]).collect();
    let baseline = area.bottom() + ICON_LABEL.cap_height() / 2.0;
    canvas.text(&ICON_LABEL, cx, baseline, Align::Centre, &words.join(" · "));
}

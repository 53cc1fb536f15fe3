//! The private hand picture: the viewer's cards in hand, large and named, sorted by the deck table, and
//! the Locos of their trains that only they know.

use render::palette::{self, ink_on};
use render::theme::{DETAIL, HEADLINE, MARGIN, TITLE_LINE_H, baseline_in};
use render::{Align, Canvas, Rect};

use super::card::{self, Look};
use super::style::{
    CARD_GAP, CARD_H, CARD_RADIUS, CARD_W, HAND_CARD_GAP, HAND_CARD_H, HAND_CARD_W, HAND_CLASS,
    HAND_NAME, HAND_VALUE, face_of, number,
};
use crate::game::Viewer;
use crate::games::express::cards::{Class, Kind};
use crate::games::express::disasters::stopped_by;
use crate::games::express::view::ExpressView;
use crate::plural::counted;

/// The narrowest hand picture, so the title fits.
const MIN_W: f32 = 640.0;
/// The most cards on one line of the hand picture.
const PER_LINE: usize = 8;
/// Space between blocks of the picture.
const GAP: f32 = 12.0;

/// A card kind's family, as the hand picture names it (a Way Car with the Disaster it stops).
fn class_name(kind: Kind) -> String {
    match kind.class() {
        Class::Freight => "freight car".to_owned(),
        Class::Passenger => "passenger car".to_owned(),
        Class::Wild => "wild car".to_owned(),
        Class::Caboose => "ends a train".to_owned(),
        Class::Disaster => "Disaster".to_owned(),
        Class::WayCar => stopped_by(kind).map_or_else(
            || "Way Car".to_owned(),
            |d| format!("stops {}", face_of(d.disaster).label),
        ),
        Class::Turntable => "reverse, play again".to_owned(),
    }
}

fn paint_hand_card(canvas: &mut Canvas, rect: Rect, kind: Kind) {
    let paper = face_of(kind).paper;
    let ink = ink_on(paper);
    canvas.fill_rounded_rect(rect, CARD_RADIUS + 2.0, paper);
    canvas.stroke_rounded_rect(rect, CARD_RADIUS + 2.0, 1.0, palette::INK_DARK);
    let cx = rect.x + rect.w / 2.0;
    let name_style = HAND_NAME.with_colour(ink);
    for (i, line) in name_style
        .wrap(kind.name(), rect.w - 8.0)
        .iter()
        .take(2)
        .enumerate()
    {
        canvas.text(
            &name_style,
            cx,
            rect.y + 20.0 + 16.0 * i as f32,
            Align::Centre,
            line,
        );
    }
    let class = HAND_CLASS.with_colour(ink);
    let class_text = class.ellipsize(&class_name(kind), rect.w - 6.0);
    canvas.text(&class, cx, rect.bottom() - 10.0, Align::Centre, &class_text);
    let value = HAND_VALUE.with_colour(ink);
    canvas.text(
        &value,
        cx,
        rect.y + rect.h * 0.68,
        Align::Centre,
        &number(kind.value()),
    );
    canvas.text(
        &class,
        cx,
        rect.y + rect.h * 0.68 + 14.0,
        Align::Centre,
        kind.code(),
    );
}

/// The hand picture of `view`, or None when the viewer has no seat.
pub fn draw(view: &ExpressView) -> Option<Canvas> {
    let Viewer::Seat(seat) = view.viewer else {
        return None;
    };
    let own = view.seats.get(seat)?;
    let mut hand = own.hand.clone()?;
    hand.sort_unstable();
    let locos: Vec<(usize, Kind)> = own
        .trains
        .iter()
        .enumerate()
        .filter_map(|(i, t)| t.loco.map(|k| (i, k)))
        .collect();
    let lines = hand.len().div_ceil(PER_LINE);
    let cards_w = PER_LINE.min(hand.len().max(1)) as f32 * (HAND_CARD_W + HAND_CARD_GAP);
    let locos_w = locos.len() as f32 * (CARD_W + 40.0);
    let width = (cards_w.max(locos_w) + 2.0 * MARGIN).max(MIN_W);
    let locos_h = if locos.is_empty() {
        0.0
    } else {
        GAP + TITLE_LINE_H + CARD_H + 22.0
    };
    let height =
        MARGIN + TITLE_LINE_H + lines as f32 * (HAND_CARD_H + HAND_CARD_GAP) + locos_h + MARGIN;
    let mut canvas = Canvas::new(
        width.ceil() as u32,
        height.ceil() as u32,
        palette::BACKGROUND,
    );
    let title = if hand.is_empty() {
        "Your hand is empty".to_owned()
    } else {
        format!(
            "Your hand · {} · cost if left: {}",
            counted(hand.len(), "card"),
            hand.iter().map(|k| k.value()).sum::<i32>()
        )
    };
    canvas.text(
        &HEADLINE,
        MARGIN,
        baseline_in(MARGIN, TITLE_LINE_H, &HEADLINE),
        Align::Left,
        &title,
    );
    let cards_top = MARGIN + TITLE_LINE_H;
    for (i, &kind) in hand.iter().enumerate() {
        let x = MARGIN + (i % PER_LINE) as f32 * (HAND_CARD_W + HAND_CARD_GAP);
        let y = cards_top + (i / PER_LINE) as f32 * (HAND_CARD_H + HAND_CARD_GAP);
        paint_hand_card(&mut canvas, Rect::new(x, y, HAND_CARD_W, HAND_CARD_H), kind);
    }
    if !locos.is_empty() {
        let top = cards_top + lines as f32 * (HAND_CARD_H + HAND_CARD_GAP) + GAP;
        canvas.text(
            &HEADLINE,
            MARGIN,
            baseline_in(top, TITLE_LINE_H, &HEADLINE),
            Align::Left,
            "Your Locos (face down to the others)",
        );
        for (n, &(train, kind)) in locos.iter().enumerate() {
            let x = MARGIN + n as f32 * (CARD_W + 40.0 + CARD_GAP);
            let rect = Rect::new(x, top + TITLE_LINE_H, CARD_W, CARD_H);
            card::paint(&mut canvas, rect, Look::OwnLoco(kind));
            canvas.text(
                &DETAIL,
                x,
                rect.bottom() + 18.0,
                Align::Left,
                &format!("Train {}", train + 1),
            );
        }
    }
    Some(canvas)
}

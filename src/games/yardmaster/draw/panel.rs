//! The picture of a seat's private turn panel, made for a phone: about 600 px wide, every text the
//! decision needs at least 18 px. It shows what the seat decides from: the end of its own train (which a
//! card added face up must match), the Caboose, and its hand with what each card may do; not the other
//! trains.

use render::palette;
use render::theme::{HEADLINE, MARGIN, SUBTITLE_LINE_H, TITLE_LINE_H, baseline_in};
use render::theme::{
    PANEL_BODY as BODY, PANEL_BODY_H as BODY_H, PANEL_PICTURE_W as WIDTH, PANEL_SECTION as SECTION,
    PANEL_SECTION_GAP as SECTION_GAP, PANEL_SECTION_H as SECTION_H,
};
use render::{Align, Canvas, Rect, TextStyle};

use super::card::{CardLook, corner_radius, paint_card, paint_coupler};
use super::engine::paint_engine;
use super::style::{COUPLER_GAP, seat_name};
use crate::game::Viewer;
use crate::games::yardmaster::cards::Face;
use crate::games::yardmaster::train::Slot;
use crate::games::yardmaster::view::YardmasterView;
use crate::plural::counted;

/// A card in the panel: large enough that the goods' names on it are 19 px.
const CARD_W: f32 = 176.0;
const CARD_H: f32 = 124.0;
/// Space between cards.
const CARD_GAP: f32 = 20.0;
/// Cards in one row: three fit the width.
const PER_ROW: usize = 3;
/// The Engine, when the train has no card yet.
const ENGINE_W: f32 = 150.0;
/// The most cards of the train's end shown (with the Engine or the count of those before them).
const TRAIN_END_CARDS: usize = 2;
/// The notation under a card.
const NOTATION: TextStyle = TextStyle::bold(20.0, palette::TEXT);
/// What a card may do, under its notation.
const USE: TextStyle = TextStyle::bold(18.0, palette::TEXT_MUTED);
/// The height of a card's caption lines.
const CAPTION_H: f32 = 52.0;
/// How far a kept card's ring stands outside it, and how thick it is.
const RING_OFFSET: f32 = 4.0;
const RING_WIDTH: f32 = 3.0;

/// The panel picture of a seat's view; `None` for a spectator.
pub fn draw(view: &YardmasterView, names: &[String]) -> Option<Canvas> {
    let Viewer::Seat(seat) = view.viewer else {
        return None;
    };
    let content_w = WIDTH - 2.0 * MARGIN;
    let caboose = view.caboose.as_ref().map(|c| {
        let text = format!(
            "Caboose {} ({}): {}",
            c.name,
            counted(c.points, "point"),
            c.condition
        );
        BODY.wrap(&text, content_w)
    });
    let hand = hand_cards(view);
    let hand_rows = hand.len().div_ceil(PER_ROW);
    let height = MARGIN
        + TITLE_LINE_H
        + SUBTITLE_LINE_H
        + SECTION_GAP
        + SECTION_H
        + BODY_H
        + CARD_H
        + caboose
            .as_ref()
            .map_or(0.0, |lines| SECTION_GAP + lines.len() as f32 * BODY_H)
        + if hand.is_empty() {
            0.0
        } else {
            SECTION_GAP + SECTION_H + hand_rows as f32 * (CARD_H + CAPTION_H)
        }
        + MARGIN;
    let mut canvas = Canvas::new(WIDTH as u32, height.ceil() as u32, palette::BACKGROUND);
    let mut y = MARGIN;
    let title = title(view, names, seat);
    let title = HEADLINE.ellipsize(&title, content_w);
    canvas.text(
        &HEADLINE,
        MARGIN,
        baseline_in(y, TITLE_LINE_H, &HEADLINE),
        Align::Left,
        &title,
    );
    y += TITLE_LINE_H;
    let score = score_line(view, seat);
    canvas.text(
        &BODY,
        MARGIN,
        baseline_in(y, SUBTITLE_LINE_H, &BODY),
        Align::Left,
        &score,
    );
    y += SUBTITLE_LINE_H + SECTION_GAP;
    y = paint_train_end(&mut canvas, view, seat, y);
    if let Some(lines) = caboose {
        y += SECTION_GAP;
        for line in lines {
            canvas.text(
                &BODY,
                MARGIN,
                baseline_in(y, BODY_H, &BODY),
                Align::Left,
                &line,
            );
            y += BODY_H;
        }
    }
    if !hand.is_empty() {
        paint_hand(&mut canvas, view, &hand, y + SECTION_GAP);
    }
    Some(canvas)
}

/// "Your turn · round 3 of 7", or whom the table waits for, or that the game is over.
fn title(view: &YardmasterView, names: &[String], seat: usize) -> String {
    let round = format!("round {} of {}", view.round, view.rounds);
    match view.to_act {
        _ if view.outcome.is_some() => "The game is over".to_owned(),
        Some(to_act) if to_act == seat => format!("Your turn · {round}"),
        Some(to_act) => format!("{}'s turn · {round}", seat_name(names, to_act)),
        None => "The game is over".to_owned(),
    }
}

/// "You: 31 points · the best train: 34": the seat's score against the best of the others.
fn score_line(view: &YardmasterView, seat: usize) -> String {
    let own = view.trains.get(seat).map_or(0, |t| t.score.total);
    let best_other = view
        .trains
        .iter()
        .filter(|t| t.seat != seat)
        .map(|t| t.score.total)
        .max()
        .unwrap_or(0);
    format!(
        "You: {} · best of the others: {best_other}",
        counted(own, "point")
    )
}

/// The end of the seat's own train (its last cards, or the Engine), under a heading that says what a
/// face-up card must match; returns the bottom.
fn paint_train_end(canvas: &mut Canvas, view: &YardmasterView, seat: usize, top: f32) -> f32 {
    let cards = view
        .trains
        .get(seat)
        .map_or(&[][..], |t| t.cards.as_slice());
    let (heading, rule) = match view.own_end() {
        Slot::Car(car) => (
            format!("Your train ends in {} {}", car.cargo.goods(), car.value),
            format!(
                "Face up, a card's left railcar must be {} or a {}",
                car.cargo.colour_name(),
                car.value
            ),
        ),
        Slot::Wild => (
            "Your train ends Wild".to_owned(),
            "Any card connects face up".to_owned(),
        ),
    };
    let heading = SECTION.ellipsize(&heading, WIDTH - 2.0 * MARGIN);
    let baseline = baseline_in(top, SECTION_H, &SECTION);
    canvas.text(&SECTION, MARGIN, baseline, Align::Left, &heading);
    let top = top + SECTION_H;
    canvas.text(
        &BODY,
        MARGIN,
        baseline_in(top, BODY_H, &BODY),
        Align::Left,
        &rule,
    );
    let row_top = top + BODY_H;
    let shown = cards.len().min(TRAIN_END_CARDS);
    let earlier = cards.len() - shown;
    let mut x = MARGIN;
    // The right edge of the car before, to couple the next one to.
    let mut coupled = None;
    if earlier > 0 {
        let more = format!("+{earlier}");
        let baseline = row_top + CARD_H / 2.0 + NOTATION.cap_height() / 2.0;
        x += canvas.text(&NOTATION, x, baseline, Align::Left, &more) + COUPLER_GAP;
    } else {
        paint_engine(canvas, Rect::new(x, row_top, ENGINE_W, CARD_H));
        coupled = Some(x + ENGINE_W);
        x += ENGINE_W + COUPLER_GAP;
    }
    for card in &cards[earlier..] {
        let rect = Rect::new(x, row_top, CARD_W, CARD_H);
        if let Some(previous_right) = coupled {
            paint_coupler(canvas, previous_right, x, &rect);
        }
        paint_card(canvas, rect, CardLook::of(card), palette::BACKGROUND);
        coupled = Some(rect.right());
        x = rect.right() + COUPLER_GAP;
    }
    row_top + CARD_H
}

/// The cards in the seat's hand, or its kept card alone when it does not hold the hand.
fn hand_cards(view: &YardmasterView) -> Vec<Face> {
    match (&view.hand, view.kept) {
        (Some(hand), _) => hand.clone(),
        (None, Some(kept)) => vec![kept],
        (None, None) => Vec::new(),
    }
}

/// The hand under its heading, each card with its notation and what it may do now.
fn paint_hand(canvas: &mut Canvas, view: &YardmasterView, hand: &[Face], top: f32) {
    let heading = match &view.hand {
        Some(_) => format!("Your hand · {}", counted(hand.len(), "card")),
        None => "Kept for your next turn".to_owned(),
    };
    canvas.text(
        &SECTION,
        MARGIN,
        baseline_in(top, SECTION_H, &SECTION),
        Align::Left,
        &heading,
    );
    let kept_at = view
        .kept
        .and_then(|kept| hand.iter().position(|&face| face == kept));
    for (i, &face) in hand.iter().enumerate() {
        let (row, column) = (i / PER_ROW, i % PER_ROW);
        let x = MARGIN + column as f32 * (CARD_W + CARD_GAP);
        let y = top + SECTION_H + row as f32 * (CARD_H + CAPTION_H);
        let rect = Rect::new(x, y, CARD_W, CARD_H);
        paint_card(canvas, rect, CardLook::Face(face), palette::BACKGROUND);
        let kept = Some(i) == kept_at;
        if kept {
            let ring = rect.inset(-RING_OFFSET);
            let radius = corner_radius(CARD_H) + RING_OFFSET;
            canvas.stroke_rounded_rect(ring, radius, RING_WIDTH, palette::HIGHLIGHT);
        }
        let (cx, _) = rect.centre();
        let notation_base = baseline_in(rect.bottom(), CAPTION_H / 2.0, &NOTATION);
        canvas.text(
            &NOTATION,
            cx,
            notation_base,
            Align::Centre,
            &face.to_string(),
        );
        let use_text = match (view.hand.is_some(), view.fits_face_up(face)) {
            (false, _) => "for your next turn",
            (true, true) if kept => "kept · up or down",
            (true, false) if kept => "kept · down only",
            (true, true) => "up or down",
            (true, false) => "down only",
        };
        let use_base = baseline_in(rect.bottom() + CAPTION_H / 2.0, CAPTION_H / 2.0, &USE);
        canvas.text(&USE, cx, use_base, Align::Centre, use_text);
    }
}

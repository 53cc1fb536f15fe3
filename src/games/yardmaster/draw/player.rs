//! One player's panel: name, badges, score and their train from the Engine to the last card.

use render::palette::{self, ink_on};
use render::theme::{
    CHIP_GAP, CHIP_H, CHIP_TEXT, DETAIL, DETAIL_LINE_H, HIGHLIGHT_WIDTH, NAME, NAME_LINE_H,
    PANEL_PAD, PANEL_RADIUS, SCORE, baseline_in, ordinal, place_fill,
};
use render::{Align, Canvas, Colour, Rect};

use super::card::{CardLook, corner_radius, paint_card, paint_coupler, paint_slot};
use super::engine::paint_engine;
use super::style::{
    BOARD_CARD_H, BOARD_CARD_W, COUPLER_GAP, ENGINE_W, NEW_MARK, NEW_RING_OFFSET, NEW_RING_WIDTH,
    PLAYER_HEAD_H, TRAIN_TOP_GAP,
};
use crate::game::Viewer;
use crate::games::yardmaster::view::{TrainView, YardmasterView};
use crate::plural::pts;

/// The most of a panel's width a name may take.
const NAME_SHARE: f32 = 0.4;

/// How tall a player's panel is.
pub const HEIGHT: f32 = 2.0 * PANEL_PAD + PLAYER_HEAD_H + TRAIN_TOP_GAP + BOARD_CARD_H;

/// How wide a panel must be for a train of `slots` cards after the Engine.
pub fn width_for(slots: usize) -> f32 {
    2.0 * PANEL_PAD + ENGINE_W + slots as f32 * (COUPLER_GAP + BOARD_CARD_W)
}

/// Draws `train`'s panel into `rect`, leaving room for `slots` cards and marking the cards from place
/// `first_new` on (those added since the last turn began).
pub fn paint(
    canvas: &mut Canvas,
    rect: Rect,
    view: &YardmasterView,
    train: &TrainView,
    name: &str,
    slots: usize,
    first_new: usize,
) {
    let own = view.viewer == Viewer::Seat(train.seat);
    let panel = if own {
        palette::PANEL_RAISED
    } else {
        palette::PANEL
    };
    canvas.fill_rounded_rect(rect, PANEL_RADIUS, panel);
    if view.to_act == Some(train.seat) {
        canvas.stroke_rounded_rect(rect, PANEL_RADIUS, HIGHLIGHT_WIDTH, palette::HIGHLIGHT);
    }
    let inner = rect.inset(PANEL_PAD);
    paint_head(canvas, inner, view, train, name, own);
    let train_top = inner.y + PLAYER_HEAD_H + TRAIN_TOP_GAP;
    paint_train(canvas, inner.x, train_top, train, slots, panel);
    for i in first_new..train.cards.len() {
        mark_new(canvas, card_rect(inner.x, train_top, i));
    }
}

/// Where the card at place `i` (0 right behind the Engine) of a train starting at `x`, `top` lies.
fn card_rect(x: f32, top: f32, i: usize) -> Rect {
    let left = x + ENGINE_W + COUPLER_GAP + i as f32 * (COUPLER_GAP + BOARD_CARD_W);
    Rect::new(left, top, BOARD_CARD_W, BOARD_CARD_H)
}

/// Rings a card that is new since the last turn began.
fn mark_new(canvas: &mut Canvas, rect: Rect) {
    let ring = rect.inset(-NEW_RING_OFFSET);
    canvas.stroke_rounded_rect(
        ring,
        corner_radius(rect.h) + NEW_RING_OFFSET,
        NEW_RING_WIDTH,
        NEW_MARK,
    );
}

fn paint_head(
    canvas: &mut Canvas,
    inner: Rect,
    view: &YardmasterView,
    train: &TrainView,
    name: &str,
    own: bool,
) {
    let name_baseline = baseline_in(inner.y, NAME_LINE_H, &NAME);
    let name = NAME.ellipsize(name, inner.w * NAME_SHARE);
    let mut x = inner.x + canvas.text(&NAME, inner.x, name_baseline, Align::Left, &name);
    let chip_top = name_baseline - NAME.cap_height() / 2.0 - CHIP_H / 2.0;
    for (text, fill) in badges(view, train, own) {
        x += CHIP_GAP;
        let style = CHIP_TEXT.with_colour(ink_on(fill));
        x += canvas.badge(&style, x, chip_top, CHIP_H, fill, &text);
    }
    let detail_baseline = baseline_in(inner.y + NAME_LINE_H, DETAIL_LINE_H, &DETAIL);
    let run = match train.longest_run {
        0 | 1 => "no cargo run".to_string(),
        n => format!("longest run {n}"),
    };
    canvas.text(&DETAIL, inner.x, detail_baseline, Align::Left, &run);

    let score = &train.score;
    let total = format!("{} {}", score.total, pts(score.total));
    canvas.text(&SCORE, inner.right(), name_baseline, Align::Right, &total);
    let mut parts = vec![
        format!("train {}", score.train),
        format!("run {}", score.run_bonus),
    ];
    if view.caboose.is_some() {
        parts.push(format!("caboose {}", score.caboose));
    }
    if view.game_number > 1 {
        parts.push(format!("game 1: {}", score.earlier_games));
    }
    let breakdown = parts.join(" + ");
    canvas.text(
        &DETAIL,
        inner.right(),
        detail_baseline,
        Align::Right,
        &breakdown,
    );
}

/// The badges after a player's name: whose turn, who holds the hand, who keeps a card, the place.
fn badges(view: &YardmasterView, train: &TrainView, own: bool) -> Vec<(String, Colour)> {
    let mut badges = Vec::new();
    if own {
        badges.push(("YOU".to_string(), palette::TEXT_MUTED));
    }
    if view.to_act == Some(train.seat) {
        badges.push(("TO PLAY".to_string(), palette::HIGHLIGHT));
    }
    if train.holds_hand && view.outcome.is_none() {
        badges.push((format!("HAND · {}", view.hand_size), palette::ACCENT));
    }
    if train.keeps_card {
        badges.push(("KEEPS A CARD".to_string(), palette::BORDER));
    }
    let place = view
        .outcome
        .as_ref()
        .and_then(|o| o.standing_of(train.seat));
    if let Some(standing) = place {
        let fill = place_fill(standing.place);
        badges.push((ordinal(standing.place).to_uppercase(), fill));
    }
    badges
}

fn paint_train(
    canvas: &mut Canvas,
    x: f32,
    top: f32,
    train: &TrainView,
    slots: usize,
    panel: Colour,
) {
    paint_engine(canvas, Rect::new(x, top, ENGINE_W, BOARD_CARD_H));
    let mut previous_right = x + ENGINE_W;
    for i in 0..slots.max(train.cards.len()) {
        let rect = card_rect(x, top, i);
        let left = rect.x;
        match train.cards.get(i) {
            Some(card) => {
                paint_coupler(canvas, previous_right, left, &rect);
                paint_card(canvas, rect, CardLook::of(card), panel);
            }
            None => paint_slot(canvas, rect),
        }
        previous_right = rect.right();
    }
}

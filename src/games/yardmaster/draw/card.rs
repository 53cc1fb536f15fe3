//! One card, an empty slot or a coupler, drawn into a given rectangle. Every inner size is a share of
//! the rectangle's height, so the board and the hand draw the same card at different sizes.

use render::palette::{self, ink_on};
use render::{Canvas, Colour, Rect, TextStyle};

use super::style::{cargo_colour, short_goods};
use crate::games::yardmaster::cards::{FACE_DOWN_RAILCAR_VALUE, FACE_DOWN_VALUE, Face, Railcar};
use crate::games::yardmaster::view::CardView;

/// Corner radius of a card.
const CORNER: f32 = 0.09;
/// Space between the card's edge and its railcars, and between the two railcars.
const PAD: f32 = 0.06;
/// Height of a railcar's body.
const BODY_H: f32 = 0.70;
/// Corner radius of a railcar's body.
const BODY_CORNER: f32 = 0.06;
/// Radius of a wheel.
const WHEEL_R: f32 = 0.075;
/// Where the wheels sit along a body, as shares of its width.
const WHEEL_AT: [f32; 2] = [0.25, 0.75];
/// How far a wheel's centre sits below its body, as a share of its radius.
const WHEEL_DROP: f32 = 0.45;
/// Size of the railcar's value.
const VALUE_SIZE: f32 = 0.46;
/// Size of the goods' name.
const GOODS_SIZE: f32 = 0.155;
/// Space between the value and the goods' name.
const STACK_GAP: f32 = 0.09;
/// How far a face lying face down fades into the panel.
const HIDDEN_FADE: f32 = 0.55;
/// Where the coupler meets a card, as a share of the railcar body's height.
const COUPLER_AT: f32 = 0.75;
/// How far the coupler reaches under the cars it joins.
const COUPLER_REACH: f32 = 0.02;
/// How thick the coupler is.
const COUPLER_THICKNESS: f32 = 0.06;
/// Height of the "face down" tag on a face-down card its owner may see.
const TAG_H: f32 = 0.22;
/// Size of the tag's text.
const TAG_SIZE: f32 = 0.14;
/// The name printed on each half of a card's back.
const WILD_NAME: &str = "Wild";

/// What a card shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardLook {
    /// Its face, lying face up.
    Face(Face),
    /// Its back: face down, face unknown to the viewer.
    Back,
    /// Face down, but the viewer may see the face (its owner, or everyone once the game is over).
    HiddenFace(Face),
}

impl CardLook {
    /// How a card in a train looks to the view's viewer.
    pub fn of(card: &CardView) -> CardLook {
        match (card.face_up, card.face) {
            (true, Some(face)) => CardLook::Face(face),
            (false, Some(face)) => CardLook::HiddenFace(face),
            (_, None) => CardLook::Back,
        }
    }
}

/// Draws a card into `rect` on a panel of colour `panel`.
pub fn paint_card(canvas: &mut Canvas, rect: Rect, look: CardLook, panel: Colour) {
    match look {
        CardLook::Face(face) => paint_face(canvas, rect, face, |c| c),
        CardLook::Back => paint_back(canvas, rect),
        CardLook::HiddenFace(face) => {
            paint_face(canvas, rect, face, |c| c.mix(panel, HIDDEN_FADE));
            paint_face_down_tag(canvas, rect, palette::CARD_BACK);
        }
    }
}

/// The corner radius of a card `card_h` pixels high.
pub fn corner_radius(card_h: f32) -> f32 {
    CORNER * card_h
}

/// A place in a train still waiting for its card.
pub fn paint_slot(canvas: &mut Canvas, rect: Rect) {
    let h = rect.h;
    canvas.fill_rounded_rect(rect, CORNER * h, palette::SLOT);
}

/// The short bar coupling two cars whose facing edges are `left_edge` and `right_edge`, at the
/// height of the railcars of a card in `rect`.
pub fn paint_coupler(canvas: &mut Canvas, left_edge: f32, right_edge: f32, rect: &Rect) {
    let y = rect.y + rect.h * (PAD + BODY_H * COUPLER_AT);
    let reach = COUPLER_REACH * rect.h;
    let from = (left_edge - reach, y);
    canvas.line(
        from,
        (right_edge + reach, y),
        COUPLER_THICKNESS * rect.h,
        palette::BORDER,
    );
}

/// The face's two railcars on card paper, each colour passed through `tone` (to fade hidden faces).
fn paint_face(canvas: &mut Canvas, rect: Rect, face: Face, tone: impl Fn(Colour) -> Colour) {
    canvas.fill_rounded_rect(rect, CORNER * rect.h, tone(palette::CARD_FACE));
    for (body, railcar) in bodies(rect).into_iter().zip([face.left, face.right]) {
        paint_railcar(canvas, body, rect.h, railcar, &tone);
    }
}

fn paint_railcar(
    canvas: &mut Canvas,
    body: Rect,
    card_h: f32,
    railcar: Railcar,
    tone: &impl Fn(Colour) -> Colour,
) {
    let fill = cargo_colour(railcar.cargo);
    let value = railcar.value.to_string();
    paint_body(canvas, body, card_h, tone(fill), tone(palette::INK_DARK));
    let ink = tone(ink_on(fill));
    stacked_label(
        canvas,
        body,
        card_h,
        ink,
        &value,
        short_goods(railcar.cargo),
    );
}

/// Two Wild railcars of 2 on the card's back.
fn paint_back(canvas: &mut Canvas, rect: Rect) {
    canvas.fill_rounded_rect(rect, CORNER * rect.h, palette::CARD_BACK);
    let ink = ink_on(palette::CARD_BACK_PATTERN);
    for body in bodies(rect) {
        paint_body(
            canvas,
            body,
            rect.h,
            palette::CARD_BACK_PATTERN,
            palette::INK_DARK,
        );
        let value = FACE_DOWN_RAILCAR_VALUE.to_string();
        stacked_label(canvas, body, rect.h, ink, &value, WILD_NAME);
    }
    paint_face_down_tag(canvas, rect, palette::ENGINE);
}

/// A railcar's body with its wheels.
fn paint_body(canvas: &mut Canvas, body: Rect, card_h: f32, fill: Colour, wheels: Colour) {
    canvas.fill_rounded_rect(body, BODY_CORNER * card_h, fill);
    for share in WHEEL_AT {
        let cx = body.x + share * body.w;
        let cy = body.bottom() + WHEEL_DROP * WHEEL_R * card_h;
        canvas.fill_circle(cx, cy, WHEEL_R * card_h, wheels);
    }
}

/// The value in large type above the goods' name, the pair centred in `body` above its wheels.
fn stacked_label(
    canvas: &mut Canvas,
    body: Rect,
    card_h: f32,
    ink: Colour,
    value: &str,
    goods: &str,
) {
    let wheel_top = (1.0 - WHEEL_DROP) * WHEEL_R * card_h;
    let body = Rect::new(body.x, body.y, body.w, body.h - wheel_top);
    let value_style = TextStyle::bold(VALUE_SIZE * card_h, ink);
    let goods_style = TextStyle::bold(GOODS_SIZE * card_h, ink);
    let stack = value_style.cap_height() + STACK_GAP * card_h + goods_style.cap_height();
    let (cx, cy) = body.centre();
    let value_baseline = cy - stack / 2.0 + value_style.cap_height();
    let goods_baseline = cy + stack / 2.0;
    canvas.text(
        &value_style,
        cx,
        value_baseline,
        render::Align::Centre,
        value,
    );
    let goods = goods_style.ellipsize(goods, body.w - 4.0);
    canvas.text(
        &goods_style,
        cx,
        goods_baseline,
        render::Align::Centre,
        &goods,
    );
}

/// "FACE DOWN · 4" (its points) on `fill` across the foot of a face-down card.
fn paint_face_down_tag(canvas: &mut Canvas, rect: Rect, fill: Colour) {
    let h = rect.h;
    let tag = Rect::new(rect.x, rect.bottom() - TAG_H * h, rect.w, TAG_H * h);
    canvas.fill_rounded_rect(tag, CORNER * h, fill);
    let style = TextStyle::bold(TAG_SIZE * h, ink_on(fill));
    let label = format!("FACE DOWN · {FACE_DOWN_VALUE}");
    canvas.text_centred(&style, tag, &label);
}

/// The two railcar bodies of a card in `rect`, left and right.
fn bodies(rect: Rect) -> [Rect; 2] {
    let pad = PAD * rect.h;
    let w = (rect.w - 3.0 * pad) / 2.0;
    let h = BODY_H * rect.h;
    [
        Rect::new(rect.x + pad, rect.y + pad, w, h),
        Rect::new(rect.x + 2.0 * pad + w, rect.y + pad, w, h),
    ]
}

//! One card on the board: face up with its label and value (a Wild with what it counts as), face down
//! with the locomotive on its back, or a Loco its owner sees face up under a Loco band.

use render::palette::{self, ink_on};
use render::{Align, Canvas, Rect};

use super::style::{
    CARD_LABEL, CARD_RADIUS, CARD_ROLE, CARD_VALUE, CARD_W, LOCO_BAND, PERMANENT, face_of, number,
};
use crate::games::express::cards::Kind;
use crate::games::express::train::{Car, Role};

/// What a card shows.
#[derive(Clone, Copy, Debug)]
pub enum Look {
    /// A card face up, with its value.
    Face(Kind),
    /// A car in a train with the value it counts for there (a Wild shows what it counts as).
    Car(Car, i32),
    /// A card's back.
    Back,
    /// A Loco seen by its owner: the card under a Loco band.
    OwnLoco(Kind),
    /// A Way Car that blocked a Disaster and stays for the hand.
    Permanent(Kind),
}

/// Draws `look` in `rect`.
pub fn paint(canvas: &mut Canvas, rect: Rect, look: Look) {
    match look {
        Look::Back => paint_back(canvas, rect, "LOCO"),
        Look::Face(kind) => paint_face(canvas, rect, kind, kind.value(), None),
        Look::Car(car, value) => paint_face(canvas, rect, car.card, value, role_text(car.role)),
        Look::OwnLoco(kind) => {
            paint_face(canvas, rect, kind, kind.value(), None);
            band(canvas, rect, "LOCO", false);
        }
        Look::Permanent(kind) => {
            paint_face(canvas, rect, kind, kind.value(), None);
            canvas.stroke_rounded_rect(rect, CARD_RADIUS, 3.0, PERMANENT);
            band(canvas, rect, "KEPT", true);
        }
    }
}

/// A card's back with `word` on it (the draw pile shows its count there).
pub fn paint_back(canvas: &mut Canvas, rect: Rect, word: &str) {
    canvas.fill_rounded_rect(rect, CARD_RADIUS, palette::CARD_BACK);
    let inner = rect.inset(5.0);
    canvas.stroke_rounded_rect(inner, CARD_RADIUS - 2.0, 1.5, palette::CARD_BACK_PATTERN);
    let (cx, cy) = rect.centre();
    let body = Rect::new(cx - 14.0, cy - 8.0, 28.0, 12.0);
    canvas.fill_rounded_rect(body, 2.0, palette::ENGINE_TRIM);
    canvas.fill_rect(
        (cx + 6.0) as i32,
        (cy - 14.0) as i32,
        6,
        6,
        palette::ENGINE_TRIM,
    );
    canvas.fill_circle(cx - 8.0, cy + 6.0, 3.0, palette::ENGINE_TRIM);
    canvas.fill_circle(cx + 8.0, cy + 6.0, 3.0, palette::ENGINE_TRIM);
    let style = CARD_LABEL.with_colour(palette::TEXT);
    canvas.text(&style, cx, rect.bottom() - 8.0, Align::Centre, word);
}

fn paint_face(canvas: &mut Canvas, rect: Rect, kind: Kind, value: i32, role: Option<String>) {
    let face = face_of(kind);
    let ink = ink_on(face.paper);
    canvas.fill_rounded_rect(rect, CARD_RADIUS, face.paper);
    canvas.stroke_rounded_rect(rect, CARD_RADIUS, 1.0, palette::INK_DARK);
    let label = CARD_LABEL.with_colour(ink);
    let text = label.ellipsize(face.label, TEXT_W);
    let cx = rect.x + rect.w / 2.0;
    canvas.text(&label, cx, rect.y + 14.0, Align::Centre, &text);
    if let Some(role) = role {
        let style = CARD_ROLE.with_colour(ink);
        for (i, line) in role_lines(&role).iter().enumerate() {
            let baseline = rect.y + ROLE_TOP + i as f32 * ROLE_LINE_H;
            canvas.text(&style, cx, baseline, Align::Centre, line);
        }
    }
    let style = CARD_VALUE.with_colour(ink);
    canvas.text(
        &style,
        cx,
        rect.bottom() - VALUE_ABOVE_FOOT,
        Align::Centre,
        &number(value),
    );
}

/// Room for text across a board card.
const TEXT_W: f32 = CARD_W - 4.0;
/// The baseline of the first line of a Wild's role, from the card's top.
const ROLE_TOP: f32 = 26.0;
/// Line height of a Wild's role, which takes two lines ("after" / "Sleeper") where one is too narrow.
const ROLE_LINE_H: f32 = 10.0;

/// The value's baseline, up from the card's foot.
const VALUE_ABOVE_FOOT: f32 = 10.0;

/// A Wild's role broken into the lines that fit across a board card.
fn role_lines(role: &str) -> Vec<String> {
    CARD_ROLE.wrap(role, TEXT_W)
}

/// What a Wild counts as, in a word or two.
fn role_text(role: Role) -> Option<String> {
    match role {
        Role::Plain => None,
        Role::As(kind) => Some(format!("= {}", face_of(kind).label)),
        Role::Open => Some("open".to_owned()),
        Role::Transition(kind) => Some(format!("after {}", face_of(kind).label)),
    }
}

/// A band across the middle of a card with `word` on it; `bottom` puts it at the card's foot.
fn band(canvas: &mut Canvas, rect: Rect, word: &str, bottom: bool) {
    let h = 14.0;
    let y = if bottom {
        rect.bottom() - h - 2.0
    } else {
        rect.y + rect.h / 2.0 - h / 2.0 + 2.0
    };
    let strip = Rect::new(rect.x + 2.0, y, rect.w - 4.0, h);
    let fill = if bottom { PERMANENT } else { LOCO_BAND };
    canvas.fill_rounded_rect(strip, 2.0, fill);
    canvas.text_centred(&CARD_LABEL.with_colour(ink_on(fill)), strip, word);
}

#[cfg(test)]
mod tests {
    use super::super::style::CARD_H;
    use super::*;
    use crate::games::express::cards::ALL_KINDS;

    #[test]
    fn every_wild_role_fits_its_card_on_at_most_two_lines() {
        for kind in ALL_KINDS {
            for role in [Role::As(kind), Role::Transition(kind)] {
                let text = role_text(role).unwrap();
                let lines = role_lines(&text);
                assert!(lines.len() <= 2, "{text}: {lines:?}");
                assert_eq!(lines.join(" "), text, "nothing is left out");
                for line in &lines {
                    assert!(CARD_ROLE.width(line) <= TEXT_W, "{line:?} of {text}");
                }
            }
        }
    }

    #[test]
    fn two_lines_of_role_stay_clear_of_the_value() {
        let last_line_bottom = ROLE_TOP + ROLE_LINE_H + CARD_ROLE.descent();
        let value_top = CARD_H - VALUE_ABOVE_FOOT - CARD_VALUE.cap_height();
        assert!(
            last_line_bottom < value_top,
            "{last_line_bottom} {value_top}"
        );
    }
}

//! The viewer's private cards: the travelling hand when they hold it, and the card kept for their next
//! turn (turn variant), drawn large with their notation underneath.

use render::palette::{self, ink_on};
use render::theme::{CHIP_H, CHIP_TEXT, HEADLINE, MARGIN, TITLE_LINE_H, baseline_in};
use render::{Align, Canvas, Rect, TextStyle};

use super::card::{CardLook, corner_radius, paint_card};
use super::style::{HAND_CARD_GAP, HAND_CARD_H, HAND_CARD_W, HAND_PER_ROW};
use crate::games::yardmaster::cards::Face;
use crate::games::yardmaster::view::YardmasterView;
use crate::plural::counted;

/// Room above each card for the "KEPT" badge.
const BADGE_ROW_H: f32 = CHIP_H + 8.0;
/// Room below each card for its notation.
const NOTATION_ROW_H: f32 = 34.0;
/// The notation under each card, as players type it.
const NOTATION: TextStyle = TextStyle::bold(20.0, palette::TEXT_MUTED);
/// How far the kept card's ring stands outside it, and how thick it is.
const RING_OFFSET: f32 = 5.0;
const RING_WIDTH: f32 = 3.0;
/// The narrowest hand picture, so the title fits.
const MIN_W: f32 = 480.0;

/// One card of the picture and its badge, if it has one.
struct HandCard {
    face: Face,
    badge: Option<Badge>,
}

/// What a card's badge says of it.
#[derive(Clone, Copy, PartialEq)]
enum Badge {
    /// The card kept for the next turn (ringed too).
    Kept,
    /// A card the viewer laid face down at this place of its train.
    FaceDown(usize),
}

/// The picture of the viewer's hand, or `None` when the view holds no private card.
pub fn draw(view: &YardmasterView) -> Option<Canvas> {
    let (title, cards) = contents(view)?;
    let per_row = cards.len().min(HAND_PER_ROW);
    let rows = cards.len().div_ceil(HAND_PER_ROW);
    let row_h = BADGE_ROW_H + HAND_CARD_H + NOTATION_ROW_H;
    let cards_w = per_row as f32 * (HAND_CARD_W + HAND_CARD_GAP) - HAND_CARD_GAP;
    let width = (cards_w + 2.0 * MARGIN).max(MIN_W);
    let height = 2.0 * MARGIN + TITLE_LINE_H + rows as f32 * row_h;
    let mut canvas = Canvas::new(
        width.ceil() as u32,
        height.ceil() as u32,
        palette::BACKGROUND,
    );

    let title_baseline = baseline_in(MARGIN, TITLE_LINE_H, &HEADLINE);
    canvas.text(&HEADLINE, MARGIN, title_baseline, Align::Left, &title);
    for (i, card) in cards.iter().enumerate() {
        let (row, column) = (i / HAND_PER_ROW, i % HAND_PER_ROW);
        let x = MARGIN + column as f32 * (HAND_CARD_W + HAND_CARD_GAP);
        let top = MARGIN + TITLE_LINE_H + row as f32 * row_h;
        let rect = Rect::new(x, top + BADGE_ROW_H, HAND_CARD_W, HAND_CARD_H);
        paint_card(
            &mut canvas,
            rect,
            CardLook::Face(card.face),
            palette::BACKGROUND,
        );
        match card.badge {
            Some(Badge::Kept) => {
                let ring = rect.inset(-RING_OFFSET);
                canvas.stroke_rounded_rect(
                    ring,
                    corner_radius(HAND_CARD_H) + RING_OFFSET,
                    RING_WIDTH,
                    palette::HIGHLIGHT,
                );
                let style = CHIP_TEXT.with_colour(ink_on(palette::HIGHLIGHT));
                canvas.badge(&style, x, top, CHIP_H, palette::HIGHLIGHT, "KEPT");
            }
            Some(Badge::FaceDown(car)) => {
                let style = CHIP_TEXT.with_colour(ink_on(palette::TEXT_MUTED));
                let label = format!("FACE DOWN · CAR {car}");
                canvas.badge(&style, x, top, CHIP_H, palette::TEXT_MUTED, &label);
            }
            None => {}
        }
        let notation_baseline = rect.bottom() + NOTATION_ROW_H / 2.0 + NOTATION.cap_height() / 2.0;
        let notation = card.face.to_string();
        canvas.text(
            &NOTATION,
            rect.centre().0,
            notation_baseline,
            Align::Centre,
            &notation,
        );
    }
    Some(canvas)
}

/// The title and the cards to show: the hand (its kept card marked) or the kept card alone, then the
/// cards the viewer laid face down in its train, which only it may look at.
fn contents(view: &YardmasterView) -> Option<(String, Vec<HandCard>)> {
    let (title, mut cards) = match (&view.hand, view.kept) {
        (Some(hand), kept) if !hand.is_empty() => {
            let kept_at = kept.and_then(|kept| hand.iter().position(|&face| face == kept));
            let cards = hand
                .iter()
                .enumerate()
                .map(|(i, &face)| HandCard {
                    face,
                    badge: (Some(i) == kept_at).then_some(Badge::Kept),
                })
                .collect();
            (
                format!("Your hand · {}", counted(hand.len(), "card")),
                cards,
            )
        }
        (_, Some(kept)) => (
            "Kept for your next turn".to_string(),
            vec![HandCard {
                face: kept,
                badge: Some(Badge::Kept),
            }],
        ),
        _ => (String::new(), Vec::new()),
    };
    let face_down = view.own_face_down();
    let title = match (title.is_empty(), face_down.len()) {
        (_, 0) => title,
        (true, n) => format!("Face down in your train · {}", counted(n, "card")),
        (false, n) => format!("{title} · {} face down", counted(n, "card")),
    };
    cards.extend(face_down.into_iter().map(|(car, face)| HandCard {
        face,
        badge: Some(Badge::FaceDown(car)),
    }));
    (!cards.is_empty()).then_some((title, cards))
}

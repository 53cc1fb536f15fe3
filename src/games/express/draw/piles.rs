//! The middle of the table: the draw pile, the discard pile's top card, the Disaster slot, played
//! Turntables, set-aside cards and a Disaster waiting for its target's answer, and beside them what
//! happens now (whose turn, or who decides a block).

use render::palette;
use render::theme::{HEADLINE, HIGHLIGHT_WIDTH, PANEL_PAD, PANEL_RADIUS};
use render::{Align, Canvas, Rect};

use super::card::{self, Look};
use super::style::{CAPTION, CAPTION_H, CARD_H, CARD_W, GROUP_GAP, LINE_GAP};
use crate::games::express::cards::Kind;
use crate::games::express::present::turn_line;
use crate::games::express::view::{ExpressView, PhaseView};

/// How tall the strip is.
pub const HEIGHT: f32 = 2.0 * PANEL_PAD + CARD_H + CAPTION_H + LINE_GAP;
/// Line height of the turn text.
const TURN_LINE_H: f32 = 28.0;

/// One pile: its top card (or an empty place) and a caption.
struct Pile {
    top: Option<Look>,
    caption: String,
}

fn piles(view: &ExpressView) -> Vec<Pile> {
    let mut piles = vec![
        Pile {
            top: (view.draw_size > 0).then_some(Look::Back),
            caption: format!("Draw {}", view.draw_size),
        },
        Pile {
            top: view.discard.last().map(|&k| Look::Face(k)),
            caption: format!("Discard {}", view.discard.len()),
        },
        Pile {
            top: view.disaster_slot.last().map(|&k| Look::Face(k)),
            caption: format!("Disasters {}", view.disaster_slot.len()),
        },
    ];
    if view.turntables_played > 0 {
        piles.push(Pile {
            top: Some(Look::Face(Kind::Turntable)),
            caption: format!("Played {}", view.turntables_played),
        });
    }
    if !view.set_aside.is_empty() {
        piles.push(Pile {
            top: view.set_aside.last().map(|&k| Look::Face(k)),
            caption: format!("Set aside {}", view.set_aside.len()),
        });
    }
    if let PhaseView::Block { card, .. } = view.phase {
        // The Disaster waiting for its target's answer, face up beside the sentence that names it.
        piles.push(Pile {
            top: Some(Look::Face(card)),
            caption: "Pending".to_owned(),
        });
    }
    piles
}

/// Draws the strip into `rect`.
pub fn paint(canvas: &mut Canvas, view: &ExpressView, names: &[String], rect: Rect) {
    canvas.fill_rounded_rect(rect, PANEL_RADIUS, palette::PANEL);
    if matches!(view.phase, PhaseView::Block { .. }) {
        canvas.stroke_rounded_rect(rect, PANEL_RADIUS, HIGHLIGHT_WIDTH, palette::HIGHLIGHT);
    }
    let inner = rect.inset(PANEL_PAD);
    let mut x = inner.x;
    for pile in piles(view) {
        let caption_w = CAPTION.width(&pile.caption);
        let slot = CARD_W.max(caption_w);
        let place = Rect::new(x + (slot - CARD_W) / 2.0, inner.y, CARD_W, CARD_H);
        match pile.top {
            Some(look) => card::paint(canvas, place, look),
            None => canvas.stroke_rounded_rect(place, 5.0, 1.5, palette::BORDER),
        }
        canvas.text(
            &CAPTION,
            x + slot / 2.0,
            inner.y + CARD_H + CAPTION_H - 4.0,
            Align::Centre,
            &pile.caption,
        );
        x += slot + GROUP_GAP;
    }
    let text_x = x + GROUP_GAP;
    let lines = HEADLINE.wrap(
        &format!("{}.", turn_line(view, names)),
        inner.right() - text_x,
    );
    let top = inner.y + (inner.h - TURN_LINE_H * lines.len() as f32) / 2.0;
    for (i, line) in lines.iter().enumerate() {
        let baseline = top + (i as f32 + 0.75) * TURN_LINE_H;
        canvas.text(&HEADLINE, text_x, baseline, Align::Left, line);
    }
}

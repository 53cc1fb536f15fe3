//! The middle of the table: the draw pile, the discard pile's top card, the Disaster slot, played
//! Turntables, set-aside cards and a Disaster waiting for its target's answer, and beside them what
//! happens now (whose turn, or who decides a block).

use render::palette;
use render::theme::{HEADLINE, HIGHLIGHT_WIDTH, PANEL_PAD, PANEL_RADIUS};
use render::{Align, Canvas, Rect};

use super::card::{self, Look};
use super::marks::Marks;
use super::style::{
    CAPTION, CAPTION_H, CARD_H, CARD_W, CHANGED, CHANGED_CAPTION, GROUP_GAP, LINE_GAP,
};
use crate::games::express::cards::Kind;
use crate::games::express::present::turn_line;
use crate::games::express::view::{ExpressView, PhaseView};

/// How tall the strip is.
pub const HEIGHT: f32 = 2.0 * PANEL_PAD + CARD_H + CAPTION_H + LINE_GAP;
/// Line height of the turn text.
const TURN_LINE_H: f32 = 28.0;

/// One pile: its top card (or an empty place), a caption, and whether it changed in the last turn.
struct Pile {
    top: Option<Look>,
    caption: String,
    changed: bool,
}

impl Pile {
    fn new(top: Option<Look>, caption: String, changed: bool) -> Pile {
        let caption = if changed {
            format!("{caption} · new")
        } else {
            caption
        };
        Pile {
            top,
            caption,
            changed,
        }
    }
}

fn piles(view: &ExpressView, marks: &Marks) -> Vec<Pile> {
    let mut piles = vec![
        Pile::new(
            (view.draw_size > 0).then_some(Look::Back),
            format!("Draw {}", view.draw_size),
            false,
        ),
        Pile::new(
            view.discard.last().map(|&k| Look::Face(k)),
            format!("Discard {}", view.discard.len()),
            marks.discard,
        ),
        Pile::new(
            view.disaster_slot.last().map(|&k| Look::Face(k)),
            format!("Disasters {}", view.disaster_slot.len()),
            marks.disaster,
        ),
    ];
    if view.turntables_played > 0 {
        piles.push(Pile::new(
            Some(Look::Face(Kind::Turntable)),
            format!("Played {}", view.turntables_played),
            marks.turntable,
        ));
    }
    if !view.set_aside.is_empty() {
        piles.push(Pile::new(
            view.set_aside.last().map(|&k| Look::Face(k)),
            format!("Set aside {}", view.set_aside.len()),
            false,
        ));
    }
    if let PhaseView::Block { card, .. } = view.phase {
        // The Disaster waiting for its target's answer, face up beside the sentence that names it.
        piles.push(Pile::new(
            Some(Look::Face(card)),
            "Pending".to_owned(),
            false,
        ));
    }
    piles
}

/// Draws the strip into `rect`, with the piles `marks` names as changed outlined.
pub fn paint(canvas: &mut Canvas, view: &ExpressView, names: &[String], marks: &Marks, rect: Rect) {
    canvas.fill_rounded_rect(rect, PANEL_RADIUS, palette::PANEL);
    if matches!(view.phase, PhaseView::Block { .. }) {
        canvas.stroke_rounded_rect(rect, PANEL_RADIUS, HIGHLIGHT_WIDTH, palette::HIGHLIGHT);
    }
    let inner = rect.inset(PANEL_PAD);
    let mut x = inner.x;
    for pile in piles(view, marks) {
        let style = if pile.changed {
            CHANGED_CAPTION
        } else {
            CAPTION
        };
        let caption_w = style.width(&pile.caption);
        let slot = CARD_W.max(caption_w);
        let place = Rect::new(x + (slot - CARD_W) / 2.0, inner.y, CARD_W, CARD_H);
        match pile.top {
            Some(look) => card::paint(canvas, place, look),
            None => canvas.stroke_rounded_rect(place, 5.0, 1.5, palette::BORDER),
        }
        if pile.changed {
            canvas.stroke_rounded_rect(place.inset(-3.0), 7.0, 3.0, CHANGED);
        }
        canvas.text(
            &style,
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

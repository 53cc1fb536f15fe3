//! The rondel: the eight subsidies in clockwise order, the one under the loco highlighted.

use render::palette::{self, ink_on};
use render::theme::{CHIP_GAP, CHIP_H, CHIP_TEXT, baseline_in};
use render::{Align, Canvas, Rect};

use super::changes::{CHANGED, CHANGED_WIDTH};
use super::style::{PANEL_TITLE, TITLE_H};
use crate::games::coal_train::view::CoalTrainView;

/// Chips on one line.
const PER_LINE: usize = 4;

/// Draws the rondel into `rect`, the loco's chip outlined when it `moved`.
pub fn paint(canvas: &mut Canvas, rect: Rect, view: &CoalTrainView, moved: bool) {
    let baseline = baseline_in(rect.y, TITLE_H, &PANEL_TITLE);
    let title = format!("Rondel, clockwise · loco on {}", view.rondel);
    canvas.text(&PANEL_TITLE, rect.x, baseline, Align::Left, &title);
    for (line, names) in view.rondel_order.chunks(PER_LINE).enumerate() {
        let y = rect.y + TITLE_H + line as f32 * (CHIP_H + CHIP_GAP);
        let mut x = rect.x;
        for (i, name) in names.iter().enumerate() {
            let number = line * PER_LINE + i + 1;
            let fill = if *name == view.rondel {
                palette::HIGHLIGHT
            } else {
                palette::SLOT
            };
            let style = CHIP_TEXT.with_colour(ink_on(fill));
            let text = format!("{number} {name}");
            let w = canvas.badge(&style, x, y, CHIP_H, fill, &text);
            if moved && *name == view.rondel {
                let ring = Rect::new(x - 3.0, y - 3.0, w + 6.0, CHIP_H + 6.0);
                canvas.stroke_rounded_rect(ring, CHIP_H / 2.0 + 3.0, CHANGED_WIDTH, CHANGED);
            }
            x += w + CHIP_GAP;
        }
    }
}

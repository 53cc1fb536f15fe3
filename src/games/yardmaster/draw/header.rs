//! The board's header: title, round, match, passing direction, deck, longest run and the caboose.

use render::palette;
use render::theme::{
    CHIP_GAP, CHIP_H, CHIP_TEXT, DETAIL, DETAIL_LINE_H, HEADING_H, Heading, SUBTITLE_LINE_H,
};
use render::{Align, Canvas, TextStyle};

use crate::games::yardmaster::view::YardmasterView;
use crate::plural::counted;

const GAME_NAME: &str = "Yardmaster Express";
/// Space above the caboose line.
const CABOOSE_GAP: f32 = 6.0;
/// Space between the header and what follows.
const BOTTOM_GAP: f32 = 6.0;
/// The caboose's name and points.
const CABOOSE_NAME: TextStyle = TextStyle::bold(19.0, palette::TEXT);

/// The header's lines, measured for a given width.
pub struct Header {
    right: String,
    facts: String,
    caboose: Option<(String, Vec<String>)>,
}

impl Header {
    /// The header of `view` for a content area `width` pixels wide.
    pub fn new(view: &YardmasterView, width: f32) -> Header {
        let over = view.outcome.is_some() || view.to_act.is_none();
        let right = if over {
            "Game over".to_string()
        } else {
            format!("Round {} / {}", view.round, view.rounds)
        };
        let mut facts = Vec::new();
        if view.games > 1 {
            facts.push(format!("Game {} of {}", view.game_number, view.games));
        }
        if !over {
            let side = if view.clockwise { "left" } else { "right" };
            facts.push(format!("hand passes {side}"));
        }
        facts.push(format!("{} in the deck", counted(view.deck_left, "card")));
        facts.push(match view.longest_run {
            0 | 1 => "no cargo run yet".to_string(),
            n => format!("longest run {n}"),
        });
        let caboose = view.caboose.as_ref().map(|caboose| {
            let title = format!("{} · {}", caboose.name, counted(caboose.points, "point"));
            let lines = DETAIL.wrap(caboose.condition, width - caboose_indent(&title));
            (title, lines)
        });
        Header {
            right,
            facts: capitalise(&facts.join(" · ")),
            caboose,
        }
    }

    /// How tall the header is.
    pub fn height(&self) -> f32 {
        let caboose = self.caboose.as_ref().map_or(0.0, |(_, lines)| {
            CABOOSE_GAP + SUBTITLE_LINE_H.max(DETAIL_LINE_H * lines.len() as f32)
        });
        HEADING_H + caboose + BOTTOM_GAP
    }

    /// Draws the header with its top-left corner at `(x, y)`, `width` wide.
    pub fn paint(&self, canvas: &mut Canvas, x: f32, y: f32, width: f32) {
        let heading = Heading {
            title: GAME_NAME,
            headline: &self.right,
            facts: &self.facts,
        };
        heading.paint(canvas, x, y, width);
        let Some((title, lines)) = &self.caboose else {
            return;
        };
        let top = y + HEADING_H + CABOOSE_GAP;
        let badge_w = canvas.badge(&CHIP_TEXT, x, top, CHIP_H, palette::ENGINE_TRIM, "CABOOSE");
        let name_x = x + badge_w + CHIP_GAP;
        let baseline = top + CHIP_H / 2.0 + CABOOSE_NAME.cap_height() / 2.0;
        canvas.text(&CABOOSE_NAME, name_x, baseline, Align::Left, title);
        let condition_x = x + caboose_indent(title);
        let detail_baseline = top + CHIP_H / 2.0 + DETAIL.cap_height() / 2.0;
        for (i, line) in lines.iter().enumerate() {
            let baseline = detail_baseline + i as f32 * DETAIL_LINE_H;
            canvas.text(&DETAIL, condition_x, baseline, Align::Left, line);
        }
    }
}

/// Where the caboose's condition starts: after its badge, name and a gap.
fn caboose_indent(title: &str) -> f32 {
    let badge = render::badge::badge_width(&CHIP_TEXT, CHIP_H, "CABOOSE");
    badge + CHIP_GAP + CABOOSE_NAME.width(title) + 2.0 * CHIP_GAP
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

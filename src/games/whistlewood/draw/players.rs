//! The two players' panels side by side: colour and letter, name, markers (you, to move, start player,
//! place), score as it stands now with its detail, and the tiles in hand, draw pile and discard pile.

use render::badge::badge_width;
use render::palette::{self, ink_on};
use render::theme::{
    CHIP_GAP, CHIP_H, CHIP_TEXT, DETAIL, DETAIL_LINE_H, HIGHLIGHT_WIDTH, NAME, NAME_LINE_H,
    PANEL_PAD, PANEL_RADIUS, SCORE, baseline_in, ordinal, paint_seat_disc, place_fill,
};
use render::{Align, Canvas, Colour, Rect};

use super::results::owner_of;
use super::style::{number, owner_mark};
use crate::game::{Standing, Viewer};
use crate::games::whistlewood::cars::COLOURS;
use crate::games::whistlewood::present::owner_name;
use crate::games::whistlewood::view::{PilesView, WhistlewoodView};
use crate::plural::pts;

/// How tall a player's panel is.
pub const HEIGHT: f32 = 2.0 * PANEL_PAD + NAME_LINE_H + DETAIL_LINE_H;
/// Space between the two panels.
const GAP: f32 = 10.0;
/// Radius of the owner's disc before the name.
const DISC_R: f32 = 13.0;
/// The most of a panel's width a name may take.
const NAME_SHARE: f32 = 0.42;

/// Draws both panels side by side in a row `width` wide whose top-left corner is `(x, y)`.
pub fn paint(
    canvas: &mut Canvas,
    view: &WhistlewoodView,
    names: &[String],
    x: f32,
    y: f32,
    width: f32,
) {
    let panel_w = (width - GAP) / 2.0;
    for (i, colour) in view.colours.iter().enumerate() {
        let rect = Rect::new(x + i as f32 * (panel_w + GAP), y, panel_w, HEIGHT);
        paint_panel(canvas, rect, view, names, colour);
    }
}

fn paint_panel(
    canvas: &mut Canvas,
    rect: Rect,
    view: &WhistlewoodView,
    names: &[String],
    colour: &PilesView,
) {
    let own = view.viewer_owner == Some(colour.owner);
    let fill = if own {
        palette::PANEL_RAISED
    } else {
        palette::PANEL
    };
    canvas.fill_rounded_rect(rect, PANEL_RADIUS, fill);
    if view.turn.as_ref().is_some_and(|t| t.owner == colour.owner) {
        canvas.stroke_rounded_rect(rect, PANEL_RADIUS, HIGHLIGHT_WIDTH, palette::HIGHLIGHT);
    }
    let inner = rect.inset(PANEL_PAD);
    let name_baseline = baseline_in(inner.y, NAME_LINE_H, &NAME);
    let cy = inner.y + NAME_LINE_H / 2.0;
    paint_seat_disc(
        canvas,
        inner.x + DISC_R,
        cy,
        DISC_R,
        owner_mark(colour.owner),
    );
    let name_x = inner.x + 2.0 * DISC_R + CHIP_GAP;
    let score = format!("{} {}", number(colour.score.total), pts(colour.score.total));
    let chips = chips(view, colour, own);
    let chips_w: f32 = chips
        .iter()
        .map(|(text, _)| CHIP_GAP + badge_width(&CHIP_TEXT, CHIP_H, text))
        .sum();
    let name_room = inner.right() - name_x - chips_w - SCORE.width(&score) - CHIP_GAP;
    let name = owner_name(view, names, colour.owner);
    let name = NAME.ellipsize(&name, name_room.min(NAME_SHARE * inner.w));
    let mut x = name_x + canvas.text(&NAME, name_x, name_baseline, Align::Left, &name);
    for (text, chip) in chips {
        x += CHIP_GAP;
        let style = CHIP_TEXT.with_colour(ink_on(chip));
        x += canvas.badge(&style, x, cy - CHIP_H / 2.0, CHIP_H, chip, &text);
    }
    canvas.text(&SCORE, inner.right(), name_baseline, Align::Right, &score);

    let detail_baseline = baseline_in(inner.y + NAME_LINE_H, DETAIL_LINE_H, &DETAIL);
    let piles = piles_text(colour);
    let piles_w = canvas.text(&DETAIL, inner.x, detail_baseline, Align::Left, &piles);
    let detail = DETAIL.ellipsize(&score_detail(colour), inner.w - piles_w - CHIP_GAP);
    canvas.text(
        &DETAIL,
        inner.right(),
        detail_baseline,
        Align::Right,
        &detail,
    );
}

/// The markers after a player's name.
fn chips(view: &WhistlewoodView, colour: &PilesView, own: bool) -> Vec<(String, Colour)> {
    let mut chips = Vec::new();
    if own && view.viewer != Viewer::Spectator {
        chips.push(("YOU".to_owned(), palette::TEXT_MUTED));
    }
    if view.turn.as_ref().is_some_and(|t| t.owner == colour.owner) {
        chips.push(("TO MOVE".to_owned(), palette::HIGHLIGHT));
    }
    if view.start_owner == colour.owner {
        chips.push(("START PLAYER".to_owned(), palette::ENGINE_TRIM));
    }
    if let Some(standing) = standing_of(view, colour) {
        let text = if standing.place == 1 {
            "WINNER".to_owned()
        } else {
            ordinal(standing.place).to_uppercase()
        };
        chips.push((text, place_fill(standing.place)));
    }
    chips
}

/// The colour's standing once the game is over.
fn standing_of<'a>(view: &'a WhistlewoodView, colour: &PilesView) -> Option<&'a Standing> {
    let outcome = view.outcome.as_ref()?;
    outcome
        .standings
        .iter()
        .find(|s| owner_of(view, s) == Some(colour.owner))
}

/// "red · hand 3 · draw pile 4 · discards 2" (the Automa has only a draw pile).
fn piles_text(colour: &PilesView) -> String {
    let name = COLOURS[colour.owner];
    if colour.seat.is_none() {
        return format!("{name} · draw pile {}", colour.draw);
    }
    format!(
        "{name} · hand {} · draw pile {} · discards {}",
        colour.hand, colour.draw, colour.discard
    )
}

/// "stations 14 · past the last Station −5".
pub fn score_detail(colour: &PilesView) -> String {
    let score = &colour.score;
    let mut text = format!("stations {}", number(score.stations));
    if score.beyond != 0 {
        text.push_str(&format!(
            " · past the last Station {}",
            number(score.beyond)
        ));
    }
    text
}

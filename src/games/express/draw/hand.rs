//! The private hand picture: the viewer's cards in hand, large and named, sorted by the deck table, and
//! the Locos of their trains that only they know.

use render::palette::{self, ink_on};
use render::theme::{DETAIL, HEADLINE, MARGIN, TITLE_LINE_H, baseline_in};
use render::{Align, Canvas, Rect};

use super::card::{self, Look};
use super::style::{
    CARD_GAP, CARD_H, CARD_RADIUS, CARD_W, HAND_CARD_GAP, HAND_CARD_H, HAND_CARD_W, HAND_CLASS,
    HAND_NAME, HAND_VALUE, face_of, number,
};
use crate::game::Viewer;
use crate::games::express::cards::{Class, Kind};
use crate::games::express::disasters::stopped_by;
use crate::games::express::view::ExpressView;
use crate::plural::counted;

/// The narrowest hand picture, so the title fits.
const MIN_W: f32 = 640.0;
/// The most cards on one line of the hand picture.
const PER_LINE: usize = 8;
/// Space between blocks of the picture.
const GAP: f32 = 12.0;

/// A card kind's family, as the hand picture names it (a Way Car with the Disaster it stops).
pub(super) fn class_name(kind: Kind) -> String {
    match kind.class() {
        Class::Freight => "freight car".to_owned(),
        Class::Passenger => "passenger car".to_owned(),
        Class::Wild => "wild car".to_owned(),
        Class::Caboose => "ends a train".to_owned(),
        Class::Disaster => "Disaster".to_owned(),
        Class::WayCar => stopped_by(kind).map_or_else(
            || "Way Car".to_owned(),
            |d| format!("stops {}", face_of(d.disaster).label),
        ),
        Class::Turntable => "reverse, play again".to_owned(),
    }
}

/// Room for text across a hand card.
const TEXT_W: f32 = HAND_CARD_W - 6.0;
/// Baseline of the name's first line, from the card's top.
const NAME_TOP: f32 = 20.0;
/// Line height of the name.
const NAME_LINE_H: f32 = 16.0;
/// Baseline of the value, from the card's top.
const VALUE_TOP: f32 = 77.0;
/// Baseline of the card's code, from the card's top.
const CODE_TOP: f32 = 89.0;
/// Baseline of the family's last line, up from the card's foot.
const CLASS_ABOVE_FOOT: f32 = 9.0;
/// Line height of the family.
const CLASS_LINE_H: f32 = 12.0;

/// The lines of a hand card's name and of its family, each wrapped to the card's width.
fn card_lines(kind: Kind) -> (Vec<String>, Vec<String>) {
    (
        HAND_NAME.wrap(kind.name(), TEXT_W),
        HAND_CLASS.wrap(&class_name(kind), TEXT_W),
    )
}

fn paint_hand_card(canvas: &mut Canvas, rect: Rect, kind: Kind) {
    let paper = face_of(kind).paper;
    let ink = ink_on(paper);
    canvas.fill_rounded_rect(rect, CARD_RADIUS + 2.0, paper);
    canvas.stroke_rounded_rect(rect, CARD_RADIUS + 2.0, 1.0, palette::INK_DARK);
    let cx = rect.x + rect.w / 2.0;
    let (name_lines, class_lines) = card_lines(kind);
    let name_style = HAND_NAME.with_colour(ink);
    for (i, line) in name_lines.iter().enumerate() {
        let baseline = rect.y + NAME_TOP + i as f32 * NAME_LINE_H;
        canvas.text(&name_style, cx, baseline, Align::Centre, line);
    }
    let value = HAND_VALUE.with_colour(ink);
    canvas.text(
        &value,
        cx,
        rect.y + VALUE_TOP,
        Align::Centre,
        &number(kind.value()),
    );
    let class = HAND_CLASS.with_colour(ink);
    canvas.text(&class, cx, rect.y + CODE_TOP, Align::Centre, kind.code());
    let first_class =
        rect.bottom() - CLASS_ABOVE_FOOT - (class_lines.len() as f32 - 1.0) * CLASS_LINE_H;
    for (i, line) in class_lines.iter().enumerate() {
        let baseline = first_class + i as f32 * CLASS_LINE_H;
        canvas.text(&class, cx, baseline, Align::Centre, line);
    }
}

/// The hand picture of `view`, or None when the viewer has no seat.
pub fn draw(view: &ExpressView) -> Option<Canvas> {
    let Viewer::Seat(seat) = view.viewer else {
        return None;
    };
    let own = view.seats.get(seat)?;
    let mut hand = own.hand.clone()?;
    hand.sort_unstable();
    let locos: Vec<(usize, Kind)> = own
        .trains
        .iter()
        .enumerate()
        .filter_map(|(i, t)| t.loco.map(|k| (i, k)))
        .collect();
    let lines = hand.len().div_ceil(PER_LINE);
    let cards_w = PER_LINE.min(hand.len().max(1)) as f32 * (HAND_CARD_W + HAND_CARD_GAP);
    let locos_w = locos.len() as f32 * (CARD_W + 40.0);
    let width = (cards_w.max(locos_w) + 2.0 * MARGIN).max(MIN_W);
    let locos_h = if locos.is_empty() {
        0.0
    } else {
        GAP + TITLE_LINE_H + CARD_H + 22.0
    };
    let height =
        MARGIN + TITLE_LINE_H + lines as f32 * (HAND_CARD_H + HAND_CARD_GAP) + locos_h + MARGIN;
    let mut canvas = Canvas::new(
        width.ceil() as u32,
        height.ceil() as u32,
        palette::BACKGROUND,
    );
    let title = if hand.is_empty() {
        "Your hand is empty".to_owned()
    } else {
        format!(
            "Your hand · {} · cost if left: {}",
            counted(hand.len(), "card"),
            hand.iter().map(|k| k.value()).sum::<i32>()
        )
    };
    canvas.text(
        &HEADLINE,
        MARGIN,
        baseline_in(MARGIN, TITLE_LINE_H, &HEADLINE),
        Align::Left,
        &title,
    );
    let cards_top = MARGIN + TITLE_LINE_H;
    for (i, &kind) in hand.iter().enumerate() {
        let x = MARGIN + (i % PER_LINE) as f32 * (HAND_CARD_W + HAND_CARD_GAP);
        let y = cards_top + (i / PER_LINE) as f32 * (HAND_CARD_H + HAND_CARD_GAP);
        paint_hand_card(&mut canvas, Rect::new(x, y, HAND_CARD_W, HAND_CARD_H), kind);
    }
    if !locos.is_empty() {
        let top = cards_top + lines as f32 * (HAND_CARD_H + HAND_CARD_GAP) + GAP;
        canvas.text(
            &HEADLINE,
            MARGIN,
            baseline_in(top, TITLE_LINE_H, &HEADLINE),
            Align::Left,
            "Your Locos (face down to the others)",
        );
        for (n, &(train, kind)) in locos.iter().enumerate() {
            let x = MARGIN + n as f32 * (CARD_W + 40.0 + CARD_GAP);
            let rect = Rect::new(x, top + TITLE_LINE_H, CARD_W, CARD_H);
            card::paint(&mut canvas, rect, Look::OwnLoco(kind));
            canvas.text(
                &DETAIL,
                x,
                rect.bottom() + 18.0,
                Align::Left,
                &format!("Train {}", train + 1),
            );
        }
    }
    Some(canvas)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::express::cards::ALL_KINDS;

    /// The most lines the layout leaves room for, for a card's name and for its family.
    const MOST_LINES: usize = 2;

    #[test]
    fn every_hand_card_shows_its_whole_name_and_family_within_the_card() {
        for kind in ALL_KINDS {
            let (name, class) = card_lines(kind);
            for (lines, whole, style) in [
                (&name, kind.name().to_owned(), HAND_NAME),
                (&class, class_name(kind), HAND_CLASS),
            ] {
                assert!(
                    (1..=MOST_LINES).contains(&lines.len()),
                    "{whole}: {lines:?}"
                );
                assert_eq!(lines.join(" "), whole, "nothing is left out");
                for line in lines.iter() {
                    assert!(style.width(line) <= TEXT_W, "{line:?} of {whole}");
                }
            }
        }
    }

    #[test]
    fn the_blocks_of_a_hand_card_do_not_overlap() {
        let name_bottom = NAME_TOP + (MOST_LINES - 1) as f32 * NAME_LINE_H + HAND_NAME.descent();
        let value_top = VALUE_TOP - HAND_VALUE.cap_height();
        let code_top = CODE_TOP - HAND_CLASS.cap_height();
        let code_bottom = CODE_TOP + HAND_CLASS.descent();
        let first_class = HAND_CARD_H - CLASS_ABOVE_FOOT - (MOST_LINES - 1) as f32 * CLASS_LINE_H;
        let class_top = first_class - HAND_CLASS.cap_height();
        let class_bottom = HAND_CARD_H - CLASS_ABOVE_FOOT + HAND_CLASS.descent();
        assert!(
            name_bottom < value_top,
            "name {name_bottom}, value {value_top}"
        );
        assert!(VALUE_TOP < code_top, "value {VALUE_TOP}, code {code_top}");
        assert!(
            code_bottom < class_top,
            "code {code_bottom}, family {class_top}"
        );
        assert!(class_bottom < HAND_CARD_H, "family {class_bottom}");
    }
}

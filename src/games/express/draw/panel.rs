//! The seat's private turn-panel picture, read on a phone: what it decides now, its hand (one card per
//! kind, with how many it holds), its trains and laid Way Cars, the discard pile's top, and a line for
//! each other seat (cards in hand, trains, laid Way Cars: what a Disaster may aim at). Not the whole
//! table: the board picture has that. Text a decision needs is at least 18 pixels tall.

use render::palette::{self, ink_on};
use render::theme::{HIGHLIGHT_WIDTH, MARGIN, PANEL_PAD, PANEL_RADIUS};
use render::{Align, Canvas, Rect, TextStyle};

use super::hand::class_name;
use super::style::{
    CARD_RADIUS, PANEL_CARD_CLASS, PANEL_CARD_NAME, PANEL_CARD_NUMBER, PANEL_HEADING, PANEL_MUTED,
    PANEL_TEXT, PANEL_TITLE, PANEL_W, face_of, number,
};
use crate::game::{Seat, Viewer};
use crate::games::express::cards::{ALL_KINDS, Kind, count_kinds};
use crate::games::express::disasters::disaster;
use crate::games::express::present::{car_text, seat_name, turn_line};
use crate::games::express::view::{ExpressView, PhaseView, SeatView, TrainView};
use crate::plural::{counted, pts};

/// Hand cards on one line.
const PER_LINE: usize = 4;
/// Space between hand cards.
const CARD_GAP: f32 = 8.0;
/// A hand card's width: four across the picture.
const CARD_W: f32 = (PANEL_W - 2.0 * MARGIN - (PER_LINE as f32 - 1.0) * CARD_GAP) / PER_LINE as f32;
/// A hand card's height.
const CARD_H: f32 = 132.0;
/// Room for text across a hand card.
const TEXT_W: f32 = CARD_W - 10.0;
/// Line height of a card's name and family.
const CARD_LINE_H: f32 = 21.0;
/// Space above a heading.
const SECTION_GAP: f32 = 14.0;

/// The line height of text in `style`.
fn line_h(style: &TextStyle) -> f32 {
    (style.size * 1.3).ceil()
}

/// One block of the picture, top to bottom.
enum Block {
    /// Lines of text in one style.
    Lines(TextStyle, Vec<String>),
    /// The hand: each kind held and how many, with the card that answers a Disaster outlined.
    Hand(Vec<(Kind, u8)>, Option<Kind>),
    /// A boxed, outlined notice (a Disaster waiting for the seat's answer).
    Notice(Vec<String>),
    /// Space.
    Gap(f32),
}

impl Block {
    fn lines(style: TextStyle, text: &str) -> Block {
        Block::Lines(style, style.wrap(text, PANEL_W - 2.0 * MARGIN))
    }

    fn height(&self) -> f32 {
        match self {
            Block::Lines(style, lines) => lines.len() as f32 * line_h(style),
            Block::Hand(cards, _) => cards.len().div_ceil(PER_LINE) as f32 * (CARD_H + CARD_GAP),
            Block::Notice(lines) => lines.len() as f32 * line_h(&PANEL_TEXT) + 2.0 * PANEL_PAD,
            Block::Gap(h) => *h,
        }
    }
}

/// Each kind in `hand` with how many of it, in the deck table's order.
fn kinds_held(hand: &[Kind]) -> Vec<(Kind, u8)> {
    let counts = count_kinds(hand);
    ALL_KINDS
        .iter()
        .map(|&kind| (kind, counts[kind as usize]))
        .filter(|&(_, n)| n > 0)
        .collect()
}

/// The cars of a train in few words: runs of one car as "Hopper ×3".
fn cars_text(train: &TrainView) -> String {
    let mut runs: Vec<(String, usize)> = Vec::new();
    for car in &train.cars {
        let text = car_text(car);
        match runs.last_mut() {
            Some((last, n)) if *last == text => *n += 1,
            _ => runs.push((text, 1)),
        }
    }
    if runs.is_empty() {
        return "no cars".into();
    }
    runs.iter()
        .map(|(text, n)| match n {
            1 => text.clone(),
            _ => format!("{text} ×{n}"),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// What the seat decides now, in a line.
fn title(view: &ExpressView, names: &[String], seat: Seat) -> String {
    match view.phase {
        PhaseView::Draw if view.current == seat => match view.discard.last() {
            Some(top) => format!("Your turn: draw 2, or take the {top}"),
            None => "Your turn: draw 2".into(),
        },
        PhaseView::Meld if view.current == seat => "Your turn: meld, then discard".into(),
        PhaseView::Block {
            card,
            attacker,
            target,
        } if target == seat => format!(
            "{} played {card} on you: block it or allow it?",
            seat_name(names, attacker)
        ),
        _ => format!("{}.", turn_line(view, names)),
    }
}

/// The notice of a Disaster waiting for the seat's answer, and the Way Car that would block it.
fn block_notice(view: &ExpressView, seat: Seat, hand: &[Kind]) -> Option<(Block, Option<Kind>)> {
    let PhaseView::Block { card, target, .. } = view.phase else {
        return None;
    };
    if target != seat {
        return None;
    }
    let way_car = disaster(card).map(|spec| spec.way_car)?;
    let text = if hand.contains(&way_car) {
        format!(
            "Your {way_car} blocks the {card}: it is then laid for the rest of the hand. \
             Or allow the {card}."
        )
    } else {
        format!("Only a {way_car} blocks the {card}, and you hold none: allow it.")
    };
    let lines = PANEL_TEXT.wrap(&text, PANEL_W - 2.0 * MARGIN - 2.0 * PANEL_PAD);
    Some((Block::Notice(lines), Some(way_car)))
}

/// A line about another seat: its cards in hand, its trains and laid Way Cars.
fn other_line(names: &[String], seat: Seat, cards: &SeatView) -> String {
    let trains: Vec<String> = cards
        .trains
        .iter()
        .enumerate()
        .map(|(i, t)| format!("train {} {} {}", i + 1, number(t.value), pts(t.value)))
        .collect();
    let mut parts = vec![
        seat_name(names, seat),
        counted(cards.hand_size, "card"),
        if trains.is_empty() {
            "no trains".to_owned()
        } else {
            trains.join(", ")
        },
    ];
    if !cards.way_cars.is_empty() {
        let laid: Vec<&str> = cards.way_cars.iter().map(|w| w.card.name()).collect();
        parts.push(format!("laid {}", laid.join(", ")));
    }
    if cards.skips > 0 {
        parts.push(format!("skips {}", counted(cards.skips, "turn")));
    }
    parts.join(" · ")
}

/// The blocks of the panel of the seat viewing, top to bottom.
fn blocks(view: &ExpressView, names: &[String], seat: Seat, own: &SeatView) -> Vec<Block> {
    let hand = own.hand.clone().unwrap_or_default();
    let mut blocks = vec![Block::lines(PANEL_TITLE, &title(view, names, seat))];
    let mut answer = None;
    if let Some((notice, way_car)) = block_notice(view, seat, &hand) {
        blocks.push(Block::Gap(SECTION_GAP));
        blocks.push(notice);
        answer = way_car;
    }
    blocks.push(Block::Gap(SECTION_GAP));
    let cost: i32 = hand.iter().map(|k| k.value()).sum();
    blocks.push(Block::lines(
        PANEL_HEADING,
        &if hand.is_empty() {
            "Your hand is empty".to_owned()
        } else {
            format!(
                "Your hand · {} · {cost} {} if left",
                counted(hand.len(), "card"),
                pts(cost)
            )
        },
    ));
    blocks.push(Block::Gap(6.0));
    blocks.push(Block::Hand(kinds_held(&hand), answer));
    if !own.trains.is_empty() || !own.way_cars.is_empty() {
        blocks.push(Block::Gap(SECTION_GAP - CARD_GAP));
        blocks.push(Block::lines(PANEL_HEADING, "Your trains"));
    }
    for (i, train) in own.trains.iter().enumerate() {
        let loco = train
            .loco
            .map_or_else(String::new, |k| format!(" · Loco {k}"));
        blocks.push(Block::lines(
            PANEL_TEXT,
            &format!(
                "Train {} · {} {}{loco}",
                i + 1,
                number(train.value),
                pts(train.value)
            ),
        ));
        blocks.push(Block::lines(PANEL_MUTED, &cars_text(train)));
    }
    if !own.way_cars.is_empty() {
        let laid: Vec<String> = own
            .way_cars
            .iter()
            .map(|w| {
                if w.permanent {
                    format!("{} (kept)", w.card)
                } else {
                    w.card.name().to_owned()
                }
            })
            .collect();
        blocks.push(Block::lines(
            PANEL_TEXT,
            &format!("Laid Way Cars: {}", laid.join(", ")),
        ));
    }
    blocks.push(Block::Gap(SECTION_GAP));
    blocks.push(Block::lines(PANEL_HEADING, "The table"));
    let discard = match view.discard.last() {
        Some(top) => format!("Discard top: {top} ({} in the pile)", view.discard.len()),
        None => "The discard pile is empty".to_owned(),
    };
    blocks.push(Block::lines(
        PANEL_TEXT,
        &format!("{discard} · draw pile {}", view.draw_size),
    ));
    if view.first_round && view.phase != PhaseView::Over {
        blocks.push(Block::lines(
            PANEL_TEXT,
            "First round: no Disasters, no going out",
        ));
    }
    for (other, cards) in view.seats.iter().enumerate() {
        if other != seat {
            blocks.push(Block::lines(PANEL_MUTED, &other_line(names, other, cards)));
        }
    }
    blocks
}

/// The name and family lines of a hand card, each wrapped to the card's width.
fn card_lines(kind: Kind) -> (Vec<String>, Vec<String>) {
    (
        PANEL_CARD_NAME.wrap(kind.name(), TEXT_W),
        PANEL_CARD_CLASS.wrap(&class_name(kind), TEXT_W),
    )
}

fn paint_card(canvas: &mut Canvas, rect: Rect, kind: Kind, count: u8, answers: bool) {
    let paper = face_of(kind).paper;
    let ink = ink_on(paper);
    canvas.fill_rounded_rect(rect, CARD_RADIUS + 2.0, paper);
    canvas.stroke_rounded_rect(rect, CARD_RADIUS + 2.0, 1.0, palette::INK_DARK);
    if answers {
        canvas.stroke_rounded_rect(rect.inset(-4.0), CARD_RADIUS + 4.0, 4.0, palette::HIGHLIGHT);
    }
    let left = rect.x + 7.0;
    let (name, class) = card_lines(kind);
    let name_style = PANEL_CARD_NAME.with_colour(ink);
    for (i, line) in name.iter().enumerate() {
        let baseline = rect.y + 24.0 + i as f32 * CARD_LINE_H;
        canvas.text(&name_style, left, baseline, Align::Left, line);
    }
    let class_style = PANEL_CARD_CLASS.with_colour(ink);
    for (i, line) in class.iter().enumerate() {
        let baseline = rect.y + 72.0 + i as f32 * CARD_LINE_H;
        canvas.text(&class_style, left, baseline, Align::Left, line);
    }
    let numbers = PANEL_CARD_NUMBER.with_colour(ink);
    let foot = rect.bottom() - 10.0;
    canvas.text(&numbers, left, foot, Align::Left, &number(kind.value()));
    if count > 1 {
        canvas.text(
            &numbers,
            rect.right() - 7.0,
            foot,
            Align::Right,
            &format!("×{count}"),
        );
    }
}

/// The panel picture of the seat viewing, or None for a spectator.
pub fn draw(view: &ExpressView, names: &[String]) -> Option<Canvas> {
    let Viewer::Seat(seat) = view.viewer else {
        return None;
    };
    let own = view.seats.get(seat)?;
    own.hand.as_ref()?;
    let blocks = blocks(view, names, seat, own);
    let height = 2.0 * MARGIN + blocks.iter().map(Block::height).sum::<f32>();
    let mut canvas = Canvas::new(PANEL_W as u32, height.ceil() as u32, palette::BACKGROUND);
    let mut top = MARGIN;
    for block in &blocks {
        match block {
            Block::Lines(style, lines) => {
                for (i, line) in lines.iter().enumerate() {
                    let baseline = top + (i as f32 + 0.78) * line_h(style);
                    canvas.text(style, MARGIN, baseline, Align::Left, line);
                }
            }
            Block::Hand(cards, answer) => {
                for (i, &(kind, count)) in cards.iter().enumerate() {
                    let x = MARGIN + (i % PER_LINE) as f32 * (CARD_W + CARD_GAP);
                    let y = top + (i / PER_LINE) as f32 * (CARD_H + CARD_GAP);
                    let rect = Rect::new(x, y, CARD_W, CARD_H);
                    paint_card(&mut canvas, rect, kind, count, *answer == Some(kind));
                }
            }
            Block::Notice(lines) => {
                let rect = Rect::new(MARGIN, top, PANEL_W - 2.0 * MARGIN, block.height());
                canvas.fill_rounded_rect(rect, PANEL_RADIUS, palette::PANEL);
                canvas.stroke_rounded_rect(rect, PANEL_RADIUS, HIGHLIGHT_WIDTH, palette::HIGHLIGHT);
                for (i, line) in lines.iter().enumerate() {
                    let baseline = top + PANEL_PAD + (i as f32 + 0.78) * line_h(&PANEL_TEXT);
                    canvas.text(&PANEL_TEXT, MARGIN + PANEL_PAD, baseline, Align::Left, line);
                }
            }
            Block::Gap(_) => {}
        }
        top += block.height();
    }
    Some(canvas)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_panel_card_shows_its_whole_name_and_family_on_at_most_two_lines_each() {
        for kind in ALL_KINDS {
            let (name, class) = card_lines(kind);
            for (lines, whole, style) in [
                (&name, kind.name().to_owned(), PANEL_CARD_NAME),
                (&class, class_name(kind), PANEL_CARD_CLASS),
            ] {
                assert!((1..=2).contains(&lines.len()), "{whole}: {lines:?}");
                assert_eq!(lines.join(" "), whole, "nothing is left out");
                for line in lines.iter() {
                    assert!(style.width(line) <= TEXT_W, "{line:?} of {whole}");
                }
            }
        }
    }

    #[test]
    fn the_text_a_decision_needs_is_at_least_eighteen_pixels_tall() {
        for style in [
            PANEL_TITLE,
            PANEL_HEADING,
            PANEL_TEXT,
            PANEL_MUTED,
            PANEL_CARD_NAME,
            PANEL_CARD_CLASS,
            PANEL_CARD_NUMBER,
        ] {
            assert!(style.size >= 18.0, "{style:?}");
        }
    }
}

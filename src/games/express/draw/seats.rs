//! The seats' panels, one under another: the seat's disc and name, its markers (dealer, you, to play,
//! decides a block, skips), its total and cards in hand, then its trains (Locos face down unless they are
//! the viewer's own) and its Way Cars (permanent ones marked), flowing onto more lines as they grow.

use render::badge::badge_width;
use render::palette;
use render::theme::{
    CHIP_GAP, CHIP_H, CHIP_TEXT, DETAIL, HIGHLIGHT_WIDTH, NAME, NAME_LINE_H, PANEL_GAP, PANEL_PAD,
    PANEL_RADIUS, baseline_in, paint_seat_disc,
};
use render::{Align, Canvas, Rect};

use super::card::{self, Look};
use super::marks::{Marks, TrainChange, train_words};
use super::style::{
    CAPTION, CAPTION_H, CARD_GAP, CARD_H, CARD_W, CHANGED, CHANGED_CAPTION, GROUP_GAP, LINE_GAP,
    number, seat_mark,
};
use crate::game::{Seat, Viewer};
use crate::games::express::cards::Kind;
use crate::games::express::present::{seat_name, seat_to_act};
use crate::games::express::train::Train;
use crate::games::express::view::{ExpressView, PhaseView, SeatView, TrainView};
use crate::plural::pts;

/// Radius of the seat's disc before its name.
const DISC_R: f32 = 12.0;
/// Height of a line of cards with its caption.
const LINE_H: f32 = CARD_H + CAPTION_H + LINE_GAP;
/// Height of the line that says a seat has laid nothing yet.
const EMPTY_H: f32 = 22.0;

/// A row of cards with a caption under it; the cards from `fresh` on are outlined as changed.
struct Group {
    cards: Vec<Look>,
    caption: String,
    fresh: Option<usize>,
}

impl Group {
    fn width(&self) -> f32 {
        let n = self.cards.len() as f32;
        let cards = n * CARD_W + (n - 1.0).max(0.0) * CARD_GAP;
        let caption = if self.fresh.is_some() {
            CHANGED_CAPTION
        } else {
            CAPTION
        };
        cards.max(caption.width(&self.caption))
    }
}

fn train_group(place: usize, train: &TrainView, change: TrainChange) -> Group {
    let loco = match train.loco {
        Some(kind) => Look::OwnLoco(kind),
        None => Look::Back,
    };
    let counted = Train {
        loco: Kind::Wild,
        cars: train.cars.clone(),
        fresh: false,
    };
    let cars = train
        .cars
        .iter()
        .enumerate()
        .map(|(i, &car)| Look::Car(car, counted.counts_as(i).value()));
    let mut caption = format!(
        "Train {place} · {} {}",
        number(train.value),
        pts(train.value)
    );
    if let Some(words) = train_words(change, train.cars.len()) {
        caption.push_str(" · ");
        caption.push_str(&words);
    }
    Group {
        cards: std::iter::once(loco).chain(cars).collect(),
        caption,
        fresh: match change {
            TrainChange::Same => None,
            TrainChange::New | TrainChange::Changed => Some(0),
            TrainChange::Added(from) => Some(from + 1),
        },
    }
}

fn groups(seat: &SeatView, index: Seat, marks: &Marks) -> Vec<Group> {
    let mut groups: Vec<Group> = seat
        .trains
        .iter()
        .enumerate()
        .map(|(i, t)| train_group(i + 1, t, marks.train(index, i)))
        .collect();
    let way_changed = marks.way_cars_of(index);
    if !seat.way_cars.is_empty() {
        groups.push(Group {
            cards: seat
                .way_cars
                .iter()
                .map(|w| {
                    if w.permanent {
                        Look::Permanent(w.card)
                    } else {
                        Look::Face(w.card)
                    }
                })
                .collect(),
            caption: if way_changed {
                "Way Cars · changed".to_owned()
            } else {
                "Way Cars".to_owned()
            },
            fresh: way_changed.then_some(0),
        });
    }
    groups
}

/// Where each group goes: its line and its x offset from the panel's inner left edge.
fn flow(groups: &[Group], width: f32) -> Vec<(usize, f32)> {
    let mut line = 0;
    let mut x = 0.0;
    groups
        .iter()
        .map(|g| {
            let w = g.width();
            if x > 0.0 && x + w > width {
                line += 1;
                x = 0.0;
            }
            let at = (line, x);
            x += w + GROUP_GAP;
            at
        })
        .collect()
}

fn cards_height(seat: &SeatView, index: Seat, marks: &Marks, inner_w: f32) -> f32 {
    let groups = groups(seat, index, marks);
    match flow(&groups, inner_w).last() {
        Some(&(line, _)) => (line + 1) as f32 * LINE_H,
        None => EMPTY_H,
    }
}

/// How tall the panel of seat `index` is in a column `width` wide.
fn panel_height(seat: &SeatView, index: Seat, marks: &Marks, width: f32) -> f32 {
    2.0 * PANEL_PAD + NAME_LINE_H + cards_height(seat, index, marks, width - 2.0 * PANEL_PAD)
}

/// How tall all the panels are, with the gaps between them.
pub fn height(view: &ExpressView, marks: &Marks, width: f32) -> f32 {
    view.seats
        .iter()
        .enumerate()
        .map(|(i, s)| panel_height(s, i, marks, width) + PANEL_GAP)
        .sum::<f32>()
        - PANEL_GAP
}

/// Draws every seat's panel, one under another, from `(x, y)` in a column `width` wide, with the
/// changes in `marks` outlined.
pub fn paint(
    canvas: &mut Canvas,
    view: &ExpressView,
    names: &[String],
    marks: &Marks,
    (x, y, width): (f32, f32, f32),
) {
    let mut top = y;
    for (seat, cards) in view.seats.iter().enumerate() {
        let rect = Rect::new(x, top, width, panel_height(cards, seat, marks, width));
        paint_panel(canvas, view, names, marks, seat, rect);
        top = rect.bottom() + PANEL_GAP;
    }
}

/// The markers beside a seat's name.
fn chips(view: &ExpressView, seat: Seat) -> Vec<(String, render::Colour)> {
    let cards = &view.seats[seat];
    let mut chips = Vec::new();
    if view.viewer == Viewer::Seat(seat) {
        chips.push(("YOU".to_owned(), palette::ACCENT));
    }
    match view.phase {
        PhaseView::Block { target, .. } if target == seat => {
            chips.push(("DECIDES: BLOCK?".to_owned(), palette::HIGHLIGHT))
        }
        PhaseView::Block { attacker, .. } if attacker == seat => {
            chips.push(("ATTACKS".to_owned(), palette::CARGO_RED))
        }
        PhaseView::Draw | PhaseView::Meld if view.current == seat => {
            chips.push(("TO PLAY".to_owned(), palette::HIGHLIGHT))
        }
        _ => {}
    }
    if seat == view.dealer {
        chips.push(("DEALER".to_owned(), palette::BORDER));
    }
    if cards.skips > 0 {
        chips.push((format!("SKIPS {}", cards.skips), palette::CARGO_PURPLE));
    }
    chips
}

fn paint_panel(
    canvas: &mut Canvas,
    view: &ExpressView,
    names: &[String],
    marks: &Marks,
    seat: Seat,
    rect: Rect,
) {
    let cards = &view.seats[seat];
    let fill = if view.viewer == Viewer::Seat(seat) {
        palette::PANEL_RAISED
    } else {
        palette::PANEL
    };
    canvas.fill_rounded_rect(rect, PANEL_RADIUS, fill);
    if seat_to_act(view) == Some(seat) {
        canvas.stroke_rounded_rect(rect, PANEL_RADIUS, HIGHLIGHT_WIDTH, palette::HIGHLIGHT);
    }
    let inner = rect.inset(PANEL_PAD);
    let cy = inner.y + NAME_LINE_H / 2.0;
    paint_seat_disc(canvas, inner.x + DISC_R, cy, DISC_R, seat_mark(seat));
    let facts = format!(
        "{} {} · {} in hand",
        number(cards.total),
        pts(cards.total),
        cards.hand_size
    );
    let facts_w = NAME.width(&facts);
    canvas.text(
        &NAME,
        inner.right(),
        baseline_in(inner.y, NAME_LINE_H, &NAME),
        Align::Right,
        &facts,
    );
    let name_x = inner.x + 2.0 * DISC_R + 10.0;
    let chips = chips(view, seat);
    let chips_w: f32 = chips
        .iter()
        .map(|(text, _)| badge_width(&CHIP_TEXT, CHIP_H, text) + CHIP_GAP)
        .sum();
    let name_room = (inner.right() - facts_w - 20.0 - chips_w - name_x).max(60.0);
    let name = NAME.ellipsize(&seat_name(names, seat), name_room);
    let name_w = canvas.text(
        &NAME,
        name_x,
        baseline_in(inner.y, NAME_LINE_H, &NAME),
        Align::Left,
        &name,
    );
    let mut chip_x = name_x + name_w + 12.0;
    for (text, colour) in chips {
        let style = CHIP_TEXT.with_colour(palette::ink_on(colour));
        chip_x += canvas.badge(&style, chip_x, cy - CHIP_H / 2.0, CHIP_H, colour, &text) + CHIP_GAP;
    }
    let cards_top = inner.y + NAME_LINE_H;
    let groups = groups(cards, seat, marks);
    if groups.is_empty() {
        canvas.text(
            &DETAIL,
            inner.x,
            baseline_in(cards_top, EMPTY_H, &DETAIL),
            Align::Left,
            "No trains yet",
        );
        return;
    }
    for (group, (line, dx)) in groups.iter().zip(flow(&groups, inner.w)) {
        let top = cards_top + line as f32 * LINE_H;
        for (i, &look) in group.cards.iter().enumerate() {
            let cx = inner.x + dx + i as f32 * (CARD_W + CARD_GAP);
            card::paint(canvas, Rect::new(cx, top, CARD_W, CARD_H), look);
        }
        let caption = match group.fresh {
            Some(from) => {
                let x0 = inner.x + dx + from as f32 * (CARD_W + CARD_GAP);
                let x1 = inner.x + dx + group.cards.len() as f32 * (CARD_W + CARD_GAP) - CARD_GAP;
                let outline = Rect::new(x0 - 3.0, top - 3.0, x1 - x0 + 6.0, CARD_H + 6.0);
                canvas.stroke_rounded_rect(outline, 7.0, 3.0, CHANGED);
                CHANGED_CAPTION
            }
            None => CAPTION,
        };
        canvas.text(
            &caption,
            inner.x + dx,
            top + CARD_H + CAPTION_H - 4.0,
            Align::Left,
            &group.caption,
        );
    }
}

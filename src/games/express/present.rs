//! Pictures and texts of an Express table, made from views only: the words shared by the text and the
//! pictures (names, cars, whose turn it is) are written here once.

use std::fmt::Write;

use super::cards::Kind;
use render::Canvas;

use super::draw;
use super::state::Express;
use super::train::{Car, Role};
use super::view::{ExpressView, PhaseView, SeatView, TrainView};
use crate::game::{Presenter, Seat, Viewer};
use crate::plural::{counted, pts};

/// The name of `seat`: its player's name, or "Seat N" past the list.
pub fn seat_name(names: &[String], seat: Seat) -> String {
    names
        .get(seat)
        .cloned()
        .unwrap_or_else(|| format!("Seat {}", seat + 1))
}

/// How a car of a train reads: "Box Car", "Wild as Coach", "Wild (open)", "Wild (transition after Tank Car)".
pub fn car_text(car: &Car) -> String {
    match car.role {
        Role::Plain => car.card.name().to_owned(),
        Role::As(kind) => format!("Wild as {kind}"),
        Role::Open => "Wild (open)".to_owned(),
        Role::Transition(kind) => format!("Wild (transition after {kind})"),
    }
}

/// The order seats play in from the current seat, by seat number: "2 → 3 → 1".
pub fn play_order(view: &ExpressView) -> String {
    let players = view.seats.len();
    (0..players)
        .map(|i| {
            let seat = if view.clockwise {
                (view.current + i) % players
            } else {
                (view.current + players - i) % players
            };
            (seat + 1).to_string()
        })
        .collect::<Vec<_>>()
        .join(" → ")
}

/// The seat that owes the next decision, if any: the current seat, or the target of a pending Disaster.
pub fn seat_to_act(view: &ExpressView) -> Option<Seat> {
    match view.phase {
        PhaseView::Draw | PhaseView::Meld => Some(view.current),
        PhaseView::Block { target, .. } => Some(target),
        PhaseView::Over => None,
    }
}

/// What happens now, in a sentence: who draws, melds, decides a block, or who won.
pub fn turn_line(view: &ExpressView, names: &[String]) -> String {
    let name = |seat| seat_name(names, seat);
    match view.phase {
        PhaseView::Draw => format!(
            "{} draws (2 from the pile, or the top discard)",
            name(view.current)
        ),
        PhaseView::Meld => format!("{} melds, then discards", name(view.current)),
        PhaseView::Block {
            card,
            attacker,
            target,
        } => format!(
            "{} played {card} on {}: {} decides whether to block it",
            name(attacker),
            name(target),
            name(target)
        ),
        PhaseView::Over => {
            let winners: Vec<String> = places(view)
                .iter()
                .enumerate()
                .filter(|&(_, &place)| place == 1)
                .map(|(seat, _)| name(seat))
                .collect();
            format!("Game over: {} won", winners.join(" and "))
        }
    }
}

/// Each seat's place by its total (1 for the best; equal totals share a place).
pub fn places(view: &ExpressView) -> Vec<u32> {
    view.seats
        .iter()
        .map(|seat| 1 + view.seats.iter().filter(|o| o.total > seat.total).count() as u32)
        .collect()
}

/// The facts of the table that are not a seat's: the hand, the dealer, the direction, the piles.
pub fn table_facts(view: &ExpressView, names: &[String]) -> Vec<String> {
    let mut facts = vec![
        format!("Dealer {}", seat_name(names, view.dealer)),
        format!(
            "play goes {} ({})",
            if view.clockwise {
                "clockwise"
            } else {
                "counter-clockwise"
            },
            play_order(view)
        ),
    ];
    if view.first_round && view.phase != PhaseView::Over {
        facts.push("first round: no Disasters, no going out".to_owned());
    }
    facts
}

fn train_text(number: usize, train: &TrainView) -> String {
    let loco = match train.loco {
        Some(kind) => format!("Loco {kind}"),
        None => "Loco face down".to_owned(),
    };
    let cars: Vec<String> = train.cars.iter().map(car_text).collect();
    format!(
        "train {number}: [{loco}] {} ({} {})",
        cars.join(", "),
        train.value,
        pts(train.value)
    )
}

fn seat_text(out: &mut String, view: &ExpressView, names: &[String], seat: Seat, cards: &SeatView) {
    let mut marks = Vec::new();
    if seat == view.dealer {
        marks.push("dealer".to_owned());
    }
    if view.viewer == Viewer::Seat(seat) {
        marks.push("you".to_owned());
    }
    if cards.skips > 0 {
        marks.push(format!("skips {}", counted(cards.skips, "turn")));
    }
    let marks = if marks.is_empty() {
        String::new()
    } else {
        format!(" ({})", marks.join(", "))
    };
    writeln!(
        out,
        "{} {} [seat {}]{marks}: {} {} · {} in hand",
        if seat_to_act(view) == Some(seat) {
            '>'
        } else {
            ' '
        },
        seat_name(names, seat),
        seat + 1,
        cards.total,
        pts(cards.total),
        counted(cards.hand_size, "card")
    )
    .ok();
    for (i, train) in cards.trains.iter().enumerate() {
        writeln!(out, "    {}", train_text(i + 1, train)).ok();
    }
    if !cards.way_cars.is_empty() {
        let way: Vec<String> = cards
            .way_cars
            .iter()
            .map(|w| {
                if w.permanent {
                    format!("{} (permanent)", w.card)
                } else {
                    w.card.name().to_owned()
                }
            })
            .collect();
        writeln!(out, "    Way Cars: {}", way.join(", ")).ok();
    }
}

fn piles_text(view: &ExpressView) -> String {
    let discard = match view.discard.last() {
        Some(top) => format!("discard pile {} (top {top})", view.discard.len()),
        None => "discard pile empty".to_owned(),
    };
    let slot = match view.disaster_slot.last() {
        Some(top) => format!("Disaster slot {} (top {top})", view.disaster_slot.len()),
        None => "Disaster slot empty".to_owned(),
    };
    let mut text = format!("Draw pile {} · {discard} · {slot}", view.draw_size);
    if view.turntables_played > 0 {
        write!(text, " · Turntables played {}", view.turntables_played).ok();
    }
    if !view.set_aside.is_empty() {
        let shown: Vec<&str> = view.set_aside.iter().map(|k| k.name()).collect();
        write!(text, " · set aside: {}", shown.join(", ")).ok();
    }
    if view.reshuffles > 0 {
        write!(text, " · reshuffles {}", view.reshuffles).ok();
    }
    text
}

/// The scores of the finished hands, one line per hand, and the totals.
pub fn scores_text(view: &ExpressView, names: &[String]) -> Option<String> {
    if view.hand_points.is_empty() {
        return None;
    }
    let mut text = String::from("Scores:");
    for (i, points) in view.hand_points.iter().enumerate() {
        let row: Vec<String> = points
            .iter()
            .enumerate()
            .map(|(seat, p)| format!("{} {p}", seat_name(names, seat)))
            .collect();
        write!(text, "\n  hand {}: {}", i + 1, row.join(", ")).ok();
    }
    Some(text)
}

/// The compact text picture of the table used by the terminal front end.
pub fn board_text(view: &ExpressView, names: &[String]) -> String {
    let mut out = format!(
        "Express · hand {} · game to {} points\n",
        view.hand_number, view.target
    );
    writeln!(out, "{}", table_facts(view, names).join(" · ")).ok();
    writeln!(out, "{}", piles_text(view)).ok();
    for (seat, cards) in view.seats.iter().enumerate() {
        seat_text(&mut out, view, names, seat, cards);
    }
    if let Some(scores) = scores_text(view, names) {
        writeln!(out, "{scores}").ok();
    }
    out.push_str(&turn_line(view, names));
    out.push('.');
    out
}

/// The viewer's hand, and the Locos only they know, as text.
pub fn hand_text(view: &ExpressView) -> Option<String> {
    let Viewer::Seat(seat) = view.viewer else {
        return None;
    };
    let own = view.seats.get(seat)?;
    let hand = own.hand.as_ref()?;
    let mut sorted: Vec<Kind> = hand.clone();
    sorted.sort_unstable();
    let mut text = if sorted.is_empty() {
        "Your hand is empty.".to_owned()
    } else {
        let cards: Vec<String> = sorted
            .iter()
            .map(|k| format!("{k} ({}, {})", k.code(), k.value()))
            .collect();
        format!("Your hand ({} cards): {}", sorted.len(), cards.join(", "))
    };
    let locos: Vec<String> = own
        .trains
        .iter()
        .enumerate()
        .filter_map(|(i, t)| t.loco.map(|loco| format!("train {}: {loco}", i + 1)))
        .collect();
    if !locos.is_empty() {
        write!(text, "\nYour Locos (face down): {}", locos.join(", ")).ok();
    }
    Some(text)
}

impl Presenter for Express {
    fn board_picture(view: &ExpressView, names: &[String]) -> Canvas {
        draw::board_picture(view, names)
    }

    fn hand_png(view: &ExpressView) -> Option<Vec<u8>> {
        draw::hand_png(view)
    }

    fn board_text(view: &ExpressView, names: &[String]) -> String {
        board_text(view, names)
    }

    fn hand_text(view: &ExpressView) -> Option<String> {
        hand_text(view)
    }

    fn rules_text() -> &'static str {
        super::rules_text::text()
    }

    fn board_picture_since(view: &ExpressView, before: &ExpressView, names: &[String]) -> Canvas {
        draw::board_picture_since(view, before, names)
    }

    fn panel_png(view: &ExpressView, names: &[String]) -> Option<Vec<u8>> {
        draw::panel_png(view, names)
    }

    fn standing_line(view: &ExpressView, names: &[String]) -> Option<String> {
        super::standing::standing_line(view, names)
    }
}

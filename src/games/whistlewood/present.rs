//! Pictures and texts of a Whistlewood table, made from views only.

use std::fmt::Write;

use super::cars::{COLOURS, Owner};
use render::Canvas;

use super::draw;
use super::rules::Whistlewood;
use super::view::{CardView, WhistlewoodView};
use crate::game::{Participant, Presenter};
use crate::plural::counted;

/// The name of a colour's player: the seat's name, or the Automa.
pub fn owner_name(view: &WhistlewoodView, names: &[String], owner: Owner) -> String {
    match view.colours.get(owner).and_then(|c| c.seat) {
        Some(seat) => names
            .get(seat)
            .cloned()
            .unwrap_or_else(|| format!("Seat {}", seat + 1)),
        None => format!("Automa (level {})", view.automa_level.unwrap_or(1)),
    }
}

/// The physical column order: the view's columns left to right as they lie on the table.
pub fn physical_order(view: &WhistlewoodView) -> Vec<usize> {
    if view.from_left == Some(false) {
        (0..5).rev().collect()
    } else {
        (0..5).collect()
    }
}

fn card_text(card: &CardView) -> String {
    let mut text = format!("{} {}", card.letter, short_name(card));
    if card.tracks > 0 {
        let cars: Vec<String> = card
            .cars
            .iter()
            .map(|c| format!("{}:{}", &COLOURS[c.owner][..1], c.tile))
            .collect();
        let free = usize::from(card.tracks).saturating_sub(card.cars.len());
        write!(
            text,
            " [{}{}]",
            cars.join(" "),
            "_ ".repeat(free).trim_end()
        )
        .ok();
    }
    text
}

fn short_name(card: &CardView) -> &'static str {
    match (
        card.station,
        card.silo,
        card.tracks,
        card.bonuses.is_empty(),
    ) {
        (true, true, _, _) => "Silo",
        (true, false, 1, _) => "Station1",
        (true, false, _, _) => "Station",
        (false, _, _, false) => "Siding",
        _ if !card.nature.is_empty() => match card.nature[0] {
            super::locations::Nature::Field => "Field",
            super::locations::Nature::River => "River",
        },
        _ => "Card",
    }
}

/// The compact text picture of the table used by the terminal front end.
pub fn board_text(view: &WhistlewoodView, names: &[String]) -> String {
    let mut out = String::from("Whistlewood Express");
    if let Some(level) = view.automa_level {
        write!(out, " · solo against the Automa, level {level}").ok();
    }
    write!(out, " · round {}", view.round).ok();
    out.push('\n');
    let order = physical_order(view);
    let numbers: Vec<String> = order.iter().map(|c| format!("col {}", c + 1)).collect();
    let width = view
        .rows
        .iter()
        .flatten()
        .map(|c| card_text(c).chars().count())
        .max()
        .unwrap_or(10)
        .max(6);
    let line = |cells: Vec<String>| -> String {
        cells
            .iter()
            .map(|c| format!("{c:<width$}"))
            .collect::<Vec<_>>()
            .join(" | ")
    };
    writeln!(out, "{}", line(numbers)).ok();
    writeln!(
        out,
        "{}",
        line(order.iter().map(|&c| card_text(&view.rows[0][c])).collect())
    )
    .ok();
    let mut train = vec![String::new(); 5];
    let mut before = Vec::new();
    let mut after = Vec::new();
    let loco_text = match view.from_left {
        Some(false) => "<LOCO".to_owned(),
        _ => "LOCO>".to_owned(),
    };
    let mut place = |column: i32, text: String| {
        if (1..=5).contains(&column) {
            train[(column - 1) as usize] = text;
        } else if column < 1 {
            before.push(text);
        } else {
            after.push(text);
        }
    };
    place(view.loco, loco_text);
    for car in &view.train {
        place(
            car.column,
            format!("{}:{}", &COLOURS[car.car.owner][..1], car.car.tile),
        );
    }
    let mut train_line = line(order.iter().map(|&c| train[c].clone()).collect());
    if !before.is_empty() {
        let text = format!("before the map: {}", before.join(", "));
        train_line.push_str(&format!("   ({text})"));
    }
    if !after.is_empty() {
        train_line.push_str(&format!("   (past the map: {})", after.join(", ")));
    }
    writeln!(out, "{train_line}").ok();
    writeln!(
        out,
        "{}",
        line(order.iter().map(|&c| card_text(&view.rows[1][c])).collect())
    )
    .ok();
    if view.from_left.is_some() {
        writeln!(
            out,
            "Cars in the train past column {} lose points.",
            view.last_station_column
        )
        .ok();
    }
    for colour in &view.colours {
        let mut name = owner_name(view, names, colour.owner);
        if colour.owner == view.start_owner {
            name.push('*');
        }
        writeln!(
            out,
            "{} {name} ({}): {} ({}) · hand {}, draw pile {}, discards {}",
            if view.turn.as_ref().is_some_and(|t| t.owner == colour.owner) {
                '>'
            } else {
                ' '
            },
            COLOURS[colour.owner],
            counted(colour.score.total, "point"),
            colour.score.detail(),
            colour.hand,
            colour.draw,
            colour.discard
        )
        .ok();
    }
    match (&view.outcome, &view.turn) {
        (Some(outcome), _) => {
            out.push_str("Game over.");
            for standing in &outcome.standings {
                let name = match &standing.participant {
                    Participant::Seat(seat) => names
                        .get(*seat)
                        .cloned()
                        .unwrap_or_else(|| format!("Seat {}", seat + 1)),
                    Participant::Automa(name) => name.clone(),
                };
                write!(
                    out,
                    "\n{}. {name} {} ({})",
                    standing.place, standing.score, standing.detail
                )
                .ok();
            }
        }
        (None, Some(turn)) => {
            write!(
                out,
                "{} to move: {}",
                owner_name(view, names, turn.owner),
                turn.summary
            )
            .ok();
            if view.final_turn {
                out.push_str(" (the final turn)");
            }
            if turn.advance_waits {
                out.push_str(" · an automatic advance waits for the next action");
            }
        }
        (None, None) => {}
    }
    out
}

/// The viewer's hand as text.
pub fn hand_text(view: &WhistlewoodView) -> Option<String> {
    let hand = view.hand.as_ref()?;
    let names: Vec<String> = hand
        .iter()
        .map(|t| format!("{t} ({})", t.describe()))
        .collect();
    let mut text = if names.is_empty() {
        "Your hand is empty.".to_owned()
    } else {
        format!("Your hand: {}", names.join(", "))
    };
    if let Some(discards) = &view.discards
        && !discards.is_empty()
    {
        let names: Vec<String> = discards.iter().map(|t| t.to_string()).collect();
        write!(text, "\nYour discard pile: {}", names.join(", ")).ok();
    }
    Some(text)
}

impl Presenter for Whistlewood {
    fn board_picture(view: &WhistlewoodView, names: &[String]) -> Canvas {
        draw::board_picture(view, names)
    }

    fn hand_png(view: &WhistlewoodView) -> Option<Vec<u8>> {
        draw::hand_png(view)
    }

    fn board_text(view: &WhistlewoodView, names: &[String]) -> String {
        board_text(view, names)
    }

    fn hand_text(view: &WhistlewoodView) -> Option<String> {
        hand_text(view)
    }

    fn rules_text() -> &'static str {
        include_str!("rules.md")
    }

    fn board_picture_since(
        view: &WhistlewoodView,
        before: &WhistlewoodView,
        names: &[String],
    ) -> Canvas {
        draw::board_picture_since(view, before, names)
    }

    fn panel_png(view: &WhistlewoodView, names: &[String]) -> Option<Vec<u8>> {
        draw::panel_png(view, names)
    }

    fn standing_line(view: &WhistlewoodView, names: &[String]) -> Option<String> {
        Some(super::standing::standing_line(view, names))
    }
}

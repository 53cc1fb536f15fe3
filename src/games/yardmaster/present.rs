//! Pictures and texts of a Yardmaster table, made from views only.

use std::fmt::Write;

use render::Canvas;

use super::draw;
use super::rules::Yardmaster;
use super::train;
use super::view::{CardView, TrainView, YardmasterView};
use crate::game::{Presenter, Viewer};
use crate::plural::counted;

/// How an unknown face-down card is written.
const HIDDEN: &str = "##|##";

fn name_of(names: &[String], seat: usize) -> String {
    names
        .get(seat)
        .cloned()
        .unwrap_or_else(|| format!("Seat {}", seat + 1))
}

fn card_text(card: &CardView) -> String {
    match (card.face, card.face_up) {
        (Some(face), true) => face.to_string(),
        (Some(face), false) => format!("({face})"),
        (None, _) => HIDDEN.to_string(),
    }
}

fn score_text(train: &TrainView, with_caboose: bool) -> String {
    let s = &train.score;
    let mut text = format!("train {}", s.train);
    if s.run_bonus > 0 {
        write!(text, " + run {}", s.run_bonus).ok();
    }
    if with_caboose && s.caboose > 0 {
        write!(text, " + caboose {}", s.caboose).ok();
    }
    if s.earlier_games > 0 {
        write!(text, " + game 1 {}", s.earlier_games).ok();
    }
    text
}

/// The compact text picture of the table used by the terminal front end.
pub fn board_text(view: &YardmasterView, names: &[String]) -> String {
    let mut out = String::from("Yardmaster Express");
    if view.games > 1 {
        write!(out, " · game {} of {}", view.game_number, view.games).ok();
    }
    write!(
        out,
        " · round {} of {} · {} in the deck · the hand passes to the {}",
        view.round,
        view.rounds,
        counted(view.deck_left, "card"),
        if view.clockwise { "left" } else { "right" }
    )
    .ok();
    if view.draw_at_end {
        out.push_str(" · draw at the end of the turn");
    }
    out.push('\n');
    if let Some(caboose) = &view.caboose {
        writeln!(
            out,
            "Caboose: {} ({}): {}",
            caboose.name,
            counted(caboose.points, "point"),
            caboose.condition
        )
        .ok();
    }
    let width = (0..view.players)
        .map(|s| name_of(names, s).chars().count())
        .max()
        .unwrap_or(0)
        + 1;
    let with_caboose = view.caboose.is_some();
    let scores: Vec<String> = view
        .trains
        .iter()
        .map(|t| score_text(t, with_caboose))
        .collect();
    let score_width = scores.iter().map(String::len).max().unwrap_or(0);
    for (train, score) in view.trains.iter().zip(&scores) {
        let mut name = name_of(names, train.seat);
        if train.seat == view.start_player {
            name.push('*');
        }
        let cards: Vec<String> = train.cards.iter().map(card_text).collect();
        writeln!(
            out,
            "{} {name:<width$} {:>3}  {score:<score_width$}  [Engine] {}",
            if train.holds_hand { '>' } else { ' ' },
            train.score.total,
            cards.join(" "),
        )
        .ok();
    }
    if view.longest_run >= 2 {
        writeln!(
            out,
            "Longest cargo run on the table: {} railcars",
            view.longest_run
        )
        .ok();
    }
    match (&view.outcome, view.to_act) {
        (Some(outcome), _) => {
            out.push_str("Game over.");
            for standing in &outcome.standings {
                if let crate::game::Participant::Seat(seat) = standing.participant {
                    write!(
                        out,
                        "\n{}. {} {} ({})",
                        standing.place,
                        name_of(names, seat),
                        standing.score,
                        standing.detail
                    )
                    .ok();
                }
            }
        }
        (None, Some(seat)) => {
            write!(
                out,
                "{} to play, holding {}.",
                name_of(names, seat),
                counted(view.hand_size, "card")
            )
            .ok();
        }
        (None, None) => {}
    }
    out.push_str("\n(* start player · ##|## face down");
    if let Viewer::Seat(_) = view.viewer {
        out.push_str(" · (Y2|B3) face down, shown to you");
    }
    out.push(')');
    out
}

/// The viewer's hand (and kept card) as text, with what each card may do, and the face-down cards of
/// the viewer's own train, which only they may look at.
pub fn hand_text(view: &YardmasterView) -> Option<String> {
    let Viewer::Seat(_) = view.viewer else {
        return None;
    };
    let face_down = view.own_face_down();
    if view.hand.is_none() && view.kept.is_none() && face_down.is_empty() {
        return None;
    }
    let mut out = String::new();
    if let Some(hand) = &view.hand {
        match view.own_end() {
            train::Slot::Car(car) => writeln!(
                out,
                "Your hand ({}); your train ends in {} {} ({car}):",
                counted(hand.len(), "card"),
                car.cargo.goods(),
                car.value
            ),
            train::Slot::Wild => writeln!(
                out,
                "Your hand ({}); your train ends Wild, so any card connects:",
                counted(hand.len(), "card")
            ),
        }
        .ok();
        for face in hand {
            let fits = view.fits_face_up(*face);
            writeln!(
                out,
                "  {face}  {:<26} {}",
                face.describe(),
                if fits { "up or down" } else { "down only" }
            )
            .ok();
        }
    }
    if let Some(face) = view.kept {
        writeln!(out, "Kept for your next turn: {face} ({})", face.describe()).ok();
    }
    if !face_down.is_empty() {
        writeln!(
            out,
            "Face down in your train (only you see them; railcars counted from the Engine):"
        )
        .ok();
        for (car, face) in face_down {
            writeln!(out, "  car {car}: {face}  {}", face.describe()).ok();
        }
    }
    Some(out.trim_end().to_string())
}

impl Presenter for Yardmaster {
    fn board_picture(view: &YardmasterView, names: &[String]) -> Canvas {
        draw::board_picture(view, names)
    }

    fn hand_png(view: &YardmasterView) -> Option<Vec<u8>> {
        draw::hand_png(view)
    }

    fn board_text(view: &YardmasterView, names: &[String]) -> String {
        board_text(view, names)
    }

    fn hand_text(view: &YardmasterView) -> Option<String> {
        hand_text(view)
    }

    fn rules_text() -> &'static str {
        include_str!("rules.md")
    }

    fn board_picture_since(
        view: &YardmasterView,
        before: &YardmasterView,
        names: &[String],
    ) -> Canvas {
        draw::board_picture_since(view, before, names)
    }

    fn panel_png(view: &YardmasterView, names: &[String]) -> Option<Vec<u8>> {
        draw::panel_png(view, names)
    }

    fn standing_line(view: &YardmasterView, names: &[String]) -> Option<String> {
        Some(super::standing::standing_line(view, names))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::yardmaster::rules::YardmasterSetup;
    use crate::games::yardmaster::{Action, cards};

    fn game_after(moves: &[&str]) -> Yardmaster {
        let setup = YardmasterSetup {
            start_player: 0,
            deck: cards::deck_faces(2).to_vec(),
            second_deck: None,
            caboose: None,
            second_caboose: None,
        };
        let mut game = Yardmaster::start(Default::default(), 2, setup, 0).expect("starts");
        for text in moves {
            let seat = game.current().expect("in play");
            let action: Action = text.parse().expect("notation");
            game.apply(seat, &action).expect("legal");
        }
        game
    }

    #[test]
    fn board_text_hides_other_seats_face_down_cards() {
        // Seat 0 holds B2|B2 B2|B2 R2|R2 at first; seat 1 then draws R2|R2.
        let game = game_after(&["down B2|B2", "up R2|R2"]);
        let names = ["Ann".to_string(), "Bob".to_string()];
        let own = board_text(&game.view(Viewer::Seat(0)), &names);
        let other = board_text(&game.view(Viewer::Seat(1)), &names);
        assert!(own.contains("(B2|B2)"), "{own}");
        assert!(
            other.contains(HIDDEN) && !other.contains("(B2|B2)"),
            "{other}"
        );
        assert!(
            other.contains("R2|R2") && other.contains("round 2 of 7"),
            "{other}"
        );
        assert!(other.contains("> Ann*"), "{other}");
        assert!(other.contains("Ann to play"), "{other}");
    }

    #[test]
    fn hand_text_says_what_each_card_may_do() {
        let game = game_after(&["up B2|B2"]);
        let text = hand_text(&game.view(Viewer::Seat(1))).expect("seat 1 holds the hand");
        assert!(text.contains("ends Wild"), "{text}");
        let game = game_after(&["up B2|B2", "up B2|B2"]);
        let text = hand_text(&game.view(Viewer::Seat(0))).expect("seat 0 holds the hand");
        assert!(text.contains("ends in Coal 2"), "{text}");
        assert!(
            text.contains("R2|R2  Livestock 2 | Livestock 2") && text.contains("up or down"),
            "{text}"
        );
        assert!(hand_text(&game.view(Viewer::Seat(1))).is_none());
        assert!(hand_text(&game.view(Viewer::Spectator)).is_none());
    }

    #[test]
    fn the_owner_sees_their_face_down_cards_in_their_hand_text_and_no_one_else_does() {
        // Seat 0 lays B2|B2 face down; seat 1 lays R2|R2 face down; the hand is back with seat 0.
        let game = game_after(&["down B2|B2", "down R2|R2"]);
        let own = hand_text(&game.view(Viewer::Seat(0))).expect("seat 0 holds the hand");
        assert!(
            own.contains("Face down in your train") && own.contains("car 1: B2|B2"),
            "{own}"
        );
        assert!(!own.contains("car 1: R2|R2"), "{own}");
        // Seat 1 holds no hand now, yet may still look at its own face-down card.
        let other = hand_text(&game.view(Viewer::Seat(1))).expect("seat 1 owns a face-down card");
        assert!(other.contains("car 1: R2|R2"), "{other}");
        assert!(
            !other.contains("B2|B2") && !other.contains("Your hand"),
            "{other}"
        );
        assert!(hand_text(&game.view(Viewer::Spectator)).is_none());
        // The picture shows what the text lists: the owner's face-down card, to the owner only.
        assert!(draw::hand_png(&game.view(Viewer::Seat(1))).is_some());
        assert!(draw::hand_png(&game.view(Viewer::Spectator)).is_none());
    }

    #[test]
    fn the_board_legend_promises_a_look_only_to_a_seat() {
        let game = game_after(&["down B2|B2"]);
        let names = ["Ann".to_string(), "Bob".to_string()];
        let public = board_text(&game.view(Viewer::Spectator), &names);
        assert!(
            public.contains("##|## face down") && !public.contains("shown to you"),
            "{public}"
        );
        let own = board_text(&game.view(Viewer::Seat(0)), &names);
        assert!(
            own.contains("(B2|B2)") && own.contains("shown to you"),
            "{own}"
        );
    }

    #[test]
    fn rules_text_and_registry() {
        assert!(Yardmaster::rules_text().contains("## Notation"));
        let kind = crate::games::find("Yardmaster").expect("registered");
        assert_eq!(kind.name(), "Yardmaster Express");
        assert_eq!(kind.seats(), 2..=5);
    }
}

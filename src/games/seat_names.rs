//! The names seats go by in texts people read. Engines write seats as [`seat_ref`](crate::game::seat_ref)
//! tokens; every engine text on its way to a person (a refusal, an event) is filled in here, by the table
//! and by `roundhouse replay` alike.

use crate::game::{Audience, Event, Seat, Viewer, fill_seat_refs};
use crate::games::adapter::{LegalMove, MoveError};

/// The players' names in seat order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatNames(Vec<String>);

impl SeatNames {
    /// These names, in seat order.
    pub fn new(names: Vec<String>) -> Self {
        SeatNames(names)
    }

    /// "Player 1", "Player 2", … for `players` seats.
    pub fn numbered(players: usize) -> Self {
        SeatNames((0..players).map(numbered).collect())
    }

    /// The name of `seat` ("Player N" for a seat past the list).
    pub fn name(&self, seat: Seat) -> String {
        self.0.get(seat).cloned().unwrap_or_else(|| numbered(seat))
    }

    /// `text` with every seat token replaced by a name.
    pub fn fill(&self, text: &str) -> String {
        fill_seat_refs(text, |seat| self.name(seat))
    }

    /// Legal moves with names in their labels.
    pub fn legal(&self, moves: Vec<LegalMove>) -> Vec<LegalMove> {
        moves
            .into_iter()
            .map(|m| LegalMove {
                label: self.fill(&m.label),
                notation: m.notation,
            })
            .collect()
    }

    /// A refused move in words: names in its message and in the labels of the legal moves.
    pub fn refusal(&self, error: MoveError) -> MoveError {
        MoveError {
            message: self.fill(&error.message),
            legal: self.legal(error.legal),
        }
    }

    /// The texts of `events` that `viewer` may read, named.
    pub fn readable(&self, events: &[Event], viewer: Viewer) -> Vec<String> {
        events
            .iter()
            .filter(|e| match (e.audience, viewer) {
                (Audience::Everyone, _) => true,
                (Audience::Only(seat), Viewer::Seat(me)) => seat == me,
                (Audience::Only(_), Viewer::Spectator) => false,
            })
            .map(|e| self.fill(&e.text))
            .collect()
    }
}

fn numbered(seat: Seat) -> String {
    format!("Player {}", seat + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::seat_ref;

    #[test]
    fn tokens_become_names_and_unknown_seats_are_numbered() {
        let names = SeatNames::new(vec!["Alice".into(), "Bob".into()]);
        let text = format!(
            "{} passes to {}; {} waits",
            seat_ref(0),
            seat_ref(1),
            seat_ref(4)
        );
        assert_eq!(names.fill(&text), "Alice passes to Bob; Player 5 waits");
        assert_eq!(
            SeatNames::numbered(2).fill(&seat_ref(1)),
            "Player 2".to_owned()
        );
    }

    #[test]
    fn a_refusal_is_named_in_its_message_and_labels() {
        let error = MoveError {
            message: format!("It is {}'s turn.", seat_ref(1)),
            legal: vec![LegalMove {
                notation: "keep".into(),
                label: format!("hand the turn to {}", seat_ref(0)),
            }],
        };
        let named = SeatNames::numbered(2).refusal(error);
        assert_eq!(named.message, "It is Player 2's turn.");
        assert_eq!(named.legal[0].label, "hand the turn to Player 1");
        assert_eq!(named.legal[0].notation, "keep");
    }

    #[test]
    fn private_events_reach_only_their_seat() {
        let events = vec![
            Event::public(format!("{} drew", seat_ref(0))),
            Event::private(0, "you drew Oil 2 | Oil 3"),
        ];
        let names = SeatNames::numbered(2);
        assert_eq!(
            names.readable(&events, Viewer::Seat(0)),
            vec!["Player 1 drew", "you drew Oil 2 | Oil 3"]
        );
        assert_eq!(
            names.readable(&events, Viewer::Seat(1)),
            vec!["Player 1 drew"]
        );
        assert_eq!(
            names.readable(&events, Viewer::Spectator),
            vec!["Player 1 drew"]
        );
    }
}

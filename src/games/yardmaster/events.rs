//! The words of Yardmaster events, built without the formatting machinery (they are made on every
//! move).

use super::cabooses::Caboose;
use super::cards::Face;
use super::scoring::GameScore;
use crate::game::{Event, Seat};
use crate::games::narration::push_number;

fn push_seat(out: &mut String, seat: Seat) {
    out.push_str("{seat");
    push_number(out, seat as i64);
    out.push('}');
}

/// Appends "Oil 2 | Coal 3".
fn push_face(out: &mut String, face: Face) {
    out.push_str(face.left.cargo.goods());
    out.push(' ');
    push_number(out, i64::from(face.left.value));
    out.push_str(" | ");
    out.push_str(face.right.cargo.goods());
    out.push(' ');
    push_number(out, i64::from(face.right.value));
}

/// "{seat0} added Oil 2 | Oil 3 face up." or "{seat0} added a card face down." (face hidden).
pub fn placed(seat: Seat, face: Face, face_up: bool) -> Event {
    let mut text = String::with_capacity(48);
    push_seat(&mut text, seat);
    if face_up {
        text.push_str(" added ");
        push_face(&mut text, face);
        text.push_str(" face up.");
    } else {
        text.push_str(" added a card face down.");
    }
    Event::public(text)
}

/// The private "You drew Oil 2 | Coal 3." for the seat that drew.
pub fn drew(seat: Seat, face: Face) -> Event {
    let mut text = String::with_capacity(40);
    text.push_str("You drew ");
    push_face(&mut text, face);
    text.push('.');
    Event::private(seat, text)
}

/// "Round 3 of 6 begins."
pub fn round_begins(round: u32, rounds: u32) -> Event {
    let mut text = String::with_capacity(24);
    text.push_str("Round ");
    push_number(&mut text, i64::from(round));
    text.push_str(" of ");
    push_number(&mut text, i64::from(rounds));
    text.push_str(" begins.");
    Event::public(text)
}

/// Appends "{seat0} 31 (train 27 + run 4), {seat1} …" for the end of a game.
fn push_scores(out: &mut String, scores: &[GameScore], with_caboose: bool) {
    for (seat, s) in scores.iter().enumerate() {
        if seat > 0 {
            out.push_str(", ");
        }
        push_seat(out, seat);
        out.push(' ');
        push_number(out, i64::from(s.total()));
        out.push_str(" (");
        s.write_detail(out, with_caboose);
        out.push(')');
    }
}

/// "Game 1 is over: …." with the scores of that game of a match (the table announces the final
/// standings).
pub fn game_over(number: u8, scores: &[GameScore], with_caboose: bool) -> Event {
    let mut text = String::with_capacity(40 + 48 * scores.len());
    text.push_str("Game ");
    push_number(&mut text, i64::from(number));
    text.push_str(" is over: ");
    push_scores(&mut text, scores, with_caboose);
    text.push('.');
    Event::public(text)
}

/// "Game 2 begins: {seat2} starts, and the hand now passes to the right."
pub fn second_game_begins(start: Seat) -> Event {
    let mut text = String::from("Game 2 begins: ");
    push_seat(&mut text, start);
    text.push_str(" starts, and the hand now passes to the right.");
    Event::public(text)
}

/// The Caboose of a match's second game, face up as that game begins.
pub fn second_game_caboose(caboose: &Caboose) -> Event {
    let mut text = String::from("Game 2's Caboose: ");
    text.push_str(caboose.name);
    text.push_str(" (");
    push_number(&mut text, i64::from(caboose.points));
    text.push_str(" points: ");
    text.push_str(caboose.text);
    text.push_str(").");
    Event::public(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Audience, seat_ref};

    #[test]
    fn texts_read_as_written() {
        let face: Face = "Y2|B3".parse().expect("face");
        assert_eq!(
            placed(3, face, true).text,
            format!("{} added Oil 2 | Coal 3 face up.", seat_ref(3))
        );
        assert!(!placed(3, face, false).text.contains("Oil"));
        let drawn = drew(12, face);
        assert_eq!(drawn.audience, Audience::Only(12));
        assert_eq!(drawn.text, "You drew Oil 2 | Coal 3.");
        assert_eq!(round_begins(3, 10).text, "Round 3 of 10 begins.");
        let score = GameScore {
            train: 27,
            run_bonus: 4,
            caboose: 0,
            longest_run: 4,
        };
        assert_eq!(
            game_over(2, &[score, score], false).text,
            "Game 2 is over: {seat0} 31 (train 27 + run 4), {seat1} 31 (train 27 + run 4)."
        );
        assert_eq!(
            game_over(1, &[score], true).text,
            "Game 1 is over: {seat0} 31 (train 27 + run 4 + caboose 0)."
        );
    }
}

//! Who leads and by how much, in one public line for a board picture's alt text: scores as they would
//! stand if the game ended now (face-down cards count 4 whatever their faces, so nothing hidden shows).

use super::draw::seat_name;
use super::view::YardmasterView;
use crate::game::Participant;
use crate::plural::{counted, listed};

/// "Ann leads with 34 points, 5 ahead; Bo 29, Cy 20", "Ann and Bo lead with 12 points; Cy 8", "Ann and Bo
/// are tied on 0 points", or once the game is over "Bo won with 40 points; Ann 38".
pub fn standing_line(view: &YardmasterView, names: &[String]) -> String {
    if let Some(outcome) = &view.outcome {
        let mut order = outcome
            .standings
            .iter()
            .filter_map(|s| match s.participant {
                Participant::Seat(seat) => Some((seat_name(names, seat), s.score)),
                Participant::Automa(_) => None,
            });
        let Some((winner, score)) = order.next() else {
            return "The game is over.".to_owned();
        };
        let rest: Vec<String> = order
            .map(|(name, score)| format!("{name} {score}"))
            .collect();
        return format!(
            "{winner} won with {}; {}",
            counted(score, "point"),
            rest.join(", ")
        );
    }
    let mut scores: Vec<(String, i32)> = view
        .trains
        .iter()
        .map(|t| (seat_name(names, t.seat), t.score.total))
        .collect();
    scores.sort_by_key(|(_, score)| -score);
    let Some(&(_, best)) = scores.first() else {
        return String::new();
    };
    let (leaders, rest): (Vec<_>, Vec<_>) = scores.into_iter().partition(|(_, s)| *s == best);
    let leader_names: Vec<String> = leaders.into_iter().map(|(name, _)| name).collect();
    let points = counted(best, "point");
    let Some(&(_, second)) = rest.first() else {
        return format!("{} are tied on {points}", listed(&leader_names));
    };
    let others: Vec<String> = rest.iter().map(|(name, s)| format!("{name} {s}")).collect();
    match leader_names.as_slice() {
        [one] => format!(
            "{one} leads with {points}, {} ahead; {}",
            best - second,
            others.join(", ")
        ),
        many => format!("{} lead with {points}; {}", listed(many), others.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Viewer};
    use crate::games::yardmaster::rules::{Yardmaster, YardmasterSetup};
    use crate::games::yardmaster::{Action, cards};

    fn game_after(players: usize, moves: &[&str]) -> Yardmaster {
        let setup = YardmasterSetup {
            start_player: 0,
            deck: cards::deck_faces(players).to_vec(),
            second_deck: None,
            caboose: None,
            second_caboose: None,
        };
        let mut game = Yardmaster::start(Default::default(), players, setup, 0).expect("starts");
        for text in moves {
            let seat = game.current().expect("in play");
            let action: Action = text.parse().expect("notation");
            game.apply(seat, &action).expect("legal");
        }
        game
    }

    fn names() -> Vec<String> {
        ["Ann", "Bob", "Cy"].map(String::from).to_vec()
    }

    #[test]
    fn the_line_names_the_leader_the_lead_and_the_others() {
        let start = game_after(3, &[]);
        assert_eq!(
            standing_line(&start.view(Viewer::Spectator), &names()),
            "Ann, Bob and Cy are tied on 0 points"
        );
        // Ann's B2|B2 is worth 4 and a run of 2 (2 more); Bob's face-down card is worth 4.
        let game = game_after(3, &["up B2|B2", "down B2|B2"]);
        assert_eq!(
            standing_line(&game.view(Viewer::Spectator), &names()),
            "Ann leads with 6 points, 2 ahead; Bob 4, Cy 0"
        );
    }

    #[test]
    fn a_finished_game_names_its_winner() {
        let mut game = game_after(2, &[]);
        while let Some(seat) = game.current() {
            let action = game.legal(seat)[0];
            game.apply(seat, &action).expect("legal");
        }
        let line = standing_line(&game.view(Viewer::Spectator), &names());
        let outcome = game.outcome().expect("over");
        let winner = &outcome.standings[0];
        let Participant::Seat(seat) = winner.participant else {
            unreachable!()
        };
        assert!(
            line.starts_with(&format!(
                "{} won with {} points; ",
                names()[seat],
                winner.score
            )),
            "{line}"
        );
    }
}

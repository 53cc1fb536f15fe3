//! Who leads a Coal Train table and by how much, in one public line for a picture's alt text.

use super::view::CoalTrainView;
use super::words::seat_name;
use crate::plural::listed;

/// "Ada leads with 12 VP, 3 ahead of Bo (9 VP)"; once the game is over, the final scores ("Ada won
/// with 45 VP, 6 ahead of Bo (39 VP)"); ties share the lead.
pub fn standing_line(view: &CoalTrainView, names: &[String]) -> String {
    let mut scores: Vec<(usize, i32)> = match &view.outcome {
        Some(outcome) => view
            .players
            .iter()
            .filter_map(|p| outcome.standing_of(p.seat).map(|s| (p.seat, s.score)))
            .collect(),
        None => view.players.iter().map(|p| (p.seat, p.vp)).collect(),
    };
    scores.sort_by_key(|&(seat, vp)| (-vp, seat));
    let Some(&(_, best)) = scores.first() else {
        return "Nobody plays.".to_string();
    };
    let over = view.outcome.is_some();
    if best == 0 && !over {
        return "Nobody has scored yet.".to_string();
    }
    let leaders: Vec<String> = scores
        .iter()
        .filter(|&&(_, vp)| vp == best)
        .map(|&(seat, _)| seat_name(names, seat))
        .collect();
    let lead = match (leaders.as_slice(), over) {
        ([one], false) => format!("{one} leads with {best} VP"),
        ([one], true) => format!("{one} won with {best} VP"),
        (_, false) => format!("{} share the lead with {best} VP", listed(&leaders)),
        (_, true) => format!("{} share the win with {best} VP", listed(&leaders)),
    };
    match scores.iter().find(|&&(_, vp)| vp < best) {
        Some(&(seat, vp)) if leaders.len() == 1 => format!(
            "{lead}, {} ahead of {} ({vp} VP)",
            best - vp,
            seat_name(names, seat)
        ),
        Some(&(seat, vp)) => format!("{lead}; next {} ({vp} VP)", seat_name(names, seat)),
        None => lead,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, GameRng, ToAct, Viewer};
    use crate::games::coal_train::{CoalTrain, CoalTrainOptions};

    fn names() -> Vec<String> {
        ["Ada", "Bo", "Cy"].map(String::from).to_vec()
    }

    fn view_with(vp: [i32; 3]) -> CoalTrainView {
        let mut rng = GameRng::seeded(5);
        let options = CoalTrainOptions::default();
        let setup = CoalTrain::deal(&options, 3, &mut rng);
        let game = CoalTrain::start(options, 3, setup, 5).unwrap();
        let mut view = game.view(Viewer::Spectator);
        for (player, vp) in view.players.iter_mut().zip(vp) {
            player.vp = vp;
        }
        view
    }

    #[test]
    fn the_leader_is_named_with_the_gap_to_the_next() {
        assert_eq!(
            standing_line(&view_with([4, 9, 7]), &names()),
            "Bo leads with 9 VP, 2 ahead of Cy (7 VP)"
        );
        assert_eq!(
            standing_line(&view_with([9, 9, 3]), &names()),
            "Ada and Bo share the lead with 9 VP; next Cy (3 VP)"
        );
        assert_eq!(
            standing_line(&view_with([0, 0, 0]), &names()),
            "Nobody has scored yet."
        );
    }

    #[test]
    fn a_finished_game_names_the_winner_by_final_score() {
        let mut rng = GameRng::seeded(6);
        let options = CoalTrainOptions::default();
        let setup = CoalTrain::deal(&options, 3, &mut rng);
        let mut game = CoalTrain::start(options, 3, setup, 6).unwrap();
        while let ToAct::Seats(seats) = game.to_act() {
            let legal = game.legal(seats[0]);
            game.apply_quiet(seats[0], &legal[rng.index(legal.len())])
                .unwrap();
        }
        let outcome = game.outcome().unwrap();
        let line = standing_line(&game.view(Viewer::Spectator), &names());
        let winner = &outcome.standings[0];
        let crate::game::Participant::Seat(seat) = winner.participant else {
            panic!("Coal Train has no Automa");
        };
        assert!(
            line.starts_with(&format!("{} ", names()[seat])) || line.contains(" share the win "),
            "{line}"
        );
        assert!(
            line.contains(&format!("with {} VP", winner.score)),
            "{line}"
        );
    }
}

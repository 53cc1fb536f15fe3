//! Who leads an Express game and by how much, in one public line for a board picture's alt text: "Ann
//! leads with 34 points; Bo 29, Cy 12". Totals count finished hands only, so before the first hand is
//! scored there is no line.

use super::present::seat_name;
use super::view::{ExpressView, PhaseView};
use crate::plural::{counted, listed};

/// The standing line of `view` with `names` in seat order; none before a hand has been scored.
pub fn standing_line(view: &ExpressView, names: &[String]) -> Option<String> {
    if view.hand_points.is_empty() {
        return None;
    }
    let mut order: Vec<usize> = (0..view.seats.len()).collect();
    order.sort_by_key(|&seat| (std::cmp::Reverse(view.seats[seat].total), seat));
    let best = view.seats[*order.first()?].total;
    let (leaders, rest): (Vec<usize>, Vec<usize>) = order
        .into_iter()
        .partition(|&seat| view.seats[seat].total == best);
    let leader_names: Vec<String> = leaders.iter().map(|&s| seat_name(names, s)).collect();
    let verb = match (view.phase == PhaseView::Over, leaders.len()) {
        (true, 1) => "won",
        (true, _) => "tied for the win",
        (false, 1) => "leads",
        (false, _) => "lead",
    };
    let mut line = format!(
        "{} {verb} with {}",
        listed(&leader_names),
        counted(best, "point")
    );
    if !rest.is_empty() {
        let others: Vec<String> = rest
            .iter()
            .map(|&s| format!("{} {}", seat_name(names, s), view.seats[s].total))
            .collect();
        line.push_str("; ");
        line.push_str(&others.join(", "));
    }
    Some(line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, GameRng, Viewer};
    use crate::games::express::{Express, ExpressOptions, ExpressSetup};

    fn names() -> Vec<String> {
        ["Ann", "Bo", "Cy"].map(String::from).to_vec()
    }

    fn view_with_totals(totals: Vec<i32>) -> ExpressView {
        let options = ExpressOptions::default();
        let dealt = Express::deal(&options, 3, &mut GameRng::seeded(3));
        let setup = ExpressSetup {
            totals: Some(totals),
            ..dealt
        };
        let game = Express::start(options, 3, setup, 3).unwrap();
        let mut view = game.view(Viewer::Spectator);
        view.hand_points = vec![vec![0, 0, 0]];
        view
    }

    #[test]
    fn the_leader_comes_first_then_the_others_best_first() {
        let view = view_with_totals(vec![12, 34, 29]);
        assert_eq!(
            standing_line(&view, &names()).as_deref(),
            Some("Bo leads with 34 points; Cy 29, Ann 12")
        );
    }

    #[test]
    fn tied_leaders_share_the_lead() {
        let view = view_with_totals(vec![34, 12, 34]);
        assert_eq!(
            standing_line(&view, &names()).as_deref(),
            Some("Ann and Cy lead with 34 points; Bo 12")
        );
    }

    #[test]
    fn once_the_game_is_over_the_leader_won() {
        let mut view = view_with_totals(vec![98, 124, 1]);
        view.phase = PhaseView::Over;
        assert_eq!(
            standing_line(&view, &names()).as_deref(),
            Some("Bo won with 124 points; Ann 98, Cy 1")
        );
    }

    #[test]
    fn there_is_no_line_before_a_hand_is_scored() {
        let mut view = view_with_totals(vec![0, 0, 0]);
        view.hand_points.clear();
        assert_eq!(standing_line(&view, &names()), None);
    }
}

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

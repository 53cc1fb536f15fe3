//! The result banner once the game is over: the winner (or a shared victory) and the standings with how
//! each score was made.

use render::theme::{Standing as BannerLine, StandingsBanner};

use super::players::score_detail;
use super::style::{number, owner_mark};
use crate::game::{Outcome, Participant, Standing, fill_seat_refs};
use crate::games::whistlewood::present::owner_name;
use crate::games::whistlewood::view::WhistlewoodView;
use crate::plural::pts;

/// The banner for `outcome`.
pub fn banner(view: &WhistlewoodView, outcome: &Outcome, names: &[String]) -> StandingsBanner {
    let standings: Vec<BannerLine> = outcome
        .standings
        .iter()
        .map(|standing| {
            let owner = owner_of(view, standing);
            BannerLine {
                place: standing.place,
                seat: owner.map(owner_mark),
                name: name_of(view, standing, names),
                score: format!("{} {}", number(standing.score), pts(standing.score)),
                detail: owner
                    .and_then(|owner| view.colours.get(owner))
                    .map_or_else(|| standing.detail.clone(), score_detail),
            }
        })
        .collect();
    let note = outcome.tie_break.as_deref().map(|text| {
        fill_seat_refs(text, |seat| {
            match view.colours.iter().find(|c| c.seat == Some(seat)) {
                Some(colour) => owner_name(view, names, colour.owner),
                None => format!("Seat {}", seat + 1),
            }
        })
    });
    StandingsBanner {
        title: title(&standings),
        standings,
        note,
    }
}

/// "Alice wins", or a shared victory.
fn title(standings: &[BannerLine]) -> String {
    let winners: Vec<&str> = standings
        .iter()
        .filter(|s| s.place == 1)
        .map(|s| s.name.as_str())
        .collect();
    match winners.as_slice() {
        [one] => format!("Game over · {one} wins"),
        [] => "Game over".to_owned(),
        many => format!("Game over · shared victory: {}", many.join(" and ")),
    }
}

/// The colour a standing belongs to.
pub fn owner_of(view: &WhistlewoodView, standing: &Standing) -> Option<usize> {
    view.colours
        .iter()
        .find(|c| match (&standing.participant, c.seat) {
            (Participant::Seat(seat), Some(own)) => *seat == own,
            (Participant::Automa(_), None) => true,
            _ => false,
        })
        .map(|c| c.owner)
}

/// The name of a standing's player, as the panels name them.
fn name_of(view: &WhistlewoodView, standing: &Standing, names: &[String]) -> String {
    match (owner_of(view, standing), &standing.participant) {
        (Some(owner), _) => owner_name(view, names, owner),
        (None, Participant::Automa(name)) => name.clone(),
        (None, Participant::Seat(seat)) => format!("Seat {}", seat + 1),
    }
}

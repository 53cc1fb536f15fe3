//! The result banner shown once the match is over: places, names, scores and how they were made.

use render::theme::{Standing, StandingsBanner};

use super::style::seat_name;
use crate::game::{Outcome, Participant, fill_seat_refs};

/// The banner for `outcome`; `games` is how many games the match had.
pub fn banner(outcome: &Outcome, names: &[String], games: u8) -> StandingsBanner {
    let title = if games > 1 {
        "Match result"
    } else {
        "Final result"
    };
    StandingsBanner {
        title: title.to_owned(),
        standings: outcome
            .standings
            .iter()
            .map(|standing| Standing {
                place: standing.place,
                seat: None,
                name: match &standing.participant {
                    Participant::Seat(seat) => seat_name(names, *seat),
                    Participant::Automa(name) => name.clone(),
                },
                score: standing.score.to_string(),
                detail: standing.detail.clone(),
            })
            .collect(),
        note: outcome
            .tie_break
            .as_deref()
            .map(|text| fill_seat_refs(text, |seat| seat_name(names, seat))),
    }
}

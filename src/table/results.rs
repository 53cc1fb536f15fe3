//! The results a finished game stores: one row per participant, the rules' own players (an Automa)
//! included, so that only beating or tying them counts as a win.

use crate::game::{Outcome, Participant};
use crate::store::{GameRecord, ResultRecord};

/// Results of a game played to the end: a row per seat, then a row per rules-run player (numbered after
/// the seats, with no user). People who resigned come after everyone who played on; participants tied
/// in the outcome share a place.
pub(super) fn results_from(record: &GameRecord, outcome: &Outcome) -> Vec<ResultRecord> {
    let mut next_rules_player = record.seats.len();
    let mut rows: Vec<(bool, u32, ResultRecord)> = Vec::with_capacity(outcome.standings.len());
    for standing in &outcome.standings {
        let row = match &standing.participant {
            Participant::Seat(seat) => {
                let Some(s) = record.seats.get(*seat) else {
                    continue;
                };
                ResultRecord {
                    seat: *seat,
                    user_id: s.user_id.clone(),
                    name: s.name.clone(),
                    score: standing.score,
                    place: 0,
                    resigned: s.resigned,
                }
            }
            Participant::Automa(name) => {
                next_rules_player += 1;
                ResultRecord {
                    seat: next_rules_player - 1,
                    user_id: None,
                    name: name.clone(),
                    score: standing.score,
                    place: 0,
                    resigned: false,
                }
            }
        };
        rows.push((row.resigned, standing.place, row));
    }
    rows.sort_by_key(|(resigned, place, _)| (*resigned, *place));
    let mut results: Vec<ResultRecord> = Vec::with_capacity(rows.len());
    let mut previous_key = None;
    for (index, (resigned, place, mut row)) in rows.into_iter().enumerate() {
        row.place = match (previous_key, results.last()) {
            (Some(key), Some(last)) if key == (resigned, place) => last.place,
            _ => index as u32 + 1,
        };
        previous_key = Some((resigned, place));
        results.push(row);
    }
    results
}

/// Results of a game ended by resignation: everyone still playing shares first place, everyone who
/// resigned shares the place after them. No scores are counted. Resigning never takes first place,
/// even when no one plays on: alone against an Automa or a puzzle, resigning is losing.
pub(super) fn resignation_results(record: &GameRecord) -> Vec<ResultRecord> {
    let still_playing = record.seats.iter().filter(|s| !s.resigned).count() as u32;
    record
        .seats
        .iter()
        .enumerate()
        .map(|(seat, s)| ResultRecord {
            seat,
            user_id: s.user_id.clone(),
            name: s.name.clone(),
            score: 0,
            place: if s.resigned {
                (still_playing + 1).max(2)
            } else {
                1
            },
            resigned: s.resigned,
        })
        .collect()
}

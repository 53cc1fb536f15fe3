//! Final scoring: the VP scored in play plus the end-scored incentives (rounded down), and the places
//! with the tie-break (most leftover resources, then shared).

use super::content::{Content, IncentiveEffect, LocationKind};
use super::resources::Track;
use super::state::CoalTrain;
use crate::game::{Outcome, Participant, Seat, Standing, participant_ref, tied_on};

/// One player's final score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Score {
    /// VP scored in play (stations, tiles, incentives paid).
    pub play: i32,
    /// VP from end-scored incentives.
    pub incentives: i32,
    /// Leftover coal, iron and water (the tie-break).
    pub leftover: u32,
}

impl Score {
    /// The total VP.
    pub fn total(&self) -> i32 {
        self.play + self.incentives
    }
}

/// What one end-scored incentive gives `seat`.
fn end_vp(game: &CoalTrain, seat: Seat, effect: &IncentiveEffect, locations: &[usize]) -> i32 {
    let content = Content::get();
    let player = game.player(seat);
    let built = |kind: LocationKind| {
        content
            .map
            .locations
            .iter()
            .enumerate()
            .filter(|&(l, loc)| loc.kind == kind && game.has_station(seat, l))
            .count() as i32
    };
    let per = |count: u32, per: u32| (count / per) as i32;
    match effect {
        IncentiveEffect::PerTown(vp) => vp * built(LocationKind::Town),
        IncentiveEffect::PerCity(vp) => vp * built(LocationKind::City),
        IncentiveEffect::AllOf(all) if locations.iter().all(|&l| game.has_station(seat, l)) => {
            all.vp
        }
        IncentiveEffect::PerTrackFromSpace(bonus) => {
            let tracks = Track::ALL
                .iter()
                .filter(|t| player.tracks[t.index()] + 1 >= bonus.space)
                .count() as i32;
            bonus.vp * tracks
        }
        IncentiveEffect::PerLeftoverResources(n) => per(player.res.total(), *n),
        IncentiveEffect::PerMarkers(n) => per(player.marker_count(), *n),
        IncentiveEffect::PerUsedTiles(n) => per(player.used_tiles, *n),
        IncentiveEffect::PerStationBeyond(beyond) => {
            beyond.vp * player.stations.saturating_sub(beyond.count) as i32
        }
        _ => 0,
    }
}

/// Every player's score as things stand.
pub fn scores(game: &CoalTrain) -> Vec<Score> {
    let content = Content::get();
    (0..game.player_count())
        .map(|seat| {
            let player = game.player(seat);
            let incentives = player
                .incentives
                .iter()
                .map(|&i| {
                    let card = &content.incentives[i];
                    end_vp(game, seat, &card.effect, &card.locations)
                })
                .sum();
            Score {
                play: player.vp,
                incentives,
                leftover: player.res.total(),
            }
        })
        .collect()
}

/// The standings, best first: most VP, then most leftover resources, then shared.
pub fn outcome(game: &CoalTrain) -> Outcome {
    let scores = scores(game);
    let key = |s: &Score| (s.total(), s.leftover);
    let mut standings: Vec<Standing> = scores
        .iter()
        .enumerate()
        .map(|(seat, score)| Standing {
            participant: Participant::Seat(seat),
            score: score.total(),
            place: 1 + scores.iter().filter(|o| key(o) > key(score)).count() as u32,
            detail: format!(
                "play {} + end incentives {} ({} resources left)",
                score.play, score.incentives, score.leftover
            ),
        })
        .collect();
    standings.sort_by_key(|s| s.place);
    Outcome::explaining_ties(standings, |tied| {
        let left = |s: &Standing| match s.participant {
            Participant::Seat(seat) => scores[seat].leftover,
            Participant::Automa(_) => 0,
        };
        let tied_on = tied_on(tied, |n| format!("{n} VP"));
        if tied.iter().all(|s| left(s) == left(tied[0])) {
            return format!(
                "{tied_on} and kept as many resources ({}), so they share the place.",
                left(tied[0])
            );
        }
        let counts: Vec<String> = tied
            .iter()
            .map(|s| format!("{} {}", participant_ref(&s.participant), left(s)))
            .collect();
        let sharing = tied
            .iter()
            .enumerate()
            .any(|(i, a)| tied[i + 1..].iter().any(|b| left(a) == left(b)));
        format!(
            "{tied_on}; most resources left breaks the tie ({}){}.",
            counts.join(", "),
            if sharing {
                ", and equal resources share the place"
            } else {
                ""
            }
        )
    })
}

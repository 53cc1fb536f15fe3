//! What a finished or judged game is worth to each seat, for the search: a share of the win, plus a
//! little for a better place, so a bot that cannot change who wins still plays for second.

use crate::game::{Outcome, Participant};

/// The part of a seat's reward that is the win itself; the rest rewards its place.
const WIN_PART: f64 = 0.85;

/// Each seat's reward, in seat order, from a finished game's outcome: [`WIN_PART`] shared by the seats
/// in first place (an Automa that wins takes its share from everyone), and the rest by place.
pub fn outcome_rewards(outcome: &Outcome, players: usize) -> Vec<f64> {
    let mut rewards = vec![0.0; players];
    let entrants = outcome.standings.len().max(2) as f64;
    let winners = outcome.standings.iter().filter(|s| s.place == 1).count() as f64;
    for standing in &outcome.standings {
        let Participant::Seat(seat) = standing.participant else {
            continue;
        };
        let Some(reward) = rewards.get_mut(seat) else {
            continue;
        };
        let place = f64::from(standing.place.max(1));
        *reward = (1.0 - WIN_PART) * (entrants - place) / (entrants - 1.0);
        if standing.place == 1 {
            *reward += WIN_PART / winners;
        }
    }
    rewards
}

/// Win chances from estimated final scores, one per entry of `scores` (seats first, then any Automa):
/// each entry's lead over the best of the others, through a logistic curve that reaches about 73 % at
/// a lead of `spread` points.
pub fn margin_chances(scores: &[f64], spread: f64) -> Vec<f64> {
    scores
        .iter()
        .enumerate()
        .map(|(i, &score)| {
            let best_other = scores
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &s)| s)
                .fold(f64::NEG_INFINITY, f64::max);
            if best_other == f64::NEG_INFINITY {
                return 0.5;
            }
            1.0 / (1.0 + (-(score - best_other) / spread).exp())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Standing;

    fn standing(participant: Participant, place: u32) -> Standing {
        Standing {
            participant,
            score: 0,
            place,
            detail: String::new(),
        }
    }

    #[test]
    fn the_winner_takes_the_win_and_places_below_earn_a_little() {
        let outcome = Outcome {
            standings: vec![
                standing(Participant::Seat(2), 1),
                standing(Participant::Seat(0), 2),
                standing(Participant::Seat(1), 3),
            ],
            tie_break: None,
        };
        let rewards = outcome_rewards(&outcome, 3);
        assert!((rewards[2] - 1.0).abs() < 1e-9);
        assert!(rewards[0] > rewards[1] && rewards[0] < 0.5);
        assert_eq!(rewards[1], 0.0);
    }

    #[test]
    fn a_shared_first_place_shares_the_win_and_an_automa_win_leaves_the_seat_little() {
        let shared = Outcome {
            standings: vec![
                standing(Participant::Seat(0), 1),
                standing(Participant::Seat(1), 1),
            ],
            tie_break: None,
        };
        let rewards = outcome_rewards(&shared, 2);
        assert!((rewards[0] - rewards[1]).abs() < 1e-9 && rewards[0] > 0.4 && rewards[0] < 0.6);
        let lost = Outcome {
            standings: vec![
                standing(Participant::Automa("Automa".into()), 1),
                standing(Participant::Seat(0), 2),
            ],
            tie_break: None,
        };
        assert_eq!(outcome_rewards(&lost, 1), vec![0.0]);
    }

    #[test]
    fn a_lead_raises_the_chance_and_even_scores_are_even() {
        let chances = margin_chances(&[30.0, 20.0, 20.0], 10.0);
        assert!(chances[0] > 0.7 && chances[0] < 0.76);
        assert!(chances[1] < 0.3 && (chances[1] - chances[2]).abs() < 1e-12);
        assert_eq!(margin_chances(&[5.0], 10.0), vec![0.5]);
    }
}

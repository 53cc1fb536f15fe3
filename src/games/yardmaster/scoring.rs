//! Scores: train value, cargo runs, the longest-run bonus, Caboose points and the final ranking.

use super::cabooses::{self, CabooseId};
use super::train::{self, Placed};
use crate::game::Seat;
use crate::games::narration::push_number;

/// What one train shows, computed in one pass for scoring and Cabooses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TrainStats {
    /// The railcar values added (face-down cards 4, the Engine 0).
    pub value: i32,
    /// The longest cargo run (0 if there is none of 2 or more railcars).
    pub longest_run: u8,
    /// How many cargo runs of 2 or more railcars the train has.
    pub runs: u8,
    /// Face-up railcars per cargo colour, indexed by [`super::cards::Cargo::index`].
    pub colours: [u8; 5],
    /// Cards lying face down.
    pub face_down: u8,
}

/// Reads one train.
pub fn stats(train: &[Placed]) -> TrainStats {
    let mut stats = TrainStats::default();
    for card in train {
        stats.value += i32::from(card.value());
        stats.face_down += u8::from(!card.face_up);
    }
    let mut current = None;
    let mut length = 0u8;
    for slot in train::slots(train) {
        let cargo = slot.cargo();
        if let Some(c) = cargo {
            stats.colours[c.index()] += 1;
        }
        if cargo.is_some() && cargo == current {
            length += 1;
            if length == 2 {
                stats.runs += 1;
            }
        } else {
            length = 1;
            current = cargo;
        }
        if cargo.is_some() && length >= 2 {
            stats.longest_run = stats.longest_run.max(length);
        }
    }
    stats
}

/// The longest run on the table (0 when no train has a run).
pub fn table_longest_run(stats: &[TrainStats]) -> u8 {
    stats.iter().map(|s| s.longest_run).max().unwrap_or(0)
}

/// The run bonus of a train whose longest run is `own`, when the table's longest is `longest`.
pub fn run_bonus(own: u8, longest: u8) -> i32 {
    if longest >= 2 && own == longest {
        i32::from(longest)
    } else {
        0
    }
}

/// One seat's score in one game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameScore {
    /// The railcar values of the train.
    pub train: i32,
    /// The longest-run bonus.
    pub run_bonus: i32,
    /// Caboose points.
    pub caboose: i32,
    /// The longest run of this train.
    pub longest_run: u8,
}

impl GameScore {
    /// Everything added.
    pub fn total(&self) -> i32 {
        self.train + self.run_bonus + self.caboose
    }

    /// "train 31 + run 4 + caboose 5" (the Caboose part only when one is in play).
    pub fn detail(&self, with_caboose: bool) -> String {
        let mut text = String::with_capacity(32);
        self.write_detail(&mut text, with_caboose);
        text
    }

    /// Appends [`GameScore::detail`] to `out`.
    pub fn write_detail(&self, out: &mut String, with_caboose: bool) {
        out.push_str("train ");
        push_number(out, i64::from(self.train));
        out.push_str(" + run ");
        push_number(out, i64::from(self.run_bonus));
        if with_caboose {
            out.push_str(" + caboose ");
            push_number(out, i64::from(self.caboose));
        }
    }
}

/// Every seat's score as the trains stand (all public: face-down cards are Wild and worth 4).
pub fn score_game(trains: &[Vec<Placed>], caboose: Option<CabooseId>) -> Vec<GameScore> {
    let stats: Vec<TrainStats> = trains.iter().map(|t| stats(t)).collect();
    let longest = table_longest_run(&stats);
    let mut scores: Vec<GameScore> = stats
        .iter()
        .map(|s| GameScore {
            train: s.value,
            run_bonus: run_bonus(s.longest_run, longest),
            caboose: 0,
            longest_run: s.longest_run,
        })
        .collect();
    if let Some(id) = caboose {
        let card = id.card();
        let with_run: Vec<i32> = scores.iter().map(|s| s.train + s.run_bonus).collect();
        let met = cabooses::winners(card.condition, trains, &stats, &with_run);
        for (score, met) in scores.iter_mut().zip(met) {
            if met {
                score.caboose = card.points;
            }
        }
    }
    scores
}

/// How far `seat` sits from `start` in the passing direction (0 for `start` itself).
pub fn distance(start: Seat, seat: Seat, players: usize, clockwise: bool) -> usize {
    if clockwise {
        (seat + players - start) % players
    } else {
        (start + players - seat) % players
    }
}

/// Seats best first: higher total, then (ties) farther from `start` in the passing direction.
pub fn ranking(totals: &[i32], start: Seat, clockwise: bool) -> Vec<Seat> {
    let players = totals.len();
    let mut seats: Vec<Seat> = (0..players).collect();
    seats.sort_by_key(|&s| {
        (
            std::cmp::Reverse(totals[s]),
            std::cmp::Reverse(distance(start, s, players, clockwise)),
        )
    });
    seats
}

/// The seat that starts the second game of a match: the lowest first-game total, ties going to the
/// seat farthest from the first game's start player clockwise.
pub fn second_game_start(totals: &[i32], first_start: Seat) -> Seat {
    let players = totals.len();
    (0..players)
        .min_by_key(|&s| {
            (
                totals[s],
                std::cmp::Reverse(distance(first_start, s, players, true)),
            )
        })
        .unwrap_or(first_start)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn train(cards: &[(&str, bool)]) -> Vec<Placed> {
        cards
            .iter()
            .map(|&(f, up)| Placed {
                face: f.parse().expect("face"),
                face_up: up,
            })
            .collect()
    }

    #[test]
    fn runs_cross_card_borders_and_stop_at_wilds() {
        let s = stats(&train(&[("Y2|Y3", true), ("Y3|B3", true), ("B2|B2", true)]));
        assert_eq!((s.longest_run, s.runs), (3, 2));
        let s = stats(&train(&[
            ("Y2|Y3", true),
            ("Y3|B3", false),
            ("Y3|G3", true),
        ]));
        assert_eq!((s.longest_run, s.runs, s.value), (2, 1, 15));
    }

    #[test]
    fn distances_follow_the_passing_direction() {
        assert_eq!(distance(1, 0, 4, true), 3);
        assert_eq!(distance(1, 0, 4, false), 1);
        assert_eq!(ranking(&[5, 5, 3], 0, true), vec![1, 0, 2]);
        assert_eq!(ranking(&[5, 5, 3], 0, false), vec![1, 0, 2]);
        assert_eq!(ranking(&[5, 3, 5], 0, false), vec![2, 0, 1]);
        assert_eq!(second_game_start(&[4, 4, 9], 0), 1);
        assert_eq!(second_game_start(&[4, 9, 4], 1), 0);
    }
}

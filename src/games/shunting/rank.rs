//! Skill ranks by moves used, against a puzzle's optimum O (the rulings: `rules.md` beside this file).

use std::fmt;

use serde::{Deserialize, Serialize};

/// A skill rank, best first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Rank {
    /// Solved in the optimum O.
    YardMaster,
    /// Solved in at most O + 2.
    Dispatcher,
    /// Solved in at most O + 5.
    Conductor,
    /// Solved within the card's limit M.
    Brakeman,
}

/// Each rank with how many moves over the optimum it allows (the last rank's allowance is the limit).
const ALLOWANCES: [(Rank, usize); 3] = [
    (Rank::YardMaster, 0),
    (Rank::Dispatcher, 2),
    (Rank::Conductor, 5),
];

/// A card's move limit M = max(O + 8, ⌈1.5·O⌉): beyond it the route is not solved.
pub fn move_limit(optimum: usize) -> usize {
    (optimum + 8).max(optimum.div_ceil(2) + optimum)
}

impl Rank {
    /// The rank earned by solving in `moves` when the optimum is `optimum`; `None` beyond the limit.
    /// Fewer moves than the optimum cannot happen in a checked game; they count as Yard Master.
    pub fn for_moves(moves: usize, optimum: usize) -> Option<Rank> {
        let over = moves.saturating_sub(optimum);
        ALLOWANCES
            .iter()
            .find(|&&(_, allowed)| over <= allowed)
            .map(|&(rank, _)| rank)
            .or((moves <= move_limit(optimum)).then_some(Rank::Brakeman))
    }

    /// The rank's name.
    pub fn name(self) -> &'static str {
        match self {
            Rank::YardMaster => "Yard Master",
            Rank::Dispatcher => "Dispatcher",
            Rank::Conductor => "Conductor",
            Rank::Brakeman => "Brakeman",
        }
    }

    /// The most moves that still earn this rank.
    pub fn most_moves(self, optimum: usize) -> usize {
        ALLOWANCES
            .iter()
            .find(|&&(rank, _)| rank == self)
            .map_or(move_limit(optimum), |&(_, allowed)| optimum + allowed)
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limit_is_the_larger_of_eight_over_and_half_again() {
        assert_eq!(move_limit(4), 12);
        assert_eq!(move_limit(16), 24);
        assert_eq!(move_limit(17), 26);
        assert_eq!(move_limit(20), 30);
    }

    #[test]
    fn ranks_follow_moves_over_the_optimum() {
        let o = 10;
        assert_eq!(Rank::for_moves(10, o), Some(Rank::YardMaster));
        assert_eq!(Rank::for_moves(11, o), Some(Rank::Dispatcher));
        assert_eq!(Rank::for_moves(12, o), Some(Rank::Dispatcher));
        assert_eq!(Rank::for_moves(13, o), Some(Rank::Conductor));
        assert_eq!(Rank::for_moves(15, o), Some(Rank::Conductor));
        assert_eq!(Rank::for_moves(16, o), Some(Rank::Brakeman));
        assert_eq!(Rank::for_moves(18, o), Some(Rank::Brakeman));
        assert_eq!(Rank::for_moves(19, o), None);
        assert_eq!(Rank::Conductor.most_moves(o), 15);
        assert_eq!(Rank::Brakeman.most_moves(o), 18);
    }

    #[test]
    fn long_routes_allow_half_again() {
        assert_eq!(Rank::for_moves(30, 20), Some(Rank::Brakeman));
        assert_eq!(Rank::for_moves(31, 20), None);
    }
}

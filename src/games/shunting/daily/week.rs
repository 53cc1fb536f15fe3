//! How hard each weekday's puzzle is: Monday the easiest, Sunday the hardest.

/// How one weekday's puzzle is made.
#[derive(Clone, Copy, Debug)]
pub struct DayPlan {
    /// Locos on the board.
    pub locos: usize,
    /// Cars on the board.
    pub cars: usize,
    /// Broken tracks.
    pub broken: usize,
    /// Pieces the goal names.
    pub named: usize,
    /// The shortest optimum accepted.
    pub least: usize,
    /// The longest optimum accepted.
    pub most: usize,
}

/// Monday first: pieces, goal and the accepted optimum rise through the week.
pub const WEEK: [DayPlan; 7] = [
    DayPlan {
        locos: 1,
        cars: 3,
        broken: 1,
        named: 3,
        least: 4,
        most: 5,
    },
    DayPlan {
        locos: 1,
        cars: 3,
        broken: 2,
        named: 3,
        least: 6,
        most: 7,
    },
    DayPlan {
        locos: 2,
        cars: 3,
        broken: 2,
        named: 5,
        least: 8,
        most: 9,
    },
    DayPlan {
        locos: 1,
        cars: 4,
        broken: 2,
        named: 4,
        least: 10,
        most: 11,
    },
    DayPlan {
        locos: 1,
        cars: 4,
        broken: 2,
        named: 4,
        least: 12,
        most: 13,
    },
    DayPlan {
        locos: 1,
        cars: 5,
        broken: 2,
        named: 5,
        least: 14,
        most: 15,
    },
    DayPlan {
        locos: 1,
        cars: 5,
        broken: 2,
        named: 5,
        least: 16,
        most: 18,
    },
];

//! The 16 Caboose cards as data, and who meets a Caboose's condition.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::scoring::TrainStats;
use super::train::{self, Placed, Slot};

/// Something counted per train, for the "most" and "fewest" conditions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// Different cargo colours among the face-up railcars.
    Colours,
    /// Cargo runs of 2 or more railcars.
    Runs,
    /// Face-up railcars of the train's most frequent cargo colour.
    OneColour,
    /// Train value plus longest-run bonus.
    ValueWithRun,
    /// Cards lying face down.
    FaceDownCards,
}

impl Measure {
    /// This measure for a train with these stats and this value plus run bonus.
    pub fn of(self, stats: &TrainStats, value_with_run: i32) -> i32 {
        match self {
            Measure::Colours => stats.colours.iter().filter(|&&n| n > 0).count() as i32,
            Measure::Runs => i32::from(stats.runs),
            Measure::OneColour => stats.colours.iter().copied().max().map_or(0, i32::from),
            Measure::ValueWithRun => value_with_run,
            Measure::FaceDownCards => i32::from(stats.face_down),
        }
    }
}

/// What a train must show to earn a Caboose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Condition {
    /// The lowest non-zero measure at the table (ties all earn it).
    Fewest(Measure),
    /// The highest non-zero measure at the table (ties all earn it).
    Most(Measure),
    /// At least `colours` cargo colours with exactly `railcars` face-up railcars each.
    ColoursWithExactly {
        /// How many colours must qualify.
        colours: u8,
        /// The exact number of railcars each of them has.
        railcars: u8,
    },
    /// No face-up card with a railcar of this value.
    NoFaceUpValue(u8),
    /// No face-up card whose two railcars differ in colour.
    NoMixedCard,
    /// These railcar values side by side, left to right (face-down railcars read as 2).
    Sequence([u8; 5]),
    /// The last railcar is face up with this value.
    LastValue(u8),
    /// No two railcars of one cargo side by side.
    NoRun,
}

/// One Caboose card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Caboose {
    /// Its printed name.
    pub name: &'static str,
    /// The points every seat meeting the condition earns.
    pub points: i32,
    /// The condition, as data.
    pub condition: Condition,
    /// The condition in words.
    pub text: &'static str,
}

const fn caboose(
    name: &'static str,
    points: i32,
    condition: Condition,
    text: &'static str,
) -> Caboose {
    Caboose {
        name,
        points,
        condition,
        text,
    }
}

use Condition::*;

/// Every Caboose we ship.
pub const CABOOSES: [Caboose; 16] = [
    caboose(
        "Executive",
        5,
        Fewest(Measure::Colours),
        "fewest different cargo colours in your train",
    ),
    caboose(
        "Two-Timer",
        5,
        ColoursWithExactly {
            colours: 2,
            railcars: 3,
        },
        "at least two cargo colours with exactly three railcars each",
    ),
    caboose(
        "Diversified",
        5,
        Most(Measure::Runs),
        "most cargo runs of 2 or more railcars",
    ),
    caboose(
        "Short Line",
        5,
        Most(Measure::OneColour),
        "most railcars of one cargo colour",
    ),
    caboose(
        "Lightweight",
        6,
        NoFaceUpValue(4),
        "no face-up card with a 4 on it in your train",
    ),
    caboose(
        "Specialized",
        3,
        ColoursWithExactly {
            colours: 1,
            railcars: 5,
        },
        "a cargo colour with exactly five railcars",
    ),
    caboose(
        "The Little Engine",
        7,
        Fewest(Measure::ValueWithRun),
        "lowest train value (run bonus included)",
    ),
    caboose(
        "Efficient",
        8,
        NoMixedCard,
        "no face-up card whose two railcars differ in colour",
    ),
    caboose(
        "Sequence #1",
        6,
        Sequence([2, 2, 2, 2, 2]),
        "railcar values 2,2,2,2,2 in a row",
    ),
    caboose(
        "Sequence #2",
        6,
        Sequence([3, 3, 3, 3, 3]),
        "railcar values 3,3,3,3,3 in a row",
    ),
    caboose(
        "Sequence #3",
        6,
        Sequence([2, 2, 2, 3, 3]),
        "railcar values 2,2,2,3,3 in a row",
    ),
    caboose(
        "Sequence #4",
        6,
        Sequence([2, 2, 2, 2, 3]),
        "railcar values 2,2,2,2,3 in a row",
    ),
    caboose(
        "Sequence #5",
        6,
        Sequence([3, 2, 2, 3, 3]),
        "railcar values 3,2,2,3,3 in a row",
    ),
    caboose(
        "End of Line",
        4,
        LastValue(3),
        "the last railcar of your train is a face-up 3",
    ),
    caboose(
        "Buried Alive",
        7,
        Most(Measure::FaceDownCards),
        "most face-down cards",
    ),
    caboose(
        "Inefficient",
        5,
        NoRun,
        "no cargo run at all (no two same-colour railcars side by side)",
    ),
];

/// The Cabooses drawn from with `caboose=default`.
pub const DEFAULT_POOL: [&str; 4] = ["Lightweight", "Executive", "Short Line", "Buried Alive"];

/// A Caboose in [`CABOOSES`]; serialises as its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct CabooseId(u8);

impl CabooseId {
    /// The Caboose with this name (case and spaces ignored), if we ship it.
    pub fn find(name: &str) -> Option<CabooseId> {
        let wanted = simplify(name);
        CABOOSES
            .iter()
            .position(|c| simplify(c.name) == wanted)
            .map(|i| CabooseId(i as u8))
    }

    /// Its card.
    pub fn card(self) -> &'static Caboose {
        &CABOOSES[usize::from(self.0) % CABOOSES.len()]
    }
}

fn simplify(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

impl fmt::Display for CabooseId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.card().name)
    }
}

impl From<CabooseId> for String {
    fn from(id: CabooseId) -> String {
        id.card().name.to_string()
    }
}

impl TryFrom<String> for CabooseId {
    type Error = String;

    fn try_from(name: String) -> Result<CabooseId, String> {
        CabooseId::find(&name).ok_or_else(|| {
            let names: Vec<&str> = CABOOSES.iter().map(|c| c.name).collect();
            format!(
                "there is no Caboose `{}`; the Cabooses are: {}",
                crate::excerpt::excerpt(&name),
                names.join(", ")
            )
        })
    }
}

/// Which seats meet `condition`: `trains`, `stats` and `value_with_run` are in seat order.
pub fn winners(
    condition: Condition,
    trains: &[Vec<Placed>],
    stats: &[TrainStats],
    value_with_run: &[i32],
) -> Vec<bool> {
    match condition {
        Fewest(measure) | Most(measure) => {
            let measures: Vec<i32> = stats
                .iter()
                .zip(value_with_run)
                .map(|(s, &v)| measure.of(s, v))
                .collect();
            let qualifying = measures.iter().copied().filter(|&m| m > 0);
            let best = if matches!(condition, Most(_)) {
                qualifying.max()
            } else {
                qualifying.min()
            };
            measures.iter().map(|&m| Some(m) == best).collect()
        }
        _ => trains
            .iter()
            .zip(stats)
            .map(|(train, stats)| meets_alone(condition, train, stats))
            .collect(),
    }
}

fn meets_alone(condition: Condition, train: &[Placed], stats: &TrainStats) -> bool {
    let face_up = || train.iter().filter(|card| card.face_up);
    match condition {
        Fewest(_) | Most(_) => false,
        ColoursWithExactly { colours, railcars } => {
            stats.colours.iter().filter(|&&n| n == railcars).count() >= usize::from(colours)
        }
        NoFaceUpValue(value) => {
            face_up().all(|card| card.face.left.value != value && card.face.right.value != value)
        }
        NoMixedCard => face_up().all(|card| card.face.left.cargo == card.face.right.cargo),
        Sequence(pattern) => {
            let values: Vec<u8> = train::slots(train).map(Slot::value).collect();
            values.windows(pattern.len()).any(|w| w == pattern)
        }
        LastValue(value) => {
            matches!(train::right_end(train), Slot::Car(car) if !train.is_empty() && car.value == value)
        }
        NoRun => stats.runs == 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_has_sixteen_distinct_names_and_the_default_pool_exists() {
        for (i, a) in CABOOSES.iter().enumerate() {
            assert!(CABOOSES[i + 1..].iter().all(|b| b.name != a.name));
        }
        for name in DEFAULT_POOL {
            assert!(CabooseId::find(name).is_some(), "{name}");
        }
    }

    #[test]
    fn names_round_trip_through_serde() {
        let id = CabooseId::find("the little engine").expect("known");
        let json = serde_json::to_string(&id).expect("serialises");
        assert_eq!(json, "\"The Little Engine\"");
        assert_eq!(
            serde_json::from_str::<CabooseId>(&json).expect("parses"),
            id
        );
        assert!(serde_json::from_str::<CabooseId>("\"Red Caboose\"").is_err());
    }
}

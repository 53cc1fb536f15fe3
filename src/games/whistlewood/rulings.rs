//! Every ruling of Whistlewood Express in one value: the components, the numbers of the turn, the scoring
//! table and the Automa's preferences. It is stored with each game (inside its setup), so a game keeps
//! the rulings it started with when a default changes. Defaults follow the rulebook and our rulings
//! (summarised for players in `rules.md` beside this file).

use std::sync::{Arc, OnceLock};

use serde::{Deserialize, Serialize};

use super::cars::{Bonus, CarKind, TileType};
use super::locations::{LocationSpec, base_locations};

/// How a car on a Station scores.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum StationValue {
    /// Always this much.
    Flat(i32),
    /// The best other non-Mail car on the same card (0 if there is none).
    CopyOther,
    /// `base`, plus `per_icon` for each nature icon on the cards left and right in the same row.
    Neighbours {
        /// The value with no nature next door.
        base: i32,
        /// Added per Field or River icon next door.
        per_icon: i32,
    },
    /// By column, counted from the locomotive's starting end (the first entry is column 1).
    ByColumn(Vec<i32>),
    /// `silo` on a Station with a Silo, `other` elsewhere.
    Silo {
        /// On a Silo station.
        silo: i32,
        /// On any other station.
        other: i32,
    },
}

/// How one kind of car scores.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CarScoring {
    /// The kind.
    pub kind: CarKind,
    /// Its value on a Station.
    pub on_station: StationValue,
    /// Its value while still in the train beyond the last Station column (zero or less).
    pub beyond: i32,
}

/// One of the Automa's preferences between Stations its car could claim, strongest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AutomaPreference {
    /// A Station with a Silo.
    Silo,
    /// The Station where Livestock would score more.
    Livestock,
    /// The Station with fewer free tracks.
    FewerFreeTracks,
    /// The top row.
    TopRow,
}

/// The rulings a game is played with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rulings {
    /// The location cards of the map (their counts add up to 10: two rows of five).
    pub locations: Vec<LocationSpec>,
    /// One player's train car tiles (both colours have the same set).
    pub cars: Vec<TileType>,
    /// How each kind scores.
    pub scoring: Vec<CarScoring>,
    /// Tiles in hand after drawing.
    pub hand_size: u8,
    /// Actions in a turn.
    pub actions_per_turn: u8,
    /// Actions in the starting player's first turn (placements behind the locomotive).
    pub first_turn_actions: u8,
    /// Actions in an Automa turn.
    pub automa_actions: u8,
    /// The train advances by itself when this many cars stand before column 1.
    pub auto_advance_cars: u8,
    /// How the Automa picks between Stations, strongest preference first.
    pub automa_preferences: Vec<AutomaPreference>,
    /// Whether the Automa's cars beyond the last Station column cost it points (the rulebook: no).
    pub automa_negative_points: bool,
    /// Whether a waiting automatic advance is a movement of its own, checked again after a placement
    /// that moved the train by itself (our ruling). Games stored before this ruling lack the field and
    /// keep their old reading: the placement's own advance stood in for the waiting one.
    #[serde(default)]
    pub waiting_advance_moves_again: bool,
    /// Whether a Siding's Shunt and Bonus Action wait for the player to choose their order even when the
    /// Bonus Action has no legal option yet (our ruling). Games stored before this ruling lack the
    /// field and keep their old reading: such a Bonus Action was lost before the Shunt.
    #[serde(default)]
    pub siding_order_always_chosen: bool,
}

/// The number of rows and columns of the map.
pub const ROWS: usize = 2;
/// The number of columns, counted from the locomotive's starting end.
pub const COLUMNS: usize = 5;

impl Default for Rulings {
    fn default() -> Self {
        use CarKind::*;
        let flat = |kind, value: i32| CarScoring {
            kind,
            on_station: StationValue::Flat(value),
            beyond: -value,
        };
        Rulings {
            locations: base_locations(),
            cars: vec![
                TileType::plain(Grain),
                TileType::plain(Grain),
                TileType::with(Stone, Bonus::Action),
                TileType::with(Stone, Bonus::Shunt),
                TileType::plain(Coal),
                TileType::plain(Log),
                TileType::plain(Mail),
                TileType::plain(Livestock),
                TileType::plain(Tank),
            ],
            scoring: vec![
                flat(Stone, 1),
                flat(Coal, 2),
                flat(Log, 3),
                CarScoring {
                    kind: Mail,
                    on_station: StationValue::CopyOther,
                    beyond: 0,
                },
                CarScoring {
                    kind: Livestock,
                    on_station: StationValue::Neighbours {
                        base: 2,
                        per_icon: 1,
                    },
                    beyond: -2,
                },
                CarScoring {
                    kind: Tank,
                    on_station: StationValue::ByColumn(vec![5, 4, 3, 2, 1]),
                    beyond: -5,
                },
                CarScoring {
                    kind: Grain,
                    on_station: StationValue::Silo { silo: 5, other: 1 },
                    beyond: -5,
                },
            ],
            hand_size: 3,
            actions_per_turn: 2,
            first_turn_actions: 1,
            automa_actions: 3,
            auto_advance_cars: 3,
            automa_preferences: vec![
                AutomaPreference::Silo,
                AutomaPreference::Livestock,
                AutomaPreference::FewerFreeTracks,
                AutomaPreference::TopRow,
            ],
            automa_negative_points: false,
            waiting_advance_moves_again: true,
            siding_order_always_chosen: true,
        }
    }
}

impl Rulings {
    /// The default rulings, made once and shared by every game that uses them.
    pub fn shared_default() -> Arc<Rulings> {
        static DEFAULT: OnceLock<Arc<Rulings>> = OnceLock::new();
        Arc::clone(DEFAULT.get_or_init(|| Arc::new(Rulings::default())))
    }

    /// How `kind` scores (a kind without an entry scores nothing).
    pub fn scoring_of(&self, kind: CarKind) -> Option<&CarScoring> {
        self.scoring.iter().find(|s| s.kind == kind)
    }

    /// The location kind named by `letter`.
    pub fn location_by_letter(&self, letter: char) -> Option<usize> {
        self.locations
            .iter()
            .position(|l| l.letter.eq_ignore_ascii_case(&letter))
    }
}

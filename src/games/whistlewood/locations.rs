//! Location cards: what each kind shows (tracks, House, Silo, nature icons, bonuses). The counts and
//! values are data in [`super::rulings::Rulings::locations`].

use serde::{Deserialize, Serialize};

use super::cars::Bonus;

/// A nature icon, which Livestock likes to have next door.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Nature {
    /// A Field.
    Field,
    /// A River.
    River,
}

/// One kind of location card and how many the map uses.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LocationSpec {
    /// The letter that names the kind in setups and pictures (`A`).
    pub letter: char,
    /// The name shown to people (`Station with Silo`).
    pub name: String,
    /// How many cards of this kind the map has.
    pub count: u8,
    /// How many cars it holds.
    pub tracks: u8,
    /// Whether it shows a House (a Station; cars score only on Stations).
    #[serde(default)]
    pub station: bool,
    /// Whether it shows a Silo (Grain scores more).
    #[serde(default)]
    pub silo: bool,
    /// Its nature icons.
    #[serde(default)]
    pub nature: Vec<Nature>,
    /// The bonuses a claim here gives (a Siding's).
    #[serde(default)]
    pub bonuses: Vec<Bonus>,
}

impl LocationSpec {
    /// Whether a claim here gives bonuses (a Siding).
    pub fn is_siding(&self) -> bool {
        !self.bonuses.is_empty()
    }
}

/// The base game's ten location cards.
pub fn base_locations() -> Vec<LocationSpec> {
    let card = |letter, name: &str, count, tracks| LocationSpec {
        letter,
        name: name.to_owned(),
        count,
        tracks,
        station: false,
        silo: false,
        nature: Vec::new(),
        bonuses: Vec::new(),
    };
    vec![
        LocationSpec {
            station: true,
            silo: true,
            ..card('A', "Station with Silo", 2, 2)
        },
        LocationSpec {
            station: true,
            ..card('B', "Two-Track Station", 2, 2)
        },
        LocationSpec {
            station: true,
            ..card('C', "Single-Track Station", 2, 1)
        },
        LocationSpec {
            nature: vec![Nature::Field],
            ..card('D', "Field", 2, 0)
        },
        LocationSpec {
            nature: vec![Nature::River],
            ..card('E', "River", 1, 0)
        },
        LocationSpec {
            bonuses: vec![Bonus::Shunt, Bonus::Action],
            ..card('F', "Siding", 1, 2)
        },
    ]
}

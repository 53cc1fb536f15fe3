//! The Express deck as data: every card kind with its name, its short code for typed commands, its class,
//! its value and its copies, and which of those numbers are our provisional rulings.

use std::fmt::{self, Display};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// What a card is. The discriminant indexes [`CARDS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Kind {
    BoxCar,
    Hopper,
    Reefer,
    TankCar,
    AutoCarrier,
    Mail,
    Coach,
    Dome,
    Sleeper,
    Observation,
    Diesel,
    Wild,
    Caboose,
    BrokenCar,
    Derailment,
    StealCar,
    SwitchEngines,
    Wreck,
    LightCrane,
    Boom,
    Office,
    Transfer,
    HeavyCrane,
    Turntable,
}

/// The families of cards; each rule asks about a class, not about single kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// A freight car: trains of one type.
    Freight,
    /// A passenger car: trains of any passenger cards.
    Passenger,
    /// The Wild Car.
    Wild,
    /// The Caboose, which ends a train.
    Caboose,
    /// A Disaster, played by discarding it on a target.
    Disaster,
    /// A Way Car, laid beside the trains.
    WayCar,
    /// The Turntable: reverses play and gives another turn.
    Turntable,
}

/// How many classes there are (the Turntable is the last).
pub const CLASSES: usize = Class::Turntable as usize + 1;

/// One row of the deck table.
#[derive(Clone, Copy, Debug)]
pub struct CardSpec {
    /// The kind this row describes.
    pub kind: Kind,
    /// The name shown to people.
    pub name: &'static str,
    /// The short code typed in commands and written in setups.
    pub code: &'static str,
    /// Its class.
    pub class: Class,
    /// Its value: on a train for cars, and what it costs left in hand.
    pub value: i32,
    /// Copies in the deck with 4–6 players.
    pub copies: u8,
    /// Copies in the deck with 2–3 players.
    pub copies_few: u8,
    /// Why a number of this row is our ruling rather than the printed rules, if it is.
    pub provisional: Option<&'static str>,
}

const fn spec(
    kind: Kind,
    name: &'static str,
    code: &'static str,
    class: Class,
    value: i32,
    copies: u8,
) -> CardSpec {
    CardSpec {
        kind,
        name,
        code,
        class,
        value,
        copies,
        copies_few: copies,
        provisional: None,
    }
}

const fn provisional(card: CardSpec, why: &'static str) -> CardSpec {
    CardSpec {
        provisional: Some(why),
        ..card
    }
}

/// What every card that is not a car costs when it is left in hand.
pub const NON_CAR_VALUE: i32 = 5;

use Class::*;
use Kind::*;

/// The deck, one row per kind, in [`Kind`] order.
pub const CARDS: [CardSpec; 24] = [
    spec(BoxCar, "Box Car", "box", Freight, 1, 12),
    provisional(
        spec(Hopper, "Hopper", "hopper", Freight, 2, 11),
        "name and value",
    ),
    provisional(
        spec(Reefer, "Reefer", "reefer", Freight, 3, 10),
        "name and value",
    ),
    provisional(spec(TankCar, "Tank Car", "tank", Freight, 4, 9), "value"),
    spec(AutoCarrier, "Auto Carrier", "auto", Freight, 5, 8),
    provisional(spec(Mail, "Mail/Baggage", "mail", Passenger, 1, 2), "value"),
    provisional(spec(Coach, "Coach", "coach", Passenger, 1, 6), "value"),
    provisional(spec(Dome, "Dome", "dome", Passenger, 2, 2), "value"),
    provisional(
        spec(Sleeper, "Sleeper", "sleeper", Passenger, 2, 2),
        "value",
    ),
    provisional(
        spec(Observation, "Observation", "obs", Passenger, 3, 2),
        "value",
    ),
    spec(Diesel, "Diesel", "diesel", Passenger, 0, 2),
    spec(
        Kind::Wild,
        "Wild Car",
        "wild",
        Class::Wild,
        NON_CAR_VALUE,
        2,
    ),
    spec(
        Kind::Caboose,
        "Caboose",
        "caboose",
        Class::Caboose,
        NON_CAR_VALUE,
        3,
    ),
    spec(
        BrokenCar,
        "Broken Car",
        "broken",
        Disaster,
        NON_CAR_VALUE,
        2,
    ),
    spec(
        Derailment,
        "Derailment",
        "derail",
        Disaster,
        NON_CAR_VALUE,
        2,
    ),
    spec(StealCar, "Steal Car", "steal", Disaster, NON_CAR_VALUE, 2),
    spec(
        SwitchEngines,
        "Switch Engines",
        "switch",
        Disaster,
        NON_CAR_VALUE,
        2,
    ),
    spec(Wreck, "Wreck", "wreck", Disaster, NON_CAR_VALUE, 1),
    provisional(
        spec(LightCrane, "Light Crane", "crane", WayCar, NON_CAR_VALUE, 2),
        "copies",
    ),
    provisional(
        spec(Boom, "Boom", "boom", WayCar, NON_CAR_VALUE, 2),
        "copies",
    ),
    provisional(
        spec(Office, "Office", "office", WayCar, NON_CAR_VALUE, 2),
        "copies",
    ),
    provisional(
        spec(Transfer, "Transfer", "transfer", WayCar, NON_CAR_VALUE, 2),
        "copies",
    ),
    provisional(
        spec(HeavyCrane, "Heavy Crane", "heavy", WayCar, NON_CAR_VALUE, 2),
        "copies",
    ),
    CardSpec {
        copies_few: 2,
        ..spec(
            Kind::Turntable,
            "Turntable",
            "turntable",
            Class::Turntable,
            NON_CAR_VALUE,
            3,
        )
    },
];

/// Every kind, in table order.
pub const ALL_KINDS: [Kind; 24] = {
    let mut kinds = [BoxCar; 24];
    let mut i = 0;
    while i < 24 {
        kinds[i] = CARDS[i].kind;
        i += 1;
    }
    kinds
};

/// Whether a Wild may be declared as the kind of `card`: any freight or passenger car but the Diesel.
const fn wild_may_be(card: &CardSpec) -> bool {
    matches!(card.class, Freight | Passenger) && !matches!(card.kind, Diesel)
}

const WILD_DECLARATION_COUNT: usize = {
    let mut count = 0;
    let mut i = 0;
    while i < CARDS.len() {
        if wild_may_be(&CARDS[i]) {
            count += 1;
        }
        i += 1;
    }
    count
};

/// Every kind a Wild may be declared as, in table order.
pub const WILD_DECLARATIONS: [Kind; WILD_DECLARATION_COUNT] = {
    let mut kinds = [BoxCar; WILD_DECLARATION_COUNT];
    let (mut i, mut n) = (0, 0);
    while i < CARDS.len() {
        if wild_may_be(&CARDS[i]) {
            kinds[n] = CARDS[i].kind;
            n += 1;
        }
        i += 1;
    }
    kinds
};

/// The most players with which the deck uses its smaller counts.
pub const FEW_PLAYERS: usize = 3;

impl Kind {
    /// This kind's row of the deck table.
    pub fn spec(self) -> &'static CardSpec {
        &CARDS[self as usize]
    }

    /// Its class.
    pub fn class(self) -> Class {
        self.spec().class
    }

    /// Its name.
    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// Its short code.
    pub fn code(self) -> &'static str {
        self.spec().code
    }

    /// What it costs left in hand (its value for cars; Diesel nothing).
    pub fn value(self) -> i32 {
        self.spec().value
    }

    /// Whether it is a freight or passenger car (the kinds a Wild may be declared as, and a Diesel).
    pub fn is_car_type(self) -> bool {
        matches!(self.class(), Freight | Passenger)
    }

    /// Whether a Wild may be declared as this kind: any freight or passenger car but the Diesel.
    pub fn wild_may_be(self) -> bool {
        wild_may_be(&CARDS[self as usize])
    }

    /// The kind with this code or name (case-insensitive).
    pub fn parse(word: &str) -> Option<Kind> {
        CARDS
            .iter()
            .find(|c| c.code.eq_ignore_ascii_case(word) || c.name.eq_ignore_ascii_case(word))
            .map(|c| c.kind)
    }

    /// How many copies a deck for `players` holds.
    pub fn copies(self, players: usize) -> usize {
        let spec = self.spec();
        usize::from(if players <= FEW_PLAYERS {
            spec.copies_few
        } else {
            spec.copies
        })
    }
}

/// How many kinds of card there are.
pub const KINDS: usize = CARDS.len();

/// How many cards of each kind `cards` holds, indexed by [`Kind`] (a deck holds at most 12 of a kind).
pub fn count_kinds(cards: &[Kind]) -> [u8; KINDS] {
    let mut counts = [0; KINDS];
    for &card in cards {
        counts[card as usize] += 1;
    }
    counts
}

/// A set of kinds, a bit each by [`Kind`] discriminant; a copy of a `u32`, so listing may walk it again
/// and again without building a list of kinds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KindSet(u32);

impl KindSet {
    /// Which kinds `cards` hold at least once, and which at least twice.
    pub fn held(cards: &[Kind]) -> (KindSet, KindSet) {
        let (mut once, mut twice) = (0u32, 0u32);
        for &card in cards {
            let bit = 1 << card as u32;
            twice |= once & bit;
            once |= bit;
        }
        (KindSet(once), KindSet(twice))
    }

    /// Whether `kind` is in the set.
    pub fn contains(self, kind: Kind) -> bool {
        self.0 & (1 << kind as u32) != 0
    }

    /// The kinds in the set, in table order.
    pub fn iter(self) -> impl Iterator<Item = Kind> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            let kind = ALL_KINDS.get(bits.trailing_zeros() as usize)?;
            bits &= bits - 1;
            Some(*kind)
        })
    }
}

/// The whole deck for `players`, in table order.
pub fn deck(players: usize) -> Vec<Kind> {
    ALL_KINDS
        .iter()
        .flat_map(|&kind| std::iter::repeat_n(kind, kind.copies(players)))
        .collect()
}

/// Every code, for refusals that list what may be typed.
pub fn all_codes() -> String {
    CARDS.iter().map(|c| c.code).collect::<Vec<_>>().join(", ")
}

impl Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for Kind {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code())
    }
}

impl<'de> Deserialize<'de> for Kind {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let word = String::deserialize(deserializer)?;
        Kind::parse(&word).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "`{}` is not an Express card; the cards are {}",
                crate::excerpt::excerpt(&word),
                all_codes()
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn held_kinds_are_listed_once_in_table_order_and_doubles_are_told_apart() {
        let (once, twice) = KindSet::held(&[
            Kind::Turntable,
            BoxCar,
            Kind::Wild,
            BoxCar,
            Kind::Turntable,
            Coach,
        ]);
        assert_eq!(
            once.iter().collect::<Vec<_>>(),
            [BoxCar, Coach, Kind::Wild, Kind::Turntable]
        );
        assert_eq!(twice.iter().collect::<Vec<_>>(), [BoxCar, Kind::Turntable]);
        assert!(once.contains(Coach) && !twice.contains(Coach));
        assert!(!once.contains(Hopper));
    }

    #[test]
    fn no_cards_hold_no_kinds() {
        let (once, twice) = KindSet::held(&[]);
        assert_eq!(once.iter().count() + twice.iter().count(), 0);
    }
}

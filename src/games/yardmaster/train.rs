//! A train: the cards after its Engine, the railcars they show, and the connection rule.

use serde::{Deserialize, Serialize};

use super::cards::{Cargo, FACE_DOWN_RAILCAR_VALUE, FACE_DOWN_VALUE, Face, Railcar};

/// One card added to a train.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Placed {
    /// The card's face (hidden from other seats while it lies face down).
    pub face: Face,
    /// Whether it lies face up.
    pub face_up: bool,
}

/// A railcar position as the rules read it: a cargo railcar, or Wild (a face-down card's railcar).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// Matches anything, carries no cargo, is worth 2.
    Wild,
    /// A face-up railcar.
    Car(Railcar),
}

impl Slot {
    /// The cargo, unless Wild.
    pub fn cargo(self) -> Option<Cargo> {
        match self {
            Slot::Wild => None,
            Slot::Car(car) => Some(car.cargo),
        }
    }

    /// The value (a Wild railcar counts 2).
    pub fn value(self) -> u8 {
        match self {
            Slot::Wild => FACE_DOWN_RAILCAR_VALUE,
            Slot::Car(car) => car.value,
        }
    }
}

impl Placed {
    /// The railcar a card shows on its left, then on its right.
    pub fn slots(self) -> [Slot; 2] {
        if self.face_up {
            [Slot::Car(self.face.left), Slot::Car(self.face.right)]
        } else {
            [Slot::Wild, Slot::Wild]
        }
    }

    /// The points the card is worth in its train.
    pub fn value(self) -> u8 {
        if self.face_up {
            self.face.value()
        } else {
            FACE_DOWN_VALUE
        }
    }
}

/// The railcar the next card must match: the right railcar of the last card, or the Engine (Wild).
pub fn right_end(train: &[Placed]) -> Slot {
    train.last().map_or(Slot::Wild, |card| card.slots()[1])
}

/// Whether `face` may be added face up after `end`: its left railcar matches by colour or value, or
/// `end` is Wild.
pub fn connects(end: Slot, face: Face) -> bool {
    match end {
        Slot::Wild => true,
        Slot::Car(car) => car.cargo == face.left.cargo || car.value == face.left.value,
    }
}

/// Every railcar of a train, left to right (the Engine excluded).
pub fn slots(train: &[Placed]) -> impl Iterator<Item = Slot> + '_ {
    train.iter().flat_map(|card| card.slots())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn up(text: &str) -> Placed {
        Placed {
            face: text.parse().expect("test face"),
            face_up: true,
        }
    }

    #[test]
    fn engine_and_face_down_ends_are_wild() {
        assert_eq!(right_end(&[]), Slot::Wild);
        let down = Placed {
            face_up: false,
            ..up("Y4|R4")
        };
        assert_eq!(right_end(&[down]), Slot::Wild);
        assert!(connects(Slot::Wild, "P4|P4".parse().expect("face")));
    }

    #[test]
    fn connection_needs_colour_or_value() {
        let end = right_end(&[up("Y2|B3")]);
        assert!(connects(end, "B2|B2".parse().expect("face")));
        assert!(connects(end, "R3|G3".parse().expect("face")));
        assert!(!connects(end, "Y2|Y3".parse().expect("face")));
    }

    #[test]
    fn values_and_slots() {
        assert_eq!(up("G4|Y4").value(), 8);
        let down = Placed {
            face_up: false,
            ..up("G4|Y4")
        };
        assert_eq!(down.value(), 4);
        assert_eq!(slots(&[up("Y2|B3"), down]).count(), 4);
        assert_eq!(Slot::Wild.value(), 2);
    }
}

//! The seat's cards as they were just after its draw, kept once it melds so that `reset` can bring them
//! back. The buffer lives on from turn to turn and is copied into in place: a fresh copy each turn made
//! malloc and free a tenth of a random hand's time (callgrind). Stored and compared as the kept cards
//! only (`null` when none are kept), as when it was an `Option`.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::state::SeatCards;

/// The seat's cards just after its draw, once it has melded this turn.
#[derive(Debug, Default)]
pub struct BeforeMelds {
    /// Whether cards are kept (the seat has melded this turn).
    kept: bool,
    /// The kept cards; when none are kept, a spare buffer whose contents mean nothing.
    cards: SeatCards,
}

impl BeforeMelds {
    /// The kept cards, if the seat has melded this turn.
    pub fn get(&self) -> Option<&SeatCards> {
        self.kept.then_some(&self.cards)
    }

    /// Keeps `cards` as they are, unless cards are kept already (the first meld of the turn keeps them).
    pub fn keep(&mut self, cards: &SeatCards) {
        if !self.kept {
            self.cards.clone_from(cards);
            self.kept = true;
        }
    }

    /// Forgets the kept cards (the turn is over, or they are no longer the seat's).
    pub fn forget(&mut self) {
        self.kept = false;
    }

    /// Puts the kept cards back in place of `cards` and forgets them; false if none were kept.
    pub fn restore(&mut self, cards: &mut SeatCards) -> bool {
        let kept = self.kept;
        if kept {
            std::mem::swap(cards, &mut self.cards);
            self.kept = false;
        }
        kept
    }
}

impl Clone for BeforeMelds {
    /// Copies the kept cards only: a clone has no use for the spare buffer.
    fn clone(&self) -> Self {
        BeforeMelds {
            kept: self.kept,
            cards: self.get().cloned().unwrap_or_default(),
        }
    }
}

impl PartialEq for BeforeMelds {
    fn eq(&self, other: &Self) -> bool {
        self.get() == other.get()
    }
}

impl Eq for BeforeMelds {}

impl Serialize for BeforeMelds {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.get().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for BeforeMelds {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let kept = Option::<SeatCards>::deserialize(deserializer)?;
        Ok(BeforeMelds {
            kept: kept.is_some(),
            cards: kept.unwrap_or_default(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::express::Kind;

    fn cards(hand: &[Kind]) -> SeatCards {
        SeatCards {
            hand: hand.to_vec(),
            ..SeatCards::default()
        }
    }

    #[test]
    fn the_first_meld_keeps_the_cards_and_reset_brings_them_back() {
        let mut before = BeforeMelds::default();
        let mut seat = cards(&[Kind::BoxCar, Kind::Coach]);
        before.keep(&seat);
        seat.hand.pop();
        before.keep(&seat);
        assert!(before.restore(&mut seat), "cards were kept");
        assert_eq!(seat, cards(&[Kind::BoxCar, Kind::Coach]));
        assert!(!before.restore(&mut seat), "nothing is kept twice");
    }

    #[test]
    fn a_forgotten_buffer_is_stored_and_compared_as_none() {
        let mut before = BeforeMelds::default();
        before.keep(&cards(&[Kind::Wild]));
        let kept = serde_json::to_string(&before).expect("serializes");
        assert_eq!(
            kept,
            serde_json::to_string(&Some(cards(&[Kind::Wild]))).expect("serializes")
        );
        before.forget();
        assert_eq!(serde_json::to_string(&before).expect("serializes"), "null");
        assert_eq!(before, BeforeMelds::default());
        let back: BeforeMelds = serde_json::from_str(&kept).expect("reads back");
        assert_eq!(back.get(), Some(&cards(&[Kind::Wild])));
    }
}

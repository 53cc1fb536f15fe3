//! The cars standing on one location card, held inline (a card has at most [`MAX_TRACKS`] tracks), so
//! a game's map never allocates.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::cars::Tile;

/// The most tracks a location card may have (the rulings refuse more).
pub const MAX_TRACKS: usize = 4;

/// The cars on one card, in the order they arrived.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CardCars {
    len: u8,
    tiles: [Tile; MAX_TRACKS],
}

impl CardCars {
    /// Puts a car on the card; false (and nothing changes) if all [`MAX_TRACKS`] places are taken.
    pub fn push(&mut self, tile: Tile) -> bool {
        let Some(place) = self.tiles.get_mut(usize::from(self.len)) else {
            return false;
        };
        *place = tile;
        self.len += 1;
        true
    }
}

impl std::ops::Deref for CardCars {
    type Target = [Tile];

    fn deref(&self) -> &[Tile] {
        &self.tiles[..usize::from(self.len)]
    }
}

impl Serialize for CardCars {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for CardCars {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let tiles = Vec::<Tile>::deserialize(deserializer)?;
        let mut cars = CardCars::default();
        for tile in tiles {
            if !cars.push(tile) {
                return Err(serde::de::Error::custom(format!(
                    "a card holds at most {MAX_TRACKS} cars"
                )));
            }
        }
        Ok(cars)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_up_to_four_cars_in_order_and_round_trips() {
        let mut cars = CardCars::default();
        for index in 0..4 {
            assert!(cars.push(Tile { owner: 1, index }));
        }
        assert!(!cars.push(Tile { owner: 0, index: 9 }));
        assert_eq!(cars.len(), 4);
        assert_eq!(cars[3], Tile { owner: 1, index: 3 });
        let json = serde_json::to_string(&cars).unwrap();
        assert_eq!(serde_json::from_str::<CardCars>(&json).unwrap(), cars);
        let five = r#"[{"owner":0,"index":0},{"owner":0,"index":1},{"owner":0,"index":2},{"owner":0,"index":3},{"owner":0,"index":4}]"#;
        assert!(serde_json::from_str::<CardCars>(five).is_err());
    }
}

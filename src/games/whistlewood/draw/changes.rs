//! What changed on the table since the last turn began, found by comparing two views of it: cards whose
//! cars changed (a claim), cars added to the train (placements) and the locomotive, if it moved.

use crate::games::whistlewood::view::{CarView, WhistlewoodView};

/// The parts of a board that changed since an earlier view.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Changes {
    /// The cards, as (row, view column index), whose cars changed.
    pub cards: Vec<(usize, usize)>,
    /// The indices in the train of the cars added to it.
    pub cars: Vec<usize>,
    /// Whether the locomotive stands at another column.
    pub loco: bool,
}

/// A car as a change is judged: whose it is and its type (not its points, which move with the map).
fn same_car(a: &CarView, b: &CarView) -> bool {
    a.owner == b.owner && a.tile == b.tile
}

/// What changed from `before` to `view` (two views of one table by one viewer). Claims take cars out
/// of the train onto cards and placements add cars at its end, so the cars added are the last ones:
/// as many as the train grew by, plus the cars claimed meanwhile.
pub fn since(view: &WhistlewoodView, before: &WhistlewoodView) -> Changes {
    if before.from_left != view.from_left {
        return Changes::default();
    }
    let mut cards = Vec::new();
    let mut claimed = 0;
    for (row, (now, then)) in view.rows.iter().zip(&before.rows).enumerate() {
        for (column, (card, old)) in now.iter().zip(then).enumerate() {
            let same = card.cars.len() == old.cars.len()
                && card.cars.iter().zip(&old.cars).all(|(a, b)| same_car(a, b));
            if !same {
                cards.push((row, column));
                claimed += card.cars.len().saturating_sub(old.cars.len());
            }
        }
    }
    let stayed = before.train.len().saturating_sub(claimed);
    Changes {
        cards,
        cars: (stayed.min(view.train.len())..view.train.len()).collect(),
        loco: view.loco != before.loco,
    }
}

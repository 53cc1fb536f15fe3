//! Which steps are legal now, why a step is refused, and how a legal step is described to people.

use super::cars::{Owner, TileType};
use super::notation::{Action, MAX_HAND, Row, TileList};
use super::rules::{Stage, Whistlewood};
use super::rulings::{COLUMNS, ROWS};
use crate::game::{RuleError, Seat, seat_ref};

/// A claim a colour could make: the car's index in the train and the card's (row, column index).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClaimOption {
    /// The car's index in the train (0 right behind the locomotive).
    pub car: usize,
    /// The card's row.
    pub row: usize,
    /// The card's column index (0 is column 1).
    pub column: usize,
}

/// Every subset of a hand of [`MAX_HAND`] tiles as a bit mask, fewest tiles first, then in mask order;
/// the subsets of a smaller hand are the masks below `1 << len`, in the same order.
const MASKS_BY_SIZE: [u8; 1 << MAX_HAND] = [0, 1, 2, 4, 8, 3, 5, 6, 9, 10, 12, 7, 11, 13, 14, 15];

impl Whistlewood {
    /// Every legal step of the player to move, in a stable order, written into `steps` (cleared first).
    pub(super) fn legal_steps(&self, steps: &mut Vec<Action>) {
        steps.clear();
        match self.stage {
            Stage::Over => {}
            Stage::Direction => steps.extend([Action::FromLeft(true), Action::FromLeft(false)]),
            Stage::Discard => self.push_discard_choices(steps),
            Stage::Actions => {
                if self.bonus_order_open() {
                    steps.push(Action::Shunt);
                    if !self.has_legal_action() {
                        steps.push(Action::Forgo);
                    }
                }
                self.push_actions(steps);
            }
        }
    }

    /// Appends every different set of tiles the player to move may discard (the empty set keeps the
    /// hand), fewest first.
    fn push_discard_choices(&self, steps: &mut Vec<Action>) {
        let held = self.piles[self.current].hand.iter();
        let Some(hand) = TileList::collect(held.map(|&t| self.tile_type(t))) else {
            return;
        };
        let tiles = hand.as_slice();
        // Equal tiles are taken first to last, so each set comes from exactly one mask: a mask that takes a
        // tile equal to the one before it without taking that one repeats an earlier set.
        let repeats: u8 = (1..tiles.len())
            .filter(|&i| tiles[i] == tiles[i - 1])
            .fold(0, |bits, i| bits | 1 << i);
        let every_set = 1u8 << tiles.len();
        for &mask in MASKS_BY_SIZE.iter().filter(|&&mask| mask < every_set) {
            if mask & repeats & !(mask << 1) == 0 {
                steps.push(Action::Discard(hand.subset(mask)));
            }
        }
    }

    /// Whether a Siding's Shunt and Bonus Action both wait, so the player chooses which comes first.
    fn bonus_order_open(&self) -> bool {
        self.pending
            .last()
            .is_some_and(|group| group.shunts > 0 && group.actions > 0)
    }

    /// Whether the player to move is restricted to placing (the starting player's first action).
    fn only_places(&self) -> bool {
        self.first_turn && self.pending.is_empty()
    }

    /// Appends every legal action (place, claim, advance) of the player to move.
    fn push_actions(&self, steps: &mut Vec<Action>) {
        let owner = self.current;
        let hand = &self.piles[owner].hand;
        for (i, &tile) in hand.iter().enumerate() {
            let tile_type = self.tile_type(tile);
            if !hand[..i].iter().any(|&t| self.tile_type(t) == tile_type) {
                steps.push(Action::Place(tile_type));
            }
        }
        if self.only_places() {
            return;
        }
        self.each_claim(owner, |option| {
            steps.push(Action::Claim {
                column: option.column as u8 + 1,
                row: Row::from_index(option.row),
            })
        });
        if self.advance_allowed() {
            steps.push(Action::Advance);
        }
    }

    /// Whether the player to move has any legal action (place, claim or advance).
    pub(super) fn has_legal_action(&self) -> bool {
        let owner = self.current;
        !self.piles[owner].hand.is_empty()
            || (!self.only_places() && (self.advance_allowed() || self.has_claim(owner)))
    }

    /// Every claim `owner` could make now: its cars beside the map and the cards there with a free track.
    pub fn claim_options(&self, owner: Owner) -> Vec<ClaimOption> {
        let mut options = Vec::new();
        self.each_claim(owner, |option| options.push(option));
        options
    }

    /// Whether `owner` could make any claim now.
    fn has_claim(&self, owner: Owner) -> bool {
        let mut any = false;
        self.each_claim(owner, |_| any = true);
        any
    }

    /// Calls `visit` with each claim of [`Self::claim_options`], column by column and top row first.
    fn each_claim(&self, owner: Owner, mut visit: impl FnMut(ClaimOption)) {
        for (car, column) in self.cars_beside_the_map() {
            if self.train[car].owner() != owner {
                continue;
            }
            for row in 0..ROWS {
                if self.free_tracks(row, column) > 0 {
                    visit(ClaimOption { car, row, column });
                }
            }
        }
    }

    /// Whether `owner`'s car beside `column` (1 to 5) may claim the card in `row`.
    fn can_claim(&self, owner: Owner, column: u8, row: Row) -> bool {
        let Some(index) = usize::from(column).checked_sub(1).filter(|&i| i < COLUMNS) else {
            return false;
        };
        self.car_at_column(index)
            .is_some_and(|car| self.train[car].owner() == owner)
            && self.free_tracks(row.index(), index) > 0
    }

    /// Whether the player to move holds every tile of `tiles` (a tile named twice must be held twice).
    fn holds_all(&self, tiles: &[TileType]) -> bool {
        let hand = &self.piles[self.current].hand;
        let cars = &self.rulings.cars;
        // One bit per hand slot already matched to a named tile.
        let mut matched = 0u32;
        tiles.iter().all(|tile| {
            let slot = (0..hand.len().min(32))
                .find(|&i| matched & (1 << i) == 0 && cars[usize::from(hand[i].index)] == *tile);
            slot.map(|i| matched |= 1 << i).is_some()
        })
    }

    /// Whether `action` is one of [`Self::legal_steps`], checked without listing them.
    fn allows(&self, action: &Action) -> bool {
        let owner = self.current;
        match (self.stage, action) {
            (Stage::Direction, Action::FromLeft(_)) => true,
            (Stage::Discard, Action::Discard(tiles)) => self.holds_all(tiles.as_slice()),
            (Stage::Actions, Action::Shunt) => self.bonus_order_open(),
            (Stage::Actions, Action::Forgo) => self.bonus_order_open() && !self.has_legal_action(),
            (Stage::Actions, Action::Place(tile)) => self.holds_all(&[*tile]),
            (Stage::Actions, Action::Claim { column, row }) => {
                !self.only_places() && self.can_claim(owner, *column, *row)
            }
            (Stage::Actions, Action::Advance) => !self.only_places() && self.advance_allowed(),
            _ => false,
        }
    }

    /// Free tracks on the card at (row, column index).
    pub fn free_tracks(&self, row: usize, column: usize) -> usize {
        usize::from(self.tracks[row][column]).saturating_sub(self.spots[row][column].len())
    }

    /// Why `seat` may not take `action` now, if it may not.
    pub(super) fn refusal(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        let Some(to_act) = self.seat_to_act() else {
            return Err(RuleError::new("The game is over."));
        };
        if seat != to_act {
            return Err(RuleError::new(format!(
                "It is not your turn: it is {}'s turn.",
                seat_ref(to_act)
            )));
        }
        if self.allows(action) {
            return Ok(());
        }
        Err(RuleError::new(self.why_not(action)))
    }

    /// What is wrong with a step that is not legal now.
    fn why_not(&self, action: &Action) -> String {
        let owner = self.current;
        let hand_text = || {
            let names: Vec<String> = self.piles[owner]
                .hand
                .iter()
                .map(|&t| self.tile_type(t).to_string())
                .collect();
            if names.is_empty() {
                "empty".to_owned()
            } else {
                names.join(", ")
            }
        };
        match (self.stage, action) {
            (Stage::Direction, _) => {
                "First the locomotive's starting end: `from left` or `from right`.".into()
            }
            (Stage::Discard, Action::Discard(_)) => format!(
                "You can only discard tiles you hold; your hand is {}.",
                hand_text()
            ),
            (Stage::Discard, _) => format!(
                "First manage your hand: `keep`, or `discard` some of {} (then you draw up to {}).",
                hand_text(),
                self.rulings.hand_size
            ),
            (_, Action::FromLeft(_)) => "The direction of travel is already chosen.".into(),
            (_, Action::Discard(_)) => "Hand management is only at the start of your turn.".into(),
            (_, Action::Shunt) => {
                "There is no Shunt to choose now (a Shunt on its own happens by itself).".into()
            }
            (_, Action::Forgo) if self.bonus_order_open() => "The Bonus Action must be used while \
                                                             an action is possible: take one, or \
                                                             `shunt` first."
                .into(),
            (_, Action::Forgo) => {
                "There is no Bonus Action to give up now: `forgo` is for a Siding's Bonus Action \
                 that has nothing to do before its Shunt."
                    .into()
            }
            (_, Action::Place(tile)) => {
                format!("You do not hold a {tile}; your hand is {}.", hand_text())
            }
            (_, _) if self.only_places() => "Your first action of the game must place a tile \
                                              behind the locomotive, e.g. `place grain`."
                .into(),
            (_, Action::Claim { column, row }) => self.why_no_claim(owner, *column, *row),
            (_, Action::Advance) => format!(
                "The train cannot advance: its rear has passed column {COLUMNS}, the last card."
            ),
        }
    }

    fn why_no_claim(&self, owner: Owner, column: u8, row: Row) -> String {
        if !(1..=COLUMNS).contains(&usize::from(column)) {
            return format!("There is no column {column}: columns are 1 to {COLUMNS}.");
        }
        let index = usize::from(column) - 1;
        let Some(car) = self.car_at_column(index) else {
            return format!("No car stands beside column {column}.");
        };
        let tile = self.train[car];
        if tile.owner() != owner {
            return format!(
                "The {} beside column {column} is not yours.",
                self.tile_type(tile).describe()
            );
        }
        let spec = &self.rulings.locations[self.location_at(row.index(), index)];
        if spec.tracks == 0 {
            format!(
                "The {} card ({} of column {column}) has no tracks.",
                spec.name,
                row.word()
            )
        } else {
            format!(
                "The {} ({} of column {column}) has no free track.",
                spec.name,
                row.word()
            )
        }
    }

    /// A human description of a legal step.
    pub(super) fn describe(&self, action: &Action) -> String {
        match action {
            Action::FromLeft(true) => {
                "Start the locomotive at the left end; the train travels right".into()
            }
            Action::FromLeft(false) => {
                "Start the locomotive at the right end; the train travels left".into()
            }
            Action::Discard(tiles) if tiles.is_empty() => "Keep your whole hand".into(),
            Action::Discard(tiles) => {
                let names: Vec<String> = tiles.as_slice().iter().map(|t| t.describe()).collect();
                let list = match names.split_last() {
                    Some((last, [])) => last.clone(),
                    Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
                    None => String::new(),
                };
                format!(
                    "Discard {list}, then draw back up to {}",
                    self.rulings.hand_size
                )
            }
            Action::Place(tile) => {
                let column = self.car_column(self.train.len());
                let mut text = format!(
                    "Place your {} at the end (column {column})",
                    tile.describe()
                );
                if let Some(bonus) = tile.bonus {
                    text.push_str(&format!(", then its {}", bonus.name()));
                }
                text
            }
            Action::Claim { column, row } => {
                let index = usize::from(*column) - 1;
                let spec = &self.rulings.locations[self.location_at(row.index(), index)];
                let car = self
                    .car_at_column(index)
                    .map(|car| self.tile_type(self.train[car]).describe())
                    .unwrap_or_default();
                let mut text = format!(
                    "Claim the {} ({} of column {column}) with your {car}",
                    spec.name,
                    row.word()
                );
                if spec.is_siding() {
                    text.push_str(", then its bonuses");
                }
                text
            }
            Action::Advance => format!("Advance the train to column {}", self.loco + 1),
            Action::Shunt => format!(
                "Shunt first (the train moves back to column {}), then the Bonus Action",
                (self.loco - 1).max(1)
            ),
            Action::Forgo => {
                "Bonus Action first: nothing is possible now, so it is lost; then the Shunt".into()
            }
        }
    }
}

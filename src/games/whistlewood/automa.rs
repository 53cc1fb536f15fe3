//! The Automa of the solo game: three actions a turn, each a Station claim if it can make one, else the
//! top tile of its pile, else an advance. Its preferences between Stations are data
//! ([`super::rulings::Rulings::automa_preferences`]).

use std::cmp::Ordering;

use super::cars::Bonus;
use super::events;
use super::legal::ClaimOption;
use super::rules::{AUTOMA, Whistlewood};
use super::rulings::AutomaPreference;
use super::turn::Act;
use crate::games::narration::Sink;

impl Whistlewood {
    /// Plays the Automa's whole turn. On its first turn it places as many tiles as its level; after that
    /// it takes the rulings' number of actions.
    pub(super) fn automa_turn(&mut self, sink: &mut impl Sink) {
        let first = self.first_turn;
        let steps = match (first, self.solo) {
            (true, Some(level)) => level.number(),
            _ => self.rulings.automa_actions,
        };
        sink.emit(events::automa_turn);
        for _ in 0..steps {
            if self.stage == super::rules::Stage::Over {
                return;
            }
            if !first && let Some(claim) = self.automa_claim() {
                self.act(
                    AUTOMA,
                    Act::Claim {
                        car: claim.car,
                        row: claim.row,
                        column: claim.column,
                    },
                    sink,
                );
                continue;
            }
            if let Some(tile) = self.piles[AUTOMA].draw.pop() {
                let bonus = self.tile_type(tile).bonus;
                self.act(AUTOMA, Act::Place(tile), sink);
                match bonus {
                    Some(Bonus::Action) => self.automa_advance(sink),
                    Some(Bonus::Shunt) => self.shunt(sink),
                    None => {}
                }
            } else if !first {
                self.automa_advance(sink);
            }
        }
    }

    /// The Automa advances the train, if the rules allow it.
    fn automa_advance(&mut self, sink: &mut impl Sink) {
        if self.advance_allowed() {
            self.act(AUTOMA, Act::Advance, sink);
        } else {
            sink.emit(events::automa_cannot_advance);
        }
    }

    /// The Station claim the Automa makes now, if it can make one: its car farthest from the
    /// locomotive, onto the Station its preferences rank first. It never claims a Siding.
    pub fn automa_claim(&self) -> Option<ClaimOption> {
        let options: Vec<ClaimOption> = self
            .claim_options(AUTOMA)
            .into_iter()
            .filter(|o| self.rulings.locations[self.location_at(o.row, o.column)].station)
            .collect();
        let farthest = options.iter().map(|o| o.car).max()?;
        options
            .into_iter()
            .filter(|o| o.car == farthest)
            .min_by(|a, b| self.automa_compare(a, b))
    }

    /// Orders two Station cards by the Automa's preferences (the preferred one first).
    fn automa_compare(&self, a: &ClaimOption, b: &ClaimOption) -> Ordering {
        for preference in &self.rulings.automa_preferences {
            let order = match preference {
                AutomaPreference::Silo => {
                    let silo = |o: &ClaimOption| {
                        self.rulings.locations[self.location_at(o.row, o.column)].silo
                    };
                    silo(b).cmp(&silo(a))
                }
                AutomaPreference::Livestock => self
                    .livestock_value(b.row, b.column)
                    .cmp(&self.livestock_value(a.row, a.column)),
                AutomaPreference::FewerFreeTracks => self
                    .free_tracks(a.row, a.column)
                    .cmp(&self.free_tracks(b.row, b.column)),
                AutomaPreference::TopRow => a.row.cmp(&b.row),
            };
            if order != Ordering::Equal {
                return order;
            }
        }
        Ordering::Equal
    }

    /// What a Livestock car would score on the card at (row, column index).
    pub fn livestock_value(&self, row: usize, column: usize) -> i32 {
        super::scoring::kind_value_at(self, super::cars::CarKind::Livestock, row, column)
    }

    /// Nature icons on the cards left and right of (row, column index) in its row.
    pub fn nature_next_to(&self, row: usize, column: usize) -> usize {
        [column.checked_sub(1), column.checked_add(1)]
            .into_iter()
            .flatten()
            .filter(|&c| c < super::rulings::COLUMNS)
            .map(|c| {
                self.rulings.locations[self.location_at(row, c)]
                    .nature
                    .len()
            })
            .sum()
    }
}

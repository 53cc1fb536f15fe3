//! Whistlewood Express (2 players, or 1 against the Automa): attach your cars to a shared train and
//! claim the Stations where they score best.

pub mod automa;
pub mod bots;
pub mod card_cars;
pub mod cars;
pub mod draw;
pub mod events;
pub mod legal;
pub mod locations;
mod menu;
pub mod notation;
mod playout;
pub mod present;
pub mod rules;
pub mod rulings;
pub mod rulings_check;
pub mod scoring;
mod search;
mod standing;
mod turn;
pub mod unseen;
pub mod view;

#[cfg(test)]
mod tests;

pub use notation::{Action, Row};
pub use rules::{AutomaLevel, Whistlewood, WhistlewoodOptions, WhistlewoodSetup};
pub use rulings::Rulings;
pub use view::WhistlewoodView;

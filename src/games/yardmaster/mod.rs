//! Yardmaster Express (2–5 players): build the most valuable train from a hand that travels round the table.

pub mod bots;
pub mod cabooses;
pub mod cards;
pub mod draw;
pub mod events;
mod menu;
pub mod notation;
pub mod present;
pub mod rules;
pub mod scoring;
mod search;
mod standing;
pub mod train;
pub mod unseen;
pub mod view;
pub mod viewing;

pub use notation::{Action, Side};
pub use rules::{Yardmaster, YardmasterOptions, YardmasterSetup};
pub use view::YardmasterView;

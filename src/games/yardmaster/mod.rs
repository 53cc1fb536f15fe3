//! Yardmaster Express (2–5 players): build the most valuable train from a hand that travels round the table.

pub mod cards;
pub mod draw;
pub mod view;

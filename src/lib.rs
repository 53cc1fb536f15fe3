//! Roundhouse: train board and card games played asynchronously, on Discord or in a terminal.
//!
//! Layers, from the inside out: pure rules engines ([`games`]) behind one interface ([`game`]); the
//! [`store`] (SQLite); the [`table`], which turns "user U in channel C says X" into replies; and thin front
//! ends ([`console`], [`discord`], and the read-only web site, [`web`]).

pub mod bots;
pub mod calendar;
pub mod clock;
pub mod console;
pub mod discord;
pub mod excerpt;
pub mod game;
pub mod games;
pub mod plural;
pub mod replay;
pub mod rng;
pub mod shards;
pub mod store;
pub mod table;
pub mod web;

//! Golden deals: fixed seeds give exactly these deals, reshuffles and puzzles, forever. Stored games are
//! a seed plus moves and route cards and daily puzzles are seeds, so a change to any value here would
//! silently change games and puzzles people already have.
//!
//! Every expected value below was produced by the code of the day these tests were written (the deals
//! then drew through `rand` 0.10.3): that code is the reference by definition, and these tests pin it.

mod coal_train;
mod coal_train_games;
mod express;
mod shunting;
mod whistlewood;
mod yardmaster;

use roundhouse::games::{self, adapter::GameKind};
use serde_json::Value;

/// The registered game `id`.
fn kind(id: &str) -> &'static dyn GameKind {
    games::find(id).unwrap_or_else(|| panic!("no game `{id}`"))
}

/// The setup `id` deals from `seed`, as JSON.
fn deal(id: &str, options: &str, players: usize, seed: u64) -> Value {
    let setup = kind(id)
        .deal(options, players, seed)
        .expect("the deal is made");
    serde_json::from_str(&setup).expect("a setup is JSON")
}

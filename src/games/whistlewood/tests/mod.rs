//! Rules tested from built positions: the scoring table one rule at a time and the Automa's
//! priorities. Positions are made by moving real tiles out of the piles, so every tile stays counted.

mod automa;
mod discards;
mod playout;
mod scoring;

use super::cars::{Owner, Tile, TileType};
use super::rules::{AUTOMA, AutomaLevel, Stage, Whistlewood, WhistlewoodOptions, WhistlewoodSetup};
use crate::game::Game;

/// A game on `layout` after the direction choice, with every tile still in its owner's piles.
fn position(layout: [&str; 2], from_left: bool, solo: bool) -> Whistlewood {
    let set: Vec<TileType> = super::rulings::Rulings::default().cars;
    let setup = WhistlewoodSetup {
        layout: layout.map(str::to_owned),
        start_player: 0,
        piles: [set.clone(), set],
        rulings: Default::default(),
    };
    let players = if solo { 1 } else { 2 };
    let options = WhistlewoodOptions {
        level: AutomaLevel::One,
    };
    let mut game = Whistlewood::start(options, players, setup, 1).unwrap();
    game.orient(Some(from_left));
    game.stage = Stage::Actions;
    game.round = 2;
    game.first_turn = false;
    game.current = if solo { AUTOMA } else { 0 };
    game
}

/// Takes a tile of this owner and type out of its hand or piles.
fn take(game: &mut Whistlewood, owner: Owner, tile: &str) -> Tile {
    let wanted: TileType = tile.parse().unwrap();
    let types = game.rulings.cars.clone();
    let piles = &mut game.piles[owner];
    for pile in [&mut piles.hand, &mut piles.draw, &mut piles.discard] {
        if let Some(i) = pile
            .iter()
            .position(|t| types[usize::from(t.index)] == wanted)
        {
            return pile.remove(i);
        }
    }
    panic!("no {tile} left for owner {owner}");
}

/// Puts a tile of `owner` on the card at (row, column 1..5).
fn put_on(game: &mut Whistlewood, row: usize, column: usize, owner: Owner, tile: &str) {
    let tile = take(game, owner, tile);
    game.spots[row][column - 1].push(tile);
}

/// Appends a tile of `owner` to the train.
fn put_in_train(game: &mut Whistlewood, owner: Owner, tile: &str) {
    let tile = take(game, owner, tile);
    game.train.push(tile);
}

/// A map with nature next to a few Stations: top `B D A E C`, bottom `C A F B D`.
const MAP: [&str; 2] = ["BDAEC", "CAFBD"];

/// Every tile is still counted once.
fn assert_conserved(game: &Whistlewood) {
    let mut seen: Vec<Tile> = Vec::new();
    for piles in &game.piles {
        seen.extend(piles.hand.iter().chain(&piles.draw).chain(&piles.discard));
    }
    seen.extend(game.train.iter());
    for row in &game.spots {
        for spot in row {
            seen.extend(spot.iter());
        }
    }
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), 18);
    assert!(game.outcome().is_none() || game.stage == Stage::Over);
}

//! The discard step lists every different set of tiles once, fewest first.

use super::{MAP, position, take};
use crate::game::Game;
use crate::games::whistlewood::notation::{Action, TileList};
use crate::games::whistlewood::rules::Stage;

/// Every sub-multiset of `hand`, found by brute force over all masks, deduplicated, in (size, list) order.
fn brute_force_sets(hand: &[&str]) -> Vec<TileList> {
    let tiles: Vec<_> = hand.iter().map(|t| t.parse().unwrap()).collect();
    let mut sets: Vec<TileList> = (0u32..1 << tiles.len())
        .map(|mask| {
            let chosen = (0..tiles.len()).filter(|i| mask & (1 << i) != 0);
            TileList::collect(chosen.map(|i| tiles[i])).unwrap()
        })
        .collect();
    sets.sort_by(|a, b| (a.len(), a.as_slice()).cmp(&(b.len(), b.as_slice())));
    sets.dedup();
    sets
}

fn discard_choices(hand: &[&str]) -> Vec<TileList> {
    let mut game = position(MAP, true, false);
    let dealt = std::mem::take(&mut game.piles[0].hand);
    game.piles[0].draw.extend(dealt);
    let tiles: Vec<_> = hand.iter().map(|tile| take(&mut game, 0, tile)).collect();
    game.piles[0].hand = tiles;
    game.stage = Stage::Discard;
    let steps = game.legal(0);
    steps
        .iter()
        .map(|step| match step {
            Action::Discard(tiles) => *tiles,
            other => panic!("only discards are legal now, not {other:?}"),
        })
        .collect()
}

#[test]
fn each_different_set_is_listed_once_fewest_first() {
    for hand in [
        &["grain", "grain", "coal", "log"][..],
        &["grain", "grain", "stone+shunt", "stone+action"],
        &["mail", "tank", "coal", "log"],
        &["grain", "grain", "coal"],
        &["livestock"],
        &[],
    ] {
        let listed = discard_choices(hand);
        let mut expected = brute_force_sets(hand);
        assert_eq!(listed.len(), expected.len(), "hand {hand:?}");
        assert!(listed.windows(2).all(|w| w[0].len() <= w[1].len()));
        let mut sorted = listed.clone();
        sorted.sort_by(|a, b| (a.len(), a.as_slice()).cmp(&(b.len(), b.as_slice())));
        expected.sort_by(|a, b| (a.len(), a.as_slice()).cmp(&(b.len(), b.as_slice())));
        assert_eq!(sorted, expected, "hand {hand:?}");
    }
    // Two equal Grains make 3 × 2 × 2 = 12 different sets, not 16.
    assert_eq!(
        discard_choices(&["grain", "grain", "coal", "log"]).len(),
        12
    );
}

//! Samples of a table as one viewer might imagine it: the map, the train and the viewer's own hand and
//! discards stay; every other tile off the map is dealt anew among the places the viewer cannot see.

use super::cars::{Owner, Tile};
use super::rules::Whistlewood;
use super::view::owner_seen_by;
use crate::game::{GameRng, Viewer};

/// `game` with each colour's unseen tiles (other hands and discards, every draw pile, the Automa's
/// pile) shuffled anew into the same places, and the game's own generator (later reshuffles) reseeded.
/// The unseen tiles are listed in set order before they are shuffled, so the sample depends only on
/// what `viewer` sees and on `rng`.
pub fn resample_hidden(game: &Whistlewood, viewer: Viewer, rng: &mut GameRng) -> Whistlewood {
    let viewer_owner = owner_seen_by(game, viewer);
    let mut sample = game.clone();
    for owner in 0..2 {
        let own = viewer_owner == Some(owner);
        let mut unseen = unseen_tiles(game, owner, own);
        rng.shuffle(&mut unseen);
        let mut deal = unseen.into_iter();
        let piles = &mut sample.piles[owner];
        let hidden = [
            (!own).then_some(&mut piles.hand),
            (!own).then_some(&mut piles.discard),
            Some(&mut piles.draw),
        ];
        for place in hidden.into_iter().flatten() {
            for tile in place.iter_mut() {
                *tile = deal.next().unwrap_or(*tile);
            }
        }
    }
    sample.rng = GameRng::seeded(rng.next_u64());
    sample
}

/// `owner`'s tiles that are neither on the map, nor in the train, nor (when `own`) in the viewer's hand
/// or discards, in the order of the colour's set.
fn unseen_tiles(game: &Whistlewood, owner: Owner, own: bool) -> Vec<Tile> {
    let count = game.rulings().cars.len();
    let mut seen = vec![false; count];
    let piles = game.piles(owner);
    let own_piles = [&piles.hand, &piles.discard].into_iter().filter(|_| own);
    let placed = game.spots.iter().flatten().flat_map(|spot| spot.iter());
    for tile in placed
        .chain(game.train())
        .chain(own_piles.flatten())
        .filter(|tile| tile.owner() == owner)
    {
        seen[usize::from(tile.index)] = true;
    }
    (0..count)
        .filter(|&index| !seen[index])
        .map(|index| Tile {
            owner: owner as u8,
            index: index as u8,
        })
        .collect()
}

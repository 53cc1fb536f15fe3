//! Samples of a table as a viewer might imagine it. Hidden from everyone: the order of the draw deck and
//! the reserve, and the faces of the last round's face-down tiles. Those tiles are pooled (listed in tile
//! order, so the sample depends only on what is seen) and dealt anew: the whistlestops back on top of the
//! draw deck (the one that goes last below the others), the rest over the remaining places.

use super::content::{Content, TileNo};
use super::state::{CoalTrain, SPACES};
use crate::game::GameRng;

/// `game` with its hidden tiles dealt anew from `rng`.
pub fn resample_hidden(game: &CoalTrain, rng: &mut GameRng) -> CoalTrain {
    let content = Content::get();
    let mut sample = game.clone();
    let face_down: Vec<usize> = (0..SPACES).filter(|&s| game.market[s].face_down).collect();
    let mut pool: Vec<TileNo> = game
        .deck
        .iter()
        .chain(&game.reserve)
        .copied()
        .chain(face_down.iter().filter_map(|&s| game.market[s].tile))
        .collect();
    pool.sort_unstable();
    rng.shuffle(&mut pool);
    let is_stop = |t: &TileNo| content.whistlestop(*t).is_some();
    let is_last = |t: &TileNo| content.whistlestop(*t).is_some_and(|w| w.last);
    let mut ordered: Vec<TileNo> = pool.iter().copied().filter(|t| !is_stop(t)).collect();
    ordered.extend(pool.iter().copied().filter(is_last));
    ordered.extend(pool.iter().copied().filter(|t| is_stop(t) && !is_last(t)));
    // `ordered` ends with the tiles that go on top of the draw deck (the top is the last element).
    let mut deal = ordered.into_iter().rev();
    for slot in sample.deck.iter_mut().rev() {
        *slot = deal.next().unwrap_or(*slot);
    }
    for slot in sample.reserve.iter_mut().rev() {
        *slot = deal.next().unwrap_or(*slot);
    }
    for space in face_down {
        sample.market[space].tile = deal.next().or(sample.market[space].tile);
    }
    sample
}

//! Samples of a table as one viewer might imagine it: what the viewer sees stays, every card hidden
//! from it is dealt anew from the cards it cannot account for.

use super::cards::{self, Face};
use super::rules::Yardmaster;
use super::viewing::{sees_face, sees_hand, sees_kept};
use crate::game::{Game, GameRng, Viewer};

/// `game` with the travelling hand (unless `viewer` holds it), other seats' kept cards, other seats'
/// face-down faces (until the game is over), the draw deck's order and the second game's deck redrawn
/// from the cards `viewer` has not seen. The unseen cards are listed in deck order before they are
/// shuffled, so the sample depends only on what `viewer` sees and on `rng`.
pub fn resample_hidden(game: &Yardmaster, viewer: Viewer, rng: &mut GameRng) -> Yardmaster {
    let players = game.players();
    let mut unseen = cards::deck_faces(players).to_vec();
    let mut account_for = |face: Face| {
        if let Some(index) = unseen.iter().position(|&f| f == face) {
            unseen.remove(index);
        }
    };
    for (seat, train) in game.trains.iter().enumerate() {
        for card in train
            .iter()
            .filter(|card| sees_face(game, viewer, seat, card))
        {
            account_for(card.face);
        }
    }
    if sees_hand(game, viewer) {
        game.hand.iter().copied().for_each(&mut account_for);
    }
    for (seat, kept) in game.kept.iter().enumerate() {
        if let Some(face) = kept.filter(|_| sees_kept(viewer, seat)) {
            account_for(face);
        }
    }
    rng.shuffle(&mut unseen);
    let mut sample = game.clone();
    let mut deal = unseen.into_iter();
    let mut redraw = |face: &mut Face| {
        if let Some(drawn) = deal.next() {
            *face = drawn;
        }
    };
    if !sees_hand(game, viewer) {
        sample.hand.iter_mut().for_each(&mut redraw);
    }
    for (seat, kept) in sample.kept.iter_mut().enumerate() {
        if let Some(face) = kept.as_mut().filter(|_| !sees_kept(viewer, seat)) {
            redraw(face);
        }
    }
    for (seat, train) in sample.trains.iter_mut().enumerate() {
        for card in train.iter_mut() {
            if !sees_face(game, viewer, seat, &*card) {
                redraw(&mut card.face);
            }
        }
    }
    sample.deck.iter_mut().for_each(&mut redraw);
    if let Some(second) = sample.second_deck.as_mut() {
        *second = cards::deck_faces(players).to_vec();
        rng.shuffle(second);
    }
    sample
}

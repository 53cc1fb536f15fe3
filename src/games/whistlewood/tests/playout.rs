//! The hard bot's playout policy takes the obviously better step far more often than not.

use super::{MAP, position, put_in_train};
use crate::game::{Game, GameRng};
use crate::games::whistlewood::notation::{Action, Row, TileList};
use crate::games::whistlewood::rules::Stage;

/// How often the policy takes `wanted` out of 400 draws.
fn share_taken(game: &crate::games::whistlewood::Whistlewood, wanted: Action) -> f64 {
    let legal = game.legal(0);
    assert!(legal.contains(&wanted) && legal.len() > 2, "{legal:?}");
    let mut rng = GameRng::seeded(7);
    let taken = (0..400)
        .filter(|_| game.playout_choice(&legal, &mut rng) == wanted)
        .count();
    taken as f64 / 400.0
}

#[test]
fn a_playout_claims_the_silo_for_its_grain_and_keeps_its_hand() {
    // Column 2 from the left: a Field on top, a Station with Silo below.
    let mut game = position(MAP, true, false);
    game.loco = 3;
    put_in_train(&mut game, 0, "grain");
    let claim = Action::Claim {
        column: 2,
        row: Row::Bottom,
    };
    assert!(share_taken(&game, claim) > 0.85);

    game.stage = Stage::Discard;
    assert!(share_taken(&game, Action::Discard(TileList::EMPTY)) > 0.6);
}

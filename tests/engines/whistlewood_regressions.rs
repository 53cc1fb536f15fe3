//! Whistlewood Express engine bugs found by the property tests and the bot runs, one test each, so they
//! stay fixed.

use roundhouse::game::{Game, GameRng};
use roundhouse::games::whistlewood::rules::Stage;
use roundhouse::games::whistlewood::{Action, Row, Whistlewood, WhistlewoodOptions};

/// A two-player game in which the train has advanced until a car stands past the map (the first car
/// beside column 6), with the player to move taking actions.
fn game_with_a_car_past_the_map() -> Whistlewood {
    let options = WhistlewoodOptions::default();
    let setup = Whistlewood::deal(&options, 2, &mut GameRng::seeded(7));
    let mut game = Whistlewood::start(options, 2, setup, 7).expect("dealt setups start");
    while !(game.stage() == Stage::Actions && game.loco() >= 7) {
        let seat = game.to_act().seats()[0];
        let legal = game.legal(seat);
        let step = [Action::Advance, Action::KEEP]
            .into_iter()
            .find(|step| legal.contains(step))
            .unwrap_or_else(|| legal[0]);
        game.apply(seat, &step).expect("legal steps apply");
    }
    game
}

#[test]
fn a_claim_beside_a_column_off_the_map_is_refused_not_a_panic() {
    let mut game = game_with_a_car_past_the_map();
    let before = game.clone();
    let seat = game.to_act().seats()[0];
    for column in [0, 6, 7, u8::MAX] {
        for row in [Row::Top, Row::Bottom] {
            let error = game
                .apply(seat, &Action::Claim { column, row })
                .expect_err("there is no such column");
            assert!(error.message.contains("1 to 5"), "{}", error.message);
            assert_eq!(game, before);
        }
    }
}

//! The Automa's turn, one priority at a time.

use super::{MAP, assert_conserved, position, put_in_train, put_on};
use crate::game::Event;
use crate::games::whistlewood::rules::{AUTOMA, Whistlewood};

/// Plays the Automa's turn (it is the colour to move) and returns its public texts.
fn automa_turn(game: &mut Whistlewood) -> Vec<String> {
    let mut events: Vec<Event> = Vec::new();
    game.start_turn(&mut events);
    events.into_iter().map(|e| e.text).collect()
}

fn claims(texts: &[String]) -> Vec<&String> {
    texts.iter().filter(|t| t.contains("claims")).collect()
}

/// The top of the Automa's draw pile becomes `tiles` (first = top).
fn stack_pile(game: &mut Whistlewood, tiles: &[&str]) {
    let types = game.rulings.cars.clone();
    let pile = &mut game.piles[AUTOMA].draw;
    for tile in tiles.iter().rev() {
        let wanted = tile.parse().unwrap();
        let i = pile
            .iter()
            .position(|t| types[usize::from(t.index)] == wanted)
            .unwrap();
        let tile = pile.remove(i);
        pile.push(tile);
    }
}

#[test]
fn the_automa_claims_a_station_before_placing() {
    let mut game = position(MAP, true, true);
    game.loco = 2;
    put_in_train(&mut game, AUTOMA, "coal");
    stack_pile(&mut game, &["log", "mail", "tank"]);
    let texts = automa_turn(&mut game);
    // Before each action it looks for a claim: the Coal at column 1 claims the top Station (a Field
    // beside it makes Livestock worth more there), then it places the Log, which claims next.
    assert!(
        texts[1].contains("claims the Two-Track Station (top of column 1) with a Coal"),
        "{texts:?}"
    );
    assert!(texts[2].contains("places a Log car"), "{texts:?}");
    assert!(
        texts[3].contains("claims the Two-Track Station (top of column 1) with a Log"),
        "{texts:?}"
    );
    assert_eq!(game.spots[0][0].len(), 2);
    assert_eq!(game.piles[AUTOMA].draw.len(), 7);
    assert_conserved(&game);
}

#[test]
fn the_automa_uses_its_car_farthest_from_the_locomotive_first() {
    let mut game = position(MAP, true, true);
    game.loco = 5;
    // Automa cars at columns 4, 3 and 2; the one at column 2 is farthest from the locomotive.
    put_in_train(&mut game, AUTOMA, "coal");
    put_in_train(&mut game, AUTOMA, "log");
    put_in_train(&mut game, AUTOMA, "tank");
    let choice = game.automa_claim().unwrap();
    assert_eq!((choice.car, choice.column), (2, 1));
    let texts = automa_turn(&mut game);
    assert!(claims(&texts)[0].contains("with a Tank car"), "{texts:?}");
}

#[test]
fn the_automa_prefers_a_silo_station() {
    // Column 1: top A (Silo Station), bottom B (Two-Track Station); no nature beside either.
    let map = ["ABDEC", "BAFCD"];
    let mut game = position(map, true, true);
    game.loco = 2;
    put_in_train(&mut game, AUTOMA, "coal");
    assert_eq!(game.livestock_value(0, 0), game.livestock_value(1, 0));
    let choice = game.automa_claim().unwrap();
    assert_eq!((choice.row, choice.column), (0, 0));
    put_on(&mut game, 1, 1, 0, "log");
    let choice = game.automa_claim().unwrap();
    assert_eq!(choice.row, 0, "a Silo beats fewer free tracks");
    assert_conserved(&game);
}

#[test]
fn without_a_silo_the_automa_prefers_more_points_for_livestock() {
    let map = ["CBEDA", "ABFCD"];
    let mut game = position(map, true, true);
    game.loco = 3;
    put_in_train(&mut game, AUTOMA, "coal");
    // The car stands at column 2: top B (River to its right: Livestock 3), bottom B (Siding right,
    // Silo Station left: Livestock 2). Both have two free tracks and no Silo.
    assert_eq!(game.livestock_value(0, 1), 3);
    assert_eq!(game.livestock_value(1, 1), 2);
    let choice = game.automa_claim().unwrap();
    assert_eq!((choice.row, choice.column), (0, 1));
}

#[test]
fn then_the_automa_prefers_fewer_free_tracks_then_the_top_row() {
    // Column 1: top B (two tracks), bottom C (one track); neither has a Silo or nature beside it.
    let map = ["BAEDC", "CAFBD"];
    let mut game = position(map, true, true);
    game.loco = 2;
    put_in_train(&mut game, AUTOMA, "coal");
    assert_eq!(game.livestock_value(0, 0), game.livestock_value(1, 0));
    let choice = game.automa_claim().unwrap();
    assert_eq!(
        choice.row, 1,
        "the Single-Track Station has fewer free tracks"
    );
    // With one car on the top Station both have one free track: the top row wins.
    put_on(&mut game, 0, 1, 0, "log");
    let choice = game.automa_claim().unwrap();
    assert_eq!(choice.row, 0);
}

#[test]
fn the_automa_never_claims_the_siding() {
    // Column 3: top D (Field), bottom F (Siding): nothing the Automa may claim.
    let mut game = position(["BADEC", "CAFBD"], true, true);
    game.loco = 4;
    put_in_train(&mut game, AUTOMA, "coal");
    assert!(game.automa_claim().is_none());
    assert!(
        !game.claim_options(AUTOMA).is_empty(),
        "a player could claim it"
    );
    stack_pile(&mut game, &["log", "mail", "grain"]);
    let texts = automa_turn(&mut game);
    assert!(texts[1].contains("places a Log car"), "{texts:?}");
    assert!(
        claims(&texts).iter().all(|t| !t.contains("Siding")),
        "{texts:?}"
    );
    assert!(game.spots[1][2].is_empty());
}

#[test]
fn the_automa_places_its_top_tile_and_a_bonus_action_tile_makes_it_advance() {
    let mut game = position(MAP, true, true);
    stack_pile(&mut game, &["stone+action", "coal", "log"]);
    let texts = automa_turn(&mut game);
    assert!(
        texts[1].contains("places a Stone car with a Bonus Action"),
        "{texts:?}"
    );
    assert!(
        texts[2].contains("The Automa advances the train"),
        "{texts:?}"
    );
    assert_eq!(game.loco, 2);
    // Then its Stone car beside column 1 claims, and it places the Coal.
    assert!(texts[3].contains("claims"), "{texts:?}");
    assert!(texts[4].contains("places a Coal car"), "{texts:?}");
    assert_eq!(game.piles[AUTOMA].draw.len(), 7);
}

#[test]
fn the_automas_shunt_works_as_a_players() {
    let mut game = position(MAP, true, true);
    game.loco = 3;
    stack_pile(&mut game, &["stone+shunt", "mail", "log"]);
    let texts = automa_turn(&mut game);
    assert!(
        texts[1].contains("places a Stone car with a Shunt"),
        "{texts:?}"
    );
    assert!(
        texts[2].contains("Shunt: the train moves back one card (locomotive at column 2)"),
        "{texts:?}"
    );
    assert_eq!(game.loco, 2);
}

#[test]
fn with_an_empty_pile_the_automa_advances_and_skips_a_forbidden_advance() {
    let mut game = position(MAP, true, true);
    let pile = std::mem::take(&mut game.piles[AUTOMA].draw);
    game.loco = 3;
    let texts = automa_turn(&mut game);
    assert_eq!(
        texts
            .iter()
            .filter(|t| t.contains("advances the train"))
            .count(),
        3,
        "{texts:?}"
    );
    assert_eq!(game.loco, 6);
    let texts = automa_turn(&mut game);
    assert!(
        texts.iter().all(|t| !t.contains("advances the train")),
        "{texts:?}"
    );
    assert!(texts.iter().any(|t| t.contains("would advance, but")));
    assert_eq!(game.loco, 6);
    game.piles[AUTOMA].draw = pile;
}

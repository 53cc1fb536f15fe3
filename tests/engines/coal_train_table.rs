//! The table for Coal Train rules tests: explicit setups (market, deck order, incentive deal, start player
//! 0), starting a game from one, and steps typed as a player would (accepted and listed, or refused with
//! nothing changed).

use std::collections::BTreeMap;

use roundhouse::game::{Game, Seat};
use roundhouse::games::coal_train::content::Content;
use roundhouse::games::coal_train::resources::Res;
use roundhouse::games::coal_train::{Action, CoalTrain, CoalTrainOptions, CoalTrainSetup};

/// The incentives dealt to Cinder Falls (the rest are dealt in card order to the other cities).
pub const CINDER_FALLS: [&str; 4] = ["Boomtown", "Coal Contract", "Town Water", "Frontier Spirit"];

pub fn space_index(name: &str) -> usize {
    let b = name.as_bytes();
    usize::from(b[1] - b'1') * 5 + usize::from(b[0] - b'a')
}

/// A setup for `players` with these (space, tile id) in the market and the other market spaces filled
/// in tile order; the draw deck is `deck` if given (the reserve takes every other tile), else the
/// whistlestops and then the remaining tiles with the last 10 as the reserve.
pub fn setup(players: usize, market: &[(&str, &str)], deck: Option<&[&str]>) -> CoalTrainSetup {
    let c = Content::get();
    let placed: Vec<&str> = market.iter().map(|&(_, id)| id).collect();
    let deck_ids: Vec<&str> = deck.unwrap_or(&[]).to_vec();
    let free = |id: &&str| !placed.contains(id) && !deck_ids.contains(id);
    let stops: Vec<&str> = c
        .whistlestops
        .iter()
        .map(|w| w.key.as_str())
        .filter(free)
        .collect();
    let mut tiles: Vec<&str> = c
        .tiles
        .iter()
        .filter(|t| t.mark <= players)
        .map(|t| t.id.as_str())
        .filter(free)
        .collect();
    let mut grid: Vec<String> = Vec::new();
    for space in (0..25).filter(|&s| s != 12) {
        match market.iter().find(|(name, _)| space_index(name) == space) {
            Some((_, id)) => grid.push(id.to_string()),
            None => grid.push(tiles.remove(0).to_string()),
        }
    }
    let rest: Vec<String> = stops.iter().chain(&tiles).map(|s| s.to_string()).collect();
    let (deck, reserve) = match deck {
        Some(list) => (list.iter().map(|s| s.to_string()).collect(), rest),
        None => {
            let cut = rest.len() - 10;
            (rest[..cut].to_vec(), rest[cut..].to_vec())
        }
    };
    let mut cards: Vec<&str> = c
        .incentives
        .iter()
        .map(|i| i.name.as_str())
        .filter(|n| !CINDER_FALLS.contains(n))
        .collect();
    let mut incentives = BTreeMap::new();
    for &city in &c.map.cities {
        let name = c.map.locations[city].name.clone();
        let hand: Vec<String> = if name == "Cinder Falls" {
            CINDER_FALLS.iter().map(|s| s.to_string()).collect()
        } else {
            cards.drain(..4).map(str::to_string).collect()
        };
        incentives.insert(name, hand);
    }
    CoalTrainSetup {
        start_player: 0,
        market: grid,
        deck,
        reserve,
        incentives,
        ruled_2026_11_28: true,
    }
}

/// `setup` as a game stored before the rulings of 2026-11-28 holds it: its JSON without the field that
/// names them, read back.
pub fn stored_before_2026_11_28(setup: CoalTrainSetup) -> CoalTrainSetup {
    let mut json = serde_json::to_value(setup).unwrap();
    let field = json.as_object_mut().unwrap().remove("ruled_2026_11_28");
    assert_eq!(
        field,
        Some(serde_json::json!(true)),
        "a setup made now names the rulings"
    );
    serde_json::from_value(json).unwrap()
}

/// A game from `setup` with the setup subsidies chosen (in choosing order: the last seat first).
pub fn game(players: usize, setup: CoalTrainSetup, subsidies: &[&str]) -> CoalTrain {
    let mut game = CoalTrain::start(CoalTrainOptions::default(), players, setup, 0).unwrap();
    for (k, subsidy) in subsidies.iter().enumerate() {
        ok(&mut game, players - 1 - k, &format!("marker {subsidy}"));
    }
    game
}

pub fn ok(game: &mut CoalTrain, seat: Seat, text: &str) {
    let action: Action = text.parse().unwrap_or_else(|e| panic!("`{text}`: {e}"));
    assert!(
        game.legal(seat).contains(&action),
        "`{text}` is not listed: {:?}",
        game.legal(seat)
            .iter()
            .map(|a| a.to_string())
            .collect::<Vec<_>>()
    );
    game.apply(seat, &action)
        .unwrap_or_else(|e| panic!("`{text}`: {e}"));
}

/// Asserts that `text` is refused with a message containing `hint`, and that nothing changed.
pub fn refused(game: &mut CoalTrain, seat: Seat, text: &str, hint: &str) {
    let before = serde_json::to_value(&*game).unwrap();
    let result = text
        .parse::<Action>()
        .and_then(|a| game.apply(seat, &a).map(drop));
    let error = result.expect_err(text);
    assert!(error.message.contains(hint), "`{text}`: {}", error.message);
    assert_eq!(
        serde_json::to_value(&*game).unwrap(),
        before,
        "`{text}` changed the game"
    );
}

pub fn res(coal: u32, iron: u32, water: u32) -> Res {
    Res { coal, iron, water }
}

pub fn markers(game: &CoalTrain, seat: Seat, key: &str) -> u32 {
    game.player(seat).markers[Content::get().subsidy_by_word(key).unwrap()]
}

/// `setup` with these incentive cards dealt to `city`: a card dealt elsewhere swaps places with the one
/// it replaces; a card left out of the deal replaces it, which leaves the deal.
pub fn deal_to(mut setup: CoalTrainSetup, city: &str, cards: &[&str]) -> CoalTrainSetup {
    for (slot, &card) in cards.iter().enumerate() {
        let from = setup
            .incentives
            .iter()
            .find_map(|(c, hand)| hand.iter().position(|n| n == card).map(|i| (c.clone(), i)));
        let displaced = std::mem::replace(
            &mut setup.incentives.get_mut(city).expect("a city")[slot],
            card.to_string(),
        );
        if let Some((other, i)) = from {
            setup.incentives.get_mut(&other).expect("a city")[i] = displaced;
        }
    }
    setup
}

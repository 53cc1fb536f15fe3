//! Whether a hand can still get down to the limit, written as games: an impossible hand with a Wild may
//! be redrawn, a Wild-first start that can never be completed is not offered, and (over many random
//! hands) the engine's judgement agrees with a search over every meld, and every listed step leaves a
//! turn that can still end.

use std::collections::HashSet;

use roundhouse::game::{Game, GameRng, Seat};
use roundhouse::games::express::cards::{Class, WILD_DECLARATIONS, deck};
use roundhouse::games::express::rulings::Rulings;
use roundhouse::games::express::state::Phase;
use roundhouse::games::express::{Action, Express, Kind, Laid};

use crate::express_tables::{Table, is_legal, refused, step};

#[test]
fn an_impossible_hand_holding_a_wild_may_be_redrawn() {
    // After the draw: Hopper ×2, Auto Carrier, Wild, nine Disasters and a Turntable. Three trains take
    // the three cars and three Disasters as Locos, the Wild joins one of them: 7 cards laid, 7 left,
    // one discarded leaves 6.
    let table = Table::two(
        [
            "hopper hopper auto wild broken broken derail derail steal steal switch switch",
            "box box box box box box reefer reefer reefer reefer reefer reefer",
        ],
        "wreck turntable",
    );
    let mut game = table.start();
    step(&mut game, 0, "draw");
    let legal: Vec<String> = game.legal(0).iter().map(|a| a.to_string()).collect();
    assert_eq!(legal, ["redraw"], "only redraw is left");
    refused(&mut game, 0, "swap 1 wreck");
    step(&mut game, 0, "redraw");
    assert_eq!(game.set_aside().len(), 14, "the whole hand is set aside");
    assert_eq!(game.seat(0).hand.len(), 14, "as many are drawn");
    assert_eq!(game.phase(), Phase::Meld);
}

#[test]
fn a_hand_one_card_short_with_a_wild_that_can_join_a_train_is_not_redrawn() {
    // The same hand with a Reefer for one Disaster: four trains now, and the Wild joins one.
    let table = Table::two(
        [
            "hopper hopper auto wild reefer broken derail derail steal steal switch switch",
            "box box box box box box reefer reefer reefer reefer reefer tank",
        ],
        "wreck turntable",
    );
    let mut game = table.start();
    step(&mut game, 0, "draw");
    assert!(!is_legal(&game, 0, "redraw"));
    let why = refused(&mut game, 0, "redraw");
    assert!(why.contains("can still get down"), "{why}");
    for text in [
        "start broken hopper wild=hopper",
        "start derail hopper",
        "start derail auto",
        "start steal reefer",
        "discard turntable",
    ] {
        step(&mut game, 0, text);
    }
    assert_eq!(game.seat(0).hand.len(), 4);
}

#[test]
fn a_wild_first_start_that_can_never_be_completed_is_not_offered() {
    // No Tank Car, Wild or Caboose besides the one Wild: `start box wild=tank` would wait for a second
    // car for ever. A Wild declared as a car the hand holds is offered, and its second car after it.
    let table = Table::two(
        [
            "box box box wild reefer reefer coach coach dome dome sleeper sleeper",
            "tank tank tank tank tank tank auto auto auto auto auto auto",
        ],
        "mail mail",
    );
    let mut game = table.start();
    step(&mut game, 0, "draw");
    assert!(!is_legal(&game, 0, "start box wild=tank"));
    assert!(!is_legal(&game, 0, "start reefer wild=auto"));
    assert!(is_legal(&game, 0, "start box wild=reefer"));
    step(&mut game, 0, "start box wild=reefer");
    assert!(is_legal(&game, 0, "add 1 reefer"));
    step(&mut game, 0, "reset");
    // Typed anyway it is accepted, and then only `reset` or the Loco swaps could follow: none is listed
    // but `reset`.
    step(&mut game, 0, "start box wild=tank");
    let legal: Vec<String> = game.legal(0).iter().map(|a| a.to_string()).collect();
    assert_eq!(legal, ["reset"]);
}

/// Seat 0's dealt hand and the two cards on top of the draw pile, drawn from a pool heavy in cards that
/// make hands hard to meld (Disasters, Turntables, Wilds, Cabooses, Way Cars).
fn hard_hand(rng: &mut GameRng, size: usize) -> Vec<Kind> {
    let mut pool: Vec<Kind> = deck(2)
        .into_iter()
        .filter(|k| k.class() != Class::Freight && k.class() != Class::Passenger)
        .collect();
    let cars = [
        Kind::BoxCar,
        Kind::BoxCar,
        Kind::Hopper,
        Kind::TankCar,
        Kind::Coach,
        Kind::Coach,
        Kind::Diesel,
        Kind::Observation,
    ];
    pool.extend(cars);
    rng.shuffle(&mut pool);
    pool.truncate(size);
    pool
}

/// A two-seat game with small hands (`deal` cards, at most `max_hand` kept) where seat 0 holds `hand`
/// (its first `deal` cards dealt, the rest on top of the draw pile).
fn small_table(hand: &[Kind], deal: usize, max_hand: usize) -> Express {
    let codes = |cards: &[Kind]| cards.iter().map(|k| k.code()).collect::<Vec<_>>().join(" ");
    let mut table = Table::two([&codes(&hand[..deal]), ""], &codes(&hand[deal..]));
    table.rulings = Rulings {
        deal,
        max_hand,
        ..Rulings::default()
    };
    table.start()
}

/// Every step a seat in the meld phase could type: each one-car start, each car on each train, each Way
/// Car and each discard but a Disaster's (in the first round none is legal). Multi-car starts are a start
/// and adds; a Loco swap is left out, since on the first turn it only exchanges a Loco the seat could
/// have chosen in the first place.
fn every_meld_step(game: &Express, seat: Seat) -> Vec<Action> {
    let cards = game.seat(seat);
    let mut kinds: Vec<Kind> = cards.hand.clone();
    kinds.sort_unstable();
    kinds.dedup();
    let layings = |card: Kind| -> Vec<Laid> {
        let mut all = vec![Laid {
            card,
            declared: None,
        }];
        if card == Kind::Wild {
            all.extend(WILD_DECLARATIONS.iter().map(|&d| Laid {
                card,
                declared: Some(d),
            }));
        }
        all
    };
    let mut steps = Vec::new();
    for &card in &kinds {
        steps.push(Action::Way(card));
        steps.push(Action::Discard(card));
        for train in 0..cards.trains.len() {
            for laid in layings(card) {
                steps.push(Action::Add { train, laid });
            }
        }
        for &first in &kinds {
            for laid in layings(first) {
                if let Ok(start) = format!("start {} {laid}", card.code()).parse() {
                    steps.push(start);
                }
            }
        }
    }
    steps
}

/// Whether the seat to act (in the meld phase) could end its turn with some melds and a discard: a
/// search over every step it could type, not only the listed ones.
fn turn_can_end(game: &Express, seat: Seat, seen: &mut HashSet<String>) -> bool {
    let key = serde_json::to_string(game.seat(seat)).expect("serialises");
    if !seen.insert(key) {
        return false;
    }
    for action in every_meld_step(game, seat) {
        let mut next = game.clone();
        if next.apply(seat, &action).is_err() {
            continue;
        }
        if next.phase() != Phase::Meld || next.current() != seat {
            return true;
        }
        if turn_can_end(&next, seat, seen) {
            return true;
        }
    }
    false
}

#[test]
fn redraw_is_legal_exactly_when_no_melds_end_the_turn() {
    let mut rng = GameRng::seeded(28);
    let (mut impossible, mut possible) = (0, 0);
    for _ in 0..400 {
        let hand = hard_hand(&mut rng, 8);
        let mut game = small_table(&hand, 6, 2);
        step(&mut game, 0, "draw");
        let searched = turn_can_end(&game, 0, &mut HashSet::new());
        let redraw = is_legal(&game, 0, "redraw");
        assert_eq!(
            redraw, !searched,
            "hand {hand:?}: redraw offered {redraw}, a search finds a legal end {searched}"
        );
        if searched {
            possible += 1;
        } else {
            impossible += 1;
        }
    }
    assert!(
        impossible >= 20 && possible >= 20,
        "both kinds of hand are tried: {impossible} impossible, {possible} possible"
    );
}

/// Whether the seat to act can end its turn by listed steps alone (`reset` aside).
fn listed_steps_end_the_turn(game: &Express, seat: Seat, seen: &mut HashSet<String>) -> bool {
    let key = serde_json::to_string(game.seat(seat)).expect("serialises");
    if !seen.insert(key) {
        return false;
    }
    let mut legal = game.legal(seat);
    // Discards first, Loco swaps last: the search stops at the first way out.
    legal.sort_by_key(|a| match a {
        Action::Discard(_) | Action::Disaster { .. } => 0,
        Action::Swap { .. } => 2,
        _ => 1,
    });
    for action in legal {
        if action == Action::Reset {
            continue;
        }
        let mut next = game.clone();
        next.apply(seat, &action)
            .expect("a listed step is accepted");
        if next.phase() != Phase::Meld || next.current() != seat {
            return true;
        }
        if listed_steps_end_the_turn(&next, seat, seen) {
            return true;
        }
    }
    false
}

#[test]
fn every_listed_meld_leaves_a_turn_that_listed_steps_can_end() {
    let mut rng = GameRng::seeded(5);
    let mut checked = 0;
    for round in 0..120 {
        let hand = hard_hand(&mut rng, 9);
        let mut game = small_table(&hand, 7, 3);
        step(&mut game, 0, "draw");
        if is_legal(&game, 0, "redraw") {
            continue;
        }
        // Walk a few listed melds at random, checking every listed step on the way.
        for _ in 0..4 {
            let legal = game.legal(0);
            for action in &legal {
                if matches!(
                    action,
                    Action::Reset | Action::Discard(_) | Action::Disaster { .. }
                ) {
                    continue;
                }
                let mut next = game.clone();
                next.apply(0, action).expect("a listed step is accepted");
                assert!(
                    listed_steps_end_the_turn(&next, 0, &mut HashSet::new()),
                    "round {round}, hand {hand:?}: after `{action}` the turn cannot end ({:?})",
                    next.seat(0)
                );
                checked += 1;
            }
            let melds: Vec<&Action> = legal
                .iter()
                .filter(|a| {
                    !matches!(
                        a,
                        Action::Reset | Action::Discard(_) | Action::Disaster { .. }
                    )
                })
                .collect();
            if melds.is_empty() {
                break;
            }
            let chosen = *melds[rng.index(melds.len())];
            game.apply(0, &chosen).expect("a listed step is accepted");
        }
    }
    assert!(checked > 500, "only {checked} steps checked");
}

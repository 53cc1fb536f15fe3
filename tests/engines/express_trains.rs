//! Express trains: every Wild case, Cabooses, and the passenger doublings, as games where a turn shows
//! them and on trains built through the same rule the engine uses.

use roundhouse::games::express::Kind;
use roundhouse::games::express::rulings::Rulings;
use roundhouse::games::express::scoring::train_value;
use roundhouse::games::express::train::{Role, Train};

use crate::express_tables::{Table, cards, is_legal, refused, step, steps};

/// A train built car by car (codes; `wild=<car>` for a declared Wild), each car checked by the rules.
fn train(codes: &str) -> Train {
    let mut train = Train {
        loco: Kind::Wreck,
        cars: Vec::new(),
        fresh: true,
    };
    for word in codes.split_whitespace() {
        let (card, declared) = match word.split_once('=') {
            Some((wild, kind)) => (cards(wild)[0], Some(cards(kind)[0])),
            None => (cards(word)[0], None),
        };
        let addition = train
            .check_add(card, declared)
            .unwrap_or_else(|why| panic!("{word} after {codes}: {why}"));
        train.push(addition);
    }
    train
}

/// Seat 0 (first to play) dealt 5 cards, about to meld after drawing `draw`.
fn melding(hand: &'static str, draw: &'static str) -> roundhouse::games::express::Express {
    let mut table = Table::two([hand, ""], draw);
    table.rulings = Rulings {
        deal: 5,
        ..Rulings::default()
    };
    let mut game = table.start();
    step(&mut game, 0, "draw");
    game
}

#[test]
fn a_wild_in_place_one_needs_a_second_car_the_same_turn() {
    let mut game = melding("tank wild box box reefer", "reefer reefer");
    step(&mut game, 0, "start tank wild=box");
    let why = refused(&mut game, 0, "discard reefer");
    assert!(why.contains("lone Wild"), "{why}");
    assert!(!is_legal(&game, 0, "discard reefer"));
    steps(&mut game, 0, &["add 1 box", "discard reefer"]);
}

#[test]
fn a_wild_and_a_caboose_may_start_a_train_and_nothing_follows_the_caboose() {
    let mut game = melding("tank wild caboose box reefer", "reefer reefer");
    step(&mut game, 0, "start tank wild=box caboose");
    let why = refused(&mut game, 0, "add 1 box");
    assert!(why.contains("Caboose"), "{why}");
    refused(&mut game, 0, "start reefer caboose");
}

#[test]
fn a_wild_in_place_two_is_declared_as_the_trains_type() {
    let mut game = melding("tank wild box reefer reefer", "hopper hopper");
    step(&mut game, 0, "start tank box");
    let why = refused(&mut game, 0, "add 1 wild=hopper");
    assert!(why.contains("Box Car"), "{why}");
    refused(&mut game, 0, "add 1 wild");
    step(&mut game, 0, "add 1 wild=box");
    assert_eq!(game.seat(0).trains[0].cars[1].role, Role::As(Kind::BoxCar));
}

#[test]
fn a_wild_later_in_a_freight_train_is_open_until_the_next_car_decides() {
    let mut game = melding("tank wild box box box", "reefer reefer");
    step(&mut game, 0, "start tank box box");
    refused(&mut game, 0, "add 1 wild=box");
    step(&mut game, 0, "add 1 wild");
    assert_eq!(game.seat(0).trains[0].cars[2].role, Role::Open);
    let why = refused(&mut game, 0, "add 1 coach");
    assert!(!why.is_empty());
    step(&mut game, 0, "add 1 reefer");
    let cars = &game.seat(0).trains[0].cars;
    assert_eq!(cars[2].role, Role::Transition(Kind::BoxCar));
    // Two Box Cars, the transition Wild worth a Box Car, a Reefer.
    assert_eq!(train_value(&game.seat(0).trains[0]), 1 + 1 + 1 + 3);
    let why = refused(&mut game, 0, "add 1 box");
    assert!(
        why.contains("Reefer"),
        "the train carries Reefers now: {why}"
    );
}

#[test]
fn a_wild_covered_by_its_own_type_a_caboose_or_a_wild_is_matching() {
    for cover in ["box", "caboose", "wild"] {
        let t = train(&format!("box box wild {cover}"));
        assert_eq!(t.cars[2].role, Role::As(Kind::BoxCar), "covered by {cover}");
    }
    assert_eq!(train("box box wild").cars[2].role, Role::Open);
    assert_eq!(
        train_value(&train("reefer reefer wild")),
        9,
        "an open Wild scores as matching"
    );
}

#[test]
fn in_a_passenger_train_a_wild_is_a_declared_passenger_car_never_a_diesel() {
    let mut game = melding("tank wild coach box box", "dome reefer");
    step(&mut game, 0, "start tank coach");
    let why = refused(&mut game, 0, "add 1 wild");
    assert!(why.contains("declared"), "{why}");
    refused(&mut game, 0, "add 1 wild=box");
    let why = refused(&mut game, 0, "add 1 wild=diesel");
    assert!(why.contains("Diesel"), "{why}");
    step(&mut game, 0, "add 1 wild=dome");
    refused(&mut game, 0, "add 1 box");
}

#[test]
fn a_disaster_that_uncovers_a_wild_leaves_it_open_and_a_stolen_wild_is_plain() {
    let mut t = train("box box wild reefer");
    assert_eq!(t.pop(), Some(Kind::Reefer));
    assert_eq!(t.cars[2].role, Role::Open);
    assert_eq!(
        t.pop(),
        Some(Kind::Wild),
        "the Wild comes back as a plain Wild"
    );
}

#[test]
fn a_caboose_counts_as_the_car_before_it() {
    assert_eq!(train_value(&train("auto auto caboose")), 15);
    assert_eq!(
        train_value(&train("dome coach diesel caboose")),
        (2 + 1) * 2,
        "after a Diesel: 0"
    );
}

#[test]
fn passenger_doublings_each_apply_once() {
    let cases = [
        ("coach mail", 2, "out of order, nothing doubles"),
        ("mail coach dome", 4 * 2, "in order"),
        ("obs sleeper dome coach mail", 9 * 2, "one of each"),
        (
            "mail coach dome sleeper obs",
            9 * 2 * 2,
            "in order and one of each",
        ),
        ("dome coach diesel", 3 * 2, "a Diesel"),
        ("dome coach diesel diesel", 3 * 2, "two Diesels double once"),
        (
            "dome coach coach coach coach coach coach",
            8 * 2,
            "all six Coaches",
        ),
        ("dome wild=coach", 3, "a declared Wild counts as its car"),
    ];
    for (codes, value, why) in cases {
        assert_eq!(train_value(&train(codes)), value, "{codes}: {why}");
    }
}

#[test]
fn freight_trains_are_the_sum_of_one_type() {
    assert_eq!(train_value(&train("tank tank tank")), 12);
    let t = train("tank");
    assert!(t.check_add(Kind::BoxCar, None).is_err());
    assert!(t.check_add(Kind::Coach, None).is_err());
    assert!(t.check_add(Kind::Boom, None).is_err());
}

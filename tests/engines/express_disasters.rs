//! Express Disasters written as games: each Disaster blocked from hand, stopped by a laid Way Car (which
//! it removes), taking effect with no Way Car, and played on yourself.

use roundhouse::game::{Actor, ClockStep, Game, Seat, ToAct};
use roundhouse::games::express::options::Hours;
use roundhouse::games::express::rulings::Rulings;
use roundhouse::games::express::state::{HandEnd, Phase};
use roundhouse::games::express::{Express, ExpressOptions, Kind};

use crate::express_tables::{Table, refused, step, steps};

/// One Disaster, its Way Car, its targets in notation and what it does.
struct Case {
    disaster: &'static str,
    way_car: &'static str,
    on_other: &'static str,
    on_self: &'static str,
    /// Whether it took effect on seat 1 (the other player).
    hit_other: fn(&Express) -> bool,
    /// Whether it took effect on seat 0 (the attacker itself).
    hit_self: fn(&Express) -> bool,
}

/// Two seats dealt seven cards each (`hands`), with `draw` on top of the pile.
fn seven_cards(hands: [&str; 2], draw: &str) -> Table {
    let mut table = Table::two(hands, draw);
    table.rulings = Rulings {
        deal: 7,
        ..Rulings::default()
    };
    table
}

fn holds(game: &Express, seat: Seat, kind: Kind) -> bool {
    game.seat(seat).hand.contains(&kind)
}

const CASES: [Case; 5] = [
    Case {
        disaster: "broken",
        way_car: "crane",
        on_other: "2.1",
        on_self: "1.1",
        hit_other: |g| {
            g.seat(1).trains[0].cars.len() == 2 && g.disaster_slot().contains(&Kind::BoxCar)
        },
        hit_self: |g| {
            g.seat(0).trains[0].cars.len() == 1 && g.disaster_slot().contains(&Kind::BoxCar)
        },
    },
    Case {
        disaster: "derail",
        way_car: "boom",
        on_other: "2",
        on_self: "1",
        // Seat 1 skipped the turn it was about to take: seat 0 plays again.
        hit_other: |g| g.current() == 0 && g.phase() == Phase::Draw,
        hit_self: |g| g.seat(0).skips == 1,
    },
    Case {
        disaster: "steal",
        way_car: "office",
        on_other: "2.1",
        on_self: "1.1",
        hit_other: |g| g.seat(1).trains[0].cars.len() == 2 && holds(g, 0, Kind::BoxCar),
        hit_self: |g| g.seat(0).trains[0].cars.len() == 1 && holds(g, 0, Kind::BoxCar),
    },
    Case {
        disaster: "switch",
        way_car: "transfer",
        on_other: "1 2.1",
        on_self: "1 1.2",
        hit_other: |g| {
            g.seat(0).trains[0].loco == Kind::AutoCarrier
                && g.seat(1).trains[0].loco == Kind::TankCar
        },
        hit_self: |g| {
            g.seat(0).trains[0].loco == Kind::Hopper && g.seat(0).trains[1].loco == Kind::TankCar
        },
    },
    Case {
        disaster: "wreck",
        way_car: "heavy",
        on_other: "2.1",
        on_self: "1.1",
        hit_other: |g| {
            g.seat(1).trains.is_empty() && g.disaster_slot().contains(&Kind::AutoCarrier)
        },
        hit_self: |g| g.seat(0).trains.len() == 1 && g.disaster_slot().contains(&Kind::TankCar),
    },
];

/// How seat 1 keeps its Way Car in the first round.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Guard {
    /// None in hand or laid.
    None,
    /// Held in hand.
    InHand,
    /// Laid beside its trains.
    Laid,
}

/// Seat 0 (first to play) holds the Disaster and starts two trains (Locos Tank Car and Hopper); seat 1
/// starts one train (Loco Auto Carrier, three Box Cars) and holds or lays the Way Car, or has none. After
/// the first round, seat 0 has drawn again and is about to discard.
fn second_round(case: &Case, guard: Guard) -> Express {
    second_round_with(case, guard, ExpressOptions::default())
}

/// [`second_round`] with these options.
fn second_round_with(case: &Case, guard: Guard, options: ExpressOptions) -> Express {
    let hand_0 = format!("{} tank box box hopper reefer reefer", case.disaster);
    let guard_card = if guard == Guard::None {
        "dome"
    } else {
        case.way_car
    };
    let hand_1 = format!("auto box box box {guard_card} sleeper sleeper");
    let mut table = seven_cards([&hand_0, &hand_1], "obs obs mail mail coach coach");
    table.options = options;
    let mut game = table.start();
    steps(
        &mut game,
        0,
        &[
            "draw",
            "start tank box box",
            "start hopper reefer reefer",
            "discard obs",
        ],
    );
    steps(&mut game, 1, &["draw", "start auto box box box"]);
    if guard == Guard::Laid {
        step(&mut game, 1, &format!("way {}", case.way_car));
    }
    steps(&mut game, 1, &["discard sleeper"]);
    step(&mut game, 0, "draw");
    game
}

fn disaster_kind(case: &Case) -> Kind {
    Kind::parse(case.disaster).expect("a Disaster")
}

#[test]
fn a_disaster_without_a_way_car_takes_effect_and_goes_to_the_slot() {
    for case in &CASES {
        let mut game = second_round(case, Guard::None);
        step(
            &mut game,
            0,
            &format!("discard {} {}", case.disaster, case.on_other),
        );
        // Asked like any target, it can only let it happen.
        step(&mut game, 1, "allow");
        assert!((case.hit_other)(&game), "{} took effect", case.disaster);
        assert!(game.disaster_slot().contains(&disaster_kind(case)));
        assert_eq!(
            game.phase(),
            Phase::Draw,
            "{}: the turn ended",
            case.disaster
        );
        assert!(!game.seat(0).hand.contains(&disaster_kind(case)));
    }
}

#[test]
fn a_target_holding_the_way_car_decides_and_a_block_is_permanent() {
    for case in &CASES {
        let mut game = second_round(case, Guard::InHand);
        let way = Kind::parse(case.way_car).expect("a Way Car");
        step(
            &mut game,
            0,
            &format!("discard {} {}", case.disaster, case.on_other),
        );
        assert_eq!(
            game.to_act(),
            ToAct::one(1),
            "{}: the target decides",
            case.disaster
        );
        let answers: Vec<String> = game.legal(1).iter().map(|a| a.to_string()).collect();
        assert_eq!(answers, ["block", "allow"]);
        assert!(game.legal(0).is_empty());
        refused(&mut game, 0, "block");
        refused(&mut game, 1, "draw");
        step(&mut game, 1, "block");
        assert!(!(case.hit_other)(&game), "{} was blocked", case.disaster);
        let laid = &game.seat(1).way_cars;
        assert_eq!(laid.len(), 1);
        assert!(laid[0].card == way && laid[0].permanent);
        assert!(!game.seat(1).hand.contains(&way));
        assert_eq!(game.disaster_slot(), [disaster_kind(case)]);
        assert_eq!((game.current(), game.phase()), (1, Phase::Draw));
    }
}

#[test]
fn a_target_may_let_the_disaster_happen_and_keep_the_way_car() {
    for case in &CASES {
        let mut game = second_round(case, Guard::InHand);
        step(
            &mut game,
            0,
            &format!("discard {} {}", case.disaster, case.on_other),
        );
        step(&mut game, 1, "allow");
        assert!((case.hit_other)(&game), "{} took effect", case.disaster);
        assert!(
            game.seat(1)
                .hand
                .contains(&Kind::parse(case.way_car).expect("a Way Car"))
        );
    }
}

#[test]
fn a_laid_way_car_stops_its_disaster_and_both_go_to_the_slot() {
    for case in &CASES {
        let mut game = second_round(case, Guard::Laid);
        let way = Kind::parse(case.way_car).expect("a Way Car");
        step(
            &mut game,
            0,
            &format!("discard {} {}", case.disaster, case.on_other),
        );
        assert!(!(case.hit_other)(&game), "{} was stopped", case.disaster);
        assert!(game.seat(1).way_cars.is_empty(), "the Way Car is removed");
        let mut slot = game.disaster_slot().to_vec();
        slot.sort_unstable();
        let mut expected = vec![disaster_kind(case), way];
        expected.sort_unstable();
        assert_eq!(slot, expected);
        assert_eq!(
            game.to_act(),
            ToAct::one(1),
            "no block question: the turn passed"
        );
    }
}

#[test]
fn a_disaster_on_yourself_takes_effect_and_is_never_blocked() {
    for case in &CASES {
        let mut game = second_round(case, Guard::InHand);
        step(
            &mut game,
            0,
            &format!("discard {} {}", case.disaster, case.on_self),
        );
        assert!(
            (case.hit_self)(&game),
            "{} on yourself took effect",
            case.disaster
        );
        assert!(
            !matches!(game.phase(), Phase::Block(_)),
            "no block question"
        );
    }
}

#[test]
fn no_disaster_on_yourself_while_your_way_car_is_in_play() {
    for case in &CASES {
        let mut with_way = {
            // Seat 0 holds the Way Car too: it is dealt in place of a Reefer.
            let hand_0 = format!(
                "{} tank box box hopper reefer {}",
                case.disaster, case.way_car
            );
            let table = seven_cards(
                [&hand_0, "auto box box box dome sleeper sleeper"],
                "obs obs mail mail coach coach",
            );
            table.start()
        };
        steps(
            &mut with_way,
            0,
            &[
                "draw",
                "start tank box box",
                "start hopper reefer",
                "discard obs",
            ],
        );
        steps(
            &mut with_way,
            1,
            &["draw", "start auto box box box", "discard sleeper"],
        );
        steps(
            &mut with_way,
            0,
            &["draw", &format!("way {}", case.way_car)],
        );
        let why = refused(
            &mut with_way,
            0,
            &format!("discard {} {}", case.disaster, case.on_self),
        );
        assert!(why.contains("in play"), "{}: {why}", case.disaster);
    }
}

#[test]
fn nobody_plays_a_disaster_in_the_first_round() {
    let mut first = {
        let table = seven_cards(
            [
                "wreck tank box box hopper reefer reefer",
                "auto box box box dome sleeper sleeper",
            ],
            "obs obs",
        );
        table.start()
    };
    steps(
        &mut first,
        0,
        &["draw", "start tank box box", "start hopper reefer reefer"],
    );
    let why = refused(&mut first, 0, "discard wreck 1.1");
    assert!(why.contains("first round"), "{why}");
    assert!(!crate::express_tables::is_legal(
        &first,
        0,
        "discard wreck 1.1"
    ));
}

#[test]
fn a_caboose_protects_from_broken_car_and_steal_car_only() {
    let table = seven_cards(
        [
            "broken steal wreck tank box box hopper",
            "auto box box box caboose sleeper sleeper",
        ],
        "obs obs mail mail coach coach",
    );
    let mut game = table.start();
    steps(&mut game, 0, &["draw", "start tank box box", "discard obs"]);
    steps(
        &mut game,
        1,
        &["draw", "start auto box box box caboose", "discard sleeper"],
    );
    steps(&mut game, 0, &["draw", "start hopper obs"]);
    for disaster in ["broken", "steal"] {
        let why = refused(&mut game, 0, &format!("discard {disaster} 2.1"));
        assert!(why.contains("Caboose"), "{disaster}: {why}");
    }
    assert!(crate::express_tables::is_legal(
        &game,
        0,
        "discard wreck 2.1"
    ));
}

#[test]
fn a_seat_that_blocked_a_disaster_is_immune_to_it_for_the_hand() {
    let table = seven_cards(
        [
            "derail tank box box hopper reefer reefer",
            "auto box box box boom sleeper sleeper",
        ],
        "obs obs mail mail derail coach dome dome coach coach",
    );
    let mut game = table.start();
    steps(
        &mut game,
        0,
        &[
            "draw",
            "start tank box box",
            "start hopper reefer reefer",
            "discard obs",
        ],
    );
    steps(
        &mut game,
        1,
        &["draw", "start auto box box box", "discard sleeper"],
    );
    steps(&mut game, 0, &["draw", "discard derail 2"]);
    steps(&mut game, 1, &["block", "draw", "discard dome"]);
    step(&mut game, 0, "draw");
    let why = refused(&mut game, 0, "discard derail 2");
    assert!(why.contains("immune"), "{why}");
    assert!(!crate::express_tables::is_legal(
        &game,
        0,
        "discard derail 2"
    ));
    assert!(crate::express_tables::is_legal(
        &game,
        0,
        "discard derail 1"
    ));
}

#[test]
fn a_silent_target_is_blocked_for_by_the_table_after_the_block_timeout() {
    let case = &CASES[4];
    let mut game = second_round(case, Guard::InHand);
    assert_eq!(game.timed_default(), None, "a turn has no timed default");
    step(
        &mut game,
        0,
        &format!("discard {} {}", case.disaster, case.on_other),
    );
    let timed = game
        .timed_default()
        .expect("the target's decision is timed");
    assert_eq!(
        (timed.seat, timed.action.to_string(), timed.after_hours),
        (1, "block".to_owned(), 12)
    );
    assert_eq!(
        game.clock_step(ClockStep::DeadlinePassed),
        None,
        "no deadline"
    );
    step(&mut game, 1, &timed.action.to_string());
    assert!(!(case.hit_other)(&game));
    assert_eq!(game.timed_default(), None);
}

#[test]
fn a_hand_ended_at_the_deadline_while_a_disaster_waits_keeps_every_card() {
    let case = &CASES[4];
    let options = ExpressOptions {
        deadline_hours: Hours(Some(24)),
        ..ExpressOptions::default()
    };
    let mut game = second_round_with(case, Guard::InHand, options);
    step(
        &mut game,
        0,
        &format!("discard {} {}", case.disaster, case.on_other),
    );
    let cards = game.all_cards();
    assert_eq!(
        game.clock_step(ClockStep::EndNow),
        None,
        "not before the deadline"
    );
    let passed = game.clock_step(ClockStep::DeadlinePassed).unwrap();
    game.apply(Actor::Table, &passed).unwrap();
    assert!(
        matches!(game.phase(), Phase::Block(_)),
        "the target still decides"
    );
    let end = game.clock_step(ClockStep::EndNow).unwrap();
    game.apply(Actor::Table, &end).unwrap();
    assert_eq!(game.to_act(), ToAct::Over);
    assert_eq!(game.history()[0].1, HandEnd::Deadline);
    assert!(game.disaster_slot().contains(&disaster_kind(case)));
    assert_eq!(game.all_cards(), cards, "no card lost");
    assert_eq!(game.clock_step(ClockStep::DeadlinePassed), None);
    assert_eq!(game.clock_step(ClockStep::EndNow), None);
}

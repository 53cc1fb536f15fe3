//! A laid Way Car cancelled through its seat, written as games: a seat with a laid matching Way Car is a
//! target even when none of its trains could be hit, and the Disaster is then aimed at the seat.

use roundhouse::game::Game;
use roundhouse::games::express::{Action, Express, Kind, Target};

use crate::express_tables::{Table, is_legal, refused, step, steps};

/// Seat 0 holds `disaster` and starts two trains; seat 1 lays `way_car` and, when `caboose_train`, a
/// train ending in a Caboose (else no train at all). After the first round seat 0 has drawn again.
fn laid_beside(disaster: &str, way_car: &str, caboose_train: bool) -> Express {
    let hand_0 = format!("{disaster} tank box box hopper reefer reefer");
    let hand_1 = format!("auto box caboose {way_car} sleeper sleeper dome");
    let mut table = Table::two([&hand_0, &hand_1], "obs obs mail mail coach coach");
    table.rulings.deal = 7;
    table.rulings.max_hand = 7;
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
    step(&mut game, 1, "draw");
    if caboose_train {
        step(&mut game, 1, "start auto box caboose");
    }
    steps(
        &mut game,
        1,
        &[&format!("way {way_car}"), "discard sleeper"],
    );
    step(&mut game, 0, "draw");
    game
}

#[test]
fn a_seat_whose_trains_cannot_be_hit_is_a_target_for_its_laid_way_car() {
    for (disaster, way_car, kind, way) in [
        ("broken", "crane", Kind::BrokenCar, Kind::LightCrane),
        ("steal", "office", Kind::StealCar, Kind::Office),
        ("wreck", "heavy", Kind::Wreck, Kind::HeavyCrane),
        ("switch", "transfer", Kind::SwitchEngines, Kind::Transfer),
    ] {
        for caboose_train in [true, false] {
            if caboose_train && matches!(kind, Kind::Wreck | Kind::SwitchEngines) {
                // A Caboose does not shield from these: the train is the target.
                continue;
            }
            let mut game = laid_beside(disaster, way_car, caboose_train);
            let text = format!("discard {disaster} 2");
            assert!(
                is_legal(&game, 0, &text),
                "{text} (caboose train {caboose_train}) is listed: {:?}",
                game.legal(0)
                    .iter()
                    .map(|a| a.to_string())
                    .collect::<Vec<_>>()
            );
            let action: Action = text.parse().expect("parses");
            assert_eq!(
                action,
                Action::Disaster {
                    card: kind,
                    target: Target::Player(1)
                }
            );
            assert_eq!(action.to_string(), text, "round trip");
            let label = game.label(&action);
            assert!(label.contains(way.name()), "{label}");
            let trains_before = game.seat(1).trains.clone();
            let events = step(&mut game, 0, &text);
            let said: Vec<&str> = events.iter().map(|e| e.text.as_str()).collect();
            assert!(
                said.iter().any(|t| t.contains(way.name())),
                "narrated: {said:?}"
            );
            assert!(game.seat(1).way_cars.is_empty(), "the Way Car is removed");
            let mut slot = game.disaster_slot().to_vec();
            slot.sort_unstable();
            let mut expected = vec![kind, way];
            expected.sort_unstable();
            assert_eq!(slot, expected, "both go to the Disaster slot");
            assert_eq!(game.seat(1).trains, trains_before, "no train is touched");
            assert_eq!(game.current(), 1, "the turn passed");
        }
    }
}

#[test]
fn a_seat_aim_is_refused_without_a_laid_way_car_or_where_a_train_could_be_hit() {
    // Seat 1 laid no Light Crane: its Caboose train cannot be hit, so there is no target.
    let mut game = laid_beside("broken", "boom", true);
    assert!(!is_legal(&game, 0, "discard broken 2"));
    let why = refused(&mut game, 0, "discard broken 2");
    assert!(why.contains("Light Crane"), "{why}");
    // A Wreck on a seat with a train: the train is the target.
    let mut game = laid_beside("wreck", "heavy", true);
    assert!(!is_legal(&game, 0, "discard wreck 2"));
    assert!(is_legal(&game, 0, "discard wreck 2.1"));
    let why = refused(&mut game, 0, "discard wreck 2");
    assert!(why.contains("2.1"), "{why}");
}

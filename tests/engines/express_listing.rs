//! The listing and the checked `apply` agree: over many positions of random games, every listed step is
//! accepted, and every step of a generated superset that `apply` accepts is listed. (A new train is
//! listed with its first car only, so the superset starts trains with one car.)

use std::collections::HashSet;

use roundhouse::game::{Game, GameRng, Seat, ToAct};
use roundhouse::games::express::cards::ALL_KINDS;
use roundhouse::games::express::notation::Cars;
use roundhouse::games::express::options::Hours;
use roundhouse::games::express::{Action, Express, ExpressOptions, Kind, Laid, Target};

/// Every way a card might be offered for a train: plain, and declared as any kind (most are refused).
fn offered_cars() -> Vec<Laid> {
    let mut laid = Vec::new();
    for card in ALL_KINDS {
        laid.push(Laid {
            card,
            declared: None,
        });
        if matches!(card, Kind::Wild | Kind::BoxCar | Kind::Coach) {
            laid.extend(ALL_KINDS.map(|kind| Laid {
                card,
                declared: Some(kind),
            }));
        }
    }
    laid
}

/// Steps for the seat to act, far more than are legal: every kind in every place, every train number up
/// to one past the last, every target up to one seat past the last.
fn superset(game: &Express, seat: Seat) -> Vec<Action> {
    let players = game.players();
    let trains = |s: Seat| game.seat(s.min(players - 1)).trains.len();
    let mut steps = vec![
        Action::Draw,
        Action::Take,
        Action::Redraw,
        Action::Reset,
        Action::Block,
        Action::Allow,
        Action::End,
    ];
    let offered = offered_cars();
    for kind in ALL_KINDS {
        steps.extend([Action::Way(kind), Action::Discard(kind)]);
        for &laid in &offered {
            let cars = Cars::new(&[laid]).expect("one car");
            steps.push(Action::Start { loco: kind, cars });
        }
    }
    for train in 0..=trains(seat) {
        for &laid in &offered {
            steps.push(Action::Add { train, laid });
        }
        for card in ALL_KINDS {
            steps.push(Action::Swap { train, card });
        }
    }
    let disasters = [
        Kind::BrokenCar,
        Kind::Derailment,
        Kind::StealCar,
        Kind::SwitchEngines,
        Kind::Wreck,
    ];
    for card in disasters {
        for target_seat in 0..=players {
            steps.push(Action::Disaster {
                card,
                target: Target::Player(target_seat),
            });
            for train in 0..=trains(target_seat) {
                steps.push(Action::Disaster {
                    card,
                    target: Target::Train {
                        seat: target_seat,
                        train,
                    },
                });
                for own in 0..=trains(seat) {
                    steps.push(Action::Disaster {
                        card,
                        target: Target::Switch {
                            own,
                            seat: target_seat,
                            train,
                        },
                    });
                }
            }
        }
    }
    steps
}

/// Checks one position: listed steps are accepted; accepted steps of the superset are listed, but for
/// melds after which the turn could no longer end (only `reset` is listed then).
fn check_position(game: &Express, seat: Seat, seed: u64) {
    let legal = game.legal(seat);
    let listed: HashSet<Action> = legal.iter().copied().collect();
    assert_eq!(
        listed.len(),
        legal.len(),
        "seed {seed}: a step listed twice"
    );
    for action in &legal {
        let mut copy = game.clone();
        copy.apply(seat, action)
            .unwrap_or_else(|e| panic!("seed {seed}: listed {action} refused: {e}"));
    }
    // A refused step changes nothing (express_props checks it), so one copy serves until a step is taken.
    let mut copy = game.clone();
    for action in superset(game, seat) {
        if copy.apply(seat, &action).is_ok() {
            let dead_end = copy.legal(seat) == [Action::Reset];
            assert!(
                listed.contains(&action) || dead_end,
                "seed {seed}: {action} is accepted in {:?} but not listed; then {:?} with {:?}, first round {}",
                game.phase(),
                copy.legal(seat)
                    .iter()
                    .map(|a| a.to_string())
                    .collect::<Vec<_>>(),
                copy.seat(seat),
                copy.first_round()
            );
            copy = game.clone();
        }
    }
}

#[test]
fn listed_steps_are_exactly_the_accepted_ones() {
    let with_deadline = ExpressOptions {
        deadline_hours: Hours(Some(24)),
        ..ExpressOptions::default()
    };
    let games = [
        (2, ExpressOptions::default(), 21),
        (3, ExpressOptions::default(), 22),
        (4, ExpressOptions::default(), 23),
        (6, ExpressOptions::default(), 24),
        (4, with_deadline, 25),
    ];
    let mut positions = 0;
    for (players, options, seed) in games {
        let mut rng = GameRng::seeded(seed);
        let setup = Express::deal(&options, players, &mut rng);
        let mut game = Express::start(options, players, setup, seed).expect("dealt setups start");
        let mut step = 0;
        while let ToAct::Seats(seats) = game.to_act() {
            if step >= 1_000 {
                break;
            }
            let seat = seats[0];
            if step % 4 == 0 {
                check_position(&game, seat, seed);
                positions += 1;
            }
            let legal = game.legal(seat);
            let action = legal[rng.index(legal.len())];
            game.apply(seat, &action)
                .expect("listed steps are accepted");
            step += 1;
        }
    }
    assert!(positions > 500, "only {positions} positions were checked");
}

//! What the hand under way is likely to add to each seat's total, judged from a full state: the hard
//! bot's estimate where a playout stops short of the hand's end.

use super::scoring::{hand_cost, train_value};
use super::state::{Express, Phase};
use crate::game::Seat;

/// The share of the cost of the cards in hand counted against a seat while the hand is under way:
/// many of them will still be melded, but each may be left in hand when someone goes out.
const HAND_COST_SHARE: f64 = 0.6;
/// The share of the going-out bonus credited to a seat whose trains are already long enough.
const READY_SHARE: f64 = 0.5;

/// What the hand under way is likely to add to `seat`'s total: its trains' value, part of what its
/// cards in hand would cost, and part of the going-out bonus once its trains are long enough. Nothing
/// once the game is over.
pub(super) fn hand_prospect(game: &Express, seat: Seat) -> f64 {
    if game.phase == Phase::Over {
        return 0.0;
    }
    let cards = &game.seats[seat];
    let trains: i32 = cards.trains.iter().map(train_value).sum();
    let ready = if game.trains_long_enough(seat) {
        READY_SHARE * f64::from(game.rulings.going_out_bonus)
    } else {
        0.0
    };
    f64::from(trains) - HAND_COST_SHARE * f64::from(hand_cost(&cards.hand)) + ready
}

/// Each seat's total as it is likely to stand once the hand under way is scored.
pub(super) fn expected_totals(game: &Express) -> Vec<f64> {
    (0..game.players)
        .map(|seat| f64::from(game.totals[seat]) + hand_prospect(game, seat))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, GameRng};
    use crate::games::express::cards::Kind;
    use crate::games::express::options::ExpressOptions;
    use crate::games::express::train::{Car, Role, Train};

    /// A three-seat game just dealt, with the first round over.
    fn game() -> Express {
        let options = ExpressOptions::default();
        let setup = Express::deal(&options, 3, &mut GameRng::seeded(7));
        let mut game = Express::start(options, 3, setup, 7).unwrap();
        game.first_round = false;
        game
    }

    /// A freight train of `cars` copies of `kind`.
    fn freight(kind: Kind, cars: usize) -> Train {
        Train {
            loco: Kind::Diesel,
            cars: vec![
                Car {
                    card: kind,
                    role: Role::Plain,
                    fresh: false,
                };
                cars
            ],
            fresh: false,
        }
    }

    #[test]
    fn trains_count_for_a_seat_and_cards_in_hand_against_it() {
        let mut game = game();
        for seat in 0..3 {
            game.seats[seat].hand = vec![Kind::BoxCar];
            game.seats[seat].trains.clear();
        }
        game.seats[1].trains = vec![freight(Kind::TankCar, 3)];
        game.seats[2].hand = vec![Kind::AutoCarrier, Kind::AutoCarrier, Kind::Wreck];
        let prospects: Vec<f64> = (0..3).map(|s| hand_prospect(&game, s)).collect();
        assert!((prospects[1] - prospects[0] - 12.0).abs() < 1e-9);
        assert!(prospects[2] < prospects[0] - 5.0);
        assert!(prospects[0] < 0.0);
    }

    #[test]
    fn trains_long_enough_to_go_out_earn_part_of_the_bonus() {
        let mut game = game();
        game.seats[0].hand = vec![Kind::BoxCar];
        game.seats[1].hand = vec![Kind::BoxCar];
        game.seats[0].trains = vec![freight(Kind::BoxCar, 5), freight(Kind::Hopper, 3)];
        game.seats[1].trains = vec![freight(Kind::BoxCar, 5), freight(Kind::Hopper, 4)];
        let short = hand_prospect(&game, 0);
        let ready = hand_prospect(&game, 1);
        assert!(
            ready - short > 2.0 && ready - short < 2.0 + f64::from(game.rulings.going_out_bonus)
        );
    }

    #[test]
    fn expected_totals_add_the_hand_under_way_to_the_totals_and_a_finished_game_adds_nothing() {
        let mut game = game();
        game.totals = vec![40, 10, 0];
        for seat in 0..3 {
            game.seats[seat].hand.clear();
            game.seats[seat].trains.clear();
        }
        game.seats[2].trains = vec![freight(Kind::AutoCarrier, 4)];
        assert_eq!(expected_totals(&game), vec![40.0, 10.0, 20.0]);
        game.phase = Phase::Over;
        assert_eq!(expected_totals(&game), vec![40.0, 10.0, 0.0]);
    }
}

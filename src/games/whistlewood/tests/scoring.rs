//! One test per scoring rule.

use super::{MAP, assert_conserved, position, put_in_train, put_on};
use crate::game::{Game, Participant};
use crate::games::whistlewood::rules::Stage;
use crate::games::whistlewood::scoring::last_station_column;

#[test]
fn stone_coal_and_log_score_their_value_on_stations_and_nothing_on_the_siding() {
    let mut game = position(MAP, true, false);
    put_on(&mut game, 0, 1, 0, "stone+action");
    put_on(&mut game, 0, 1, 0, "coal");
    put_on(&mut game, 1, 4, 0, "log");
    put_on(&mut game, 1, 3, 0, "stone+shunt");
    put_on(&mut game, 1, 3, 1, "log");
    let scores = game.scores();
    assert_eq!(scores[0].stations, 1 + 2 + 3);
    assert_eq!(scores[1].stations, 0, "the Siding is not a Station");
    assert_conserved(&game);
}

#[test]
fn mail_copies_the_other_car_of_either_colour_and_is_worth_nothing_alone_or_beside_mail() {
    let mut game = position(MAP, true, false);
    // Column 1 top (Two-Track Station): red Mail beside blue Tank in column 1: 5.
    put_on(&mut game, 0, 1, 0, "mail");
    put_on(&mut game, 0, 1, 1, "tank");
    assert_eq!(game.scores()[0].stations, 5);
    assert_eq!(game.scores()[1].stations, 5);
    // Column 2 bottom (Silo Station): blue Mail beside red Grain copies 5.
    put_on(&mut game, 1, 2, 1, "mail");
    put_on(&mut game, 1, 2, 0, "grain");
    assert_eq!(game.scores()[1].stations, 5 + 5);
    // Column 4 bottom (Two-Track Station): nothing beside Mail... then another Mail.
    let mut lonely = position(MAP, true, false);
    put_on(&mut lonely, 1, 4, 0, "mail");
    assert_eq!(lonely.scores()[0].stations, 0);
    put_on(&mut lonely, 1, 4, 1, "mail");
    assert_eq!(lonely.scores()[0].stations, 0);
    assert_eq!(lonely.scores()[1].stations, 0);
    assert_conserved(&game);
}

#[test]
fn livestock_scores_two_plus_each_field_or_river_beside_it_in_its_row() {
    let mut game = position(MAP, true, false);
    // Top row B D A E C: the Silo Station in column 3 has a Field left and a River right: 2 + 2.
    put_on(&mut game, 0, 3, 0, "livestock");
    assert_eq!(game.scores()[0].stations, 4);
    // Bottom row C A F B D: the Station in column 4 has the Siding left and a Field right: 2 + 1. The
    // Field above it (top row, column 2) does not count.
    put_on(&mut game, 1, 4, 1, "livestock");
    assert_eq!(game.scores()[1].stations, 3);
    // Column 1 bottom (C): the Silo Station to its right has no nature: 2.
    let mut plain = position(MAP, true, false);
    put_on(&mut plain, 1, 1, 0, "livestock");
    assert_eq!(plain.scores()[0].stations, 2);
}

#[test]
fn tank_scores_by_column_from_the_locomotives_starting_end() {
    for from_left in [true, false] {
        let mut game = position(MAP, from_left, false);
        let stations: Vec<(usize, usize)> = (1..=5)
            .map(|column| {
                let row = (0..2)
                    .find(|&r| {
                        let spec = &game.rulings.locations[game.location_at(r, column - 1)];
                        spec.station
                    })
                    .unwrap();
                (row, column)
            })
            .collect();
        for (owner, &(row, column)) in stations.iter().take(2).enumerate() {
            put_on(&mut game, row, column, owner, "tank");
        }
        let scores = game.scores();
        assert_eq!(scores[0].stations, 5, "column 1 (from_left {from_left})");
        assert_eq!(scores[1].stations, 4, "column 2 (from_left {from_left})");
    }
    // From the right, column 1 is the physical right end: top C, bottom D.
    let game = position(MAP, false, false);
    let spec = &game.rulings.locations[game.location_at(0, 0)];
    assert_eq!(spec.letter, 'C');
}

#[test]
fn grain_scores_five_on_a_silo_station_and_one_on_another() {
    let mut game = position(MAP, true, false);
    put_on(&mut game, 0, 3, 0, "grain");
    put_on(&mut game, 0, 1, 1, "grain");
    let scores = game.scores();
    assert_eq!(scores[0].stations, 5);
    assert_eq!(scores[1].stations, 1);
}

#[test]
fn cars_in_the_train_past_the_last_station_column_lose_their_negative_value() {
    // A map whose fifth column holds a River and a Field: the last Station column is 4.
    let map = ["BDACE", "CAFBD"];
    let mut game = position(map, true, false);
    assert_eq!(last_station_column(&game), 4);
    game.loco = 8;
    // Cars at columns 7, 6, 5, 4, 3.
    for (owner, tile) in [
        (0, "grain"),
        (1, "tank"),
        (0, "mail"),
        (1, "livestock"),
        (0, "log"),
    ] {
        put_in_train(&mut game, owner, tile);
    }
    let scores = game.scores();
    assert_eq!(
        scores[0].beyond, -5,
        "Grain −5, Mail 0; the Log at column 3 is safe"
    );
    assert_eq!(
        scores[1].beyond, -5,
        "Tank −5; Livestock at column 4 is safe"
    );
    put_in_train(&mut game, 1, "coal");
    assert_eq!(game.scores()[1].beyond, -5, "the Coal stands at column 2");
    assert_conserved(&game);
}

#[test]
fn the_automa_never_scores_negative_points() {
    let map = ["BDACE", "CAFBD"];
    let mut game = position(map, true, true);
    game.loco = 7;
    put_in_train(&mut game, 1, "tank");
    put_in_train(&mut game, 0, "tank");
    let scores = game.scores();
    assert_eq!(scores[1].beyond, 0, "the Automa's Tank at column 6");
    assert_eq!(
        scores[0].beyond, -5,
        "the player's Tank at column 5, past the last Station column 4"
    );
}

#[test]
fn a_tie_is_a_shared_victory() {
    let mut game = position(MAP, true, false);
    put_on(&mut game, 0, 1, 0, "coal");
    put_on(&mut game, 0, 1, 1, "coal");
    game.stage = Stage::Over;
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.standings.len(), 2);
    assert!(
        outcome
            .standings
            .iter()
            .all(|s| s.place == 1 && s.score == 2)
    );
    let mut game = position(MAP, true, true);
    put_on(&mut game, 0, 1, 0, "log");
    put_on(&mut game, 0, 1, 1, "coal");
    game.stage = Stage::Over;
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.standings[0].participant, Participant::Seat(0));
    assert_eq!(outcome.standings[1].place, 2);
    assert!(matches!(
        outcome.standings[1].participant,
        Participant::Automa(_)
    ));
}

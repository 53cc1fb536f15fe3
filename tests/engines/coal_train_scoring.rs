//! Coal Train's end-scored incentives written as games: seat 0 builds Cinder Falls and takes the card,
//! then the position is carried to the counts where the card's rounding or threshold bites (the state
//! edited through its snapshot, as a stored game is), and the final score is read as the table shows it.
//! Grand Station's city VP is scored at once, as the rulings say.

use roundhouse::game::Game;
use roundhouse::games::coal_train::content::Content;
use roundhouse::games::coal_train::scoring::scores;
use roundhouse::games::coal_train::{Action, CoalTrain};
use serde_json::{Value, json};

use super::coal_train_incentives::{build_first_city, table};
use super::coal_train_table::{game, ok, setup};

/// Seat 0 has built Cinder Falls with a tile (one used) and taken `card` there.
fn holding(card: &str) -> CoalTrain {
    let mut g = table(&[], "Cinder Falls", &[card]);
    build_first_city(&mut g, "cinder-falls");
    let word = card.to_lowercase().replace(' ', "-");
    ok(&mut g, 0, &format!("take {word}"));
    g
}

/// `game` with seat 0's board changed by `edit` (through the snapshot, as a stored game is loaded).
fn edited(game: &CoalTrain, edit: impl FnOnce(&mut Value)) -> CoalTrain {
    let mut snapshot = serde_json::to_value(game).unwrap();
    edit(&mut snapshot["players"][0]);
    serde_json::from_value(snapshot).unwrap()
}

/// Seat 0's VP from end-scored incentives.
fn end_vp(game: &CoalTrain) -> i32 {
    scores(game)[0].incentives
}

fn location(word: &str) -> usize {
    Content::get().location_by_word(word).unwrap()
}

/// `game` with seat 0's stations at exactly these locations (the count kept in step).
fn stations_at(game: &CoalTrain, words: &[&str]) -> CoalTrain {
    let at: Vec<usize> = words.iter().map(|w| location(w)).collect();
    stations_in(game, &at)
}

/// `game` with seat 0's stations in exactly these locations (by index; the count kept in step).
fn stations_in(game: &CoalTrain, at: &[usize]) -> CoalTrain {
    let mut snapshot = serde_json::to_value(game).unwrap();
    let bits = snapshot["stations"].as_array_mut().unwrap();
    for (l, bit) in bits.iter_mut().enumerate() {
        let others = bit.as_u64().unwrap() & !1;
        *bit = json!(others | u64::from(at.contains(&l)));
    }
    snapshot["players"][0]["stations"] = json!(at.len());
    serde_json::from_value(snapshot).unwrap()
}

#[test]
fn industrialist_counts_each_of_the_four_tracks_from_its_fourth_space() {
    let g = holding("Industrialist");
    assert_eq!(end_vp(&g), 0, "every track on its 2nd space");
    // Spaces counted from 0: 3 is the 4th. Coal and water reach it, iron stops on its 3rd, and the
    // action-point track counts too.
    let g = edited(&g, |p| p["tracks"] = json!([3, 2, 6, 3]));
    assert_eq!(end_vp(&g), 3 * 2);
    let outcome = g.outcome();
    assert!(
        outcome.is_none(),
        "the game is not over; scores are read as they stand"
    );
}

#[test]
fn stockpile_and_subsidy_hoard_round_down() {
    let g = holding("Stockpile");
    let leftover = |coal: u32| {
        edited(&g, |p| {
            p["res"] = json!({"coal": coal, "iron": 2, "water": 3})
        })
    };
    assert_eq!(end_vp(&leftover(3)), 2, "8 resources: 2 VP, rounded down");
    assert_eq!(end_vp(&leftover(4)), 3, "9 resources: 3 VP");

    let g = holding("Subsidy Hoard");
    let with_markers = |n: u32| edited(&g, |p| p["markers"] = json!([n, 0, 0, 0, 0, 0, 0, 1]));
    assert_eq!(end_vp(&with_markers(4)), 2, "5 markers: 2 VP, rounded down");
    assert_eq!(end_vp(&with_markers(5)), 3, "6 markers: 3 VP");
}

#[test]
fn tile_collector_counts_used_tiles_by_twos() {
    let g = holding("Tile Collector");
    assert_eq!(g.player(0).used_tiles, 1, "the Express built Cinder Falls");
    assert_eq!(end_vp(&g), 0);
    let g = edited(&g, |p| p["used_tiles"] = json!(5));
    assert_eq!(end_vp(&g), 2);
}

#[test]
fn rail_baron_scores_stations_beyond_the_tenth() {
    let g = holding("Rail Baron");
    let first = |n: usize| -> Vec<usize> { (0..n).collect() };
    assert_eq!(end_vp(&stations_in(&g, &first(10))), 0);
    assert_eq!(end_vp(&stations_in(&g, &first(11))), 2);
    assert_eq!(end_vp(&stations_in(&g, &first(13))), 3 * 2);
}

#[test]
fn coast_to_coast_needs_both_its_cities_and_metropolitan_counts_cities() {
    let g = holding("Coast to Coast");
    assert_eq!(end_vp(&g), 0, "Cinder Falls alone");
    let g = stations_at(&g, &["cinder-falls", "ironport"]);
    assert_eq!(end_vp(&g), 8);

    let g = holding("Metropolitan");
    assert_eq!(end_vp(&g), 3, "one city");
    let g = stations_at(&g, &["cinder-falls", "ironport", "slagheap"]);
    assert_eq!(end_vp(&g), 2 * 3, "two cities; a town does not count");
}

#[test]
fn grand_station_scores_two_more_vp_for_a_city_at_once() {
    let mut g = game(
        3,
        setup(3, &[("a1", "GrandStation-1")], None),
        &["mining", "foundry"],
    );
    ok(&mut g, 0, "step a1");
    ok(&mut g, 0, "buy");
    ok(&mut g, 0, "exchange c i");
    let before = g.player(0).vp;
    let cinder_falls = Content::get().map.locations[location("cinder-falls")].vp;
    let build: Action = "build grand-station cinder-falls".parse().unwrap();
    assert!(
        g.legal(0).contains(&build),
        "2 coal, 2 iron and a water are held"
    );
    g.apply(0, &build).unwrap();
    assert_eq!(g.player(0).vp, before + cinder_falls + 2);
}

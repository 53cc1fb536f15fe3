//! The shunting generator's draws, route-card seeds and the daily puzzle of known dates (the puzzles
//! themselves are pinned byte for byte by `shunting_cards` and `shunting_daily`).

use roundhouse::games::shunting::cards::plan;
use roundhouse::games::shunting::daily::{self, Source};
use roundhouse::rng::{GameRng, seed_of};

#[test]
fn the_generators_draws_from_seed_2026() {
    let mut rng = GameRng::seeded(2026);
    let below: Vec<usize> = (2..10).map(|n| rng.below(n)).collect();
    assert_eq!(below, [1, 1, 2, 1, 4, 5, 7, 7]);
    assert_eq!(rng.pick(&[10, 11, 12, 13, 14, 15, 16], 4), [12, 10, 13, 16]);
    let index: Vec<usize> = (2..10).map(|n| rng.index(n)).collect();
    assert_eq!(index, [0, 0, 2, 0, 1, 2, 4, 5]);
    let mut items: Vec<u32> = (0..12).collect();
    rng.shuffle(&mut items);
    assert_eq!(items, [7, 0, 2, 8, 3, 6, 10, 11, 4, 9, 1, 5]);
}

#[test]
fn seeds_of_route_cards() {
    assert_eq!(seed_of(&[1, 2, 3]), 640_622_880_952_670_703);
    assert_eq!(plan::seed(1, 0), 147_974_321_321_329_627);
    assert_eq!(plan::seed(7, 12), 7_030_269_526_645_941_693);
    assert_eq!(plan::seed(40, 2999), 2_660_638_384_974_689_051);
}

#[test]
fn known_dates_take_their_puzzle_from_the_same_source() {
    for (date, source) in [
        ("2026-11-01", Source::Card(38)),
        ("2026-11-09", Source::Attempt(1)),
        ("2026-11-11", Source::Attempt(0)),
        ("2026-11-21", Source::Card(31)),
        ("2027-03-17", Source::Attempt(0)),
    ] {
        let (_, made_from, _) = daily::make(date.parse().unwrap()).unwrap();
        assert_eq!(made_from, source, "{date}");
    }
}

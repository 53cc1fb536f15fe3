//! The full Timesaver: every deal (our ruling in `src/games/shunting/rules.md`) solved at once by one
//! complete search backwards per goal and loco facing ([`census`]), the solver's optimum of random
//! deals checked against it, and the Timesaver route cards (41 to 52) chosen from it.
//!
//! The complete searches take minutes and some GB, so those tests are ignored by default; run them
//! in release:
//!
//! ```text
//! cargo test --release --test engines shunting_timesaver -- --ignored --nocapture
//! ```
//!
//! With `ROUNDHOUSE_TIMESAVER_OUT=DIR` the census also writes the twelve cards (`41.toml` …) and the
//! deal the solver takes longest over (`timesaver-hardest.toml`) to `DIR`: how the shipped ones
//! were made.

use std::time::Instant;

use roundhouse::games::shunting::cards::{self, Card, Colour};
use roundhouse::games::shunting::timesaver::census::{
    CensusError, deals_with, goal_distances, goals,
};
use roundhouse::games::shunting::timesaver::deal::{CARS, SENT, YARD};
use roundhouse::games::shunting::timesaver::picks::{COUNT, FIRST, picks};
use roundhouse::games::shunting::timesaver::{DealError, TimesaverDeal, census};
use roundhouse::games::shunting::write::puzzle_toml;
use roundhouse::games::shunting::{LoadError, SolveError, SolveOptions, Yard, builtin, solve};
use roundhouse::rng::GameRng;

/// A complete search may store this many positions (one Timesaver search holds about 14 million).
const MAX_STATES: usize = 100_000_000;

fn roomy() -> SolveOptions {
    SolveOptions {
        max_states: MAX_STATES,
        ..SolveOptions::default()
    }
}

/// A deal drawn at random among all deals (goal, then placement; the loco's facing too).
fn random_deal(rng: &mut GameRng) -> TimesaverDeal {
    let yard = builtin::yard(YARD).unwrap();
    let all_goals = goals(&yard);
    let spots = all_goals[rng.below(all_goals.len())];
    loop {
        let slots: Vec<u8> = (0..yard.slots.len() as u8).collect();
        let placed = rng.pick(&slots, 1 + CARS.len());
        let deal = TimesaverDeal {
            loco: placed[0],
            loco_up: rng.below(2) == 1,
            cars: std::array::from_fn(|c| placed[c + 1]),
            spots,
        };
        if deal.check(&yard).is_ok() {
            return deal;
        }
    }
}

#[test]
fn the_industry_spots_are_the_two_spurs_and_give_ten_goals() {
    let yard = builtin::yard(YARD).unwrap();
    let names: Vec<String> = yard.industries.iter().map(|&s| yard.slot_name(s)).collect();
    assert_eq!(names, ["X1", "X2", "X3", "Y1", "Y2"]);
    assert_eq!(goals(&yard).len(), 10);
    // Loco on any of 20 slots; Red, Blue and Green on others but not their own spots; two free cars
    // on two of the 16 slots left. Counted by hand for Red's spot alone: 20·19·18·17 placements of
    // the four pieces, less those with a sent car on its spot, by inclusion and exclusion.
    let mut placements = 0u64;
    for excluded in 0..=SENT as u64 {
        let sign: i64 = if excluded % 2 == 0 { 1 } else { -1 };
        let choose = [1, 3, 3, 1][excluded as usize];
        let rest: u64 = (0..4 - excluded).map(|i| 20 - excluded - i).product();
        placements = (placements as i64 + sign * (choose * rest) as i64) as u64;
    }
    assert_eq!(
        deals_with(&yard, goals(&yard)[0]),
        placements * (16 * 15 / 2)
    );
}

#[test]
fn a_deal_outside_the_ruling_is_refused_with_the_reason() {
    let yard = builtin::yard(YARD).unwrap();
    let slot = |name: &str| yard.find_slot(name).unwrap();
    let good = TimesaverDeal {
        loco: slot("W1"),
        loco_up: false,
        cars: [slot("Y2"), slot("G3"), slot("L2"), slot("M1"), slot("E1")],
        spots: [slot("X3"), slot("Y1"), slot("Y2")],
    };
    assert_eq!(good.check(&yard), Ok(()));
    let puzzle = good.puzzle("t", "t").unwrap();
    assert!(!puzzle.is_solved(&puzzle.start));
    let on_own_spot = TimesaverDeal {
        cars: [slot("X3"), slot("G3"), slot("L2"), slot("M1"), slot("E1")],
        ..good
    };
    assert_eq!(
        on_own_spot.check(&yard),
        Err(DealError::AlreadyThere {
            car: "Red",
            spot: "X3".to_owned()
        })
    );
    let not_a_spot = TimesaverDeal {
        spots: [slot("X3"), slot("Y1"), slot("G1")],
        ..good
    };
    assert!(matches!(not_a_spot.check(&yard), Err(DealError::NotASpot(s, _)) if s == "G1"));
    let twice = TimesaverDeal {
        spots: [slot("X3"), slot("Y1"), slot("X3")],
        ..good
    };
    assert_eq!(
        twice.check(&yard),
        Err(DealError::SpotTwice("X3".to_owned()))
    );
    let crowded = TimesaverDeal {
        loco: slot("Y2"),
        ..good
    };
    assert_eq!(
        crowded.check(&yard),
        Err(DealError::SlotTaken("Y2".to_owned()))
    );
    let off = TimesaverDeal { loco: 20, ..good };
    assert_eq!(off.check(&yard), Err(DealError::NoSuchSlot(20, 20)));
}

/// Checks that card `number` is a Timesaver deal whose stored optimum is the solver's.
fn solvers_optimum(number: u32) {
    let card = cards::card(i64::from(number)).expect("the card loads and its guide solves it");
    let solution = solve(&card.puzzle, &SolveOptions::default())
        .unwrap_or_else(|e| panic!("card {number}: {e}"));
    assert_eq!(solution.optimum(), card.optimum, "card {number}");
}

#[test]
fn the_timesaver_cards_are_deals_in_rising_difficulty_and_the_easiest_has_the_solvers_optimum() {
    let shipped = cards::timesaver().expect("every Timesaver card loads and its guide solves it");
    assert_eq!(shipped.len(), COUNT);
    let yard = builtin::yard(YARD).unwrap();
    for (i, card) in shipped.iter().enumerate() {
        let number = FIRST + i as u32;
        assert_eq!(card.number, number);
        assert_eq!(cards::card(i64::from(number)).unwrap().number, number);
        assert_eq!(card.colour, Colour::ALL[i / 3], "card {number}");
        assert_eq!(card.puzzle.yard.name, YARD, "card {number}");
        let spots: Vec<u8> = card.puzzle.goal.at.iter().map(|&(_, s)| s).collect();
        assert_eq!(spots.len(), SENT, "card {number}");
        assert!(
            spots.iter().all(|s| yard.industries.contains(s)),
            "card {number}"
        );
        assert!(!card.puzzle.is_solved(&card.puzzle.start), "card {number}");
        if i > 0 {
            assert!(card.optimum >= shipped[i - 1].optimum, "card {number}");
        }
        assert_eq!(card.to_toml(), cards::file_text(i64::from(number)).unwrap());
    }
    solvers_optimum(FIRST);
}

/// Run in release with `--ignored` (seconds).
#[test]
#[ignore = "solves all twelve Timesaver cards: run in release with --ignored"]
fn every_timesaver_card_has_the_solvers_optimum() {
    for number in FIRST..FIRST + COUNT as u32 {
        solvers_optimum(number);
    }
}

/// Run in release with `--ignored` (a few minutes, up to a few GB).
#[test]
#[ignore = "a complete search per Timesaver goal: run in release with --ignored"]
fn every_timesaver_deal_counted_and_the_cards_chosen_from_them() {
    let started = Instant::now();
    let census = census(&roomy()).expect("the census fits");
    println!(
        "Timesaver census: {} deals, the largest search {} positions, {:.1?}\n{}",
        census.deals(),
        census.largest_search,
        started.elapsed(),
        census.table()
    );
    let yard = builtin::yard(YARD).unwrap();
    let per_goal: u64 = goals(&yard).iter().map(|&g| 2 * deals_with(&yard, g)).sum();
    assert_eq!(census.deals(), per_goal);
    let chosen = picks(&census).expect("there are solvable deals");
    let hardest = census.hardest();
    assert_eq!(chosen.last().unwrap().optimum, hardest);
    let mut slowest: Option<(usize, TimesaverDeal)> = None;
    for deal in &census.examples[hardest] {
        let puzzle = deal
            .puzzle("timesaver-hardest", "Timesaver: the hardest deal")
            .unwrap();
        let solution = solve(&puzzle, &SolveOptions::default()).unwrap();
        assert_eq!(solution.optimum(), hardest);
        println!(
            "hardest deal: {} states, {:.2?}",
            solution.states, solution.elapsed
        );
        if slowest.is_none_or(|(states, _)| solution.states > states) {
            slowest = Some((solution.states, *deal));
        }
    }
    let out = std::env::var_os("ROUNDHOUSE_TIMESAVER_OUT").map(std::path::PathBuf::from);
    for pick in &chosen {
        let title = format!("Timesaver, route card {} ({})", pick.number, pick.colour);
        let puzzle = pick
            .deal
            .puzzle(&format!("card-{}", pick.number), &title)
            .unwrap();
        let solution = solve(&puzzle, &SolveOptions::default()).unwrap();
        assert_eq!(solution.optimum(), pick.optimum, "card {}", pick.number);
        let card = Card {
            number: pick.number,
            colour: pick.colour,
            attempt: 0,
            optimum: pick.optimum,
            guide: solution.moves,
            puzzle,
        };
        println!(
            "card {} ({}): {} moves",
            card.number, card.colour, card.optimum
        );
        if let Some(dir) = &out {
            std::fs::write(dir.join(format!("{}.toml", card.number)), card.to_toml()).unwrap();
        }
    }
    if let (Some(dir), Some((_, deal))) = (&out, slowest) {
        let puzzle = deal
            .puzzle("timesaver-hardest", "Timesaver: the hardest deal")
            .unwrap();
        std::fs::write(dir.join("timesaver-hardest.toml"), puzzle_toml(&puzzle)).unwrap();
    }
}

/// Run in release with `--ignored`.
#[test]
#[ignore = "complete searches for the goals of 300 random deals: run in release with --ignored"]
fn the_solver_agrees_with_the_complete_search_on_random_deals() {
    let yard = builtin::yard(YARD).unwrap();
    let mut rng = GameRng::seeded(17);
    let mut deals: Vec<TimesaverDeal> = (0..300).map(|_| random_deal(&mut rng)).collect();
    deals.sort_by_key(|d| d.spots);
    let mut checked = 0;
    for group in deals.chunk_by(|a, b| a.spots == b.spots) {
        // A deal's `loco_up` is the loco's facing along its own track, and tracks run either way (X
        // runs west, W east), so which of the two facing classes a deal is in is not `loco_up`: look
        // in both searches (a position is in at most one).
        let searches =
            [false, true].map(
                |up| match goal_distances(&yard, group[0].spots, up, &roomy()) {
                    Ok(distances) => Some(distances),
                    Err(CensusError::Solve(SolveError::Unsolvable { .. })) => None,
                    Err(e) => panic!("the search for {:?} failed: {e}", group[0].spots),
                },
            );
        for deal in group {
            let puzzle = deal.puzzle("random", "random").unwrap();
            let expected = searches
                .iter()
                .flatten()
                .find_map(|d| d.distance(&puzzle.start));
            match solve(&puzzle, &SolveOptions::default()) {
                Ok(solution) => assert_eq!(Some(solution.optimum()), expected, "{deal:?}"),
                Err(e) => assert_eq!(expected, None, "{deal:?}: {e}"),
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 300);
}

#[test]
fn a_yard_names_its_industry_spots_once_each_and_only_slots_it_has() {
    let yard = |industries: &str| {
        Yard::from_toml(&format!(
            "name = \"spur\"\nindustries = {industries}\n[[track]]\nname = \"A\"\nslots = 3\n"
        ))
    };
    let a2 = yard("[\"a2\"]").expect("a slot of the yard");
    assert_eq!(a2.industries, [a2.find_slot("A2").unwrap()]);
    assert_eq!(
        yard("[\"A4\"]").unwrap_err().to_string(),
        "unknown slot `A4` in the yard's industries"
    );
    assert_eq!(
        yard("[\"A1\", \"a1\"]").unwrap_err(),
        LoadError::DuplicateName("A1".to_owned())
    );
    assert!(yard("[]").unwrap().industries.is_empty());
}

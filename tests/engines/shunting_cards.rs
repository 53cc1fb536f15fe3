//! The 40 route cards: shipped as data, each checked by the solver, and reproduced exactly by the
//! generator.

use roundhouse::games::shunting::cards::{self, CARD_COUNT, Colour, plan};
use roundhouse::games::shunting::{SolveOptions, solve};

/// Checks that the solver finds the card's stored optimum.
fn stored_optimum_is_the_solvers(card: &cards::Card) {
    let solution = solve(&card.puzzle, &SolveOptions::default())
        .unwrap_or_else(|e| panic!("card {}: {e}", card.number));
    assert_eq!(solution.optimum(), card.optimum, "card {}", card.number);
    assert_eq!(card.guide.len(), card.optimum, "card {}", card.number);
    assert!(
        !card.puzzle.is_solved(&card.puzzle.start),
        "card {}",
        card.number
    );
}

#[test]
fn every_card_loads_and_a_sample_has_the_solvers_optimum() {
    let all = cards::all().expect("every shipped card loads and its guide solves it");
    assert_eq!(all.len(), CARD_COUNT);
    // Two cards of each colour in a debug build; all 40 in the ignored test below.
    for number in [1, 10, 12, 19, 21, 30, 33, 37] {
        stored_optimum_is_the_solvers(&all[number - 1]);
    }
}

/// Run with `cargo test --test shunting_cards -- --ignored` (about two minutes in a debug build, much
/// less with `--release`).
#[test]
#[ignore = "solves all 40 cards; run in release"]
fn every_card_has_the_solvers_optimum() {
    for card in cards::all().unwrap() {
        stored_optimum_is_the_solvers(card);
    }
}

/// Run with `cargo test --test shunting_cards -- --ignored` (about two minutes in a debug build, much
/// less with `--release`).
#[test]
#[ignore = "generates all 40 cards; run in release"]
fn the_generator_reproduces_every_shipped_card() {
    for number in 1..=CARD_COUNT as u32 {
        let (card, _) = plan::generate_card(number, &SolveOptions::default()).unwrap();
        assert_eq!(
            card.to_toml(),
            cards::file_text(i64::from(number)).unwrap(),
            "card {number}"
        );
    }
}

#[test]
fn ten_cards_per_colour_in_rising_difficulty() {
    let all = cards::all().unwrap();
    for (i, colour) in Colour::ALL.into_iter().enumerate() {
        let group = &all[i * 10..i * 10 + 10];
        assert!(group.iter().all(|c| c.colour == colour), "{colour}");
        assert!(
            group.windows(2).all(|w| w[0].optimum <= w[1].optimum),
            "{colour} cards rise"
        );
        if i > 0 {
            let before = &all[i * 10 - 10..i * 10];
            let hardest_before = before.iter().map(|c| c.optimum).max().unwrap();
            let easiest = group.iter().map(|c| c.optimum).min().unwrap();
            assert!(
                easiest > hardest_before,
                "{colour} starts above the colour before"
            );
        }
    }
    let black = all[30..].iter().map(|c| c.optimum).max().unwrap();
    assert!(black <= 20, "black cards stay within reach: {black}");
    for (number, card) in (1..).zip(all) {
        assert_eq!(card.number, number);
        let pieces = card.puzzle.pieces.len();
        assert!((4..=7).contains(&pieces), "card {number}: {pieces} pieces");
    }
    // More pieces to search as the colours rise: never fewer than the colour before.
    let pieces: Vec<usize> = all.iter().map(|c| c.puzzle.pieces.len()).collect();
    assert!(pieces.windows(2).all(|w| w[0] <= w[1]), "{pieces:?}");
}

#[test]
fn the_generator_reproduces_shipped_cards_byte_for_byte() {
    // One card of each colour, chosen among those found in few tries (each try is a solve); all 40
    // in the ignored test above.
    for number in [3, 13, 21, 38] {
        let (card, _) = plan::generate_card(number, &SolveOptions::default()).unwrap();
        assert_eq!(
            card.to_toml(),
            cards::file_text(i64::from(number)).unwrap(),
            "card {number}"
        );
    }
}

#[test]
fn a_card_file_is_the_card_written_back() {
    for card in cards::all().unwrap() {
        assert_eq!(
            card.to_toml(),
            cards::file_text(i64::from(card.number)).unwrap()
        );
    }
    assert!(cards::card(0).is_err());
    assert!(cards::card(53).is_err());
    assert!(plan::recipe(41).is_err());
}

#[test]
fn a_card_whose_guide_is_wrong_is_refused() {
    let text = cards::file_text(5).unwrap();
    let card = cards::card(5).unwrap();
    let optimum = format!("optimum = {}", card.optimum);
    let longer = text.replacen(&optimum, &format!("optimum = {}", card.optimum + 1), 1);
    let error = cards::Card::from_toml(&longer).unwrap_err().to_string();
    assert!(error.contains("the optimum is"), "{error}");
    let first = format!("\"{}\"", card.guide[0]);
    let skipped = text.replacen(&format!("    {first},\n"), "", 1).replacen(
        &optimum,
        &format!("optimum = {}", card.optimum - 1),
        1,
    );
    let error = cards::Card::from_toml(&skipped).unwrap_err().to_string();
    assert!(error.contains("guide"), "{error}");
}

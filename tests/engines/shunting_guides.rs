//! Every guide is written in the notation people type, and each step typed back as it is written is
//! accepted and plays exactly the guide's move: no step is refused, none is ambiguous.

use std::path::Path;

use roundhouse::calendar::Day;
use roundhouse::games::shunting::cards;
use roundhouse::games::shunting::daily::for_day;
use roundhouse::games::shunting::{Move, Puzzle, Session};

/// Types each step of `guide` as written and checks that it plays the guide's move and reaches the
/// goal at the end.
fn typed_back(name: &str, puzzle: &Puzzle, guide: &[Move]) {
    let mut session = Session::new(puzzle, Some(guide.len()));
    for (i, step) in guide.iter().enumerate() {
        let written = step.to_string();
        let played = session
            .play_text(&written)
            .unwrap_or_else(|refusal| panic!("{name} step {}: `{written}`: {refusal}", i + 1));
        assert_eq!(played, *step, "{name} step {}: `{written}`", i + 1);
        assert_eq!(played.to_string(), written, "{name} step {}", i + 1);
    }
    assert!(
        session.at_goal(),
        "{name}: the guide does not reach the goal"
    );
}

#[test]
fn every_route_card_guide_typed_back_plays_step_by_step() {
    for card in cards::all().expect("the cards load") {
        typed_back(&card.heading(), &card.puzzle, &card.guide);
    }
}

#[test]
fn every_golden_daily_guide_typed_back_plays_step_by_step() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/daily");
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_str().unwrap().to_owned();
        let day: Day = name.strip_prefix("daily-").unwrap().parse().unwrap();
        let daily = for_day(day).expect("a daily puzzle");
        typed_back(&name, &daily.puzzle, &daily.guide);
    }
}

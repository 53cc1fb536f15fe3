//! Wright's classic Inglenook as a game (`-o card=wright`): dealt from the seed, solved once when dealt,
//! played to the goal along its guide, stored and restored with its deal, and refused when a setup's
//! guide does not solve its deal.

use roundhouse::game::{Game, GameRng, Viewer};
use roundhouse::games::shunting::game::{Action, Shunting, ShuntingOptions, ShuntingSetup};
use roundhouse::games::shunting::{Rank, SolveOptions, solve};

fn options() -> ShuntingOptions {
    ShuntingOptions {
        card: "wright".to_owned(),
    }
}

fn dealt(seed: u64) -> ShuntingSetup {
    Shunting::deal(&options(), 1, &mut GameRng::seeded(seed))
}

#[test]
fn a_seed_deals_and_solves_one_puzzle_that_its_guide_plays_to_the_goal() {
    let setup = dealt(3);
    assert_eq!(setup, dealt(3), "the same seed deals the same puzzle");
    assert_ne!(setup, dealt(4));
    let wright = setup.wright.clone().expect("a Wright deal");
    let mut game = Shunting::start(options(), 1, setup, 3).unwrap();
    let puzzle = game.board().puzzle().clone();
    assert_eq!(puzzle.goal.at.len(), 5);
    assert_eq!(puzzle.goal.clear.len(), 4, "the whole headshunt");
    // The optimum is the solver's for the deal, and the classic goal costs at least the plain one.
    assert_eq!(
        solve(&puzzle, &SolveOptions::default()).unwrap().optimum(),
        wright.optimum
    );
    let mut plain = puzzle.clone();
    plain.goal.clear.clear();
    let plain = solve(&plain, &SolveOptions::default()).unwrap().optimum();
    assert!(plain <= wright.optimum, "{plain} > {}", wright.optimum);
    let view = game.view(Viewer::Spectator);
    assert_eq!(view.heading, "Wright's Inglenook");
    assert_eq!(view.card, None);
    assert!(
        view.goal
            .iter()
            .any(|l| l == "track H clear of cars (a loco may stand there)"),
        "{:?}",
        view.goal
    );
    for step in &wright.guide {
        assert!(!game.solved());
        game.apply(0, &Action::Move(step.parse().unwrap())).unwrap();
    }
    assert!(game.solved());
    assert_eq!(game.rank(), Some(Rank::YardMaster));
}

#[test]
fn a_stored_wright_game_restores_with_its_deal_and_moves() {
    let setup = dealt(8);
    let mut game = Shunting::start(options(), 1, setup.clone(), 8).unwrap();
    let first = game.legal(0).into_iter().next().unwrap();
    game.apply(0, &first).unwrap();
    let stored = serde_json::to_string(&game).unwrap();
    assert!(stored.contains("\"wright\""), "{stored}");
    let back: Shunting = serde_json::from_str(&stored).unwrap();
    assert_eq!(back.position(), game.position());
    assert_eq!(back.moves(), 1);
    assert_eq!(back.board().puzzle().goal, game.board().puzzle().goal);
    // A route card's record is what it always was: no Wright field.
    let card = Shunting::new(3).unwrap();
    assert_eq!(
        serde_json::to_string(&card).unwrap(),
        r#"{"card":3,"log":[]}"#
    );
}

#[test]
fn a_setup_whose_guide_does_not_solve_its_deal_is_refused() {
    let setup = dealt(5);
    let mut short = setup.clone();
    short.wright.as_mut().unwrap().guide.pop();
    let error = Shunting::start(options(), 1, short, 5).unwrap_err();
    assert!(error.0.contains("the optimum is"), "{}", error.0);
    let mut unsolved = setup.clone();
    let stored = unsolved.wright.as_mut().unwrap();
    stored.guide.clear();
    stored.optimum = 0;
    let error = Shunting::start(options(), 1, unsolved, 5).unwrap_err();
    assert!(error.0.contains("no solution stored"), "{}", error.0);
    let mut wrong = setup;
    wrong.wright.as_mut().unwrap().deal.train.swap(0, 1);
    let error = Shunting::start(options(), 1, wrong, 5).unwrap_err();
    assert!(
        error.0.contains("Wright's Inglenook: the guide"),
        "{}",
        error.0
    );
}

//! Express properties over random games: cards are conserved, steps round-trip through their notation,
//! refused steps change nothing, views hide what they must, replays reproduce the state, games end.

use roundhouse::game::{Game, GameRng, Seat, ToAct, Viewer};
use roundhouse::games::express::cards::deck;
use roundhouse::games::express::options::Target as Goal;
use roundhouse::games::express::state::Phase;
use roundhouse::games::express::{Action, Express, ExpressOptions};

/// Steps a random game may take before the test calls it endless.
const MAX_STEPS: usize = 200_000;

fn json(game: &Express) -> String {
    serde_json::to_string(game).expect("a game serialises")
}

fn sorted_deck(players: usize) -> Vec<roundhouse::games::express::Kind> {
    let mut all = deck(players);
    all.sort_unstable();
    all
}

/// What a viewer sees, checked against the state: only its own hand and Locos.
fn check_views(game: &Express) {
    for viewer in (0..game.players())
        .map(Viewer::Seat)
        .chain([Viewer::Spectator])
    {
        let view = game.view(viewer);
        for (seat, seen) in view.seats.iter().enumerate() {
            let own = viewer == Viewer::Seat(seat);
            let real = game.seat(seat);
            assert_eq!(seen.hand_size, real.hand.len());
            assert_eq!(
                seen.hand.is_some(),
                own,
                "{viewer:?} sees seat {seat}'s hand"
            );
            for (train, real_train) in seen.trains.iter().zip(&real.trains) {
                assert_eq!(
                    train.loco.is_some(),
                    own,
                    "{viewer:?} sees seat {seat}'s Loco"
                );
                assert_eq!(train.cars, real_train.cars);
            }
        }
        assert_eq!(view.draw_size, game.draw_pile().len());
    }
}

/// Samples of the hidden cards look the same to their viewer, keep every card, and keep the seat to act
/// able to act.
fn check_samples(game: &Express, rng: &mut GameRng) {
    let full = sorted_deck(game.players());
    for viewer in (0..game.players())
        .map(Viewer::Seat)
        .chain([Viewer::Spectator])
    {
        let sample = game.resample_hidden(viewer, rng);
        assert_eq!(
            sample.view(viewer),
            game.view(viewer),
            "{viewer:?} cannot tell the sample"
        );
        assert_eq!(sample.all_cards(), full, "a sample keeps every card");
        if let ToAct::Seats(seats) = sample.to_act() {
            assert!(!sample.legal(seats[0]).is_empty(), "the sample can go on");
        }
    }
}

/// Plays random legal steps to the end (or `MAX_STEPS`), checking at each step; returns the moves.
fn play_random(
    players: usize,
    options: ExpressOptions,
    seed: u64,
    check: bool,
) -> (Express, Vec<(Seat, Action)>) {
    let mut rng = GameRng::seeded(seed);
    let setup = Express::deal(&options, players, &mut rng);
    let mut game = Express::start(options, players, setup, seed).expect("dealt setups start");
    let mut moves = Vec::new();
    let full = sorted_deck(players);
    while let ToAct::Seats(seats) = game.to_act() {
        assert!(moves.len() < MAX_STEPS, "seed {seed}: the game did not end");
        let seat = seats[0];
        let legal = game.legal(seat);
        assert!(
            !legal.is_empty(),
            "seed {seed}: seat {seat} to act has no legal step in {:?}",
            game.phase()
        );
        if check {
            assert_eq!(
                game.all_cards(),
                full,
                "seed {seed}: cards are conserved after {:?}",
                moves.last()
            );
            check_views(&game);
            if moves.len() % 7 == 0 {
                check_samples(&game, &mut rng);
            }
            let other = (seat + 1) % players;
            let before = json(&game);
            let mut copy = game.clone();
            assert!(
                copy.apply(other, &legal[0]).is_err(),
                "a seat not to act was allowed to move"
            );
            assert_eq!(json(&copy), before, "a refused step changed the state");
            for action in &legal {
                let text = action.to_string();
                assert_eq!(
                    text.parse::<Action>().as_ref(),
                    Ok(action),
                    "{text} round-trips"
                );
                assert!(!game.label(action).is_empty());
            }
        }
        let action = legal[rng.index(legal.len())];
        game.apply(seat, &action)
            .unwrap_or_else(|e| panic!("seed {seed}: legal {action} refused: {e}"));
        moves.push((seat, action));
    }
    (game, moves)
}

#[test]
fn random_games_conserve_cards_and_keep_views_honest() {
    for (players, seed) in [(2, 1), (3, 2), (4, 3), (5, 4), (6, 5)] {
        let options = ExpressOptions {
            target: Goal::Classic,
            ..ExpressOptions::default()
        };
        let (game, _) = play_random(players, options, seed, true);
        assert_eq!(game.phase(), Phase::Over);
    }
}

#[test]
fn random_play_always_ends_with_a_unique_winner_at_the_target() {
    for seed in 0..30 {
        let players = 2 + (seed as usize % 5);
        let (game, _) = play_random(players, ExpressOptions::default(), seed, false);
        let outcome = game.outcome().expect("an ended game has an outcome");
        let best = *game.totals().iter().max().expect("seats");
        assert!(best >= 120, "seed {seed}: the game ended below the target");
        assert_eq!(
            outcome.winning_seats().len(),
            1,
            "seed {seed}: a tie ended the game"
        );
    }
}

#[test]
fn replaying_the_seed_and_moves_gives_the_same_state() {
    for seed in [7, 8, 9] {
        let options = ExpressOptions::default();
        let (game, moves) = play_random(4, options, seed, false);
        let mut rng = GameRng::seeded(seed);
        let setup = Express::deal(&options, 4, &mut rng);
        let mut replay = Express::start(options, 4, setup, seed).expect("starts");
        for (seat, action) in &moves {
            replay
                .apply_quiet(*seat, action)
                .expect("replayed steps stay legal");
        }
        assert_eq!(json(&replay), json(&game));
    }
}

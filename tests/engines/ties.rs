//! Every tie on score is explained: in all-bot games of every game, an outcome in which two
//! participants share a score says how that tie was settled (naming each of them and the score), and an
//! outcome without one says nothing.

use roundhouse::bots::BotLevel;
use roundhouse::game::{Actor, GameRng, Outcome, ToAct, participant_ref};
use roundhouse::games;

/// Plays an all-bot game of `kind` with `players` seats from `seed` to its end.
fn bot_game(kind: &str, players: usize, seed: u64) -> Outcome {
    let kind = games::find(kind).unwrap();
    let options = kind.parse_options(&[]).unwrap();
    let setup = kind.deal(&options, players, seed).unwrap();
    let mut game = kind.start(&options, players, &setup, seed).unwrap();
    let mut rng = GameRng::seeded(seed);
    let mut steps = 0;
    while let ToAct::Seats(seats) = game.to_act() {
        steps += 1;
        assert!(steps < 20_000, "{} seed {seed}: no end", kind.id());
        let seat = seats[rng.index(seats.len())];
        let step = game.bot_move(seat, BotLevel::Normal, &mut rng);
        game.apply(Actor::Seat(seat), &step).unwrap();
    }
    game.outcome().expect("a game that asks no one is over")
}

/// Plays games until `wanted` have a tie (at most `budget`), checking every outcome; returns the
/// explanations of the ties found.
fn explained_ties(kind: &str, players: usize, wanted: usize, budget: u64) -> Vec<String> {
    let mut found = Vec::new();
    for seed in 0..budget {
        let outcome = bot_game(kind, players, seed);
        let tied_scores: Vec<i32> = outcome
            .standings
            .windows(2)
            .filter(|pair| pair[0].score == pair[1].score)
            .map(|pair| pair[0].score)
            .collect();
        match &outcome.tie_break {
            None => assert!(
                tied_scores.is_empty(),
                "{kind} seed {seed}: a tie unexplained: {outcome:?}"
            ),
            Some(text) => {
                assert!(
                    !tied_scores.is_empty(),
                    "{kind} seed {seed}: no tie, yet {text}"
                );
                for standing in &outcome.standings {
                    if tied_scores.contains(&standing.score) {
                        let who = participant_ref(&standing.participant);
                        assert!(
                            text.contains(&who),
                            "{kind} seed {seed}: {who} missing in {text}"
                        );
                        assert!(
                            text.contains(&format!("tied on {}", standing.score)),
                            "{text}"
                        );
                    }
                }
                found.push(text.clone());
            }
        }
        if found.len() == wanted {
            break;
        }
    }
    found
}

#[test]
fn yardmaster_ties_go_to_the_seat_farther_from_the_start_player() {
    let ties = explained_ties("yardmaster", 3, 2, 400);
    assert_eq!(ties.len(), 2, "{ties:?}");
    assert!(
        ties.iter()
            .all(|t| t.contains("farther from the start player")),
        "{ties:?}"
    );
}

#[test]
fn whistlewood_ties_are_shared_victories() {
    let ties = explained_ties("whistlewood", 2, 2, 400);
    assert_eq!(ties.len(), 2, "{ties:?}");
    assert!(
        ties.iter()
            .all(|t| t.ends_with("a tie is a shared victory.")),
        "{ties:?}"
    );
}

#[test]
fn coal_train_ties_look_at_the_resources_left() {
    let ties = explained_ties("coal_train", 4, 1, 400);
    assert_eq!(ties.len(), 1, "{ties:?}");
    assert!(ties[0].contains("resources"), "{ties:?}");
}

#[test]
fn express_outcomes_explain_any_tie() {
    for tie in explained_ties("express", 4, 1, 60) {
        assert!(tie.contains("share the place"), "{tie}");
    }
}

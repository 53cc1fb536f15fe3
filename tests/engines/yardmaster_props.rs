//! Yardmaster invariants over random games: random player counts, variants, seeds and legal moves. What
//! every game must do (legal moves for the seat to act only, refusals that change nothing, replays,
//! views that hide what resampling redraws) is in `tests/conformance.rs`; this file keeps what is
//! Yardmaster's own: cards are conserved, each seat sees exactly its own cards, cards not in hand and
//! cards that do not connect are refused, a game lasts its rounds and its standings follow the scores.

use proptest::prelude::*;
use roundhouse::game::{Game, GameRng, Seat, ToAct, Viewer};
use roundhouse::games::yardmaster::cards::{self, Face};
use roundhouse::games::yardmaster::rules::{
    CabooseChoice, DrawTiming, Switch, YardmasterOptions, rounds_for,
};
use roundhouse::games::yardmaster::{Action, Side, Yardmaster};

fn options(two_games: bool, draw_at_end: bool, caboose: u8) -> YardmasterOptions {
    YardmasterOptions {
        two_games: if two_games { Switch::On } else { Switch::Off },
        draw: if draw_at_end {
            DrawTiming::End
        } else {
            DrawTiming::Start
        },
        caboose: match caboose {
            0 => CabooseChoice::Off,
            1 => CabooseChoice::Default,
            _ => CabooseChoice::All,
        },
    }
}

fn sorted(mut faces: Vec<Face>) -> Vec<String> {
    faces.sort_by_key(|f| f.code());
    faces.iter().map(Face::to_string).collect()
}

/// Every card of the current game wherever it lies.
fn all_cards(game: &Yardmaster) -> Vec<String> {
    let mut faces: Vec<Face> = game.deck().collect();
    faces.extend_from_slice(game.hand());
    faces.extend(game.kept().iter().flatten());
    for train in game.trains() {
        faces.extend(train.iter().map(|c| c.face));
    }
    sorted(faces)
}

fn json(game: &Yardmaster) -> String {
    serde_json::to_string(game).expect("state serialises")
}

/// Checks that no view shows another seat's secrets.
fn check_views(game: &Yardmaster) {
    let players = game.players();
    let over = game.is_over();
    let viewers = (0..players)
        .map(Viewer::Seat)
        .chain(std::iter::once(Viewer::Spectator));
    for viewer in viewers {
        let view = game.view(viewer);
        let me = match viewer {
            Viewer::Seat(s) => Some(s),
            Viewer::Spectator => None,
        };
        let holds = me.is_some() && me == game.current();
        assert_eq!(view.hand.is_some(), holds, "{viewer:?} hand");
        if let Some(hand) = &view.hand {
            assert_eq!(sorted(hand.clone()), sorted(game.hand().to_vec()));
        }
        match me {
            Some(s) => assert_eq!(view.kept, game.kept()[s]),
            None => assert_eq!(view.kept, None),
        }
        for train in &view.trains {
            for (card, real) in train.cards.iter().zip(&game.trains()[train.seat]) {
                assert_eq!(card.face_up, real.face_up);
                if real.face_up || over || me == Some(train.seat) {
                    assert_eq!(card.face, Some(real.face));
                } else {
                    assert_eq!(
                        card.face, None,
                        "{viewer:?} sees seat {}'s face-down card",
                        train.seat
                    );
                }
            }
        }
    }
}

/// Some actions the rules must refuse now.
fn illegal_actions(game: &Yardmaster, seat: Seat, rng: &mut GameRng) -> Vec<(Seat, Action)> {
    let mut bad = Vec::new();
    let hand = game.hand();
    let absent: Vec<Face> = cards::DECK
        .iter()
        .copied()
        .filter(|f| !hand.contains(f))
        .collect();
    if let Some(&f) = absent.get(rng.index(absent.len())) {
        bad.push((seat, Action::up(f)));
        bad.push((seat, Action::down(f)));
    }
    let legal = game.legal(seat);
    for &f in hand {
        if !legal.contains(&Action::up(f)) {
            bad.push((seat, Action::up(f)));
        }
    }
    if let Some(&f) = hand.first() {
        let other = (seat + 1 + rng.index(game.players() - 1)) % game.players();
        bad.push((other, Action::down(f)));
    }
    bad
}

/// Plays a whole game by random legal moves, checking every invariant at every turn; returns the
/// number of moves and the final state.
fn play_random(players: usize, options: YardmasterOptions, seed: u64) -> (usize, Yardmaster) {
    let mut rng = GameRng::seeded(seed);
    let setup = Yardmaster::deal(&options, players, &mut rng);
    let mut game =
        Yardmaster::start(options, players, setup.clone(), seed).expect("dealt setups start");
    let mut moves = 0;
    let mut game_deck = sorted(setup.deck.clone());
    while let ToAct::Seats(seats) = game.to_act() {
        assert_eq!(seats.len(), 1);
        let seat = seats[0];
        if game.game_number() == 2 {
            game_deck = sorted(setup.second_deck.clone().expect("match has a second deck"));
        }
        assert_eq!(all_cards(&game), game_deck, "cards are conserved");
        check_views(&game);
        let legal = game.legal(seat);
        let before = json(&game);
        for (who, action) in illegal_actions(&game, seat, &mut rng) {
            assert!(
                game.apply(who, &action).is_err(),
                "illegal {action} by {who} accepted"
            );
            assert_eq!(json(&game), before, "a refused move changed the state");
        }
        let action = legal[rng.index(legal.len())];
        if action.side == Side::Up {
            assert!(legal.contains(&Action::down(action.face)));
        }
        game.apply(seat, &action).expect("legal moves apply");
        moves += 1;
    }
    check_views(&game);
    (moves, game)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_games_keep_every_invariant(
        players in 2usize..=5,
        two_games: bool,
        draw_at_end: bool,
        caboose in 0u8..3,
        seed: u64,
    ) {
        let opts = options(two_games, draw_at_end, caboose);
        let (moves, last) = play_random(players, opts, seed);
        let games = if two_games { 2 } else { 1 };
        prop_assert_eq!(moves, rounds_for(players) as usize * players * games);
        let outcome = last.outcome().expect("over");
        let mut places: Vec<u32> = outcome.standings.iter().map(|s| s.place).collect();
        places.sort_unstable();
        prop_assert_eq!(places, (1..=players as u32).collect::<Vec<_>>());
        prop_assert!(outcome.standings.windows(2).all(|w| w[0].score >= w[1].score));
    }
}

//! Yardmaster Express rules, one test per rule or variant, written as games in notation from explicit
//! setups and played through the `Game` trait.

use roundhouse::game::{Audience, Event, Game, GameRng, Outcome, Participant, Seat, ToAct, Viewer};
use roundhouse::games::adapter::{GameKind, Kind};
use roundhouse::games::yardmaster::cards::{self, Face};
use roundhouse::games::yardmaster::rules::{
    CabooseChoice, DrawTiming, Switch, YardmasterOptions, rounds_for,
};
use roundhouse::games::yardmaster::{Action, Yardmaster, YardmasterSetup};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

fn face(text: &str) -> Face {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

fn faces(text: &str) -> Vec<Face> {
    text.split_whitespace().map(face).collect()
}

fn options(two_games: bool, draw_at_end: bool, caboose: CabooseChoice) -> YardmasterOptions {
    YardmasterOptions {
        two_games: if two_games { Switch::On } else { Switch::Off },
        draw: if draw_at_end {
            DrawTiming::End
        } else {
            DrawTiming::Start
        },
        caboose,
    }
}

fn base() -> YardmasterOptions {
    YardmasterOptions::default()
}

/// `top` first, then every other card of the game's deck in table order.
fn deck(players: usize, top: &[Face]) -> Vec<Face> {
    let mut rest = cards::deck_faces(players).to_vec();
    for f in top {
        let i = rest
            .iter()
            .position(|r| r == f)
            .unwrap_or_else(|| panic!("{f} used more often than the deck has it"));
        rest.remove(i);
    }
    top.iter().copied().chain(rest).collect()
}

fn setup(start: Seat, deck: Vec<Face>) -> YardmasterSetup {
    YardmasterSetup {
        start_player: start,
        deck,
        second_deck: None,
        caboose: None,
        second_caboose: None,
    }
}

fn start(options: YardmasterOptions, players: usize, setup: YardmasterSetup) -> Yardmaster {
    Yardmaster::start(options, players, setup, 7).unwrap_or_else(|e| panic!("setup refused: {e}"))
}

/// Applies moves in notation, each by the seat to act; returns every event.
fn play(game: &mut Yardmaster, moves: &[&str]) -> Vec<Event> {
    let mut events = Vec::new();
    for (i, text) in moves.iter().enumerate() {
        let seat = game
            .current()
            .unwrap_or_else(|| panic!("move {i} `{text}`: game over"));
        let action: Action = text.parse().unwrap_or_else(|e| panic!("move {i}: {e}"));
        events.extend(
            game.apply(seat, &action)
                .unwrap_or_else(|e| panic!("move {i} `{text}` by seat {seat}: {e}")),
        );
    }
    events
}

fn hand_of(game: &Yardmaster, seat: Seat) -> Option<Vec<Face>> {
    game.view(Viewer::Seat(seat)).hand
}

fn json(game: &Yardmaster) -> String {
    serde_json::to_string(game).expect("state serialises")
}

/// The seat to act at turn `t` of a game starting at `start`.
fn turn_seat(players: usize, start: Seat, clockwise: bool, t: usize) -> Seat {
    if clockwise {
        (start + t) % players
    } else {
        (start + players * t - t) % players
    }
}

/// A base-game deck in which every mover draws exactly the card it then plays: the hand dealt at the
/// start (cards not in any train) simply travels round. `trains[s]` lists seat `s`'s moves in order.
fn script_deck(players: usize, start: Seat, clockwise: bool, trains: &[&[&str]]) -> Vec<Face> {
    let rounds = rounds_for(players) as usize;
    let moves: Vec<Vec<Action>> = trains
        .iter()
        .map(|t| {
            assert_eq!(t.len(), rounds, "each train needs {rounds} moves");
            t.iter()
                .map(|m| m.parse().expect("scripted move"))
                .collect()
        })
        .collect();
    let mut played = Vec::new();
    for t in 0..players * rounds {
        let seat = turn_seat(players, start, clockwise, t);
        played.push(moves[seat][t / players].face);
    }
    let mut spare = cards::deck_faces(players).to_vec();
    for f in &played {
        let i = spare
            .iter()
            .position(|s| s == f)
            .unwrap_or_else(|| panic!("{f} is scripted more often than the deck has it"));
        spare.remove(i);
    }
    let mut top: Vec<Face> = spare[..players].to_vec();
    top.extend(played);
    deck(players, &top)
}

/// Plays scripted trains (see [`script_deck`]) to the end of the current game.
fn play_script(game: &mut Yardmaster, trains: &[&[&str]]) -> Vec<Event> {
    let mut next = vec![0; trains.len()];
    let mut events = Vec::new();
    let game_number = game.game_number();
    while game.game_number() == game_number && game.current().is_some() {
        let seat = game.current().expect("someone to act");
        events.extend(play(game, &[trains[seat][next[seat]]]));
        next[seat] += 1;
    }
    events
}

/// A whole base game (start player 0) of scripted trains, with this Caboose (or none).
fn scripted(trains: &[&[&str]], caboose: Option<&str>) -> Yardmaster {
    let players = trains.len();
    let choice = if caboose.is_some() {
        CabooseChoice::All
    } else {
        CabooseChoice::Off
    };
    let mut s = setup(0, script_deck(players, 0, true, trains));
    s.caboose = caboose.map(str::to_string);
    let mut game = start(options(false, false, choice), players, s);
    play_script(&mut game, trains);
    assert_eq!(game.to_act(), ToAct::Over);
    game
}

fn outcome(game: &Yardmaster) -> Outcome {
    game.outcome().expect("the game is over")
}

fn score(game: &Yardmaster, seat: Seat) -> (i32, String) {
    let o = outcome(game);
    let s = o.standing_of(seat).expect("seat has a standing");
    (s.score, s.detail.clone())
}

fn caboose_points(game: &Yardmaster) -> Vec<i32> {
    game.scores_now().iter().map(|s| s.caboose).collect()
}

fn order(o: &Outcome) -> Vec<Seat> {
    o.standings
        .iter()
        .map(|s| match s.participant {
            Participant::Seat(seat) => seat,
            Participant::Automa(_) => panic!("no automa in Yardmaster"),
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Connecting
// ---------------------------------------------------------------------------------------------

#[test]
fn engine_is_wild_so_any_first_card_goes_face_up() {
    let mut game = start(base(), 2, setup(0, deck(2, &faces("B4|G4 Y2|Y3 R3|Y3"))));
    let legal = game.legal(0);
    for f in faces("B4|G4 Y2|Y3 R3|Y3") {
        assert!(
            legal.contains(&Action::up(f)),
            "{f} should connect to the Engine"
        );
        assert!(legal.contains(&Action::down(f)));
    }
    assert_eq!(legal.len(), 6);
    play(&mut game, &["up B4|G4"]);
    assert_eq!(game.trains()[0][0].face, face("B4|G4"));
}

#[test]
fn connects_by_colour() {
    // Seat 0 holds Y2|Y3, B2|B2, Y2|Y2; seat 1 draws R3|G3; seat 0 then draws G4|Y4.
    let mut game = start(
        base(),
        2,
        setup(0, deck(2, &faces("Y2|Y3 B2|B2 Y2|Y2 R3|G3 G4|Y4"))),
    );
    play(&mut game, &["up Y2|Y3", "down R3|G3"]);
    assert_eq!(hand_of(&game, 0), Some(faces("B2|B2 Y2|Y2 G4|Y4")));
    // Y3 then Y2: same colour, different value.
    play(&mut game, &["up Y2|Y2"]);
    assert_eq!(game.trains()[0].len(), 2);
}

#[test]
fn connects_by_value() {
    let mut game = start(
        base(),
        2,
        setup(0, deck(2, &faces("Y2|Y3 R3|G3 B2|B2 G2|G2 G4|Y4"))),
    );
    play(&mut game, &["up Y2|Y3", "down G2|G2"]);
    // Y3 then R3: different colour, same value.
    play(&mut game, &["up R3|G3"]);
    assert_eq!(game.trains()[0][1].face, face("R3|G3"));
}

#[test]
fn face_down_card_is_wild_on_both_sides() {
    let mut game = start(
        base(),
        2,
        setup(
            0,
            deck(2, &faces("Y2|Y3 B2|B2 R2|R2 G2|G2 G4|Y4 Y4|R4 B4|G4")),
        ),
    );
    play(&mut game, &["up Y2|Y3", "down G2|G2"]);
    // B2|B2 does not connect to Y3 face up, but face down it goes anywhere.
    assert!(!game.legal(0).contains(&Action::up(face("B2|B2"))));
    play(&mut game, &["down B2|B2", "down Y4|R4"]);
    // After the face-down card anything connects face up, R2|R2 included.
    assert_eq!(hand_of(&game, 0), Some(faces("R2|R2 G4|Y4 B4|G4")));
    assert!(
        game.legal(0)
            .iter()
            .filter(|a| a.side == roundhouse::games::yardmaster::Side::Up)
            .count()
            == 3
    );
    play(&mut game, &["up R2|R2"]);
}

#[test]
fn illegal_face_up_is_refused_and_changes_nothing() {
    let mut game = start(
        base(),
        2,
        setup(0, deck(2, &faces("Y2|Y3 B2|B2 R2|R2 G2|G2 G4|Y4"))),
    );
    play(&mut game, &["up Y2|Y3", "down G2|G2"]);
    let before = json(&game);
    let err = game
        .apply(0, &"up B2|B2".parse().expect("notation"))
        .expect_err("B2 does not connect to Y3");
    assert!(err.message.contains("does not connect"), "{err}");
    assert!(err.message.contains("Oil 3"), "{err}");
    assert!(err.message.contains("face down"), "{err}");
    assert_eq!(json(&game), before);
}

#[test]
fn refusals_are_specific_and_change_nothing() {
    let mut game = start(base(), 2, setup(0, deck(2, &faces("Y2|Y3 B2|B2 R2|R2"))));
    let before = json(&game);
    let err = game
        .apply(1, &"down Y2|Y3".parse().expect("notation"))
        .expect_err("not seat 1's turn");
    assert!(
        err.message.contains("not your turn") && err.message.contains("{seat0}"),
        "{err}"
    );
    let err = game
        .apply(0, &"down G4|Y4".parse().expect("notation"))
        .expect_err("not held");
    assert!(err.message.contains("Y2|Y3, B2|B2, R2|R2"), "{err}");
    assert_eq!(json(&game), before);
    assert!("take Y2|Y3".parse::<Action>().is_err());
}

/// Face-down trains for every seat: `extra[s]` replaces the first moves of seat `s`.
fn with_downs(players: usize, extra: &[&[&str]]) -> Vec<Vec<String>> {
    let rounds = rounds_for(players) as usize;
    let mut spare = cards::deck_faces(players).to_vec();
    for moves in extra {
        for m in *moves {
            let a: Action = m.parse().expect("move");
            let i = spare
                .iter()
                .position(|f| *f == a.face)
                .expect("card available");
            spare.remove(i);
        }
    }
    let mut spare = spare.into_iter();
    (0..players)
        .map(|s| {
            let mut train: Vec<String> = extra
                .get(s)
                .map(|m| m.iter().map(|x| x.to_string()).collect())
                .unwrap_or_default();
            while train.len() < rounds {
                train.push(format!("down {}", spare.next().expect("enough cards")));
            }
            train
        })
        .collect()
}

fn refs(trains: &[Vec<String>]) -> Vec<Vec<&str>> {
    trains
        .iter()
        .map(|t| t.iter().map(String::as_str).collect())
        .collect()
}

fn slices<'a>(trains: &'a [Vec<&'a str>]) -> Vec<&'a [&'a str]> {
    trains.iter().map(Vec::as_slice).collect()
}

#[test]
fn game_over_refuses_moves() {
    let trains = with_downs(2, &[]);
    let trains = refs(&trains);
    let mut game = scripted(&slices(&trains), None);
    let before = json(&game);
    let err = game
        .apply(0, &"down Y2|Y3".parse().expect("notation"))
        .expect_err("over");
    assert!(err.message.contains("over"), "{err}");
    assert_eq!(json(&game), before);
    assert!(game.legal(0).is_empty() && game.legal(1).is_empty());
}

// ---------------------------------------------------------------------------------------------
// The travelling hand
// ---------------------------------------------------------------------------------------------

#[test]
fn base_game_draws_at_the_start_of_each_turn_and_passes_left() {
    let top = faces("Y2|Y3 B2|B2 R2|R2 G2|G2 G4|Y4 Y4|R4");
    let mut game = start(base(), 3, setup(1, deck(3, &top)));
    // The start player (seat 1) holds 3 dealt cards plus its draw.
    assert_eq!(hand_of(&game, 1), Some(faces("Y2|Y3 B2|B2 R2|R2 G2|G2")));
    assert_eq!(hand_of(&game, 0), None);
    assert_eq!(hand_of(&game, 2), None);
    assert_eq!(game.view(Viewer::Spectator).hand, None);
    assert_eq!(game.view(Viewer::Spectator).hand_size, 4);
    let deck_before = game.deck().len();
    let events = play(&mut game, &["down B2|B2"]);
    // The rest goes to the left (seat 2), who draws G4|Y4 and is told so privately.
    assert_eq!(game.current(), Some(2));
    assert_eq!(hand_of(&game, 2), Some(faces("Y2|Y3 R2|R2 G2|G2 G4|Y4")));
    assert_eq!(hand_of(&game, 1), None);
    assert_eq!(game.deck().len(), deck_before - 1);
    assert!(events.contains(&Event::private(2, "You drew Timber 4 | Oil 4.")));
    assert!(events.contains(&Event::public("{seat1} added a card face down.")));
    assert!(
        events.iter().all(|e| !e.text.contains("Coal 2")),
        "face-down card leaked"
    );
    let events = play(&mut game, &["up Y2|Y3"]);
    assert!(events.contains(&Event::public("{seat2} added Oil 2 | Oil 3 face up.")));
    assert_eq!(game.current(), Some(0));
    assert_eq!(hand_of(&game, 0), Some(faces("R2|R2 G2|G2 G4|Y4 Y4|R4")));
}

#[test]
fn turn_variant_keeps_a_hidden_card_and_draws_after_the_move() {
    // Kept cards: seat 0 gets K0 = B4|G4, seat 1 K1 = R4|B4; the hand is Y2|Y3 B2|B2;
    // then seat 0 draws Y2|Y2 after its move.
    let top = faces("B4|G4 R4|B4 Y2|Y3 B2|B2 Y2|Y2 G2|G2");
    let mut game = start(
        options(false, true, CabooseChoice::Off),
        2,
        setup(0, deck(2, &top)),
    );
    assert_eq!(hand_of(&game, 0), Some(faces("Y2|Y3 B2|B2 B4|G4")));
    assert_eq!(game.view(Viewer::Seat(0)).kept, None);
    assert_eq!(game.view(Viewer::Seat(1)).kept, Some(face("R4|B4")));
    assert!(game.view(Viewer::Seat(0)).trains[1].keeps_card);
    assert_eq!(game.view(Viewer::Spectator).kept, None);
    let events = play(&mut game, &["up B4|G4"]);
    // Seat 0 drew after its move, privately; seat 1 now holds the passed cards plus its kept card.
    assert!(events.contains(&Event::private(0, "You drew Oil 2 | Oil 2.")));
    assert_eq!(game.view(Viewer::Seat(0)).kept, Some(face("Y2|Y2")));
    assert_eq!(game.view(Viewer::Seat(1)).kept, None);
    assert_eq!(hand_of(&game, 1), Some(faces("Y2|Y3 B2|B2 R4|B4")));
    assert_eq!(game.view(Viewer::Seat(1)).kept, None);
    let events = play(&mut game, &["down Y2|Y3"]);
    assert!(events.contains(&Event::private(1, "You drew Timber 2 | Timber 2.")));
    assert_eq!(hand_of(&game, 0), Some(faces("B2|B2 R4|B4 Y2|Y2")));
    // Play on to the end: no draw after the game's very last turn.
    let mut last_events = Vec::new();
    while let Some(seat) = game.current() {
        let action = game.legal(seat).last().copied().expect("a legal move");
        last_events = game.apply(seat, &action).expect("legal");
    }
    assert!(last_events.iter().all(|e| e.audience == Audience::Everyone));
    // 2 kept + 2 hand + 13 draws (14 turns, no draw after the last) taken from 24 cards.
    assert_eq!(game.deck().len(), 24 - 2 - 2 - 13);
    assert_eq!(
        game.kept()[1],
        None,
        "seat 1 took the last turn and drew nothing"
    );
    assert!(game.kept()[0].is_some(), "seat 0 drew after its last turn");
}

#[test]
fn rounds_depend_on_the_number_of_players() {
    for (players, rounds) in [(2, 7), (3, 6), (4, 5), (5, 4)] {
        let mut game = start(base(), players, setup(0, deck(players, &[])));
        assert_eq!(game.view(Viewer::Spectator).rounds, rounds);
        let mut turns = 0;
        let mut round_events = 0;
        while let Some(seat) = game.current() {
            let action = game.legal(seat)[0];
            let events = game.apply(seat, &action).expect("legal");
            round_events += events
                .iter()
                .filter(|e| e.text.starts_with("Round "))
                .count();
            turns += 1;
        }
        assert_eq!(turns, players * rounds as usize, "{players} players");
        assert_eq!(round_events, rounds as usize - 1, "{players} players");
        assert!(game.trains().iter().all(|t| t.len() == rounds as usize));
        assert_eq!(game.view(Viewer::Spectator).round, rounds);
    }
}

// ---------------------------------------------------------------------------------------------
// Scoring
// ---------------------------------------------------------------------------------------------

#[test]
fn train_values_face_down_four_engine_zero_and_longest_run() {
    let game = scripted(
        &[
            &[
                "up Y2|Y3",
                "up Y3|B3",
                "down G2|G2",
                "up B2|B2",
                "up B2|B3",
                "down R2|R2",
                "up R2|R3",
            ],
            &[
                "up G3|B3",
                "up B3|Y3",
                "up Y4|R4",
                "up R4|B4",
                "up B4|G4",
                "up G4|Y4",
                "down R3|G3",
            ],
        ],
        None,
    );
    // Seat 0: 5+6+4+4+5+4+5 = 33, longest run B2 B2 B2 B3 = 4 (the table's longest).
    assert_eq!(score(&game, 0), (37, "train 33 + run 4".to_string()));
    // Seat 1: 6+6+8+8+8+8 and a face-down R3|G3 worth 4 (not 6); runs of 2 only.
    assert_eq!(score(&game, 1), (48, "train 48 + run 0".to_string()));
    assert_eq!(order(&outcome(&game)), vec![1, 0]);
    let view = game.view(Viewer::Spectator);
    assert_eq!(view.longest_run, 4);
    assert_eq!(view.trains[0].longest_run, 4);
    assert_eq!(view.trains[1].longest_run, 2);
    // Once the game is over everyone sees the face-down faces.
    assert_eq!(view.trains[1].cards[6].face, Some(face("R3|G3")));
}

#[test]
fn a_face_down_card_breaks_a_run_like_the_rulebook_example() {
    let game = scripted(
        &[
            &[
                "up Y2|Y2",
                "up Y2|Y3",
                "down B4|G4",
                "up Y3|G3",
                "down R2|R2",
                "down R2|R2",
                "down G2|G2",
            ],
            &[
                "up R3|G3",
                "up G3|B3",
                "up B3|Y3",
                "down Y2|Y2",
                "down B2|B2",
                "down B2|B2",
                "down G2|G2",
            ],
        ],
        None,
    );
    // Y2 Y2 Y2 Y3 | Wild Wild | Y3: the run counts only up to the Wild, so it is 4, not 5.
    let view = game.view(Viewer::Spectator);
    assert_eq!(view.trains[0].longest_run, 4);
    assert_eq!(view.trains[0].score.run_bonus, 4);
    assert_eq!(view.trains[1].score.run_bonus, 0);
}

#[test]
fn tied_longest_runs_all_get_the_bonus_once() {
    let trains = with_downs(
        3,
        &[
            &["up Y2|Y3", "up Y3|B3"],
            &["up B2|B3", "up B3|R3"],
            &["up G2|G2"],
        ],
    );
    let trains = refs(&trains);
    let game = scripted(&slices(&trains), None);
    let scores = game.scores_now();
    assert_eq!(
        scores.iter().map(|s| s.run_bonus).collect::<Vec<_>>(),
        vec![3, 3, 0]
    );
    assert_eq!(scores[0].train, 5 + 6 + 16);
}

#[test]
fn no_run_no_bonus() {
    let trains = with_downs(2, &[&["up R3|G3", "up Y3|B3", "up R3|Y3"]]);
    let trains = refs(&trains);
    let game = scripted(&slices(&trains), None);
    assert!(game.scores_now().iter().all(|s| s.run_bonus == 0));
    assert_eq!(game.view(Viewer::Spectator).longest_run, 0);
    assert_eq!(score(&game, 0).1, "train 34 + run 0");
}

// ---------------------------------------------------------------------------------------------
// Cabooses: a seat that meets the condition and one that does not
// ---------------------------------------------------------------------------------------------

fn caboose_game(name: &str, trains: &[&[&str]]) -> Vec<i32> {
    let game = scripted(trains, Some(name));
    let points = caboose_points(&game);
    let view = game.view(Viewer::Spectator);
    assert_eq!(view.caboose.as_ref().map(|c| c.name), Some(name));
    for (seat, p) in points.iter().enumerate() {
        assert_eq!(view.trains[seat].score.caboose, *p);
        let standing = outcome(&game).standing_of(seat).cloned().expect("standing");
        assert!(
            standing.detail.ends_with(&format!("caboose {p}")),
            "{}",
            standing.detail
        );
    }
    points
}

#[test]
fn caboose_executive_fewest_colours() {
    let points = caboose_game(
        "Executive",
        &[
            &[
                "up B2|B2",
                "up B2|B2",
                "up B2|B3",
                "down R2|R2",
                "down R2|R2",
                "down G2|G2",
                "down G2|G2",
            ],
            &[
                "up Y2|Y2",
                "up Y2|Y3",
                "up Y3|G3",
                "up G2|G3",
                "up G3|R3",
                "down Y2|Y2",
                "down R3|Y3",
            ],
        ],
    );
    assert_eq!(points, vec![5, 0]);
}

#[test]
fn caboose_executive_needs_at_least_one_colour() {
    let trains = with_downs(2, &[&[], &["up Y2|Y2", "up Y2|Y3", "up Y3|G3"]]);
    let trains = refs(&trains);
    assert_eq!(caboose_game("Executive", &slices(&trains)), vec![0, 5]);
}

#[test]
fn caboose_two_timer_two_colours_with_exactly_three() {
    let trains = with_downs(
        2,
        &[
            &["up Y2|Y3", "up Y3|B3", "up B2|B2"],
            &["up G2|G3", "up G3|B3"],
        ],
    );
    let trains = refs(&trains);
    assert_eq!(caboose_game("Two-Timer", &slices(&trains)), vec![5, 0]);
}

#[test]
fn caboose_diversified_most_runs() {
    let trains = with_downs(
        2,
        &[
            &[
                "up B2|B2",
                "down G2|G2",
                "up Y2|Y2",
                "down G2|G2",
                "up R2|R2",
            ],
            &["up Y2|Y3"],
        ],
    );
    let trains = refs(&trains);
    let game = scripted(&slices(&trains), Some("Diversified"));
    assert_eq!(caboose_points(&game), vec![5, 0]);
    // Both longest runs are 2: both get the run bonus.
    assert!(game.scores_now().iter().all(|s| s.run_bonus == 2));
}

#[test]
fn caboose_short_line_most_of_one_colour() {
    let trains = with_downs(
        2,
        &[
            &["up B2|B2", "up B2|B2", "up B2|B3", "up B3|Y3"],
            &["up G2|G2", "up G2|G2", "up G2|G3"],
        ],
    );
    let trains = refs(&trains);
    assert_eq!(caboose_game("Short Line", &slices(&trains)), vec![5, 0]);
}

#[test]
fn caboose_lightweight_no_face_up_four() {
    let trains = with_downs(
        2,
        &[
            &[
                "up Y2|Y2",
                "up Y2|Y3",
                "down B4|G4",
                "up R2|R2",
                "up R2|R3",
                "up R3|G3",
            ],
            &["up Y4|R4", "up R4|B4"],
        ],
    );
    let trains = refs(&trains);
    assert_eq!(caboose_game("Lightweight", &slices(&trains)), vec![6, 0]);
}

#[test]
fn caboose_specialized_exactly_five_of_one_colour() {
    let trains = with_downs(
        2,
        &[
            &["up B2|B2", "up B2|B2", "down R2|R2", "up Y3|B3"],
            &["up B2|B3", "up B3|R3", "up R4|B4", "up B4|G4", "up G3|B3"],
        ],
    );
    let trains = refs(&trains);
    // Seat 0 has exactly five blue railcars; seat 1 has six.
    assert_eq!(caboose_game("Specialized", &slices(&trains)), vec![3, 0]);
}

#[test]
fn caboose_little_engine_counts_the_run_bonus() {
    let trains = with_downs(2, &[&["up B2|B2", "up B2|B2"], &["up R3|G3"]]);
    let trains = refs(&trains);
    // Seat 0: train 28 + run 4 = 32; seat 1: train 30, no run. The lower total wins.
    let game = scripted(&slices(&trains), Some("The Little Engine"));
    assert_eq!(game.scores_now()[0].train, 28);
    assert_eq!(caboose_points(&game), vec![0, 7]);
    assert_eq!(
        score(&game, 1),
        (37, "train 30 + run 0 + caboose 7".to_string())
    );
}

#[test]
fn caboose_efficient_no_mixed_face_up_card() {
    let points = caboose_game(
        "Efficient",
        &[
            &[
                "up B2|B2",
                "up B2|B3",
                "down R3|G3",
                "up Y2|Y2",
                "up Y2|Y3",
                "down G4|Y4",
                "up G2|G2",
            ],
            &[
                "up R2|R3",
                "up R3|Y3",
                "down B4|G4",
                "down R4|B4",
                "down Y4|R4",
                "down B3|R3",
                "down G3|B3",
            ],
        ],
    );
    assert_eq!(points, vec![8, 0]);
}

/// Seat 0's values: 2 2 2 2 2 3 3 3 3 3 3 3 3 3; seat 1's: 4 4 4 4 4 4 4 4 2 3 3 3 2 3.
const TWOS_THEN_THREES: [&[&str]; 2] = [
    &[
        "up B2|B2", "up B2|B2", "up B2|B3", "up R3|G3", "up G3|B3", "up B3|Y3", "up Y3|G3",
    ],
    &[
        "up R4|B4", "up B4|G4", "up G4|Y4", "up Y4|R4", "up R2|R3", "up R3|Y3", "up Y2|Y3",
    ],
];

#[test]
fn caboose_sequences_one_to_four() {
    for name in ["Sequence #1", "Sequence #2", "Sequence #3", "Sequence #4"] {
        assert_eq!(caboose_game(name, &TWOS_THEN_THREES), vec![6, 0], "{name}");
    }
}

#[test]
fn caboose_sequence_five_reads_face_down_railcars_as_two() {
    let points = caboose_game(
        "Sequence #5",
        &[
            // 2 3 | Wild Wild | 3 3 …: reads 3 2 2 3 3.
            &[
                "up R2|R3",
                "down Y4|R4",
                "up R3|G3",
                "up G3|B3",
                "up B3|R3",
                "up R4|B4",
                "up B4|G4",
            ],
            &[
                "up B2|B2", "up B2|B2", "up B2|B3", "up B3|Y3", "up Y3|G3", "up G2|G3", "up G2|G2",
            ],
        ],
    );
    assert_eq!(points, vec![6, 0]);
    // And the all-face-up trains above have no 3 2 2 3 3.
    assert_eq!(caboose_game("Sequence #5", &TWOS_THEN_THREES), vec![0, 0]);
}

#[test]
fn caboose_end_of_line_needs_a_face_up_three_last() {
    let points = caboose_game(
        "End of Line",
        &[
            &[
                "up Y2|Y3", "up Y3|B3", "up B3|R3", "up R3|G3", "up G3|B3", "up B2|B3", "up B3|Y3",
            ],
            // Ends face down on G2|G3: the hidden 3 does not count.
            &[
                "up B2|B2",
                "up B2|B2",
                "up Y2|Y2",
                "up Y2|Y2",
                "up G2|G2",
                "up G2|G2",
                "down G2|G3",
            ],
        ],
    );
    assert_eq!(points, vec![4, 0]);
}

#[test]
fn caboose_buried_alive_most_face_down_cards() {
    let points = caboose_game(
        "Buried Alive",
        &[
            &[
                "down B2|B2",
                "down B2|B2",
                "down Y2|Y2",
                "up Y2|Y2",
                "up Y2|Y3",
                "up Y3|G3",
                "up G3|B3",
            ],
            &[
                "down R2|R2",
                "down R2|R2",
                "up R2|R3",
                "up R3|G3",
                "up G2|G3",
                "up G2|G2",
                "up G2|G2",
            ],
        ],
    );
    assert_eq!(points, vec![7, 0]);
    // Nobody has a face-down card: nobody earns it.
    assert_eq!(caboose_game("Buried Alive", &TWOS_THEN_THREES), vec![0, 0]);
}

#[test]
fn caboose_inefficient_no_run_at_all() {
    let trains = with_downs(
        2,
        &[
            &[
                "up R3|G3", "up Y3|B3", "up R3|Y3", "up B3|R3", "up G3|R3", "up B3|Y3", "up G3|B3",
            ],
            &["up B2|B2"],
        ],
    );
    let trains = refs(&trains);
    assert_eq!(caboose_game("Inefficient", &slices(&trains)), vec![5, 0]);
}

// ---------------------------------------------------------------------------------------------
// Winner and match
// ---------------------------------------------------------------------------------------------

#[test]
fn ties_go_to_the_seat_farthest_clockwise_from_the_start_player() {
    let trains = with_downs(3, &[]);
    let trains = refs(&trains);
    let trains = slices(&trains);
    let mut game = start(base(), 3, setup(1, script_deck(3, 1, true, &trains)));
    play_script(&mut game, &trains);
    let o = outcome(&game);
    // All score 24; seat 0 sits farthest (two seats on) from the start player, seat 1.
    assert_eq!(order(&o), vec![0, 2, 1]);
    assert_eq!(
        o.standings.iter().map(|s| s.place).collect::<Vec<_>>(),
        vec![1, 2, 3]
    );
    assert!(o.standings.iter().all(|s| s.score == 24));
    assert_eq!(o.winning_seats(), vec![0]);
    assert_eq!(
        o.tie_break.as_deref(),
        Some(
            "{seat0}, {seat2} and {seat1} tied on 24 points; ties go to whoever sits farther from \
             the start player, {seat1}, clockwise: {seat0} before {seat2} before {seat1}."
        ),
        "the tie-break is said"
    );
}

fn match_game(game1: &[&[&str]], start2: Seat, game2: &[&[&str]]) -> (Yardmaster, Vec<Event>) {
    let players = game1.len();
    let mut s = setup(0, script_deck(players, 0, true, game1));
    s.second_deck = Some(script_deck(players, start2, false, game2));
    let mut game = start(options(true, false, CabooseChoice::Off), players, s);
    let events = play_script(&mut game, game1);
    assert_eq!(game.game_number(), 2);
    assert_eq!(game.start_player(), start2, "second game's start player");
    assert!(!game.clockwise());
    assert!(
        game.trains().iter().all(Vec::is_empty),
        "trains are cleared"
    );
    play_script(&mut game, game2);
    assert_eq!(game.to_act(), ToAct::Over);
    (game, events)
}

#[test]
fn match_tied_lowest_scorer_farthest_from_first_start_begins_and_passes_right() {
    let trains = with_downs(3, &[]);
    let trains = refs(&trains);
    let trains = slices(&trains);
    // Everyone scores 24 in game 1: seat 2 is the lowest scorer farthest clockwise from seat 0.
    let (game, events) = match_game(&trains, 2, &trains);
    assert!(
        events
            .iter()
            .any(|e| e.text.starts_with("Game 2 begins: {seat2}"))
    );
    let o = outcome(&game);
    // Totals tie at 48: farthest from seat 2 counter-clockwise is seat 0, then seat 1.
    assert_eq!(order(&o), vec![0, 1, 2]);
    assert_eq!(o.standings[0].detail, "game 1 24 + game 2 24");
    assert!(o.standings.iter().all(|s| s.score == 48));
}

#[test]
fn match_second_game_passes_counter_clockwise() {
    let trains = with_downs(3, &[]);
    let trains = refs(&trains);
    let trains = slices(&trains);
    let mut s = setup(0, script_deck(3, 0, true, &trains));
    s.second_deck = Some(script_deck(3, 2, false, &trains));
    let mut game = start(options(true, false, CabooseChoice::Off), 3, s);
    play_script(&mut game, &trains);
    assert_eq!(game.current(), Some(2));
    let next = game.legal(2)[0];
    game.apply(2, &next).expect("legal");
    assert_eq!(
        game.current(),
        Some(1),
        "the hand goes to the right in game 2"
    );
    let view = game.view(Viewer::Spectator);
    assert_eq!(
        (view.game_number, view.games, view.clockwise),
        (2, 2, false)
    );
    assert_eq!(view.trains[0].score.earlier_games, 24);
    assert_eq!(view.trains[0].score.total, 24);
}

#[test]
fn match_totals_add_up_and_the_tie_follows_the_second_passing_order() {
    let game1 = with_downs(3, &[&["up Y4|R4"], &[], &["up B2|B3"]]);
    let game1 = refs(&game1);
    // Game 1: seat 0 28, seat 1 24 (lowest), seat 2 25 + run 2 = 27.
    let game2 = with_downs(3, &[&["up R3|G3"], &[], &["up B2|B3"]]);
    let game2 = refs(&game2);
    // Game 2 (seat 1 starts, passing right): seat 0 26, seat 1 24, seat 2 27.
    let (game, _) = match_game(&slices(&game1), 1, &slices(&game2));
    assert_eq!(game.first_game_totals(), &[28, 24, 27]);
    let o = outcome(&game);
    // Seats 0 and 2 tie on 54. Counter-clockwise from seat 1, seat 2 sits farther than seat 0.
    assert_eq!(order(&o), vec![2, 0, 1]);
    assert_eq!(
        o.standings.iter().map(|s| s.score).collect::<Vec<_>>(),
        vec![54, 54, 48]
    );
    assert_eq!(o.standings[0].detail, "game 1 27 + game 2 27");
    assert_eq!(game.view(Viewer::Spectator).trains[2].score.total, 54);
}

#[test]
fn a_match_game_takes_twice_the_turns() {
    let mut rng = GameRng::seeded(3);
    let opts = options(true, true, CabooseChoice::Default);
    let s = Yardmaster::deal(&opts, 4, &mut rng);
    let mut game = start(opts, 4, s);
    let mut turns = 0;
    while let Some(seat) = game.current() {
        let a = game.legal(seat)[0];
        game.apply(seat, &a).expect("legal");
        turns += 1;
    }
    assert_eq!(turns, 2 * 4 * 5);
}

// ---------------------------------------------------------------------------------------------
// Setups
// ---------------------------------------------------------------------------------------------

#[test]
fn two_players_have_no_purple() {
    let mut rng = GameRng::seeded(11);
    let s = Yardmaster::deal(&base(), 2, &mut rng);
    assert_eq!(s.deck.len(), 24);
    assert!(s.deck.iter().all(|f| f.to_string().find('P').is_none()));
    let mut purple = deck(2, &[]);
    purple[0] = face("P2|P2");
    let err = Yardmaster::start(base(), 2, setup(0, purple), 0).expect_err("purple refused");
    assert!(err.0.contains("purple"), "{err}");
    // Three players use all 32 cards.
    assert_eq!(Yardmaster::deal(&base(), 3, &mut rng).deck.len(), 32);
}

#[test]
fn bad_setups_are_refused_with_a_clear_message() {
    let refuse = |o: YardmasterOptions, players: usize, s: YardmasterSetup, want: &str| {
        let err = Yardmaster::start(o, players, s, 0).expect_err(want);
        assert!(err.0.contains(want), "wanted `{want}` in `{err}`");
    };
    let full = || deck(3, &[]);
    let mut copies = full();
    copies[9] = copies[8];
    refuse(
        base(),
        3,
        setup(0, copies),
        "2 copies of B2|B3, but the game has only 1",
    );
    let mut triple = full();
    triple[2] = triple[0];
    triple[1] = triple[0];
    refuse(
        base(),
        3,
        setup(0, triple),
        "3 copies of B2|B2, but the game has only 2",
    );
    refuse(
        base(),
        3,
        setup(0, full()[..20].to_vec()),
        "the deck must hold exactly the 32 cards",
    );
    refuse(base(), 3, setup(3, full()), "start player");
    refuse(base(), 6, setup(0, full()), "2 to 5 players");
    let mut named = setup(0, full());
    named.caboose = Some("Red Caboose".into());
    refuse(
        options(false, false, CabooseChoice::All),
        3,
        named.clone(),
        "no Caboose",
    );
    named.caboose = Some("Lightweight".into());
    refuse(base(), 3, named, "`caboose` is off");
    refuse(
        options(false, false, CabooseChoice::Default),
        3,
        setup(0, full()),
        "must name",
    );
    refuse(
        options(true, false, CabooseChoice::Off),
        3,
        setup(0, full()),
        "second_deck",
    );
    let mut extra = setup(0, full());
    extra.second_deck = Some(full());
    refuse(base(), 3, extra.clone(), "`match` is off");
    extra.second_deck = Some(full()[..10].to_vec());
    refuse(
        options(true, false, CabooseChoice::Off),
        3,
        extra,
        "the second deck must hold exactly the 32 cards",
    );
    // The turn variant uses the same whole deck.
    refuse(
        options(false, true, CabooseChoice::Off),
        3,
        setup(0, full()[..31].to_vec()),
        "it lacks",
    );
}

#[test]
fn setups_are_human_writable_json_and_unknown_faces_are_refused() {
    let kind = Kind::<Yardmaster>::new();
    let opts = kind
        .parse_options(&[("caboose".into(), "all".into())])
        .expect("options");
    assert!(opts.contains("\"caboose\":\"all\"") && opts.contains("\"match\":\"off\""));
    let mut faces_json: Vec<String> = deck(2, &[]).iter().map(|f| format!("\"{f}\"")).collect();
    let good = format!(
        r#"{{"start_player": 1, "deck": [{}], "caboose": "sequence #3"}}"#,
        faces_json.join(",")
    );
    let live = kind.start(&opts, 2, &good, 0).expect("starts");
    assert_eq!(live.to_act(), ToAct::one(1));
    faces_json[0] = "\"X9|Y2\"".into();
    let bad = format!(
        r#"{{"start_player": 0, "deck": [{}]}}"#,
        faces_json.join(",")
    );
    let err = kind.start(&opts, 2, &bad, 0).err().expect("refused");
    assert!(err.0.contains("not a card"), "{err}");
}

// ---------------------------------------------------------------------------------------------
// Rulings: each game of a match has its own Caboose; strict setups
// ---------------------------------------------------------------------------------------------

/// A two-player match with a Caboose from the default pool: in game 1 seat 0 lays Y4|R4 face up and
/// seat 1 lays everything face down; in game 2 (seat 0 starts, the lowest scorer) seat 1 lays B4|G4 face
/// up and seat 0 everything face down. `cabooses` are the setup's `caboose` and `second_caboose`.
fn caboose_match(cabooses: [Option<&str>; 2]) -> YardmasterSetup {
    let game1 = with_downs(2, &[&["up Y4|R4"]]);
    let game1 = refs(&game1);
    let game2 = with_downs(2, &[&[], &["up B4|G4"]]);
    let game2 = refs(&game2);
    let mut s = setup(0, script_deck(2, 0, true, &slices(&game1)));
    s.second_deck = Some(script_deck(2, 0, false, &slices(&game2)));
    s.caboose = cabooses[0].map(str::to_string);
    s.second_caboose = cabooses[1].map(str::to_string);
    s
}

/// Plays [`caboose_match`]'s scripts to the end, checking `cabooses` are in play in games 1 and 2.
fn play_caboose_match(setup: YardmasterSetup, cabooses: [&str; 2]) -> Yardmaster {
    let game1 = with_downs(2, &[&["up Y4|R4"]]);
    let game1 = refs(&game1);
    let game2 = with_downs(2, &[&[], &["up B4|G4"]]);
    let game2 = refs(&game2);
    let mut game = start(options(true, false, CabooseChoice::Default), 2, setup);
    assert_eq!(
        game.caboose().map(|c| c.to_string()).as_deref(),
        Some(cabooses[0])
    );
    play_script(&mut game, &slices(&game1));
    assert_eq!(game.game_number(), 2);
    assert_eq!(game.start_player(), 0, "seat 0 scored lowest in game 1");
    assert_eq!(
        game.caboose().map(|c| c.to_string()).as_deref(),
        Some(cabooses[1])
    );
    play_script(&mut game, &slices(&game2));
    assert_eq!(game.to_act(), ToAct::Over);
    game
}

#[test]
fn each_game_of_a_match_plays_its_own_caboose() {
    let s = caboose_match([Some("Lightweight"), Some("Buried Alive")]);
    let mut game = start(options(true, false, CabooseChoice::Default), 2, s.clone());
    // Game 2's Caboose is not known while game 1 is played.
    for viewer in [Viewer::Spectator, Viewer::Seat(0), Viewer::Seat(1)] {
        let view = serde_json::to_string(&game.view(viewer)).unwrap();
        assert!(!view.contains("Buried Alive"), "{view}");
    }
    let game1 = with_downs(2, &[&["up Y4|R4"]]);
    let game1 = refs(&game1);
    let events = play_script(&mut game, &slices(&game1));
    // Game 1 with Lightweight: seat 0 24 + 8 = 32 (a 4 face up), seat 1 28 + 6 = 34.
    assert_eq!(game.first_game_totals(), &[32, 34]);
    assert!(
        events.iter().any(|e| e.text.contains("caboose 6")),
        "{events:?}"
    );
    assert!(
        events.contains(&Event::public(
            "Game 2's Caboose: Buried Alive (7 points: most face-down cards)."
        )),
        "{events:?}"
    );

    let game = play_caboose_match(s, ["Lightweight", "Buried Alive"]);
    // Game 2 with Buried Alive (most face-down cards): seat 0 28 + 7, seat 1 24 + 8 + 0.
    assert_eq!(caboose_points(&game), vec![7, 0]);
    let o = outcome(&game);
    assert_eq!(o.standing_of(0).unwrap().score, 32 + 35);
    assert_eq!(o.standing_of(1).unwrap().score, 34 + 32);
    assert_eq!(order(&o), vec![0, 1]);
}

#[test]
fn a_stored_match_setup_with_one_caboose_plays_it_in_both_games() {
    // Setups stored before each game had its own Caboose name one; it stands for both games.
    let s = caboose_match([Some("Lightweight"), None]);
    let stored = serde_json::to_string(&s).unwrap();
    assert!(!stored.contains("second_caboose"), "{stored}");
    let game = play_caboose_match(s, ["Lightweight", "Lightweight"]);
    // Game 2 with Lightweight: seat 0 (all face down) 28 + 6, seat 1 (B4|G4 face up) 32 + 0.
    assert_eq!(caboose_points(&game), vec![6, 0]);
    assert_eq!(outcome(&game).standing_of(0).unwrap().score, 32 + 34);
}

#[test]
fn a_dealt_match_draws_a_caboose_for_each_game_from_the_chosen_pool() {
    let opts = options(true, false, CabooseChoice::All);
    let mut differ = 0;
    for seed in 0..40 {
        let s = Yardmaster::deal(&opts, 3, &mut GameRng::seeded(seed));
        let (first, second) = (
            s.caboose.clone().unwrap(),
            s.second_caboose.clone().unwrap(),
        );
        differ += usize::from(first != second);
        let game = start(opts, 3, s);
        assert_eq!(game.caboose().unwrap().to_string(), first);
    }
    assert!(differ > 0, "the second Caboose is drawn on its own");
    let default = options(true, false, CabooseChoice::Default);
    for seed in 0..20 {
        let s = Yardmaster::deal(&default, 2, &mut GameRng::seeded(seed));
        let second = s.second_caboose.unwrap();
        assert!(
            ["Lightweight", "Executive", "Short Line", "Buried Alive"].contains(&second.as_str()),
            "{second}"
        );
    }
    // No second Caboose without a match, nor without Cabooses.
    let single = Yardmaster::deal(
        &options(false, false, CabooseChoice::All),
        3,
        &mut GameRng::seeded(1),
    );
    assert_eq!(single.second_caboose, None);
    let plain = Yardmaster::deal(
        &options(true, false, CabooseChoice::Off),
        3,
        &mut GameRng::seeded(1),
    );
    assert_eq!(plain.second_caboose, None);
}

#[test]
fn a_setup_must_hold_exactly_the_games_deck_for_its_player_count() {
    // Three players use all 32 cards: the 24-card deck lacks the purple ones.
    let err = Yardmaster::start(base(), 3, setup(0, deck(2, &[])), 0).expect_err("short deck");
    assert!(
        err.0.contains("exactly the 32 cards of a 3-player game"),
        "{err}"
    );
    assert!(
        err.0
            .contains("lacks P2|P2 ×2, P2|P3, P3|G3, P3|B3, P3|Y3, P3|R3, P4|P4"),
        "{err}"
    );
    // A card twice in place of another: one extra, one missing.
    let mut swapped = deck(3, &[]);
    let (doubled, lost) = (swapped[8], swapped[9]);
    swapped[9] = doubled;
    let err = Yardmaster::start(base(), 3, setup(0, swapped), 0).expect_err("swapped");
    assert!(
        err.0
            .contains(&format!("2 copies of {doubled}, but the game has only 1")),
        "{err}"
    );
    assert!(err.0.contains(&format!("lacks {lost}")), "{err}");
    // The same for a match's second deck.
    let mut s = setup(0, deck(3, &[]));
    s.second_deck = Some(deck(3, &[])[..31].to_vec());
    let err = Yardmaster::start(options(true, false, CabooseChoice::Off), 3, s, 0)
        .expect_err("short second deck");
    assert!(err.0.contains("the second deck must hold exactly"), "{err}");
}

#[test]
fn a_named_caboose_must_belong_to_the_chosen_pool() {
    let mut s = setup(0, deck(2, &[]));
    s.caboose = Some("Two-Timer".into());
    let err = Yardmaster::start(
        options(false, false, CabooseChoice::Default),
        2,
        s.clone(),
        0,
    )
    .expect_err("not in the default pool");
    assert!(err.0.contains("Two-Timer"), "{err}");
    assert!(
        err.0
            .contains("Lightweight, Executive, Short Line, Buried Alive"),
        "{err}"
    );
    // The same card is fine when all sixteen are in play.
    start(options(false, false, CabooseChoice::All), 2, s);
    // The second game's Caboose too.
    let mut s = caboose_match([Some("Lightweight"), Some("Sequence #2")]);
    let err = Yardmaster::start(
        options(true, false, CabooseChoice::Default),
        2,
        s.clone(),
        0,
    )
    .expect_err("second not in the default pool");
    assert!(err.0.contains("Sequence #2"), "{err}");
    // A second Caboose needs a match with Cabooses.
    s.caboose = None;
    s.second_caboose = Some("Executive".into());
    let err = Yardmaster::start(options(true, false, CabooseChoice::Off), 2, s, 0)
        .expect_err("no Cabooses");
    assert!(err.0.contains("second_caboose"), "{err}");
}

#[test]
fn unknown_fields_in_a_setup_or_options_are_refused() {
    let kind = Kind::<Yardmaster>::new();
    let opts = kind.parse_options(&[]).expect("options");
    let faces_json: Vec<String> = deck(2, &[]).iter().map(|f| format!("\"{f}\"")).collect();
    let with = |extra: &str| {
        format!(
            r#"{{"start_player": 1, "deck": [{}]{extra}}}"#,
            faces_json.join(",")
        )
    };
    assert!(kind.start(&opts, 2, &with(""), 0).is_ok());
    let err = kind
        .start(&opts, 2, &with(r#", "start_playr": 0"#), 0)
        .err()
        .expect("typo refused");
    assert!(err.0.contains("unknown field `start_playr`"), "{err}");
    let err = kind
        .start(
            r#"{"match": "off", "draw": "start", "cabose": "all"}"#,
            2,
            &with(""),
            0,
        )
        .err()
        .expect("option typo refused");
    assert!(err.0.contains("unknown field `cabose`"), "{err}");
    // Numbers are range-checked: the start player is a seat.
    let err = kind
        .start(
            &opts,
            2,
            &with("").replace("\"start_player\": 1", "\"start_player\": 2"),
            0,
        )
        .err()
        .expect("no seat 2");
    assert!(err.0.contains("from 0 to 1"), "{err}");
}

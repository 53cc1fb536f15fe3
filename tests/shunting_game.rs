//! Shunting as a game: a route card played through the object-safe adapter and through the table, as
//! Discord and the terminal use it.

use roundhouse::game::{GameRng, Participant, Viewer};
use roundhouse::games::adapter::LiveGame;
use roundhouse::games::{self, shunting::cards};
use roundhouse::store::Store;
use roundhouse::table::{Caller, Command, Place, Reply, Table, TableOptions};

const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

fn start(card: &str) -> Box<dyn LiveGame> {
    let kind = games::find("shunting").expect("shunting is registered");
    let options = kind
        .parse_options(&[("card".to_owned(), card.to_owned())])
        .unwrap();
    let setup = kind.deal(&options, 1, 9).unwrap();
    kind.start(&options, 1, &setup, 9).unwrap()
}

fn play(game: &mut Box<dyn LiveGame>, notation: &str) -> String {
    let applied = game
        .apply(0, notation)
        .unwrap_or_else(|e| panic!("{notation}: {}", e.message));
    applied
        .events
        .iter()
        .map(|e| e.text.clone())
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn a_card_played_along_its_guide_ends_solved_as_yard_master() {
    let card = cards::card(12).unwrap();
    let mut game = start("12");
    let mut last = String::new();
    for step in &card.guide {
        assert!(game.outcome().is_none());
        last = play(&mut game, &step.to_string());
    }
    assert!(last.contains("Yard Master"), "{last}");
    let outcome = game.outcome().expect("solved");
    assert_eq!(outcome.standings.len(), 1);
    assert_eq!(outcome.winning_seats(), vec![0]);
    assert_eq!(outcome.standings[0].score, card.optimum as i32);
    assert!(game.to_act().seats().is_empty());
    assert!(game.legal(0).is_empty());
    let text = game.board_text(Viewer::Seat(0), &["Alice".to_owned()]);
    assert!(text.contains("Solved in"), "{text}");
    assert!(text.contains("Guide:"), "{text}");
}

#[test]
fn the_bot_solves_a_card_in_its_optimum_even_after_a_detour() {
    let card = cards::card(3).unwrap();
    let mut game = start("3");
    // A detour: the first legal move that is not the guide's first move, then a reset.
    let detour = game
        .legal(0)
        .into_iter()
        .find(|m| m.notation != card.guide[0].to_string() && m.notation != "reset")
        .unwrap();
    play(&mut game, &detour.notation);
    // From off the guide the bot asks the solver.
    let mut rng = GameRng::seeded(1);
    let from_solver = game.bot_move(0, &mut rng);
    assert!(game.legal(0).iter().any(|m| m.notation == from_solver));
    play(&mut game, "reset");
    for _ in 0..card.optimum {
        let step = game.bot_move(0, &mut rng);
        play(&mut game, &step);
    }
    let outcome = game.outcome().expect("the bot solved it");
    assert_eq!(outcome.standings[0].score, card.optimum as i32);
}

#[test]
fn an_illegal_move_is_refused_with_the_state_unchanged() {
    let mut game = start("5");
    let before = game.state_json();
    let legal = game.legal(0);
    for bad in [
        "L1 Q9>A1 +0",
        "Red A1>A2 +0",
        "nonsense",
        "L9 A1>A2",
        "reset",
    ] {
        let error = game.apply(0, bad).unwrap_err();
        assert!(!error.message.is_empty(), "{bad}");
        assert_eq!(
            error.legal, legal,
            "{bad}: the legal moves come with the refusal"
        );
        assert_eq!(game.state_json(), before, "{bad} changed the state");
    }
    let error = game.apply(0, "reset").unwrap_err();
    assert!(error.message.contains("already"), "{}", error.message);
}

#[test]
fn a_restored_snapshot_replays_to_the_same_game() {
    let kind = games::find("shunting").unwrap();
    let mut game = start("27");
    let mut rng = GameRng::seeded(4);
    for i in 0..6 {
        let notation = if i == 3 {
            "reset".to_owned()
        } else {
            let moves: Vec<String> = game
                .legal(0)
                .into_iter()
                .map(|m| m.notation)
                .filter(|n| n != "reset")
                .collect();
            moves[i % moves.len()].clone()
        };
        play(&mut game, &notation);
        let restored = kind.restore(&game.state_json()).unwrap();
        assert_eq!(restored.state_json(), game.state_json());
        assert_eq!(restored.legal(0), game.legal(0));
        assert_eq!(
            restored.view_json(Viewer::Spectator),
            game.view_json(Viewer::Spectator)
        );
        assert_eq!(
            restored.bot_move(0, &mut rng.clone()),
            game.bot_move(0, &mut rng)
        );
    }
    let view = game.view_json(Viewer::Spectator);
    assert_eq!(view["moves"], 2, "three moves, a reset, two moves");
    assert!(view["guide"].is_null(), "no guide before the end");
}

#[test]
fn a_snapshot_with_a_refused_move_in_its_log_does_not_restore() {
    let kind = games::find("shunting").unwrap();
    let error = kind
        .restore(r#"{"card":1,"log":["L1 Z1>Z2 +0"]}"#)
        .err()
        .expect("refused");
    assert!(error.0.contains("action 1"), "{}", error.0);
    let error = kind
        .restore(r#"{"card":41,"log":[]}"#)
        .err()
        .expect("refused");
    assert!(error.0.contains("route card 41"), "{}", error.0);
}

#[test]
fn using_up_the_limit_without_solving_ends_the_game_unsolved() {
    let card = cards::card(1).unwrap();
    let mut game = start("1");
    let mut moves = 0;
    let mut last = String::new();
    while game.outcome().is_none() {
        // Never the guide's moves: shuffle a loco to and fro away from the goal.
        let legal = game.legal(0);
        let step = legal
            .iter()
            .filter(|m| m.notation != "reset")
            .find(|m| {
                let mut probe = game.clone_box();
                probe.apply(0, &m.notation).is_ok()
                    && probe.outcome().is_none_or(|o| o.winning_seats().is_empty())
            })
            .expect("a move that does not solve it")
            .notation
            .clone();
        last = play(&mut game, &step);
        moves += 1;
    }
    assert_eq!(moves, card.limit());
    assert!(last.contains("not solved"), "{last}");
    let outcome = game.outcome().unwrap();
    assert!(outcome.winning_seats().is_empty());
    let seat = outcome.standing_of(0).unwrap();
    assert_eq!(seat.place, 2);
    assert!(matches!(
        outcome.standings[0].participant,
        Participant::Automa(_)
    ));
    let refused = game.apply(0, "reset").unwrap_err();
    assert!(refused.message.contains("over"), "{}", refused.message);
}

#[test]
fn the_card_option_is_checked() {
    let kind = games::find("shunting").unwrap();
    assert_eq!(kind.seats(), 1..=1);
    let error = kind
        .parse_options(&[("card".to_owned(), "41".to_owned())])
        .unwrap_err();
    assert!(error.contains("choose one of"), "{error}");
    let default = kind.parse_options(&[]).unwrap();
    let setup = kind.deal(&default, 1, 1).unwrap();
    let game = kind.start(&default, 1, &setup, 1).unwrap();
    assert_eq!(game.view_json(Viewer::Spectator)["colour"], "green");
    assert!(
        kind.start(&default, 2, &setup, 1).is_err(),
        "one player only"
    );
    assert!(kind.rules_text().contains("Yard Master"));
}

fn place() -> Place {
    Place::channel("chan-shunt")
}

fn alice() -> Caller {
    Caller::new("u-alice", "Alice")
}

fn public_text(reply: &Reply) -> String {
    reply
        .public
        .as_ref()
        .map(|p| p.text.clone())
        .unwrap_or_default()
}

#[test]
fn a_card_at_the_table_shows_the_yard_after_every_move_and_ends_with_the_rank() {
    let dir = tempfile::tempdir().unwrap();
    let table = Table::new(
        Store::open(&dir.path().join("t.db")).unwrap(),
        TableOptions::default(),
    );
    table
        .handle(
            &place(),
            &alice(),
            Command::New {
                game: "shunting".into(),
                options: vec![("card".into(), "2".into())],
                seed: Some(1),
                sit: true,
            },
        )
        .unwrap();
    table.handle(&place(), &alice(), Command::Start).unwrap();
    let legal = table.legal_moves(&place(), &alice(), "").unwrap();
    assert!(!legal.is_empty());
    assert!(legal.iter().all(|m| !m.label.is_empty()));

    let card = cards::card(2).unwrap();
    let mut last = String::new();
    for step in &card.guide {
        let reply = table
            .handle(&place(), &alice(), Command::Move(step.to_string()))
            .unwrap();
        let post = reply.public.clone().expect("a public post");
        assert!(
            post.image
                .expect("a picture")
                .png
                .starts_with(PNG_SIGNATURE)
        );
        last = public_text(&reply);
    }
    assert!(last.contains("Yard Master"), "{last}");
    assert!(
        table.store().open_game("chan-shunt").unwrap().is_none(),
        "the game ended"
    );
}

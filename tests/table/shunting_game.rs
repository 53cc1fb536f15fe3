//! Shunting as a game: a route card played through the object-safe adapter and through the table, as
//! Discord and the terminal use it.

use roundhouse::bots::BotLevel;
use roundhouse::game::{Actor, GameRng, Viewer};
use roundhouse::games::adapter::LiveGame;
use roundhouse::games::{self, shunting::cards};
use roundhouse::store::Store;
use roundhouse::table::{Caller, Command, Place, Reply, Table, TableOptions, TypedCommands};

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
        .apply(Actor::Seat(0), notation)
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
    let from_solver = game.bot_move(0, BotLevel::Normal, &mut rng);
    assert!(game.legal(0).iter().any(|m| m.notation == from_solver));
    play(&mut game, "reset");
    for _ in 0..card.optimum {
        let step = game.bot_move(0, BotLevel::Normal, &mut rng);
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
        let error = game.apply(Actor::Seat(0), bad).unwrap_err();
        assert!(!error.message.is_empty(), "{bad}");
        assert_eq!(
            error.legal, legal,
            "{bad}: the legal moves come with the refusal"
        );
        assert_eq!(game.state_json(), before, "{bad} changed the state");
    }
    let error = game.apply(Actor::Seat(0), "reset").unwrap_err();
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
            // Spread over the moves (listed by loco, pieces, track and stop), never a dead end.
            moves[(i * 5) % moves.len()].clone()
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
            restored.bot_move(0, BotLevel::Normal, &mut rng.clone()),
            game.bot_move(0, BotLevel::Normal, &mut rng)
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
        .restore(r#"{"card":53,"log":[]}"#)
        .err()
        .expect("refused");
    assert!(error.0.contains("route card 53"), "{}", error.0);
}

/// The words of a refused move past a limit of `limit` moves.
fn past_the_limit(limit: usize) -> String {
    format!(
        "That would be move {}, past this puzzle's limit of {limit} moves: a longer route does not \
         count as solved. Undo a move or reset to start again.",
        limit + 1
    )
}

/// Card 37's loco shuttling between M2 and M3: legal every time, and never the goal (L1 must end at
/// E1).
fn shuttle(count: usize) -> Vec<String> {
    (0..count)
        .map(|i| {
            if i % 2 == 0 {
                "L1 M2>M3 +0".to_owned()
            } else {
                "L1 M3>M2 +0".to_owned()
            }
        })
        .collect()
}

fn notations(game: &dyn LiveGame) -> Vec<String> {
    game.legal(0).into_iter().map(|m| m.notation).collect()
}

#[test]
fn a_move_past_the_cards_limit_is_refused_and_reset_plays_on() {
    let card = cards::card(37).unwrap();
    assert_eq!(card.optimum, 17);
    assert_eq!(card.limit(), 26, "M = max(17 + 8, ⌈1.5 · 17⌉)");
    let mut game = start("37");
    for step in shuttle(card.limit()) {
        play(&mut game, &step);
    }
    assert!(game.outcome().is_none(), "reaching the limit ends nothing");
    assert_eq!(game.to_act().seats(), &[0]);
    assert_eq!(notations(game.as_ref()), vec!["reset"]);
    let text = game.board_text(Viewer::Seat(0), &["Alice".to_owned()]);
    assert!(
        text.contains("All 26 moves of the limit are used: undo a move or reset"),
        "{text}"
    );

    let before = game.state_json();
    for step in ["L1 M2>M3 +0", "L1 M2>E1 +0"] {
        let error = game.apply(Actor::Seat(0), step).unwrap_err();
        assert_eq!(error.message, past_the_limit(26), "{step}");
        assert_eq!(game.state_json(), before, "{step} changed the state");
    }

    play(&mut game, "reset");
    let mut last = String::new();
    for step in &card.guide {
        last = play(&mut game, &step.to_string());
    }
    assert!(last.contains("Solved in 17 moves"), "{last}");
    assert!(last.contains("Yard Master"), "{last}");
}

#[test]
fn at_the_limit_the_table_refuses_the_move_and_undo_takes_one_back() {
    let dir = tempfile::tempdir().unwrap();
    let table = Table::new(
        Store::open(&dir.path().join("t.db")).unwrap(),
        TableOptions::default(),
    );
    let new = Command::New {
        game: "shunting".into(),
        options: vec![("card".into(), "37".into())],
        seed: Some(1),
        sit: true,
    };
    table.handle(&place(), &alice(), new).unwrap();
    table.handle(&place(), &alice(), Command::Start).unwrap();
    for step in shuttle(26) {
        table
            .handle(&place(), &alice(), Command::Move(step))
            .unwrap();
    }
    let refused = table
        .handle(&place(), &alice(), Command::Move("L1 M2>M3 +0".into()))
        .unwrap_err();
    let explained = refused.explain(&TypedCommands);
    assert!(explained.contains(&past_the_limit(26)), "{explained}");
    table.handle(&place(), &alice(), Command::Undo).unwrap();
    let reply = table
        .handle(&place(), &alice(), Command::Move("L1 M3>M2 +0".into()))
        .unwrap();
    let text = public_text(&reply);
    assert!(text.contains("L1 drives from M3 to M2 alone"), "{text}");
    let board = table.handle(&place(), &alice(), Command::Board).unwrap();
    let text = public_text(&board);
    assert!(text.contains("Moves: 26 (optimum 17, limit 26)"), "{text}");
}

#[test]
fn a_stored_card_that_ended_at_its_limit_still_loads() {
    // Before moves past the limit were refused, move M ended the game unsolved. Such a log loads with
    // the count at M, and reset (or the table's undo) is the way on.
    let kind = games::find("shunting").unwrap();
    let log = shuttle(26);
    let snapshot = serde_json::json!({ "card": 37, "log": log }).to_string();
    let restored = kind.restore(&snapshot).expect("the snapshot loads");
    assert_eq!(restored.view_json(Viewer::Spectator)["moves"], 26);
    assert!(restored.outcome().is_none());
    assert_eq!(notations(restored.as_ref()), vec!["reset"]);

    // The store's other path: the setup and the move log replayed.
    let options = kind
        .parse_options(&[("card".to_owned(), "37".to_owned())])
        .unwrap();
    let setup = kind.deal(&options, 1, 3).unwrap();
    let mut replayed = kind.start(&options, 1, &setup, 3).unwrap();
    for step in &log {
        replayed.apply(Actor::Seat(0), step).unwrap();
    }
    assert_eq!(replayed.state_json(), restored.state_json());
}

#[test]
fn the_card_option_is_checked() {
    let kind = games::find("shunting").unwrap();
    assert_eq!(kind.seats(), 1..=1);
    let error = kind
        .parse_options(&[("card".to_owned(), "53".to_owned())])
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
    assert!(kind.rules_text().contains("The full Timesaver"));
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
    play_along_the_guide_at_the_table(2);
}

#[test]
fn a_timesaver_card_is_played_at_the_table_like_any_card() {
    play_along_the_guide_at_the_table(45);
}

/// Starts card `number` at a table, plays its guide and checks each post and the end.
fn play_along_the_guide_at_the_table(number: u32) {
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
                options: vec![("card".into(), number.to_string())],
                seed: Some(1),
                sit: true,
            },
        )
        .unwrap();
    table.handle(&place(), &alice(), Command::Start).unwrap();
    let legal = table.legal_moves(&place(), &alice(), "").unwrap();
    assert!(!legal.is_empty());
    assert!(legal.iter().all(|m| !m.label.is_empty()));

    let card = cards::card(i64::from(number)).unwrap();
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

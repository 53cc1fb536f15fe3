//! Games stored today replay to the same state forever. Each file under `tests/data/stored/` is a game
//! row as the store keeps it (options, seed, setup, seats, move log, snapshot), made by playing through
//! the table and the store; replaying its seed, setup and moves through the object-safe adapter must
//! give the game its snapshot holds, as every viewer sees it. The files never change: a failure here
//! means a change would break games people have stored.

use roundhouse::game::{Actor, Viewer};
use roundhouse::games::{self, adapter::LiveGame};
use serde_json::Value;

use crate::stored::{StoredGame, stored_games};

/// The game started from the stored seed and setup, before any move.
fn started(stored: &StoredGame) -> Box<dyn LiveGame> {
    games::find(&stored.kind)
        .expect("a registered game")
        .start(
            &stored.options,
            stored.seats.len(),
            &stored.setup,
            stored.seed,
        )
        .expect("the stored setup starts")
}

/// The game rebuilt from seed, setup and moves; each move must be accepted in its stored notation, from
/// the seat it is logged under or, for a step only the table takes, from the table.
fn replayed(name: &str, stored: &StoredGame) -> Box<dyn LiveGame> {
    let mut game = started(stored);
    for (index, m) in stored.moves.iter().enumerate() {
        assert_eq!(m.seq, index, "{name}: the log is in order");
        let actor = game.logged_actor(m.seat, &m.notation);
        let applied = game
            .apply(actor, &m.notation)
            .unwrap_or_else(|e| panic!("{name}: move {index} `{}`: {}", m.notation, e.message));
        assert_eq!(
            applied.notation, m.notation,
            "{name}: move {index} is canonical"
        );
    }
    game
}

#[test]
fn every_stored_game_replays_to_its_snapshot() {
    for (name, stored) in stored_games() {
        let kind = games::find(&stored.kind).unwrap();
        let restored = kind
            .restore(&stored.snapshot)
            .unwrap_or_else(|e| panic!("{name}: the snapshot restores: {e}"));
        let replayed = replayed(&name, &stored);
        assert_eq!(restored.state_json(), replayed.state_json(), "{name}");
        let viewers =
            std::iter::once(Viewer::Spectator).chain((0..stored.seats.len()).map(Viewer::Seat));
        for viewer in viewers {
            assert_eq!(
                restored.view_json(viewer),
                replayed.view_json(viewer),
                "{name}: as {viewer:?} sees it"
            );
        }
        assert_eq!(restored.outcome(), replayed.outcome(), "{name}");
        assert_eq!(
            replayed.outcome().is_some(),
            stored.status == "finished",
            "{name}: status {}",
            stored.status
        );
    }
}

#[test]
fn the_stored_games_cover_every_game_finished_games_and_a_reshuffle() {
    let stored = stored_games();
    for kind in games::REGISTRY {
        let of_kind: Vec<&StoredGame> = stored
            .iter()
            .map(|(_, game)| game)
            .filter(|game| game.kind == kind.id())
            .collect();
        assert!(
            of_kind.iter().any(|game| game.status == "finished"),
            "a finished {} game is stored",
            kind.id()
        );
        assert!(
            of_kind.iter().all(|game| game.moves.len() >= 5),
            "stored {} games have several moves",
            kind.id()
        );
    }
    // Whistlewood's own generator serves only reshuffles: where its state moved on, one happened.
    let generator = |game: &dyn LiveGame| -> Value {
        serde_json::from_str::<Value>(&game.state_json()).unwrap()["rng"].clone()
    };
    let reshuffled = stored
        .iter()
        .filter(|(_, game)| game.kind == "whistlewood")
        .filter(|(name, game)| {
            generator(started(game).as_ref()) != generator(replayed(name, game).as_ref())
        })
        .count();
    assert!(reshuffled >= 2, "{reshuffled} stored games reshuffle");
}

/// `express-deadline-ended` was stored before engines told the table's steps apart: its `deadline` is
/// logged under the seat to act and its `end` under the host, who was not to act. Read as the table's,
/// both replay; taken as those seats' own steps, they are refused now.
#[test]
fn clock_steps_stored_under_seats_replay_as_the_tables() {
    let (name, stored) = stored_games()
        .into_iter()
        .find(|(name, _)| name == "express-deadline-ended.json")
        .expect("the stored game with clock steps");
    let mut game = started(&stored);
    let mut clock_steps = Vec::new();
    for m in &stored.moves {
        let actor = game.logged_actor(m.seat, &m.notation);
        if actor == Actor::Table {
            let mut as_seat = game.clone_box();
            let refused = as_seat.apply(Actor::Seat(m.seat), &m.notation).unwrap_err();
            assert!(
                refused.message.contains("only the table takes"),
                "{name}: {}",
                refused.message
            );
            assert_eq!(
                as_seat.state_json(),
                game.state_json(),
                "{name}: refused, unchanged"
            );
            clock_steps.push((m.seat, m.notation.as_str(), game.to_act().seats().to_vec()));
        }
        game.apply(actor, &m.notation)
            .unwrap_or_else(|e| panic!("{name}: move {} `{}`: {}", m.seq, m.notation, e.message));
    }
    assert_eq!(
        clock_steps,
        [(1, "deadline", vec![1]), (0, "end", vec![1])],
        "{name}: the deadline under the seat to act, the end under the host"
    );
    assert!(game.outcome().is_some(), "{name}: the end ended the game");
}

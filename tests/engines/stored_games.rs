//! Games stored today replay to the same state forever. Each file under `tests/data/stored/` is a game
//! row as the store keeps it (options, seed, setup, seats, move log, snapshot), made by playing through
//! the table and the store; replaying its seed, setup and moves through the object-safe adapter must
//! give the game its snapshot holds, as every viewer sees it. The files never change: a failure here
//! means a change would break games people have stored.

use roundhouse::game::Viewer;
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

/// The game rebuilt from seed, setup and moves; each move must be accepted in its stored notation.
fn replayed(name: &str, stored: &StoredGame) -> Box<dyn LiveGame> {
    let mut game = started(stored);
    for (index, m) in stored.moves.iter().enumerate() {
        assert_eq!(m.seq, index, "{name}: the log is in order");
        let applied = game
            .apply(m.seat, &m.notation)
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

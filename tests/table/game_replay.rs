//! A finished game read back frame by frame (`Table::game_replay`): every frame is the game after one
//! more logged step and the last is the stored end; turns end where the seats to act change; a player's
//! own replay adds their hand and private narration, anyone else's shows only what a spectator saw;
//! and only finished games are replayed.

use roundhouse::bots::BotLevel;
use roundhouse::clock::ManualClock;
use roundhouse::game::Viewer;
use roundhouse::store::{GameRecord, Status, Store};
use roundhouse::table::{Caller, Command, GameReplay, Place, Table, TableError, TableOptions};

/// The moment the table's clock stands still at: 2026-11-28 12:00 UTC.
const T0: i64 = 1_795_867_200;

pub(crate) fn place() -> Place {
    Place::channel("chan-replay")
}

pub(crate) fn ann() -> Caller {
    Caller::new("u-ann", "Ann")
}

pub(crate) fn table(dir: &tempfile::TempDir) -> Table {
    let store =
        Store::open_with_clock(&dir.path().join("t.db"), ManualClock::at(T0).clock()).unwrap();
    Table::new(
        store,
        TableOptions {
            pictures: false,
            ..TableOptions::default()
        },
    )
}

/// Ann opens `game` without sitting, fills it with `bots` normal bots and starts it, so the bots play
/// it to its end at once; returns the finished record.
pub(crate) fn bots_play(table: &Table, game: &str, bots: usize, seed: u64) -> GameRecord {
    let new = Command::New {
        game: game.into(),
        options: Vec::new(),
        seed: Some(seed),
        sit: false,
    };
    table.handle(&place(), &ann(), new).unwrap();
    for _ in 0..bots {
        let add = Command::AddBot {
            level: BotLevel::Normal,
        };
        table.handle(&place(), &ann(), add).unwrap();
    }
    let id = table.store().open_game("chan-replay").unwrap().unwrap().id;
    table.handle(&place(), &ann(), Command::Start).unwrap();
    let record = table.store().game(id).unwrap().unwrap();
    assert_eq!(record.status, Status::Finished);
    record
}

#[test]
fn every_frame_is_the_game_after_one_more_step_and_turns_end_where_the_seats_to_act_change() {
    let dir = tempfile::tempdir().unwrap();
    let table = table(&dir);
    let record = bots_play(&table, "express", 3, 5);
    let replay = table.game_replay(&place(), &ann(), None).unwrap();
    let moves = table.store().moves(record.id).unwrap();
    assert_eq!(replay.record().id, record.id);
    assert_eq!(replay.viewer(), Viewer::Spectator);
    assert_eq!(replay.frames(), moves.len() + 1);
    assert_eq!(
        Some(replay.game(replay.last_frame()).state_json()),
        record.snapshot
    );
    assert!(replay.game(0).outcome().is_none());
    for (i, m) in moves.iter().enumerate() {
        let step = replay.step(i + 1).unwrap();
        assert_eq!(step.notation, m.notation);
        assert!(step.by_bot);
    }
    assert!(replay.step(0).is_none());
    let ends = replay.turn_ends();
    assert_eq!(ends.last(), Some(&replay.last_frame()));
    assert!(ends.windows(2).all(|w| w[0] < w[1]));
    // A turn ends with the step after which other seats owe a decision (the step to frame `f` is
    // taken by the seats owing one at frame `f - 1`).
    for (turn, &end) in ends.iter().enumerate() {
        assert_eq!(replay.turn_of(end), turn + 1);
        if end < replay.last_frame() {
            assert_ne!(
                replay.game(end - 1).to_act(),
                replay.game(end).to_act(),
                "turn {turn} ends at {end}"
            );
        }
    }
    // Inside a turn the seats to act stay the same.
    for frame in 1..replay.last_frame() {
        if !ends.contains(&frame) {
            assert_eq!(replay.game(frame - 1).to_act(), replay.game(frame).to_act());
        }
    }
}

#[test]
fn a_seats_own_replay_adds_its_hand_and_private_lines_and_a_spectators_shows_neither() {
    let dir = tempfile::tempdir().unwrap();
    let table = table(&dir);
    let record = bots_play(&table, "express", 3, 9);
    let moves = table.store().moves(record.id).unwrap();
    let public = GameReplay::read(record.clone(), &moves, Viewer::Spectator).unwrap();
    let own = GameReplay::read(record, &moves, Viewer::Seat(0)).unwrap();
    assert!(public.hand_png(1).is_none());
    assert!(own.hand_png(1).is_some());
    let mut more = 0;
    for frame in 1..=public.last_frame() {
        let seen = &public.step(frame).unwrap().said;
        let mine = &own.step(frame).unwrap().said;
        assert!(seen.iter().all(|line| mine.contains(line)));
        more += mine.len() - seen.len();
    }
    assert!(
        more > 0,
        "seat 0's own replay says nothing more than a spectator's"
    );
    let description = public.description(1);
    assert!(
        description.starts_with("Express, move 1 of "),
        "{description}"
    );
}

#[test]
fn only_finished_games_are_replayed_and_each_refusal_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let table = table(&dir);
    let none = table.game_replay(&place(), &ann(), None).err().unwrap();
    assert!(
        matches!(&none, TableError::NotAllowed(text) if text.starts_with("No game has been played to its end in this channel")),
        "{none:?}"
    );
    let unknown = table.game_replay(&place(), &ann(), Some(99)).err().unwrap();
    assert!(matches!(&unknown, TableError::NotAllowed(text) if text == "There is no game 99."));
    let new = Command::New {
        game: "yardmaster".into(),
        options: Vec::new(),
        seed: Some(1),
        sit: true,
    };
    table.handle(&place(), &ann(), new).unwrap();
    let id = table.store().open_game("chan-replay").unwrap().unwrap().id;
    let open = table.game_replay(&place(), &ann(), Some(id)).err().unwrap();
    assert!(
        matches!(&open, TableError::NotAllowed(text) if text.contains("has not been played to its end")),
        "{open:?}"
    );
}

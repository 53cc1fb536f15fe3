//! A replay frame as a front end shows it (`GameReplay::post`, `GameReplay::go`): the board picture
//! at every frame, the step's narration, "Move N of M · turn T of K", the result at the end, the
//! seat's own hand only in its own replay; steps and jumps that lead nowhere refused with a reason.

use roundhouse::game::Viewer;
use roundhouse::table::{GameReplay, ReplayGo, TableError};

use crate::game_replay::{ann, bots_play, place, table};

const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";
/// The most turns a jump offers in these tests (Discord's select menus hold 25).
const JUMPS: usize = 25;

fn refusal(error: TableError) -> String {
    match error {
        TableError::NotAllowed(text) => text,
        other => panic!("expected a refusal with a reason, got {other:?}"),
    }
}

#[test]
fn each_frame_shows_the_board_its_step_and_where_it_stands_and_the_end_shows_the_result() {
    let dir = tempfile::tempdir().unwrap();
    let table = table(&dir);
    let record = bots_play(&table, "express", 3, 5);
    let replay = table.game_replay(&place(), &ann(), None).unwrap();
    let (last, turns) = (replay.last_frame(), replay.turn_ends().len());
    let deal = replay.post(0, JUMPS).unwrap();
    assert_eq!((deal.game, deal.frame, deal.turn), (record.id, 0, 0));
    assert!(deal.board.png.starts_with(PNG_SIGNATURE));
    assert!(deal.hand.is_none(), "Ann did not play: no hand");
    let lines: Vec<&str> = deal.text.lines().collect();
    assert_eq!(
        lines[0],
        format!(
            "Replay of Express, game {} (as a spectator saw it).",
            record.id
        )
    );
    assert_eq!(lines[1], format!("Move 0 of {last} · turn 0 of {turns}"));
    assert!(lines[2].starts_with("The deal: "), "{}", deal.text);
    let step = replay.post(1, JUMPS).unwrap();
    let mover = replay.mover(1).unwrap();
    assert!(
        step.text
            .lines()
            .nth(2)
            .unwrap()
            .starts_with(&format!("{mover}: ")),
        "{}",
        step.text
    );
    assert_ne!(step.board.png, deal.board.png);
    assert!(
        step.board
            .description
            .as_deref()
            .unwrap()
            .starts_with("Express, move 1 of ")
    );
    let end = replay.post(last, JUMPS).unwrap();
    assert_eq!(end.turn, turns);
    assert!(
        end.text.contains("Game over.\n1. "),
        "the standings: {}",
        end.text
    );
    assert!(!step.text.contains("Game over."));
    let past = refusal(replay.post(last + 1, JUMPS).unwrap_err());
    assert_eq!(
        past,
        format!(
            "Game {} has moves 0 to {last}; there is no move {}.",
            record.id,
            last + 1
        )
    );
}

#[test]
fn a_seats_own_replay_shows_its_hand_and_private_lines_and_no_one_elses_does() {
    let dir = tempfile::tempdir().unwrap();
    let table = table(&dir);
    let record = bots_play(&table, "express", 3, 9);
    let moves = table.store().moves(record.id).unwrap();
    let own = GameReplay::read(record.clone(), &moves, Viewer::Seat(0)).unwrap();
    let public = GameReplay::read(record, &moves, Viewer::Spectator).unwrap();
    let mut more = 0;
    for frame in 0..=own.last_frame() {
        let mine = own.post(frame, JUMPS).unwrap();
        let seen = public.post(frame, JUMPS).unwrap();
        assert!(seen.hand.is_none(), "a spectator never sees a hand");
        assert_eq!(
            mine.board.png, seen.board.png,
            "the board is the spectator's"
        );
        if frame == 1 {
            let hand = mine.hand.as_ref().expect("seat 0 holds cards after move 1");
            assert!(hand.png.starts_with(PNG_SIGNATURE));
            assert!(hand.file_name.ends_with("-hand.png"));
            assert!(mine.text.starts_with("Replay of Express, game "));
            assert!(mine.text.contains("(your own replay: your hand is shown"));
        }
        more += usize::from(mine.text.len() > seen.text.len());
    }
    assert!(more > 0, "seat 0's own replay tells nothing more");
}

#[test]
fn steps_and_jumps_lead_where_asked_or_are_refused_with_what_would_do() {
    let dir = tempfile::tempdir().unwrap();
    let table = table(&dir);
    let record = bots_play(&table, "express", 3, 3);
    let replay = table.game_replay(&place(), &ann(), None).unwrap();
    let (last, turns) = (replay.last_frame(), replay.turn_ends().len());
    assert!(turns > JUMPS, "a long game: {turns} turns");
    assert_eq!(replay.go(7, ReplayGo::First).unwrap(), 0);
    assert_eq!(replay.go(7, ReplayGo::Back).unwrap(), 6);
    assert_eq!(replay.go(7, ReplayGo::Forward).unwrap(), 8);
    assert_eq!(replay.go(7, ReplayGo::Last).unwrap(), last);
    assert_eq!(replay.go(0, ReplayGo::Turn(1)).unwrap(), 1);
    for turn in 2..=turns {
        let frame = replay.go(0, ReplayGo::Turn(turn)).unwrap();
        assert_eq!(frame, replay.turn_ends()[turn - 2] + 1);
        assert_eq!(replay.turn_of(frame), turn);
        assert_eq!(replay.post(frame, JUMPS).unwrap().turn, turn);
    }
    assert_eq!(
        refusal(replay.go(0, ReplayGo::Back).unwrap_err()),
        "This is the deal already; nothing comes before it."
    );
    assert_eq!(
        refusal(replay.go(last, ReplayGo::Forward).unwrap_err()),
        "This is the end of the game already; nothing comes after it."
    );
    for turn in [0, turns + 1] {
        assert_eq!(
            refusal(replay.go(0, ReplayGo::Turn(turn)).unwrap_err()),
            format!(
                "Game {} has turns 1 to {turns}; there is no turn {turn}.",
                record.id
            )
        );
    }
    assert_eq!(
        refusal(replay.go(last + 1, ReplayGo::First).unwrap_err()),
        format!(
            "Game {} has moves 0 to {last}; there is no move {} to step from.",
            record.id,
            last + 1
        )
    );
    let middle = replay.go(0, ReplayGo::Turn(turns / 2)).unwrap();
    let marks = replay.post(middle, JUMPS).unwrap().jumps;
    assert_eq!(marks.len(), JUMPS);
    assert_eq!(marks[0].turn, 1);
    assert_eq!(marks[JUMPS - 1].turn, turns);
    assert!(marks.iter().any(|m| m.turn == turns / 2));
    for mark in &marks {
        assert_eq!(replay.turn_of(mark.frame), mark.turn);
        assert_eq!(replay.go(0, ReplayGo::Turn(mark.turn)).unwrap(), mark.frame);
        assert!(!mark.movers.is_empty());
    }
}

#[test]
fn every_game_has_a_post_at_its_deal_its_middle_and_its_end() {
    for (game, bots, seed) in [
        ("yardmaster", 2, 11),
        ("whistlewood", 1, 12),
        ("coal_train", 3, 13),
        ("shunting", 1, 14),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let table = table(&dir);
        let record = bots_play(&table, game, bots, seed);
        let replay = table
            .game_replay(&place(), &ann(), Some(record.id))
            .unwrap();
        let last = replay.last_frame();
        assert!(last > 0, "{game}: the bots played");
        for frame in [0, last / 2, last] {
            let post = replay.post(frame, JUMPS).unwrap();
            assert!(post.board.png.starts_with(PNG_SIGNATURE), "{game}");
            assert!(post.hand.is_none(), "{game}: Ann did not play");
            assert!(
                post.text
                    .contains(&format!("Move {frame} of {last} · turn {} of ", post.turn)),
                "{game}: {}",
                post.text
            );
        }
        assert!(
            replay
                .post(last, JUMPS)
                .unwrap()
                .text
                .contains("Game over."),
            "{game}"
        );
    }
}

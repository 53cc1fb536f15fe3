//! The table layer end to end over a file database: lobby, turns, bots, privacy, undo, resign, abort,
//! bad input, restarts and concurrent commands.

use roundhouse::bots::BotLevel;
use std::path::Path;
use std::sync::{Arc, Barrier};
use std::thread;

use roundhouse::game::Actor;
use roundhouse::store::{Status, Store};
use roundhouse::table::{
    Caller, Command, Place, Reply, Table, TableError, TableOptions, TypedCommands, VoteKind, VoteOn,
};

const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

fn table_at(path: &Path) -> Table {
    Table::new(Store::open(path).unwrap(), TableOptions::default())
}

fn alice() -> Caller {
    Caller::new("u-alice", "Alice")
}
fn bob() -> Caller {
    Caller::new("u-bob", "Bob")
}
fn carol() -> Caller {
    Caller::new("u-carol", "Carol")
}

/// A member who manages the channel and plays in no game.
fn moderator() -> Caller {
    Caller {
        manages_channel: true,
        ..Caller::new("u-mod", "Mod")
    }
}

/// An answer to the pending undo.
fn undo_vote(agree: bool) -> Command {
    Command::Vote {
        on: VoteOn::Pending(VoteKind::Undo),
        agree,
    }
}

fn place() -> Place {
    Place::channel("chan-1")
}

fn new_game(options: &[(&str, &str)], seed: u64) -> Command {
    Command::New {
        game: "yardmaster".into(),
        options: options
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect(),
        seed: Some(seed),
        sit: true,
    }
}

/// Opens a game for `people` (Alice first) plus `bots`, and starts it.
fn started(
    table: &Table,
    people: &[Caller],
    bots: usize,
    options: &[(&str, &str)],
    seed: u64,
) -> Reply {
    table
        .handle(&place(), &people[0], new_game(options, seed))
        .unwrap();
    for p in &people[1..] {
        table.handle(&place(), p, Command::Join).unwrap();
    }
    for _ in 0..bots {
        table
            .handle(
                &place(),
                &people[0],
                Command::AddBot {
                    level: BotLevel::Normal,
                },
            )
            .unwrap();
    }
    table.handle(&place(), &people[0], Command::Start).unwrap()
}

fn caller_for(user: &str) -> Caller {
    [alice(), bob(), carol()]
        .into_iter()
        .find(|c| c.user_id == user)
        .expect("a known person")
}

/// The person who must act now.
fn to_act(table: &Table) -> Caller {
    let people = table.people_to_act(&place()).unwrap();
    assert_eq!(people.len(), 1, "one person acts at a time in Yardmaster");
    caller_for(&people[0])
}

/// Makes the first legal move of whoever must act; returns who moved and the reply.
fn play_one(table: &Table) -> (Caller, Reply) {
    let who = to_act(table);
    let legal = table.legal_moves(&place(), &who, "").unwrap();
    assert!(!legal.is_empty());
    let reply = table
        .handle(&place(), &who, Command::Move(legal[0].notation.clone()))
        .unwrap();
    (who, reply)
}

fn version(table: &Table) -> i64 {
    table.store().open_game("chan-1").unwrap().unwrap().version
}

#[test]
fn a_whole_game_with_two_people_and_a_bot_scores_and_frees_the_channel() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("t.db"));
    let opening = started(&table, &[alice(), bob()], 1, &[], 7);
    let post = opening.public.unwrap();
    assert!(
        post.text.contains("started Yardmaster Express"),
        "{}",
        post.text
    );
    assert!(post.image.unwrap().png.starts_with(PNG_SIGNATURE));
    assert!(
        !post.mentions.is_empty(),
        "the first person to act is pinged"
    );

    let id = table.store().open_game("chan-1").unwrap().unwrap().id;
    let mut last = None;
    for _ in 0..100 {
        if table.store().open_game("chan-1").unwrap().is_none() {
            break;
        }
        let (_, reply) = play_one(&table);
        let public = reply.public.expect("every move is announced");
        assert!(public.image.is_some(), "every move comes with a picture");
        last = Some(public);
    }
    let last = last.unwrap();
    assert!(last.text.contains("Game over."), "{}", last.text);
    assert!(last.text.contains("Winner:"), "{}", last.text);
    assert!(last.mentions.is_empty());

    let record = table.store().game(id).unwrap().unwrap();
    assert_eq!(record.status, Status::Finished);
    // 3 players: 6 rounds of 3 turns.
    assert_eq!(table.store().moves(id).unwrap().len(), 18);
    let results = table.store().results(id).unwrap();
    let places: Vec<u32> = results.iter().map(|r| r.place).collect();
    assert_eq!(places, [1, 2, 3]);
    assert!(results.windows(2).all(|w| w[0].score >= w[1].score));
    // The channel is free again.
    table.handle(&place(), &bob(), new_game(&[], 8)).unwrap();
}

#[test]
fn a_caller_with_a_new_name_is_called_by_it_from_their_next_command_on() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("t.db"));
    table.handle(&place(), &alice(), new_game(&[], 3)).unwrap();
    table.handle(&place(), &bob(), Command::Join).unwrap();
    let robert = Caller::new("u-bob", "Robert");
    table.handle(&place(), &robert, Command::Start).unwrap();
    let names = |table: &Table| -> Vec<String> {
        let record = table.store().open_game("chan-1").unwrap().unwrap();
        record.seats.iter().map(|s| s.name.clone()).collect()
    };
    assert_eq!(names(&table), ["Alice", "Robert"]);
    let bobby = Caller::new("u-bob", "Bobby");
    let board = table.handle(&place(), &bobby, Command::Board).unwrap();
    let text = board
        .public
        .expect("the board is shown to the channel")
        .text;
    assert!(text.contains("Bobby") && !text.contains("Robert"), "{text}");
    assert_eq!(names(&table), ["Alice", "Bobby"]);
    // A command refused after the game is read still renames; other seats keep their names.
    let err = table.handle(&place(), &Caller::new("u-alice", "Al"), Command::Join);
    assert!(err.is_err());
    assert_eq!(names(&table), ["Al", "Bobby"]);
}

#[test]
fn bad_input_gets_a_clear_error_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("t.db"));
    let err = table
        .handle(&place(), &alice(), Command::Board)
        .unwrap_err();
    assert!(matches!(err, TableError::NoGame { .. }));
    assert!(err.to_string().contains("yardmaster"), "{err}");
    let err = table
        .handle(
            &place(),
            &alice(),
            Command::New {
                game: "chess".into(),
                options: vec![],
                seed: None,
                sit: true,
            },
        )
        .unwrap_err();
    assert!(matches!(err, TableError::UnknownGame { .. }), "{err}");
    let err = table
        .handle(&place(), &alice(), new_game(&[("caboose", "maybe")], 1))
        .unwrap_err();
    assert!(err.to_string().contains("off, default, all"), "{err}");
    assert!(table.store().open_game("chan-1").unwrap().is_none());

    table.handle(&place(), &alice(), new_game(&[], 1)).unwrap();
    let v = version(&table);
    assert_eq!(
        table.handle(&place(), &alice(), Command::Join).unwrap_err(),
        TableError::AlreadyJoined
    );
    let err = table
        .handle(&place(), &alice(), Command::Start)
        .unwrap_err();
    assert!(
        matches!(err, TableError::WrongPlayerCount { have: 1, .. }),
        "{err}"
    );
    let err = table
        .handle(&place(), &alice(), Command::Move("up Y2|Y3".into()))
        .unwrap_err();
    assert_eq!(err, TableError::NotStarted);
    let err = table
        .handle(&place(), &bob(), new_game(&[], 2))
        .unwrap_err();
    assert!(matches!(err, TableError::ChannelBusy { .. }), "{err}");
    assert_eq!(version(&table), v);

    for _ in 0..4 {
        table
            .handle(
                &place(),
                &alice(),
                Command::AddBot {
                    level: BotLevel::Normal,
                },
            )
            .unwrap();
    }
    let v = version(&table);
    let err = table.handle(&place(), &bob(), Command::Join).unwrap_err();
    assert!(matches!(err, TableError::GameFull { max: 5, .. }), "{err}");
    let err = table
        .handle(
            &place(),
            &alice(),
            Command::AddBot {
                level: BotLevel::Normal,
            },
        )
        .unwrap_err();
    assert!(matches!(err, TableError::GameFull { .. }));
    assert_eq!(version(&table), v);
}

#[test]
fn illegal_moves_wrong_players_and_outsiders_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("t.db"));
    started(&table, &[alice(), bob()], 0, &[], 3);
    let mover = to_act(&table);
    let other = if mover.user_id == "u-alice" {
        bob()
    } else {
        alice()
    };
    let v = version(&table);
    let log_len = |t: &Table| {
        let id = t.store().open_game("chan-1").unwrap().unwrap().id;
        t.store().moves(id).unwrap().len()
    };

    let err = table
        .handle(&place(), &mover, Command::Move("fly to the moon".into()))
        .unwrap_err();
    let TableError::IllegalMove { legal, .. } = &err else {
        panic!("{err:?}")
    };
    assert!(!legal.is_empty(), "the error lists legal moves");
    assert!(err.explain(&TypedCommands).contains(&legal[0].notation));

    let err = table
        .handle(&place(), &other, Command::Move("down Y2|Y2".into()))
        .unwrap_err();
    let TableError::NotYourTurn { waiting_for } = err else {
        panic!("{err:?}")
    };
    assert_eq!(waiting_for, mover.name);

    let err = table
        .handle(&place(), &carol(), Command::Move("down Y2|Y2".into()))
        .unwrap_err();
    assert!(matches!(err, TableError::NotAPlayer { .. }));
    let err = table.handle(&place(), &carol(), Command::Join).unwrap_err();
    assert!(matches!(err, TableError::AlreadyStarted { .. }));
    assert_eq!(version(&table), v);
    assert_eq!(log_len(&table), 0);

    // After the game is over, a move finds no game.
    table
        .handle(&place(), &moderator(), Command::Abort)
        .unwrap();
    let err = table
        .handle(&place(), &mover, Command::Move("down Y2|Y2".into()))
        .unwrap_err();
    assert!(matches!(err, TableError::NoGame { .. }));
}

#[test]
fn hands_are_private_and_history_keeps_face_down_cards_hidden() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("t.db"));
    started(&table, &[alice(), bob()], 0, &[], 11);
    let mover = to_act(&table);
    let other = if mover.user_id == "u-alice" {
        bob()
    } else {
        alice()
    };

    let hand = table.handle(&place(), &mover, Command::Hand).unwrap();
    assert!(
        hand.public.is_none(),
        "a hand is never posted to the channel"
    );
    let private = hand.private.unwrap();
    assert!(private.image.unwrap().png.starts_with(PNG_SIGNATURE));
    let idle = table.handle(&place(), &other, Command::Hand).unwrap();
    assert!(idle.private.unwrap().text.contains("hold no cards"));

    let down = table
        .legal_moves(&place(), &mover, "down")
        .unwrap()
        .into_iter()
        .find(|m| m.notation.starts_with("down"))
        .unwrap();
    let face = down.notation.trim_start_matches("down ").to_owned();
    let reply = table
        .handle(&place(), &mover, Command::Move(down.notation.clone()))
        .unwrap();
    let public = reply.public.unwrap();
    assert!(
        !public.text.contains(&face),
        "the turn message hides the face: {}",
        public.text
    );

    let theirs = table.handle(&place(), &other, Command::History).unwrap();
    let text = theirs.private.unwrap().text;
    assert!(text.contains("1."), "{text}");
    assert!(
        !text.contains(&face),
        "history shows another player's face-down card: {text}"
    );
    let board = table.handle(&place(), &other, Command::Board).unwrap();
    assert!(!board.public.unwrap().text.contains(&face));
}

#[test]
fn undo_needs_every_other_person_and_a_refusal_keeps_the_move() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("t.db"));
    started(&table, &[alice(), bob()], 0, &[], 5);
    let (first, _) = play_one(&table);
    let second = to_act(&table);
    assert_ne!(first, second);
    let id = table.store().open_game("chan-1").unwrap().unwrap().id;

    let ask = table
        .handle(&place(), &first, Command::Undo)
        .unwrap()
        .public
        .unwrap();
    assert_eq!(ask.mentions, vec![second.user_id.clone()]);
    let err = table.handle(&place(), &first, undo_vote(true)).unwrap_err();
    assert!(matches!(err, TableError::NoVote(_)));
    let err = table.handle(&place(), &first, Command::Undo).unwrap_err();
    assert!(err.to_string().contains("already waiting"), "{err}");
    table.handle(&place(), &second, undo_vote(false)).unwrap();
    assert_eq!(
        table.store().moves(id).unwrap().len(),
        1,
        "a refusal keeps the move"
    );
    let err = table
        .handle(&place(), &second, undo_vote(true))
        .unwrap_err();
    assert!(matches!(err, TableError::NoVote(_)), "the request is gone");

    table.handle(&place(), &first, Command::Undo).unwrap();
    let done = table.handle(&place(), &second, undo_vote(true)).unwrap();
    assert!(done.public.unwrap().text.contains("taken back"));
    assert_eq!(table.store().moves(id).unwrap().len(), 0);
    assert_eq!(to_act(&table), first, "the undoer moves again");

    // Once the other person has moved, the first move can no longer be taken back.
    play_one(&table);
    play_one(&table);
    let err = table.handle(&place(), &first, Command::Undo).unwrap_err();
    assert!(err.to_string().contains("has moved since"), "{err}");
}

#[test]
fn a_pending_undo_dies_when_the_game_moves_on() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("t.db"));
    started(&table, &[alice(), bob()], 0, &[], 9);
    let (first, _) = play_one(&table);
    table.handle(&place(), &first, Command::Undo).unwrap();
    let (second, _) = play_one(&table);
    let err = table
        .handle(&place(), &second, undo_vote(true))
        .unwrap_err();
    assert!(matches!(err, TableError::NoVote(_)), "{err}");
}

#[test]
fn undo_never_crosses_a_card_the_undoer_has_seen() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("t.db"));
    // Against a bot in the base game, the bot's answer makes Alice draw: she has seen a new card.
    started(&table, &[alice()], 1, &[], 4);
    assert_eq!(to_act(&table), alice(), "the bot plays at once");
    play_one(&table);
    let err = table.handle(&place(), &alice(), Command::Undo).unwrap_err();
    assert!(err.to_string().contains("hidden"), "{err}");
    table.handle(&place(), &alice(), Command::Abort).unwrap();

    // In the turn variant the mover draws right after her own move.
    started(&table, &[alice(), bob()], 0, &[("draw", "end")], 4);
    let (first, _) = play_one(&table);
    let err = table.handle(&place(), &first, Command::Undo).unwrap_err();
    assert!(err.to_string().contains("hidden"), "{err}");
}

#[test]
fn resigning_hands_the_seat_to_a_bot_or_ends_a_two_player_game() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("t.db"));
    started(&table, &[alice(), bob(), carol()], 0, &[], 21);
    table.handle(&place(), &carol(), Command::Resign).unwrap();
    let err = table.handle(&place(), &carol(), Command::Hand).unwrap_err();
    assert_eq!(err, TableError::Resigned);
    // The game goes on with people only ever asked to move; Carol's seat plays itself.
    let id = table.store().open_game("chan-1").unwrap().unwrap().id;
    while table.store().open_game("chan-1").unwrap().is_some() {
        let (who, _) = play_one(&table);
        assert_ne!(who, carol());
    }
    let results = table.store().results(id).unwrap();
    let last = results.last().unwrap();
    assert_eq!(
        (last.name.as_str(), last.place, last.resigned),
        ("Carol", 3, true)
    );

    started(&table, &[alice(), bob()], 0, &[], 22);
    let id = table.store().open_game("chan-1").unwrap().unwrap().id;
    let reply = table.handle(&place(), &bob(), Command::Resign).unwrap();
    assert!(reply.public.unwrap().text.contains("Alice wins"));
    let record = table.store().game(id).unwrap().unwrap();
    assert_eq!(record.status, Status::Finished);
    let results = table.store().results(id).unwrap();
    assert_eq!(results.iter().find(|r| r.name == "Alice").unwrap().place, 1);
    assert_eq!(results.iter().find(|r| r.name == "Bob").unwrap().place, 2);
}

#[test]
fn abort_by_an_outsider_is_refused_and_by_a_channel_manager_is_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("t.db"));
    started(&table, &[alice(), bob()], 0, &[], 2);
    let err = table
        .handle(&place(), &carol(), Command::Abort)
        .unwrap_err();
    assert!(matches!(err, TableError::NotAllowed(_)));
    assert!(table.store().open_game("chan-1").unwrap().is_some());
    let manager = Caller {
        manages_channel: true,
        ..carol()
    };
    table.handle(&place(), &manager, Command::Abort).unwrap();
    assert!(table.store().open_game("chan-1").unwrap().is_none());
}

#[test]
fn a_game_continues_after_the_database_is_reopened() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.db");
    let id = {
        let table = table_at(&path);
        started(&table, &[alice(), bob()], 0, &[("match", "on")], 31);
        for _ in 0..5 {
            play_one(&table);
        }
        table.store().open_game("chan-1").unwrap().unwrap().id
    };
    let table = table_at(&path);
    assert_eq!(table.store().moves(id).unwrap().len(), 5);
    while table.store().open_game("chan-1").unwrap().is_some() {
        play_one(&table);
    }
    // A match of two 2-player games: 2 × 7 rounds × 2 seats.
    assert_eq!(table.store().moves(id).unwrap().len(), 28);
    assert_eq!(
        table.store().game(id).unwrap().unwrap().status,
        Status::Finished
    );
}

#[test]
fn two_moves_at_the_same_instant_in_one_channel_apply_exactly_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.db");
    let setup = table_at(&path);
    started(&setup, &[alice(), bob()], 0, &[], 13);
    let mover = to_act(&setup);
    let legal = setup.legal_moves(&place(), &mover, "").unwrap();
    let id = setup.store().open_game("chan-1").unwrap().unwrap().id;
    drop(setup);

    // Two bot processes (two tables, two connections) on one database, and two threads on one table.
    let shared = Arc::new(table_at(&path));
    let tables = [
        Arc::new(table_at(&path)),
        Arc::new(table_at(&path)),
        shared.clone(),
        shared,
    ];
    let barrier = Arc::new(Barrier::new(tables.len()));
    let racers: Vec<_> = tables
        .into_iter()
        .enumerate()
        .map(|(i, table)| {
            let (barrier, mover) = (barrier.clone(), mover.clone());
            let notation = legal[i % legal.len()].notation.clone();
            thread::spawn(move || {
                barrier.wait();
                table.handle(&place(), &mover, Command::Move(notation))
            })
        })
        .collect();
    let outcomes: Vec<_> = racers.into_iter().map(|r| r.join().unwrap()).collect();
    let applied = outcomes.iter().filter(|o| o.is_ok()).count();
    assert_eq!(applied, 1, "{outcomes:?}");
    for refused in outcomes.iter().filter_map(|o| o.as_ref().err()) {
        assert!(
            matches!(
                refused,
                TableError::Conflict | TableError::NotYourTurn { .. }
            ),
            "a clear answer, not {refused:?}"
        );
    }
    assert_eq!(table_at(&path).store().moves(id).unwrap().len(), 1);
}

#[test]
fn a_game_of_bots_only_plays_itself_on_start() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("t.db"));
    let organiser = Caller::new("host", "Host");
    table
        .handle(
            &place(),
            &organiser,
            Command::New {
                game: "yardmaster".into(),
                options: vec![("caboose".into(), "all".into())],
                seed: Some(99),
                sit: false,
            },
        )
        .unwrap();
    for _ in 0..4 {
        table
            .handle(
                &place(),
                &organiser,
                Command::AddBot {
                    level: BotLevel::Normal,
                },
            )
            .unwrap();
    }
    let reply = table.handle(&place(), &organiser, Command::Start).unwrap();
    assert!(reply.public.unwrap().text.contains("Winner:"));
    assert!(table.store().open_game("chan-1").unwrap().is_none());
}

#[test]
fn replaying_the_stored_log_gives_the_stored_snapshot() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("t.db"));
    started(
        &table,
        &[alice(), bob()],
        1,
        &[("caboose", "all"), ("draw", "end")],
        17,
    );
    for _ in 0..6 {
        play_one(&table);
    }
    let record = table.store().open_game("chan-1").unwrap().unwrap();
    let kind = roundhouse::games::find(&record.kind).unwrap();
    let mut game = kind
        .start(
            &record.options,
            record.seats.len(),
            record.setup.as_deref().unwrap(),
            record.seed,
        )
        .unwrap();
    let log = table.store().moves(record.id).unwrap();
    assert!(log.iter().any(|m| m.by_bot) && log.iter().any(|m| !m.by_bot));
    for m in &log {
        game.apply(Actor::Seat(m.seat), &m.notation).unwrap();
    }
    assert_eq!(Some(game.state_json()), record.snapshot);
}

#[test]
fn a_long_history_shows_the_newest_moves_within_one_message() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir.path().join("t.db"));
    started(&table, &[alice(), bob()], 3, &[("match", "on")], 8);
    let id = table.store().open_game("chan-1").unwrap().unwrap().id;
    while table.store().moves(id).unwrap().len() < 35 {
        play_one(&table);
    }
    let count = table.store().moves(id).unwrap().len();
    let text = table
        .handle(&place(), &alice(), Command::History)
        .unwrap()
        .private
        .unwrap()
        .text;
    assert!(
        text.chars().count() <= 2000,
        "{} characters",
        text.chars().count()
    );
    assert!(text.starts_with("The last "), "{text}");
    assert!(
        text.contains(&format!("\n{count}. ")),
        "the newest move is shown: {text}"
    );
}

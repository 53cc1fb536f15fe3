//! Express at the table, where time lives: the target of a Disaster who does not answer is pinged,
//! reminded and, after `block_timeout_hours`, blocked for by the table; after `deadline_hours` no new hand
//! starts, and the host or a member who manages the channel may end the game now (`end-now`), the hand
//! as it stands; such a game, exported, replays to the same end with the table's steps. Games are
//! played through the table with a manual clock; the moves that lead to a Disaster or to the end of a
//! hand are found first on a copy of the same deal.

use std::path::Path;

use roundhouse::clock::ManualClock;
use roundhouse::game::Actor;
use roundhouse::games::{self, adapter::LiveGame};
use roundhouse::replay::{self, export::export_game};
use roundhouse::rng::GameRng;
use roundhouse::store::{GameRecord, Status, Store};
use roundhouse::table::{Caller, Command, Place, ReminderPolicy, Table, TableError, TableOptions};
use serde_json::Value;

const HOUR: i64 = 3600;

/// The moment the tables' clock starts at: 2026-11-21 12:00 UTC.
const T0: i64 = 1_795_262_400;

/// The most moves a deal is played for in the search for a position.
const SEARCH_MOVES: usize = 250;

/// Moves found for a deal: who plays each, in notation.
type Script = Vec<(usize, String)>;

struct Game {
    table: Table,
    id: i64,
    clock: ManualClock,
    seed: u64,
    options: Vec<(String, String)>,
}

fn person(id: &str) -> Caller {
    Caller::new(id, id.to_uppercase())
}

fn manager(id: &str) -> Caller {
    Caller {
        manages_channel: true,
        ..person(id)
    }
}

/// Ann (the host, seat 1) and Ben (seat 2).
const PLAYERS: [&str; 2] = ["ann", "ben"];

fn place() -> Place {
    Place {
        channel: "chan".into(),
        guild: Some("guild-1".into()),
    }
}

fn choices(options: &[(&str, &str)]) -> Vec<(String, String)> {
    options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// A two-player Express game started at `T0` with these options; reminders after 4 h.
fn start(path: &Path, seed: u64, options: &[(&str, &str)]) -> Game {
    let clock = ManualClock::at(T0);
    let store = Store::open_with_clock(path, clock.clock()).unwrap();
    let table = Table::new(
        store,
        TableOptions {
            pictures: false,
            reminders: ReminderPolicy {
                schedule_secs: vec![4 * HOUR],
                absent_after_secs: 72 * HOUR,
                abandon_after_secs: 168 * HOUR,
                lobby_expire_secs: 48 * HOUR,
            },
            ..TableOptions::default()
        },
    );
    let options = choices(options);
    let new = Command::New {
        game: "express".into(),
        options: options.clone(),
        seed: Some(seed),
        sit: true,
    };
    table.handle(&place(), &person("ann"), new).unwrap();
    table
        .handle(&place(), &person("ben"), Command::Join)
        .unwrap();
    table
        .handle(&place(), &person("ann"), Command::Start)
        .unwrap();
    let id = table.store().open_game("chan").unwrap().unwrap().id;
    Game {
        table,
        id,
        clock,
        seed,
        options,
    }
}

/// The game the table plays for this seed and these options, dealt and started the way the table does.
fn same_deal(seed: u64, options: &[(String, String)]) -> Box<dyn LiveGame> {
    let kind = games::find("express").unwrap();
    let options = kind.parse_options(options).unwrap();
    let setup = kind.deal(&options, 2, seed).unwrap();
    kind.start(&options, 2, &setup, seed).unwrap()
}

fn phase(game: &dyn LiveGame) -> Value {
    game.view_json(roundhouse::game::Viewer::Spectator)["phase"].clone()
}

fn hand_number(game: &dyn LiveGame) -> u64 {
    game.view_json(roundhouse::game::Viewer::Spectator)["hand_number"]
        .as_u64()
        .unwrap()
}

/// A plausible step for the seat to act: melds before discards, Way Cars kept in hand, and a Disaster
/// on a target who holds the Way Car to block it whenever there is one (when `disaster` is asked for).
fn next_step(game: &dyn LiveGame, seat: usize, rng: &mut GameRng, disaster: bool) -> String {
    let legal: Vec<String> = game.legal(seat).into_iter().map(|m| m.notation).collect();
    if disaster {
        for notation in legal.iter().filter(|n| n.split(' ').count() > 2) {
            let mut trial = game.clone_box();
            // Every target is asked; one that holds the Way Car may also block.
            let holder = |trial: &dyn LiveGame| {
                trial
                    .to_act()
                    .seats()
                    .iter()
                    .any(|&target| trial.legal(target).iter().any(|m| m.notation == "block"))
            };
            if trial.apply(Actor::Seat(seat), notation).is_ok()
                && phase(trial.as_ref()).get("block").is_some()
                && holder(trial.as_ref())
            {
                return notation.clone();
            }
        }
    }
    let wanted = |prefix: &str| -> Vec<&String> {
        legal
            .iter()
            .filter(|n| n.starts_with(prefix) && n.split(' ').count() <= 3)
            .collect()
    };
    for prefix in ["draw", "start", "add", "discard", "allow", "redraw"] {
        let found = wanted(prefix);
        if !found.is_empty() {
            return found[rng.index(found.len())].clone();
        }
    }
    legal[0].clone()
}

/// The moves from the start of this deal until `done` holds, or None if it does not within
/// [`SEARCH_MOVES`] (searching on is slow where a faster deal is a seed away).
fn script(
    seed: u64,
    options: &[(String, String)],
    disaster: bool,
    done: impl Fn(&dyn LiveGame) -> bool,
) -> Option<(Script, Box<dyn LiveGame>)> {
    let mut game = same_deal(seed, options);
    let mut rng = GameRng::seeded(seed);
    let mut moves = Script::new();
    for _ in 0..SEARCH_MOVES {
        if done(game.as_ref()) {
            return Some((moves, game));
        }
        let seat = *game.to_act().seats().first()?;
        let step = next_step(game.as_ref(), seat, &mut rng, disaster);
        game.apply(Actor::Seat(seat), &step).unwrap();
        moves.push((seat, step));
    }
    None
}

/// The first seed whose deal reaches `done` (with these options), and its moves.
fn find(
    options: &[(&str, &str)],
    disaster: bool,
    done: impl Fn(&dyn LiveGame) -> bool,
) -> (u64, Script, Box<dyn LiveGame>) {
    let options = choices(options);
    (1..200)
        .find_map(|seed| script(seed, &options, disaster, &done).map(|(s, g)| (seed, s, g)))
        .expect("some deal reaches the position")
}

fn play(game: &Game, moves: &[(usize, String)]) -> roundhouse::table::Reply {
    let mut last = None;
    for (seat, notation) in moves {
        let reply = game
            .table
            .handle(
                &place(),
                &person(PLAYERS[*seat]),
                Command::Move(notation.clone()),
            )
            .unwrap_or_else(|e| panic!("{notation} by seat {seat}: {e}"));
        last = Some(reply);
    }
    last.expect("at least one move")
}

fn record(game: &Game) -> GameRecord {
    game.table.store().game(game.id).unwrap().unwrap()
}

fn live(game: &Game) -> Box<dyn LiveGame> {
    let record = record(game);
    games::find("express")
        .unwrap()
        .restore(record.snapshot.as_deref().unwrap())
        .unwrap()
}

/// The stored log replayed from the deal reaches the stored snapshot.
fn assert_log_replays(game: &Game) {
    let record = record(game);
    let mut replayed = same_deal(game.seed, &game.options);
    for m in game.table.store().moves(record.id).unwrap() {
        let actor = replayed.logged_actor(m.seat, &m.notation);
        replayed.apply(actor, &m.notation).unwrap();
    }
    assert_eq!(Some(replayed.state_json()), record.snapshot);
}

fn refusal(game: &Game, caller: &Caller, command: Command) -> String {
    match game.table.handle(&place(), caller, command) {
        Err(TableError::NotAllowed(why)) => why,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

fn now(game: &Game) -> i64 {
    game.table.clock().now()
}

#[test]
fn a_target_who_does_not_answer_is_pinged_reminded_and_blocked_for_after_the_timeout() {
    let options = [("block_timeout_hours", "12")];
    let holder_asked = |g: &dyn LiveGame| {
        phase(g).get("block").is_some()
            && g.to_act()
                .seats()
                .iter()
                .any(|&t| g.legal(t).iter().any(|m| m.notation == "block"))
    };
    let (seed, moves, _) = find(&options, true, holder_asked);
    let dir = tempfile::tempdir().unwrap();
    let game = start(&dir.path().join("t.db"), seed, &options);
    let attacker = moves.last().unwrap().0;
    let target = 1 - attacker;
    let (target_id, target_name) = (PLAYERS[target], PLAYERS[target].to_uppercase());

    let post = play(&game, &moves).public.unwrap();
    assert_eq!(post.mentions, vec![target_id.to_owned()], "{}", post.text);
    assert!(
        post.text.ends_with(&format!("Now: {target_name}.")),
        "{}",
        post.text
    );
    let legal: Vec<String> = game
        .table
        .legal_moves(&place(), &person(target_id), "")
        .unwrap()
        .into_iter()
        .map(|m| m.notation)
        .collect();
    assert_eq!(legal, ["block", "allow"]);

    game.clock.advance(4 * HOUR);
    let due = game.table.reminders_due(now(&game)).unwrap();
    assert_eq!(due.len(), 1);
    assert_eq!(due[0].post.mentions, vec![target_id.to_owned()]);
    assert!(
        due[0].post.text.starts_with(&format!(
            "Reminder: {target_name}, Express is waiting for you to decide whether to block the \
             Disaster played on you (no move for 4 h)."
        )) && due[0]
            .post
            .text
            .contains("Without an answer 12 h after the last move, the table decides for you."),
        "{}",
        due[0].post.text
    );

    game.clock.set(T0 + 12 * HOUR - 60);
    assert!(game.table.reminders_due(now(&game)).unwrap().is_empty());
    assert!(
        phase(live(&game).as_ref()).get("block").is_some(),
        "not before the timeout"
    );

    game.clock.set(T0 + 12 * HOUR);
    let due = game.table.reminders_due(now(&game)).unwrap();
    assert_eq!(due.len(), 1);
    let text = &due[0].post.text;
    assert!(
        text.starts_with(&format!(
            "{target_name} did not answer within 12 h, so the table answered for them."
        )),
        "{text}"
    );
    assert!(
        text.contains(&format!("{target_name} blocks the")),
        "{text}"
    );
    assert!(phase(live(&game).as_ref()).get("block").is_none());
    let log = game.table.store().moves(game.id).unwrap();
    let last = log.last().unwrap();
    assert_eq!(
        (last.seat, last.notation.as_str(), last.by_bot),
        (target, "block", true)
    );
    assert_log_replays(&game);
    let said = format!("{target_name} did not answer within 12 h, so the table answered for them.");
    for viewer in PLAYERS {
        let history = game
            .table
            .handle(&place(), &person(viewer), Command::History)
            .unwrap()
            .private
            .unwrap()
            .text;
        let lines: Vec<&str> = history.lines().filter(|l| l.contains(&said)).collect();
        assert_eq!(lines.len(), 1, "only the timed default: {history}");
        assert!(
            lines[0].starts_with(&format!("{}. {said} {target_name} blocks the", log.len())),
            "{history}"
        );
    }
    assert!(
        game.table.reminders_due(now(&game)).unwrap().is_empty(),
        "decided once"
    );
    let late = game
        .table
        .handle(&place(), &person(target_id), Command::Move("allow".into()));
    assert!(late.is_err(), "the decision is taken: {late:?}");
}

#[test]
fn once_the_deadline_has_passed_the_hand_under_way_is_the_last() {
    let options = [("deadline_hours", "24")];
    let (seed, moves, copy) = find(&options, false, |g| hand_number(g) == 2);
    assert!(
        copy.outcome().is_none(),
        "without the deadline a new hand is dealt"
    );
    let dir = tempfile::tempdir().unwrap();
    let game = start(&dir.path().join("t.db"), seed, &options);
    let (before, last) = moves.split_at(moves.len() - 1);
    play(&game, before);
    game.clock.set(T0 + 24 * HOUR);
    let text = play(&game, last).public.unwrap().text;
    assert!(
        text.starts_with("The deadline has passed: this hand is the last"),
        "{text}"
    );
    assert!(
        text.contains("Hand 1 scores:") && text.contains("Game over."),
        "{text}"
    );
    assert!(!text.contains("Hand 2:"), "{text}");
    let record = record(&game);
    assert_eq!(record.status, Status::Finished);
    assert_eq!(hand_number(live(&game).as_ref()), 1);
    let results = game.table.store().results(game.id).unwrap();
    let outcome = live(&game).outcome().unwrap();
    for result in &results {
        assert_eq!(
            result.score,
            outcome.standing_of(result.seat).unwrap().score,
            "{result:?}"
        );
    }
    assert_eq!(results.len(), 2);
    let log = game.table.store().moves(game.id).unwrap();
    assert_eq!(log[log.len() - 2].notation, "deadline");
    assert_log_replays(&game);
}

#[test]
fn the_host_ends_the_hand_once_the_deadline_has_passed_and_not_before() {
    let options = [("deadline_hours", "24")];
    let dir = tempfile::tempdir().unwrap();
    let game = start(&dir.path().join("t.db"), 5, &options);

    game.clock.set(T0 + 23 * HOUR);
    let why = refusal(&game, &person("ann"), Command::EndNow);
    assert_eq!(
        why,
        "The deadline has not passed yet: it passes at 2026-11-22 12:00 UTC (in 1 h). Until then \
         the game is played on."
    );
    let status = |game: &Game| {
        game.table
            .handle(&place(), &person("ben"), Command::Status)
            .unwrap()
            .public
            .unwrap()
            .text
    };
    assert!(
        status(&game).contains(
            "\nDeadline: 2026-11-22 12:00 UTC (in 1 h); after it the round under way is the last."
        ),
        "{}",
        status(&game)
    );
    game.clock.set(T0 + 24 * HOUR);
    assert!(
        status(&game).contains(
            "\nDeadline: passed at 2026-11-22 12:00 UTC; the round under way is the last"
        ),
        "{}",
        status(&game)
    );
    let why = refusal(&game, &person("ben"), Command::EndNow);
    assert_eq!(
        why,
        "Only the host of this game (ANN) or a member who manages this channel can end the game early."
    );
    let typed = game
        .table
        .handle(&place(), &person("ann"), Command::Move("end".into()));
    match typed {
        Err(error @ TableError::ClockStep { .. }) => {
            assert!(error.to_string().contains("`end-now`"), "{error}")
        }
        other => panic!("`end` typed as a move: {other:?}"),
    }
    assert_eq!(
        record(&game).status,
        Status::Active,
        "refusals change nothing"
    );

    let text = game
        .table
        .handle(&place(), &person("ann"), Command::EndNow)
        .unwrap()
        .public
        .unwrap()
        .text;
    assert!(
        text.starts_with("ANN ends the game now: the deadline has passed."),
        "{text}"
    );
    assert!(
        text.contains("The hand is ended as it stands.") && text.contains("Game over."),
        "{text}"
    );
    let record = record(&game);
    assert_eq!(record.status, Status::Finished);
    let outcome = live(&game).outcome().unwrap();
    let results = game.table.store().results(game.id).unwrap();
    assert_eq!(results.len(), 2);
    for result in &results {
        let standing = outcome.standing_of(result.seat).unwrap();
        assert_eq!(
            (result.score, result.place),
            (standing.score, standing.place)
        );
    }
    let history = live(&game).view_json(roundhouse::game::Viewer::Spectator)["hand_points"].clone();
    let points: Vec<i64> = history[0]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_i64().unwrap())
        .collect();
    let scores: Vec<i64> = (0..2)
        .map(|seat| i64::from(outcome.standing_of(seat).unwrap().score))
        .collect();
    assert_eq!(points, scores, "one hand, scored as it stood");
    let log = game.table.store().moves(game.id).unwrap();
    let tail: Vec<&str> = log[log.len() - 2..]
        .iter()
        .map(|m| m.notation.as_str())
        .collect();
    assert_eq!(tail, ["deadline", "end"]);
    assert_log_replays(&game);
}

#[test]
fn a_member_who_manages_the_channel_may_end_the_hand_and_a_game_without_deadline_refuses() {
    let dir = tempfile::tempdir().unwrap();
    let game = start(&dir.path().join("t.db"), 6, &[("deadline_hours", "48")]);
    game.clock.set(T0 + 48 * HOUR + 5);
    game.table
        .handle(&place(), &manager("mod"), Command::EndNow)
        .unwrap();
    assert_eq!(record(&game).status, Status::Finished);
    assert_eq!(game.table.store().results(game.id).unwrap().len(), 2);

    let dir = tempfile::tempdir().unwrap();
    let game = start(&dir.path().join("t.db"), 6, &[]);
    game.clock.set(T0 + 1000 * HOUR);
    for caller in [person("ann"), manager("mod")] {
        let why = refusal(&game, &caller, Command::EndNow);
        assert!(why.starts_with("This game has no deadline"), "{why}");
    }
    assert_eq!(record(&game).status, Status::Active);
}

#[test]
fn an_exported_game_ended_by_the_table_replays_to_the_same_end() {
    let dir = tempfile::tempdir().unwrap();
    let game = start(&dir.path().join("t.db"), 5, &[("deadline_hours", "24")]);
    let before = live(&game);
    let seat = before.to_act().seats()[0];
    let notation = before.legal(seat)[0].notation.clone();
    play(&game, &[(seat, notation.clone())]);
    game.clock.set(T0 + 24 * HOUR);
    game.table
        .handle(&place(), &person("ann"), Command::EndNow)
        .unwrap();
    let record = record(&game);
    assert_eq!(record.status, Status::Finished);

    let export = export_game(game.table.store(), game.id).unwrap();
    let document = serde_json::to_value(&export).unwrap();
    let moves = document["moves"].as_array().unwrap();
    assert_eq!(
        moves[0],
        serde_json::json!({"seat": seat, "move": notation, "by_bot": false})
    );
    let tail: Vec<&Value> = moves[moves.len() - 2..]
        .iter()
        .map(|m| &m["seat"])
        .collect();
    assert_eq!(tail, ["table", "table"]);
    let replayed = replay::replay("express", &document.to_string()).unwrap();
    assert_eq!(
        replayed.state,
        serde_json::from_str::<Value>(record.snapshot.as_deref().unwrap()).unwrap()
    );
    assert_eq!(replayed.outcome, live(&game).outcome());
    assert!(replayed.outcome.is_some());
}

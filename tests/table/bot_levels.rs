//! Bots of each level at the table: named by their level and stored with it in both stores; a person's
//! seat (skipped while they are away, played on after they resign) played at normal whoever else sits
//! there; and a game with hard bots replayed exactly from its log, which never asks a bot again.

use std::path::Path;

use roundhouse::bots::BotLevel;
use roundhouse::clock::ManualClock;
use roundhouse::store::{GameRecord, MoveRecord, Status, Store};
use roundhouse::table::{
    Caller, Command, Place, ReminderPolicy, Table, TableOptions, replays_to_snapshot,
};

/// The moment the tables' clock stands still at: 2026-11-21 12:00 UTC.
const T0: i64 = 1_795_262_400;

fn place() -> Place {
    Place::channel("chan-levels")
}

fn ann() -> Caller {
    Caller::new("u-ann", "Ann")
}

fn ben() -> Caller {
    Caller::new("u-ben", "Ben")
}

/// A table without pictures on which an idle person may be skipped at once.
fn table_on(store: Store) -> Table {
    let options = TableOptions {
        pictures: false,
        reminders: ReminderPolicy {
            absent_after_secs: 0,
            ..ReminderPolicy::default()
        },
        ..TableOptions::default()
    };
    Table::new(store, options)
}

fn table_at(path: &Path) -> Table {
    table_on(Store::open_with_clock(path, ManualClock::at(T0).clock()).unwrap())
}

/// Opens `game` in the channel with seed `seed`: hosted by Ann, who sits down unless `people` is empty;
/// the others of `people` join.
fn open(table: &Table, game: &str, seed: u64, people: &[Caller]) {
    let host = people.first().cloned().unwrap_or_else(ann);
    let new = Command::New {
        game: game.into(),
        options: Vec::new(),
        seed: Some(seed),
        sit: !people.is_empty(),
    };
    table.handle(&place(), &host, new).unwrap();
    for person in people.iter().skip(1) {
        table.handle(&place(), person, Command::Join).unwrap();
    }
}

/// Ann adds a bot of `level`; returns the channel's text.
fn add_bot(table: &Table, level: BotLevel) -> String {
    let reply = table
        .handle(&place(), &ann(), Command::AddBot { level })
        .unwrap();
    reply.public.unwrap().text
}

fn record(table: &Table) -> GameRecord {
    table.store().open_game("chan-levels").unwrap().unwrap()
}

fn log(table: &Table, id: i64) -> Vec<(usize, String, bool)> {
    table
        .store()
        .moves(id)
        .unwrap()
        .into_iter()
        .map(|m| (m.seat, m.notation, m.by_bot))
        .collect()
}

/// The seats' names and levels, in seat order.
fn seats(record: &GameRecord) -> Vec<(String, BotLevel)> {
    record
        .seats
        .iter()
        .map(|s| (s.name.clone(), s.bot_level))
        .collect()
}

on_both_backends! {
fn bots_of_each_level_are_named_by_it_and_keep_it_in_the_store(db) {
    let table = table_on(db.open());
    open(&table, "yardmaster", 11, &[ann()]);
    let added: Vec<String> = [BotLevel::Easy, BotLevel::Normal, BotLevel::Hard, BotLevel::Hard]
        .into_iter()
        .map(|level| add_bot(&table, level))
        .collect();
    assert!(added[0].starts_with("Ann added Dusty (easy bot).\n"), "{}", added[0]);
    // Each bot has a name of its own, whatever the others' levels.
    assert!(added[1].starts_with("Ann added Rusty (bot).\n"), "{}", added[1]);
    assert!(added[2].starts_with("Ann added Sparky (hard bot).\n"), "{}", added[2]);
    assert!(
        added[3].ends_with(
            "Seats: 1. Ann · 2. Dusty (easy bot) · 3. Rusty (bot) · 4. Sparky (hard bot) · \
             5. Clanky (hard bot)"
        ),
        "{}",
        added[3]
    );
    let expected = vec![
        ("Ann".to_owned(), BotLevel::Normal),
        ("Dusty (easy bot)".to_owned(), BotLevel::Easy),
        ("Rusty (bot)".to_owned(), BotLevel::Normal),
        ("Sparky (hard bot)".to_owned(), BotLevel::Hard),
        ("Clanky (hard bot)".to_owned(), BotLevel::Hard),
    ];
    // Read back through a store of its own, as another process would.
    let id = record(&table).id;
    let stored = db.open().game(id).unwrap().unwrap();
    assert_eq!(seats(&stored), expected);
    assert!(stored.seats[1..].iter().all(|s| s.user_id.is_none()));

    // Starting (the bots before Ann play at once) writes the seats again: the levels stay.
    let started = table.handle(&place(), &ann(), Command::Start).unwrap();
    let text = started.public.unwrap().text;
    assert!(text.contains("Sparky (hard bot)"), "{text}");
    let stored = db.open().game(id).unwrap().unwrap();
    assert_eq!(stored.status, Status::Active);
    assert_eq!(seats(&stored), expected);
}
}

/// A two-person Yardmaster game (seed `seed`) with a third seat: a bot of `level`, sitting after both
/// people. Returns the table and the game's id.
fn twin(dir: &Path, level: BotLevel, seed: u64) -> (Table, i64) {
    let table = table_at(&dir.join(format!("{level}-{seed}.db")));
    open(&table, "yardmaster", seed, &[ann(), ben()]);
    add_bot(&table, level);
    table.handle(&place(), &ann(), Command::Start).unwrap();
    let id = record(&table).id;
    (table, id)
}

/// The same game twice, with a hard bot and with a normal one in its third seat: the first seed from
/// `from` whose deal lets a person begin, so that both games stand alike until a bot moves. (The seeds
/// the tests start from give a first step on which the hard bot would choose otherwise than the
/// normal one, so a person's seat played at the table's hard level would show.)
fn twins(dir: &Path, from: u64) -> [(Table, i64); 2] {
    let (seed, normal) = (from..)
        .map(|seed| (seed, twin(dir, BotLevel::Normal, seed)))
        .find(|(_, (table, id))| log(table, *id).is_empty())
        .unwrap();
    [twin(dir, BotLevel::Hard, seed), normal]
}

/// The person who must act.
fn person_to_act(table: &Table) -> Caller {
    let waiting = table.people_to_act(&place()).unwrap();
    assert_eq!(waiting.len(), 1, "{waiting:?}");
    [ann(), ben()]
        .into_iter()
        .find(|p| p.user_id == waiting[0])
        .expect("a person acts first")
}

#[test]
fn a_skipped_person_is_played_at_normal_beside_a_hard_bot() {
    let dir = tempfile::tempdir().unwrap();
    let [(hard, hard_id), (normal, normal_id)] = twins(dir.path(), 51);
    assert!(log(&hard, hard_id).is_empty());
    let away = person_to_act(&hard);
    assert_eq!(person_to_act(&normal), away);
    let seat = record(&hard).seat_of(&away.user_id).unwrap();
    let other = if away == ann() { ben() } else { ann() };
    for table in [&hard, &normal] {
        let reply = table.handle(&place(), &other, Command::Skip).unwrap();
        assert!(reply.public.unwrap().text.contains("skipped"));
    }
    let skipped = |table: &Table, id| log(table, id)[0].clone();
    let played = skipped(&hard, hard_id);
    assert_eq!(
        (played.0, played.2),
        (seat, true),
        "a bot played {away:?}'s turn"
    );
    assert_eq!(
        played,
        skipped(&normal, normal_id),
        "the skipped turn is the normal bot's beside a hard bot too"
    );
}

#[test]
fn a_resigned_person_is_played_on_at_normal_beside_a_hard_bot() {
    let dir = tempfile::tempdir().unwrap();
    let [(hard, hard_id), (normal, normal_id)] = twins(dir.path(), 61);
    assert!(log(&hard, hard_id).is_empty());
    let quitter = person_to_act(&hard);
    let seat = record(&hard).seat_of(&quitter.user_id).unwrap();
    for table in [&hard, &normal] {
        table.handle(&place(), &quitter, Command::Resign).unwrap();
    }
    let resigned = record(&hard);
    assert!(resigned.seats[seat].resigned);
    assert_eq!(resigned.seats[seat].bot_level, BotLevel::Normal);
    let played_for = |table: &Table, id| {
        log(table, id)
            .into_iter()
            .find(|m| m.0 == seat)
            .expect("a bot plays the resigned seat at once")
    };
    let played = played_for(&hard, hard_id);
    assert!(played.2, "{played:?}");
    assert_eq!(played, played_for(&normal, normal_id));
}

/// Seats `levels` bots in an empty Whistlewood game and starts it: the bots play it to the end.
fn bots_only(path: &Path, levels: &[BotLevel], seed: u64) -> (Table, i64) {
    let table = table_at(path);
    open(&table, "whistlewood", seed, &[]);
    for &level in levels {
        add_bot(&table, level);
    }
    let id = record(&table).id;
    let reply = table.handle(&place(), &ann(), Command::Start).unwrap();
    let text = reply.public.unwrap().text;
    assert!(text.contains("Game over"), "{text}");
    (table, id)
}

#[test]
fn a_game_of_hard_bots_replays_exactly_from_its_log_without_asking_a_bot() {
    let dir = tempfile::tempdir().unwrap();
    let levels = [BotLevel::Hard, BotLevel::Hard];
    let (table, id) = bots_only(&dir.path().join("hard.db"), &levels, 31);
    let finished = table.store().game(id).unwrap().unwrap();
    assert_eq!(finished.status, Status::Finished);
    let moves: Vec<MoveRecord> = table.store().moves(id).unwrap();
    assert!(moves.iter().all(|m| m.by_bot));
    replays_to_snapshot(&finished, &moves).unwrap();

    // The same seed with normal bots plays another game: the log holds the hard bots' own moves.
    let (normal, normal_id) = bots_only(&dir.path().join("normal.db"), &[BotLevel::Normal; 2], 31);
    assert_ne!(log(&table, id), log(&normal, normal_id));

    // The replay reads only the log: told the bots were of another level, it still comes to the
    // very state the hard bots left, so it never asked a bot for a move.
    for level in [BotLevel::Easy, BotLevel::Normal] {
        let mut relabelled = finished.clone();
        for seat in &mut relabelled.seats {
            seat.bot_level = level;
        }
        replays_to_snapshot(&relabelled, &moves).unwrap();
    }
    // And a move of the log changed is caught.
    let mut altered = moves.clone();
    let last = altered.last_mut().unwrap();
    let other = moves
        .iter()
        .rev()
        .find(|m| m.seat == last.seat && m.notation != last.notation)
        .map(|m| m.notation.clone())
        .unwrap();
    last.notation = other;
    assert!(replays_to_snapshot(&finished, &altered).is_err());
}

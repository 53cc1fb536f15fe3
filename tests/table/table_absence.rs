//! Slow and absent players: reminders on schedule and never twice (also across a restart), the absent
//! notice, skip and kick, abandonment; and per-server statistics from recorded results.

use std::path::Path;

use roundhouse::clock::ManualClock;
use roundhouse::store::{Status, Store};
use roundhouse::table::{
    Caller, Command, Place, PostAction, ReminderPolicy, Table, TableError, TableOptions,
};

const HOUR: i64 = 3600;

/// The moment the tables' clock stands still at: 2026-11-21 12:00 UTC.
const T0: i64 = 1_795_262_400;

fn table(path: &Path, absent_after_secs: i64) -> Table {
    let options = TableOptions {
        pictures: false,
        reminders: ReminderPolicy {
            schedule_secs: vec![12 * HOUR, 24 * HOUR],
            absent_after_secs,
            abandon_after_secs: 168 * HOUR,
            lobby_expire_secs: 48 * HOUR,
        },
        ..TableOptions::default()
    };
    let store = Store::open_with_clock(path, ManualClock::at(T0).clock()).unwrap();
    Table::new(store, options)
}

fn person(id: &str) -> Caller {
    Caller::new(id, id.to_uppercase())
}

fn place() -> Place {
    Place {
        channel: "chan".into(),
        guild: Some("guild-1".into()),
    }
}

fn start_two(table: &Table, seed: u64) {
    let new = Command::New {
        game: "yardmaster".into(),
        options: Vec::new(),
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
}

fn waiting(table: &Table) -> Caller {
    person(&table.people_to_act(&place()).unwrap()[0])
}

fn other(c: &Caller) -> Caller {
    person(if c.user_id == "ann" { "ben" } else { "ann" })
}

#[test]
fn reminders_follow_the_schedule_once_each_even_across_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("r.db");
    let t0 = T0;
    let first = table(&path, 72 * HOUR);
    start_two(&first, 3);
    let slow = waiting(&first);
    assert!(first.reminders_due(t0).unwrap().is_empty());
    assert!(first.reminders_due(t0 + 11 * HOUR).unwrap().is_empty());

    let due = first.reminders_due(t0 + 12 * HOUR + 5).unwrap();
    assert_eq!(due.len(), 1);
    assert_eq!(due[0].channel, "chan");
    assert_eq!(due[0].post.mentions, vec![slow.user_id.clone()]);
    assert!(
        due[0].post.text.contains("Reminder"),
        "{}",
        due[0].post.text
    );
    assert!(due[0].post.actions.contains(&PostAction::ViewHand));
    assert!(
        first.reminders_due(t0 + 13 * HOUR).unwrap().is_empty(),
        "never twice"
    );
    drop(first);

    // After a restart the schedule goes on where it was.
    let second = table(&path, 72 * HOUR);
    assert!(second.reminders_due(t0 + 20 * HOUR).unwrap().is_empty());
    assert_eq!(second.reminders_due(t0 + 25 * HOUR).unwrap().len(), 1);
    let absent = second.reminders_due(t0 + 73 * HOUR).unwrap();
    assert_eq!(absent.len(), 1);
    assert!(
        absent[0].post.text.contains("skip"),
        "{}",
        absent[0].post.text
    );
    assert!(second.reminders_due(t0 + 74 * HOUR).unwrap().is_empty());

    // A move resets the clock: the next player gets their own reminders.
    let legal = second.legal_moves(&place(), &slow, "").unwrap();
    second
        .handle(&place(), &slow, Command::Move(legal[0].notation.clone()))
        .unwrap();
    let t1 = T0;
    let due = second.reminders_due(t1 + 12 * HOUR + 5).unwrap();
    assert_eq!(due[0].post.mentions, vec![other(&slow).user_id]);

    // A week of silence ends the game and frees the channel.
    let gone = second.reminders_due(t1 + 169 * HOUR).unwrap();
    assert_eq!(gone.len(), 1);
    assert!(
        gone[0].post.text.contains("abandoned"),
        "{}",
        gone[0].post.text
    );
    assert!(second.store().open_game("chan").unwrap().is_none());
}

#[test]
fn skip_and_kick_need_an_absent_player_and_another_person() {
    let dir = tempfile::tempdir().unwrap();
    let patient = table(&dir.path().join("p.db"), 72 * HOUR);
    start_two(&patient, 4);
    let slow = waiting(&patient);
    let err = patient
        .handle(&place(), &other(&slow), Command::Skip)
        .unwrap_err();
    assert!(err.to_string().contains("after 72 h"), "{err}");

    let dir = tempfile::tempdir().unwrap();
    let table = table(&dir.path().join("s.db"), 0);
    start_two(&table, 4);
    let slow = waiting(&table);
    let err = table.handle(&place(), &slow, Command::Skip).unwrap_err();
    assert_eq!(err, TableError::OwnTurn);
    let err = table
        .handle(&place(), &person("eve"), Command::Skip)
        .unwrap_err();
    assert!(matches!(err, TableError::NotAPlayer { .. }));

    let id = table.store().open_game("chan").unwrap().unwrap().id;
    let reply = table
        .handle(&place(), &other(&slow), Command::Skip)
        .unwrap();
    assert!(reply.public.unwrap().text.contains("skipped"));
    let log = table.store().moves(id).unwrap();
    assert_eq!(log.len(), 1);
    assert!(log[0].by_bot, "the skipped turn was played by a bot");
    assert_eq!(waiting(&table), other(&slow));

    // Now the other one is slow; kicking them ends a two-person game in the kicker's favour.
    let kicker = slow.clone();
    let reply = table.handle(&place(), &kicker, Command::Kick).unwrap();
    assert!(reply.public.unwrap().text.contains("wins"));
    let record = table.store().game(id).unwrap().unwrap();
    assert_eq!(record.status, Status::Finished);
    let results = table.store().results(id).unwrap();
    assert_eq!(results[0].user_id.as_deref(), Some(kicker.user_id.as_str()));
}

#[test]
fn statistics_count_finished_games_per_server_and_leave_bots_out() {
    let dir = tempfile::tempdir().unwrap();
    let table = table(&dir.path().join("st.db"), 72 * HOUR);
    for seed in [1, 2] {
        start_two(&table, seed);
        let moderator = Caller {
            manages_channel: true,
            ..person("mod")
        };
        table.handle(&place(), &moderator, Command::Abort).unwrap();
    }
    for seed in [5, 6] {
        start_two(&table, seed);
        table
            .handle(&place(), &person("ben"), Command::Resign)
            .unwrap();
    }
    let ann = table.store().player_record("guild-1", "ann").unwrap();
    assert_eq!(ann.len(), 1);
    assert_eq!(
        (ann[0].kind.as_str(), ann[0].played, ann[0].wins),
        ("yardmaster", 2, 2)
    );
    let ben = table.store().player_record("guild-1", "ben").unwrap();
    assert_eq!((ben[0].played, ben[0].wins), (2, 0));
    assert!(
        table
            .store()
            .player_record("guild-2", "ann")
            .unwrap()
            .is_empty()
    );
    let board = table
        .store()
        .leaderboard("guild-1", "yardmaster", 10)
        .unwrap();
    let order: Vec<(&str, u32)> = board.iter().map(|r| (r.user_id.as_str(), r.wins)).collect();
    assert_eq!(order, [("ann", 2), ("ben", 0)]);
    assert_eq!(board[0].name, "ANN");
}

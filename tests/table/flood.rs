//! Fair and bounded: commands in a channel run in the order they came, a full channel or a person with
//! too many commands in flight is told to try again (and nothing changes), a held channel does not
//! hold up others, a repeated public board goes privately, and archive puzzles never push today's out.
//! Nothing here depends on the machine's speed: channels are held and released by the test itself.

use std::path::Path;
use std::sync::Arc;
use std::thread;

use roundhouse::calendar::Day;
use roundhouse::clock::ManualClock;
use roundhouse::store::Store;
use roundhouse::table::{
    Caller, Command, Crowded, FloodLimits, Place, PuzzleCommand, Reply, Table, TableError,
    TableOptions, TypedCommands,
};

/// 2026-11-21 12:00 UTC.
const NOON: i64 = 1_795_262_400;

fn table_with(path: &Path, limits: FloodLimits, clock: &ManualClock) -> Table {
    let store = Store::open_with_clock(&path.join("flood.db"), clock.clock()).unwrap();
    let options = TableOptions {
        pictures: false,
        limits,
        ..TableOptions::default()
    };
    Table::new(store, options)
}

fn person(id: &str) -> Caller {
    Caller::new(id, id.to_uppercase())
}

fn open_lobby(table: &Table, place: &Place, host: &Caller) {
    let new = Command::New {
        game: "yardmaster".into(),
        options: Vec::new(),
        seed: Some(7),
        sit: true,
    };
    table.handle(place, host, new).unwrap();
}

/// The seat line of the channel's status, e.g. "Seats: 1. ANN · 2. BEN".
fn seats(table: &Table, place: &Place) -> String {
    let status = table.handle(place, &person("onlooker"), Command::Status);
    let text = status.unwrap().public.expect("a public status").text;
    text.lines()
        .find(|l| l.starts_with("Seats: "))
        .unwrap_or_else(|| panic!("no seats in {text}"))
        .to_owned()
}

fn busy(result: Result<impl std::fmt::Debug, TableError>) -> (Crowded, usize, String) {
    match result {
        Err(error @ TableError::Busy { crowded, limit }) => {
            (crowded, limit, error.explain(&TypedCommands))
        }
        other => panic!("expected a busy refusal, got {other:?}"),
    }
}

#[test]
fn commands_in_one_channel_run_in_the_order_they_came() {
    let dir = tempfile::tempdir().unwrap();
    let table = Arc::new(table_with(
        dir.path(),
        FloodLimits::default(),
        &ManualClock::at(NOON),
    ));
    let place = Place::channel("chan");
    open_lobby(&table, &place, &person("ann"));
    let held = table.enqueue(&place, &person("ann")).unwrap().wait();

    // Four people ask to join while the channel is held; each then waits on a thread of its own, and
    // the threads are started in the reverse order of arrival.
    let joiners = ["dee", "bob", "eve", "cal"];
    let queued: Vec<_> = joiners
        .iter()
        .map(|id| table.enqueue(&place, &person(id)).unwrap())
        .collect();
    let workers: Vec<_> = queued
        .into_iter()
        .rev()
        .map(|queued| {
            let table = Arc::clone(&table);
            thread::spawn(move || table.handle_in(&queued.wait(), Command::Join).unwrap())
        })
        .collect();
    drop(held);
    for worker in workers {
        worker.join().unwrap();
    }
    assert_eq!(
        seats(&table, &place),
        "Seats: 1. ANN · 2. DEE · 3. BOB · 4. EVE · 5. CAL",
        "seats are taken in the order the joins came"
    );
}

#[test]
fn a_full_channel_refuses_at_once_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let limits = FloodLimits {
        per_channel: 3,
        ..FloodLimits::default()
    };
    let table = table_with(dir.path(), limits, &ManualClock::at(NOON));
    let place = Place::channel("chan");
    open_lobby(&table, &place, &person("ann"));
    let held = table.enqueue(&place, &person("ann")).unwrap().wait();
    let bob = table.enqueue(&place, &person("bob")).unwrap();
    let cal = table.enqueue(&place, &person("cal")).unwrap();

    let (crowded, limit, message) = busy(table.handle(&place, &person("dee"), Command::Join));
    assert_eq!((crowded, limit), (Crowded::Channel, 3));
    assert!(message.contains("This channel is busy"), "{message}");
    assert!(message.contains("Try again in a moment"), "{message}");

    drop(held);
    table.handle_in(&bob.wait(), Command::Join).unwrap();
    table.handle_in(&cal.wait(), Command::Join).unwrap();
    assert_eq!(
        seats(&table, &place),
        "Seats: 1. ANN · 2. BOB · 3. CAL",
        "the refused join seated no one"
    );
    table.handle(&place, &person("dee"), Command::Join).unwrap();
}

#[test]
fn a_person_over_their_limit_is_refused_while_others_are_served() {
    let dir = tempfile::tempdir().unwrap();
    let limits = FloodLimits {
        per_user: 2,
        ..FloodLimits::default()
    };
    let table = table_with(dir.path(), limits, &ManualClock::at(NOON));
    let (here, there) = (Place::channel("here"), Place::channel("there"));
    open_lobby(&table, &here, &person("host"));
    open_lobby(&table, &there, &person("host"));
    let held = table.enqueue(&here, &person("host")).unwrap().wait();
    let ann_here = table.enqueue(&here, &person("ann")).unwrap();
    let ann_again = table.enqueue(&here, &person("ann")).unwrap();

    let (crowded, limit, message) = busy(table.handle(&there, &person("ann"), Command::Join));
    assert_eq!((crowded, limit), (Crowded::Caller, 2));
    assert!(
        message.contains("You already have 2 commands waiting"),
        "{message}"
    );
    table.handle(&there, &person("bob"), Command::Join).unwrap();
    assert_eq!(seats(&table, &there), "Seats: 1. HOST · 2. BOB");

    drop((held, ann_here, ann_again));
    table.handle(&there, &person("ann"), Command::Join).unwrap();
    assert_eq!(seats(&table, &there), "Seats: 1. HOST · 2. BOB · 3. ANN");
    assert_eq!(
        seats(&table, &here),
        "Seats: 1. HOST",
        "the dropped commands never ran"
    );
}

#[test]
fn a_held_channel_does_not_hold_up_another_even_with_one_blocking_thread() {
    let dir = tempfile::tempdir().unwrap();
    let table = Arc::new(table_with(
        dir.path(),
        FloodLimits::default(),
        &ManualClock::at(NOON),
    ));
    let (busy_place, quiet_place) = (Place::channel("busy"), Place::channel("quiet"));
    open_lobby(&table, &busy_place, &person("host"));
    open_lobby(&table, &quiet_place, &person("host"));
    // One blocking thread in all: a waiting command that parked one would leave none for the quiet
    // channel.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .max_blocking_threads(1)
        .build()
        .unwrap();
    let held = table.enqueue(&busy_place, &person("host")).unwrap().wait();
    let waiting: Vec<_> = ["a", "b", "c", "d"]
        .iter()
        .map(|id| {
            let command =
                Arc::clone(&table).handle_queued(busy_place.clone(), person(id), Command::Join);
            runtime.spawn(command)
        })
        .collect();
    let quiet = runtime.block_on(Arc::clone(&table).handle_queued(
        quiet_place.clone(),
        person("zed"),
        Command::Join,
    ));
    quiet.unwrap();
    assert_eq!(seats(&table, &quiet_place), "Seats: 1. HOST · 2. ZED");
    assert!(
        waiting.iter().all(|w| !w.is_finished()),
        "the busy channel's commands still wait"
    );

    drop(held);
    for w in waiting {
        runtime.block_on(w).unwrap().unwrap();
    }
    assert_eq!(
        seats(&table, &busy_place).matches(" · ").count(),
        4,
        "the busy channel seats the host and all four joiners"
    );
}

fn start_two(table: &Table, place: &Place) {
    open_lobby(table, place, &person("ann"));
    table.handle(place, &person("ben"), Command::Join).unwrap();
    table.handle(place, &person("ann"), Command::Start).unwrap();
}

fn board(table: &Table, place: &Place, who: &str) -> Reply {
    table.handle(place, &person(who), Command::Board).unwrap()
}

const AGAIN: &str = "You asked for the board a moment ago; here it is just for you.";

#[test]
fn a_board_asked_again_within_the_cooldown_comes_privately_and_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::at(NOON);
    let table = table_with(dir.path(), FloodLimits::default(), &clock);
    let place = Place::channel("chan");
    start_two(&table, &place);

    let first = board(&table, &place, "fan");
    let shown = first.public.expect("the first board is for everyone");
    assert!(first.private.is_none() && !shown.text.contains(AGAIN));

    clock.advance(59);
    let again = board(&table, &place, "fan");
    assert!(again.public.is_none(), "{again:?}");
    let private = again.private.expect("the board, for the asker only");
    assert_eq!(
        private.text,
        format!("{AGAIN}\n{}", shown.text),
        "the same board, with the reason first"
    );
    assert!(
        board(&table, &place, "ben").public.is_some(),
        "another person's board is still public"
    );
    let other = Place::channel("other");
    start_two(&table, &other);
    assert!(
        board(&table, &other, "fan").public.is_some(),
        "the cooldown is per channel"
    );

    clock.advance(1);
    assert!(
        board(&table, &place, "fan").public.is_some(),
        "public again once the cooldown has passed"
    );
}

#[test]
fn archive_puzzles_never_push_todays_and_tomorrows_out() {
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::at(NOON);
    let limits = FloodLimits {
        archive_puzzles: 2,
        ..FloodLimits::default()
    };
    let table = table_with(dir.path(), limits, &clock);
    let today = clock.clock().today();
    table.prepare_daily(clock.clock().now());
    let place = Place {
        channel: "111".into(),
        guild: Some("g1".into()),
    };
    for number in 1..=4 {
        let archive = PuzzleCommand::Play(Some(format!("#{number}")));
        let who = person(&format!("solver-{number}"));
        table
            .puzzle(&place, &who, archive, clock.clock().now())
            .unwrap_or_else(|e| panic!("#{number}: {e}"));
    }
    let kept = table.daily_puzzles_kept();
    let first = Day::of_puzzle(1).unwrap();
    let archived = |n: i64| Day(first.0 + n - 1);
    assert_eq!(
        kept,
        vec![archived(3), archived(4), today, today.next()],
        "today's and tomorrow's stay, beside the two archive puzzles used last"
    );
}

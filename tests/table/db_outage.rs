//! A PostgreSQL that goes away under a running table: commands are answered "try again in a moment"
//! (never a panic, never a hang: the pool waits a bounded time for a connection), the pool reconnects
//! once the server is back, and no acknowledged move is lost or doubled. The outage is made for this
//! test's store alone (a proxy it cuts, or its own connections terminated), never for the shared server.

use std::net::{SocketAddr, ToSocketAddrs};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use roundhouse::clock::Clock;
use roundhouse::store::{Database, Status, Store};
use roundhouse::table::{
    Caller, Command, Place, Table, TableError, TableOptions, replays_to_snapshot,
};

use crate::cuttable_proxy::CuttableProxy;
use crate::test_db::TestDb;

/// What a table showed of one game: the moves it acknowledged, and the moves it answered with "try
/// again" (which may have been committed all the same, if the connection broke after the commit).
#[derive(Default)]
struct Played {
    acknowledged: Vec<(String, String)>,
    unanswered: Vec<String>,
}

fn person(id: &str) -> Caller {
    Caller::new(id, id.to_uppercase())
}

/// `url` with its host and port replaced by the proxy's on loopback.
pub(crate) fn through_port(url: &str, port: u16) -> String {
    let (scheme, rest) = url.split_once("://").unwrap();
    let slash = rest.find('/').unwrap_or(rest.len());
    let authority = &rest[..slash];
    let user = authority.rfind('@').map_or("", |at| &authority[..=at]);
    format!("{scheme}://{user}127.0.0.1:{port}{}", &rest[slash..])
}

/// The test server's address, from the test database's URL.
pub(crate) fn server_address(url: &str) -> SocketAddr {
    let config: postgres::Config = url.parse().unwrap();
    let host = match config.get_hosts().first() {
        Some(postgres::config::Host::Tcp(name)) => name.clone(),
        _ => "127.0.0.1".into(),
    };
    let port = config.get_ports().first().copied().unwrap_or(5432);
    (host.as_str(), port)
        .to_socket_addrs()
        .unwrap()
        .next()
        .unwrap()
}

pub(crate) fn url_of(db: &TestDb) -> String {
    match db.database() {
        Database::Postgres(url) => url.clone(),
        Database::Sqlite(_) => unreachable!("a PostgreSQL test database"),
    }
}

fn table_on(url: String) -> Table {
    let store = Store::connect(&Database::Postgres(url), Clock::system()).unwrap();
    let options = TableOptions {
        pictures: false,
        ..TableOptions::default()
    };
    Table::new(store, options)
}

/// Opens a two-person Yardmaster game in `place`.
fn open_game(table: &Table, place: &Place, seed: u64) {
    let (ann, bob) = (
        person(&format!("ann-{seed}")),
        person(&format!("bob-{seed}")),
    );
    let new = Command::New {
        game: "yardmaster".into(),
        options: Vec::new(),
        seed: Some(seed),
        sit: true,
    };
    for (who, command) in [(&ann, new), (&bob, Command::Join), (&ann, Command::Start)] {
        table.handle(place, who, command).unwrap();
    }
}

/// Whether `error` is the database outage, with the words both front ends show for it: "nothing was
/// done" when the database could not be reached, "look first" when it went away during the commit.
fn is_outage(error: &TableError) -> bool {
    match error {
        TableError::Unavailable(_) => assert_eq!(
            error.to_string(),
            "The bot cannot reach its database just now, so nothing was done. Try again in a moment."
        ),
        TableError::Unconfirmed(_) => assert_eq!(
            error.to_string(),
            "The bot lost its database while saving this, so it cannot tell whether it was done. \
             Look with `board` before you try again."
        ),
        _ => return false,
    }
    true
}

/// The next move in `place` (whoever must act, their first legal move), or `None` once the game is over.
fn next_move(table: &Table, place: &Place) -> Result<Option<(String, String)>, TableError> {
    let Some(user) = table.people_to_act(place)?.into_iter().next() else {
        return Ok(None);
    };
    let legal = table.legal_moves(place, &person(&user), "")?;
    Ok(Some((user, legal[0].notation.clone())))
}

/// Plays `place`'s game to its end, the first legal move each time; an outage is noted and the command
/// tried again after a short pause (as a player would), any other error fails the test.
fn play_to_the_end(table: &Table, place: &Place, played: &mut Played) {
    for _ in 0..5000 {
        let (user, notation) = match next_move(table, place) {
            Ok(Some(next)) => next,
            Ok(None) => return,
            Err(e) if is_outage(&e) => {
                std::thread::sleep(Duration::from_millis(50));
                continue;
            }
            Err(e) => panic!("{place:?}: {e:?}"),
        };
        match table.handle(place, &person(&user), Command::Move(notation.clone())) {
            Ok(_) => played.acknowledged.push((user, notation)),
            Err(e) if is_outage(&e) => {
                played.unanswered.push(notation);
                std::thread::sleep(Duration::from_millis(50));
            }
            Err(e) => panic!("{place:?}: {e:?}"),
        }
    }
    panic!("the game in {place:?} did not end");
}

/// Checks the stored game of `place` against what the table answered: it was played to its end; every
/// acknowledged move is in the log once and in order; any other move in the log is one that was
/// answered "try again" (a commit whose answer was lost with the connection), each at most once; and
/// the log replays to the snapshot.
fn check_log(store_url: &str, place: &Place, played: &Played) {
    let store = Store::connect(&Database::Postgres(store_url.into()), Clock::system()).unwrap();
    let record = (1..=100)
        .filter_map(|id| store.game(id).unwrap())
        .find(|game| game.channel == place.channel)
        .unwrap();
    assert_eq!(record.status, Status::Finished, "{place:?}");
    let moves = store.moves(record.id).unwrap();
    let mut acknowledged = played.acknowledged.iter().peekable();
    let mut unanswered = played.unanswered.clone();
    for m in &moves {
        if acknowledged
            .peek()
            .is_some_and(|(_, notation)| *notation == m.notation)
        {
            acknowledged.next();
        } else {
            let Some(at) = unanswered.iter().position(|n| *n == m.notation) else {
                panic!(
                    "{place:?}: move {} `{}` was neither acknowledged nor answered",
                    m.seq, m.notation
                );
            };
            unanswered.remove(at);
        }
    }
    assert!(
        acknowledged.next().is_none(),
        "{place:?}: an acknowledged move is missing from the log"
    );
    replays_to_snapshot(&record, &moves).unwrap();
}

#[test]
fn while_the_database_is_down_commands_are_told_to_try_again_and_the_game_resumes_after() {
    let Some(db) = TestDb::postgres() else {
        return;
    };
    let url = url_of(&db);
    let mut proxy = CuttableProxy::start(server_address(&url));
    let store_url = through_port(&url, proxy.port());
    let table = table_on(store_url.clone());
    let place = Place::channel("outage");
    open_game(&table, &place, 1);
    let mut played = Played::default();
    for _ in 0..4 {
        let (user, notation) = next_move(&table, &place).unwrap().unwrap();
        table
            .handle(&place, &person(&user), Command::Move(notation.clone()))
            .unwrap();
        played.acknowledged.push((user, notation));
    }
    let (user, notation) = next_move(&table, &place).unwrap().unwrap();

    proxy.cut();
    for _ in 0..2 {
        let refused = table
            .handle(&place, &person(&user), Command::Move(notation.clone()))
            .unwrap_err();
        assert!(is_outage(&refused), "{refused:?}");
        let looked = table
            .handle(&place, &person(&user), Command::Status)
            .unwrap_err();
        assert!(is_outage(&looked), "{looked:?}");
    }

    proxy.restore();
    play_to_the_end(&table, &place, &mut played);
    assert!(played.acknowledged.len() > 5);
    assert!(played.acknowledged.contains(&(user, notation)));
    drop(proxy);
    check_log(&url, &place, &played);
    let moves_after_the_cut = played.acknowledged.len();
    assert_eq!(
        Store::connect(db.database(), Clock::system())
            .unwrap()
            .moves(1)
            .unwrap()
            .len(),
        moves_after_the_cut,
        "nothing was written while the database was down, and each move once after"
    );
}

#[test]
fn connections_terminated_under_load_are_replaced_and_no_acknowledged_move_is_lost_or_doubled() {
    let Some(db) = TestDb::postgres() else {
        return;
    };
    let url = url_of(&db);
    let name = format!("rh_outage_{}", std::process::id());
    let store_url = format!("{url}&application_name={name}");
    let table = Arc::new(table_on(store_url.clone()));
    let places: Vec<Place> = (0..3)
        .map(|n| Place::channel(format!("load-{n}")))
        .collect();
    for (seed, place) in places.iter().enumerate() {
        open_game(&table, place, seed as u64 + 10);
    }
    let done = Arc::new(AtomicBool::new(false));
    let terminated = Arc::new(AtomicUsize::new(0));
    let killer = {
        let (url, name, done, terminated) =
            (url.clone(), name.clone(), done.clone(), terminated.clone());
        std::thread::spawn(move || {
            let mut admin = postgres::Client::connect(&url, postgres::NoTls).unwrap();
            while !done.load(Ordering::SeqCst) {
                let killed = admin
                    .query(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
                         WHERE application_name = $1",
                        &[&name],
                    )
                    .unwrap()
                    .len();
                terminated.fetch_add(killed, Ordering::SeqCst);
                std::thread::sleep(Duration::from_millis(150));
            }
        })
    };
    let workers: Vec<_> = places
        .iter()
        .map(|place| {
            let (table, place) = (table.clone(), place.clone());
            std::thread::spawn(move || {
                let mut played = Played::default();
                play_to_the_end(&table, &place, &mut played);
                played
            })
        })
        .collect();
    let played: Vec<Played> = workers.into_iter().map(|w| w.join().unwrap()).collect();
    done.store(true, Ordering::SeqCst);
    killer.join().unwrap();
    assert!(
        terminated.load(Ordering::SeqCst) > 0,
        "connections were terminated while the games were played"
    );
    for (place, played) in places.iter().zip(&played) {
        check_log(&url, place, played);
    }
}

#[test]
fn a_server_that_stops_answering_gets_commands_told_to_try_again_instead_of_hanging() {
    let Some(db) = TestDb::postgres() else {
        return;
    };
    let url = url_of(&db);
    let proxy = CuttableProxy::start(server_address(&url));
    let table = Arc::new(table_on(through_port(&url, proxy.port())));
    let place = Place::channel("frozen");
    open_game(&table, &place, 3);
    let (user, notation) = next_move(&table, &place).unwrap().unwrap();

    proxy.freeze();
    let (answered, answer) = std::sync::mpsc::channel();
    let commands = [Command::Move(notation), Command::Status];
    std::thread::spawn({
        let (table, place) = (table.clone(), place.clone());
        move || {
            for command in commands {
                let _ = answered.send(table.handle(&place, &person(&user), command));
            }
        }
    });
    for _ in 0..2 {
        // Far longer than the store's bounds (seconds): only so that a hang fails instead of
        // blocking the test run.
        let refused = answer
            .recv_timeout(Duration::from_secs(300))
            .expect("the command was answered")
            .unwrap_err();
        assert!(
            matches!(refused, TableError::Unavailable(_)) && is_outage(&refused),
            "{refused:?}"
        );
    }
}

#[test]
fn a_statement_held_up_past_the_statement_timeout_is_told_to_try_again_and_changes_nothing() {
    let Some(db) = TestDb::postgres() else {
        return;
    };
    // The test database's URL sets `options` (its schema); one second more for each statement.
    let url = format!("{}%20-c%20statement_timeout%3D1000", url_of(&db));
    let table = table_on(url);
    let place = Place::channel("held-up");
    open_game(&table, &place, 4);
    let (user, notation) = next_move(&table, &place).unwrap().unwrap();

    let mut other = postgres::Client::connect(&url_of(&db), postgres::NoTls).unwrap();
    let mut holding = other.transaction().unwrap();
    holding
        .execute("SELECT id FROM games FOR UPDATE", &[])
        .unwrap();
    let refused = table
        .handle(&place, &person(&user), Command::Move(notation.clone()))
        .unwrap_err();
    assert!(
        matches!(refused, TableError::Unavailable(_)) && is_outage(&refused),
        "{refused:?}"
    );
    holding.rollback().unwrap();

    let store = db.open();
    assert!(store.moves(1).unwrap().is_empty(), "nothing was written");
    table
        .handle(&place, &person(&user), Command::Move(notation))
        .unwrap();
    assert_eq!(store.moves(1).unwrap().len(), 1);
}

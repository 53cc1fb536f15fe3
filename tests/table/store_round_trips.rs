//! How many times a move through the table waits for the PostgreSQL server, counted at the protocol
//! level by a proxy: each wait is a network round trip, which is most of a move's time on PostgreSQL.

use roundhouse::clock::Clock;
use roundhouse::store::{Database, Store};
use roundhouse::table::{Caller, Command, Place, Table, TableOptions};

use crate::db_outage::{server_address, through_port, url_of};
use crate::round_trip_proxy::RoundTripProxy;
use crate::test_db::TestDb;

/// The most round trips one person's move may take once its statements are prepared, when the
/// caller's name has not changed: the pool's check of the connection before each of the two uses (2),
/// reading the game with its seats and vote (1), and the one statement that checks the version and
/// writes the move, committed on its own (1). (It was 31 when every query was prepared anew, each write
/// in a transaction of several statements, and 6 while every command wrote the caller's name first.)
const MOST_ROUND_TRIPS_PER_MOVE: usize = 4;

fn person(id: &str) -> Caller {
    Caller::new(id, id.to_uppercase())
}

#[test]
fn a_move_waits_for_the_server_a_bounded_number_of_times() {
    let Some(db) = TestDb::postgres() else {
        return;
    };
    let url = url_of(&db);
    let proxy = RoundTripProxy::start(server_address(&url));
    let store = Store::connect(
        &Database::Postgres(through_port(&url, proxy.port())),
        Clock::system(),
    )
    .unwrap();
    let options = TableOptions {
        pictures: false,
        ..TableOptions::default()
    };
    let table = Table::new(store, options);
    let place = Place::channel("round-trips");
    let new = Command::New {
        game: "yardmaster".into(),
        options: Vec::new(),
        seed: Some(7),
        sit: true,
    };
    for (who, command) in [
        ("ann", new),
        ("bob", Command::Join),
        ("ann", Command::Start),
    ] {
        table.handle(&place, &person(who), command).unwrap();
    }
    let mut per_move = Vec::new();
    for _ in 0..8 {
        let who = person(&table.people_to_act(&place).unwrap()[0]);
        let notation = table.legal_moves(&place, &who, "").unwrap()[0]
            .notation
            .clone();
        let before = proxy.round_trips();
        table.handle(&place, &who, Command::Move(notation)).unwrap();
        per_move.push(proxy.round_trips() - before);
    }
    let warm = &per_move[2..];
    assert!(
        warm.iter().all(|&n| n <= MOST_ROUND_TRIPS_PER_MOVE),
        "round trips per move: {per_move:?}"
    );
}

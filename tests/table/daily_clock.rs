//! The daily puzzle follows the table's clock: moving a manual clock past midnight UTC turns "today"
//! over to the next puzzle, as the front ends see it.

use roundhouse::calendar::Day;
use roundhouse::clock::ManualClock;
use roundhouse::store::Store;
use roundhouse::table::{Caller, Place, PuzzleCommand, Table, TableOptions};

/// Today's puzzle, as a front end asks for it: at the moment the table's clock gives.
fn todays_text(table: &Table) -> String {
    let reply = table
        .puzzle(
            &Place::channel("111"),
            &Caller::new("u-alice", "Alice"),
            PuzzleCommand::Today,
            table.clock().now(),
        )
        .unwrap_or_else(|e| panic!("{e}"));
    reply.public.or(reply.private).expect("an answer").text
}

#[test]
fn setting_the_clock_past_midnight_brings_the_next_daily_puzzle() {
    let saturday: Day = "2026-11-21".parse().unwrap();
    let hand = ManualClock::at(saturday.next().0 * 86_400 - 1);
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open_with_clock(&dir.path().join("d.db"), hand.clock()).unwrap();
    let options = TableOptions {
        pictures: false,
        ..TableOptions::default()
    };
    let table = Table::new(store, options);
    assert_eq!(table.clock().today(), saturday);

    let before = todays_text(&table);
    assert!(before.contains("#21"), "{before}");
    assert!(!before.contains("#22"), "{before}");

    hand.advance(1);
    assert_eq!(table.clock().today(), saturday.next());
    let after = todays_text(&table);
    assert!(after.contains("#22"), "{after}");
    assert!(!after.contains("#21"), "{after}");

    hand.set(saturday.0 * 86_400);
    assert!(todays_text(&table).contains("#21"), "set back a day");
}

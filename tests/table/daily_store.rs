//! The daily puzzle's records, on SQLite and on PostgreSQL alike: posts claimed once per channel and day
//! (also after reopening the database, and among stores racing for one), streak days at UTC day edges,
//! and the day's leaderboard order.

use std::sync::Barrier;
use std::thread;

use roundhouse::calendar::Day;
use roundhouse::shards::ShardRange;
use roundhouse::store::{
    AttemptChange, AttemptRecord, DailyChannel, POST_TRIES, Store, StoreError,
};
use roundhouse::table::daily::streaks;

const DAY: i64 = 86_400;

fn day() -> Day {
    "2026-11-21".parse().unwrap()
}

fn start_of(day: Day) -> i64 {
    day.0 * DAY
}

/// Begins `user`'s attempt at `day`'s puzzle and ends it at `finished_at` with `moves` moves.
fn finish(
    store: &Store,
    user: &str,
    guild: &str,
    day: Day,
    moves: usize,
    finished_at: i64,
    solved: bool,
) -> AttemptRecord {
    let number = day.puzzle_number().unwrap();
    let record = store
        .daily_begin(user, guild, user, number, day.0, start_of(day))
        .unwrap();
    let change = AttemptChange {
        moves: (0..moves)
            .map(|i| format!("L1 A{}>A{} +0", i + 1, i + 2))
            .collect(),
        finish: Some(solved),
    };
    store.daily_update(&record, &change, finished_at).unwrap();
    store.daily_attempt(user, guild, number).unwrap().unwrap()
}

on_both_backends! {
fn a_post_is_claimed_once_per_channel_and_day_even_after_reopening(db) {
    let today = day().0;
    {
        let store = db.open();
        store
            .set_daily_channel(
                &DailyChannel {
                    guild: "g1".into(),
                    channel: "c1".into(),
                    post_minute: 9 * 60,
                },
                "admin",
                0,
            )
            .unwrap();
        assert!(store.claim_daily_post("g1", "c1", today, 1).unwrap());
        assert!(!store.claim_daily_post("g1", "c1", today, 2).unwrap());
        // Another channel and another day are separate posts.
        assert!(store.claim_daily_post("g1", "c2", today, 2).unwrap());
        assert!(store.claim_daily_post("g1", "c1", today + 1, 2).unwrap());
    }
    let store = db.open();
    assert_eq!(store.daily_channels(&ShardRange::ONE).unwrap().len(), 1);
    assert!(
        !store.claim_daily_post("g1", "c1", today, 3).unwrap(),
        "a claimed post stays claimed across a restart (its fate may be unknown)"
    );
    store.daily_post_sent("c1", today, 4).unwrap();
    assert!(!store.claim_daily_post("g1", "c1", today, 5).unwrap());
    assert_eq!(
        store.daily_post_state("c1", today).unwrap(),
        Some(("sent".to_owned(), 1))
    );

    // A refused post is tried again (also after reopening), up to POST_TRIES tries in all.
    let mut store = store;
    for tries in 2..=POST_TRIES {
        store.daily_post_failed("c2", today, 6).unwrap();
        drop(store);
        store = db.open();
        assert!(store.claim_daily_post("g1", "c2", today, 7).unwrap());
        assert_eq!(
            store.daily_post_state("c2", today).unwrap(),
            Some(("claimed".to_owned(), tries))
        );
    }
    store.daily_post_failed("c2", today, 8).unwrap();
    assert!(!store.claim_daily_post("g1", "c2", today, 9).unwrap());
    assert_eq!(
        store.daily_post_state("c2", today).unwrap(),
        Some(("failed".to_owned(), POST_TRIES))
    );
}
}

on_both_backends! {
fn streak_days_are_solves_on_the_puzzles_own_utc_day(db) {
    let store = db.open();
    let d = |offset: i64| Day(day().0 + offset);
    // Solved at the last second of its day: counts. At the first second of the next day: does not.
    finish(&store, "u1", "g1", d(-6), 5, start_of(d(-5)) - 1, true);
    finish(&store, "u1", "g1", d(-5), 5, start_of(d(-4)), true);
    // Three days in a row, on two servers; a give-up and an archive solve do not count.
    finish(&store, "u1", "g1", d(-4), 5, start_of(d(-4)) + 60, true);
    finish(&store, "u1", "g2", d(-3), 5, start_of(d(-3)) + 60, true);
    finish(&store, "u1", "g1", d(-2), 5, start_of(d(-2)) + 60, true);
    finish(&store, "u1", "g1", d(-1), 5, start_of(d(-1)) + 60, false);
    finish(&store, "u1", "g2", d(-1), 5, start_of(d(0)) + 60, true);
    finish(&store, "u2", "g1", d(0), 5, start_of(d(0)) + 60, true);

    let days = store.daily_solved_days("u1").unwrap();
    assert_eq!(days, vec![d(-6).0, d(-4).0, d(-3).0, d(-2).0]);
    let s = streaks(&days, d(-1));
    assert_eq!((s.current, s.longest, s.today_solved), (3, 3, false));
    let s = streaks(&days, d(0));
    assert_eq!(
        (s.current, s.longest),
        (0, 3),
        "a day without a solve ends it"
    );
    assert_eq!(store.daily_solved_days("u2").unwrap(), vec![d(0).0]);
    assert!(store.daily_solved_days("nobody").unwrap().is_empty());
}
}

on_both_backends! {
fn the_leaderboard_puts_fewest_moves_first_then_earliest_finish(db) {
    let store = db.open();
    let today = day();
    let at = |hour: i64| start_of(today) + hour * 3600;
    finish(&store, "slow", "g1", today, 12, at(1), true);
    finish(&store, "late", "g1", today, 10, at(9), true);
    finish(&store, "early", "g1", today, 10, at(2), true);
    finish(&store, "quitter", "g1", today, 3, at(1), false);
    finish(&store, "elsewhere", "g2", today, 9, at(1), true);
    finish(&store, "next-day", "g1", today, 9, at(25), true);
    let rows = store
        .daily_leaderboard("g1", today.puzzle_number().unwrap(), 10)
        .unwrap();
    let order: Vec<(&str, usize)> = rows
        .iter()
        .map(|r| (r.user_id.as_str(), r.moves.len()))
        .collect();
    assert_eq!(order, vec![("early", 10), ("late", 10), ("slow", 12)]);
    assert_eq!(
        store
            .daily_leaderboard("g1", today.puzzle_number().unwrap(), 2)
            .unwrap()
            .len(),
        2
    );
}
}

on_both_backends! {
fn an_attempt_changes_only_at_the_version_it_was_read(db) {
    let store = db.open();
    let record = store
        .daily_begin("u1", "g1", "Alice", 21, day().0, 10)
        .unwrap();
    let change = AttemptChange {
        moves: vec!["L1 A1>A2 +0".into()],
        finish: None,
    };
    store.daily_update(&record, &change, 11).unwrap();
    assert!(matches!(
        store.daily_update(&record, &change, 12),
        Err(StoreError::Conflict)
    ));
    let again = store
        .daily_begin("u1", "g1", "Alice", 21, day().0, 13)
        .unwrap();
    assert_eq!(again.moves, change.moves);
    assert_eq!(again.started_at, 10, "continuing keeps the start time");
    assert!(!again.finished());
}
}

on_both_backends! {
/// Stores of their own (processes, for PostgreSQL) claiming one day's post together: exactly one sends it.
fn of_stores_racing_for_a_post_exactly_one_claims_it(db) {
    let today = day().0;
    let stores: Vec<Store> = (0..4).map(|_| db.open()).collect();
    for round in 0..5 {
        let channel = format!("c{round}");
        let barrier = Barrier::new(stores.len());
        let claims: Vec<bool> = thread::scope(|scope| {
            let racers: Vec<_> = stores
                .iter()
                .map(|store| {
                    scope.spawn(|| {
                        barrier.wait();
                        store.claim_daily_post("g1", &channel, today, 1).unwrap()
                    })
                })
                .collect();
            racers.into_iter().map(|r| r.join().unwrap()).collect()
        });
        assert_eq!(claims.iter().filter(|c| **c).count(), 1, "round {round}: {claims:?}");
    }
}
}

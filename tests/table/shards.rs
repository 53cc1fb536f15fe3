//! Several bot processes over one database, each holding a range of Discord shards: the store's sweeps
//! (idle games and lobbies, daily post settings) return only the guilds a range holds, so two processes
//! split every reminder and daily post between them, never both sending one; the daily post's claim
//! holds across processes; and a writer that lost a race to another process is told to try again,
//! with its move neither lost nor doubled.

use std::sync::{Arc, Barrier};
use std::thread;

use roundhouse::clock::ManualClock;
use roundhouse::shards::ShardRange;
use roundhouse::store::{DailyChannel, Database, NewGame, SeatRecord, Status, Store, Update};
use roundhouse::table::{Caller, Command, Notice, Place, Table, TableError, TableOptions};

use crate::test_db::TestDb;

const HOUR: i64 = 3600;

/// The tables' clock at the start: 2026-11-21 12:00 UTC.
const T0: i64 = 1_795_262_400;

/// Guild ids spread over shards: snowflakes of today's size (19 digits, above `u32`), small ones, and
/// the largest a signed 64-bit column holds.
fn guild_ids() -> Vec<u64> {
    let mut ids: Vec<u64> = (0..24u64)
        .map(|k| (1_300_000_000_000u64 + k * 977) << 22 | (k * 31))
        .collect();
    ids.extend([0, 1 << 22, 5 << 22, i64::MAX as u64]);
    ids
}

/// Discord's rule, written here independently of the store's queries: a guild's shard is
/// `(guild_id >> 22) % total`; no guild, or one that is not an id, is shard 0.
fn shard_of(guild: Option<&str>, total: u32) -> u32 {
    guild
        .and_then(|g| g.parse::<u64>().ok())
        .map_or(0, |id| ((id >> 22) % u64::from(total)) as u32)
}

fn range(total: u32, first: u32, last: u32) -> ShardRange {
    ShardRange::new(total, first, last).unwrap()
}

/// Every guild to try: the ids, no guild, and a guild that is not a Discord id.
fn guilds() -> Vec<Option<String>> {
    guild_ids()
        .into_iter()
        .map(|id| Some(id.to_string()))
        .chain([None, Some("guild-1".to_owned())])
        .collect()
}

fn game_in(channel: &str, guild: Option<String>) -> NewGame {
    NewGame {
        channel: channel.into(),
        guild,
        kind: "yardmaster".into(),
        options: "{}".into(),
        seed: 7,
        host: "u1".into(),
        seats: vec![SeatRecord::human("u1", "Alice")],
    }
}

on_both_backends! {
fn idle_games_and_lobbies_are_those_of_the_guilds_a_range_holds(db) {
    let store = db.open();
    let mut expected = Vec::new();
    for (i, guild) in guilds().into_iter().enumerate() {
        let game = store.create_game(&game_in(&format!("c{i}"), guild.clone())).unwrap();
        if i % 2 == 0 {
            let start = Update { status: Some(Status::Active), ..Update::default() };
            store.update(game.id, 0, &start).unwrap();
        }
        expected.push((game.id, guild, i % 2 == 0));
    }
    for (total, first, last) in [(1, 0, 0), (2, 0, 0), (2, 1, 1), (3, 1, 2), (5, 4, 4), (7, 0, 6)] {
        let shards = range(total, first, last);
        let held = |active: bool| -> Vec<i64> {
            let mut ids: Vec<i64> = expected
                .iter()
                .filter(|(_, guild, a)| {
                    *a == active && (first..=last).contains(&shard_of(guild.as_deref(), total))
                })
                .map(|(id, _, _)| *id)
                .collect();
            ids.sort();
            ids
        };
        let ids = |rows: Vec<(i64, String)>| -> Vec<i64> {
            let mut ids: Vec<i64> = rows.into_iter().map(|(id, _)| id).collect();
            ids.sort();
            ids
        };
        assert_eq!(ids(store.idle_games(i64::MAX, &shards).unwrap()), held(true), "{shards}");
        assert_eq!(ids(store.idle_lobbies(i64::MAX, &shards).unwrap()), held(false), "{shards}");
    }
    let halves: Vec<usize> = [range(2, 0, 0), range(2, 1, 1)]
        .iter()
        .map(|half| store.idle_games(i64::MAX, half).unwrap().len())
        .collect();
    assert!(halves.iter().all(|&n| n > 0), "both halves hold games: {halves:?}");
    assert_eq!(halves.iter().sum::<usize>(), store.idle_games(i64::MAX, &ShardRange::ONE).unwrap().len());
}
}

on_both_backends! {
fn daily_post_settings_are_those_of_the_guilds_a_range_holds(db) {
    let store = db.open();
    let ids = guild_ids();
    for (i, id) in ids.iter().enumerate() {
        let setting = DailyChannel {
            guild: id.to_string(),
            channel: format!("d{i}"),
            post_minute: 0,
        };
        store.set_daily_channel(&setting, "admin", T0).unwrap();
    }
    for shards in [range(2, 0, 0), range(2, 1, 1), range(4, 1, 3), ShardRange::ONE] {
        let mut got: Vec<String> = store
            .daily_channels(&shards)
            .unwrap()
            .into_iter()
            .map(|c| c.guild)
            .collect();
        got.sort();
        let mut want: Vec<String> = ids
            .iter()
            .filter(|id| (shards.first..=shards.last).contains(&shard_of(Some(&id.to_string()), shards.total)))
            .map(u64::to_string)
            .collect();
        want.sort();
        assert_eq!(got, want, "{shards}");
    }
}
}

on_both_backends! {
fn a_daily_post_is_claimed_by_one_process_of_many(db) {
    const PROCESSES: usize = 6;
    for round in 0..5 {
        let channel = format!("post-{round}");
        // A store each, as separate processes have (for PostgreSQL a pool of its own).
        let stores: Vec<Store> = (0..PROCESSES).map(|_| db.open()).collect();
        let start = Arc::new(Barrier::new(PROCESSES));
        let claims: Vec<bool> = thread::scope(|scope| {
            let racers: Vec<_> = stores
                .iter()
                .map(|store| {
                    let (start, channel) = (Arc::clone(&start), channel.clone());
                    scope.spawn(move || {
                        start.wait();
                        store.claim_daily_post("g", &channel, 20_000, T0).unwrap()
                    })
                })
                .collect();
            racers.into_iter().map(|r| r.join().unwrap()).collect()
        });
        assert_eq!(claims.iter().filter(|&&c| c).count(), 1, "round {round}: {claims:?}");
        // A refused post is claimed again, once, by one of them.
        stores[0].daily_post_failed(&channel, 20_000, T0).unwrap();
        let again: Vec<bool> = thread::scope(|scope| {
            let racers: Vec<_> = stores
                .iter()
                .map(|store| {
                    let channel = channel.clone();
                    scope.spawn(move || store.claim_daily_post("g", &channel, 20_000, T0).unwrap())
                })
                .collect();
            racers.into_iter().map(|r| r.join().unwrap()).collect()
        });
        assert_eq!(again.iter().filter(|&&c| c).count(), 1, "round {round}: {again:?}");
        assert_eq!(
            stores[1].daily_post_state(&channel, 20_000).unwrap(),
            Some(("claimed".to_owned(), 2))
        );
    }
}
}

fn person(id: &str) -> Caller {
    Caller::new(id, id.to_uppercase())
}

fn quiet_options() -> TableOptions {
    TableOptions {
        pictures: false,
        ..TableOptions::default()
    }
}

/// A game of two people in `place`, started, waiting for its first move.
fn start_two(table: &Table, place: &Place) {
    let new = Command::New {
        game: "yardmaster".into(),
        options: Vec::new(),
        seed: Some(11),
        sit: true,
    };
    table.handle(place, &person("ann"), new).unwrap();
    table.handle(place, &person("ben"), Command::Join).unwrap();
    table.handle(place, &person("ann"), Command::Start).unwrap();
}

on_both_backends! {
fn two_processes_split_reminders_and_daily_posts_and_neither_sends_one_twice(db) {
    let clock = ManualClock::at(T0);
    let process = |shards: ShardRange| {
        Table::new(db.open_with_clock(clock.clock()), quiet_options()).sweeping_shards(shards)
    };
    let (zero, one) = (process(range(2, 0, 0)), process(range(2, 1, 1)));
    // Twelve guilds, six on each shard; a game and a daily post in each.
    let mut places = Vec::new();
    let mut by_shard = [0, 0];
    let mut k = 0u64;
    while places.len() < 12 {
        k += 1;
        let guild = (1_300_000_000_000u64 + k) << 22;
        let shard = ((guild >> 22) % 2) as usize;
        if by_shard[shard] == 6 {
            continue;
        }
        by_shard[shard] += 1;
        let place = Place { channel: format!("{}", 900 + k), guild: Some(guild.to_string()) };
        start_two(if shard == 0 { &zero } else { &one }, &place);
        let setting = DailyChannel {
            guild: guild.to_string(),
            channel: format!("{}", 5_000 + k),
            post_minute: 0,
        };
        zero.store().set_daily_channel(&setting, "admin", T0).unwrap();
        places.push((place, shard));
    }
    let channels = |notices: &[Notice]| -> Vec<String> {
        let mut channels: Vec<String> = notices.iter().map(|n| n.channel.clone()).collect();
        channels.sort();
        channels
    };
    let shard_channels = |shard: usize| -> Vec<String> {
        let mut channels: Vec<String> = places
            .iter()
            .filter(|(_, s)| *s == shard)
            .map(|(p, _)| p.channel.clone())
            .collect();
        channels.sort();
        channels
    };
    // Both sweep at once, twice over each stage: each game's reminder comes once, from its shard.
    for stage_at in [T0 + 12 * HOUR + 5, T0 + 24 * HOUR + 5] {
        clock.set(stage_at);
        let (from_zero, from_one) = thread::scope(|scope| {
            let a = scope.spawn(|| zero.reminders_due(stage_at).unwrap());
            let b = scope.spawn(|| one.reminders_due(stage_at).unwrap());
            (a.join().unwrap(), b.join().unwrap())
        });
        assert_eq!(channels(&from_zero), shard_channels(0));
        assert_eq!(channels(&from_one), shard_channels(1));
        assert!(zero.reminders_due(stage_at).unwrap().is_empty(), "never twice");
        assert!(one.reminders_due(stage_at).unwrap().is_empty(), "never twice");
    }
    // The daily posts: each channel once, from the process holding its guild.
    let morning = T0 + 2 * 86_400 - 12 * HOUR + 60;
    clock.set(morning);
    let (posts_zero, posts_one) = thread::scope(|scope| {
        let a = scope.spawn(|| zero.daily_posts_due(morning).unwrap());
        let b = scope.spawn(|| one.daily_posts_due(morning).unwrap());
        (a.join().unwrap(), b.join().unwrap())
    });
    assert_eq!(posts_zero.len() + posts_one.len(), 12);
    for post in posts_zero.iter().chain(&posts_one) {
        let guild: u64 = post.guild.parse().unwrap();
        let expected = if posts_zero.contains(post) { 0 } else { 1 };
        assert_eq!((guild >> 22) % 2, expected, "{} posted by its shard", post.channel);
    }
    assert!(zero.daily_posts_due(morning).unwrap().is_empty());
    assert!(one.daily_posts_due(morning).unwrap().is_empty());
}
}

/// Counts the sessions `locker` (holding a transaction) blocks, on its own connection: directly, or
/// behind another waiter (PostgreSQL queues a second writer of a row behind the first).
fn blocked_by(locker: &mut postgres::Transaction<'_>) -> i64 {
    locker
        .query_one(
            "WITH RECURSIVE waiting(pid) AS ( \
               SELECT pid FROM pg_stat_activity WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid)) \
               UNION \
               SELECT a.pid FROM pg_stat_activity a JOIN waiting w ON w.pid = ANY(pg_blocking_pids(a.pid)) \
             ) SELECT count(*) FROM waiting",
            &[],
        )
        .unwrap()
        .get(0)
}

/// Two processes take the same move at the same moment (a player's command delivered to both, or a
/// stale process): the game's row is held locked until both have read the game and tried to write it,
/// so both write on the same version. One wins; the other is told the game changed meanwhile and to
/// try again, and changes nothing: the move is stored once, and trying again is answered from the
/// game as it now stands.
#[test]
fn a_stale_writer_in_another_process_is_told_to_try_again_and_nothing_is_lost_or_doubled() {
    let Some(db) = TestDb::postgres() else {
        return;
    };
    let place = Place {
        channel: "4242".into(),
        guild: Some("1300000000000000000".into()),
    };
    let first = Table::new(db.open(), quiet_options());
    let second = Table::new(db.open(), quiet_options());
    start_two(&first, &place);
    let game = first.store().open_game(&place.channel).unwrap().unwrap();
    let mover = person(&first.people_to_act(&place).unwrap()[0]);
    let notation = first.legal_moves(&place, &mover, "").unwrap()[0]
        .notation
        .clone();
    let moves_before = first.store().moves(game.id).unwrap().len();

    let Database::Postgres(server) = db.database().clone() else {
        unreachable!("TestDb::postgres is a PostgreSQL database")
    };
    let lock_game = game.id;
    let (outcomes, blocked) = thread::scope(|scope| {
        let (locked_tx, locked_rx) = std::sync::mpsc::channel();
        let (release_tx, release_rx) = std::sync::mpsc::channel::<()>();
        let locker = scope.spawn(move || {
            let mut client = postgres::Client::connect(&server, postgres::NoTls).unwrap();
            let mut tx = client.transaction().unwrap();
            tx.execute(
                "SELECT 1 FROM games WHERE id = $1 FOR UPDATE",
                &[&lock_game],
            )
            .unwrap();
            locked_tx.send(()).unwrap();
            // Wait (bounded by the tables' own, generous, connection timeouts) until both writers
            // queue behind the lock.
            let mut blocked = 0;
            for _ in 0..6000 {
                blocked = blocked_by(&mut tx);
                if blocked >= 2 {
                    break;
                }
                thread::sleep(std::time::Duration::from_millis(10));
            }
            release_rx.recv().ok();
            tx.commit().unwrap();
            blocked
        });
        locked_rx.recv().unwrap();
        let racers: Vec<_> = [&first, &second]
            .into_iter()
            .map(|table| {
                let (place, mover, notation) = (place.clone(), mover.clone(), notation.clone());
                scope.spawn(move || table.handle(&place, &mover, Command::Move(notation)))
            })
            .collect();
        release_tx.send(()).unwrap();
        let outcomes: Vec<_> = racers.into_iter().map(|r| r.join().unwrap()).collect();
        (outcomes, locker.join().unwrap())
    });
    assert_eq!(blocked, 2, "both writers waited on the same version");
    let won = outcomes.iter().filter(|o| o.is_ok()).count();
    assert_eq!(won, 1, "exactly one process stores the move: {outcomes:?}");
    let lost = outcomes.iter().find_map(|o| o.as_ref().err()).unwrap();
    assert!(matches!(lost, TableError::Conflict), "{lost:?}");
    let told = lost.to_string();
    assert!(
        told.contains("try again") && told.contains("nothing was done"),
        "{told}"
    );
    let log = second.store().moves(game.id).unwrap();
    assert_eq!(log.len(), moves_before + 1, "the move is stored once");
    assert_eq!(log.last().unwrap().notation, notation);
    let record = second.store().game(game.id).unwrap().unwrap();
    assert_eq!(record.version, game.version + 1, "one write, not two");
    // Trying again in the other process is answered from the game as it stands now.
    let retried = second.handle(&place, &mover, Command::Move(notation.clone()));
    assert!(
        retried.is_err(),
        "the same move is not taken twice: {retried:?}"
    );
    assert_eq!(
        second.store().moves(game.id).unwrap().len(),
        moves_before + 1
    );
}

on_both_backends! {
fn a_daily_post_left_claimed_by_a_killed_process_is_taken_over_by_the_next_however_old(db) {
    let morning = T0 + 86_400 - 12 * HOUR + 60;
    let clock = ManualClock::at(morning);
    let setting = DailyChannel {
        guild: "1300000000000000000".into(),
        channel: "777".into(),
        post_minute: 0,
    };
    let killed = Table::new(db.open_with_clock(clock.clock()), quiet_options());
    killed.store().set_daily_channel(&setting, "admin", morning).unwrap();
    let claimed = killed.daily_posts_due(morning).unwrap();
    assert_eq!(claimed.len(), 1);
    assert_eq!(claimed[0].left_claimed_at, None);
    // Killed here, between the claim and its record. Its own later rounds never send it again.
    assert!(killed.daily_posts_due(morning + 5).unwrap().is_empty());
    // The next process comes back hours later, long past Discord's memory of the nonce: it takes the
    // claim over all the same, saying since when the post may have been made, so that the front end
    // looks for it before sending.
    let later = morning + 5 * HOUR;
    clock.set(later);
    let next = Table::new(db.open_with_clock(clock.clock()), quiet_options());
    let again = next.daily_posts_due(later).unwrap();
    assert_eq!(again.len(), 1, "taken over");
    assert_eq!((again[0].channel.as_str(), again[0].day), ("777", claimed[0].day));
    assert_eq!(again[0].left_claimed_at, Some(morning));
    assert!(next.daily_posts_due(later + 5).unwrap().is_empty(), "once");
    // The second one is killed too, and a third process starts within the same second as its claim
    // (as in a release build): the claim is still not its own, and it takes it over.
    let third = Table::new(db.open_with_clock(clock.clock()), quiet_options());
    let third_time = third.daily_posts_due(later).unwrap();
    assert_eq!(third_time.len(), 1);
    assert_eq!(third_time[0].left_claimed_at, Some(later));
    third.daily_post_delivered(&third_time[0], roundhouse::table::daily::Delivery::Sent, later + 1).unwrap();
    assert_eq!(
        third.store().daily_post_state("777", claimed[0].day.0).unwrap(),
        Some(("sent".to_owned(), 1))
    );
    // Once recorded, no process takes it again.
    clock.set(later + 120);
    let fourth = Table::new(db.open_with_clock(clock.clock()), quiet_options());
    assert!(fourth.daily_posts_due(later + 120).unwrap().is_empty());
}
}

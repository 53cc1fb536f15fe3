//! Channel posts made exactly once when Discord fails: a server error or a broken connection after
//! a committed move is retried with the same nonce (Discord then returns the message it made instead
//! of a second one), and the daily post refused by Discord is tried again on later rounds, a bounded
//! number of times.

use std::path::Path;
use std::time::Duration;

use roundhouse::clock::Clock;
use roundhouse::discord::config::{Config, RemindersConfig};
use roundhouse::store::{DailyChannel, POST_TRIES, Store};
use serde_json::json;

use crate::announce::{other_than, public_with, started_game};
use crate::discord::{CHANNEL, WAIT, command, config_in, legal, pinged};
use crate::fake_discord::{FakeDiscord, Fault};
use crate::running_bot::{Running, start_bot};

const DAILY_GUILD: u64 = 900_000_000_000_000_021;
pub(crate) const DAILY_CHANNEL: u64 = 910_000_000_000_000_021;
/// The route of channel posts, as the fake matches it.
pub(crate) const POSTS: &str = "POST /channels/";

/// Starts a bot whose daily post in [`DAILY_CHANNEL`] is due at once, with a scheduler round every
/// second.
pub(crate) async fn daily_bot(fake: &FakeDiscord, db: &Path) -> Running {
    Store::open(db)
        .unwrap()
        .set_daily_channel(
            &DailyChannel {
                guild: DAILY_GUILD.to_string(),
                channel: DAILY_CHANNEL.to_string(),
                post_minute: 0,
            },
            "test",
            0,
        )
        .unwrap();
    let config = Config {
        reminders: RemindersConfig {
            check_every_secs: 1,
            ..RemindersConfig::default()
        },
        ..config_in(db, DAILY_GUILD)
    };
    start_bot(fake, &config).await
}

/// Waits for the daily post in [`DAILY_CHANNEL`] and checks it is the only one.
pub(crate) async fn the_one_daily_post(fake: &FakeDiscord) {
    let posts = fake.wait_channel_messages(DAILY_CHANNEL, 1, WAIT).await;
    assert!(posts[0].content.contains("Roundhouse daily #"), "{posts:?}");
}

/// The store's record of `channel`'s post of `day` (its state and tries), read without disturbing the
/// bot that may be running on `db`.
pub(crate) fn daily_state(db: &Path, channel: u64, day: i64) -> Option<(String, i64)> {
    let flags = rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY;
    let conn = rusqlite::Connection::open_with_flags(db, flags).ok()?;
    conn.query_row(
        "SELECT state, tries FROM daily_posts WHERE channel = ?1 AND day = ?2",
        rusqlite::params![channel.to_string(), day],
        |row| Ok((row.get(0)?, row.get(1)?)),
    )
    .ok()
}

/// Waits until the store records today's post in [`DAILY_CHANNEL`] as `state` after `tries` tries
/// (recording follows posting, later on a busy machine), unless the day changed since
/// `day_at_start`; panics with what it records after [`WAIT`].
pub(crate) async fn wait_daily_state(db: &Path, day_at_start: i64, state: &str, tries: i64) {
    let deadline = tokio::time::Instant::now() + WAIT;
    let wanted = Some((state.to_owned(), tries));
    loop {
        if Clock::system().today().0 != day_at_start {
            return;
        }
        let recorded = daily_state(db, DAILY_CHANNEL, day_at_start);
        if recorded == wanted {
            return;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "not recorded as {wanted:?} within {WAIT:?}: {recorded:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The HTTP statuses the fake answered the channel posts with (0: it hung up).
fn post_statuses(fake: &FakeDiscord) -> Vec<u16> {
    fake.requests(POSTS)
        .into_iter()
        .map(|(_, status)| status)
        .collect()
}

/// Makes one move in a started game with the first post of its announcement failing as `fault`
/// says, and checks it is announced once, pinging the next player, and confirmed to the mover.
async fn a_move_announced_once_despite(fault: Fault) {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let (bot, to_act) = started_game(&fake, &dir.path().join("p.db")).await;
    let notation = legal(&fake, &to_act, CHANNEL, "").await[0].1.clone();
    let posts_before = fake.requests(POSTS).len();
    fake.fail_requests(POSTS, 1, fault);

    let moved = command(&fake, &to_act, "move", json!({"action": notation})).await;
    assert!(
        !moved.ephemeral && moved.content.contains("added"),
        "{moved:?}"
    );
    assert_eq!(pinged(&moved), other_than(&to_act).id);
    assert_eq!(public_with(&fake, "added").len(), 1, "announced once");
    let tries = post_statuses(&fake).split_off(posts_before);
    assert_eq!(tries.len(), 2, "the failed post and its retry: {tries:?}");
    assert_eq!(tries[1], 200);
    assert!(
        public_with(&fake, "Something went wrong").is_empty()
            && fake.unexpected_requests().is_empty(),
        "{:?}",
        fake.unexpected_requests()
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_error_on_a_moves_announcement_is_retried_and_announced_once() {
    a_move_announced_once_despite(Fault::ServerErrorAfter).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_broken_after_the_announcement_was_made_still_announces_once() {
    a_move_announced_once_despite(Fault::HangUpAfter).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_daily_post_with_its_connection_broken_is_posted_once() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("d.db");
    let day_at_start = Clock::system().today().0;
    let fake = FakeDiscord::start().await;
    fake.fail_requests(POSTS, 1, Fault::HangUpAfter);
    let bot = daily_bot(&fake, &db).await;

    the_one_daily_post(&fake).await;
    // The message was made before the connection broke; the bot cannot know and posts again.
    fake.wait_requests(POSTS, 2, WAIT).await;
    wait_daily_state(&db, day_at_start, "sent", 1).await;
    bot.stop().await;
    assert_eq!(post_statuses(&fake), vec![0, 200]);
    assert_eq!(fake.channel_message_count(DAILY_CHANNEL), 1);
    assert_eq!(fake.unexpected_requests(), Vec::<String>::new());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_daily_post_is_tried_again_on_later_rounds_and_posted_once() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("r.db");
    let day_at_start = Clock::system().today().0;
    let fake = FakeDiscord::start().await;
    let missing_access = Fault::Refuse(403, 50001, "Missing Access");
    fake.fail_requests(POSTS, 2, missing_access);
    let bot = daily_bot(&fake, &db).await;

    the_one_daily_post(&fake).await;
    wait_daily_state(&db, day_at_start, "sent", 3).await;
    bot.stop().await;
    assert_eq!(post_statuses(&fake), vec![403, 403, 200], "one try a round");
    assert_eq!(fake.channel_message_count(DAILY_CHANNEL), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_daily_post_refused_every_time_is_given_up_after_its_tries() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.db");
    let day_at_start = Clock::system().today().0;
    let fake = FakeDiscord::start().await;
    let missing_permissions = Fault::Refuse(403, 50013, "Missing Permissions");
    fake.fail_requests(POSTS, usize::MAX, missing_permissions);
    let bot = daily_bot(&fake, &db).await;

    let tries = POST_TRIES as usize;
    fake.wait_requests(POSTS, tries, WAIT).await;
    wait_daily_state(&db, day_at_start, "failed", POST_TRIES).await;
    // Rounds come every second: a few more of them make no further try.
    tokio::time::sleep(Duration::from_secs(4)).await;
    bot.stop().await;
    assert_eq!(post_statuses(&fake), vec![403; tries]);
    assert!(fake.channel_messages(DAILY_CHANNEL).is_empty());
    wait_daily_state(&db, day_at_start, "failed", POST_TRIES).await;
}

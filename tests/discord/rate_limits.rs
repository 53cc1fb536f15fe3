//! Discord's rate limits with serenity's own rate limiter on, as in production: 429 storms on channel
//! posts, a global 429 and a route's limit reached are all waited out as Discord says, and every
//! post still goes out once, in order.

use std::time::Duration;

use roundhouse::clock::Clock;
use serde_json::json;

use crate::announce::{other_than, public_with, started_game};
use crate::channel_posts::{DAILY_CHANNEL, POSTS, daily_bot, the_one_daily_post, wait_daily_state};
use crate::discord::{CHANNEL, command, legal};
use crate::fake_discord::{FakeDiscord, FakeUser, Sent};
use crate::running_bot::Running;

/// The wait the fake's 429s ask for (serenity waits the `Retry-After` header: a whole second).
const RETRY_AFTER: Duration = Duration::from_millis(300);

/// Asserts that after each 429 on channel posts, the next post came at least `wait` later.
fn assert_waited_after_each_429(fake: &FakeDiscord, wait: Duration) {
    let requests = fake.requests(POSTS);
    for pair in requests.windows(2) {
        if pair[0].1 == 429 {
            let waited = pair[1].0 - pair[0].0;
            assert!(
                waited >= wait,
                "posted again after {waited:?}: {requests:?}"
            );
        }
    }
}

/// Makes `count` moves in turn from `to_act` on; returns their announcements.
async fn moves(fake: &FakeDiscord, mut to_act: FakeUser, count: usize) -> Vec<Sent> {
    let mut announced = Vec::new();
    for _ in 0..count {
        let notation = legal(fake, &to_act, CHANNEL, "").await[0].1.clone();
        let moved = command(fake, &to_act, "move", json!({"action": notation})).await;
        assert!(
            !moved.ephemeral && moved.content.contains("added"),
            "{moved:?}"
        );
        announced.push(moved);
        to_act = other_than(&to_act);
    }
    announced
}

/// Checks that `announced` are exactly the channel's move announcements, in order, and stops `bot`.
async fn assert_announced_once_in_order(fake: &FakeDiscord, bot: Running, announced: &[Sent]) {
    let ids = |sent: &[Sent]| -> Vec<String> {
        sent.iter().map(|s| s.message["id"].to_string()).collect()
    };
    assert_eq!(ids(&public_with(fake, "added")), ids(announced));
    assert_eq!(fake.unexpected_requests(), Vec::<String>::new());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn move_announcements_in_a_storm_of_429s_arrive_once_in_order_after_the_announced_waits() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let (bot, to_act) = started_game(&fake, &dir.path().join("s.db")).await;
    // More 429s in a row than the bot's own retries of old (five) ever waited out.
    fake.rate_limit(POSTS, 7, RETRY_AFTER);

    let announced = moves(&fake, to_act, 3).await;
    assert_eq!(fake.rate_limited(POSTS), 7);
    assert_waited_after_each_429(&fake, RETRY_AFTER);
    assert_announced_once_in_order(&fake, bot, &announced).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_global_429_holds_the_announcement_back_as_long_as_discord_says() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let (bot, to_act) = started_game(&fake, &dir.path().join("g.db")).await;
    fake.global_rate_limit(2, RETRY_AFTER);

    let announced = moves(&fake, to_act, 2).await;
    assert_eq!(fake.globally_rate_limited(), 2);
    assert_waited_after_each_429(&fake, RETRY_AFTER);
    assert_announced_once_in_order(&fake, bot, &announced).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_channel_at_its_limit_makes_the_bot_wait_for_the_window_instead_of_meeting_a_429() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let (bot, to_act) = started_game(&fake, &dir.path().join("w.db")).await;
    let window = Duration::from_secs(2);
    fake.route_limit(POSTS, 1, window);
    let before = fake.requests(POSTS).len();

    let announced = moves(&fake, to_act, 2).await;
    let posts = fake.requests(POSTS).split_off(before);
    assert!(posts.iter().all(|&(_, status)| status == 200), "{posts:?}");
    assert_eq!(posts.len(), 2);
    // The headers said the window's one post was spent; the bot waited for the window to end (less
    // the rounding of `X-RateLimit-Reset-After` to milliseconds).
    let waited = posts[1].0 - posts[0].0;
    assert!(waited + Duration::from_millis(5) >= window, "{waited:?}");
    assert_announced_once_in_order(&fake, bot, &announced).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_daily_post_survives_a_storm_of_429s_and_is_posted_once() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("storm.db");
    let day_at_start = Clock::system().today().0;
    let fake = FakeDiscord::start().await;
    // More 429s than the table has tries for a daily post: each is waited out, none spends a try.
    fake.rate_limit(POSTS, 4, RETRY_AFTER);
    let bot = daily_bot(&fake, &db).await;

    the_one_daily_post(&fake).await;
    // Recorded once the post is made: later than that on a busy machine, so waited for.
    wait_daily_state(&db, day_at_start, "sent", 1).await;
    bot.stop().await;
    assert_eq!(fake.rate_limited(POSTS), 4);
    assert_waited_after_each_429(&fake, RETRY_AFTER);
    assert_eq!(fake.channel_message_count(DAILY_CHANNEL), 1);
    assert_eq!(fake.unexpected_requests(), Vec::<String>::new());
}

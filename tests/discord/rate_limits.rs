//! A 429 storm on the channel message route: the bot waits as Discord tells it and the daily post still
//! goes out, once.

use std::time::Duration;

use roundhouse::clock::Clock;
use roundhouse::discord::config::{Config, RemindersConfig};
use roundhouse::store::{DailyChannel, Store};

use crate::fake_discord::FakeDiscord;
use crate::running_bot::start_bot;

const GUILD: u64 = 900_000_000_000_000_021;
const CHANNEL: u64 = 910_000_000_000_000_021;
/// How long the daily post may take: the scheduler makes the day's puzzle first, which in a debug build on
/// a busy machine has taken over 15 s.
const POST_WAIT: Duration = Duration::from_secs(120);
const MESSAGES: &str = "POST /channels/";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_daily_post_survives_a_storm_of_429s_and_is_posted_once() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("storm.db");
    let day_at_start = Clock::system().today();
    Store::open(&db)
        .unwrap()
        .set_daily_channel(
            &DailyChannel {
                guild: GUILD.to_string(),
                channel: CHANNEL.to_string(),
                post_minute: 0,
            },
            "test",
            0,
        )
        .unwrap();
    let fake = FakeDiscord::start().await;
    // As many 429s as the table has tries for a daily post: before the bot retried 429s itself, each
    // try was spent on one of them and the post never went out.
    fake.rate_limit(MESSAGES, 3, Duration::from_millis(100));
    let config = Config {
        token: Some(FakeDiscord::TOKEN.into()),
        database: db.clone(),
        guild_id: Some(GUILD),
        log_level: "warn".into(),
        reminders: RemindersConfig {
            check_every_secs: 1,
            ..RemindersConfig::default()
        },
        api_url: Some(fake.api_url()),
        limits: Default::default(),
    };
    let bot = start_bot(&config).await;

    let posts = fake.wait_channel_messages(CHANNEL, 1, POST_WAIT).await;
    assert!(posts[0].content.contains("Roundhouse daily #"), "{posts:?}");
    assert_eq!(fake.rate_limited(MESSAGES), 3);
    if Clock::system().today() == day_at_start {
        // One try, not failed: the table never tries it again today ("claimed" until the bot has
        // recorded the answer, then "sent").
        let state = Store::open(&db)
            .unwrap()
            .daily_post_state(&CHANNEL.to_string(), day_at_start.0)
            .unwrap();
        assert!(
            matches!(&state, Some((s, 1)) if s == "claimed" || s == "sent"),
            "{state:?}"
        );
    }
    bot.stop().await;
    assert_eq!(fake.channel_messages(CHANNEL).len(), 1);
    assert_eq!(fake.unexpected_requests(), Vec::<String>::new());
}

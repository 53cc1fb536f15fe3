//! A daily post left claimed by a process killed between its claim and its record, taken over by the
//! next process hours later, long past Discord's memory of the post's nonce: the bot looks for its own
//! post in the channel and sends it only if it is not there, so the post appears exactly once.

use std::path::Path;
use std::time::Duration;

use roundhouse::clock::Clock;
use roundhouse::store::{DailyChannel, Store};
use roundhouse::table::{Table, TableOptions};
use serde_json::json;

use crate::channel_posts::{POSTS, daily_state};
use crate::discord::{WAIT, alice, config_in};
use crate::fake_discord::FakeDiscord;
use crate::running_bot::start_bot;

const GUILD: u64 = 900_000_000_000_000_031;
/// The channel whose post the killed process made.
const MADE: u64 = 910_000_000_000_000_031;
/// The channel whose post the killed process never made, where a member quoted the post.
const NOT_MADE: u64 = 910_000_000_000_000_032;
/// How long before the restart the killed process claimed the posts.
const CLAIMED_AGO: i64 = 3 * 3600;
const POLL: Duration = Duration::from_millis(100);

/// Today's daily post text, as the table makes it (from a database of its own).
fn todays_post(dir: &Path) -> String {
    let options = TableOptions {
        pictures: false,
        ..TableOptions::default()
    };
    let table = Table::new(Store::open(&dir.join("scratch.db")).unwrap(), options);
    let setting = DailyChannel {
        guild: "1".into(),
        channel: "1".into(),
        post_minute: 0,
    };
    table
        .store()
        .set_daily_channel(&setting, "test", 0)
        .unwrap();
    let now = Clock::system().now();
    table.daily_posts_due(now).unwrap().remove(0).post.text
}

/// The database as the killed process left it: both channels set up, both posts claimed
/// [`CLAIMED_AGO`], neither recorded.
fn left_by_a_killed_process(db: &Path, day: i64) {
    let store = Store::open(db).unwrap();
    let claimed_at = Clock::system().now() - CLAIMED_AGO;
    for channel in [MADE, NOT_MADE] {
        let setting = DailyChannel {
            guild: GUILD.to_string(),
            channel: channel.to_string(),
            post_minute: 0,
        };
        store.set_daily_channel(&setting, "test", 0).unwrap();
        assert!(
            store
                .claim_daily_post(&setting.guild, &setting.channel, day, claimed_at)
                .unwrap()
        );
    }
}

/// Posts `content` in `channel` as the bot, without a nonce, as the killed process did.
async fn post_as_the_bot(fake: &FakeDiscord, channel: u64, content: &str) {
    let response = fake
        .http_client()
        .post(format!(
            "https://discord.com/api/v10/channels/{channel}/messages"
        ))
        .header("authorization", format!("Bot {}", FakeDiscord::TOKEN))
        .header("content-type", "application/json")
        .body(json!({ "content": content }).to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
}

/// The recorded state of `channel`'s post of `day`.
fn post_state(db: &Path, channel: u64, day: i64) -> Option<String> {
    daily_state(db, channel, day).map(|(state, _)| state)
}

/// The bot's messages in `channel` whose first line is `heading`.
fn daily_posts(fake: &FakeDiscord, channel: u64, heading: &str) -> usize {
    fake.channel_messages(channel)
        .iter()
        .filter(|m| m.content.lines().next() == Some(heading))
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_post_left_claimed_hours_ago_is_looked_for_and_made_only_where_it_is_missing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("left.db");
    let day = Clock::system().today().0;
    let text = tokio::task::spawn_blocking({
        let dir = dir.path().to_owned();
        move || todays_post(&dir)
    })
    .await
    .unwrap();
    let heading = text.lines().next().unwrap().to_owned();
    left_by_a_killed_process(&db, day);
    let fake = FakeDiscord::start().await;
    post_as_the_bot(&fake, MADE, &text).await;
    fake.member_says(&alice(), NOT_MADE, &text);

    let config = roundhouse::discord::config::Config {
        reminders: roundhouse::discord::config::RemindersConfig {
            check_every_secs: 1,
            ..Default::default()
        },
        ..config_in(&db, GUILD)
    };
    let bot = start_bot(&fake, &config).await;
    let deadline = tokio::time::Instant::now() + WAIT;
    while [MADE, NOT_MADE]
        .iter()
        .any(|&channel| post_state(&db, channel, day).as_deref() != Some("sent"))
    {
        assert!(
            tokio::time::Instant::now() < deadline,
            "not recorded sent within {WAIT:?}: {:?}",
            [MADE, NOT_MADE].map(|c| post_state(&db, c, day))
        );
        tokio::time::sleep(POLL).await;
    }
    bot.stop().await;
    if Clock::system().today().0 != day {
        return;
    }

    assert_eq!(daily_posts(&fake, MADE, &heading), 1, "not made again");
    assert_eq!(
        fake.requests(&format!("{POSTS}{MADE}/messages")).len(),
        1,
        "only the killed process's post"
    );
    assert_eq!(
        daily_posts(&fake, NOT_MADE, &heading),
        1,
        "made once, a member's quote notwithstanding"
    );
    for channel in [MADE, NOT_MADE] {
        let looked = fake.requests(&format!("GET /channels/{channel}/messages"));
        assert!(!looked.is_empty(), "the bot looked in {channel}");
    }
    assert_eq!(fake.unexpected_requests(), Vec::<String>::new());
}

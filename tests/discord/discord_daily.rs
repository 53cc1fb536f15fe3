//! The daily puzzle through the real bot and a fake Discord: `/puzzle setup` (Manage Server only), the
//! scheduled post made once per channel and day (also after a restart on the same database), and a
//! private attempt with `/puzzle play`, `/puzzle move` (with autocomplete) and a public `/puzzle share`.

use std::path::Path;
use std::time::Duration;

use roundhouse::clock::Clock;
use roundhouse::discord::config::{Config, LimitsConfig, RemindersConfig};

// The daily puzzle is made when the post is first due, which takes a while in a test build on a busy
// machine: waits use the shared generous bound.
use crate::discord::WAIT;
use crate::fake_discord::{FakeDiscord, FakeUser, Sent};
use crate::running_bot::start_bot;
use roundhouse::games::shunting::daily::for_day;
use roundhouse::store::{DailyChannel, Store};
use serde_json::json;

const GUILD: u64 = 900_000_000_000_000_001;
const CHANNEL: u64 = 910_000_000_000_000_001;
const OTHER_GUILD: u64 = 900_000_000_000_000_002;
const OTHER_CHANNEL: u64 = 910_000_000_000_000_002;
/// How long a scheduled daily post may take: the scheduler makes the day's puzzle first, which in a debug
/// build on a busy machine has taken over 15 s (measured: a timeout at 15 s with a load average of 11).
const POST_WAIT: Duration = Duration::from_secs(120);
const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

fn admin() -> FakeUser {
    FakeUser::new(1_000_000_000_000_000_001, "alice").with_manage_server()
}
fn player() -> FakeUser {
    FakeUser::new(1_000_000_000_000_000_002, "bob").with_manage_channels()
}

fn config(db: &Path) -> Config {
    Config {
        token: Some(FakeDiscord::TOKEN.into()),
        database: db.to_path_buf().into(),
        guild_id: Some(GUILD),
        log_level: "warn".into(),
        reminders: RemindersConfig {
            check_every_secs: 1,
            ..RemindersConfig::default()
        },
        api_url: None,
        shards: None,
        web_addr: None,
        web_url: None,
        limits: LimitsConfig::default(),
    }
}

async fn puzzle(
    fake: &FakeDiscord,
    user: &FakeUser,
    sub: &str,
    options: serde_json::Value,
) -> Sent {
    let before = fake.channel_message_count(CHANNEL);
    let id = fake
        .slash(user, GUILD, CHANNEL, &format!("puzzle {sub}"), options)
        .await;
    let answer = fake.reply(id, WAIT).await;
    // A public answer is a channel message, posted before the private acknowledgement completes;
    // the scheduled daily post (the one with a picture) may land in between.
    let public = fake
        .channel_messages(CHANNEL)
        .split_off(before)
        .into_iter()
        .find(|sent| sent.attachments.is_empty());
    match public {
        Some(public) => {
            assert!(answer.ephemeral, "{answer:?}");
            public
        }
        None => answer,
    }
}

/// The scheduled daily posts in a channel so far (the only channel messages with a picture).
fn daily_posts(fake: &FakeDiscord, channel: u64) -> Vec<Sent> {
    fake.channel_messages(channel)
        .into_iter()
        .filter(|sent| !sent.attachments.is_empty())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_daily_puzzle_is_posted_once_and_played_privately_through_slash_commands() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("daily.db");
    let fake = FakeDiscord::start().await;
    let settings = config(&db);
    let day_at_start = Clock::system().today();
    let daily = tokio::task::spawn_blocking(move || for_day(day_at_start))
        .await
        .unwrap()
        .expect("today has a daily puzzle");

    let first = start_bot(&fake, &settings).await;
    fake.wait_ready(WAIT).await;
    let registered = fake.wait_commands(WAIT).await;
    assert!(registered.iter().any(|c| c["name"] == "puzzle"));

    // Only Manage Server may set the post up. 00:00 UTC has always passed, so today's post is due now.
    let denied = puzzle(&fake, &player(), "setup", json!({"time": "00:00"})).await;
    assert!(
        denied.ephemeral && denied.content.contains("Manage Server"),
        "{}",
        denied.content
    );
    let bad = puzzle(&fake, &admin(), "setup", json!({"time": "25:99"})).await;
    assert!(
        bad.ephemeral && bad.content.contains("HH:MM"),
        "{}",
        bad.content
    );
    let set = puzzle(&fake, &admin(), "setup", json!({"time": "00:00"})).await;
    assert!(!set.ephemeral, "{}", set.content);
    assert!(
        set.content
            .contains(&format!("<#{CHANNEL}> every day at 00:00 UTC")),
        "{}",
        set.content
    );
    fake.wait_channel_messages(CHANNEL, 2, POST_WAIT).await;
    let posted = daily_posts(&fake, CHANNEL);
    assert!(
        posted[0]
            .content
            .contains(&format!("Roundhouse daily #{}", daily.number)),
        "{}",
        posted[0].content
    );
    assert!(posted[0].attachments[0].1.starts_with(PNG_SIGNATURE));

    // A private attempt: play, a refused move, moves from autocomplete, then the public share line.
    let no_attempt = puzzle(&fake, &player(), "move", json!({"action": "L1 A1>A2"})).await;
    assert!(no_attempt.ephemeral && no_attempt.content.contains("no attempt started"));
    let started = puzzle(&fake, &player(), "play", json!({})).await;
    assert!(started.ephemeral, "{}", started.content);
    assert!(started.attachments[0].1.starts_with(PNG_SIGNATURE));
    let early = puzzle(&fake, &player(), "share", json!({})).await;
    assert!(
        early.ephemeral && early.content.contains("Finish daily"),
        "{}",
        early.content
    );

    let choices = fake
        .reply(
            fake.autocomplete(
                &player(),
                GUILD,
                CHANNEL,
                "puzzle move",
                json!({"action": ""}),
                "action",
            )
            .await,
            WAIT,
        )
        .await
        .choices;
    assert!(!choices.is_empty() && choices.len() <= 25, "{choices:?}");
    let wrong = puzzle(&fake, &player(), "move", json!({"action": "nonsense"})).await;
    assert!(
        wrong.ephemeral && wrong.content.contains("Legal now:"),
        "{}",
        wrong.content
    );
    for (i, step) in daily.guide.iter().enumerate() {
        let moved = puzzle(
            &fake,
            &player(),
            "move",
            json!({"action": step.to_string()}),
        )
        .await;
        assert!(moved.ephemeral, "{}", moved.content);
        assert!(moved.attachments[0].1.starts_with(PNG_SIGNATURE));
        if i + 1 == daily.guide.len() {
            assert!(moved.content.contains("Solved in"), "{}", moved.content);
        } else {
            assert!(
                moved.content.starts_with(&format!("Move {}:", i + 1)),
                "{}",
                moved.content
            );
        }
    }
    let shared = puzzle(&fake, &player(), "share", json!({})).await;
    assert!(!shared.ephemeral);
    assert_eq!(
        shared.content,
        format!(
            "Roundhouse daily #{} · {} moves · Yard Master",
            daily.number,
            daily.optimum()
        )
    );
    let guide = puzzle(&fake, &player(), "guide", json!({})).await;
    assert!(
        guide.ephemeral && guide.content.starts_with("Guide to daily"),
        "{}",
        guide.content
    );
    let board = puzzle(&fake, &player(), "leaderboard", json!({})).await;
    assert!(board.content.contains("1. bob"), "{}", board.content);
    first.stop().await;

    // Restart on the same database. A second server's setting (added meanwhile) proves that the
    // scheduler ran again; the first channel gets nothing more.
    Store::open(&db)
        .unwrap()
        .set_daily_channel(
            &DailyChannel {
                guild: OTHER_GUILD.to_string(),
                channel: OTHER_CHANNEL.to_string(),
                post_minute: 0,
            },
            "test",
            0,
        )
        .unwrap();
    let second = start_bot(&fake, &settings).await;
    fake.wait_sessions(2, WAIT).await;
    fake.wait_channel_messages(OTHER_CHANNEL, 1, POST_WAIT)
        .await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    second.stop().await;
    if Clock::system().today() == day_at_start {
        let posts = daily_posts(&fake, CHANNEL);
        assert_eq!(
            posts.len(),
            1,
            "the daily post is never made twice: {posts:?}"
        );
        assert_eq!(fake.channel_message_count(OTHER_CHANNEL), 1);
    }
    assert!(
        fake.unexpected_requests().is_empty(),
        "{:?}",
        fake.unexpected_requests()
    );
}

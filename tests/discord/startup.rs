//! Startup that recovers: command registration retried when Discord answers with a server error,
//! commands told to try again until the bot is ready, and a bot that cannot get ready stopping
//! with an error instead of hanging.

use std::path::Path;
use std::time::Duration;

use roundhouse::discord::config::Config;
use roundhouse::discord::{ServeError, StartupPolicy};
use serde_json::json;

use crate::discord::shown;
use crate::fake_discord::{FakeDiscord, FakeUser, Sent};
use crate::running_bot::{start_bot, start_bot_with};

const GUILD: u64 = 900_000_000_000_000_011;
const CHANNEL: u64 = 910_000_000_000_000_011;
const WAIT: Duration = Duration::from_secs(60);
/// What the bot says before it is ready (`roundhouse::discord` keeps the text private).
const STARTING_UP: &str = "Roundhouse is starting up, try again in a moment.";

fn alice() -> FakeUser {
    FakeUser::new(1_000_000_000_000_000_011, "alice")
}

fn config(db: &Path) -> Config {
    crate::discord::config_in(db, GUILD)
}

/// Retries quickly, so a test does not wait out the production backoff; the deadline is far away.
fn quick_retries() -> StartupPolicy {
    StartupPolicy {
        first_delay: Duration::from_millis(20),
        max_delay: Duration::from_millis(100),
        deadline: Duration::from_secs(600),
    }
}

async fn open_game(fake: &FakeDiscord) -> Sent {
    let before = fake.channel_message_count(CHANNEL);
    let id = fake
        .slash(
            &alice(),
            GUILD,
            CHANNEL,
            "game new",
            json!({"game": "yardmaster"}),
        )
        .await;
    let answer = fake.reply(id, WAIT).await;
    shown(fake, CHANNEL, before, answer)
}

fn assert_opened(reply: &Sent) {
    assert!(
        !reply.ephemeral
            && reply
                .content
                .contains("opened a game of Yardmaster Express"),
        "{reply:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registration_failing_twice_then_succeeding_makes_the_bot_ready() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    fake.fail_registrations(2);
    let bot = start_bot_with(&fake, &config(&dir.path().join("d.db")), quick_retries()).await;
    bot.wait_ready(WAIT).await;
    assert_eq!(fake.wait_registrations(1, WAIT).await, 1);
    fake.wait_failed_registrations(2, WAIT).await;

    assert_opened(&open_game(&fake).await);
    assert_eq!(fake.unexpected_requests(), Vec::<String>::new());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_before_the_bot_is_ready_are_told_it_is_starting_up() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("d.db");
    let fake = FakeDiscord::start().await;
    // A first run registers the commands, so people can use them while the restarted bot is not ready.
    let first = start_bot(&fake, &config(&db)).await;
    fake.wait_registrations(1, WAIT).await;
    first.stop().await;

    fake.fail_registrations(usize::MAX);
    let second = start_bot_with(&fake, &config(&db), quick_retries()).await;
    fake.wait_sessions(2, WAIT).await;
    fake.wait_failed_registrations(2, WAIT).await;
    let early = open_game(&fake).await;
    assert_eq!(
        (early.content.as_str(), early.ephemeral),
        (STARTING_UP, true),
        "{early:?}"
    );

    fake.fail_registrations(0);
    second.wait_ready(WAIT).await;
    assert_eq!(fake.wait_registrations(2, WAIT).await, 2);
    // Nothing was opened by the early command: the game is opened now, not "already there".
    assert_opened(&open_game(&fake).await);
    assert_eq!(fake.unexpected_requests(), Vec::<String>::new());
    second.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registration_failing_always_ends_the_bot_with_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    fake.fail_registrations(usize::MAX);
    let policy = StartupPolicy {
        first_delay: Duration::from_millis(10),
        max_delay: Duration::from_millis(40),
        deadline: Duration::from_secs(1),
    };
    let bot = start_bot_with(&fake, &config(&dir.path().join("d.db")), policy).await;
    fake.wait_failed_registrations(1, WAIT).await;

    match bot.ended(WAIT).await {
        Err(ServeError::Startup(why)) => {
            assert!(why.contains("command registration failed"), "{why}");
            assert!(!why.contains('\n'), "one line: {why}");
        }
        other => panic!("the bot should give up with a startup error, not {other:?}"),
    }
    assert_eq!(fake.unexpected_requests(), Vec::<String>::new());
}

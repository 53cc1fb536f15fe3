//! The real bot started in the test process against a fake Discord, and stopped cleanly.

use std::sync::Arc;
use std::time::Duration;

use roundhouse::clock::Clock;
use roundhouse::discord::config::Config;
use roundhouse::discord::{Bot, ConnectOptions, Readiness, ServeError, StartupPolicy};
use roundhouse::table::Table;
use tokio::task::JoinHandle;

use crate::fake_discord::FakeDiscord;

/// How long the bot gets to stop once its shards shut down.
const STOP_WAIT: Duration = Duration::from_secs(10);
/// How long [`start_bot`] waits for the bot to be ready.
const READY_WAIT: Duration = Duration::from_secs(20);

/// A bot running in a task, with the handle that shuts it down.
pub struct Running {
    task: JoinHandle<Result<(), ServeError>>,
    shards: Arc<poise::serenity_prelude::ShardManager>,
    /// The bot's table, for test hooks.
    pub table: Arc<Table>,
    readiness: Arc<Readiness>,
}

impl Running {
    /// Shuts the shards down and waits for the bot to stop (as a restart would).
    pub async fn stop(self) {
        self.shards.shutdown_all().await;
        let ended = tokio::time::timeout(STOP_WAIT, self.task).await;
        assert!(ended.is_ok(), "the bot stops when its shards shut down");
    }

    /// Waits until the bot is ready (its commands registered): before that it answers every command
    /// with "starting up". Panics if it gave up or is not ready within `timeout`.
    pub async fn wait_ready(&self, timeout: Duration) {
        match tokio::time::timeout(timeout, self.readiness.wait()).await {
            Ok(Ok(())) => {}
            Ok(Err(why)) => panic!("the bot gave up getting ready: {why}"),
            Err(_) => panic!("the bot is not ready after {timeout:?}"),
        }
    }

    /// Waits for the bot to stop on its own (it gives up getting ready, say) and returns how it
    /// ended; panics if it is still running after `timeout`.
    pub async fn ended(self, timeout: Duration) -> Result<(), ServeError> {
        match tokio::time::timeout(timeout, self.task).await {
            Ok(ended) => ended.expect("the bot's task does not panic"),
            Err(_) => panic!("the bot still runs after {timeout:?}"),
        }
    }
}

/// Connects the bot with `config` to `fake` (as discord.com, serenity's rate limiter on), runs it
/// in a task and waits until it is ready.
pub async fn start_bot(fake: &FakeDiscord, config: &Config) -> Running {
    let running = start_bot_with(fake, config, StartupPolicy::default()).await;
    running.wait_ready(READY_WAIT).await;
    running
}

/// Connects the bot with `config` to `fake` and runs it in a task, retrying command registration as
/// `policy` says; does not wait until it is ready.
pub async fn start_bot_with(fake: &FakeDiscord, config: &Config, policy: StartupPolicy) -> Running {
    run(connect(fake, config, policy, Clock::system()).await)
}

/// [`start_bot`] with "now" taken from `clock`, which the test moves.
pub async fn start_bot_at(fake: &FakeDiscord, config: &Config, clock: Clock) -> Running {
    let running = run(connect(fake, config, StartupPolicy::default(), clock).await);
    running.wait_ready(READY_WAIT).await;
    running
}

/// Connects the bot to `fake` as discord.com, with serenity's rate limiter on.
async fn connect(fake: &FakeDiscord, config: &Config, policy: StartupPolicy, clock: Clock) -> Bot {
    let options = ConnectOptions {
        policy,
        http_client: Some(fake.http_client()),
        clock,
    };
    Bot::connect_with(config, options)
        .await
        .expect("the bot connects")
}

/// Runs a connected bot in a task.
fn run(bot: Bot) -> Running {
    let shards = bot.shard_manager();
    let readiness = bot.readiness();
    let table = bot.table();
    let task = tokio::spawn(bot.run());
    Running {
        task,
        shards,
        table,
        readiness,
    }
}

//! The real bot started in the test process against a fake Discord, and stopped cleanly.

use std::sync::Arc;
use std::time::Duration;

use roundhouse::discord::config::Config;
use roundhouse::discord::{Bot, ServeError};
use roundhouse::table::Table;
use tokio::task::JoinHandle;

/// How long the bot gets to stop once its shards shut down.
const STOP_WAIT: Duration = Duration::from_secs(10);

/// A bot running in a task, with the handle that shuts it down.
pub struct Running {
    task: JoinHandle<Result<(), ServeError>>,
    shards: Arc<poise::serenity_prelude::ShardManager>,
    /// The bot's table, for test hooks.
    pub table: Arc<Table>,
}

impl Running {
    /// Shuts the shards down and waits for the bot to stop (as a restart would).
    pub async fn stop(self) {
        self.shards.shutdown_all().await;
        let ended = tokio::time::timeout(STOP_WAIT, self.task).await;
        assert!(ended.is_ok(), "the bot stops when its shards shut down");
    }
}

/// Connects the bot with `config` and runs it in a task.
pub async fn start_bot(config: &Config) -> Running {
    let bot = Bot::connect(config).await.expect("the bot connects");
    let shards = bot.shard_manager();
    let table = bot.table();
    let task = tokio::spawn(bot.run());
    Running {
        task,
        shards,
        table,
    }
}

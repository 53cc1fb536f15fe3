//! The Discord front end: slash commands, buttons and scheduled reminders over the same [`Table`] as the
//! terminal. No game logic lives here: every command becomes a table [`crate::table::Command`], and every
//! table [`crate::table::Reply`] becomes messages.

mod buttons;
mod commands;
pub mod config;
mod messages;
mod respond;
mod scheduler;

use std::sync::{Arc, Mutex};

use poise::serenity_prelude as serenity;

use crate::store::Store;
use crate::table::{Table, TableOptions};
use config::Config;

/// What every command can reach.
pub struct Data {
    /// The table layer over the store.
    pub table: Arc<Table>,
}

/// The error type of commands (failures of Discord calls; people's mistakes are replies, not errors).
pub type Error = Box<dyn std::error::Error + Send + Sync>;
/// The context of a command.
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// Why the bot could not run.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The database could not be opened.
    #[error("{0}")]
    Store(#[from] crate::store::StoreError),
    /// Discord refused the connection or the connection failed.
    #[error("Discord: {0}")]
    Discord(#[from] serenity::Error),
}

/// A connected, not yet running bot.
pub struct Bot {
    client: serenity::Client,
    scheduler: Arc<Mutex<Option<tokio::task::JoinHandle<()>>>>,
}

impl Bot {
    /// Opens the database and prepares the client, framework and commands.
    pub async fn connect(config: &Config) -> Result<Bot, ServeError> {
        let store = Store::open(&config.database)?;
        let options = TableOptions {
            pictures: true,
            reminders: config.reminders.policy(),
            limits: config.limits.flood_limits(),
        };
        let table = Arc::new(Table::new(store, options));
        let mut http = serenity::HttpBuilder::new(config.token());
        if let Some(url) = &config.api_url {
            http = http.proxy(url.clone()).ratelimiter_disabled(true);
        }
        let http = http.build();
        let scheduler = Arc::new(Mutex::new(None));
        let framework = framework(table, config, Arc::clone(&scheduler));
        let client =
            serenity::ClientBuilder::new_with_http(http, serenity::GatewayIntents::empty())
                .framework(framework)
                .await?;
        Ok(Bot { client, scheduler })
    }

    /// Stops the bot when told: [`Bot::run`] then returns.
    pub fn shard_manager(&self) -> Arc<serenity::ShardManager> {
        Arc::clone(&self.client.shard_manager)
    }

    /// Runs until the connection ends or the shards are shut down.
    pub async fn run(mut self) -> Result<(), ServeError> {
        let result = self.client.start().await;
        if let Some(task) = self.scheduler.lock().ok().and_then(|mut slot| slot.take()) {
            task.abort();
        }
        result.map_err(ServeError::from)
    }
}

/// Runs the bot until Ctrl-C.
pub async fn serve(config: Config) -> Result<(), ServeError> {
    let bot = Bot::connect(&config).await?;
    let shards = bot.shard_manager();
    tokio::spawn(async move {
        if tokio::signal::ctrl_c().await.is_ok() {
            tracing::info!("stopping");
            shards.shutdown_all().await;
        }
    });
    bot.run().await
}

fn framework(
    table: Arc<Table>,
    config: &Config,
    scheduler: Arc<Mutex<Option<tokio::task::JoinHandle<()>>>>,
) -> poise::Framework<Data, Error> {
    let guild = config.guild_id.map(serenity::GuildId::new);
    let every = std::time::Duration::from_secs(config.reminders.check_every_secs.max(1));
    poise::Framework::builder()
        .initialize_owners(false)
        .options(poise::FrameworkOptions {
            commands: commands::all(),
            event_handler: |framework, event| {
                Box::pin(buttons::on_event(framework.serenity_context, event, framework.user_data))
            },
            on_error: |error| Box::pin(respond::on_error(error)),
            ..Default::default()
        })
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                let commands = &framework.options().commands;
                match guild {
                    Some(guild) => poise::builtins::register_in_guild(ctx, commands, guild).await?,
                    None => poise::builtins::register_globally(ctx, commands).await?,
                }
                tracing::info!(user = %ready.user.name, "connected; {} commands registered", commands.len());
                let task = scheduler::spawn(Arc::clone(&ctx.http), Arc::clone(&table), every);
                if let Ok(mut slot) = scheduler.lock() {
                    *slot = Some(task);
                }
                Ok(Data { table })
            })
        })
        .build()
}

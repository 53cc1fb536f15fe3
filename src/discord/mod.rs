//! The Discord front end: slash commands, buttons and scheduled reminders over the same [`Table`] as the
//! terminal. No game logic lives here: every command becomes a table [`crate::table::Command`], and every
//! table [`crate::table::Reply`] becomes messages.

mod buttons;
mod channel_history;
mod channel_post;
mod commands;
pub mod config;
mod gated_framework;
mod messages;
mod panel_taps;
mod panel_view;
mod reach;
mod replay_animation;
mod replay_taps;
mod replay_view;
mod respond;
mod scheduler;
mod shutdown;
mod startup;
mod turn_messages;
mod turn_slots;
mod vote_buttons;

use std::sync::{Arc, Mutex};

use poise::serenity_prelude as serenity;

use crate::clock::Clock;
use crate::shards::ShardRange;
use crate::store::Store;
use crate::table::{Table, TableOptions};
use config::Config;
use gated_framework::GatedFramework;
use shutdown::WorkGate;
use startup::Registration;
pub use startup::{Readiness, StartupPolicy};
use turn_messages::TurnMessages;

/// What every command can reach.
pub struct Data {
    /// The table layer over the store.
    pub table: Arc<Table>,
    /// Which channel message is each turn's, and the commands under way in each channel.
    pub turn_messages: Arc<TurnMessages>,
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
    /// The stop signals could not be listened for.
    #[error("cannot listen for stop signals: {0}")]
    Signals(#[from] std::io::Error),
    /// Discord could not be reached, or refused the token, before anything was opened; the text says
    /// what could not be reached and what to check.
    #[error("{0}")]
    Unreachable(String),
    /// The bot connected but could not get ready (its commands could not be registered in time).
    #[error("{0}")]
    Startup(String),
}

/// How [`Bot::connect_with`] connects, beyond the settings in [`Config`].
#[derive(Default)]
pub struct ConnectOptions {
    /// How command registration is retried.
    pub policy: StartupPolicy,
    /// The HTTP client for Discord's REST API, used by serenity's rate limiter too; `None` builds
    /// serenity's own. Tests give one that reaches a fake Discord standing in for discord.com, so the
    /// bot runs with the rate limiter it has in production.
    pub http_client: Option<reqwest::Client>,
    /// Where "now" comes from: the system clock, or a manual one that tests move past reminder and
    /// absence thresholds.
    pub clock: Clock,
}

/// A connected, not yet running bot.
pub struct Bot {
    client: serenity::Client,
    scheduler: Arc<Mutex<Option<tokio::task::JoinHandle<()>>>>,
    table: Arc<Table>,
    gate: Arc<WorkGate>,
    ready: Arc<Readiness>,
    shards: Option<ShardRange>,
}

impl Bot {
    /// Opens the database and prepares the client, framework and commands, with the default
    /// [`ConnectOptions`].
    pub async fn connect(config: &Config) -> Result<Bot, ServeError> {
        Self::connect_with(config, ConnectOptions::default()).await
    }

    /// Like [`Bot::connect`], with the options in `connect`.
    pub async fn connect_with(config: &Config, connect: ConnectOptions) -> Result<Bot, ServeError> {
        let mut http = serenity::HttpBuilder::new(config.token());
        if let Some(client) = connect.http_client {
            http = http.client(client);
        }
        if let Some(url) = &config.api_url {
            // Serenity 0.12.5's rate limiter sends every request to discord.com, ignoring the proxy
            // (`Ratelimiter::perform` passes no proxy to `Request::build`), so it must be off here: the
            // proxy does the rate limiting (see `Config::api_url`).
            http = http.proxy(url.clone()).ratelimiter_disabled(true);
        }
        let http = http.build();
        // Discord first: a bot that cannot reach it, or whose token it refuses, opens no database (and
        // so creates none).
        reach::check(&http, config.api_url.as_deref()).await?;
        let options = TableOptions {
            pictures: true,
            reminders: config.reminders.policy(),
            limits: config.limits.flood_limits(),
        };
        // Opening may connect to a database server and migrate it, and a new table finishes what a
        // migration left to it: blocking work, kept off the runtime's workers (the PostgreSQL client
        // cannot run on them).
        let (database, clock) = (config.database.clone(), connect.clock);
        let table = tokio::task::spawn_blocking(move || {
            Store::connect(&database, clock).map(|store| Table::new(store, options))
        })
        .await
        .map_err(|e| ServeError::Startup(format!("opening the database failed: {e}")))??;
        // A process holding part of the shards sweeps only their guilds; one holding every shard (the
        // default) sweeps everything.
        let sweep = config.shards.unwrap_or(ShardRange::ONE);
        let table = Arc::new(table.sweeping_shards(sweep));
        let scheduler = Arc::new(Mutex::new(None));
        let ready = Arc::new(Readiness::default());
        let gate = Arc::new(WorkGate::default());
        let framework = GatedFramework {
            inner: framework(
                Arc::clone(&table),
                config,
                connect.policy,
                Arc::clone(&ready),
                Arc::clone(&scheduler),
                Arc::clone(&gate),
            ),
            gate: Arc::clone(&gate),
            ready: Arc::clone(&ready),
        };
        let client =
            serenity::ClientBuilder::new_with_http(http, serenity::GatewayIntents::empty())
                .framework(framework)
                .await?;
        Ok(Bot {
            client,
            scheduler,
            table,
            gate,
            ready,
            shards: config.shards,
        })
    }

    /// Whether the bot is ready (commands registered, scheduler running), to wait for.
    pub fn readiness(&self) -> Arc<Readiness> {
        Arc::clone(&self.ready)
    }

    /// Stops the bot when told: [`Bot::run`] then returns.
    pub fn shard_manager(&self) -> Arc<serenity::ShardManager> {
        Arc::clone(&self.client.shard_manager)
    }

    /// The table the bot serves (for tests' hooks, such as [`Table::slow_down_for_tests`]).
    #[doc(hidden)]
    pub fn table(&self) -> Arc<Table> {
        Arc::clone(&self.table)
    }

    /// Runs until the connection ends or the shards are shut down; [`Bot::run_until`] without a stop.
    /// Fails if the bot gave up getting ready (see [`StartupPolicy`]).
    pub async fn run(self) -> Result<(), ServeError> {
        self.run_until(std::future::pending()).await
    }

    /// Runs until the connection ends, the shards are shut down, or `stop` completes. Once `stop` has
    /// completed, new commands are turned away, the ones under way finish (for at most
    /// [`shutdown::WORK_WAIT`]) and the shards shut down; the connection is dropped even if no shard
    /// had started yet. In every case the scheduler then stops and the database is closed (its
    /// write-ahead log is written into the file).
    pub async fn run_until(mut self, stop: impl Future<Output = ()>) -> Result<(), ServeError> {
        let gate = Arc::clone(&self.gate);
        let shards = self.shard_manager();
        let stopping = async move {
            stop.await;
            let unfinished = gate.close_and_wait(shutdown::WORK_WAIT).await;
            if unfinished > 0 {
                tracing::warn!("stopping with {unfinished} commands or rounds unfinished");
            }
            shards.shutdown_all().await;
        };
        let client = &mut self.client;
        let connect = async {
            match self.shards {
                Some(shards) => {
                    tracing::info!("holding {shards}");
                    // Serenity 0.12.5 takes the range's end as the last shard, inclusive
                    // (`start_connection(range.start, range.end, total)` in client/mod.rs).
                    client
                        .start_shard_range(shards.first..shards.last, shards.total)
                        .await
                }
                // Discord's recommended count (`GET /gateway/bot`), every shard in this process.
                None => client.start_autosharded().await,
            }
        };
        let result = tokio::select! {
            result = connect => result.map_err(ServeError::from),
            () = stopping => Ok(()),
        };
        if let Some(task) = self.scheduler.lock().ok().and_then(|mut slot| slot.take()) {
            task.abort();
        }
        if let Err(e) = self.table.store().checkpoint() {
            tracing::error!("could not close the database cleanly: {e}");
        }
        if let Some(why) = self.ready.failure() {
            return Err(ServeError::Startup(why));
        }
        result
    }
}

/// Runs the bot until SIGTERM or SIGINT, then stops it cleanly ([`Bot::run_until`]).
pub async fn serve(config: Config) -> Result<(), ServeError> {
    let signal = shutdown::stop_signal()?;
    let bot = Bot::connect(&config).await?;
    bot.run_until(async {
        let name = signal.await;
        tracing::info!("{name} received: stopping");
    })
    .await?;
    tracing::info!("stopped cleanly; the database is closed");
    Ok(())
}

fn framework(
    table: Arc<Table>,
    config: &Config,
    policy: StartupPolicy,
    ready: Arc<Readiness>,
    scheduler: Arc<Mutex<Option<tokio::task::JoinHandle<()>>>>,
    gate: Arc<WorkGate>,
) -> poise::Framework<Data, Error> {
    let guild = config.guild_id.map(serenity::GuildId::new);
    let every = std::time::Duration::from_secs(config.reminders.check_every_secs.max(1));
    poise::Framework::builder()
        .initialize_owners(false)
        .options(poise::FrameworkOptions {
            commands: commands::all(),
            event_handler: |framework, event| {
                Box::pin(buttons::on_event(
                    framework.serenity_context,
                    event,
                    framework.user_data,
                ))
            },
            on_error: |error| Box::pin(respond::on_error(error)),
            ..Default::default()
        })
        // Setup cannot fail: registration runs in the background, so a failure there never leaves the
        // framework without its data (which would make every command wait forever).
        .setup(move |ctx, ready_event, framework| {
            Box::pin(async move {
                tracing::info!(user = %ready_event.user.name, "connected");
                let registration = Registration {
                    commands: poise::builtins::create_application_commands(
                        &framework.options().commands,
                    ),
                    guild,
                };
                let turn_messages =
                    Arc::new(TurnMessages::new(Arc::clone(&ctx.http), Arc::clone(&gate)));
                let (http, start_table) = (Arc::clone(&ctx.http), Arc::clone(&table));
                let bot = ready_event.user.id;
                let start_scheduler = move || {
                    let task = scheduler::spawn(http, bot, start_table, every, gate);
                    if let Ok(mut slot) = scheduler.lock() {
                        *slot = Some(task);
                    }
                };
                startup::spawn(
                    Arc::clone(&ctx.http),
                    Arc::clone(framework.shard_manager()),
                    registration,
                    policy,
                    Arc::clone(&ready),
                    start_scheduler,
                );
                Ok(Data {
                    table,
                    turn_messages,
                })
            })
        })
        .build()
}

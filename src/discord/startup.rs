//! Startup that recovers: command registration is retried with backoff; until it succeeds
//! [`super::gated_framework`] tells every command and click the bot is starting up (never left
//! waiting); a bot that cannot get ready within the deadline shuts its shards down, so
//! [`super::Bot::run`] returns the reason and the process exits.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::plural::counted;
use poise::serenity_prelude as serenity;
use serenity::http::HttpError;

/// How hard the bot tries to get ready: the wait after the first failed registration, doubled after
/// each further failure up to `max_delay`, and the `deadline` after which it gives up.
#[derive(Clone, Copy, Debug)]
pub struct StartupPolicy {
    /// The wait after the first failed attempt.
    pub first_delay: Duration,
    /// The longest wait between two attempts.
    pub max_delay: Duration,
    /// How long after the first attempt the bot gives up.
    pub deadline: Duration,
}

impl Default for StartupPolicy {
    /// 1 s doubling to 30 s, giving up after 5 minutes.
    fn default() -> Self {
        Self {
            first_delay: Duration::from_secs(1),
            max_delay: Duration::from_secs(30),
            deadline: Duration::from_secs(300),
        }
    }
}

/// Whether the bot is ready, and why it gave up if it could not get ready.
#[derive(Debug, Default)]
pub struct Readiness {
    ready: AtomicBool,
    failure: Mutex<Option<String>>,
    changed: tokio::sync::Notify,
}

impl Readiness {
    /// Whether commands are registered and the scheduler runs.
    pub fn is_ready(&self) -> bool {
        self.ready.load(Ordering::Acquire)
    }

    /// Why the bot gave up getting ready, if it did.
    pub fn failure(&self) -> Option<String> {
        self.failure.lock().ok().and_then(|slot| slot.clone())
    }

    /// Waits until the bot is ready, or until it gives up (then `Err` says why).
    pub async fn wait(&self) -> Result<(), String> {
        loop {
            let changed = self.changed.notified();
            tokio::pin!(changed);
            changed.as_mut().enable();
            if self.is_ready() {
                return Ok(());
            }
            if let Some(why) = self.failure() {
                return Err(why);
            }
            changed.await;
        }
    }

    fn set_ready(&self) {
        self.ready.store(true, Ordering::Release);
        self.changed.notify_waiters();
    }

    fn give_up(&self, why: String) {
        if let Ok(mut slot) = self.failure.lock() {
            *slot = Some(why);
        }
        self.changed.notify_waiters();
    }
}

/// Where the commands are registered: one guild (quick to update, for testing) or globally.
pub struct Registration {
    /// The commands as Discord wants them.
    pub commands: Vec<serenity::CreateCommand>,
    /// The guild to register in; `None` registers globally.
    pub guild: Option<serenity::GuildId>,
}

impl Registration {
    async fn send(&self, http: &serenity::Http) -> Result<(), serenity::Error> {
        match self.guild {
            Some(guild) => guild.set_commands(http, self.commands.clone()).await?,
            None => serenity::Command::set_global_commands(http, self.commands.clone()).await?,
        };
        Ok(())
    }
}

/// Registers the commands in the background, retrying as `policy` says; once registered marks
/// `readiness` ready and calls `on_ready`; past the deadline records why and shuts `shards` down.
pub fn spawn(
    http: Arc<serenity::Http>,
    shards: Arc<serenity::ShardManager>,
    registration: Registration,
    policy: StartupPolicy,
    readiness: Arc<Readiness>,
    on_ready: impl FnOnce() + Send + 'static,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let deadline = tokio::time::Instant::now() + policy.deadline;
        let mut delay = policy.first_delay;
        let mut attempt = 1;
        loop {
            let outcome = tokio::time::timeout_at(deadline, registration.send(&http)).await;
            let (error, retryable) = match outcome {
                Ok(Ok(())) => {
                    tracing::info!(
                        attempt,
                        "{} commands registered",
                        registration.commands.len()
                    );
                    on_ready();
                    readiness.set_ready();
                    return;
                }
                Ok(Err(error)) => (error.to_string(), may_pass_later(&error)),
                Err(_) => ("no answer before the deadline".to_owned(), false),
            };
            if retryable && tokio::time::Instant::now() + delay < deadline {
                tracing::warn!(
                    attempt,
                    "command registration failed: {error}; retrying in {delay:?}"
                );
                tokio::time::sleep(delay).await;
                delay = (delay * 2).min(policy.max_delay);
                attempt += 1;
                continue;
            }
            let why = format!(
                "could not get ready: command registration failed {}, last: {error}",
                counted(attempt, "time")
            );
            tracing::error!("{why}");
            readiness.give_up(why);
            shards.shutdown_all().await;
            return;
        }
    })
}

/// Whether a failed registration may pass when tried again: Discord's server errors, rate limits and
/// broken connections do; a refusal of the request itself (a bad token, a bad command) does not.
fn may_pass_later(error: &serenity::Error) -> bool {
    match error {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response)) => {
            response.status_code.is_server_error() || response.status_code.as_u16() == 429
        }
        serenity::Error::Http(HttpError::Request(_)) => true,
        _ => false,
    }
}

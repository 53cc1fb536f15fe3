//! The one gate every gateway event passes before the bot's framework sees it: a command or a button
//! is let through only while the bot is ready (its commands registered) and not stopping. Otherwise it
//! is answered at once, privately, with why nothing was done, so nobody is left waiting.

use std::sync::Arc;

use poise::serenity_prelude as serenity;

use super::messages::private_answer;
use super::shutdown::WorkGate;
use super::startup::Readiness;
use super::{Data, Error};

/// What people are told while the bot is not ready yet.
const STARTING_UP: &str = "Roundhouse is starting up, try again in a moment.";
/// What people are told when they use the bot while it stops.
const STOPPING: &str = "Roundhouse is restarting, so nothing was done. Try again in a minute.";

/// The bot's framework behind the gate. Every event holds a pass from the [`WorkGate`] while it is
/// handled, so a stop waits for it; once the gate is closed, or while the bot is not ready, a command or
/// a click gets a private answer instead. Other events (the gateway's `READY` that starts the
/// framework's setup, autocomplete) pass while the gate is open, ready or not.
pub struct GatedFramework {
    /// The framework that handles the events.
    pub inner: poise::Framework<Data, Error>,
    /// Counts the work under way and closes when the bot stops.
    pub gate: Arc<WorkGate>,
    /// Whether the commands are registered.
    pub ready: Arc<Readiness>,
}

#[serenity::async_trait]
impl serenity::Framework for GatedFramework {
    async fn init(&mut self, client: &serenity::Client) {
        self.inner.init(client).await;
    }

    async fn dispatch(&self, ctx: serenity::Context, event: serenity::FullEvent) {
        let Some(_pass) = self.gate.enter() else {
            return turn_away(&ctx, &event, STOPPING).await;
        };
        if !self.ready.is_ready() && is_command_or_click(&event) {
            return turn_away(&ctx, &event, STARTING_UP).await;
        }
        self.inner.dispatch(ctx, event).await;
    }
}

/// Whether `event` is someone running a command or clicking a button.
fn is_command_or_click(event: &serenity::FullEvent) -> bool {
    matches!(
        event,
        serenity::FullEvent::InteractionCreate {
            interaction: serenity::Interaction::Command(_) | serenity::Interaction::Component(_),
        }
    )
}

/// Answers the user of a command or a button privately with `why`; other events are dropped.
async fn turn_away(ctx: &serenity::Context, event: &serenity::FullEvent, why: &str) {
    let serenity::FullEvent::InteractionCreate { interaction } = event else {
        return;
    };
    let answer = private_answer(why);
    let sent = match interaction {
        serenity::Interaction::Command(command) => command.create_response(ctx, answer).await,
        serenity::Interaction::Component(component) => component.create_response(ctx, answer).await,
        _ => return,
    };
    if let Err(e) = sent {
        tracing::warn!("could not tell a user why nothing was done ({why}): {e}");
    }
}

//! Stopping cleanly on SIGTERM (what `docker stop` sends) or SIGINT (Ctrl-C): the bot stops taking new
//! work, lets the work under way finish (for a bounded time), stops the scheduler and disconnects; the
//! caller then closes the database.
//!
//! Every gateway event (commands, autocomplete, buttons) and every scheduler round holds a [`WorkPass`]
//! from the one [`WorkGate`] while it runs (see [`super::gated_framework`]); closing the gate turns new
//! work away and lets the stop wait until no pass is out.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch;

/// How long the stop waits for work under way: less than the 10 s Docker allows between SIGTERM and
/// SIGKILL, so the database is still closed in time.
pub const WORK_WAIT: Duration = Duration::from_secs(7);

/// Whether new work is let in, and how much is under way.
#[derive(Clone, Copy, Debug, Default)]
struct GateState {
    closed: bool,
    running: usize,
}

/// Lets work in until closed, and counts the work under way.
#[derive(Debug, Default)]
pub struct WorkGate {
    state: watch::Sender<GateState>,
}

/// Held by one piece of work while it runs; the gate counts it until it is dropped.
#[derive(Debug)]
pub struct WorkPass {
    gate: Arc<WorkGate>,
}

impl Drop for WorkPass {
    fn drop(&mut self) {
        self.gate.state.send_modify(|state| state.running -= 1);
    }
}

impl WorkGate {
    /// A pass for one piece of work, or `None` once the gate is closed.
    pub fn enter(self: &Arc<Self>) -> Option<WorkPass> {
        let entered = self.state.send_if_modified(|state| {
            if state.closed {
                return false;
            }
            state.running += 1;
            true
        });
        entered.then(|| WorkPass {
            gate: Arc::clone(self),
        })
    }

    /// A pass for work that work under way leaves behind to finish on its own (an edit a command
    /// hands to be sent in the background): never turned away, so a stop waits for it too.
    pub fn hold(self: &Arc<Self>) -> WorkPass {
        self.state.send_modify(|state| state.running += 1);
        WorkPass {
            gate: Arc::clone(self),
        }
    }

    /// Turns all new work away, then waits until the work under way is done or `bound` has passed;
    /// returns how much work was still running when it stopped waiting (0: all done).
    pub async fn close_and_wait(&self, bound: Duration) -> usize {
        self.state.send_modify(|state| state.closed = true);
        let mut watching = self.state.subscribe();
        // The sender lives in `self`, so waiting can only end by the count reaching 0 or the bound.
        let _ = tokio::time::timeout(bound, watching.wait_for(|state| state.running == 0)).await;
        self.state.borrow().running
    }
}

/// Waits for SIGTERM or SIGINT and names the one that came. The handlers are installed by this call,
/// before the returned future is first polled, so a signal from then on is never missed.
#[cfg(unix)]
pub fn stop_signal() -> std::io::Result<impl Future<Output = &'static str>> {
    use tokio::signal::unix::{SignalKind, signal};
    let mut terminate = signal(SignalKind::terminate())?;
    let mut interrupt = signal(SignalKind::interrupt())?;
    Ok(async move {
        tokio::select! {
            _ = terminate.recv() => "SIGTERM",
            _ = interrupt.recv() => "SIGINT",
        }
    })
}

/// Waits for Ctrl-C (the one stop signal outside Unix).
#[cfg(not(unix))]
pub fn stop_signal() -> std::io::Result<impl Future<Output = &'static str>> {
    Ok(async {
        let _ = tokio::signal::ctrl_c().await;
        "Ctrl-C"
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn closing_waits_for_work_under_way_and_turns_new_work_away() {
        let gate = Arc::new(WorkGate::default());
        let pass = gate.enter().expect("an open gate lets work in");
        let (finish, finished) = tokio::sync::oneshot::channel::<()>();
        let work = tokio::spawn(async move {
            finished.await.ok();
            drop(pass);
        });
        let closing = tokio::spawn({
            let gate = Arc::clone(&gate);
            async move { gate.close_and_wait(Duration::from_secs(3600)).await }
        });
        // The gate closes before the work is let finish: nothing new gets in from then on.
        let closed = gate.state.subscribe().wait_for(|s| s.closed).await.is_ok();
        assert!(closed);
        assert!(gate.enter().is_none(), "a closed gate lets nothing in");
        assert!(!closing.is_finished(), "the stop waits while work runs");
        finish.send(()).unwrap();
        work.await.unwrap();
        assert_eq!(closing.await.unwrap(), 0, "the stop waited for the work");
    }

    #[tokio::test]
    async fn work_left_behind_is_held_even_after_closing_and_waited_for() {
        let gate = Arc::new(WorkGate::default());
        let command = gate.enter().unwrap();
        let closing = tokio::spawn({
            let gate = Arc::clone(&gate);
            async move { gate.close_and_wait(Duration::from_secs(3600)).await }
        });
        let closed = gate.state.subscribe().wait_for(|s| s.closed).await.is_ok();
        assert!(closed);
        // The command, finishing after the stop began, leaves an edit to be sent.
        let edit = gate.hold();
        drop(command);
        assert!(!closing.is_finished(), "the stop waits for the edit");
        drop(edit);
        assert_eq!(closing.await.unwrap(), 0);
    }

    #[tokio::test]
    async fn the_wait_for_work_under_way_is_bounded() {
        let gate = Arc::new(WorkGate::default());
        let _stuck = gate.enter().unwrap();
        assert_eq!(gate.close_and_wait(Duration::ZERO).await, 1);
    }
}

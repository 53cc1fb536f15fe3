//! One lock per channel, so commands in a channel run one at a time while channels run in parallel.

use std::collections::HashSet;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

/// The channels with a command running now.
#[derive(Default)]
pub(super) struct ChannelLocks {
    busy: Mutex<HashSet<String>>,
    freed: Condvar,
}

/// Held while a command runs in a channel; frees the channel when dropped.
pub(super) struct ChannelTurn<'a> {
    locks: &'a ChannelLocks,
    channel: String,
}

impl ChannelLocks {
    fn busy(&self) -> MutexGuard<'_, HashSet<String>> {
        self.busy.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Waits until no other command runs in `channel`, then holds it.
    pub(super) fn lock(&self, channel: &str) -> ChannelTurn<'_> {
        let mut busy = self.busy();
        while busy.contains(channel) {
            busy = self
                .freed
                .wait(busy)
                .unwrap_or_else(PoisonError::into_inner);
        }
        busy.insert(channel.to_owned());
        ChannelTurn {
            locks: self,
            channel: channel.to_owned(),
        }
    }
}

impl Drop for ChannelTurn<'_> {
    fn drop(&mut self) {
        self.locks.busy().remove(&self.channel);
        self.locks.freed.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::thread;
    use std::time::Duration;

    #[test]
    fn one_channel_runs_one_command_at_a_time_and_channels_run_side_by_side() {
        let locks = Arc::new(ChannelLocks::default());
        let inside = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let workers: Vec<_> = (0..4)
            .map(|_| {
                let (locks, inside, most) = (locks.clone(), inside.clone(), most.clone());
                thread::spawn(move || {
                    let _turn = locks.lock("same");
                    let now = inside.fetch_add(1, Ordering::SeqCst) + 1;
                    most.fetch_max(now, Ordering::SeqCst);
                    thread::sleep(Duration::from_millis(5));
                    inside.fetch_sub(1, Ordering::SeqCst);
                })
            })
            .collect();
        for w in workers {
            w.join().unwrap();
        }
        assert_eq!(most.load(Ordering::SeqCst), 1);

        let _a = locks.lock("a");
        let other = {
            let locks = locks.clone();
            thread::spawn(move || {
                let _b = locks.lock("b");
                true
            })
        };
        assert!(other.join().unwrap(), "another channel is not blocked");
    }
}

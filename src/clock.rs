//! Where "now" comes from. Every part that needs the time (the store's timestamps, the table's absence
//! and daily puzzle, the Discord schedulers, the terminal) asks one [`Clock`]: the machine's clock in
//! the program, a [`ManualClock`] that tests set and move.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use crate::calendar::Day;

/// The source of the current time; cheap to clone, and clones share the same time.
#[derive(Clone, Debug, Default)]
pub struct Clock {
    source: Source,
}

#[derive(Clone, Debug, Default)]
enum Source {
    /// This machine's clock.
    #[default]
    System,
    /// A time that only its [`ManualClock`] moves, in Unix seconds.
    Manual(Arc<AtomicI64>),
}

impl Clock {
    /// The machine's clock (also what [`Clock::default`] gives).
    pub fn system() -> Clock {
        Clock {
            source: Source::System,
        }
    }

    /// The current moment in nanoseconds since the Unix epoch (negative before it).
    pub fn unix_nanos(&self) -> i128 {
        match &self.source {
            Source::System => match SystemTime::now().duration_since(UNIX_EPOCH) {
                Ok(after) => after.as_nanos() as i128,
                Err(before) => -(before.duration().as_nanos() as i128),
            },
            Source::Manual(seconds) => i128::from(seconds.load(Ordering::SeqCst)) * 1_000_000_000,
        }
    }

    /// The current moment in whole seconds since the Unix epoch.
    pub fn now(&self) -> i64 {
        self.unix_nanos().div_euclid(1_000_000_000) as i64
    }

    /// The current UTC day.
    pub fn today(&self) -> Day {
        Day::of_unix_seconds(self.now())
    }
}

/// A clock that stands still until it is set or moved on: what tests use to play at a chosen moment.
#[derive(Clone, Debug)]
pub struct ManualClock {
    seconds: Arc<AtomicI64>,
}

impl ManualClock {
    /// A clock standing at `unix_seconds`.
    pub fn at(unix_seconds: i64) -> ManualClock {
        ManualClock {
            seconds: Arc::new(AtomicI64::new(unix_seconds)),
        }
    }

    /// The [`Clock`] to hand to the store and table; it shows whatever this one is set to.
    pub fn clock(&self) -> Clock {
        Clock {
            source: Source::Manual(Arc::clone(&self.seconds)),
        }
    }

    /// Sets the time to `unix_seconds`.
    pub fn set(&self, unix_seconds: i64) {
        self.seconds.store(unix_seconds, Ordering::SeqCst);
    }

    /// Moves the time on by `seconds` (back, if negative).
    pub fn advance(&self, seconds: i64) {
        self.seconds.fetch_add(seconds, Ordering::SeqCst);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_manual_clock_shows_what_it_is_set_to_in_every_clone() {
        let hand = ManualClock::at(86_400 * 3 - 1);
        let clock = hand.clock();
        let copy = clock.clone();
        assert_eq!(clock.now(), 259_199);
        assert_eq!(clock.today(), Day(2));
        hand.advance(1);
        assert_eq!(copy.now(), 259_200);
        assert_eq!(copy.today(), Day(3));
        hand.set(-1);
        assert_eq!(clock.today(), Day(-1));
        assert_eq!(clock.unix_nanos(), -1_000_000_000);
    }
}

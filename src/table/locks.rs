//! Fair, bounded lanes: commands that share a lane (a channel, or one person's daily puzzle) run one at
//! a time in the order they were admitted, while lanes run in parallel. A lane and a person each have a
//! limit of commands in flight (running or waiting); past it a command is refused at once, before it
//! waits or changes anything.
//!
//! Waiting holds no thread of its own: an async waiter awaits its gate, and only a blocking waiter (the
//! terminal, the scheduler's reminders) parks the thread it already runs on. So a flood in one channel
//! cannot use up the threads that other channels' commands need.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};

use tokio::sync::Notify;

/// Which limit a refused admission met.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Full {
    /// The lane already holds its limit of commands.
    Lane(usize),
    /// The person already has their limit of commands in flight.
    Person(usize),
}

/// The lanes of one table, with their limits.
pub(super) struct Lanes {
    per_lane: usize,
    per_person: usize,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    /// Each busy lane's admitted commands in order; the first one holds the lane.
    lanes: HashMap<String, VecDeque<Arc<Gate>>>,
    /// How many commands each person has in flight.
    people: HashMap<String, usize>,
}

/// Opens when its command's turn comes.
#[derive(Default)]
struct Gate {
    open: Mutex<bool>,
    opened: Condvar,
    notify: Notify,
}

impl Gate {
    fn is_open(&self) -> MutexGuard<'_, bool> {
        self.open.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn open(&self) {
        *self.is_open() = true;
        self.opened.notify_all();
        // Keeps a permit when no one awaits yet, so an async waiter never misses its turn.
        self.notify.notify_one();
    }
}

/// A command admitted to a lane, waiting for its turn; leaves the lane when dropped.
pub(super) struct Waiting {
    lanes: Arc<Lanes>,
    lane: String,
    person: Option<String>,
    gate: Arc<Gate>,
}

/// A command holding its lane; frees it for the next one when dropped.
pub(super) struct Held {
    _admitted: Waiting,
}

impl Lanes {
    /// Lanes that admit at most `per_lane` commands to one lane and `per_person` to one person.
    pub(super) fn new(per_lane: usize, per_person: usize) -> Self {
        Lanes {
            per_lane,
            per_person,
            state: Mutex::default(),
        }
    }

    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Admits a command of `person` to the back of `lane`, or refuses it when the lane or the person is
    /// at their limit.
    pub(super) fn admit(self: &Arc<Self>, lane: &str, person: &str) -> Result<Waiting, Full> {
        let mut state = self.state();
        let in_lane = state.lanes.get(lane).map_or(0, VecDeque::len);
        if in_lane >= self.per_lane {
            return Err(Full::Lane(self.per_lane));
        }
        let in_flight = state.people.get(person).copied().unwrap_or(0);
        if in_flight >= self.per_person {
            return Err(Full::Person(self.per_person));
        }
        *state.people.entry(person.to_owned()).or_default() += 1;
        Ok(self.enter(&mut state, lane, Some(person.to_owned())))
    }

    /// Admits the table's own work (such as reminders) to the back of `lane`: never refused, and
    /// counted against no one.
    pub(super) fn admit_own(self: &Arc<Self>, lane: &str) -> Waiting {
        let mut state = self.state();
        self.enter(&mut state, lane, None)
    }

    fn enter(self: &Arc<Self>, state: &mut State, lane: &str, person: Option<String>) -> Waiting {
        let gate = Arc::new(Gate::default());
        let queue = state.lanes.entry(lane.to_owned()).or_default();
        queue.push_back(Arc::clone(&gate));
        if queue.len() == 1 {
            gate.open();
        }
        Waiting {
            lanes: Arc::clone(self),
            lane: lane.to_owned(),
            person,
            gate,
        }
    }

    /// How many commands are in `lane` now (holding it or waiting).
    #[cfg(test)]
    fn len(&self, lane: &str) -> usize {
        self.state().lanes.get(lane).map_or(0, VecDeque::len)
    }
}

impl Waiting {
    /// Blocks this thread until the command's turn, then holds the lane.
    pub(super) fn wait(self) -> Held {
        let mut open = self.gate.is_open();
        while !*open {
            open = self
                .gate
                .opened
                .wait(open)
                .unwrap_or_else(PoisonError::into_inner);
        }
        drop(open);
        Held { _admitted: self }
    }

    /// Waits without holding a thread until the command's turn, then holds the lane.
    pub(super) async fn turn(self) -> Held {
        while !*self.gate.is_open() {
            self.gate.notify.notified().await;
        }
        Held { _admitted: self }
    }
}

impl Drop for Waiting {
    fn drop(&mut self) {
        let mut state = self.lanes.state();
        if let Some(queue) = state.lanes.get_mut(&self.lane) {
            if let Some(at) = queue.iter().position(|g| Arc::ptr_eq(g, &self.gate)) {
                queue.remove(at);
                if at == 0
                    && let Some(next) = queue.front()
                {
                    next.open();
                }
            }
            if queue.is_empty() {
                state.lanes.remove(&self.lane);
            }
        }
        if let Some(person) = &self.person
            && let Some(count) = state.people.get_mut(person)
        {
            *count -= 1;
            if *count == 0 {
                state.people.remove(person);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lane_opens_to_its_commands_one_at_a_time_in_order_of_admission() {
        let lanes = Arc::new(Lanes::new(10, 10));
        let first = lanes.admit("c", "a").unwrap();
        let second = lanes.admit("c", "b").unwrap();
        let third = lanes.admit("c", "c").unwrap();
        assert!(*first.gate.is_open());
        assert!(!*second.gate.is_open() && !*third.gate.is_open());
        let held = first.wait();
        drop(held);
        assert!(*second.gate.is_open(), "the next in line gets the lane");
        assert!(!*third.gate.is_open());
        let other = lanes.admit("elsewhere", "a").unwrap();
        assert!(*other.gate.is_open(), "another lane is not held up");
    }

    #[test]
    fn a_command_that_gives_up_waiting_leaves_the_line_and_frees_its_place() {
        let lanes = Arc::new(Lanes::new(2, 10));
        let holder = lanes.admit("c", "a").unwrap().wait();
        let quitter = lanes.admit("c", "b").unwrap();
        assert_eq!(lanes.admit("c", "c").err(), Some(Full::Lane(2)));
        drop(quitter);
        let next = lanes.admit("c", "c").unwrap();
        drop(holder);
        assert!(*next.gate.is_open());
        drop(next);
        assert_eq!(lanes.len("c"), 0);
        assert!(lanes.state().lanes.is_empty() && lanes.state().people.is_empty());
    }

    #[test]
    fn the_tables_own_work_is_never_refused() {
        let lanes = Arc::new(Lanes::new(1, 1));
        let _held = lanes.admit("c", "a").unwrap().wait();
        let own = lanes.admit_own("c");
        assert!(!*own.gate.is_open(), "it still waits for its turn");
        assert_eq!(lanes.len("c"), 2);
    }
}

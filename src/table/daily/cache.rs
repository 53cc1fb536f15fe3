//! Daily puzzles worked out once per day and kept: deriving one may take about a second.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use crate::calendar::Day;
use crate::games::shunting::daily::{DailyPuzzle, for_day};

/// How many days stay cached; past that the day farthest from the one asked for is dropped.
const KEPT_DAYS: usize = 32;

type Slot = Arc<OnceLock<Option<Arc<DailyPuzzle>>>>;

/// Each day's puzzle, derived at most once even when asked for by several threads at the same time.
#[derive(Default)]
pub(crate) struct DailyCache {
    days: Mutex<HashMap<Day, Slot>>,
}

impl DailyCache {
    /// The puzzle of `day` (`None` before the first daily puzzle). Blocks while it is derived: call it
    /// off the async threads.
    pub(crate) fn get(&self, day: Day) -> Option<Arc<DailyPuzzle>> {
        let slot = {
            let mut days = self.days.lock().unwrap_or_else(PoisonError::into_inner);
            if !days.contains_key(&day) && days.len() >= KEPT_DAYS {
                let farthest = days.keys().copied().max_by_key(|d| (d.0 - day.0).abs());
                if let Some(farthest) = farthest {
                    days.remove(&farthest);
                }
            }
            Arc::clone(days.entry(day).or_default())
        };
        slot.get_or_init(|| for_day(day).map(Arc::new)).clone()
    }

    /// Derives `today`'s and tomorrow's puzzles now if they are not kept yet, so that no request waits
    /// while a day's puzzle is made. Blocks while it works, like [`Self::get`].
    pub(crate) fn prepare(&self, today: Day) {
        for day in [today, today.next()] {
            self.get(day);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preparing_keeps_today_and_tomorrow_ready() {
        let cache = DailyCache::default();
        let today = Day::of_puzzle(3).unwrap();
        cache.prepare(today);
        let days = cache.days.lock().unwrap();
        for day in [today, today.next()] {
            let kept = days
                .get(&day)
                .and_then(|slot| slot.get().cloned())
                .flatten();
            let kept = kept.expect("the day's puzzle is made ahead");
            assert_eq!(kept.day, day);
        }
        assert_eq!(days.len(), 2);
    }
}

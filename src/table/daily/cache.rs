//! Daily puzzles worked out once and kept: deriving one takes about a second of CPU. Today's and
//! tomorrow's are always kept; archive puzzles share a small least-recently-used store beside them, so
//! no run of archive requests can push out the puzzle everyone plays today.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use crate::calendar::Day;
use crate::games::shunting::daily::{DailyPuzzle, for_day};

type Slot = Arc<OnceLock<Option<Arc<DailyPuzzle>>>>;

/// Each kept day's puzzle, derived at most once even when asked for by several threads at the same time.
pub(crate) struct DailyCache {
    kept: Mutex<Kept>,
}

struct Kept {
    /// The latest "today" asked about; today's and tomorrow's puzzles are kept in `current`.
    today: Option<Day>,
    current: HashMap<Day, Slot>,
    /// Other days, least recently used first.
    archive: VecDeque<(Day, Slot)>,
    archive_size: usize,
}

impl DailyCache {
    /// A cache that keeps today's and tomorrow's puzzles and up to `archive_size` others.
    pub(crate) fn new(archive_size: usize) -> Self {
        DailyCache {
            kept: Mutex::new(Kept {
                today: None,
                current: HashMap::new(),
                archive: VecDeque::new(),
                archive_size,
            }),
        }
    }

    /// The puzzle of `day` when it is `today` (`None` before the first daily puzzle). Blocks while it
    /// is derived: call it off the async threads.
    pub(crate) fn get(&self, day: Day, today: Day) -> Option<Arc<DailyPuzzle>> {
        let slot = self
            .kept
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .slot(day, today);
        slot.get_or_init(|| for_day(day).map(Arc::new)).clone()
    }

    /// Derives `today`'s and tomorrow's puzzles now if they are not kept yet, so that no request waits
    /// while a day's puzzle is made. Blocks while it works, like [`Self::get`].
    pub(crate) fn prepare(&self, today: Day) {
        for day in [today, today.next()] {
            self.get(day, today);
        }
    }

    /// The days kept, in order.
    pub(crate) fn kept(&self) -> Vec<Day> {
        let kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        let mut days: Vec<Day> = kept
            .current
            .keys()
            .copied()
            .chain(kept.archive.iter().map(|(day, _)| *day))
            .collect();
        days.sort();
        days
    }
}

impl Kept {
    fn slot(&mut self, day: Day, today: Day) -> Slot {
        if self.today.is_none_or(|seen| today > seen) {
            self.move_on(today);
        }
        let today = self.today.unwrap_or(today);
        if day == today || day == today.next() {
            return Arc::clone(self.current.entry(day).or_default());
        }
        let slot = match self.archive.iter().position(|(d, _)| *d == day) {
            Some(at) => self.archive.remove(at).map(|(_, slot)| slot),
            None => None,
        };
        let slot = slot.unwrap_or_default();
        self.keep_archived(day, Arc::clone(&slot));
        slot
    }

    /// A new day: yesterday's puzzle (and any older one still current) joins the archive.
    fn move_on(&mut self, today: Day) {
        self.today = Some(today);
        let current = std::mem::take(&mut self.current);
        for (day, slot) in current {
            if day == today || day == today.next() {
                self.current.insert(day, slot);
            } else {
                self.keep_archived(day, slot);
            }
        }
    }

    /// Keeps `day` as the most recently used archive puzzle, dropping the least recently used past the
    /// archive's size.
    fn keep_archived(&mut self, day: Day, slot: Slot) {
        self.archive.push_back((day, slot));
        while self.archive.len() > self.archive_size {
            self.archive.pop_front();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn made(cache: &DailyCache, day: Day) -> bool {
        let kept = cache.kept.lock().unwrap();
        let slot = kept
            .current
            .get(&day)
            .or_else(|| kept.archive.iter().find(|(d, _)| *d == day).map(|(_, s)| s));
        slot.is_some_and(|slot| slot.get().is_some())
    }

    #[test]
    fn preparing_keeps_today_and_tomorrow_ready() {
        let cache = DailyCache::new(4);
        let today = Day::of_puzzle(3).unwrap();
        cache.prepare(today);
        assert!(made(&cache, today) && made(&cache, today.next()));
        assert_eq!(cache.kept(), vec![today, today.next()]);
    }

    #[test]
    fn archive_days_are_kept_least_recently_used_first_out_and_current_ones_never_leave() {
        let cache = DailyCache::new(2);
        let today = Day(Day::of_puzzle(1).unwrap().0 + 100);
        let mut kept = cache.kept.lock().unwrap();
        for day in [today, today.next(), Day(1), Day(2), Day(1), Day(3)] {
            kept.slot(day, today);
        }
        let archived: Vec<Day> = kept.archive.iter().map(|(d, _)| *d).collect();
        assert_eq!(
            archived,
            vec![Day(1), Day(3)],
            "day 2 was used least recently"
        );
        assert!(kept.current.contains_key(&today) && kept.current.contains_key(&today.next()));
        kept.slot(today.next(), today.next());
        assert_eq!(
            kept.archive.back().map(|(d, _)| *d),
            Some(today),
            "yesterday joins the archive at midnight"
        );
        assert!(kept.current.contains_key(&today.next()));
    }
}

//! The solver's memory budget: every table and list a search keeps is claimed here before it is
//! allocated, and allocated with `try_reserve`, so a search too large for the budget (or for the
//! machine) stops with [`super::SolveError::MemoryFull`] instead of an allocation abort.

use std::sync::atomic::{AtomicUsize, Ordering};

/// The budget would be exceeded, or the allocator refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exhausted;

/// Bytes a search may hold at once, and the bytes it holds.
#[derive(Debug)]
pub struct Memory {
    limit: usize,
    used: AtomicUsize,
}

impl Memory {
    /// A budget of `limit` bytes, none of them used.
    pub fn new(limit: usize) -> Memory {
        Memory {
            limit,
            used: AtomicUsize::new(0),
        }
    }

    /// The budget in bytes.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// Takes `bytes` from the budget, or fails (taking nothing) when they do not fit.
    pub fn claim(&self, bytes: usize) -> Result<(), Exhausted> {
        let before = self.used.fetch_add(bytes, Ordering::Relaxed);
        if before.saturating_add(bytes) > self.limit {
            self.used.fetch_sub(bytes, Ordering::Relaxed);
            return Err(Exhausted);
        }
        Ok(())
    }

    /// Gives `bytes` back to the budget.
    pub fn release(&self, bytes: usize) {
        self.used.fetch_sub(bytes, Ordering::Relaxed);
    }

    /// Makes room in `list` for `more` items beyond its length, claimed from the budget first.
    pub fn reserve<T>(&self, list: &mut Vec<T>, more: usize) -> Result<(), Exhausted> {
        let needed = list.len().saturating_add(more);
        if needed <= list.capacity() {
            return Ok(());
        }
        let grown = needed.max(2 * list.capacity()).max(64);
        let bytes = (grown - list.capacity()) * size_of::<T>();
        self.claim(bytes)?;
        list.try_reserve_exact(grown - list.len()).map_err(|_| {
            self.release(bytes);
            Exhausted
        })
    }

    /// Appends `item` to `list`, growing it within the budget.
    pub fn push<T>(&self, list: &mut Vec<T>, item: T) -> Result<(), Exhausted> {
        self.reserve(list, 1)?;
        list.push(item);
        Ok(())
    }

    /// Gives back what `list` holds and frees it.
    pub fn free<T>(&self, list: Vec<T>) {
        self.release(list.capacity() * size_of::<T>());
    }
}

/// `bytes` for people, in binary units: "512 MiB", "1.5 GiB", "900 KiB", "100 bytes".
pub fn size_text(bytes: usize) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    if bytes < 1 << 10 {
        return crate::plural::counted(bytes, "byte");
    }
    let mut value = bytes as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    let text = format!("{value:.1}");
    let text = text.strip_suffix(".0").unwrap_or(&text);
    format!("{text} {}", UNITS[unit])
}

#[cfg(test)]
mod tests {
    use super::{Exhausted, Memory, size_text};

    #[test]
    fn sizes_read_in_binary_units() {
        assert_eq!(size_text(1), "1 byte");
        assert_eq!(size_text(100), "100 bytes");
        assert_eq!(size_text(900 << 10), "900 KiB");
        assert_eq!(size_text(512 << 20), "512 MiB");
        assert_eq!(size_text(3 << 29), "1.5 GiB");
        assert_eq!(size_text(2 << 30), "2 GiB");
    }

    #[test]
    fn claims_fit_the_limit_and_come_back_when_released() {
        let memory = Memory::new(1_000);
        assert_eq!(memory.claim(600), Ok(()));
        assert_eq!(memory.claim(500), Err(Exhausted), "600 + 500 > 1,000");
        assert_eq!(memory.claim(400), Ok(()), "the refused claim took nothing");
        memory.release(600);
        assert_eq!(memory.claim(600), Ok(()));
    }

    #[test]
    fn a_list_grows_only_within_the_budget() {
        let memory = Memory::new(64 * 8);
        let mut list: Vec<u64> = Vec::new();
        for k in 0..64 {
            assert_eq!(memory.push(&mut list, k), Ok(()));
        }
        assert_eq!(memory.push(&mut list, 64), Err(Exhausted));
        assert_eq!(list.len(), 64, "the refused push left the list as it was");
        memory.free(list);
        assert_eq!(memory.claim(64 * 8), Ok(()));
    }
}

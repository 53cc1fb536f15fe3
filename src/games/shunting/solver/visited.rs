//! The positions one side of the search has seen: an open-addressing set of solver keys with linear
//! probing, one flat array at most 70 % full (12 to 23 bytes a position). It stores no parents, so
//! adding a key touches a single cache line.
//!
//! Most of a search's time goes into looking up keys that are not in the cache. [`Visited::warm`]
//! reads the home slots of a whole batch of keys first; those reads do not depend on each other, so
//! the processor overlaps their cache misses, and the lookups that follow find the slots cached.
//!
//! Its table is claimed from the search's [`Memory`] budget before it is allocated; a growth the
//! budget cannot take fails with [`Exhausted`] and leaves the set as it was.

use super::memory::{Exhausted, Memory};

/// Keys whose home slots [`Visited::warm_ahead`] reads at once.
const WARM_BATCH: usize = 64;

/// Marks a free slot (keys use at most 63 bits, so it is never a key).
const EMPTY: u64 = u64::MAX;

/// Seen keys.
#[derive(Clone, Debug)]
pub struct Visited {
    keys: Vec<u64>,
    len: usize,
    /// `64 - log2(capacity)`: a key's home slot is the top bits of its hash.
    shift: u32,
}

/// Mixes a key's bits (the finaliser of MurmurHash3), so that similar keys land far apart.
fn spread(key: u64) -> u64 {
    let mut h = key.wrapping_add(0x9e37_79b9_7f4a_7c15);
    h = (h ^ (h >> 33)).wrapping_mul(0xff51_afd7_ed55_8ccd);
    h = (h ^ (h >> 33)).wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
}

impl Visited {
    /// An empty set with a small table, claimed from `memory`.
    pub fn new(memory: &Memory) -> Result<Visited, Exhausted> {
        Visited::with_slots(1 << 12, memory)
    }

    /// An empty table of `slots` slots (a power of two), claimed from `memory`.
    fn with_slots(slots: usize, memory: &Memory) -> Result<Visited, Exhausted> {
        let mut keys = Vec::new();
        memory.reserve(&mut keys, slots)?;
        keys.resize(slots, EMPTY);
        Ok(Visited {
            keys,
            len: 0,
            shift: 64 - slots.trailing_zeros(),
        })
    }

    /// How many keys are stored.
    pub fn len(&self) -> usize {
        self.len
    }

    fn home(&self, key: u64) -> usize {
        (spread(key) >> self.shift) as usize
    }

    /// The slot holding `key`, or the free slot where it would go.
    fn find(&self, key: u64) -> usize {
        let mask = self.keys.len() - 1;
        let mut i = self.home(key);
        while self.keys[i] != key && self.keys[i] != EMPTY {
            i = (i + 1) & mask;
        }
        i
    }

    /// Whether `key` was seen.
    pub fn contains(&self, key: u64) -> bool {
        self.keys[self.find(key)] == key
    }

    /// Stores `key` unless it was seen already; whether it was new. Fails, storing nothing, when the
    /// table must grow and `memory` has no room for it.
    pub fn insert(&mut self, key: u64, memory: &Memory) -> Result<bool, Exhausted> {
        if 10 * (self.len + 1) > 7 * self.keys.len() {
            self.resize(2 * self.keys.len(), memory)?;
        }
        let i = self.find(key);
        if self.keys[i] == key {
            return Ok(false);
        }
        self.keys[i] = key;
        self.len += 1;
        Ok(true)
    }

    /// Makes room for `more` keys beyond those stored, so that adding them grows the table at most
    /// once (now) rather than doubling it step by step.
    pub fn reserve(&mut self, more: usize, memory: &Memory) -> Result<(), Exhausted> {
        let slots = (10 * (self.len + more) / 7 + 1).next_power_of_two();
        if slots > self.keys.len() {
            self.resize(slots, memory)?;
        }
        Ok(())
    }

    /// Moves the keys to a table of `slots` slots; while it does, both tables are held.
    fn resize(&mut self, slots: usize, memory: &Memory) -> Result<(), Exhausted> {
        let mut bigger = Visited::with_slots(slots, memory)?;
        for &key in &self.keys {
            if key != EMPTY {
                let i = bigger.find(key);
                bigger.keys[i] = key;
            }
        }
        bigger.len = self.len;
        memory.free(std::mem::replace(self, bigger).keys);
        Ok(())
    }

    /// Gives the table back to `memory`.
    pub fn free(self, memory: &Memory) {
        memory.free(self.keys);
    }

    /// Going through `keys` in order and at `keys[i]`: every [`WARM_BATCH`] keys, reads ahead the home
    /// slots of the next batch (see [`Visited::warm`]).
    pub fn warm_ahead(&self, keys: &[u64], i: usize) {
        if i.is_multiple_of(WARM_BATCH) {
            let batch = &keys[i..keys.len().min(i + WARM_BATCH)];
            std::hint::black_box(self.warm(batch));
        }
    }

    /// Stores every key of `keys`, making room for them first (within `memory`).
    pub fn insert_all(&mut self, keys: &[u64], memory: &Memory) -> Result<(), Exhausted> {
        self.reserve(keys.len(), memory)?;
        for (i, &key) in keys.iter().enumerate() {
            self.warm_ahead(keys, i);
            self.insert(key, memory)?;
        }
        Ok(())
    }

    /// Reads the home slot of every key in `keys`, so that the lookups of the batch that follow find
    /// them in the cache. The result means nothing; pass it to [`std::hint::black_box`] so the reads
    /// are not optimised away.
    pub fn warm(&self, keys: &[u64]) -> u64 {
        keys.iter().fold(0, |acc, &k| acc ^ self.keys[self.home(k)])
    }
}

/// A one-hash Bloom filter over a set of keys, 16 bits per key: small enough to stay in the cache,
/// so most keys not in the set are told apart without a lookup in the big table.
#[derive(Clone, Debug)]
pub struct KeyFilter {
    bits: Vec<u64>,
    shift: u32,
}

impl KeyFilter {
    /// A filter holding `keys`.
    pub fn new(keys: &[u64]) -> KeyFilter {
        let size = (16 * keys.len()).next_power_of_two().max(1 << 12);
        let mut filter = KeyFilter {
            bits: vec![0; size / 64],
            shift: 64 - size.trailing_zeros(),
        };
        for &key in keys {
            let bit = filter.bit(key);
            filter.bits[bit / 64] |= 1 << (bit % 64);
        }
        filter
    }

    fn bit(&self, key: u64) -> usize {
        (spread(key) >> self.shift) as usize
    }

    /// False when `key` is surely not in the set; true when it may be.
    pub fn may_contain(&self, key: u64) -> bool {
        let bit = self.bit(key);
        self.bits[bit / 64] & (1 << (bit % 64)) != 0
    }
}

#[cfg(test)]
mod tests {
    use super::{KeyFilter, Visited};
    use crate::games::shunting::solver::memory::{Exhausted, Memory};

    #[test]
    fn a_filter_holds_its_keys_and_refuses_most_others() {
        let keys: Vec<u64> = (0..10_000u64).map(|k| k * 7919).collect();
        let filter = KeyFilter::new(&keys);
        assert!(keys.iter().all(|&k| filter.may_contain(k)));
        let passed = (0..10_000u64)
            .filter(|k| filter.may_contain(k * 7919 + 1))
            .count();
        assert!(passed < 1_000, "{passed} of 10,000 other keys passed");
    }

    #[test]
    fn keys_are_found_after_growing_and_stored_once() {
        let memory = Memory::new(usize::MAX);
        let mut visited = Visited::new(&memory).unwrap();
        for k in 0..100_000u64 {
            assert_eq!(visited.insert(k * 7919, &memory), Ok(true));
        }
        assert_eq!(visited.len(), 100_000);
        assert_eq!(visited.insert(7919, &memory), Ok(false));
        visited.reserve(300_000, &memory).unwrap();
        let slots = visited.keys.len();
        for k in 100_000..400_000u64 {
            assert_eq!(visited.insert(k * 7919, &memory), Ok(true));
        }
        assert_eq!(visited.keys.len(), slots, "no growth after reserving");
        for k in 100_000..400_000u64 {
            assert_eq!(visited.insert(k * 7919, &memory), Ok(false));
        }
        assert_eq!(visited.len(), 400_000);
        assert!((0..100_000u64).all(|k| visited.contains(k * 7919)));
        assert!(!visited.contains(3));
        assert!(!visited.contains(7920));
    }

    #[test]
    fn a_table_grows_only_within_its_budget_and_keeps_its_keys_when_refused() {
        // Room for the first table (4,096 slots) and no more.
        let memory = Memory::new(8 * 4_096 + 8 * 1_000);
        let mut visited = Visited::new(&memory).unwrap();
        let fit = 7 * 4_096 / 10;
        for k in 0..fit as u64 {
            assert_eq!(visited.insert(k, &memory), Ok(true));
        }
        assert_eq!(visited.insert(u64::from(u32::MAX), &memory), Err(Exhausted));
        assert_eq!(visited.len(), fit);
        assert!((0..fit as u64).all(|k| visited.contains(k)));
        visited.free(&memory);
        assert_eq!(
            memory.claim(8 * 4_096),
            Ok(()),
            "freeing gave the table back"
        );
    }
}

//! The project's own seeded random numbers: one small generator whose whole state serialises with a
//! game, and the draws games and the puzzle generator make from it.
//!
//! Why our own code rather than `rand`'s: a stored game is its seed plus its moves, and a route card or
//! daily puzzle is its seed; they are replayed for undo, history, restarts and every day's puzzle. That
//! works only if a seed gives the same deal, reshuffle and puzzle forever. `rand` promises its shuffles
//! and ranges stable only within one minor version, so a dependency update could silently change every
//! stored game. The algorithms here are fixed, and golden tests pin their results. (The card games'
//! draws were made with `rand` 0.10.3 before, so [`GameRng::shuffle`] and [`GameRng::index`] reproduce
//! its exact algorithms; the puzzle generator always had its own [`GameRng::below`].)

mod uniform;

use rand::TryRng;
use serde::{Deserialize, Serialize};

/// SplitMix64 (Steele, Lea and Flood, 2014): one `u64` of state, good statistical quality for
/// shuffles, puzzles and bots, and trivially serialisable.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRng {
    state: u64,
}

impl GameRng {
    /// A generator that always yields the same sequence for the same seed.
    pub fn seeded(seed: u64) -> Self {
        GameRng { state: seed }
    }

    /// A generator seeded from the operating system.
    pub fn from_os() -> Self {
        GameRng::seeded(fresh_seed())
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix(self.state)
    }

    /// The next 32 random bits: the high half of the next 64.
    pub fn next_u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }

    /// A number in `0..n` (`n > 0`) by the multiply-high method, one draw each: the puzzle generator's
    /// choice (route cards and daily puzzles depend on it).
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// `count` distinct items of `items`, in a random order (a partial Fisher–Yates shuffle from the
    /// front, by [`GameRng::below`]): the puzzle generator's choice of places and pieces.
    pub fn pick<T: Copy>(&mut self, items: &[T], count: usize) -> Vec<T> {
        let mut pool = items.to_vec();
        let count = count.min(pool.len());
        for i in 0..count {
            let j = i + self.below(pool.len() - i);
            pool.swap(i, j);
        }
        pool.truncate(count);
        pool
    }

    /// A random index into something of `len` items (`len > 0`): the card games' draw of a start
    /// player, a caboose or an item of a list.
    ///
    /// # Panics
    ///
    /// If `len` is 0 (there is nothing to choose from).
    pub fn index(&mut self, len: usize) -> usize {
        assert!(len > 0, "an index into nothing was asked for");
        uniform::index(self, len)
    }

    /// Puts `items` in a random order: the card games' deals and reshuffles.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        uniform::shuffle(self, items);
    }

    /// A number in `[0, 1)` from the top 53 bits of the next draw: the bots' tie-breaking jitter.
    pub fn fraction(&mut self) -> f64 {
        const SCALE: f64 = 1.0 / (1u64 << 53) as f64;
        (self.next_u64() >> 11) as f64 * SCALE
    }
}

/// SplitMix64's finaliser: a well-mixed 64-bit function of `z`.
pub fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One seed from several numbers (a stream name, a card number, an attempt …), order-sensitive.
pub fn seed_of(parts: &[u64]) -> u64 {
    parts
        .iter()
        .fold(0x5348_554E_5449_4E47, |acc, &p| mix(acc ^ mix(p)))
}

/// A random seed from the operating system (falls back to the clock if the OS cannot give one).
pub fn fresh_seed() -> u64 {
    let mut bytes = [0u8; 8];
    if rand::rngs::SysRng.try_fill_bytes(&mut bytes).is_ok() {
        u64::from_le_bytes(bytes)
    } else {
        crate::clock::Clock::system().unix_nanos() as u64
    }
}

#[cfg(test)]
mod tests;

//! The generator's own random numbers: SplitMix64 written out here, so a seed gives the same puzzle on
//! every machine and after any crate update (nothing from `rand` takes part).

/// SplitMix64 (Steele, Lea and Flood, 2014): one `u64` of state.
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator for `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix(self.state)
    }

    /// A number in `0..n` (`n > 0`), by the multiply-high method: no division, the same everywhere.
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// `count` distinct items of `items`, in a random order (a partial Fisher–Yates shuffle).
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sequence_is_splitmix64() {
        // The reference values of SplitMix64 seeded with 1234567.
        let mut rng = SplitMix64::new(1_234_567);
        assert_eq!(rng.next_u64(), 6_457_827_717_110_365_317);
        assert_eq!(rng.next_u64(), 3_203_168_211_198_807_973);
        assert_eq!(rng.next_u64(), 9_817_491_932_198_370_423);
    }

    #[test]
    fn below_stays_in_range_and_pick_is_distinct() {
        let mut rng = SplitMix64::new(7);
        for n in 1..50 {
            assert!(rng.below(n) < n);
        }
        let picked = rng.pick(&[1, 2, 3, 4, 5, 6], 4);
        assert_eq!(picked.len(), 4);
        let mut sorted = picked.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 4);
    }
}

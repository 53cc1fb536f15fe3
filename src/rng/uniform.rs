//! The card games' uniform draws, written out from `rand` 0.10.3 so that every seed keeps the deals
//! it gave when the games drew through `rand`: an index by Canon's method (`random_range` on an
//! integer range) and Durstenfeld's shuffle whose indices come in chunks from one draw
//! (`SliceRandom::shuffle` with its `IncreasingUniform`).

use super::GameRng;

/// A number in `0..len` (`len > 0`): 32 random bits when `len` fits in 32 bits, else 64.
pub(super) fn index(rng: &mut GameRng, len: usize) -> usize {
    match u32::try_from(len) {
        Ok(len) => canon(rng, u64::from(len), 32) as usize,
        Err(_) => canon(rng, len as u64, 64) as usize,
    }
}

/// A number in `0..range` (`range > 0`, at most `2^bits - 1`) from `bits`-bit draws, by Canon's
/// method: the high word of draw × range, plus one when a second draw's high word carries out of the
/// first's low word (only tried when that low word is close enough to overflow for it to matter).
fn canon(rng: &mut GameRng, range: u64, bits: u32) -> u64 {
    let mask = u64::MAX >> (64 - bits);
    let product = u128::from(draw(rng, bits)) * u128::from(range);
    let mut result = (product >> bits) as u64;
    let low = product as u64 & mask;
    if low > range.wrapping_neg() & mask {
        let carry = (u128::from(draw(rng, bits)) * u128::from(range)) >> bits;
        if u128::from(low) + carry > u128::from(mask) {
            result += 1;
        }
    }
    result
}

/// The next `bits` (32 or 64) random bits.
fn draw(rng: &mut GameRng, bits: u32) -> u64 {
    if bits == 32 {
        u64::from(rng.next_u32())
    } else {
        rng.next_u64()
    }
}

/// Puts `items` in a random order: item `i`, front to back, swaps with one of items `0..=i`.
pub(super) fn shuffle<T>(rng: &mut GameRng, items: &mut [T]) {
    if items.len() <= 1 {
        return;
    }
    if items.len() < u32::MAX as usize {
        let mut chooser = IncreasingIndex::new();
        for i in 0..items.len() {
            items.swap(i, chooser.next(rng));
        }
    } else {
        for i in 0..items.len() {
            items.swap(i, index(rng, i + 1));
        }
    }
}

/// Indices in `0..=0`, `0..=1`, `0..=2` … in turn, several from one 32-bit draw: a draw below
/// `(n+1)(n+2)…(n+k)` (the longest product that fits) is read as `k` digits of mixed base.
struct IncreasingIndex {
    /// The largest index the next call may give.
    n: u32,
    /// The digits not read yet.
    chunk: u32,
    /// How many digits `chunk` still holds.
    remaining: u8,
}

impl IncreasingIndex {
    /// A chooser whose first index is in `0..=0`: one digit, 0, that needs no draw.
    fn new() -> Self {
        IncreasingIndex {
            n: 0,
            chunk: 0,
            remaining: 1,
        }
    }

    /// The next index: in `0..=0` the first time, one more possible index each time after.
    fn next(&mut self, rng: &mut GameRng) -> usize {
        let base = self.n + 1;
        let remaining = match self.remaining.checked_sub(1) {
            Some(remaining) => remaining,
            None => {
                let (bound, digits) = chunk_bound(base);
                self.chunk = canon(rng, u64::from(bound), 32) as u32;
                digits - 1
            }
        };
        let result = if remaining == 0 {
            self.chunk
        } else {
            let digit = self.chunk % base;
            self.chunk /= base;
            digit
        };
        self.remaining = remaining;
        self.n = base;
        result as usize
    }
}

/// `(m(m+1)…(m+k-1), k)` for the largest `k` whose product fits in 32 bits (`m >= 2`).
fn chunk_bound(m: u32) -> (u32, u8) {
    let mut product = m;
    let mut next = m + 1;
    while let Some(p) = product.checked_mul(next) {
        product = p;
        next += 1;
    }
    (product, (next - m) as u8)
}

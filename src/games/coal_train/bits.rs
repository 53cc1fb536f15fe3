//! Sets of small indexes (market spaces, tile kinds) kept as the bits of one word.

/// The indexes of the bits set in `bits`, lowest first.
pub fn set_bits(mut bits: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let index = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            index
        })
    })
}

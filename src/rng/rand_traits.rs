//! `rand`'s generator trait for [`GameRng`], for the bots' random choices, which are never stored (a
//! game's log keeps the moves they made). Deals, reshuffles and puzzles use only `GameRng`'s own draws.

use std::convert::Infallible;

use rand::TryRng;

use super::GameRng;

impl TryRng for GameRng {
    type Error = Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        Ok(self.next_u32())
    }

    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        Ok(self.next_u64())
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        for chunk in dst.chunks_mut(8) {
            let bytes = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&bytes[..chunk.len()]);
        }
        Ok(())
    }
}

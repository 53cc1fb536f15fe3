//! Games whose stored results must be computed again from their logs (listed by a migration that could
//! not recompute them in SQL), and the write that replaces them.

use super::records::ResultRecord;
use super::{Store, StoreError, on_backend};

impl Store {
    /// The ids of the finished games whose results are to be computed again from their logs, oldest
    /// first.
    pub fn results_to_recompute(&self) -> Result<Vec<i64>, StoreError> {
        on_backend!(self, results_to_recompute())
    }

    /// Replaces the results of finished game `game_id` with `results` and takes it off the list of
    /// [`Store::results_to_recompute`], in one transaction; the game itself (its version, its times)
    /// does not change.
    pub fn replace_recomputed_results(
        &self,
        game_id: i64,
        results: &[ResultRecord],
    ) -> Result<(), StoreError> {
        on_backend!(self, replace_recomputed_results(game_id, results))
    }
}

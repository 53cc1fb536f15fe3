//! Stored results computed again from the games' logs: the step a migration leaves to the program when
//! SQL alone cannot recompute them (the list is `results_to_recompute`). It runs when a table opens over
//! the store; a game whose log does not replay keeps its results, stays listed, and is logged.

use crate::store::{GameRecord, MoveRecord, ResultRecord, Store, StoreError};

use super::results::{resignation_results, results_from};
use super::session::rebuild;

/// Recomputes the results of every listed game; returns how many were rewritten.
pub(super) fn recount_listed_results(store: &Store) -> Result<usize, StoreError> {
    let mut rewritten = 0;
    for id in store.results_to_recompute()? {
        let Some(record) = store.game(id)? else {
            continue;
        };
        let moves = store.moves(id)?;
        match results_replayed(&record, &moves) {
            Ok(results) => {
                store.replace_recomputed_results(id, &results)?;
                rewritten += 1;
            }
            Err(reason) => tracing::error!(
                game = id,
                "its stored results cannot be computed again ({reason}); they stay as they are"
            ),
        }
    }
    Ok(rewritten)
}

/// The results `record` would store today: from the outcome its log reaches, or, when it ended by
/// resignation before the end, as a resignation.
fn results_replayed(
    record: &GameRecord,
    moves: &[MoveRecord],
) -> Result<Vec<ResultRecord>, String> {
    let (game, _) = rebuild(record, moves, |_, _| {})?;
    match game.outcome() {
        Some(outcome) => Ok(results_from(record, &outcome)),
        None if record.seats.iter().any(|s| s.resigned) => Ok(resignation_results(record)),
        None => Err("its log stops before the end, and no one resigned".to_owned()),
    }
}

//! Whether a stored game's log still leads to its stored snapshot: the check `roundhouse db copy` makes
//! of every game it copies.

use crate::store::{GameRecord, MoveRecord};

use super::session::rebuild;

/// `Ok` if `record`'s seed, setup and `moves` replay to the state in its snapshot (compared as JSON
/// values, so the order of an object's keys does not matter); otherwise what went wrong. A game that
/// never started (no setup) must have no moves and no snapshot; a started game without a snapshot
/// passes if its log replays, as the table then rebuilds it that way.
pub fn replays_to_snapshot(record: &GameRecord, moves: &[MoveRecord]) -> Result<(), String> {
    if record.setup.is_none() {
        return match (moves.len(), &record.snapshot) {
            (0, None) => Ok(()),
            (n, _) => Err(format!(
                "it has no setup, yet {n} moves and {} snapshot",
                if record.snapshot.is_some() { "a" } else { "no" }
            )),
        };
    }
    let (game, _) = rebuild(record, moves, |_, _| {})?;
    let Some(stored) = &record.snapshot else {
        return Ok(());
    };
    let stored: serde_json::Value =
        serde_json::from_str(stored).map_err(|e| format!("its snapshot is not JSON: {e}"))?;
    let replayed: serde_json::Value = serde_json::from_str(&game.state_json())
        .map_err(|e| format!("the replayed state is not JSON: {e}"))?;
    if stored == replayed {
        Ok(())
    } else {
        Err(format!(
            "its {} moves replay to a state other than its snapshot",
            moves.len()
        ))
    }
}

//! Whether a stored game's log still leads to its stored snapshot: the check `roundhouse db copy` makes
//! of every game it copies.

use crate::store::{GameRecord, MoveRecord};

use super::session::{kind_of, rebuild};
use crate::plural::counted;

/// `Ok` if `record`'s seed, setup and `moves` replay to the state in its snapshot (both read by the
/// game's rules and written again, so that a snapshot stored before a field was added, which the rules
/// read with that field's default, compares as the state it stands for); otherwise what went wrong. A
/// game that never started (no setup) must have no moves and no snapshot; a started game without a
/// snapshot passes if its log replays, as the table then rebuilds it that way.
pub fn replays_to_snapshot(record: &GameRecord, moves: &[MoveRecord]) -> Result<(), String> {
    if record.setup.is_none() {
        return match (moves.len(), &record.snapshot) {
            (0, None) => Ok(()),
            (n, _) => Err(format!(
                "it has no setup, yet {} and {} snapshot",
                counted(n, "move"),
                if record.snapshot.is_some() { "a" } else { "no" }
            )),
        };
    }
    let (replayed, _) = rebuild(record, moves, |_, _| {})?;
    let Some(snapshot) = &record.snapshot else {
        return Ok(());
    };
    let kind = kind_of(record).map_err(|e| e.to_string())?;
    let stored = kind
        .restore(snapshot)
        .map_err(|e| format!("its snapshot cannot be read: {e}"))?;
    if stored.state_json() == replayed.state_json() {
        Ok(())
    } else {
        Err(format!(
            "its {} replay to a state other than its snapshot",
            counted(moves.len(), "move")
        ))
    }
}

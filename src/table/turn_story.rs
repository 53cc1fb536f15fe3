//! The turn under way, read from the move log: where it began (a turn is a run of steps during which
//! the seats owing a decision stay the same), what happened in it, what happened before it since each
//! seat last moved, and the game as it stood when the last turn with steps began (whose changes the
//! board picture marks).

use crate::game::{Audience, Seat, ToAct};
use crate::games::adapter::LiveGame;
use crate::store::{GameRecord, MoveRecord};

use super::TableError;
use super::session::{rebuild, seat_names};

/// At most this many lines of what happened before the turn open its message; older ones are counted.
const RECAP_LINES: usize = 8;
/// At most this many lines of the turn itself are shown in its message; older ones are counted.
const TURN_LINES: usize = 12;

/// The turn under way.
pub(super) struct TurnStory {
    /// How many steps the log held when the turn began.
    pub began_at: usize,
    /// What everyone saw happen, one line per event, for each step of the log.
    lines: Vec<Vec<String>>,
    /// The seat of each step of the log.
    seats: Vec<Seat>,
    /// The game when the last turn with steps began: this turn's start, or the one before when this
    /// turn has no steps yet.
    pub before: Box<dyn LiveGame>,
}

impl TurnStory {
    /// Replays `record`'s log `moves` to find the turn under way.
    pub(super) fn read(record: &GameRecord, moves: &[MoveRecord]) -> Result<Self, TableError> {
        let mut starts: Vec<(usize, Box<dyn LiveGame>)> = Vec::new();
        let mut last: Option<ToAct> = None;
        let (game, events) = rebuild(record, moves, |game, m| {
            let now = game.to_act();
            if last.as_ref() != Some(&now) {
                starts.push((m.seq, game.clone_box()));
                last = Some(now);
            }
        })
        .map_err(TableError::internal)?;
        let mut began_at = starts.last().map_or(0, |(at, _)| *at);
        if last.as_ref() != Some(&game.to_act()) {
            began_at = moves.len();
            if starts.is_empty() {
                starts.push((0, game.clone_box()));
            }
        }
        let before = starts
            .pop()
            .map_or_else(|| game.clone_box(), |(_, game)| game);
        let names = seat_names(record);
        let lines = events
            .iter()
            .map(|events| {
                events
                    .iter()
                    .filter(|e| e.audience == Audience::Everyone)
                    .map(|e| names.fill(&e.text))
                    .collect()
            })
            .collect();
        Ok(TurnStory {
            began_at,
            lines,
            seats: moves.iter().map(|m| m.seat).collect(),
            before,
        })
    }

    /// What happened before this turn since the earliest last step of `seats` (all of it when one of
    /// them has not stepped yet), the newest lines, the older ones counted.
    pub(super) fn recap_for(&self, seats: &[Seat]) -> Vec<String> {
        let since = seats
            .iter()
            .map(|&seat| {
                self.seats[..self.began_at]
                    .iter()
                    .rposition(|&s| s == seat)
                    .map_or(0, |at| at + 1)
            })
            .min()
            .unwrap_or(self.began_at.saturating_sub(1));
        newest(&self.lines[since..self.began_at], RECAP_LINES, "before")
    }

    /// What happened in this turn so far, the newest lines, the older ones counted.
    pub(super) fn this_turn(&self) -> Vec<String> {
        newest(&self.lines[self.began_at..], TURN_LINES, "earlier")
    }

    /// Whether the turn has had steps.
    pub(super) fn under_way(&self) -> bool {
        self.began_at < self.lines.len()
    }
}

/// The last `limit` lines of `steps`, after a line counting the ones left out (`… 4 lines before`).
fn newest(steps: &[Vec<String>], limit: usize, when: &str) -> Vec<String> {
    let all: Vec<&String> = steps.iter().flatten().collect();
    let skip = all.len().saturating_sub(limit);
    let mut shown = Vec::with_capacity(limit + 1);
    if skip > 0 {
        shown.push(format!(
            "… {} {when} (the history has them all)",
            crate::plural::counted(skip, "line")
        ));
    }
    shown.extend(all[skip..].iter().map(|line| (*line).clone()));
    shown
}

#[cfg(test)]
mod tests {
    use super::newest;

    #[test]
    fn only_the_newest_lines_are_kept_and_the_rest_counted() {
        let steps = vec![
            vec!["a".to_owned(), "b".to_owned()],
            vec![],
            vec!["c".to_owned()],
        ];
        assert_eq!(newest(&steps, 5, "before"), ["a", "b", "c"]);
        assert_eq!(
            newest(&steps, 2, "before"),
            ["… 1 line before (the history has them all)", "b", "c"]
        );
    }
}

//! The turn under way, read from the move log: where it began (a turn is a run of steps during which
//! the seats owing a decision stay the same), what happened in it, what happened before it since each
//! seat last stepped, and the game as it stood when the last turn with steps began (whose changes the
//! board picture marks).
//!
//! Reading it means replaying the whole log, so the table keeps each game's story from one command to
//! the next ([`StoryCache`]) and only plays the new steps onto it: a move then costs no extra read of
//! the log from the store (on PostgreSQL, a round trip) and no replay.

use std::collections::HashMap;
use std::sync::Mutex;

use crate::game::{Audience, Seat, ToAct};
use crate::games::adapter::LiveGame;
use crate::games::seat_names::SeatNames;
use crate::store::{GameRecord, MoveRecord, NewMove};

use super::TableError;
use super::session::kind_of;

/// At most this many lines of what happened before the turn open its message; older ones are counted.
const RECAP_LINES: usize = 8;
/// At most this many lines of the turn itself are shown in its message; older ones are counted.
const TURN_LINES: usize = 12;
/// The most games whose stories the table keeps; when more are kept, all are dropped and read again
/// from the store as their games move.
const STORIES_KEPT: usize = 256;

/// One step of the log as the story keeps it.
#[derive(Clone)]
struct Step {
    seat: Seat,
    by_bot: bool,
    /// What everyone saw happen, with seat tokens unfilled (names are filled when shown, so a renamed
    /// player is shown by their new name).
    said: Vec<String>,
}

/// A game's log read as turns.
pub(super) struct TurnStory {
    /// The game after the last step.
    game: Box<dyn LiveGame>,
    steps: Vec<Step>,
    /// Who owed a decision before the last step.
    last: Option<ToAct>,
    /// The last two turns that began with a step: how many steps the log held then, and the game.
    starts: Vec<(usize, Box<dyn LiveGame>)>,
}

impl TurnStory {
    /// Replays `record`'s log `moves`.
    pub(super) fn read(record: &GameRecord, moves: &[MoveRecord]) -> Result<Self, TableError> {
        let setup = record
            .setup
            .as_deref()
            .ok_or_else(|| TableError::internal("the game has no setup"))?;
        let game = kind_of(record)?
            .start(&record.options, record.seats.len(), setup, record.seed)
            .map_err(|e| TableError::internal(format!("stored setup refused: {e}")))?;
        let mut story = TurnStory {
            game,
            steps: Vec::with_capacity(moves.len()),
            last: None,
            starts: Vec::new(),
        };
        for m in moves {
            let actor = story.game.logged_actor(m.seat, &m.notation);
            story.push(actor, m.seat, &m.notation, m.by_bot)?;
        }
        Ok(story)
    }

    /// Plays `moves` (just appended to the log) onto the story.
    fn extend(&mut self, moves: &[NewMove]) -> Result<(), TableError> {
        for m in moves {
            let actor = self.game.logged_actor(m.seat, &m.notation);
            self.push(actor, m.seat, &m.notation, m.by_bot)?;
        }
        Ok(())
    }

    fn push(
        &mut self,
        actor: crate::game::Actor,
        seat: Seat,
        notation: &str,
        by_bot: bool,
    ) -> Result<(), TableError> {
        let now = self.game.to_act();
        if self.last.as_ref() != Some(&now) {
            if self.starts.len() == 2 {
                self.starts.remove(0);
            }
            self.starts.push((self.steps.len(), self.game.clone_box()));
            self.last = Some(now);
        }
        let applied = self.game.apply(actor, notation).map_err(|e| {
            TableError::internal(format!(
                "a logged step `{notation}` was refused: {}",
                e.message
            ))
        })?;
        self.steps.push(Step {
            seat,
            by_bot,
            said: applied
                .events
                .into_iter()
                .filter(|e| e.audience == Audience::Everyone)
                .map(|e| e.text)
                .collect(),
        });
        Ok(())
    }

    /// Whether the seats owing a decision changed with the last step, so the turn under way has no
    /// steps yet.
    fn turn_is_new(&self) -> bool {
        self.last.as_ref() != Some(&self.game.to_act())
    }

    /// How many steps the log held when the turn under way began.
    pub(super) fn began_at(&self) -> usize {
        if self.turn_is_new() {
            self.steps.len()
        } else {
            self.starts.last().map_or(0, |(at, _)| *at)
        }
    }

    /// Whether the turn under way has had steps.
    pub(super) fn under_way(&self) -> bool {
        !self.turn_is_new()
    }

    /// The game when the last turn with steps began (the game now when nothing has been played).
    pub(super) fn before(&self) -> &dyn LiveGame {
        self.starts
            .last()
            .map_or(self.game.as_ref(), |(_, game)| game.as_ref())
    }

    /// What happened before this turn since the earliest last step of `seats` (all of it when one of
    /// them has not stepped yet), the newest lines, the older ones counted.
    pub(super) fn recap_for(&self, seats: &[Seat], names: &SeatNames) -> Vec<String> {
        let began_at = self.began_at();
        let since = seats
            .iter()
            .map(|&seat| {
                self.steps[..began_at]
                    .iter()
                    .rposition(|s| s.seat == seat)
                    .map_or(0, |at| at + 1)
            })
            .min()
            .unwrap_or(began_at.saturating_sub(1));
        newest(&self.steps[since..began_at], RECAP_LINES, "before", names)
    }

    /// What happened in this turn so far, the newest lines, the older ones counted.
    pub(super) fn this_turn(&self, names: &SeatNames) -> Vec<String> {
        newest(&self.steps[self.began_at()..], TURN_LINES, "earlier", names)
    }

    /// Whether the last step a person took is `seat`'s.
    pub(super) fn last_person_step_is(&self, seat: Seat) -> bool {
        self.steps
            .iter()
            .rev()
            .find(|s| !s.by_bot)
            .is_some_and(|s| s.seat == seat)
    }
}

/// The last `limit` lines of `steps`, names filled, after a line counting the ones left out.
fn newest(steps: &[Step], limit: usize, when: &str, names: &SeatNames) -> Vec<String> {
    let all: Vec<&String> = steps.iter().flat_map(|s| &s.said).collect();
    let skip = all.len().saturating_sub(limit);
    let mut shown = Vec::with_capacity(limit + 1);
    if skip > 0 {
        shown.push(format!(
            "… {} {when} (the history has them all)",
            crate::plural::counted(skip, "line")
        ));
    }
    shown.extend(all[skip..].iter().map(|line| names.fill(line)));
    shown
}

/// The stories of the games the table moved last, each as of a version of its game.
#[derive(Default)]
pub(super) struct StoryCache {
    stories: Mutex<HashMap<i64, (i64, TurnStory)>>,
}

impl StoryCache {
    /// Takes the story of `record`'s game as of its version, if kept.
    pub(super) fn take(&self, record: &GameRecord) -> Option<TurnStory> {
        let mut stories = self.stories.lock().unwrap_or_else(|e| e.into_inner());
        match stories.remove(&record.id) {
            Some((version, story)) if version == record.version => Some(story),
            _ => None,
        }
    }

    /// Keeps `story` as the story of `record`'s game at its version.
    pub(super) fn keep(&self, record: &GameRecord, story: TurnStory) {
        let mut stories = self.stories.lock().unwrap_or_else(|e| e.into_inner());
        if stories.len() >= STORIES_KEPT {
            stories.clear();
        }
        stories.insert(record.id, (record.version, story));
    }
}

/// The story of a game after a command: the kept story of `before` (the record the command read)
/// extended by the `appended` steps, or, when none is kept or the log was cut (an undo), the log
/// read again through `moves`.
pub(super) fn story_after(
    cache: &StoryCache,
    before: &GameRecord,
    after: &GameRecord,
    appended: &[NewMove],
    truncated: bool,
    moves: impl FnOnce() -> Result<Vec<MoveRecord>, TableError>,
) -> Result<TurnStory, TableError> {
    if !truncated && let Some(mut story) = cache.take(before) {
        story.extend(appended)?;
        return Ok(story);
    }
    TurnStory::read(after, &moves()?)
}

impl super::Table {
    /// Reads `record`'s story (kept, or from the log) with `read`, and keeps it.
    pub(super) fn with_story<T>(
        &self,
        record: &GameRecord,
        read: impl FnOnce(&TurnStory) -> T,
    ) -> Result<T, TableError> {
        let story = match self.stories.take(record) {
            Some(story) => story,
            None => TurnStory::read(record, &self.store.moves(record.id)?)?,
        };
        let answer = read(&story);
        self.stories.keep(record, story);
        Ok(answer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(seat: Seat, said: &[&str]) -> Step {
        Step {
            seat,
            by_bot: false,
            said: said.iter().map(|s| (*s).to_owned()).collect(),
        }
    }

    #[test]
    fn only_the_newest_lines_are_kept_and_the_rest_counted() {
        let names = SeatNames::new(vec!["Ann".into()]);
        let steps = vec![step(0, &["a", "b"]), step(0, &[]), step(0, &["c"])];
        assert_eq!(newest(&steps, 5, "before", &names), ["a", "b", "c"]);
        assert_eq!(
            newest(&steps, 2, "before", &names),
            ["… 1 line before (the history has them all)", "b", "c"]
        );
    }
}

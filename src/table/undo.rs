//! Taking back a move: only the caller's own last move, only before another person has moved, never across
//! hidden information the caller has seen since, and only when every other person at the table agrees.

use crate::game::Viewer;
use crate::store::{GameRecord, Motion, MoveRecord, Update};

use super::play::Progress;
use super::session::{player_seat, replay, seat_names};
use super::vote::{already_waiting, pending, voters};
use super::{Caller, Place, Reply, Table, TableError};

impl Table {
    pub(super) fn request_undo(&self, place: &Place, caller: &Caller) -> Result<Reply, TableError> {
        let record = self.active_record(place, caller)?;
        let seat = player_seat(&record, caller)?;
        if let Some(request) = pending(&record) {
            return Err(TableError::NoUndo(already_waiting(&record, request)));
        }
        let moves = self.store.moves(record.id)?;
        let keep = moves
            .iter()
            .rposition(|m| m.seat == seat && !m.by_bot)
            .ok_or_else(|| TableError::NoUndo("you have not made a move yet.".into()))?;
        if let Some(later) = moves[keep + 1..].iter().find(|m| !m.by_bot) {
            return Err(TableError::NoUndo(format!(
                "{} has moved since; only a move no one has answered yet can be taken back.",
                record.seats[later.seat].name
            )));
        }
        let (_, events) = replay(&record, &moves)?;
        let revealed = events[keep..]
            .iter()
            .flatten()
            .any(|e| e.shows_hidden_to(seat));
        if revealed {
            return Err(TableError::NoUndo(
                "since that move you have seen something hidden (a draw, or an Automa's tile), and taking \
                 it back would cross hidden information."
                    .into(),
            ));
        }
        let needed = voters(&record, seat);
        if needed.is_empty() {
            let said = format!("{} took back their last move.", caller.name);
            return self.rewind(record, &moves, keep, said);
        }
        let what = seat_names(&record)
            .readable(&events[keep], Viewer::Spectator)
            .join(" ");
        let asking = format!(
            "{} asks to take back their last move ({what}).",
            caller.name
        );
        self.open_vote(
            &record,
            seat,
            Motion::Undo { keep_moves: keep },
            &needed,
            asking,
        )
    }

    /// Goes back to the first `keep` moves of the log.
    pub(super) fn rewind(
        &self,
        record: GameRecord,
        moves: &[MoveRecord],
        keep: usize,
        said: String,
    ) -> Result<Reply, TableError> {
        let (game, _) = replay(&record, &moves[..keep])?;
        let update = Update {
            truncate_moves_to: Some(keep),
            ..Update::default()
        };
        let progress = Progress {
            public: vec![said],
            ..Progress::default()
        };
        self.advance(record, game, progress, update)
    }
}

//! Taking back a move: only the caller's own last move, only before another person has moved, never across
//! hidden information the caller has seen since, and only when every other person at the table agrees.

use crate::game::Seat;
use crate::store::{GameRecord, MoveRecord, UndoChange, UndoRequest, Update};

use super::play::Progress;
use super::session::{list_names, player_seat, replay, seat_names};
use super::{Caller, Place, Post, PostAction, Reply, Table, TableError};
use crate::game::Viewer;

/// The people (not bots, not resigned) whose consent an undo by `requester` needs.
fn voters(record: &GameRecord, requester: Seat) -> Vec<Seat> {
    (0..record.seats.len())
        .filter(|&s| s != requester && record.seats[s].is_active_human())
        .collect()
}

fn names_of(record: &GameRecord, seats: &[Seat]) -> String {
    let names: Vec<String> = seats
        .iter()
        .map(|&s| record.seats[s].name.clone())
        .collect();
    list_names(&names)
}

/// A post asking `voters` to agree to or refuse the pending undo.
fn vote_post(record: &GameRecord, text: String, voters: &[Seat]) -> Post {
    Post {
        text,
        image: None,
        mentions: voters
            .iter()
            .filter_map(|&s| record.seats[s].user_id.clone())
            .collect(),
        actions: vec![PostAction::VoteOnUndo],
    }
}

/// The pending request, if it still applies to the game as it stands.
fn pending(record: &GameRecord) -> Option<&UndoRequest> {
    record
        .undo
        .as_ref()
        .filter(|r| r.at_version == record.version)
}

impl Table {
    pub(super) fn request_undo(&self, place: &Place, caller: &Caller) -> Result<Reply, TableError> {
        let record = self.active_record(place)?;
        let seat = player_seat(&record, caller)?;
        if let Some(request) = pending(&record) {
            let waiting: Vec<Seat> = voters(&record, request.requester)
                .into_iter()
                .filter(|s| !request.approvals.contains(s))
                .collect();
            return Err(TableError::NoUndo(format!(
                "an undo asked by {} is already waiting for {}.",
                record.seats[request.requester].name,
                names_of(&record, &waiting)
            )));
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
        let request = UndoRequest {
            requester: seat,
            keep_moves: keep,
            at_version: record.version + 1,
            approvals: Vec::new(),
        };
        let update = Update {
            undo: UndoChange::Set(request),
            ..Update::default()
        };
        self.store.update(record.id, record.version, &update)?;
        let text = format!(
            "{} asks to take back their last move ({what}). {}: do you agree?",
            caller.name,
            names_of(&record, &needed)
        );
        Ok(Reply::public(vote_post(&record, text, &needed)))
    }

    pub(super) fn vote_undo(
        &self,
        place: &Place,
        caller: &Caller,
        agree: bool,
    ) -> Result<Reply, TableError> {
        let record = self.active_record(place)?;
        let seat = player_seat(&record, caller)?;
        let request = pending(&record)
            .cloned()
            .ok_or_else(|| TableError::NoVote("No undo is waiting for a vote.".into()))?;
        if request.requester == seat {
            return Err(TableError::NoVote(
                "You asked for this undo; the other players decide.".into(),
            ));
        }
        let needed = voters(&record, request.requester);
        if !needed.contains(&seat) {
            return Err(TableError::NoVote("You have no vote on this undo.".into()));
        }
        let requester = record.seats[request.requester].name.clone();
        if !agree {
            let update = Update {
                undo: UndoChange::Clear,
                ..Update::default()
            };
            self.store.update(record.id, record.version, &update)?;
            return Ok(Reply::public(Post::text(format!(
                "{} refused to undo {requester}'s move; it stands.",
                caller.name
            ))));
        }
        let mut approvals = request.approvals.clone();
        if !approvals.contains(&seat) {
            approvals.push(seat);
        }
        let waiting: Vec<Seat> = needed
            .into_iter()
            .filter(|s| !approvals.contains(s))
            .collect();
        if waiting.is_empty() {
            let moves = self.store.moves(record.id)?;
            let said = format!("Everyone agreed: {requester}'s last move is taken back.");
            return self.rewind(record, &moves, request.keep_moves, said);
        }
        let update = Update {
            undo: UndoChange::Set(UndoRequest {
                approvals,
                at_version: record.version + 1,
                ..request
            }),
            ..Update::default()
        };
        self.store.update(record.id, record.version, &update)?;
        let text = format!(
            "{} agreed to undo {requester}'s move; waiting for {}.",
            caller.name,
            names_of(&record, &waiting)
        );
        Ok(Reply::public(vote_post(&record, text, &waiting)))
    }

    /// Goes back to the first `keep` moves of the log.
    fn rewind(
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

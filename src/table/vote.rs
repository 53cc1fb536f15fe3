//! Votes among the players: a person asks (to take back a move, to abort the game) and every other
//! person still playing must agree; one refusal ends the vote. A vote lasts until it is decided or the
//! game moves on. It lives in the store, so it survives restarts, and each request is named by the game
//! version it was opened at, so a button of an older request never counts on a newer one.

use crate::game::Seat;
use crate::store::{GameRecord, Motion, Update, VoteChange, VoteRequest};

use super::session::{list_names, player_seat};
use super::{Caller, Place, Post, PostAction, Reply, Table, TableError};

/// What kind of request a vote decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VoteKind {
    /// Taking back a move.
    Undo,
    /// Ending the game without a result.
    Abort,
}

impl VoteKind {
    /// The kind of vote that decides `motion`.
    pub(super) fn of(motion: Motion) -> VoteKind {
        match motion {
            Motion::Undo { .. } => VoteKind::Undo,
            Motion::Abort => VoteKind::Abort,
        }
    }

    /// "undo", "abort".
    pub fn word(self) -> &'static str {
        match self {
            VoteKind::Undo => "undo",
            VoteKind::Abort => "abort",
        }
    }
}

/// One vote request exactly: the game, the version the request was opened at, and its kind. Buttons
/// carry it so that a click answers the request it was shown with and no other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VoteTicket {
    /// What the request asks.
    pub kind: VoteKind,
    /// The game's id.
    pub game: i64,
    /// The game version the request was opened at.
    pub request: i64,
}

/// Which request a ballot answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VoteOn {
    /// Whatever request of this kind is pending now (a typed answer).
    Pending(VoteKind),
    /// Exactly this request (a button); if it is over, the ballot is refused.
    Ticket(VoteTicket),
}

/// The people (not bots, not resigned or removed) whose consent a request by `requester` needs.
pub(super) fn voters(record: &GameRecord, requester: Seat) -> Vec<Seat> {
    (0..record.seats.len())
        .filter(|&s| s != requester && record.seats[s].is_active_human())
        .collect()
}

/// The pending request, if it still applies to the game as it stands.
pub(super) fn pending(record: &GameRecord) -> Option<&VoteRequest> {
    record
        .vote
        .as_ref()
        .filter(|r| r.at_version == record.version)
}

/// The seats' names, listed.
pub(super) fn names_of(record: &GameRecord, seats: &[Seat]) -> String {
    let names: Vec<String> = seats
        .iter()
        .map(|&s| record.seats[s].name.clone())
        .collect();
    list_names(&names)
}

/// A post asking `voters` to agree to or refuse `request`.
fn ballot_post(record: &GameRecord, request: &VoteRequest, text: String, voters: &[Seat]) -> Post {
    Post {
        text,
        image: None,
        mentions: voters
            .iter()
            .filter_map(|&s| record.seats[s].user_id.clone())
            .collect(),
        actions: vec![PostAction::Vote(VoteTicket {
            kind: VoteKind::of(request.motion),
            game: record.id,
            request: request.opened_at,
        })],
    }
}

/// The refusal for a request that is already waiting, naming who it waits for.
pub(super) fn already_waiting(record: &GameRecord, request: &VoteRequest) -> String {
    let waiting: Vec<Seat> = voters(record, request.requester)
        .into_iter()
        .filter(|s| !request.approvals.contains(s))
        .collect();
    format!(
        "a vote to {} asked by {} is already waiting for {}.",
        VoteKind::of(request.motion).word(),
        record.seats[request.requester].name,
        names_of(record, &waiting)
    )
}

/// Why a ballot is refused when its request is over.
const VOTE_OVER: &str = "That vote is over: it was decided, or a move was made since. Ask again if it \
                         still matters.";

impl Table {
    /// Opens a vote on `motion` asked by `requester`, who the other people in `voters` must agree with;
    /// `asking` is the channel's text for it.
    pub(super) fn open_vote(
        &self,
        record: &GameRecord,
        requester: Seat,
        motion: Motion,
        voters: &[Seat],
        asking: String,
    ) -> Result<Reply, TableError> {
        let request = VoteRequest {
            motion,
            requester,
            opened_at: record.version + 1,
            at_version: record.version + 1,
            approvals: Vec::new(),
        };
        let update = Update {
            vote: VoteChange::Set(request.clone()),
            ..Update::default()
        };
        self.store.update(record.id, record.version, &update)?;
        let text = format!("{asking} {}: do you agree?", names_of(record, voters));
        Ok(Reply::public(ballot_post(record, &request, text, voters)))
    }

    /// Counts one agreement or refusal; when everyone has agreed, the motion is carried out.
    pub(super) fn vote(
        &self,
        place: &Place,
        caller: &Caller,
        on: VoteOn,
        agree: bool,
    ) -> Result<Reply, TableError> {
        let record = self.active_record(place, caller)?;
        let seat = player_seat(&record, caller)?;
        let request = pending(&record).cloned();
        let request = match (on, request) {
            (VoteOn::Ticket(ticket), Some(request))
                if ticket.game == record.id
                    && ticket.request == request.opened_at
                    && ticket.kind == VoteKind::of(request.motion) =>
            {
                request
            }
            (VoteOn::Ticket(_), _) => return Err(TableError::NoVote(VOTE_OVER.into())),
            (VoteOn::Pending(kind), Some(request)) if kind == VoteKind::of(request.motion) => {
                request
            }
            (VoteOn::Pending(kind), _) => {
                return Err(TableError::NoVote(format!(
                    "No request to {} is waiting for a vote.",
                    kind.word()
                )));
            }
        };
        let word = VoteKind::of(request.motion).word();
        if request.requester == seat {
            return Err(TableError::NoVote(format!(
                "You asked to {word}; the other players decide."
            )));
        }
        let needed = voters(&record, request.requester);
        if !needed.contains(&seat) {
            return Err(TableError::NoVote(format!(
                "You have no vote on this {word}."
            )));
        }
        let requester = record.seats[request.requester].name.clone();
        if !agree {
            let update = Update {
                vote: VoteChange::Clear,
                ..Update::default()
            };
            self.store.update(record.id, record.version, &update)?;
            let stands = match request.motion {
                Motion::Undo { .. } => format!("{requester}'s move stands"),
                Motion::Abort => "the game goes on".to_owned(),
            };
            return Ok(Reply::public(Post::text(format!(
                "{} refused {requester}'s request to {word}; {stands}.",
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
            return self.carry_out(record, request.motion, &requester);
        }
        let request = VoteRequest {
            approvals,
            at_version: record.version + 1,
            ..request
        };
        let update = Update {
            vote: VoteChange::Set(request.clone()),
            ..Update::default()
        };
        self.store.update(record.id, record.version, &update)?;
        let text = format!(
            "{} agreed to {requester}'s request to {word}; waiting for {}.",
            caller.name,
            names_of(&record, &waiting)
        );
        Ok(Reply::public(ballot_post(
            &record, &request, text, &waiting,
        )))
    }

    /// Does what everyone agreed to.
    fn carry_out(
        &self,
        record: GameRecord,
        motion: Motion,
        requester: &str,
    ) -> Result<Reply, TableError> {
        match motion {
            Motion::Undo { keep_moves } => {
                let moves = self.store.moves(record.id)?;
                let said = format!("Everyone agreed: {requester}'s last move is taken back.");
                self.rewind(record, &moves, keep_moves, said)
            }
            Motion::Abort => self.end_without_result(
                &record,
                format!("aborted by agreement of the players, asked by {requester}"),
                format!("Everyone agreed to {requester}'s request to abort."),
            ),
        }
    }
}

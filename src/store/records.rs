//! The rows the store reads and writes, as plain types.

use crate::bots::BotLevel;
use crate::game::Seat;

/// Where a game is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Created; players join; not started.
    Lobby,
    /// In play.
    Active,
    /// Played to its end (or ended by resignation).
    Finished,
    /// Stopped early by a player or a channel manager.
    Aborted,
}

impl Status {
    /// The text stored in the database.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Lobby => "lobby",
            Status::Active => "active",
            Status::Finished => "finished",
            Status::Aborted => "aborted",
        }
    }

    /// Reads the stored text.
    pub fn parse(text: &str) -> Option<Status> {
        [
            Status::Lobby,
            Status::Active,
            Status::Finished,
            Status::Aborted,
        ]
        .into_iter()
        .find(|s| s.as_str() == text)
    }

    /// Whether the game still occupies its channel.
    pub fn is_open(self) -> bool {
        matches!(self, Status::Lobby | Status::Active)
    }
}

/// Where [`Store::finished_games`](super::Store::finished_games) looks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FinishedScope {
    /// Games of one channel (or thread).
    Channel(String),
    /// Games of one server.
    Guild(String),
    /// Every game in the store.
    Everywhere,
}

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRecord {
    /// The person's id, or `None` for a bot.
    pub user_id: Option<String>,
    /// The name shown at the table.
    pub name: String,
    /// Whether the person resigned (a bot plays the seat from then on).
    pub resigned: bool,
    /// How strongly the seat's bot plays (normal for a person's seat, whose bot only stands in).
    pub bot_level: BotLevel,
}

impl SeatRecord {
    /// A seat played by a person.
    pub fn human(user_id: impl Into<String>, name: impl Into<String>) -> Self {
        SeatRecord {
            user_id: Some(user_id.into()),
            name: name.into(),
            resigned: false,
            bot_level: BotLevel::Normal,
        }
    }

    /// A seat played by a bot of `level`.
    pub fn bot(name: impl Into<String>, level: BotLevel) -> Self {
        SeatRecord {
            user_id: None,
            name: name.into(),
            resigned: false,
            bot_level: level,
        }
    }

    /// Whether a bot plays this seat (a bot seat, or a resigned person's).
    pub fn played_by_bot(&self) -> bool {
        self.user_id.is_none() || self.resigned
    }

    /// Whether a person still plays this seat.
    pub fn is_active_human(&self) -> bool {
        self.user_id.is_some() && !self.resigned
    }
}

/// What a vote decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Motion {
    /// Take back the requester's last move, keeping the first `keep_moves` moves of the log.
    Undo {
        /// How many moves stay in the log.
        keep_moves: usize,
    },
    /// End the game without a result.
    Abort,
}

/// A pending vote: `requester` asks the other players to agree to `motion`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VoteRequest {
    /// What is asked.
    pub motion: Motion,
    /// The seat asking.
    pub requester: Seat,
    /// The game version the request was opened at; it names the request for as long as it lasts.
    pub opened_at: i64,
    /// The game version the request was last written at; void once the game moves on.
    pub at_version: i64,
    /// Seats that agreed so far.
    pub approvals: Vec<Seat>,
}

/// A game as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Its id.
    pub id: i64,
    /// The channel (or thread) it lives in.
    pub channel: String,
    /// The server, for per-server statistics (`None` in the terminal).
    pub guild: Option<String>,
    /// The game id in the registry (`yardmaster`).
    pub kind: String,
    /// Where it is in its life.
    pub status: Status,
    /// The options as JSON.
    pub options: String,
    /// The seed of the deal and of the game's own generator.
    pub seed: u64,
    /// The setup as JSON, once started.
    pub setup: Option<String>,
    /// The state after the last move, as JSON, once started.
    pub snapshot: Option<String>,
    /// Grows with every change; every write checks it.
    pub version: i64,
    /// The user who created it.
    pub host: String,
    /// Why it ended, once over.
    pub ended_reason: Option<String>,
    /// Unix seconds of creation.
    pub created_at: i64,
    /// Unix seconds of the last change.
    pub updated_at: i64,
    /// Unix seconds of the start (leaving the lobby), once started.
    pub started_at: Option<i64>,
    /// Seats in seat order.
    pub seats: Vec<SeatRecord>,
    /// A pending vote (undo or abort), if any.
    pub vote: Option<VoteRequest>,
}

impl GameRecord {
    /// The seat of this user, if seated.
    pub fn seat_of(&self, user_id: &str) -> Option<Seat> {
        self.seats
            .iter()
            .position(|s| s.user_id.as_deref() == Some(user_id))
    }

    /// The seat names in seat order.
    pub fn names(&self) -> Vec<String> {
        self.seats.iter().map(|s| s.name.clone()).collect()
    }
}

/// A move in the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    /// Its place in the log, from 0.
    pub seq: usize,
    /// The seat that made it.
    pub seat: Seat,
    /// The move in canonical notation.
    pub notation: String,
    /// Whether a bot made it.
    pub by_bot: bool,
    /// Unix seconds.
    pub at: i64,
}

/// A move to append.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewMove {
    /// The seat that made it.
    pub seat: Seat,
    /// The move in canonical notation.
    pub notation: String,
    /// Whether a bot made it.
    pub by_bot: bool,
}

/// One participant's final result: a seat's, or that of a player the rules run (an Automa), whose row
/// is numbered after the seats and has no user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultRecord {
    /// The seat; for a player the rules run, the number after the seats (and after any before it).
    pub seat: Seat,
    /// The person, or `None` for a bot or a player the rules run.
    pub user_id: Option<String>,
    /// The name at the table.
    pub name: String,
    /// The final score.
    pub score: i32,
    /// 1 for the winner; tied participants share a place.
    pub place: u32,
    /// Whether the person had resigned.
    pub resigned: bool,
}

/// A new game to create.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGame {
    /// The channel it lives in.
    pub channel: String,
    /// The server, if any.
    pub guild: Option<String>,
    /// The registry id of the game.
    pub kind: String,
    /// The options as JSON.
    pub options: String,
    /// The seed.
    pub seed: u64,
    /// The creating user.
    pub host: String,
    /// The first seats (usually the creator).
    pub seats: Vec<SeatRecord>,
}

/// What to do with the pending vote in an [`Update`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum VoteChange {
    /// Leave it as it is.
    #[default]
    Keep,
    /// Remove it.
    Clear,
    /// Replace it with this one.
    Set(VoteRequest),
}

/// A change to one game, written in one transaction with a version check.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Update {
    /// A new status.
    pub status: Option<Status>,
    /// Why it ended.
    pub ended_reason: Option<String>,
    /// The setup (at start).
    pub setup: Option<String>,
    /// The new snapshot.
    pub snapshot: Option<String>,
    /// All seats, replacing the stored ones.
    pub seats: Option<Vec<SeatRecord>>,
    /// Drop every move from this index on, before appending.
    pub truncate_moves_to: Option<usize>,
    /// Moves to append to the log.
    pub append_moves: Vec<NewMove>,
    /// Final results to record.
    pub results: Option<Vec<ResultRecord>>,
    /// What happens to the pending vote.
    pub vote: VoteChange,
}

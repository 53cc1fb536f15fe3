//! What the table answers: posts for the channel and for one person, and the errors people can cause.

use std::fmt;

use super::panel::Panel;
use super::suggestion::{CommandSyntax, Suggestion, TypedCommands};
use super::vote::VoteTicket;
use crate::excerpt::excerpt;
use crate::games::adapter::LegalMove;

/// A PNG to attach.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// The attachment's file name (`board-12.png`).
    pub file_name: String,
    /// The PNG bytes.
    pub png: Vec<u8>,
    /// What the picture shows, in words, for people who cannot see it (Discord's attachment
    /// description, read by screen readers): who leads, whose turn, what just happened.
    pub description: Option<String>,
}

/// Something a post invites people to do; a front end may offer it as a button.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PostAction {
    /// Look at your own hand (privately).
    ViewHand,
    /// Open your private turn panel (or, when it is not your turn, see your hand and whose turn it is).
    TakeTurn,
    /// Agree to or refuse this request.
    Vote(VoteTicket),
}

/// One message.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Post {
    /// The text, with players named.
    pub text: String,
    /// A picture, if any.
    pub image: Option<Picture>,
    /// User ids to ping (players who must act now, or vote).
    pub mentions: Vec<String>,
    /// What the post invites people to do.
    pub actions: Vec<PostAction>,
}

impl Post {
    /// A text-only post.
    pub fn text(text: impl Into<String>) -> Self {
        Post {
            text: text.into(),
            ..Post::default()
        }
    }
}

/// Which turn of which game a public post tells of, so that a front end keeps one message per turn:
/// the post that begins a turn is a new message (pinging who must act), and the steps that follow in
/// the same turn edit that message (pinging nobody).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnMessage {
    /// The game.
    pub game: i64,
    /// How many steps the game's log held when the turn began; with the game, it names the turn.
    pub began_at: usize,
    /// Whether the post begins the turn (a new message) rather than bringing the turn's message up to
    /// date.
    pub fresh: bool,
    /// The game's version once the command was committed: it grows with every change, so of two posts
    /// of one game the one with the higher version tells the newer state (a front end that delivers
    /// replies concurrently keeps the newest).
    pub version: i64,
    /// How many of the post's lines before its last ("Now: …") the command itself added: what a front
    /// end that prints rather than edits (the terminal) shows of a turn's message brought up to date.
    pub news: usize,
}

/// The answer to one command: a post for the channel and/or a private post for the caller only.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    /// For everyone in the channel.
    pub public: Option<Post>,
    /// For the caller only (an ephemeral reply on Discord).
    pub private: Option<Post>,
    /// The caller's turn panel, for a command made from the panel (or one that opens it).
    pub panel: Option<Panel>,
    /// The turn the public post tells of, when it is a game's turn message.
    pub turn: Option<TurnMessage>,
    /// The game this command brought to its end (played out, or won by resignation), which now has
    /// a replay.
    pub finished: Option<i64>,
}

impl Reply {
    /// A reply with only a public post.
    pub fn public(post: Post) -> Self {
        Reply {
            public: Some(post),
            ..Reply::default()
        }
    }

    /// A reply with only a private post.
    pub fn private(post: Post) -> Self {
        Reply {
            private: Some(post),
            ..Reply::default()
        }
    }
}

/// Whose queue was full when a command was refused as [`TableError::Busy`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Crowded {
    /// The channel already has its limit of commands running or waiting.
    Channel,
    /// The caller already has their limit of commands running or waiting.
    Caller,
}

/// A command the table refuses. Every one changes nothing, and its message says what was wrong and what
/// would work instead. Commands it suggests are [`Suggestion`]s, written by [`TableError::render`] in the
/// front end's own syntax; `to_string` writes them as typed words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableError {
    /// No game is open in the channel.
    NoGame {
        /// The ids of the games on offer.
        games: String,
    },
    /// The named game does not exist.
    UnknownGame {
        /// What was asked for.
        asked: String,
        /// The ids of the games on offer.
        games: String,
    },
    /// The channel already has an open game.
    ChannelBusy {
        /// The open game's name.
        name: String,
        /// "waiting for players" or "in play".
        state: &'static str,
    },
    /// Bad options at creation.
    BadOptions(String),
    /// The caller already sits at this game.
    AlreadyJoined,
    /// No seat is left.
    GameFull {
        /// The game's name.
        name: String,
        /// Its largest number of seats.
        max: usize,
    },
    /// The game has started; lobby commands no longer apply.
    AlreadyStarted {
        /// What was tried.
        what: &'static str,
    },
    /// The game has not started yet.
    NotStarted,
    /// The caller does not sit at this game.
    NotAPlayer {
        /// Whether the game is under way (the caller may watch it) rather than in its lobby (the caller
        /// may join it).
        started: bool,
    },
    /// Only people at the table (or whoever opened it) may do this before the start.
    PlayersOnly {
        /// What was tried ("add bots", "start it").
        what: &'static str,
    },
    /// The caller resigned.
    Resigned,
    /// Someone else must act.
    NotYourTurn {
        /// Who must act now.
        waiting_for: String,
    },
    /// The caller tried to skip or remove the players who are waiting for them.
    OwnTurn,
    /// The rules refuse the move.
    IllegalMove {
        /// Why.
        message: String,
        /// What the caller could play instead.
        legal: Vec<LegalMove>,
    },
    /// Too few or too many seats to start.
    WrongPlayerCount {
        /// The game's name.
        name: String,
        /// Fewest seats.
        min: usize,
        /// Most seats.
        max: usize,
        /// Seats taken.
        have: usize,
    },
    /// Undo is not possible now.
    NoUndo(String),
    /// A vote on an undo that is not pending, or by someone who has no vote.
    NoVote(String),
    /// The caller may not do this.
    NotAllowed(String),
    /// A step only the table takes (because of the clock) was typed as a move.
    ClockStep {
        /// What was typed.
        step: String,
    },
    /// The daily puzzle refuses the command; the message says why and what to do instead.
    Puzzle(String),
    /// Another command changed the game first.
    Conflict,
    /// Too many commands are in flight, in the channel or from the caller; this one was not run.
    Busy {
        /// Whose limit was reached.
        crowded: Crowded,
        /// The limit.
        limit: usize,
    },
    /// The channel's stored game can be neither restored nor replayed by this build (an upgrade changed
    /// its rules or format). It stays as it is for the operators; the detail is for the log only.
    Unloadable {
        /// The stored game's id.
        game: i64,
        /// Why neither its snapshot nor its log could be used.
        detail: String,
    },
    /// The database could not be reached (a PostgreSQL server restarting, say); nothing was changed and
    /// the same command may work in a moment. Built only by [`TableError::unavailable`], which logs the
    /// detail.
    Unavailable(LoggedDetail),
    /// The database went away while it was saving the command's change, so whether the change was made
    /// is unknown: the player is told to look before trying again (a repeated move could be made twice).
    /// Built only by [`TableError::unconfirmed`], which logs the detail.
    Unconfirmed(LoggedDetail),
    /// Something failed on our side; nothing was changed. Built only by [`TableError::internal`], which
    /// logs the detail: the detail is for the log, never for people.
    Internal(LoggedDetail),
}

/// What failed on our side, already written to the log. Only [`TableError::internal`] makes one, so no
/// internal failure can reach people without being logged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoggedDetail(String);

impl LoggedDetail {
    /// What failed, for the log and for tests.
    pub fn detail(&self) -> &str {
        &self.0
    }
}

impl TableError {
    /// A failure on our side: `detail` goes to the log, and people see only that something went wrong.
    pub fn internal(detail: impl Into<String>) -> Self {
        let detail = detail.into();
        tracing::error!("table command failed: {detail}");
        TableError::Internal(LoggedDetail(detail))
    }

    /// The database could not be reached: logs `detail` and says "try again in a moment".
    pub fn unavailable(detail: impl Into<String>) -> Self {
        let detail = detail.into();
        tracing::warn!("database unreachable: {detail}");
        TableError::Unavailable(LoggedDetail(detail))
    }

    /// The database went away while saving: logs `detail` and says "look before you try again".
    pub fn unconfirmed(detail: impl Into<String>) -> Self {
        let detail = detail.into();
        tracing::warn!("database lost while committing: {detail}");
        TableError::Unconfirmed(LoggedDetail(detail))
    }

    /// The refusal of a game id that names no game, listing the games on offer.
    pub fn unknown_game(asked: &str) -> Self {
        TableError::UnknownGame {
            asked: asked.trim().to_owned(),
            games: super::game_ids(),
        }
    }

    /// The message, with suggested commands written in `syntax`. Nothing of an [`TableError::Internal`]
    /// detail is shown.
    pub fn render(&self, syntax: &dyn CommandSyntax) -> String {
        let say = |suggestion| syntax.command(suggestion);
        match self {
            TableError::NoGame { games } => format!(
                "There is no game in this channel. Start one with {} (games: {games}).",
                say(Suggestion::NewGame)
            ),
            TableError::UnknownGame { asked, games } => format!(
                "There is no game called `{}`. Choose one of: {games}.",
                excerpt(asked)
            ),
            TableError::ChannelBusy { name, state } => format!(
                "This channel already has a game of {name} ({state}). Finish it or abort it first; one \
                 game per channel."
            ),
            TableError::BadOptions(why)
            | TableError::NoVote(why)
            | TableError::NotAllowed(why)
            | TableError::Puzzle(why) => why.clone(),
            TableError::AlreadyJoined => "You have already joined this game.".into(),
            TableError::GameFull { name, max } => {
                format!("The game is full: {name} takes at most {max} players.")
            }
            TableError::AlreadyStarted { what } => {
                format!("The game has already started; {what} is only possible before the start.")
            }
            TableError::NotStarted => {
                "The game has not started yet. Players can join, add bots, then start it.".into()
            }
            TableError::NotAPlayer { started: true } => format!(
                "You are not playing in this game; you can watch with {}.",
                say(Suggestion::Board)
            ),
            TableError::NotAPlayer { started: false } => format!(
                "You have not joined this game; take a seat with {}.",
                say(Suggestion::Join)
            ),
            TableError::PlayersOnly { what } => format!(
                "Only players at this table (or whoever opened it) can {what}; {} first.",
                say(Suggestion::Join)
            ),
            TableError::Resigned => {
                "You no longer play in this game (you resigned or were removed): a bot plays your seat, \
                 and you watch like any spectator."
                    .into()
            }
            TableError::NotYourTurn { waiting_for } => {
                format!("It is not your turn: waiting for {waiting_for}.")
            }
            TableError::OwnTurn => format!(
                "It is your own turn: make your move (or {}).",
                say(Suggestion::Resign)
            ),
            TableError::IllegalMove { message, .. } => message.clone(),
            TableError::ClockStep { step } => format!(
                "`{step}` is not a move: the table takes that step itself. Once the game's deadline \
                 has passed, its host or a member who manages this channel can end the game with {}.",
                say(Suggestion::EndNow)
            ),
            TableError::WrongPlayerCount {
                name,
                min,
                max,
                have,
            } => format!(
                "{name} needs {min} to {max} players; this game has {have}. Invite players with {} or \
                 add bots with {}.",
                say(Suggestion::Join),
                say(Suggestion::AddBot)
            ),
            TableError::NoUndo(why) => format!("Cannot undo: {why}"),
            TableError::Conflict => {
                "The game changed at the same moment (another command got there \
                 first), so nothing was done. Look at the board and try again."
                    .into()
            }
            TableError::Busy {
                crowded: Crowded::Channel,
                limit,
            } => format!(
                "This channel is busy: {limit} commands are already waiting here, so nothing was done \
                 with yours. Try again in a moment."
            ),
            TableError::Busy {
                crowded: Crowded::Caller,
                limit,
            } => format!(
                "You already have {limit} commands waiting for an answer, so nothing was done with this \
                 one. Try again in a moment, once they are answered."
            ),
            TableError::Unloadable { game, .. } => format!(
                "The game in this channel (game {game}) cannot be loaded by this version of the bot, \
                 so nothing was changed. The problem is logged for the bot's operators."
            ),
            TableError::Unavailable(_) => "The bot cannot reach its database just now, so nothing was \
                 done. Try again in a moment."
                .into(),
            TableError::Unconfirmed(_) => format!(
                "The bot lost its database while saving this, so it cannot tell whether it was done. \
                 Look with {} before you try again.",
                say(Suggestion::Board)
            ),
            TableError::Internal(_) => {
                "Something went wrong on our side and nothing was changed. Please try again.".into()
            }
        }
    }

    /// Up to `limit` legal moves to suggest with this error.
    pub fn suggestions(&self, limit: usize) -> &[LegalMove] {
        match self {
            TableError::IllegalMove { legal, .. } => &legal[..legal.len().min(limit)],
            _ => &[],
        }
    }

    /// The message with legal examples, for front ends that show plain text.
    pub fn explain(&self, syntax: &dyn CommandSyntax) -> String {
        let mut text = self.render(syntax);
        let legal = self.suggestions(usize::MAX);
        if !legal.is_empty() {
            text.push_str("\nLegal now:");
            for m in legal {
                text.push_str(&format!("\n  {}  ({})", m.notation, m.label));
            }
        }
        text
    }
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(&TypedCommands))
    }
}

impl std::error::Error for TableError {}

impl From<crate::store::StoreError> for TableError {
    fn from(error: crate::store::StoreError) -> Self {
        match error {
            crate::store::StoreError::Conflict => TableError::Conflict,
            crate::store::StoreError::Unreachable(detail)
            | crate::store::StoreError::TooSlow(detail) => TableError::unavailable(detail),
            crate::store::StoreError::Unconfirmed(detail) => TableError::unconfirmed(detail),
            other => TableError::internal(other.to_string()),
        }
    }
}

//! What the table answers: posts for the channel and for one person, and the errors people can cause.

use thiserror::Error;

use crate::games::adapter::LegalMove;

/// A PNG to attach.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// The attachment's file name (`board-12.png`).
    pub file_name: String,
    /// The PNG bytes.
    pub png: Vec<u8>,
}

/// Something a post invites people to do; a front end may offer it as a button.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PostAction {
    /// Look at your own hand (privately).
    ViewHand,
    /// Agree to or refuse the pending undo.
    VoteOnUndo,
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

/// The answer to one command: a post for the channel and/or a private post for the caller only.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    /// For everyone in the channel.
    pub public: Option<Post>,
    /// For the caller only (an ephemeral reply on Discord).
    pub private: Option<Post>,
}

impl Reply {
    /// A reply with only a public post.
    pub fn public(post: Post) -> Self {
        Reply {
            public: Some(post),
            private: None,
        }
    }

    /// A reply with only a private post.
    pub fn private(post: Post) -> Self {
        Reply {
            public: None,
            private: Some(post),
        }
    }
}

/// A command the table refuses. Every one changes nothing, and its message says what was wrong and what
/// would work instead.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TableError {
    /// No game is open in the channel.
    #[error("There is no game in this channel. Start one with `new <game>` (games: {games}).")]
    NoGame {
        /// The ids of the games on offer.
        games: String,
    },
    /// The named game does not exist.
    #[error("There is no game called `{asked}`. Choose one of: {games}.")]
    UnknownGame {
        /// What was asked for.
        asked: String,
        /// The ids of the games on offer.
        games: String,
    },
    /// The channel already has an open game.
    #[error(
        "This channel already has a game of {name} ({state}). Finish it or abort it first; one game per channel."
    )]
    ChannelBusy {
        /// The open game's name.
        name: String,
        /// "waiting for players" or "in play".
        state: &'static str,
    },
    /// Bad options at creation.
    #[error("{0}")]
    BadOptions(String),
    /// The caller already sits at this game.
    #[error("You have already joined this game.")]
    AlreadyJoined,
    /// No seat is left.
    #[error("The game is full: {name} takes at most {max} players.")]
    GameFull {
        /// The game's name.
        name: String,
        /// Its largest number of seats.
        max: usize,
    },
    /// The game has started; lobby commands no longer apply.
    #[error("The game has already started; {what} is only possible before the start.")]
    AlreadyStarted {
        /// What was tried.
        what: &'static str,
    },
    /// The game has not started yet.
    #[error("The game has not started yet. Players can join, add bots, then start it.")]
    NotStarted,
    /// The caller does not sit at this game.
    #[error("You are not playing in this game{hint}.")]
    NotAPlayer {
        /// What the caller could do instead.
        hint: &'static str,
    },
    /// The caller resigned.
    #[error("You resigned from this game; a bot plays your seat now.")]
    Resigned,
    /// Someone else must act.
    #[error("It is not your turn: waiting for {waiting_for}.")]
    NotYourTurn {
        /// Who must act now.
        waiting_for: String,
    },
    /// The rules refuse the move.
    #[error("{message}")]
    IllegalMove {
        /// Why.
        message: String,
        /// What the caller could play instead.
        legal: Vec<LegalMove>,
    },
    /// Too few or too many seats to start.
    #[error("{name} needs {min} to {max} players; this game has {have}. {hint}")]
    WrongPlayerCount {
        /// The game's name.
        name: String,
        /// Fewest seats.
        min: usize,
        /// Most seats.
        max: usize,
        /// Seats taken.
        have: usize,
        /// What to do about it.
        hint: &'static str,
    },
    /// Undo is not possible now.
    #[error("Cannot undo: {0}")]
    NoUndo(String),
    /// A vote on an undo that is not pending, or by someone who has no vote.
    #[error("{0}")]
    NoVote(String),
    /// The caller may not do this.
    #[error("{0}")]
    NotAllowed(String),
    /// The daily puzzle refuses the command; the message says why and what to do instead.
    #[error("{0}")]
    Puzzle(String),
    /// Another command changed the game first.
    #[error(
        "The game changed at the same moment (another command got there first), so nothing was done. Look at the board and try again."
    )]
    Conflict,
    /// Something failed on our side; nothing was changed.
    #[error("Something went wrong on our side and nothing was changed ({0}). Please try again.")]
    Internal(String),
}

impl TableError {
    /// Up to `limit` legal moves to suggest with this error.
    pub fn suggestions(&self, limit: usize) -> &[LegalMove] {
        match self {
            TableError::IllegalMove { legal, .. } => &legal[..legal.len().min(limit)],
            _ => &[],
        }
    }

    /// The message with legal examples, for front ends that show text.
    pub fn explain(&self) -> String {
        let legal = self.suggestions(usize::MAX);
        if legal.is_empty() {
            return self.to_string();
        }
        let mut text = format!("{self}\nLegal now:");
        for m in legal {
            text.push_str(&format!("\n  {}  ({})", m.notation, m.label));
        }
        text
    }
}

impl From<crate::store::StoreError> for TableError {
    fn from(error: crate::store::StoreError) -> Self {
        match error {
            crate::store::StoreError::Conflict => TableError::Conflict,
            other => TableError::Internal(other.to_string()),
        }
    }
}

//! Loading a game for a command: its record, its rules, its live state, and names for its seats.

use crate::game::{Event, Seat, Viewer};
use crate::games::seat_names::SeatNames;
use crate::games::{self, adapter::GameKind, adapter::LiveGame, adapter::TimedMove};
use crate::store::{GameRecord, MoveRecord, SeatRecord, Status};

use super::{Caller, Picture, Place, Table, TableError, game_ids};

impl Table {
    /// The open game of the channel, with the caller's seats under the name the front end gives them
    /// now (a new server nickname, say), so everything the command shows names them as they are called
    /// today. The name is written only when it changed: the game's read is the one the command needs
    /// anyway, so an unchanged name costs no statement (on PostgreSQL each is a round trip).
    pub(super) fn open_record(
        &self,
        place: &Place,
        caller: &Caller,
    ) -> Result<GameRecord, TableError> {
        let mut record = self
            .store
            .open_game(&place.channel)?
            .ok_or_else(|| TableError::NoGame { games: game_ids() })?;
        let is_theirs =
            |seat: &SeatRecord| seat.user_id.as_deref() == Some(caller.user_id.as_str());
        if record
            .seats
            .iter()
            .any(|seat| is_theirs(seat) && seat.name != caller.name)
        {
            self.store
                .rename_seat(&place.channel, &caller.user_id, &caller.name)?;
            for seat in record.seats.iter_mut().filter(|seat| is_theirs(seat)) {
                seat.name.clone_from(&caller.name);
            }
        }
        Ok(record)
    }

    /// The open game of the channel, which must be in play, with the caller's seats named as
    /// [`Table::open_record`] names them.
    pub(super) fn active_record(
        &self,
        place: &Place,
        caller: &Caller,
    ) -> Result<GameRecord, TableError> {
        let record = self.open_record(place, caller)?;
        if record.status == Status::Lobby {
            return Err(TableError::NotStarted);
        }
        Ok(record)
    }

    /// The live state of a started game: its snapshot or, when the snapshot cannot be read (a field
    /// renamed by an upgrade, say), a replay of its seed, setup and log. If that fails too, the error
    /// names the game and both reasons; other games are not touched.
    pub(super) fn live_game(&self, record: &GameRecord) -> Result<Box<dyn LiveGame>, TableError> {
        let kind = kind_of(record)?;
        let unreadable = match &record.snapshot {
            Some(snapshot) => match kind.restore(snapshot) {
                Ok(game) => return Ok(game),
                Err(error) => error.to_string(),
            },
            None => "there is none".to_owned(),
        };
        tracing::warn!(
            game = record.id,
            "the snapshot cannot be used ({unreadable}); rebuilding the game from its log"
        );
        let moves = self.store.moves(record.id)?;
        match rebuild(record, &moves, |_, _| {}) {
            Ok((game, _)) => Ok(game),
            Err(reason) => {
                let detail = format!(
                    "its snapshot is unreadable ({unreadable}) and its log does not replay ({reason})"
                );
                tracing::error!(game = record.id, "the game cannot be loaded: {detail}");
                Err(TableError::Unloadable {
                    game: record.id,
                    detail,
                })
            }
        }
    }
}

/// A board picture in words, for people who cannot see it: the game, who leads, whose turn, and
/// `last`, what just happened.
fn board_description(record: &GameRecord, game: &dyn LiveGame, last: Option<String>) -> String {
    let name = kind_of(record).map_or(record.kind.as_str(), |kind| kind.name());
    let mut description = format!("{name} board.");
    if let Some(standing) = game.standing_line(Viewer::Spectator, &record.names()) {
        description.push_str(&format!(" {standing}."));
    }
    if game.outcome().is_none() {
        description.push_str(&format!(" Now: {}.", names_to_act(record, game)));
    } else {
        description.push_str(" The game is over.");
    }
    if let Some(last) = last {
        description.push_str(&format!(" Last: {last}"));
    }
    super::panel::clip_description(&description)
}

/// The rules of a stored game.
pub(super) fn kind_of(record: &GameRecord) -> Result<&'static dyn GameKind, TableError> {
    games::find(&record.kind)
        .ok_or_else(|| TableError::internal(format!("this build has no game `{}`", record.kind)))
}

/// A game rebuilt from its log, with the events of each move.
pub(super) type Replayed = (Box<dyn LiveGame>, Vec<Vec<Event>>);

/// Starts a game from its record's setup and replays `moves`, returning the state and each move's events.
pub(super) fn replay(record: &GameRecord, moves: &[MoveRecord]) -> Result<Replayed, TableError> {
    rebuild(record, moves, |_, _| {}).map_err(TableError::internal)
}

/// [`replay`], also naming for each move the timed default it was, if the table made it for a person
/// who had not answered in time: a move of a person's seat made by the table, the very decision
/// pending for that seat, at least the timeout after the move before it. (A bot playing a resigned
/// seat moves at once; a `skip` is allowed only after the absence limit, and the hourly sweep takes a
/// shorter timeout first.)
pub(super) fn replay_noting_defaults(
    record: &GameRecord,
    moves: &[MoveRecord],
) -> Result<(Replayed, Vec<Option<TimedMove>>), TableError> {
    replay_keeping(record, moves, |_, _| {})
}

/// [`replay_noting_defaults`], showing `also` the game before each move is applied.
pub(super) fn replay_keeping(
    record: &GameRecord,
    moves: &[MoveRecord],
    mut also: impl FnMut(&dyn LiveGame, &MoveRecord),
) -> Result<(Replayed, Vec<Option<TimedMove>>), TableError> {
    let mut defaults = Vec::with_capacity(moves.len());
    let mut since = record.started_at.unwrap_or(record.created_at);
    let replayed = rebuild(record, moves, |game, m| {
        also(game, m);
        let person = record
            .seats
            .get(m.seat)
            .is_some_and(|s| s.user_id.is_some());
        defaults.push(game.timed_default().filter(|timed| {
            m.by_bot
                && person
                && timed.seat == m.seat
                && timed.notation == m.notation
                && m.at - since >= timed.after_secs
        }));
        since = m.at;
    })
    .map_err(TableError::internal)?;
    Ok((replayed, defaults))
}

/// [`replay`], saying why a stored game cannot be rebuilt without logging it (the caller decides how);
/// `before` sees the game before each move is applied.
pub(super) fn rebuild(
    record: &GameRecord,
    moves: &[MoveRecord],
    mut before: impl FnMut(&dyn LiveGame, &MoveRecord),
) -> Result<Replayed, String> {
    let kind = games::find(&record.kind)
        .ok_or_else(|| format!("this build has no game `{}`", record.kind))?;
    let setup = record.setup.as_deref().ok_or("the game has no setup")?;
    let mut game = kind
        .start(&record.options, record.seats.len(), setup, record.seed)
        .map_err(|e| format!("stored setup refused: {e}"))?;
    let mut events = Vec::with_capacity(moves.len());
    for m in moves {
        before(game.as_ref(), m);
        let actor = game.logged_actor(m.seat, &m.notation);
        let applied = game.apply(actor, &m.notation).map_err(|e| {
            format!(
                "stored move {} `{}` refused: {}",
                m.seq, m.notation, e.message
            )
        })?;
        events.push(applied.events);
    }
    Ok((game, events))
}

/// The caller's seat in a started game, if they still play it.
pub(super) fn player_seat(record: &GameRecord, caller: &Caller) -> Result<Seat, TableError> {
    let seat = record
        .seat_of(&caller.user_id)
        .ok_or(TableError::NotAPlayer { started: true })?;
    if record.seats[seat].resigned {
        return Err(TableError::Resigned);
    }
    Ok(seat)
}

/// The players' names, which fill the seat tokens of every engine text the table passes on.
pub(super) fn seat_names(record: &GameRecord) -> SeatNames {
    SeatNames::new(record.names())
}

/// "Alice", "Alice and Bob", "Alice, Bob and Carol".
pub(super) fn list_names(names: &[String]) -> String {
    crate::plural::listed(names)
}

/// The names of the seats that must act now.
pub(super) fn names_to_act(record: &GameRecord, game: &dyn LiveGame) -> String {
    let names: Vec<String> = game
        .to_act()
        .seats()
        .iter()
        .filter_map(|&s| record.seats.get(s).map(|r| r.name.clone()))
        .collect();
    list_names(&names)
}

/// The user ids of people who must act now (bots are never pinged).
pub(super) fn mentions_to_act(record: &GameRecord, game: &dyn LiveGame) -> Vec<String> {
    game.to_act()
        .seats()
        .iter()
        .filter_map(|&s| record.seats.get(s))
        .filter(|s| s.is_active_human())
        .filter_map(|s| s.user_id.clone())
        .collect()
}

impl Table {
    /// The public picture of the table, if pictures are on.
    pub(super) fn board_picture(
        &self,
        record: &GameRecord,
        game: &dyn LiveGame,
    ) -> Option<Picture> {
        self.options.pictures.then(|| Picture {
            file_name: format!(
                "{}-game{}-v{}-board.png",
                record.kind, record.id, record.version
            ),
            png: game.board_png(Viewer::Spectator, &record.names()),
            description: Some(board_description(record, game, None)),
        })
    }

    /// The public picture of the table with what changed since `before` (when the last turn with steps
    /// began) marked, described for people who cannot see it: who leads, whose turn, and `last`, what
    /// just happened.
    pub(super) fn marked_board_picture(
        &self,
        record: &GameRecord,
        game: &dyn LiveGame,
        before: &dyn LiveGame,
        last: Option<String>,
    ) -> Option<Picture> {
        if !self.options.pictures {
            return None;
        }
        Some(Picture {
            file_name: format!(
                "{}-game{}-v{}-board.png",
                record.kind, record.id, record.version
            ),
            png: game.board_png_since(Viewer::Spectator, before, &record.names()),
            description: Some(board_description(record, game, last)),
        })
    }

    /// A seat's private picture of its hand, if pictures are on and it holds cards.
    pub(super) fn hand_picture(
        &self,
        record: &GameRecord,
        game: &dyn LiveGame,
        seat: Seat,
    ) -> Option<Picture> {
        if !self.options.pictures {
            return None;
        }
        game.hand_png(seat).map(|png| Picture {
            file_name: format!(
                "{}-game{}-v{}-hand.png",
                record.kind, record.id, record.version
            ),
            png,
            description: None,
        })
    }
}

//! A finished game read back step by step, as one viewer may see it: the game after every step, what
//! each step said to that viewer, and where each turn ended. `/game replay`, the animated picture of a
//! game and the web pages all read games through it, so they show the same frames and hide the same
//! things.
//!
//! Frame 0 is the game as dealt; frame `i` is the game after step `i`. Pictures of the board are
//! always drawn for a spectator; only a seat's own replay adds that seat's hand ([`GameReplay::hand_png`])
//! and its private narration.

use render::Canvas;

use crate::game::{Actor, Seat, ToAct, Viewer};
use crate::games::adapter::LiveGame;
use crate::games::seat_names::SeatNames;
use crate::store::{FinishedScope, GameRecord, MoveRecord, Status};

use super::clock_steps::decided_by_table;
use super::session::{kind_of, replay_keeping};
use super::{Caller, Place, Table, TableError};

/// One step of a replay: who took it and what it said to the replay's viewer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayStep {
    /// The seat that took it, or `None` for a step only the table takes.
    pub seat: Option<Seat>,
    /// Its notation, as logged.
    pub notation: String,
    /// Whether a bot (or the table, for a person who did not answer in time) took it.
    pub by_bot: bool,
    /// What it said to the viewer, names filled in.
    pub said: Vec<String>,
    /// What it said to everyone (all a spectator heard), names filled in: the narration of pictures
    /// anyone may see, such as the animation of the game.
    pub public: Vec<String>,
}

/// A finished game, every frame of it, for one viewer.
pub struct GameReplay {
    record: GameRecord,
    viewer: Viewer,
    /// The game at each frame.
    states: Vec<Box<dyn LiveGame>>,
    /// The step that led to each frame after the first.
    steps: Vec<ReplayStep>,
    /// The frames at which a turn ended, in order (the last is the last frame).
    turn_ends: Vec<usize>,
}

impl GameReplay {
    /// Replays `record`'s log `moves` for `viewer`.
    pub fn read(
        record: GameRecord,
        moves: &[MoveRecord],
        viewer: Viewer,
    ) -> Result<GameReplay, TableError> {
        let mut states = Vec::with_capacity(moves.len() + 1);
        let ((last, events), defaults) =
            replay_keeping(&record, moves, |game, _| states.push(game.clone_box()))?;
        states.push(last);
        let names = SeatNames::new(record.names());
        let steps = moves
            .iter()
            .zip(&events)
            .zip(defaults)
            .zip(&states)
            .map(|(((m, happened), timed), before)| {
                let mut said = names.readable(happened, viewer);
                let mut public = names.readable(happened, Viewer::Spectator);
                if let Some(timed) = timed {
                    let decided = decided_by_table(&names.name(m.seat), &timed);
                    said.insert(0, decided.clone());
                    public.insert(0, decided);
                }
                let seat = match before.logged_actor(m.seat, &m.notation) {
                    Actor::Seat(seat) => Some(seat),
                    Actor::Table => None,
                };
                ReplayStep {
                    seat,
                    notation: m.notation.clone(),
                    by_bot: m.by_bot,
                    said,
                    public,
                }
            })
            .collect();
        let turn_ends = turn_ends(&states);
        Ok(GameReplay {
            record,
            viewer,
            states,
            steps,
            turn_ends,
        })
    }

    /// The game's record (players, options, when it was played).
    pub fn record(&self) -> &GameRecord {
        &self.record
    }

    /// Whom the replay is for.
    pub fn viewer(&self) -> Viewer {
        self.viewer
    }

    /// The players' names in seat order.
    pub fn names(&self) -> Vec<String> {
        self.record.names()
    }

    /// How many frames there are: the deal and one after each step.
    pub fn frames(&self) -> usize {
        self.states.len()
    }

    /// The last frame (the game's end).
    pub fn last_frame(&self) -> usize {
        self.states.len() - 1
    }

    /// The game at `frame` (the last frame for one past the end).
    pub fn game(&self, frame: usize) -> &dyn LiveGame {
        self.states[frame.min(self.last_frame())].as_ref()
    }

    /// The step that led to `frame`; `None` for the deal.
    pub fn step(&self, frame: usize) -> Option<&ReplayStep> {
        frame.checked_sub(1).and_then(|i| self.steps.get(i))
    }

    /// Every step, in order (the step to frame `i` is at `i - 1`).
    pub fn steps(&self) -> &[ReplayStep] {
        &self.steps
    }

    /// The frames at which each turn ended (a turn is a run of steps during which the seats owing a
    /// decision stayed the same), in order; the last is the last frame. Empty for a game of no steps.
    pub fn turn_ends(&self) -> &[usize] {
        &self.turn_ends
    }

    /// The turn (counted from 1) that `frame`'s step belongs to; 0 for the deal.
    pub fn turn_of(&self, frame: usize) -> usize {
        if frame == 0 {
            return 0;
        }
        self.turn_ends.partition_point(|&end| end < frame) + 1
    }

    /// The name of whoever took the step to `frame` ("the table" for a clock step; `None` for the
    /// deal).
    pub fn mover(&self, frame: usize) -> Option<String> {
        let step = self.step(frame)?;
        Some(match step.seat {
            Some(seat) => SeatNames::new(self.names()).name(seat),
            None => "the table".to_owned(),
        })
    }

    /// The board at `frame` as a spectator saw it, with what changed since frame `since` marked.
    pub fn board_png(&self, frame: usize, since: usize) -> Vec<u8> {
        render::encode_png(&self.board_picture(frame, since))
    }

    /// [`GameReplay::board_png`] drawn but not encoded.
    pub(super) fn board_picture(&self, frame: usize, since: usize) -> Canvas {
        let names = self.names();
        self.game(frame)
            .board_picture_since(Viewer::Spectator, self.game(since), &names)
    }

    /// The viewer's own hand at `frame`, if the replay is a seat's and the seat held cards then.
    pub fn hand_png(&self, frame: usize) -> Option<Vec<u8>> {
        match self.viewer {
            Viewer::Seat(seat) => self.game(frame).hand_png(seat),
            Viewer::Spectator => None,
        }
    }

    /// The board at `frame` in words, for people who cannot see the picture: the game, who led, whose
    /// turn it was and what the step did.
    pub fn description(&self, frame: usize) -> String {
        let game = self.game(frame);
        let names = self.names();
        let name = kind_of(&self.record).map_or(self.record.kind.as_str(), |kind| kind.name());
        let mut text = format!("{name}, move {frame} of {}.", self.last_frame());
        if let Some(standing) = game.standing_line(Viewer::Spectator, &names) {
            text.push_str(&format!(" {standing}."));
        }
        if let (Some(mover), Some(step)) = (self.mover(frame), self.step(frame)) {
            text.push_str(&format!(" {mover}: {}", step.said.join(" ")));
        }
        text
    }
}

/// The frames at which the seats owing a decision changed, and the last frame.
fn turn_ends(states: &[Box<dyn LiveGame>]) -> Vec<usize> {
    let to_act: Vec<ToAct> = states.iter().map(|game| game.to_act()).collect();
    let last = states.len() - 1;
    (1..=last)
        .filter(|&frame| frame == last || to_act[frame] != to_act[frame - 1])
        .collect()
}

/// Whom a replay of `record` is for when `user_id` asks: their seat, if they played the game to its
/// end; a spectator otherwise (a seat someone resigned was played on by a bot, and in some games its
/// cards went on to others).
pub(super) fn replay_viewer(record: &GameRecord, user_id: &str) -> Viewer {
    record
        .seat_of(user_id)
        .filter(|&s| !record.seats[s].resigned)
        .map_or(Viewer::Spectator, Viewer::Seat)
}

impl Table {
    /// The replay of a finished game for the caller: game `id`, or the most recently finished game of
    /// the caller's channel.
    pub fn game_replay(
        &self,
        place: &Place,
        caller: &Caller,
        id: Option<i64>,
    ) -> Result<GameReplay, TableError> {
        let record = match id {
            Some(id) => self.finished_record(id)?,
            None => self
                .store
                .finished_games(&FinishedScope::Channel(place.channel.clone()), 1)?
                .pop()
                .ok_or_else(|| {
                    TableError::NotAllowed(
                        "No game has been played to its end in this channel yet; name a finished \
                         game by its id to replay it."
                            .into(),
                    )
                })?,
        };
        let moves = self.store.moves(record.id)?;
        let viewer = replay_viewer(&record, &caller.user_id);
        GameReplay::read(record, &moves, viewer)
    }

    /// Game `id`, if it was played to its end; otherwise why it has no replay.
    pub(super) fn finished_record(&self, id: i64) -> Result<GameRecord, TableError> {
        let record = self
            .store
            .game(id)?
            .ok_or_else(|| TableError::NotAllowed(format!("There is no game {id}.")))?;
        if record.status != Status::Finished {
            return Err(TableError::NotAllowed(format!(
                "Game {id} has not been played to its end, so it has no replay (only finished \
                 games have one)."
            )));
        }
        Ok(record)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::SeatRecord;

    fn record(seats: Vec<SeatRecord>) -> GameRecord {
        GameRecord {
            id: 1,
            channel: "c".into(),
            guild: None,
            kind: "yardmaster".into(),
            status: Status::Finished,
            options: "{}".into(),
            seed: 1,
            setup: None,
            snapshot: None,
            version: 1,
            host: "u1".into(),
            ended_reason: None,
            created_at: 0,
            updated_at: 0,
            started_at: None,
            seats,
            vote: None,
        }
    }

    #[test]
    fn a_player_replays_as_their_seat_and_anyone_else_or_a_resigned_player_as_a_spectator() {
        let mut gone = SeatRecord::human("u2", "Bo");
        gone.resigned = true;
        let record = record(vec![SeatRecord::human("u1", "Ann"), gone]);
        assert_eq!(replay_viewer(&record, "u1"), Viewer::Seat(0));
        assert_eq!(replay_viewer(&record, "u2"), Viewer::Spectator);
        assert_eq!(replay_viewer(&record, "u3"), Viewer::Spectator);
    }
}

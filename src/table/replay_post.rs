//! One frame of a finished game's replay as something to show, for any front end: which frame a
//! viewer's request leads to ([`ReplayGo`], [`GameReplay::go`]), and what that frame shows
//! ([`ReplayPost`]): the board as a spectator saw it (what changed since the frame before marked),
//! what the step said to the viewer, where it stands in the game ("Move 5 of 120 · turn 3 of 40"),
//! and, only in a seat's own replay, that seat's hand then.

use crate::game::Viewer;

use super::game_replay::GameReplay;
use super::panel::clip_description;
use super::play::standings_text;
use super::session::{kind_of, list_names};
use super::{Animation, Picture, Table, TableError};

/// Where a viewer asks to go in a replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayGo {
    /// The deal (frame 0).
    First,
    /// One step back.
    Back,
    /// One step on.
    Forward,
    /// The game's end.
    Last,
    /// The first step of this turn (counted from 1).
    Turn(usize),
}

/// A turn a viewer may jump to: its number, the frame of its first step, and who took its steps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnMark {
    /// The turn, counted from 1.
    pub turn: usize,
    /// The frame after its first step.
    pub frame: usize,
    /// Who took its steps ("Ann", "Ann and Bob", "the table").
    pub movers: String,
}

/// One frame of a replay, ready to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayPost {
    /// The game's id.
    pub game: i64,
    /// The frame shown: 0 is the deal, `i` the game after step `i`.
    pub frame: usize,
    /// The last frame (the game's end).
    pub last_frame: usize,
    /// The turn the frame's step belongs to (0 for the deal).
    pub turn: usize,
    /// How many turns the game had.
    pub turns: usize,
    /// Whose replay it is, what the frame is, what its step said, and at the end the result.
    pub text: String,
    /// The board as a spectator saw it, what changed since the frame before marked, described in
    /// words.
    pub board: Picture,
    /// The viewer's own hand at this frame: only in a seat's own replay, and only when it held
    /// cards.
    pub hand: Option<Picture>,
    /// The turns to offer for a jump (see [`GameReplay::turn_marks`]).
    pub jumps: Vec<TurnMark>,
}

impl GameReplay {
    /// The frame that `go` leads to from frame `from`, or why there is none (a frame past the end, a
    /// step before the deal or after the end, a turn the game did not have).
    pub fn go(&self, from: usize, go: ReplayGo) -> Result<usize, TableError> {
        let last = self.last_frame();
        let id = self.record().id;
        if from > last {
            return Err(TableError::NotAllowed(format!(
                "Game {id} has moves 0 to {last}; there is no move {from} to step from."
            )));
        }
        match go {
            ReplayGo::First => Ok(0),
            ReplayGo::Last => Ok(last),
            ReplayGo::Back => from.checked_sub(1).ok_or_else(|| {
                TableError::NotAllowed("This is the deal already; nothing comes before it.".into())
            }),
            ReplayGo::Forward if from == last => Err(TableError::NotAllowed(
                "This is the end of the game already; nothing comes after it.".into(),
            )),
            ReplayGo::Forward => Ok(from + 1),
            ReplayGo::Turn(turn) => self.turn_start(turn).ok_or_else(|| {
                TableError::NotAllowed(match self.turn_ends().len() {
                    0 => format!("Game {id} ended before anyone took a turn."),
                    turns => format!("Game {id} has turns 1 to {turns}; there is no turn {turn}."),
                })
            }),
        }
    }

    /// The frame after the first step of `turn` (counted from 1), if the game had that turn.
    fn turn_start(&self, turn: usize) -> Option<usize> {
        let ends = self.turn_ends();
        let previous_end = match turn {
            0 => return None,
            1 => 0,
            _ => *ends.get(turn - 2)?,
        };
        (turn <= ends.len()).then_some(previous_end + 1)
    }

    /// The turns to offer for a jump from `frame`, at most `most` (at least 2) of them in order: the
    /// first and the last, the ones nearest the frame's, and the rest spread evenly over the game.
    pub fn turn_marks(&self, frame: usize, most: usize) -> Vec<TurnMark> {
        let turns = self.turn_ends().len();
        let picked = spread_turns(turns, self.turn_of(frame).max(1), most.max(2));
        picked
            .into_iter()
            .filter_map(|turn| {
                let start = self.turn_start(turn)?;
                let end = self.turn_ends()[turn - 1];
                let mut movers: Vec<String> = Vec::new();
                for mover in (start..=end).filter_map(|f| self.mover(f)) {
                    if !movers.contains(&mover) {
                        movers.push(mover);
                    }
                }
                Some(TurnMark {
                    turn,
                    frame: start,
                    movers: list_names(&movers),
                })
            })
            .collect()
    }

    /// What `frame` shows, with at most `jumps` turns to jump to, or why there is no such frame.
    pub fn post(&self, frame: usize, jumps: usize) -> Result<ReplayPost, TableError> {
        let last = self.last_frame();
        let record = self.record();
        if frame > last {
            return Err(TableError::NotAllowed(format!(
                "Game {} has moves 0 to {last}; there is no move {frame}.",
                record.id
            )));
        }
        let name = kind_of(record).map_or(record.kind.as_str(), |kind| kind.name());
        let whose = match self.viewer() {
            Viewer::Seat(_) => "your own replay: your hand is shown as it was then",
            Viewer::Spectator => "as a spectator saw it",
        };
        let turns = self.turn_ends().len();
        let turn = self.turn_of(frame);
        let mut lines = vec![
            format!("Replay of {name}, game {} ({whose}).", record.id),
            format!("Move {frame} of {last} · turn {turn} of {turns}"),
        ];
        match (self.mover(frame), self.step(frame)) {
            (Some(mover), Some(step)) => {
                let said = if step.said.is_empty() {
                    format!("`{}`", step.notation)
                } else {
                    step.said.join(" ")
                };
                lines.push(format!("{mover}: {said}"));
            }
            _ => lines.push(format!("The deal: {}.", list_names(&self.names()))),
        }
        if frame == last {
            lines.push(self.ending());
        }
        let stem = format!("{}-game{}-move{frame}", record.kind, record.id);
        let board = Picture {
            file_name: format!("{stem}-board.png"),
            png: self.board_png(frame, frame.saturating_sub(1)),
            description: Some(clip_description(&self.description(frame))),
        };
        let hand = self.hand_png(frame).map(|png| Picture {
            file_name: format!("{stem}-hand.png"),
            png,
            description: Some(clip_description(&format!(
                "Your hand after move {frame} of {last}."
            ))),
        });
        Ok(ReplayPost {
            game: record.id,
            frame,
            last_frame: last,
            turn,
            turns,
            text: lines.join("\n"),
            board,
            hand,
            jumps: self.turn_marks(frame, jumps),
        })
    }

    /// How the game ended: the standings when it was played out, else the reason it ended.
    fn ending(&self) -> String {
        let record = self.record();
        match self.game(self.last_frame()).outcome() {
            Some(outcome) => standings_text(record, &outcome),
            None => format!(
                "The game ended: {}.",
                record.ended_reason.as_deref().unwrap_or("no result")
            ),
        }
    }
}

impl Table {
    /// The animated picture of finished game `id` ([`GameReplay::animation`]), as a spectator saw
    /// it: for everyone, so it shows no one's hand. Seconds of work: call it off the async runtime.
    pub fn game_animation(&self, id: i64) -> Result<Animation, TableError> {
        let record = self.finished_record(id)?;
        let moves = self.store.moves(id)?;
        Ok(GameReplay::read(record, &moves, Viewer::Spectator)?.animation())
    }
}

/// Up to `most` of the turns `1..=turns`, in order: the first and the last, those nearest `around`,
/// then turns spread evenly between.
fn spread_turns(turns: usize, around: usize, most: usize) -> Vec<usize> {
    if turns <= most {
        return (1..=turns).collect();
    }
    let mut picked = std::collections::BTreeSet::from([1, turns]);
    let near = (most - 2) / 2;
    let low = around.saturating_sub(near / 2).max(1);
    for turn in (low..=turns).take(near) {
        picked.insert(turn);
    }
    let spread = most - 1;
    for step in 0..=spread {
        if picked.len() == most {
            break;
        }
        picked.insert(1 + (turns - 1) * step / spread);
    }
    for turn in 1..=turns {
        if picked.len() == most {
            break;
        }
        picked.insert(turn);
    }
    picked.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_game_offers_every_turn() {
        assert_eq!(spread_turns(5, 3, 25), vec![1, 2, 3, 4, 5]);
        assert_eq!(spread_turns(0, 1, 25), Vec::<usize>::new());
    }

    #[test]
    fn a_long_game_offers_the_ends_the_turns_near_and_a_spread() {
        for around in [1, 2, 50, 199, 200] {
            let picked = spread_turns(200, around, 25);
            assert_eq!(picked.len(), 25, "{around}: {picked:?}");
            assert_eq!(picked[0], 1);
            assert_eq!(picked[24], 200);
            assert!(picked.contains(&around), "{around}: {picked:?}");
            assert!(picked.windows(2).all(|w| w[0] < w[1]));
        }
        let middle = spread_turns(200, 100, 25);
        for near in 97..=105 {
            assert!(middle.contains(&near), "{near}: {middle:?}");
        }
        assert!(
            middle.iter().any(|&t| t > 20 && t < 90),
            "a spread: {middle:?}"
        );
    }
}

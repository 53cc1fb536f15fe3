//! The animated picture of a finished game: a GIF with one frame per turn, each the board as a
//! spectator saw it when the turn ended (what the turn changed marked), under a caption naming the
//! turn and what it did.
//!
//! Frames are drawn in parallel and encoded as they come (see [`render::AnimatedGif`]: one colour
//! table, each frame stored as what changed since the one before). A game whose animation would pass
//! [`ANIMATION_BUDGET`] is shown every k-th turn instead (always with the deal and the last turn), k
//! from the size the whole would take; the caption then names the turns each frame covers.

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use render::theme::captioned;
use render::{AnimatedGif, Canvas, palette};

use super::game_replay::GameReplay;
use super::session::kind_of;

/// The largest animation made, in bytes: under the 8 MB a Discord server without boosts accepts.
pub const ANIMATION_BUDGET: usize = 8_000_000;
/// How long the deal is shown.
const DEAL_MS: u32 = 2_000;
/// How long each turn is shown.
const TURN_MS: u32 = 1_200;
/// How long the end of the game is shown before the animation starts again.
const LAST_MS: u32 = 8_000;

/// An animated picture of a finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Animation {
    /// The GIF.
    pub bytes: Vec<u8>,
    /// The name to give the file: `replay-<game id>.gif`.
    pub file_name: String,
    /// How many frames it has: the deal and one per turn shown.
    pub frames: usize,
    /// How many turns each frame covers: 1, unless the game was too long to show every turn within
    /// [`ANIMATION_BUDGET`].
    pub turns_per_frame: usize,
}

impl GameReplay {
    /// The game as an animated GIF: the deal, then the board after every turn as a spectator saw it
    /// (whatever the replay's viewer), each under a caption ("Turn 12 of 80" and what everyone heard
    /// the turn do), at full size; the deal shown 2 s, each turn 1.2 s, the end 8 s. At most
    /// [`ANIMATION_BUDGET`] bytes: a game too long for that shows every k-th turn (k from the size the
    /// whole would take, with a tenth to spare; the deal and the last turn are always shown). About a
    /// second of work on every core for a five-player Yardmaster game (more for a long Express
    /// game): call it off the async runtime.
    pub fn animation(&self) -> Animation {
        self.animation_within(ANIMATION_BUDGET)
    }

    /// [`GameReplay::animation`] in at most `budget` bytes, unless the deal and the end alone take
    /// more.
    fn animation_within(&self, budget: usize) -> Animation {
        let mut turns_per_frame = 1;
        loop {
            let frames = self.animated_frames(turns_per_frame);
            // The deal and the end alone are shown whatever they take.
            let budget = if frames.len() <= 2 {
                usize::MAX
            } else {
                budget
            };
            match self.encode(&frames, turns_per_frame, budget) {
                Ok(bytes) => {
                    return Animation {
                        bytes,
                        file_name: format!("replay-{}.gif", self.record().id),
                        frames: frames.len(),
                        turns_per_frame,
                    };
                }
                Err(projected) => {
                    // Enough turns per frame for the projected size to fit with a tenth to spare.
                    let needed =
                        (turns_per_frame * projected).div_ceil((budget - budget / 10).max(1));
                    turns_per_frame = needed.max(turns_per_frame + 1);
                }
            }
        }
    }

    /// The frames shown with `every` turns to a frame: the deal, the end of every `every`-th turn,
    /// and the end of the last turn.
    fn animated_frames(&self, every: usize) -> Vec<usize> {
        let ends = self.turn_ends();
        let mut frames = vec![0];
        frames.extend(ends.iter().skip(every - 1).step_by(every).copied());
        if let Some(&last) = ends.last()
            && frames.last() != Some(&last)
        {
            frames.push(last);
        }
        frames
    }

    /// The GIF of `frames`, or, when it would pass `budget` bytes, the size projected for it from the
    /// part made before it did.
    fn encode(&self, frames: &[usize], every: usize, budget: usize) -> Result<Vec<u8>, usize> {
        let last = frames.len() - 1;
        // The first and the last pictures give the colours, and are drawn once.
        let (first_picture, last_picture) = (
            self.frame_picture(frames, 0, every),
            self.frame_picture(frames, last, every),
        );
        let mut gif = AnimatedGif::new(&[&first_picture, &last_picture], palette::BACKGROUND);
        let picture = |i: usize| match i {
            0 => first_picture.clone(),
            _ if i == last => last_picture.clone(),
            _ => self.frame_picture(frames, i, every),
        };
        let mut overflow = None;
        in_order_parallel(frames.len(), picture, |i, canvas| {
            let delay = match i {
                0 if last > 0 => DEAL_MS,
                _ if i == last => LAST_MS,
                _ => TURN_MS,
            };
            gif.push(&canvas, delay);
            if gif.size() > budget {
                overflow = Some(gif.size() * frames.len() / (i + 1));
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        });
        match overflow {
            Some(projected) => Err(projected),
            None => {
                let bytes = gif.finish();
                if bytes.len() > budget {
                    Err(bytes.len())
                } else {
                    Ok(bytes)
                }
            }
        }
    }

    /// The `i`-th of the animation's `frames`, captioned, what changed since the frame before marked.
    fn frame_picture(&self, frames: &[usize], i: usize, every: usize) -> Canvas {
        let frame = frames[i];
        let since = frames[i.saturating_sub(1)];
        let board = self.board_picture(frame, since);
        let (label, text) = self.caption(since, frame, every);
        captioned(&board, &label, &text)
    }

    /// The caption of the frame showing `frame`, the frame before showing `since`: which turns it
    /// covers and what the last of them did, as everyone heard it (whoever the replay is for).
    fn caption(&self, since: usize, frame: usize, every: usize) -> (String, String) {
        let turns = self.turn_ends().len();
        let name = kind_of(self.record())
            .map_or(self.record().kind.clone(), |kind| kind.name().to_owned());
        if frame == 0 {
            return (name, "The deal".to_owned());
        }
        let turn = self.turn_of(frame);
        let first = self.turn_of(since + 1);
        let label = if every > 1 && first < turn {
            format!("Turns {first}–{turn} of {turns}")
        } else {
            format!("Turn {turn} of {turns}")
        };
        let turn_start = if turn == 1 {
            1
        } else {
            self.turn_ends()[turn - 2] + 1
        };
        let said: Vec<String> = (turn_start..=frame)
            .filter_map(|step| self.step(step))
            .flat_map(|step| step.public.iter().cloned())
            .collect();
        let text = if said.is_empty() {
            self.mover(frame)
                .map_or_else(String::new, |mover| format!("{mover} moved."))
        } else {
            said.join(" ")
        };
        (label, text)
    }
}

/// Makes `produce(i)` for every `i` below `count` on every core, and hands each result to
/// `consume` in order of `i` as soon as it and all before it are made; stops early when `consume`
/// breaks. At most a few results wait at any time.
fn in_order_parallel<T: Send>(
    count: usize,
    produce: impl Fn(usize) -> T + Sync,
    mut consume: impl FnMut(usize, T) -> ControlFlow<()>,
) {
    let workers = std::thread::available_parallelism()
        .map_or(1, usize::from)
        .min(count.max(1));
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (sender, receiver) = mpsc::sync_channel::<(usize, T)>(workers);
    std::thread::scope(|scope| {
        // Dropped when this returns, before the workers are joined, so none waits to send for ever.
        let receiver = receiver;
        for _ in 0..workers {
            let sender = sender.clone();
            let (next, stop, produce) = (&next, &stop, &produce);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= count || sender.send((i, produce(i))).is_err() {
                        return;
                    }
                }
            });
        }
        drop(sender);
        let mut waiting = BTreeMap::new();
        let mut due = 0;
        for (i, item) in receiver.iter() {
            waiting.insert(i, item);
            while let Some(item) = waiting.remove(&due) {
                if consume(due, item).is_break() {
                    stop.store(true, Ordering::Relaxed);
                    return;
                }
                due += 1;
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::BotLevel;
    use crate::game::{Actor, GameRng, Viewer};
    use crate::games;
    use crate::store::{GameRecord, MoveRecord, SeatRecord, Status};

    /// A finished Express game of three easy bots, read back for a spectator.
    fn finished_express(seed: u64) -> GameReplay {
        let kind = games::find("express").unwrap();
        let options = kind.parse_options(&[]).unwrap();
        let setup = kind.deal(&options, 3, seed).unwrap();
        let mut game = kind.start(&options, 3, &setup, seed).unwrap();
        let mut rng = GameRng::seeded(seed);
        let mut moves = Vec::new();
        while let Some(&seat) = game.to_act().seats().first() {
            let notation = game.bot_move(seat, BotLevel::Easy, &mut rng);
            game.apply(Actor::Seat(seat), &notation).unwrap();
            let seq = moves.len();
            moves.push(MoveRecord {
                seq,
                seat,
                notation,
                by_bot: true,
                at: 0,
            });
        }
        let record = GameRecord {
            id: 7,
            channel: "c".into(),
            guild: None,
            kind: "express".into(),
            status: Status::Finished,
            options,
            seed,
            setup: Some(setup),
            snapshot: Some(game.state_json()),
            version: 1,
            host: "u1".into(),
            ended_reason: None,
            created_at: 0,
            updated_at: 0,
            started_at: Some(0),
            seats: ["Ann", "Bo", "Cy"]
                .map(|name| SeatRecord::bot(name, BotLevel::Easy))
                .into(),
            vote: None,
        };
        GameReplay::read(record, &moves, Viewer::Spectator).unwrap()
    }

    #[test]
    fn a_game_too_long_for_the_budget_shows_every_kth_turn_with_the_deal_and_the_end() {
        let replay = finished_express(3);
        let whole = replay.animation();
        let turns = replay.turn_ends().len();
        assert_eq!((whole.frames, whole.turns_per_frame), (turns + 1, 1));
        let budget = whole.bytes.len() / 3;
        let capped = replay.animation_within(budget);
        assert!(
            capped.bytes.len() <= budget,
            "{} > {budget}",
            capped.bytes.len()
        );
        let k = capped.turns_per_frame;
        assert!(k >= 2, "{k}");
        assert_eq!(capped.frames, 1 + turns.div_ceil(k));
        assert_eq!(replay.animated_frames(k).last(), Some(&replay.last_frame()));
        let tighter = replay.animation_within(budget / 2);
        assert!(tighter.turns_per_frame > k);
        let mut shown = Vec::new();
        render::animation::play_gif(&capped.bytes, |_, delay| shown.push(delay)).unwrap();
        assert_eq!(shown.len(), capped.frames);
        assert_eq!((shown[0], shown[shown.len() - 1]), (DEAL_MS, LAST_MS));
        // No budget is too small for the deal and the end.
        let tiny = replay.animation_within(1);
        assert_eq!((tiny.frames, tiny.turns_per_frame > turns), (2, true));
    }

    #[test]
    fn captions_name_the_turns_a_frame_covers_and_what_everyone_heard() {
        let replay = finished_express(4);
        let turns = replay.turn_ends().len();
        let (label, text) = replay.caption(0, 0, 1);
        assert_eq!((label.as_str(), text.as_str()), ("Express", "The deal"));
        let first = replay.turn_ends()[0];
        let (label, text) = replay.caption(0, first, 1);
        assert_eq!(label, format!("Turn 1 of {turns}"));
        let heard: Vec<String> = (1..=first)
            .flat_map(|frame| replay.step(frame).unwrap().public.clone())
            .collect();
        assert_eq!(text, heard.join(" "));
        let third = replay.turn_ends()[2];
        let (label, _) = replay.caption(first, third, 2);
        assert_eq!(label, format!("Turns 2–3 of {turns}"));
    }
}

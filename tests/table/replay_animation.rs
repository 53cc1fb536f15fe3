//! The animated picture of a finished game (`GameReplay::animation`): a GIF with the deal and one
//! frame per turn, each the spectator's board at the turn's end under a caption, the deal and the end
//! shown longer; the same for every viewer, so no hidden card is ever in it.

use roundhouse::game::Viewer;
use roundhouse::table::{ANIMATION_BUDGET, GameReplay};

use super::game_replay::{ann, bots_play, place, table};

#[test]
fn the_animation_shows_the_deal_and_every_turns_end_for_their_times() {
    let dir = tempfile::tempdir().unwrap();
    let table = table(&dir);
    let record = bots_play(&table, "express", 3, 5);
    let replay = table.game_replay(&place(), &ann(), None).unwrap();
    let animation = replay.animation();
    assert_eq!(animation.file_name, format!("replay-{}.gif", record.id));
    assert_eq!(animation.turns_per_frame, 1);
    assert_eq!(animation.frames, replay.turn_ends().len() + 1);
    assert!(animation.bytes.len() <= ANIMATION_BUDGET);
    let board = render::decode_png(&replay.board_png(
        replay.last_frame(),
        replay.turn_ends().iter().rev().nth(1).copied().unwrap_or(0),
    ))
    .unwrap();
    let mut delays = Vec::new();
    let mut last_screen = None;
    let count = render::animation::play_gif(&animation.bytes, |screen, delay| {
        delays.push(delay);
        last_screen = Some(screen.image().clone());
    })
    .unwrap();
    assert_eq!(count, animation.frames);
    assert_eq!(delays[0], 2000);
    assert_eq!(delays.last(), Some(&8000));
    assert!(
        delays[1..count - 1].iter().all(|&d| d == 1200),
        "{delays:?}"
    );
    // The last frame is the final board below the caption, its colours kept but for a few edges.
    let screen = last_screen.unwrap();
    let caption = render::theme::CAPTION_H as u32;
    assert_eq!(screen.width(), board.width());
    assert!(screen.height() >= board.height() + caption);
    let mut same = 0;
    for y in 0..board.height() {
        for x in 0..board.width() {
            if screen.get_pixel(x, y + caption).0 == board.image().get_pixel(x, y).0 {
                same += 1;
            }
        }
    }
    let share = same as f64 / f64::from(board.width() * board.height());
    assert!(
        share > 0.97,
        "only {share:.3} of the pixels are the board's"
    );
}

#[test]
fn a_players_own_replay_animates_only_what_a_spectator_saw() {
    let dir = tempfile::tempdir().unwrap();
    let table = table(&dir);
    let record = bots_play(&table, "yardmaster", 2, 3);
    let moves = table.store().moves(record.id).unwrap();
    let public = GameReplay::read(record.clone(), &moves, Viewer::Spectator).unwrap();
    let own = GameReplay::read(record, &moves, Viewer::Seat(0)).unwrap();
    let hand_shown = (0..=own.last_frame()).any(|frame| own.hand_png(frame).is_some());
    assert!(hand_shown, "seat 0's own replay shows its hand");
    for frame in 1..=own.last_frame() {
        let (mine, seen) = (own.step(frame).unwrap(), public.step(frame).unwrap());
        assert_eq!(
            mine.public, seen.said,
            "what everyone heard at frame {frame}"
        );
    }
    let (own, public) = (own.animation(), public.animation());
    assert!(
        own == public,
        "seat 0's animation ({} bytes) differs from a spectator's ({} bytes)",
        own.bytes.len(),
        public.bytes.len()
    );
}

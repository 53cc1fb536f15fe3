//! A finished five-player Yardmaster game (normal bots in every seat) read back for replays: reading
//! it (`Table::game_replay`, the log replayed keeping every frame), drawing every frame's board (the
//! spectator's picture after every step, as `/game replay` and the web pages show them, what the step
//! changed marked), and its whole animated GIF (`GameReplay::animation`). Target: every frame's board
//! of such a game in 1 s or less. Before timing, the animation's size and frame count are printed for
//! several seeds, one game and a match of two (the longest game there is), against the
//! 8 MB budget.

use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use roundhouse::bots::BotLevel;
use roundhouse::table::{ANIMATION_BUDGET, Caller, Command, Place, Table, TableOptions};

/// The seeds whose animations are measured.
const SEEDS: [u64; 5] = [1, 2, 3, 4, 5];

fn host() -> Caller {
    Caller::new("u-host", "Host")
}

/// A table on a fresh SQLite file in `dir`, pictures off (only the replay draws).
fn table(dir: &tempfile::TempDir) -> Table {
    let options = TableOptions {
        pictures: false,
        ..TableOptions::default()
    };
    Table::new(
        roundhouse::store::Store::open(&dir.path().join("replay.db")).unwrap(),
        options,
    )
}

/// Plays a five-player Yardmaster game with `options` of normal bots to its end in a channel of its
/// own; returns the channel.
fn five_bots_play(table: &Table, seed: u64, options: &[(&str, &str)]) -> Place {
    let place = Place::channel(format!("replay-{seed}-{}", options.len()));
    let new = Command::New {
        game: "yardmaster".into(),
        options: options
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect(),
        seed: Some(seed),
        sit: false,
    };
    table.handle(&place, &host(), new).unwrap();
    for _ in 0..5 {
        let add = Command::AddBot {
            level: BotLevel::Normal,
        };
        table.handle(&place, &host(), add).unwrap();
    }
    table.handle(&place, &host(), Command::Start).unwrap();
    place
}

fn print_sizes(table: &Table) {
    for options in [&[][..], &[("match", "on")][..]] {
        for seed in SEEDS {
            let place = five_bots_play(table, seed, options);
            let replay = table.game_replay(&place, &host(), None).unwrap();
            let animation = replay.animation();
            println!(
                "5p Yardmaster{} seed {seed}: {} steps, {} turns, animation {} frames \
                 ({} turn(s) a frame), {:.2} MB of {:.1} MB",
                if options.is_empty() {
                    ""
                } else {
                    ", a match of two games"
                },
                replay.last_frame(),
                replay.turn_ends().len(),
                animation.frames,
                animation.turns_per_frame,
                animation.bytes.len() as f64 / 1e6,
                ANIMATION_BUDGET as f64 / 1e6,
            );
        }
    }
}

fn replay(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let table = table(&dir);
    print_sizes(&table);
    let place = five_bots_play(&table, 1, &[]);
    let replay = table.game_replay(&place, &host(), None).unwrap();
    let mut group = c.benchmark_group("replay_5p_yardmaster");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    group.bench_function("read", |b| {
        b.iter(|| table.game_replay(&place, &host(), None).unwrap())
    });
    group.bench_function("every_frames_board", |b| {
        b.iter(|| {
            (0..=replay.last_frame())
                .map(|frame| replay.board_png(frame, frame.saturating_sub(1)).len())
                .sum::<usize>()
        })
    });
    group.bench_function("animation", |b| b.iter(|| replay.animation()));
    group.finish();
}

criterion_group!(benches, replay);
criterion_main!(benches);

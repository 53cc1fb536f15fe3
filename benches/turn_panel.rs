//! A tap on the turn panel through the table and the store (SQLite file), pictures on: the time from the
//! tap to the updated panel with its picture (and, for a tap that plays a step, the turn message with the
//! board picture), in every game, people tapping a spread of choices from the first tap of a game to its
//! end. Criterion reports the mean and median; the bench also prints each game's median and 99th
//! percentile over every tap it timed, the figures the turn panel's targets are set in.

use roundhouse::bots::BotLevel;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use roundhouse::table::{Caller, Command, Panel, Place, Table, TableOptions};

// The bench uses the tests' fresh-database helper, not all of it.
#[allow(dead_code, unused_macros)]
#[path = "../tests/support/test_db.rs"]
mod test_db;

use test_db::TestDb;

/// A game played in the bench, with its seats.
struct Played {
    id: &'static str,
    people: usize,
    bots: usize,
    options: &'static [(&'static str, &'static str)],
}

/// The games played.
const GAMES: &[Played] = &[
    Played {
        id: "yardmaster",
        people: 2,
        bots: 1,
        options: &[],
    },
    Played {
        id: "whistlewood",
        people: 2,
        bots: 0,
        options: &[],
    },
    Played {
        id: "express",
        people: 2,
        bots: 1,
        options: &[],
    },
    Played {
        id: "coal_train",
        people: 2,
        bots: 1,
        options: &[],
    },
    Played {
        id: "shunting",
        people: 1,
        bots: 0,
        options: &[("card", "wright")],
    },
];

fn person(index: usize) -> Caller {
    Caller::new(format!("p{index}"), format!("P{index}"))
}

/// People tapping through games of one kind, a new game whenever one ends.
struct Tapping {
    table: Table,
    game: usize,
    channel: usize,
    place: Place,
    /// The panel last drawn for the person to act, and whose it is.
    panel: Option<(String, Panel)>,
    rng: u64,
    /// Every tap timed.
    taps: Vec<Duration>,
}

impl Tapping {
    fn new(game: usize) -> Self {
        let table = Table::new(TestDb::sqlite().open(), TableOptions::default());
        let mut tapping = Tapping {
            table,
            game,
            channel: 0,
            place: Place::channel("none"),
            panel: None,
            rng: 0x9E37_79B9_7F4A_7C15,
            taps: Vec::new(),
        };
        tapping.start();
        tapping
    }

    fn start(&mut self) {
        let Played {
            id,
            people,
            bots,
            options,
        } = GAMES[self.game];
        self.channel += 1;
        self.place = Place::channel(format!("tap-{id}-{}", self.channel));
        let new = Command::New {
            game: id.into(),
            options: options
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect(),
            seed: Some(self.channel as u64),
            sit: true,
        };
        self.table.handle(&self.place, &person(0), new).unwrap();
        for p in 1..people {
            self.table
                .handle(&self.place, &person(p), Command::Join)
                .unwrap();
        }
        for _ in 0..bots {
            self.table
                .handle(
                    &self.place,
                    &person(0),
                    Command::AddBot {
                        level: BotLevel::Normal,
                    },
                )
                .unwrap();
        }
        self.table
            .handle(&self.place, &person(0), Command::Start)
            .unwrap();
        self.panel = None;
    }

    fn next_choice(&mut self, choices: usize) -> usize {
        self.rng = self
            .rng
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.rng >> 33) as usize) % choices
    }

    /// One tap (or the opening of a panel) by the person to act; returns how long it took.
    fn tap(&mut self) -> Duration {
        let waiting = self.table.people_to_act(&self.place).unwrap();
        let Some(user) = waiting.first().cloned() else {
            self.start();
            return self.tap();
        };
        let caller = Caller::new(user.clone(), user.to_uppercase());
        let open = self
            .panel
            .take()
            .filter(|(owner, panel)| *owner == user && !panel.choices.is_empty());
        let command = match open {
            Some((_, panel)) => {
                let mut path = panel.path;
                path.push(self.next_choice(panel.choices.len()));
                Command::Tap {
                    version: panel.version,
                    path,
                }
            }
            None => Command::Turn,
        };
        let began = Instant::now();
        let reply = self.table.handle(&self.place, &caller, command).unwrap();
        let spent = began.elapsed();
        self.panel = reply.panel.map(|panel| (user, panel));
        self.taps.push(spent);
        spent
    }
}

fn percentile(sorted: &[Duration], share: f64) -> Duration {
    let at = ((sorted.len() as f64 - 1.0) * share).round() as usize;
    sorted[at]
}

fn tap_to_updated_panel(c: &mut Criterion) {
    let mut group = c.benchmark_group("turn_panel_tap");
    group.sample_size(30);
    for (game, played) in GAMES.iter().enumerate() {
        let mut tapping = Tapping::new(game);
        group.bench_function(played.id, |b| {
            b.iter_custom(|iterations| (0..iterations).map(|_| tapping.tap()).sum())
        });
        let mut taps = tapping.taps.clone();
        taps.sort();
        println!(
            "{}: {} taps, p50 {:.1} ms, p99 {:.1} ms, slowest {:.1} ms",
            played.id,
            taps.len(),
            percentile(&taps, 0.5).as_secs_f64() * 1e3,
            percentile(&taps, 0.99).as_secs_f64() * 1e3,
            taps.last().map_or(0.0, |d| d.as_secs_f64() * 1e3),
        );
    }
    group.finish();
}

criterion_group!(benches, tap_to_updated_panel);
criterion_main!(benches);

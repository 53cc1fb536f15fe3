//! How strong each bot level is and how long a hard step takes: whole games between bots of chosen
//! levels, seats rotated, every game dealt from a fixed seed so a run repeats exactly.
//!
//! `cargo bench --bench bot_levels` plays every row; `cargo bench --bench bot_levels -- express` only
//! the rows whose name contains `express`. `BOT_GAMES=N` sets the games a row (default 2000; the
//! all-hard rows play a tenth of it), `BOT_THREADS=N` the threads games are spread over (default: one
//! per core), `BOT_FIRST=K` the first game's number (default 0), so a row too long for one sitting
//! can be played in parts over consecutive numbers and the parts' tallies added. Each line gives the
//! games, the hero's win share against the fair share and its wins by seat (not at a table of one
//! level, where no seat is the hero), every seat's wins whoever sat there, and for every row with a
//! hard bot the time of its steps: median, 99th percentile and slowest, each step timed on its own
//! thread (one core). A row also reports on standard error its tally of games K to K + 100n every 100
//! games (the games are counted in number order, whichever thread finishes first), so a long run
//! shows how it is going and a stopped run still tells the tally of its first games.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use roundhouse::bots::BotLevel;
use roundhouse::game::{Actor, GameRng, Seat, ToAct};
use roundhouse::games;
use roundhouse::rng::seed_of;

/// Games a row plays unless `BOT_GAMES` says otherwise.
const DEFAULT_GAMES: usize = 2000;
/// The all-hard rows play this share of a row's games (every seat searches, so they take longest).
const ALL_HARD_SHARE: usize = 10;
/// A long row reports its tally so far on standard error after every this many games.
const PROGRESS_EVERY: usize = 100;
/// No game between bots takes more steps than this.
const STEP_BOUND: usize = 20_000;

/// One row: a game, its table, the hero's level and everybody else's.
struct Row {
    name: &'static str,
    game: &'static str,
    players: usize,
    options: &'static [(&'static str, &'static str)],
    hero: BotLevel,
    others: BotLevel,
}

impl Row {
    /// Whether one seat plays at another level than the rest; at a table of one level every seat is
    /// alike, so only the wins by seat mean anything.
    fn has_hero(&self) -> bool {
        self.hero != self.others || self.players == 1
    }
}

const fn row(
    name: &'static str,
    game: &'static str,
    players: usize,
    options: &'static [(&'static str, &'static str)],
    hero: BotLevel,
    others: BotLevel,
) -> Row {
    Row {
        name,
        game,
        players,
        options,
        hero,
        others,
    }
}

use BotLevel::{Easy, Hard, Normal};

/// Every row: the targets of the search bot, easy against normal, and hard in every seat.
const ROWS: &[Row] = &[
    row(
        "whistlewood solo L3 normal",
        "whistlewood",
        1,
        &[("level", "3")],
        Normal,
        Normal,
    ),
    row(
        "whistlewood solo L3 hard",
        "whistlewood",
        1,
        &[("level", "3")],
        Hard,
        Hard,
    ),
    row(
        "whistlewood 2p hard v normal",
        "whistlewood",
        2,
        &[],
        Hard,
        Normal,
    ),
    row(
        "yardmaster 4p hard v normal",
        "yardmaster",
        4,
        &[],
        Hard,
        Normal,
    ),
    row(
        "yardmaster 2p hard v normal",
        "yardmaster",
        2,
        &[],
        Hard,
        Normal,
    ),
    row(
        "yardmaster 3p hard v normal",
        "yardmaster",
        3,
        &[],
        Hard,
        Normal,
    ),
    row(
        "yardmaster 5p hard v normal",
        "yardmaster",
        5,
        &[],
        Hard,
        Normal,
    ),
    row("express 4p hard v normal", "express", 4, &[], Hard, Normal),
    row(
        "coal_train 4p hard v normal",
        "coal_train",
        4,
        &[],
        Hard,
        Normal,
    ),
    row(
        "whistlewood 2p easy v normal",
        "whistlewood",
        2,
        &[],
        Easy,
        Normal,
    ),
    row(
        "yardmaster 2p easy v normal",
        "yardmaster",
        2,
        &[],
        Easy,
        Normal,
    ),
    row("express 2p easy v normal", "express", 2, &[], Easy, Normal),
    row(
        "coal_train 3p easy v normal",
        "coal_train",
        3,
        &[],
        Easy,
        Normal,
    ),
    row("whistlewood 2p all hard", "whistlewood", 2, &[], Hard, Hard),
    row("yardmaster 4p all hard", "yardmaster", 4, &[], Hard, Hard),
    row("express 4p all hard", "express", 4, &[], Hard, Hard),
    row("coal_train 4p all hard", "coal_train", 4, &[], Hard, Hard),
];

/// What one game came to.
struct Played {
    steps: usize,
    /// The seat the hero sat in.
    hero: Seat,
    winners: Vec<Seat>,
    /// The time of each of the hard bots' steps.
    hard_steps: Vec<Duration>,
}

/// What the games of a row came to, counted in number order.
#[derive(Default)]
struct Tally {
    /// Games finished ahead of a game with a lower number still being played, by number.
    waiting: BTreeMap<usize, Played>,
    /// The number of the next game to count.
    next: usize,
    games: usize,
    steps: usize,
    /// The hero's wins (a win shared by k counts 1/k).
    hero_wins: f64,
    /// The hero's wins by the seat it sat in.
    hero_wins_by_seat: Vec<f64>,
    /// Every seat's wins, whoever sat there.
    wins_by_seat: Vec<f64>,
    /// The time of every hard step.
    hard_steps: Vec<Duration>,
}

/// Plays game `index` of `row`: the hero sits in seat `index % players`.
fn play(row: &Row, index: usize, tally: &Mutex<Tally>, began: Instant) {
    let kind = games::find(row.game).expect("a registered game");
    let options: Vec<(String, String)> = row
        .options
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
    let options_json = kind.parse_options(&options).expect("the row's options");
    let seed = seed_of(&[0xB07, index as u64]);
    let setup = kind
        .deal(&options_json, row.players, seed)
        .expect("a dealt game");
    let mut game = kind
        .start(&options_json, row.players, &setup, seed)
        .expect("a dealt game starts");
    let hero = index % row.players;
    let level = |seat: Seat| if seat == hero { row.hero } else { row.others };
    let mut rng = GameRng::seeded(seed_of(&[seed, 1]));
    let mut steps = 0;
    let mut hard_steps = Vec::new();
    while let ToAct::Seats(seats) = game.to_act() {
        assert!(steps < STEP_BOUND, "{}: game {index} did not end", row.name);
        let seat = seats[0];
        let step_began = Instant::now();
        let step = game.bot_move(seat, level(seat), &mut rng);
        if level(seat) == Hard {
            hard_steps.push(step_began.elapsed());
        }
        game.apply(Actor::Seat(seat), &step).unwrap_or_else(|e| {
            panic!(
                "{}: game {index}: `{step}` refused: {}",
                row.name, e.message
            )
        });
        steps += 1;
    }
    let played = Played {
        steps,
        hero,
        winners: game.outcome().expect("an ended game").winning_seats(),
        hard_steps,
    };
    let mut tally = tally.lock().expect("no thread panicked");
    tally.waiting.insert(index, played);
    loop {
        let next = tally.next;
        let Some(played) = tally.waiting.remove(&next) else {
            break;
        };
        tally.next += 1;
        tally.count(played);
        if tally.games.is_multiple_of(PROGRESS_EVERY) {
            eprintln!("{}", summary(row, &tally, began));
        }
    }
}

impl Tally {
    fn count(&mut self, played: Played) {
        self.games += 1;
        self.steps += played.steps;
        self.hard_steps.extend(played.hard_steps);
        let share = 1.0 / played.winners.len() as f64;
        for &winner in &played.winners {
            self.wins_by_seat[winner] += share;
            if winner == played.hero {
                self.hero_wins += share;
                self.hero_wins_by_seat[played.hero] += share;
            }
        }
    }
}

/// The value at `share` (0..=1) of sorted `times`.
fn percentile(times: &[Duration], share: f64) -> Duration {
    times[((times.len() - 1) as f64 * share).round() as usize]
}

fn shares(wins: &[f64], games: f64) -> String {
    wins.iter()
        .map(|w| format!("{:.1}", 100.0 * w / games))
        .collect::<Vec<_>>()
        .join("/")
}

/// Plays games `first..first + games` of `row` on `threads` threads and prints their tally.
fn run(row: &Row, first: usize, games: usize, threads: usize) {
    let tally = Mutex::new(Tally {
        next: first,
        hero_wins_by_seat: vec![0.0; row.players],
        wins_by_seat: vec![0.0; row.players],
        ..Tally::default()
    });
    let began = Instant::now();
    let next = Mutex::new(first);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let index = {
                        let mut next = next.lock().expect("no thread panicked");
                        let index = *next;
                        *next += 1;
                        index
                    };
                    if index >= first + games {
                        break;
                    }
                    play(row, index, &tally, began);
                }
            });
        }
    });
    let tally = tally.into_inner().expect("no thread panicked");
    println!("{}", summary(row, &tally, began));
}

/// The line that reports `tally`, the games of `row` played since `began`.
fn summary(row: &Row, tally: &Tally, began: Instant) -> String {
    let played = tally.games as f64;
    let fair = if row.players == 1 {
        50.0
    } else {
        100.0 / row.players as f64
    };
    let mut line = format!(
        "{:<30} games {:>5} (numbers {}-{})  steps/game {:>5.0}",
        row.name,
        tally.games,
        tally.next - tally.games,
        tally.next.saturating_sub(1),
        tally.steps as f64 / played,
    );
    if row.has_hero() {
        line.push_str(&format!(
            "  hero wins {:>5.1} % (fair {fair:.0} %)  by seat {}",
            100.0 * tally.hero_wins / played,
            shares(&tally.hero_wins_by_seat, played / row.players as f64),
        ));
    }
    line.push_str(&format!(
        "  all seats' wins {}",
        shares(&tally.wins_by_seat, played)
    ));
    if !tally.hard_steps.is_empty() {
        let mut times = tally.hard_steps.clone();
        times.sort();
        line.push_str(&format!(
            "  hard step p50 {:.1} ms p99 {:.1} ms max {:.1} ms ({} steps)",
            percentile(&times, 0.5).as_secs_f64() * 1e3,
            percentile(&times, 0.99).as_secs_f64() * 1e3,
            times.last().expect("not empty").as_secs_f64() * 1e3,
            times.len()
        ));
    }
    line.push_str(&format!("  [{:.0} s]", began.elapsed().as_secs_f64()));
    line
}

/// The whole number in environment variable `name`, if it is set; a value that is not one stops the
/// run rather than silently playing other games than were asked for.
fn env_number(name: &str) -> Option<usize> {
    let value = std::env::var(name).ok()?;
    Some(
        value.parse().unwrap_or_else(|_| {
            panic!("{name}={value:?}: expected a whole number, such as {name}=2")
        }),
    )
}

fn main() {
    let filters: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let games = env_number("BOT_GAMES").unwrap_or(DEFAULT_GAMES);
    let threads = env_number("BOT_THREADS")
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let first = env_number("BOT_FIRST").unwrap_or(0);
    for row in ROWS {
        if !filters.is_empty() && !filters.iter().any(|f| row.name.contains(f.as_str())) {
            continue;
        }
        let row_games = if !row.has_hero() && row.hero == Hard {
            (games / ALL_HARD_SHARE).max(1)
        } else {
            games
        };
        run(row, first, row_games, threads);
    }
}

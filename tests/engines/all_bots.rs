//! Every bot ends every game it plays: games with a bot in every seat, of every registered game at every
//! number of players it allows (solo included) and over its option choices, must reach an outcome within
//! [`STEP_BOUND`] steps. The seats play easy and normal in turn, and one game in [`CI_HARD_EVERY`]
//! ([`LONG_RUN_HARD_EVERY`] in the long run) has a hard bot (the search) in one seat; in the long run,
//! one game in [`LONG_RUN_ALL_HARD_EVERY`] (the first of each game among them) has hard bots in every
//! seat. (CI leaves those out: a game of searching bots in a debug build takes a quarter of an hour;
//! `benches/bot_levels.rs` plays them in release too.) A game that does not end fails with its table,
//! its seed, its bots' levels and its last steps.
//!
//! CI plays [`CI_GAMES_PER_GAME`] games of each game. The ignored test plays [`LONG_RUN_GAMES_PER_GAME`]
//! and prints, for each game and number of players, the games played, their steps and the share of the
//! wins of each seat and of each place in turn order, counted from the seat that acts first (the start
//! player, or in Coal Train the first to choose a setup subsidy, the seat to the start player's right):
//! `cargo test --release --locked --test engines -- --ignored all_bots --nocapture`.
//! `CONFORMANCE_SEED=<seed>` plays the same games again.

use crate::walks::{self, Table};
use roundhouse::bots::BotLevel;

use std::collections::{BTreeMap, VecDeque};
use std::fmt::Write as _;

use roundhouse::game::{Actor, GameRng, Seat, ToAct};
use roundhouse::games::REGISTRY;
use roundhouse::games::adapter::GameKind;
use roundhouse::rng::seed_of;

/// Games of each registered game in the CI run, spread over its tables.
const CI_GAMES_PER_GAME: usize = 400;
/// In the CI run, one game in this many seats a hard bot (the search) in one seat, the seat moving on
/// each time; the other seats of every game play easy and normal in turn. (A hard step searches
/// hundreds of playouts, slow in a debug build.)
const CI_HARD_EVERY: usize = 200;
/// In the ignored run, one game in this many seats a hard bot.
const LONG_RUN_HARD_EVERY: usize = 50;
/// In the ignored run, one game in this many has hard bots in every seat: bots that search against each
/// other must end their games too.
const LONG_RUN_ALL_HARD_EVERY: usize = 500;
/// Games of each registered game in the ignored run.
const LONG_RUN_GAMES_PER_GAME: usize = 10_000;
/// No game between bots may take more steps than this (a six-player Express game, several hands to 120
/// points, is the longest of all).
const STEP_BOUND: usize = 20_000;
/// Steps a failure shows, the last ones played.
const LAST_STEPS_SHOWN: usize = 40;
/// Failures a failing run spells out in full (the others are counted).
const FAILURES_SHOWN: usize = 5;

/// A game played by bots to its end.
struct Played {
    /// Steps taken.
    steps: usize,
    /// The seats in first place (none when an Automa alone won).
    winners: Vec<Seat>,
    /// The seat that acted first.
    first: Seat,
}

/// How often a run seats bots above normal.
#[derive(Clone, Copy)]
struct HardGames {
    /// Every this many games, a hard bot in one seat.
    one_seat: usize,
    /// Every this many games (game 0 among them), hard bots in every seat.
    all_seats: Option<usize>,
}

/// The bots' levels in game `index` of a run at `players` seats: easy and normal in turn from seat to
/// seat and game to game, a hard bot in one seat or in every seat as `hard` says.
fn levels(index: usize, players: usize, hard: HardGames) -> Vec<BotLevel> {
    if hard
        .all_seats
        .is_some_and(|every| index.is_multiple_of(every))
    {
        return vec![BotLevel::Hard; players];
    }
    let hard_every = hard.one_seat;
    (0..players)
        .map(|seat| {
            if index.is_multiple_of(hard_every) && seat == index / hard_every % players {
                BotLevel::Hard
            } else if (index + seat).is_multiple_of(2) {
                BotLevel::Normal
            } else {
                BotLevel::Easy
            }
        })
        .collect()
}

/// Deals the game of `seed` at `table` and lets bots of `levels` (by seat) play every seat until it
/// ends; a game still going after [`STEP_BOUND`] steps (or a bot step refused) is an error naming the
/// table, the seed, the levels and the last steps.
fn play(table: &Table, seed: u64, levels: &[BotLevel]) -> Result<Played, String> {
    let context = format!(
        "{} with options {} and {} player(s), seed {seed}, bots {}",
        table.kind.id(),
        table.options_json,
        table.players,
        levels
            .iter()
            .map(|level| level.key())
            .collect::<Vec<_>>()
            .join("/")
    );
    let setup = table
        .kind
        .deal(&table.options_json, table.players, seed)
        .map_err(|e| format!("{context}: the deal failed: {e}"))?;
    let mut game = table
        .kind
        .start(&table.options_json, table.players, &setup, seed)
        .map_err(|e| format!("{context}: the dealt setup does not start: {e}"))?;
    let mut rng = GameRng::seeded(seed);
    let mut last: VecDeque<String> = VecDeque::with_capacity(LAST_STEPS_SHOWN);
    let mut steps = 0;
    let first = game.to_act().seats().first().copied().unwrap_or(0);
    let report = |why: String, last: &VecDeque<String>| {
        let mut text = format!("{context}: {why}; the last {} steps:", last.len());
        for step in last {
            let _ = write!(text, "\n  {step}");
        }
        text
    };
    while let ToAct::Seats(seats) = game.to_act() {
        if steps == STEP_BOUND {
            return Err(report(format!("no end after {STEP_BOUND} steps"), &last));
        }
        let seat = seats[rng.index(seats.len())];
        let chosen = game.bot_move(seat, levels[seat], &mut rng);
        let applied = game.apply(Actor::Seat(seat), &chosen).map_err(|e| {
            report(
                format!(
                    "the bot in seat {seat} chose `{chosen}`, refused: {}",
                    e.message
                ),
                &last,
            )
        })?;
        if last.len() == LAST_STEPS_SHOWN {
            last.pop_front();
        }
        last.push_back(format!("{steps}. seat {seat}: {}", applied.notation));
        steps += 1;
    }
    let outcome = game
        .outcome()
        .ok_or_else(|| format!("{context}: nobody is to act, yet there is no outcome"))?;
    Ok(Played {
        steps,
        winners: outcome.winning_seats(),
        first,
    })
}

/// What the games at one number of players of one game came to.
#[derive(Default)]
struct Tally {
    /// Games that ended.
    games: usize,
    /// Their steps, all together.
    steps: usize,
    /// The most steps one of them took.
    most_steps: usize,
    /// Each seat's wins: a win shared by k seats counts 1/k to each.
    wins: Vec<f64>,
    /// The wins by place in turn order, counted from the seat that acted first.
    wins_in_turn: Vec<f64>,
    /// Games won by nobody at the table (an Automa).
    lost_to_automa: usize,
    /// What went wrong in the games that did not end.
    failures: Vec<String>,
}

impl Tally {
    fn add(&mut self, players: usize, result: Result<Played, String>) {
        let played = match result {
            Ok(played) => played,
            Err(failure) => return self.failures.push(failure),
        };
        self.games += 1;
        self.steps += played.steps;
        self.most_steps = self.most_steps.max(played.steps);
        self.wins.resize(players, 0.0);
        self.wins_in_turn.resize(players, 0.0);
        for &seat in &played.winners {
            let share = 1.0 / played.winners.len() as f64;
            self.wins[seat] += share;
            self.wins_in_turn[(seat + players - played.first) % players] += share;
        }
        self.lost_to_automa += usize::from(played.winners.is_empty());
    }

    fn line(&self, id: &str, players: usize) -> String {
        let mean = self.steps as f64 / self.games.max(1) as f64;
        let shares = |wins: &[f64]| {
            wins.iter()
                .map(|w| format!("{:.1}%", 100.0 * w / self.games.max(1) as f64))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let automa = if self.lost_to_automa > 0 {
            format!(", lost to the Automa {}", self.lost_to_automa)
        } else {
            String::new()
        };
        format!(
            "{id} {players}p: {} games, {} steps (mean {mean:.0}, most {}), win shares by seat [{}], \
             by turn order from the first to act [{}]{automa}, {} failed",
            self.games,
            self.steps,
            self.most_steps,
            shares(&self.wins),
            shares(&self.wins_in_turn),
            self.failures.len()
        )
    }
}

/// Plays `games` games of `kind` between bots (hard ones as `hard` says), spread in turn over
/// its tables (every number of players, and its option choices), from seeds drawn from `seed`; tallied
/// by number of players.
fn play_kind(
    kind: &dyn GameKind,
    games: usize,
    hard: HardGames,
    seed: u64,
) -> BTreeMap<usize, Tally> {
    let tables: Vec<Table> = walks::tables()
        .into_iter()
        .filter(|t| t.kind.id() == kind.id())
        .collect();
    let id_hash = kind
        .id()
        .bytes()
        .fold(0, |h: u64, b| h.wrapping_mul(31) ^ u64::from(b));
    let mut seeds = GameRng::seeded(seed_of(&[seed, id_hash]));
    let mut tallies: BTreeMap<usize, Tally> = BTreeMap::new();
    // Each player count in turn, so that every one gets its share however many option choices it has.
    let counts: Vec<usize> = kind.seats().collect();
    let mut next_of_count = vec![0; counts.len()];
    for game in 0..games {
        let which = game % counts.len();
        let at_count: Vec<&Table> = tables
            .iter()
            .filter(|t| t.players == counts[which])
            .collect();
        let table = at_count[next_of_count[which] % at_count.len()];
        next_of_count[which] += 1;
        let levels = levels(game, table.players, hard);
        let result = play(table, seeds.next_u64(), &levels);
        tallies
            .entry(table.players)
            .or_default()
            .add(table.players, result);
    }
    tallies
}

/// Plays `games` games of every registered game between bots (see [`play_kind`]), one thread per game, prints what they came
/// to and fails naming the games that did not end.
fn assert_every_game_ends(games: usize, hard: HardGames) {
    let seed = walks::run_seed();
    let results: Vec<(&'static str, BTreeMap<usize, Tally>)> = std::thread::scope(|scope| {
        let running: Vec<_> = REGISTRY
            .iter()
            .map(|&kind| scope.spawn(move || (kind.id(), play_kind(kind, games, hard, seed))))
            .collect();
        running
            .into_iter()
            .map(|thread| thread.join().expect("a game's thread panicked"))
            .collect()
    });
    let mut failures = Vec::new();
    for (id, tallies) in &results {
        for (&players, tally) in tallies {
            println!("{}", tally.line(id, players));
            failures.extend(tally.failures.iter().cloned());
        }
    }
    assert!(
        failures.is_empty(),
        "{} of the games between bots did not end (CONFORMANCE_SEED={seed} plays them again):\n{}",
        failures.len(),
        failures
            .iter()
            .take(FAILURES_SHOWN)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// Express games between bots that once never ended: in the two-player ones a bot swapped a Loco it
/// could not discard into its hand and back for ever, in the last two bots passed a Caboose to each
/// other through the discard pile for ever.
#[test]
fn all_bots_end_the_express_games_once_seen_not_ending() {
    let express = roundhouse::games::find("express").expect("registered");
    let table = |options: &str, players| Table {
        kind: express,
        options_json: options.to_owned(),
        players,
    };
    let no_deadline = r#"{"target":"120","block_timeout_hours":"12","deadline_hours":"off"}"#;
    let to_100 = r#"{"target":"100","block_timeout_hours":"24","deadline_hours":"72"}"#;
    for (table, seed) in [
        (table(no_deadline, 2), 12_897_013_070_510_695_294),
        (table(no_deadline, 6), 7_618_808_988_598_835_975),
        (table(to_100, 2), 2_280_325_417_530_916_706),
    ] {
        if let Err(failure) = play(&table, seed, &vec![BotLevel::Normal; table.players]) {
            panic!("{failure}");
        }
    }
}

#[test]
fn all_bots_end_every_game() {
    let hard = HardGames {
        one_seat: CI_HARD_EVERY,
        all_seats: None,
    };
    assert_every_game_ends(CI_GAMES_PER_GAME, hard);
}

/// The long run, with the figures printed: see the module's doc.
#[test]
#[ignore = "ten thousand games of each game: run by hand in release"]
fn all_bots_end_ten_thousand_games_of_every_game() {
    let hard = HardGames {
        one_seat: LONG_RUN_HARD_EVERY,
        all_seats: Some(LONG_RUN_ALL_HARD_EVERY),
    };
    assert_every_game_ends(LONG_RUN_GAMES_PER_GAME, hard);
}

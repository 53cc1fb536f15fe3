//! `roundhouse puzzle …`: shunting puzzles from the command line.

mod generate;
mod memory;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Subcommand;
use serde_json::json;

use roundhouse::clock::Clock;
use roundhouse::console::{KeepNothing, PuzzleSession, play_daily, play_puzzle};
use roundhouse::games::shunting::cards;
use roundhouse::games::shunting::game::view::goal_lines;
use roundhouse::games::shunting::present::yard_text;
use roundhouse::games::shunting::write::puzzle_toml;
use roundhouse::games::shunting::{Puzzle, SolveOptions, solve};
use roundhouse::plural::counted;
use roundhouse::store::{Database, Store};
use roundhouse::table::{Table, TableOptions};

use crate::output;

/// What to do with a shunting puzzle.
#[derive(Subcommand)]
pub enum PuzzleAction {
    /// Play a puzzle here, move by move: today's daily puzzle, an archived one (N, #N or YYYY-MM-DD), or
    /// a puzzle file. Commands are read from standard input.
    Play {
        /// `today` (the default), a daily number, a date, or a puzzle file.
        which: Option<String>,
        /// Where daily attempts are kept: a file, or a PostgreSQL server as a postgres:// URL
        /// [default: roundhouse.db in your data folder, as for `play`].
        #[arg(long)]
        db: Option<String>,
    },
    /// Solve a puzzle file optimally: the fewest moves, a guide, states explored and time.
    Solve {
        /// The puzzle file (TOML; see src/games/shunting/FORMAT.md).
        file: PathBuf,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
        /// Give up after storing this many positions (about 30 bytes each).
        #[arg(long, default_value_t = SolveOptions::default().max_states)]
        max_states: usize,
        /// Threads that widen the search [default: the cores, at most 4]; the answer is the same.
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
        threads: Option<u16>,
        /// Give up ("too large") rather than use more memory than this: bytes, or with K, M, G or T
        /// (512M, 2G) [default: half the memory available now, or 1G if that cannot be read].
        #[arg(long, value_name = "SIZE", value_parser = memory::parse_size)]
        max_memory: Option<usize>,
    },
    /// Make the route cards (or the daily puzzles of some dates) again from their seeds, solving
    /// each: print them, write them to a directory (01.toml …, daily-YYYY-MM-DD.toml), or check that
    /// files equal what the generator makes. A summary per item goes to standard error.
    Generate {
        /// Write the files into this directory instead of printing them (with --check: compare with
        /// the files in it).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Compare instead of writing: with the files in --out, or else with the cards built into
        /// this program. Exits with 1 if any differs.
        #[arg(long)]
        check: bool,
        /// Only these cards (repeat for more); all 40 when neither --card nor --daily is given.
        #[arg(long = "card", value_name = "N")]
        cards: Vec<u32>,
        /// The daily puzzle of this UTC date, YYYY-MM-DD (repeat for more).
        #[arg(long = "daily", value_name = "DATE")]
        dates: Vec<String>,
    },
    /// Show route card N (1–40, or 41–52 for the Timesaver): its colour, optimum, limit, goal and start.
    Card {
        /// The card's number.
        number: i64,
        /// Also show the guide (one optimal solution).
        #[arg(long)]
        guide: bool,
        /// Print the card's puzzle as a puzzle file instead (for `puzzle solve`).
        #[arg(long, conflicts_with = "guide")]
        puzzle: bool,
    },
}

/// Runs a `puzzle` subcommand.
pub fn run(action: PuzzleAction) -> ExitCode {
    match action {
        PuzzleAction::Play { which, db } => play(which.as_deref().unwrap_or("today"), db),
        PuzzleAction::Solve {
            file,
            json,
            max_states,
            threads,
            max_memory,
        } => {
            let defaults = SolveOptions::default();
            let options = SolveOptions {
                max_states,
                threads: threads.map_or(defaults.threads, usize::from),
                max_memory: max_memory.unwrap_or_else(memory::machine_default),
                ..defaults
            };
            solve_file(&file, json, &options)
        }
        PuzzleAction::Generate {
            out,
            check,
            cards,
            dates,
        } => generate::run(&generate::Request {
            cards: &cards,
            dates: &dates,
            out: out.as_deref(),
            check,
        }),
        PuzzleAction::Card {
            number,
            guide,
            puzzle,
        } => show_card(number, guide, puzzle),
    }
}

fn play(which: &str, db: Option<String>) -> ExitCode {
    let path = std::path::Path::new(which);
    let stdin = std::io::stdin();
    let result = if path.is_file() || which.ends_with(".toml") {
        let puzzle = match std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {which}: {e}"))
            .and_then(|text| Puzzle::from_toml(&text).map_err(|e| format!("{which}: {e}")))
        {
            Ok(puzzle) => puzzle,
            Err(message) => return fail(&message),
        };
        let options = SolveOptions {
            max_memory: memory::machine_default(),
            ..SolveOptions::default()
        };
        let guide = match solve(&puzzle, &options) {
            Ok(solution) => Some(solution.moves),
            Err(e) => {
                eprintln!("roundhouse: {}: {e}; playing without ranks", puzzle.name);
                None
            }
        };
        let session = PuzzleSession {
            heading: puzzle.name.clone(),
            puzzle: &puzzle,
            guide,
            guide_open: false,
            played: Vec::new(),
            ended: None,
        };
        play_puzzle(&session, &mut KeepNothing, stdin.lock(), std::io::stdout())
    } else {
        let database = db.map_or_else(
            || Database::Sqlite(crate::default_db()),
            |d| Database::parse(&d),
        );
        let store = match Store::connect(&database, Clock::system()) {
            Ok(store) => store,
            Err(e) => return fail(&e.to_string()),
        };
        let table = Table::new(store, TableOptions::default());
        play_daily(&table, which, stdin.lock(), std::io::stdout())
    };
    match result {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => fail(&e.to_string()),
    }
}

fn fail(message: &str) -> ExitCode {
    eprintln!("roundhouse: {message}");
    ExitCode::from(2)
}

fn show_card(number: i64, with_guide: bool, as_puzzle: bool) -> ExitCode {
    let card = match cards::card(number) {
        Ok(card) => card,
        Err(e) => return fail(&e.to_string()),
    };
    let puzzle = &card.puzzle;
    if as_puzzle {
        output::print(&puzzle_toml(puzzle));
        return ExitCode::SUCCESS;
    }
    output::say(&format!("{}, {}", card.heading(), puzzle.yard.title));
    output::say(&format!(
        "optimum: {}, limit {}",
        counted(card.optimum, "move"),
        card.limit()
    ));
    output::say(&format!(
        "goal: {}; any other piece may end anywhere",
        goal_lines(puzzle).join(", ")
    ));
    let broken: Vec<String> = (0..puzzle.broken.len())
        .filter(|&s| puzzle.broken[s])
        .map(|s| puzzle.yard.slot_name(s as u8))
        .collect();
    if !broken.is_empty() {
        output::say(&format!("broken tracks: {}", broken.join(", ")));
    }
    output::print(&yard_text(puzzle, &puzzle.start));
    if with_guide {
        output::say("guide:");
        for (i, step) in card.guide.iter().enumerate() {
            output::say(&format!("  {:>2}. {step}", i + 1));
        }
    }
    ExitCode::SUCCESS
}

fn solve_file(file: &PathBuf, as_json: bool, options: &SolveOptions) -> ExitCode {
    let loaded = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read the file: {e}"))
        .and_then(|text| Puzzle::from_toml(&text).map_err(|e| e.to_string()));
    let puzzle = match loaded {
        Ok(puzzle) => puzzle,
        Err(message) => {
            if as_json {
                output::say(&format!(
                    "{}",
                    json!({ "file": file.display().to_string(), "error": message })
                ));
            }
            eprintln!("roundhouse: {}: {message}", file.display());
            return ExitCode::from(2);
        }
    };
    let solution = match solve(&puzzle, options) {
        Ok(solution) => solution,
        Err(e) => {
            if as_json {
                output::say(&format!(
                    "{}",
                    json!({ "puzzle": puzzle.name, "error": e.to_string() })
                ));
            }
            eprintln!("roundhouse: {}: {e}", puzzle.name);
            return ExitCode::from(1);
        }
    };
    let seconds = solution.elapsed.as_secs_f64();
    if as_json {
        let report = json!({
            "puzzle": puzzle.name,
            "title": puzzle.title,
            "optimum": solution.optimum(),
            "moves": solution.moves.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "guide": solution.guide(),
            "states": solution.states,
            "from_both_ends": solution.from_both_ends,
            "seconds": seconds,
        });
        output::say(&serde_json::to_string_pretty(&report).unwrap_or_default());
    } else {
        output::say(&format!("{} ({})", puzzle.title, puzzle.yard.title));
        output::say(&format!("optimum: {}", counted(solution.optimum(), "move")));
        output::say("guide:");
        for (i, line) in solution.guide().iter().enumerate() {
            output::say(&format!("  {:>2}. {line}", i + 1));
        }
        let how = if solution.from_both_ends {
            "searched from the start and the goal"
        } else {
            "searched from the start"
        };
        output::say(&format!("states explored: {} ({how})", solution.states));
        output::say(&format!("time: {:.3} s", seconds));
    }
    ExitCode::SUCCESS
}

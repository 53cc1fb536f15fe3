//! `roundhouse puzzle …`: shunting puzzles from the command line.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Subcommand;
use serde_json::json;

use roundhouse::games::shunting::{Puzzle, SolveOptions, solve};

/// What to do with a shunting puzzle.
#[derive(Subcommand)]
pub enum PuzzleAction {
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
    },
}

/// Runs a `puzzle` subcommand.
pub fn run(action: PuzzleAction) -> ExitCode {
    match action {
        PuzzleAction::Solve {
            file,
            json,
            max_states,
        } => solve_file(&file, json, max_states),
    }
}

fn solve_file(file: &PathBuf, as_json: bool, max_states: usize) -> ExitCode {
    let puzzle = match std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))
        .and_then(|text| Puzzle::from_toml(&text).map_err(|e| format!("{}: {e}", file.display())))
    {
        Ok(puzzle) => puzzle,
        Err(message) => {
            eprintln!("roundhouse: {message}");
            return ExitCode::from(2);
        }
    };
    let options = SolveOptions {
        max_states,
        ..SolveOptions::default()
    };
    let solution = match solve(&puzzle, &options) {
        Ok(solution) => solution,
        Err(e) => {
            if as_json {
                println!(
                    "{}",
                    json!({ "puzzle": puzzle.name, "error": e.to_string() })
                );
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
        println!(
            "{}",
            serde_json::to_string_pretty(&report).unwrap_or_default()
        );
    } else {
        println!("{} ({})", puzzle.title, puzzle.yard.title);
        println!("optimum: {} moves", solution.optimum());
        println!("guide:");
        for (i, line) in solution.guide().iter().enumerate() {
            println!("  {:>2}. {line}", i + 1);
        }
        let how = if solution.from_both_ends {
            "searched from the start and the goal"
        } else {
            "searched from the start"
        };
        println!("states explored: {} ({how})", solution.states);
        println!("time: {:.3} s", seconds);
    }
    ExitCode::SUCCESS
}

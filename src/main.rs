//! The `roundhouse` command line: play in the terminal, replay a game from notation, list games and rules,
//! serve the bot or the web site.

mod db_cli;
mod export_cli;
mod output;
mod puzzle_cli;
mod web_cli;

use std::io::{self, Read};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use tracing_subscriber::EnvFilter;

use roundhouse::bots::BotLevel;
use roundhouse::clock::Clock;
use roundhouse::console::{self, ConsoleSettings, Resume};
use roundhouse::discord::{
    self,
    config::{Config, environment::Environment},
};
use roundhouse::games;
use roundhouse::replay;
use roundhouse::store::{Database, Store};
use roundhouse::table::{Table, TableOptions};

/// Threads for table work, autocomplete and scheduler rounds (tokio's default is 512). The work is
/// mostly CPU (rules, pictures) on a machine of a few cores, so more threads add memory, not speed:
/// every thread that draws a picture keeps a malloc arena of its own. Commands over the bound wait
/// in tokio's queue, behind the per-channel and per-person limits of [`roundhouse::table`].
const BLOCKING_THREADS: usize = 16;

/// Train board and card games, played asynchronously on Discord or here in the terminal.
#[derive(Parser)]
#[command(name = "roundhouse", version)]
struct Cli {
    #[command(subcommand)]
    command: Action,
}

#[derive(Subcommand)]
enum Action {
    /// Run the Discord bot.
    Serve {
        /// The configuration file, which must exist [default: roundhouse.toml if there is one; every
        /// setting has a default, and DISCORD_TOKEN, ROUNDHOUSE_DB, ROUNDHOUSE_GUILD_ID and
        /// ROUNDHOUSE_LOG_LEVEL in the environment win over the file].
        #[arg(long)]
        config: Option<PathBuf>,
    },
    /// Play a game in the terminal, hot-seat and against bots.
    Play {
        /// The game (see `roundhouse games`).
        game: String,
        /// How many seats [default: 2 where the game allows it (1 for a solo puzzle), or enough for --bots].
        #[arg(long, conflicts_with = "solo")]
        players: Option<usize>,
        /// Play alone (against the game's Automa, where it has one): one seat.
        #[arg(long)]
        solo: bool,
        /// The Automa's level in a solo game (short for `-o level=N`).
        #[arg(long)]
        level: Option<u8>,
        /// How many of the seats bots play (all of them: the game plays itself).
        #[arg(long, default_value_t = 0)]
        bots: usize,
        /// How strongly the --bots seats play: easy, normal or hard.
        #[arg(long, default_value_t = BotLevel::Normal)]
        bot_level: BotLevel,
        /// A fixed seed, for a reproducible deal.
        #[arg(long)]
        seed: Option<u64>,
        /// A game option as key=value (repeatable; see `roundhouse games`).
        #[arg(long = "option", short = 'o', value_parser = parse_option)]
        options: Vec<(String, String)>,
        /// The database: a file, or a PostgreSQL server as a postgres:// URL [default: roundhouse.db
        /// in your data folder].
        #[arg(long)]
        db: Option<String>,
        /// Continue an unfinished terminal game of this kind: the one with this id, or, without an
        /// id, the only one (several are listed to pick from).
        #[arg(long, value_name = "ID")]
        resume: Option<Option<i64>>,
        /// Where board pictures are written [default: boards/ beside the database].
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Replay a setup and moves (JSON from FILE, or standard input) and print the state and outcome.
    ///
    /// Input: {"players": N, "seed": S, "options": {...}, "setup": {...}, "names": [...], "moves": [...]}
    /// (only "players" is required). A move is "MOVE" (made by the one seat that must act), "SEAT: MOVE"
    /// (seats count from 0) or {"seat": SEAT, "move": "MOVE"}. A step only the table takes, such as
    /// Express's "deadline" and "end", is written "table: MOVE" (or "seat": "table"); it is refused from a
    /// seat, and a seat's move from the table. A game written by `roundhouse export` is such a document.
    Replay {
        /// The game.
        game: String,
        /// The input file; `-` or nothing reads standard input.
        file: Option<PathBuf>,
    },
    /// Write a finished game's whole record (options, seed, deal, every move, result) as the JSON
    /// document `roundhouse replay GAME FILE` reads back to the same result (the format is in the
    /// README).
    Export {
        /// The database: a file, or a PostgreSQL server as a postgres:// URL [default: roundhouse.db
        /// in your data folder].
        #[arg(long)]
        db: Option<String>,
        /// The game's number (as `/game replay` and `--resume` name it).
        game_id: i64,
        /// The file to write [default: standard output].
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// List the games and their options.
    Games,
    /// Print our summary of a game's rules.
    Rules {
        /// The game.
        game: String,
    },
    /// Shunting puzzles: solve a puzzle file, show a route card, make the route cards again.
    Puzzle {
        #[command(subcommand)]
        action: puzzle_cli::PuzzleAction,
    },
    /// Serve the read-only web site: finished games move by move, servers' leaderboards, the rules.
    Web {
        /// The database: a file, or a PostgreSQL server as a postgres:// URL [default: roundhouse.db
        /// in your data folder].
        #[arg(long)]
        db: Option<String>,
        /// The address to listen on (port 0 takes any free port).
        #[arg(long, default_value = "127.0.0.1:8080")]
        addr: SocketAddr,
    },
    /// Whole databases: copy one into another (SQLite into PostgreSQL), checked by replaying every game.
    Db {
        #[command(subcommand)]
        action: db_cli::DbAction,
    },
}

fn parse_option(text: &str) -> Result<(String, String), String> {
    text.split_once('=')
        .map(|(k, v)| (k.trim().to_owned(), v.trim().to_owned()))
        .ok_or_else(|| format!("`{text}` is not key=value"))
}

fn default_db() -> PathBuf {
    dirs::data_dir()
        .unwrap_or_else(|| PathBuf::from("."))
        .join("roundhouse")
        .join("roundhouse.db")
}

/// The default folder for board pictures: `boards/` beside a database file, or in the data folder for a
/// database on a server.
fn boards_beside(database: &Database) -> PathBuf {
    let file = match database {
        Database::Sqlite(path) => path.clone(),
        Database::Postgres(_) => default_db(),
    };
    file.parent()
        .map_or_else(|| PathBuf::from("boards"), |p| p.join("boards"))
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Action::Serve { config } => run_serve(config),
        Action::Play {
            game,
            players,
            solo,
            level,
            bots,
            bot_level,
            seed,
            mut options,
            db,
            resume,
            out,
        } => {
            let database =
                db.map_or_else(|| Database::Sqlite(default_db()), |d| Database::parse(&d));
            let out_dir = out.unwrap_or_else(|| boards_beside(&database));
            let store = match Store::connect(&database, Clock::system()) {
                Ok(store) => store,
                Err(e) => return fail(&e.to_string()),
            };
            // One person at a terminal has no audience to flood: every board is shown in full.
            let mut table_options = TableOptions::default();
            table_options.limits.board_cooldown_secs = 0;
            let table = Table::new(store, table_options);
            if let Some(level) = level {
                options.push(("level".to_owned(), level.to_string()));
            }
            let settings = ConsoleSettings {
                game,
                players: if solo { Some(1) } else { players },
                bots,
                bot_level,
                seed,
                options,
                resume: resume.map(|id| id.map_or(Resume::Pick, Resume::Game)),
                out_dir,
            };
            let stdin = io::stdin();
            match console::run(&table, &settings, stdin.lock(), io::stdout()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => fail(&e.to_string()),
            }
        }
        Action::Replay { game, file } => run_replay(&game, file),
        Action::Export { db, game_id, out } => {
            let database =
                db.map_or_else(|| Database::Sqlite(default_db()), |d| Database::parse(&d));
            export_cli::run(&database, game_id, out.as_deref())
        }
        Action::Puzzle { action } => puzzle_cli::run(action),
        Action::Db { action } => db_cli::run(action),
        Action::Web { db, addr } => {
            let database =
                db.map_or_else(|| Database::Sqlite(default_db()), |d| Database::parse(&d));
            web_cli::run(&database, addr)
        }
        Action::Games => {
            for kind in games::REGISTRY {
                output::say(&format!(
                    "{} — {} ({})",
                    kind.id(),
                    kind.name(),
                    kind.players_text()
                ));
                for option in kind.options() {
                    output::say(&format!(
                        "  -o {}={}   {}",
                        option.key,
                        option.values.join("|"),
                        option.help
                    ));
                }
            }
            ExitCode::SUCCESS
        }
        Action::Rules { game } => match games::find(&game) {
            Some(kind) => {
                output::say(kind.rules_text());
                ExitCode::SUCCESS
            }
            None => fail(&format!("no game called `{game}`; see `roundhouse games`")),
        },
    }
}

fn run_serve(config: Option<PathBuf>) -> ExitCode {
    let (path, is_default) = match config {
        Some(path) => (path, false),
        None => (PathBuf::from("roundhouse.toml"), true),
    };
    let config = match Config::load(&path, is_default, &Environment::of_process()) {
        Ok(config) => config,
        Err(e) => return fail(&e.to_string()),
    };
    // Discord libraries log requests at debug level; keep them quiet unless RUST_LOG asks otherwise.
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| {
        EnvFilter::new(format!("{},serenity=warn,poise=warn", config.log_level))
    });
    tracing_subscriber::fmt().with_env_filter(filter).init();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .max_blocking_threads(BLOCKING_THREADS)
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => return fail(&format!("cannot start the async runtime: {e}")),
    };
    match runtime.block_on(discord::serve(config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&e.to_string()),
    }
}

fn run_replay(game: &str, file: Option<PathBuf>) -> ExitCode {
    let input = match file.filter(|f| f.as_os_str() != "-") {
        Some(path) => std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display())),
        None => {
            let mut text = String::new();
            io::stdin()
                .read_to_string(&mut text)
                .map(|_| text)
                .map_err(|e| format!("cannot read standard input: {e}"))
        }
    };
    let input = match input {
        Ok(input) => input,
        Err(e) => return fail(&e),
    };
    match replay::replay(game, &input) {
        Ok(output) => {
            output::say(&serde_json::to_string_pretty(&output).unwrap_or_default());
            ExitCode::SUCCESS
        }
        Err(failure) => {
            match failure.index {
                Some(index) => eprintln!("move {index} refused: {}", failure.error),
                None => eprintln!("{}", failure.error),
            }
            output::say(&serde_json::to_string_pretty(&failure).unwrap_or_default());
            ExitCode::from(1)
        }
    }
}

fn fail(message: &str) -> ExitCode {
    eprintln!("roundhouse: {message}");
    ExitCode::from(2)
}

//! `roundhouse db …`: operations on a whole database.

use std::io::Write;
use std::process::ExitCode;

use clap::Subcommand;

use roundhouse::store::{CopyProgress, Database, Store};
use roundhouse::table::replays_to_snapshot;

use crate::output;
use roundhouse::plural::counted;

/// What to do with a database.
#[derive(Subcommand)]
pub enum DbAction {
    /// Copy every table of one database into another, empty one (SQLite into PostgreSQL, or back),
    /// keeping ids, in one transaction; then replay every game on the target and check that it reaches
    /// its stored snapshot. Anything wrong rolls the whole copy back.
    Copy {
        /// The database to copy: `sqlite:PATH` (or a path) for a SQLite file, or a postgres:// URL.
        #[arg(long)]
        from: String,
        /// The empty database to copy into: a postgres:// URL, or `sqlite:PATH` (a new file).
        #[arg(long)]
        to: String,
    },
}

/// Runs a `db` command.
pub fn run(action: DbAction) -> ExitCode {
    match action {
        DbAction::Copy { from, to } => copy(&Database::parse(&from), &Database::parse(&to)),
    }
}

fn copy(from: &Database, to: &Database) -> ExitCode {
    eprintln!("Copying {from:?} into {to:?}");
    let mut stderr = std::io::stderr();
    let mut progress = |step: CopyProgress| {
        let _ = match step {
            CopyProgress::Copied { table, rows } => writeln!(stderr, "  copied {table}: {rows}"),
            CopyProgress::Checked { done, total } => {
                writeln!(stderr, "  replayed {done} of {}", counted(total, "game"))
            }
        };
    };
    match Store::copy_database(from, to, &replays_to_snapshot, &mut progress) {
        Ok(summary) => {
            output::say(&format!("Copied and checked; rows per table:\n{summary}"));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("roundhouse: the copy failed: {e}");
            ExitCode::from(2)
        }
    }
}

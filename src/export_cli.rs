//! `roundhouse export`: a finished game of a store as the JSON document `roundhouse replay` reads.

use std::path::Path;
use std::process::ExitCode;

use roundhouse::clock::Clock;
use roundhouse::replay::export::export_game;
use roundhouse::store::{Database, Store};

use crate::{fail, output};

/// Writes game `id` of `database` to `out` (standard output when `None`); a failure is said on
/// standard error and ends with status 2, writing nothing.
pub fn run(database: &Database, id: i64, out: Option<&Path>) -> ExitCode {
    match export(database, id) {
        Ok(document) => match out {
            Some(path) => match std::fs::write(path, document + "\n") {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => fail(&format!("cannot write {}: {e}", path.display())),
            },
            None => {
                output::say(&document);
                ExitCode::SUCCESS
            }
        },
        Err(e) => fail(&e),
    }
}

/// The export of game `id` of `database`, as pretty JSON.
fn export(database: &Database, id: i64) -> Result<String, String> {
    if let Database::Sqlite(path) = database
        && !path.is_file()
    {
        return Err(format!("there is no database file at {}", path.display()));
    }
    let store = Store::connect(database, Clock::system())
        .map_err(|e| format!("cannot open the database {database:?}: {e}"))?;
    let export = export_game(&store, id).map_err(|e| e.to_string())?;
    serde_json::to_string_pretty(&export).map_err(|e| format!("cannot write the export: {e}"))
}

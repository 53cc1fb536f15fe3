//! The stored games under `tests/data/stored/` (see its README): game rows as the store keeps them, each
//! with its seats and move log, read by the tests and benches that need real games of every kind.

use std::path::Path;

use serde::Deserialize;

/// A stored game row, with its seats and move log.
#[derive(Deserialize)]
pub struct StoredGame {
    pub kind: String,
    pub status: String,
    pub seed: u64,
    pub options: String,
    pub setup: String,
    pub seats: Vec<StoredSeat>,
    pub moves: Vec<StoredMove>,
    pub snapshot: String,
}

/// A seat of a stored game.
#[derive(Deserialize)]
pub struct StoredSeat {
    pub user_id: Option<String>,
    pub name: String,
    pub resigned: bool,
}

/// A move of a stored game's log.
#[derive(Deserialize)]
pub struct StoredMove {
    pub seq: usize,
    pub seat: usize,
    pub notation: String,
    pub by_bot: bool,
}

/// Every stored game with its file name, in file-name order.
pub fn stored_games() -> Vec<(String, StoredGame)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/stored");
    let mut games: Vec<(String, StoredGame)> = std::fs::read_dir(&dir)
        .expect("tests/data/stored is there")
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let text = std::fs::read_to_string(&path).unwrap();
            let game = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, game)
        })
        .collect();
    games.sort_by(|a, b| a.0.cmp(&b.0));
    games
}

//! Finished games never change, so the site keeps the ones it read lately: the replay of each game
//! (reading one replays its whole log) and the board pictures drawn from them, each in a bounded
//! least-recently-used map.

use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex, PoisonError};

use axum::body::Bytes;
use lru::LruCache;

use crate::game::Viewer;
use crate::store::{ResultRecord, Status, Store, StoreError};
use crate::table::{GameReplay, TableError};

/// Replays kept (a 5-player Yardmaster game's is about a megabyte).
const REPLAYS: usize = 32;
/// Board pictures kept (each some tens of kilobytes).
const BOARDS: usize = 512;

/// A finished game as the site shows it: its replay for a spectator and its recorded results.
pub(super) struct FinishedGame {
    /// Every frame, as a spectator saw it.
    pub(super) replay: GameReplay,
    /// The places and scores, best first.
    pub(super) results: Vec<ResultRecord>,
}

/// What the store holds under a game id.
pub(super) enum Lookup {
    /// A finished game.
    Finished(Arc<FinishedGame>),
    /// A game that exists but was not played to its end (in a lobby, in play, or aborted).
    NotFinished(Status),
    /// No game has this id.
    Missing,
}

/// Why a game could not be read.
#[derive(Debug, thiserror::Error)]
pub(super) enum ReadError {
    /// The store failed.
    #[error("{0}")]
    Store(#[from] StoreError),
    /// The stored log does not replay.
    #[error("{0}")]
    Replay(#[from] TableError),
}

/// The replays and pictures read lately.
pub(super) struct Cache {
    games: Mutex<LruCache<i64, Arc<FinishedGame>>>,
    boards: Mutex<LruCache<(i64, usize), Bytes>>,
}

impl Default for Cache {
    fn default() -> Self {
        Cache {
            games: Mutex::new(LruCache::new(nonzero(REPLAYS))),
            boards: Mutex::new(LruCache::new(nonzero(BOARDS))),
        }
    }
}

fn nonzero(n: usize) -> NonZeroUsize {
    NonZeroUsize::new(n).unwrap_or(NonZeroUsize::MIN)
}

impl Cache {
    /// Game `id` as a spectator may see it (blocking: it may read the store and replay the log).
    pub(super) fn game(&self, store: &Store, id: i64) -> Result<Lookup, ReadError> {
        if let Some(game) = lock(&self.games).get(&id) {
            return Ok(Lookup::Finished(Arc::clone(game)));
        }
        let Some(record) = store.game(id)? else {
            return Ok(Lookup::Missing);
        };
        if record.status != Status::Finished {
            return Ok(Lookup::NotFinished(record.status));
        }
        let moves = store.moves(id)?;
        let results = store.results(id)?;
        let replay = GameReplay::read(record, &moves, Viewer::Spectator)?;
        let game = Arc::new(FinishedGame { replay, results });
        lock(&self.games).put(id, Arc::clone(&game));
        Ok(Lookup::Finished(game))
    }

    /// The board at `frame` of `replay` (a frame it has), with the last step marked (blocking: it may
    /// draw the picture).
    pub(super) fn board(&self, replay: &GameReplay, frame: usize) -> Bytes {
        let key = (replay.record().id, frame);
        if let Some(png) = lock(&self.boards).get(&key) {
            return png.clone();
        }
        let png = Bytes::from(replay.board_png(frame, frame.saturating_sub(1)));
        lock(&self.boards).put(key, png.clone());
        png
    }
}

/// The map behind `mutex`, even if a thread panicked holding it (the maps stay consistent: every
/// change is one call).
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

//! Group commit: every write returns only once its commit is on disk, and writes that finish at about
//! the same time share one sync of the write-ahead log.
//!
//! The connections run in WAL mode with `synchronous=NORMAL`: a commit appends its frames to the log
//! and returns without waiting for the disk. [`GroupSync`] then syncs the log once for every commit
//! finished before that sync began, so a move is on disk before anyone is told of it, and survives a
//! crash of the process as well as of the machine (a power cut), as with `synchronous=FULL`.
//!
//! Why not `synchronous=FULL`: SQLite then syncs the log inside each commit, while the writer holds
//! SQLite's single write lock, so every commit queues behind a disk sync of its own (about 7 ms on the
//! benchmark machine: at most ~140 commits a second however many channels play). Why not `NORMAL`
//! alone: a commit would then survive a crash of the process (it sits in the operating system's cache)
//! but not a power cut, and a move already announced in its channel could be lost.
//!
//! Written here because no crate offers a group commit over rusqlite; it is a counter, a flag and a
//! condition variable.

use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

/// Syncs the write-ahead log of one database for groups of commits.
pub(super) struct GroupSync {
    /// The database's write-ahead log (`<database>-wal`).
    log: PathBuf,
    state: Mutex<Progress>,
    synced: Condvar,
}

#[derive(Default)]
struct Progress {
    /// Commits finished so far; a commit's number is this count just after it finished.
    committed: u64,
    /// Every commit up to this number is on disk.
    durable: u64,
    /// Whether a thread is syncing the log now.
    syncing: bool,
}

impl GroupSync {
    /// Group commit for the database file at `database`.
    pub(super) fn new(database: &Path) -> Self {
        let mut log = database.as_os_str().to_owned();
        log.push("-wal");
        GroupSync {
            log: PathBuf::from(log),
            state: Mutex::default(),
            synced: Condvar::new(),
        }
    }

    fn progress(&self) -> MutexGuard<'_, Progress> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Counts a write that has finished (committed or not); returns its number for [`Self::wait`].
    pub(super) fn finished(&self) -> u64 {
        let mut progress = self.progress();
        progress.committed += 1;
        progress.committed
    }

    /// Returns once write `number` is on disk: this thread syncs the log for every write finished
    /// so far, unless a sync that began after the write finished covers it already.
    pub(super) fn wait(&self, number: u64) -> io::Result<()> {
        let mut progress = self.progress();
        loop {
            if progress.durable >= number {
                return Ok(());
            }
            if progress.syncing {
                progress = self
                    .synced
                    .wait(progress)
                    .unwrap_or_else(PoisonError::into_inner);
                continue;
            }
            progress.syncing = true;
            let through = progress.committed;
            drop(progress);
            let result = sync(&self.log);
            progress = self.progress();
            progress.syncing = false;
            if result.is_ok() {
                progress.durable = progress.durable.max(through);
            }
            self.synced.notify_all();
            result?;
        }
    }
}

/// Syncs the file at `log` to disk.
fn sync(log: &Path) -> io::Result<()> {
    match File::open(log) {
        Ok(file) => file.sync_data(),
        // No log: SQLite removes it only after copying every commit into the database file and
        // syncing that.
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(error) => Err(error),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn the_log_is_the_database_path_with_wal_appended() {
        let group = GroupSync::new(Path::new("/data/games.db"));
        assert_eq!(group.log, Path::new("/data/games.db-wal"));
    }

    #[test]
    fn a_finished_write_is_durable_after_its_wait_and_later_ones_are_not_yet() {
        let dir = tempfile::tempdir().unwrap();
        let database = dir.path().join("games.db");
        std::fs::write(dir.path().join("games.db-wal"), b"frames").unwrap();
        let group = GroupSync::new(&database);
        let first = group.finished();
        group.wait(first).unwrap();
        let second = group.finished();
        assert_eq!(group.progress().durable, first);
        assert!(second > first);
        group.wait(second).unwrap();
        assert_eq!(group.progress().durable, second);
    }

    #[test]
    fn writes_waiting_together_all_return_durable() {
        let dir = tempfile::tempdir().unwrap();
        let database = dir.path().join("games.db");
        std::fs::write(dir.path().join("games.db-wal"), b"frames").unwrap();
        let group = Arc::new(GroupSync::new(&database));
        let writers: Vec<_> = (0..16)
            .map(|_| {
                let group = Arc::clone(&group);
                std::thread::spawn(move || {
                    let number = group.finished();
                    group.wait(number).map(|()| number)
                })
            })
            .collect();
        for writer in writers {
            let number = writer.join().unwrap().unwrap();
            assert!(group.progress().durable >= number);
        }
        assert_eq!(group.progress().durable, 16);
        assert!(!group.progress().syncing);
    }

    #[test]
    fn a_log_that_cannot_be_opened_is_an_error_and_nothing_counts_as_durable() {
        let dir = tempfile::tempdir().unwrap();
        // The log's folder is a plain file, so the log cannot be opened (and is not merely missing).
        let not_a_folder = dir.path().join("file");
        std::fs::write(&not_a_folder, b"").unwrap();
        let group = GroupSync::new(&not_a_folder.join("games.db"));
        let number = group.finished();
        assert!(group.wait(number).is_err());
        assert_eq!(group.progress().durable, 0);
        assert!(!group.progress().syncing);
    }
}

//! Closing the database at shutdown.

use super::{Store, StoreError, on_backend};

impl Store {
    /// Leaves every committed change in the database itself at shutdown. For SQLite: copies the
    /// write-ahead log into the database file, empties the log and closes the idle pooled connections
    /// (a later call on the store opens fresh ones). PostgreSQL's server keeps its own log: nothing to do.
    pub fn checkpoint(&self) -> Result<(), StoreError> {
        on_backend!(self, checkpoint())
    }
}

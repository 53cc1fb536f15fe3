//! The tables a copy carries, with their columns: every table of the schema but the schema's own version
//! (which each backend's migrations write). Listed in an order that keeps foreign keys satisfied (games
//! first). A test checks the list against the schema the migrations make, so a new table or column
//! cannot be left out of copies unnoticed.

/// What a column holds, as both backends store it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::store) enum Kind {
    /// An integer (`INTEGER` in SQLite, `BIGINT` in PostgreSQL).
    Int,
    /// A yes or no (`INTEGER` 0 or 1 in SQLite, `BOOLEAN` in PostgreSQL).
    Flag,
    /// A text.
    Text,
}

use Kind::{Flag, Int, Text};

/// One table as copied.
pub(in crate::store) struct CopiedTable {
    /// Its name in both schemas.
    pub name: &'static str,
    /// One of its rows, in words ("daily post"), for messages.
    pub noun: &'static str,
    /// Its columns, in the order read and written.
    pub columns: &'static [(&'static str, Kind)],
    /// The `ORDER BY` of reading (its key), so that copies are made in the same order every time.
    pub order_by: &'static str,
}

/// Every table copied, parents before children.
pub(in crate::store) const COPIED_TABLES: &[CopiedTable] = &[
    CopiedTable {
        name: "games",
        noun: "game",
        columns: &[
            ("id", Int),
            ("channel", Text),
            ("guild", Text),
            ("kind", Text),
            ("status", Text),
            ("options", Text),
            ("seed", Int),
            ("setup", Text),
            ("snapshot", Text),
            ("version", Int),
            ("host", Text),
            ("ended_reason", Text),
            ("created_at", Int),
            ("updated_at", Int),
            ("started_at", Int),
        ],
        order_by: "id",
    },
    CopiedTable {
        name: "seats",
        noun: "seat",
        columns: &[
            ("game_id", Int),
            ("seat", Int),
            ("user_id", Text),
            ("name", Text),
            ("resigned", Flag),
            ("bot_level", Text),
        ],
        order_by: "game_id, seat",
    },
    CopiedTable {
        name: "moves",
        noun: "move",
        columns: &[
            ("game_id", Int),
            ("seq", Int),
            ("seat", Int),
            ("notation", Text),
            ("by_bot", Flag),
            ("at", Int),
        ],
        order_by: "game_id, seq",
    },
    CopiedTable {
        name: "results",
        noun: "result",
        columns: &[
            ("game_id", Int),
            ("seat", Int),
            ("user_id", Text),
            ("name", Text),
            ("score", Int),
            ("place", Int),
            ("resigned", Flag),
        ],
        order_by: "game_id, seat",
    },
    CopiedTable {
        name: "results_to_recompute",
        noun: "pending result recount",
        columns: &[("game_id", Int)],
        order_by: "game_id",
    },
    CopiedTable {
        name: "undo_requests",
        noun: "pending vote",
        columns: &[
            ("game_id", Int),
            ("requester", Int),
            ("keep_moves", Int),
            ("at_version", Int),
            ("approvals", Text),
            ("motion", Text),
            ("opened_at", Int),
        ],
        order_by: "game_id",
    },
    CopiedTable {
        name: "reminders",
        noun: "reminder",
        columns: &[
            ("game_id", Int),
            ("version", Int),
            ("stage", Int),
            ("sent_at", Int),
        ],
        order_by: "game_id, version, stage",
    },
    CopiedTable {
        name: "daily_attempts",
        noun: "daily attempt",
        columns: &[
            ("user_id", Text),
            ("guild", Text),
            ("number", Int),
            ("day", Int),
            ("name", Text),
            ("moves", Text),
            ("move_count", Int),
            ("started_at", Int),
            ("touched_at", Int),
            ("finished_at", Int),
            ("solved", Flag),
            ("gave_up", Flag),
            ("version", Int),
        ],
        order_by: "user_id, guild, number",
    },
    CopiedTable {
        name: "daily_channels",
        noun: "daily channel",
        columns: &[
            ("guild", Text),
            ("channel", Text),
            ("post_minute", Int),
            ("set_by", Text),
            ("set_at", Int),
        ],
        order_by: "guild",
    },
    CopiedTable {
        name: "daily_posts",
        noun: "daily post",
        columns: &[
            ("channel", Text),
            ("day", Int),
            ("guild", Text),
            ("state", Text),
            ("tries", Int),
            ("updated_at", Int),
        ],
        order_by: "channel, day",
    },
];

impl CopiedTable {
    /// The column names, comma-separated, for SQL.
    pub(in crate::store) fn column_list(&self) -> String {
        self.columns
            .iter()
            .map(|(name, _)| *name)
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The query reading every row of the table in copy order (the same SQL on both backends).
    pub(in crate::store) fn select_all(&self) -> String {
        format!(
            "SELECT {} FROM {} ORDER BY {}",
            self.column_list(),
            self.name,
            self.order_by
        )
    }
}

/// The schema version of this program (the same number on both backends).
pub(in crate::store) fn schema_version() -> i64 {
    crate::store::sqlite::latest_version()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::Clock;
    use crate::store::sqlite::Sqlite;

    #[test]
    fn every_table_and_column_of_the_schema_is_copied() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("schema.db");
        Sqlite::open(&path, Clock::system()).unwrap();
        let conn = rusqlite::Connection::open(&path).unwrap();
        let mut tables: Vec<String> = conn
            .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            .unwrap()
            .query_map([], |row| row.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let mut copied: Vec<String> = COPIED_TABLES.iter().map(|t| t.name.to_owned()).collect();
        tables.sort();
        copied.sort();
        assert_eq!(tables, copied);
        for table in COPIED_TABLES {
            let mut columns: Vec<(String, String)> = conn
                .prepare(&format!(
                    "SELECT name, type FROM pragma_table_info('{}')",
                    table.name
                ))
                .unwrap()
                .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap();
            let mut listed: Vec<(String, String)> = table
                .columns
                .iter()
                .map(|(name, kind)| {
                    let sql = if *kind == Text { "TEXT" } else { "INTEGER" };
                    ((*name).to_owned(), sql.to_owned())
                })
                .collect();
            columns.sort();
            listed.sort();
            assert_eq!(columns, listed, "the columns of {}", table.name);
        }
    }
}

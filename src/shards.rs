//! Discord shards: which part of Discord's guilds one bot process serves.
//!
//! Discord splits a bot's guilds over `total` gateway connections ("shards"): a guild's events go to
//! shard `(guild_id >> 22) % total`, and direct messages to shard 0
//! (<https://discord.com/developers/docs/events/gateway#sharding>). Several bot processes sharing one
//! database each hold a contiguous range of shards, and each sweeps (reminders, abandonment, lobby
//! expiry, clock steps, daily posts) only the games and daily posts of the guilds its shards hold, so
//! no two processes ever post the same reminder.
//!
//! A game without a guild (a direct message, or a terminal game in a database the bot shares) belongs
//! to shard 0, where Discord sends direct messages; so does a guild that is not a Discord id. The store
//! applies this rule in its queries (`src/store/sqlite/shard_filter.rs` and
//! `src/store/postgres/shard_filter.rs`), so a sweep never loads the games of other processes.

use std::fmt;

use serde::Deserialize;

/// The shards one process holds: `first..=last` of `total`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardRange {
    /// How many shards the bot has in all (every process agrees on it).
    pub total: u32,
    /// The first shard this process holds.
    pub first: u32,
    /// The last shard this process holds (inclusive).
    pub last: u32,
}

impl ShardRange {
    /// One shard, held by this process: every guild (the unsharded bot).
    pub const ONE: ShardRange = ShardRange {
        total: 1,
        first: 0,
        last: 0,
    };

    /// Every one of `total` shards, held by this process; `None` if `total` is 0.
    pub fn all_of(total: u32) -> Option<ShardRange> {
        ShardRange::new(total, 0, total.checked_sub(1)?).ok()
    }

    /// Shards `first..=last` of `total`, or why they cannot be (`total` at least 1,
    /// `first <= last < total`).
    pub fn new(total: u32, first: u32, last: u32) -> Result<ShardRange, String> {
        if total == 0 {
            return Err("shards.total must be at least 1".into());
        }
        if first > last {
            return Err(format!(
                "shards.first ({first}) must not be after shards.last ({last})"
            ));
        }
        if last >= total {
            return Err(format!(
                "shards.last ({last}) must be below shards.total ({total}): shards are numbered 0 to {}",
                total - 1
            ));
        }
        Ok(ShardRange { total, first, last })
    }

    /// How many shards this process holds.
    pub fn count(&self) -> u32 {
        self.last - self.first + 1
    }
}

impl Default for ShardRange {
    fn default() -> Self {
        ShardRange::ONE
    }
}

impl fmt::Display for ShardRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.first == self.last {
            write!(f, "shard {} of {}", self.first, self.total)
        } else {
            write!(f, "shards {}-{} of {}", self.first, self.last, self.total)
        }
    }
}

/// The `shards` setting as written: `{ total = N, first = A, last = B }`, where `first` defaults to 0
/// and `last` to `total - 1` (so `{ total = N }` holds every shard in this process).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ShardsSetting {
    /// How many shards in all.
    pub total: u32,
    /// The first shard this process holds (default 0).
    #[serde(default)]
    pub first: u32,
    /// The last shard this process holds (default: the last of all).
    #[serde(default)]
    pub last: Option<u32>,
}

impl ShardsSetting {
    /// The range the setting names, or why it names none.
    pub fn range(&self) -> Result<ShardRange, String> {
        let last = self.last.unwrap_or(self.total.saturating_sub(1));
        ShardRange::new(self.total, self.first, last)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_range_is_first_to_last_below_a_positive_total() {
        assert_eq!(
            ShardRange::new(4, 1, 2),
            Ok(ShardRange {
                total: 4,
                first: 1,
                last: 2
            })
        );
        assert_eq!(ShardRange::new(4, 1, 2).unwrap().count(), 2);
        assert!(ShardRange::new(0, 0, 0).unwrap_err().contains("at least 1"));
        let backwards = ShardRange::new(4, 2, 1).unwrap_err();
        assert!(backwards.contains("first (2)") && backwards.contains("last (1)"));
        let beyond = ShardRange::new(2, 0, 2).unwrap_err();
        assert!(beyond.contains("0 to 1"), "{beyond}");
        assert_eq!(ShardRange::all_of(3), ShardRange::new(3, 0, 2).ok());
        assert_eq!(ShardRange::all_of(0), None);
    }

    #[test]
    fn the_setting_defaults_to_every_shard_from_the_first() {
        let setting = ShardsSetting {
            total: 3,
            first: 0,
            last: None,
        };
        assert_eq!(setting.range(), ShardRange::new(3, 0, 2));
        let tail = ShardsSetting {
            total: 3,
            first: 2,
            last: None,
        };
        assert_eq!(tail.range(), ShardRange::new(3, 2, 2));
        assert_eq!(
            ShardRange::new(2, 1, 1).unwrap().to_string(),
            "shard 1 of 2"
        );
        assert_eq!(
            ShardRange::new(8, 0, 3).unwrap().to_string(),
            "shards 0-3 of 8"
        );
    }
}

//! The daily puzzle's records: attempts, each server's post setting, and the posts made.

use super::{Store, StoreError, on_backend};
use crate::shards::ShardRange;

/// How many times a post that Discord refused is tried in all on its day.
pub const POST_TRIES: i64 = 3;

/// One person's attempt at one daily puzzle on one server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttemptRecord {
    /// The person.
    pub user_id: String,
    /// The server (empty outside servers).
    pub guild: String,
    /// The daily puzzle number.
    pub number: u32,
    /// The puzzle's UTC day (days since 1970-01-01).
    pub day: i64,
    /// The name the person played under.
    pub name: String,
    /// The moves as they stand, in notation.
    pub moves: Vec<String>,
    /// When the attempt began (Unix seconds).
    pub started_at: i64,
    /// When it was solved or given up.
    pub finished_at: Option<i64>,
    /// Solved within the move limit.
    pub solved: bool,
    /// Given up.
    pub gave_up: bool,
    /// Grows with every change.
    pub version: i64,
}

impl AttemptRecord {
    /// Solved or given up: no more moves.
    pub fn finished(&self) -> bool {
        self.solved || self.gave_up
    }

    /// Ended (solved or given up) on the puzzle's own UTC day.
    pub fn finished_on_its_day(&self) -> bool {
        self.finished_at
            .is_some_and(|at| at.div_euclid(86_400) == self.day)
    }
}

/// A change to an attempt.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AttemptChange {
    /// The moves as they stand now.
    pub moves: Vec<String>,
    /// Set when the attempt ends now: solved (`true`) or given up (`false`).
    pub finish: Option<bool>,
}

/// Where and when a server gets the daily post.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailyChannel {
    /// The server.
    pub guild: String,
    /// The channel.
    pub channel: String,
    /// Minutes after 00:00 UTC.
    pub post_minute: u32,
}

/// A daily post claimed and not yet recorded sent or refused (see [`Store::claimed_daily_posts`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailyClaim {
    /// The server.
    pub guild: String,
    /// The channel.
    pub channel: String,
    /// When it was claimed (Unix seconds): if its post was made, it was made after.
    pub claimed_at: i64,
}

impl Store {
    /// `user_id`'s attempt at puzzle `number` on `guild`.
    pub fn daily_attempt(
        &self,
        user_id: &str,
        guild: &str,
        number: u32,
    ) -> Result<Option<AttemptRecord>, StoreError> {
        on_backend!(self, daily_attempt(user_id, guild, number))
    }

    /// The attempt `user_id` played last on `guild` (started, continued or moved in).
    pub fn daily_current(
        &self,
        user_id: &str,
        guild: &str,
    ) -> Result<Option<AttemptRecord>, StoreError> {
        on_backend!(self, daily_current(user_id, guild))
    }

    /// Starts `user_id`'s attempt at puzzle `number` (of UTC day `day`) if there is none, makes it the one
    /// they play, and returns it.
    pub fn daily_begin(
        &self,
        user_id: &str,
        guild: &str,
        name: &str,
        number: u32,
        day: i64,
        now: i64,
    ) -> Result<AttemptRecord, StoreError> {
        on_backend!(self, daily_begin(user_id, guild, name, number, day, now))
    }

    /// Applies `change` to the attempt if it is still at `version` ([`StoreError::Conflict`] otherwise).
    pub fn daily_update(
        &self,
        attempt: &AttemptRecord,
        change: &AttemptChange,
        now: i64,
    ) -> Result<(), StoreError> {
        on_backend!(self, daily_update(attempt, change, now))
    }

    /// Puzzle `number`'s solves on `guild` made on the puzzle's own day, best first: fewest moves, then
    /// earliest finish.
    pub fn daily_leaderboard(
        &self,
        guild: &str,
        number: u32,
        limit: usize,
    ) -> Result<Vec<AttemptRecord>, StoreError> {
        on_backend!(self, daily_leaderboard(guild, number, limit))
    }

    /// The UTC days on which `user_id` solved that day's puzzle (on any server), oldest first.
    pub fn daily_solved_days(&self, user_id: &str) -> Result<Vec<i64>, StoreError> {
        on_backend!(self, daily_solved_days(user_id))
    }

    /// Sets (or moves) `guild`'s daily post.
    pub fn set_daily_channel(
        &self,
        setting: &DailyChannel,
        set_by: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        on_backend!(self, set_daily_channel(setting, set_by, now))
    }

    /// Stops `guild`'s daily post; `false` if it had none.
    pub fn clear_daily_channel(&self, guild: &str) -> Result<bool, StoreError> {
        on_backend!(self, clear_daily_channel(guild))
    }

    /// The daily post setting of every server that one of `shards` holds (see [`crate::shards`]).
    pub fn daily_channels(&self, shards: &ShardRange) -> Result<Vec<DailyChannel>, StoreError> {
        on_backend!(self, daily_channels(shards))
    }

    /// Claims day `day`'s post in `channel`: `true` if this caller must send it now. A post is claimed
    /// once, by one caller even among several processes (its row is written before anything is sent);
    /// only a post Discord refused (see [`Store::daily_post_failed`]) is claimed again, up to
    /// [`POST_TRIES`] tries.
    pub fn claim_daily_post(
        &self,
        guild: &str,
        channel: &str,
        day: i64,
        now: i64,
    ) -> Result<bool, StoreError> {
        on_backend!(self, claim_daily_post(guild, channel, day, now))
    }

    /// Day `day`'s posts on servers `shards` hold that are still `claimed`: neither recorded sent nor
    /// refused, because they are being sent, their fate is unknown, or their sender stopped (was
    /// killed, say) between its claim and its record.
    pub fn claimed_daily_posts(
        &self,
        shards: &ShardRange,
        day: i64,
    ) -> Result<Vec<DailyClaim>, StoreError> {
        on_backend!(self, claimed_daily_posts(shards, day))
    }

    /// Takes over day `day`'s post claimed as `claim` says, renewing its claim to `now` (or a second
    /// past the old claim, so that the claim always changes): `true` if this caller holds it now,
    /// `false` if the claim changed meanwhile (another caller took it over, or its post was
    /// recorded), so each claim is taken over by one caller.
    pub fn take_over_daily_post(
        &self,
        claim: &DailyClaim,
        day: i64,
        now: i64,
    ) -> Result<bool, StoreError> {
        on_backend!(self, take_over_daily_post(claim, day, now))
    }

    /// Records that a claimed post went out.
    pub fn daily_post_sent(&self, channel: &str, day: i64, now: i64) -> Result<(), StoreError> {
        on_backend!(self, set_post_state(channel, day, "sent", now))
    }

    /// Records that Discord refused a claimed post (so it was certainly not posted and may be tried again).
    pub fn daily_post_failed(&self, channel: &str, day: i64, now: i64) -> Result<(), StoreError> {
        on_backend!(self, set_post_state(channel, day, "failed", now))
    }

    /// The state of day `day`'s post in `channel` (`claimed`, `sent`, `failed`) and its tries, if any.
    pub fn daily_post_state(
        &self,
        channel: &str,
        day: i64,
    ) -> Result<Option<(String, i64)>, StoreError> {
        on_backend!(self, daily_post_state(channel, day))
    }
}

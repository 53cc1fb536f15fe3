//! The daily post: each server's channel and UTC time, and the posts due.
//!
//! A post is due in a channel once a day, at or after its time. It is claimed in the store (one row per
//! channel and day) before it is handed out, so it is never made twice, even across restarts; a post
//! missed while the bot was down is made when it comes back, the same UTC day only. When sending fails,
//! the front end says how ([`Delivery`]): a post Discord refused was certainly not made and is tried
//! again on later rounds the same day (up to [`crate::store::POST_TRIES`] tries in all); a post whose
//! fate is unknown (the connection broke) stays claimed and is not tried again by this process, since
//! it may have been made: the next process looks for it, as below.
//!
//! A process killed between a claim and its record leaves the post `claimed`, made or not. The next
//! process that holds the server's shard takes the claim over on its first round that day (any
//! claim it did not make itself, however old), and hands the post out marked with when it was claimed
//! ([`DuePost::left_claimed_at`]): the front end first looks for it in the channel (the bot's own
//! message since the claim, recognised by [`DuePost::is_made_as`]) and sends it only if it is not
//! there, with the day's nonce besides, so the post appears exactly once. A front end that cannot
//! look reports [`Delivery::Unknown`], and the claim waits for the next process.

use std::collections::HashSet;
use std::sync::{Mutex, PoisonError};

use crate::calendar::Day;
use crate::store::DailyChannel;

use super::Moment;
use super::text::{clock, goal_text, heading, par, parse_clock};
use crate::table::{Caller, Place, Post, Reply, Table, TableError};

/// The daily posts (channel and day) one table claimed, so that it tells the claims other processes
/// left from its own.
#[derive(Debug, Default)]
pub(crate) struct HeldClaims(Mutex<HashSet<(String, i64)>>);

impl HeldClaims {
    /// Notes that this table claimed `channel`'s post of `day`, forgetting the posts of earlier days.
    fn hold(&self, channel: &str, day: Day) {
        let mut held = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        held.retain(|(_, d)| *d >= day.0);
        held.insert((channel.to_owned(), day.0));
    }

    /// Whether this table claimed `channel`'s post of `day`.
    fn holds(&self, channel: &str, day: Day) -> bool {
        let held = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        held.contains(&(channel.to_owned(), day.0))
    }
}

/// A daily post to make now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DuePost {
    /// The server.
    pub guild: String,
    /// The channel.
    pub channel: String,
    /// The puzzle's day.
    pub day: Day,
    /// What to post.
    pub post: Post,
    /// When an earlier process claimed this post and stopped before recording what became of it
    /// (Unix seconds), if one did: the post may have been made since then, and must be looked for
    /// before it is sent.
    pub left_claimed_at: Option<i64>,
}

impl DuePost {
    /// Whether a message of the bot's with `content` is this post: it begins with the post's first
    /// line, the day's heading, which no other post of the bot's in a channel has.
    pub fn is_made_as(&self, content: &str) -> bool {
        let heading = self.post.text.lines().next().unwrap_or_default();
        content.lines().next() == Some(heading)
    }
}

/// What became of a due post.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Delivery {
    /// It was posted.
    Sent,
    /// Discord refused it: it was not posted (it may be tried again today).
    Refused,
    /// Unknown whether it was posted: this process does not try it again (the next one looks for it).
    Unknown,
}

impl Table {
    pub(super) fn daily_setup(
        &self,
        place: &Place,
        caller: &Caller,
        channel: Option<String>,
        time: &str,
        manages_server: bool,
        at: Moment,
    ) -> Result<Reply, TableError> {
        let Some(guild) = &place.guild else {
            return Err(TableError::Puzzle(
                "The daily post is set up per server; run this in a server.".to_owned(),
            ));
        };
        if !manages_server {
            return Err(TableError::NotAllowed(
                "Only members with the Manage Server permission may set up the daily post."
                    .to_owned(),
            ));
        }
        if time.trim().eq_ignore_ascii_case("off") {
            let text = if self.store.clear_daily_channel(guild)? {
                "The daily puzzle is no longer posted on this server."
            } else {
                "The daily puzzle was not being posted on this server; nothing changed."
            };
            return Ok(Reply::public(Post::text(text)));
        }
        let minute = parse_clock(time).map_err(|why| {
            TableError::Puzzle(format!("{why} Or write `off` to stop the daily post."))
        })?;
        let channel = channel.unwrap_or_else(|| place.channel.clone());
        let setting = DailyChannel {
            guild: guild.clone(),
            channel: channel.clone(),
            post_minute: minute,
        };
        self.store
            .set_daily_channel(&setting, &caller.user_id, at.now)?;
        let mut text = format!(
            "The daily puzzle will be posted in <#{channel}> every day at {} UTC.",
            clock(minute)
        );
        let passed = (at.now.rem_euclid(86_400) / 60) as u32 >= minute;
        if passed && self.store.daily_post_state(&channel, at.today.0)?.is_none() {
            text.push_str(" Today's time has passed, so today's puzzle follows shortly.");
        }
        Ok(Reply::public(Post::text(text)))
    }

    /// The daily posts due at `now` (Unix seconds) on the servers this table sweeps
    /// ([`Table::sweeping_shards`]), each claimed in the store before it is returned: the
    /// caller must send them and report with [`Table::daily_post_delivered`]. May derive the day's
    /// puzzle (about a second, once per day): call it off the async threads.
    pub fn daily_posts_due(&self, now: i64) -> Result<Vec<DuePost>, TableError> {
        let at = Moment::new(now);
        let minute = (now.rem_euclid(86_400) / 60) as u32;
        let settings: Vec<DailyChannel> = self
            .store
            .daily_channels(&self.shards)?
            .into_iter()
            .filter(|s| s.post_minute <= minute)
            .collect();
        if settings.is_empty() {
            return Ok(Vec::new());
        }
        let Some(daily) = self.daily.get(at.today, at.today) else {
            return Ok(Vec::new());
        };
        let mut claimed: Vec<(String, String, Option<i64>)> = Vec::new();
        for left in self.store.claimed_daily_posts(&self.shards, at.today.0)? {
            if !self.daily_claims.holds(&left.channel, at.today)
                && self.store.take_over_daily_post(&left, at.today.0, now)?
            {
                self.daily_claims.hold(&left.channel, at.today);
                claimed.push((left.guild, left.channel, Some(left.claimed_at)));
            }
        }
        for setting in settings {
            if self
                .store
                .claim_daily_post(&setting.guild, &setting.channel, at.today.0, now)?
            {
                self.daily_claims.hold(&setting.channel, at.today);
                claimed.push((setting.guild, setting.channel, None));
            }
        }
        if claimed.is_empty() {
            return Ok(Vec::new());
        }
        let post = Post {
            text: format!(
                "{}\n{}\n{} · {}\nSolve it privately with `/puzzle play`, then show your result with \
                 `/puzzle share`. The guide opens at 00:00 UTC.",
                heading(&daily),
                daily.puzzle.title,
                par(&daily),
                goal_text(&daily.puzzle),
            ),
            image: self.daily_picture(&daily, &daily.puzzle.start, "start"),
            ..Post::default()
        };
        let due = claimed
            .into_iter()
            .map(|(guild, channel, left_claimed_at)| DuePost {
                guild,
                channel,
                day: at.today,
                post: post.clone(),
                left_claimed_at,
            })
            .collect();
        Ok(due)
    }

    /// Records what became of a due post.
    pub fn daily_post_delivered(
        &self,
        post: &DuePost,
        delivery: Delivery,
        now: i64,
    ) -> Result<(), TableError> {
        match delivery {
            Delivery::Sent => self.store.daily_post_sent(&post.channel, post.day.0, now)?,
            Delivery::Refused => self
                .store
                .daily_post_failed(&post.channel, post.day.0, now)?,
            Delivery::Unknown => {}
        }
        Ok(())
    }
}

//! The daily post: each server's channel and UTC time, and the posts due.
//!
//! A post is due in a channel once a day, at or after its time. It is claimed in the store (one row per
//! channel and day) before it is handed out, so it is never made twice, even across restarts; a post
//! missed while the bot was down is made when it comes back, the same UTC day only. When sending fails,
//! the front end says how ([`Delivery`]): a post Discord refused was certainly not made and is tried
//! again on later rounds the same day (up to [`crate::store::POST_TRIES`] tries in all); a post whose
//! fate is unknown (the connection broke) is not tried again, since it may have been made.
//!
//! A process killed between a claim and its record leaves the post `claimed`: the next process that
//! holds the server's shard sends it again if the claim is under [`RESEND_WITHIN_SECS`] old. It sends
//! it with the same nonce (`PostNonce::daily` in the Discord front end), which Discord checks against
//! the author's messages of the past few minutes and answers with the message already made, so the
//! post appears once whether or not the killed process had sent it
//! (<https://discord.com/developers/docs/resources/message#create-message>, `enforce_nonce`). An
//! older claim is left alone: past Discord's memory of the nonce, sending again could post it twice.

use crate::calendar::Day;
use crate::store::DailyChannel;

use super::Moment;
use super::text::{clock, goal_text, heading, par, parse_clock};
use crate::table::{Caller, Place, Post, Reply, Table, TableError};

/// How old a claim left by an earlier process may be for its post to be sent again: well inside the
/// "past few minutes" in which Discord recognises a nonce.
pub const RESEND_WITHIN_SECS: i64 = 60;

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
}

/// What became of a due post.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Delivery {
    /// It was posted.
    Sent,
    /// Discord refused it: it was not posted (it may be tried again today).
    Refused,
    /// Unknown whether it was posted: it is not tried again.
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
        let left_by_an_earlier_process = (now - RESEND_WITHIN_SECS)..self.started_at;
        let mut claimed = self.store.reclaim_daily_posts(
            &self.shards,
            at.today.0,
            left_by_an_earlier_process,
            now,
        )?;
        for setting in settings {
            if self
                .store
                .claim_daily_post(&setting.guild, &setting.channel, at.today.0, now)?
            {
                claimed.push((setting.guild, setting.channel));
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
            .map(|(guild, channel)| DuePost {
                guild,
                channel,
                day: at.today,
                post: post.clone(),
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

//! People playing Yardmaster through the fake Discord, timed: they open games, pick each move
//! through autocomplete as a person would, and play many channels at once; the spread of the
//! timings is printed. Shared by the benches that measure the bot through the fake.

use std::sync::Arc;
use std::time::Duration;

use serde_json::json;

use crate::fake_discord::{FakeDiscord, FakeUser, Sent};

/// How long one answer may take before the bench gives up.
const WAIT: Duration = Duration::from_secs(60);

/// What every PNG file starts with.
const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

/// A channel where a game is played: its guild and the two people who play there.
#[derive(Clone)]
pub struct Venue {
    pub guild: u64,
    pub channel: u64,
    pub players: [FakeUser; 2],
}

impl Venue {
    /// The player a message pings (the one to move next).
    fn pinged(&self, sent: &Sent) -> FakeUser {
        let id = sent.allowed_user_mentions[0];
        self.players
            .iter()
            .find(|p| p.id == id)
            .expect("a player")
            .clone()
    }
}

/// What one command took, from its dispatch.
pub struct Timed {
    /// Until its first response (the bot's private acknowledgement).
    pub first_response: Duration,
    /// Until its result (the follow-up that completes the acknowledgement, after the public post).
    pub result: Duration,
    /// What it showed: its public channel message, else its private answer.
    pub shown: Sent,
}

/// Runs a command as `user` in the venue and times its first response and its result.
pub async fn send(
    fake: &FakeDiscord,
    venue: &Venue,
    user: &FakeUser,
    name: &str,
    options: serde_json::Value,
) -> Timed {
    let before = fake.channel_message_count(venue.channel);
    let id = fake
        .slash(user, venue.guild, venue.channel, name, options)
        .await;
    let answer = fake.reply(id, WAIT).await;
    let acknowledged = fake.first_response(id, WAIT).await;
    let dispatched = fake.dispatched_at(id);
    let public = fake
        .channel_messages_from(venue.channel, before)
        .into_iter()
        .next();
    Timed {
        first_response: acknowledged.at - dispatched,
        result: answer.at - dispatched,
        shown: public.unwrap_or(answer),
    }
}

/// Opens and starts a two-player Yardmaster game in the venue; returns who moves first.
async fn new_game(fake: &FakeDiscord, venue: &Venue) -> FakeUser {
    let [first, second] = &venue.players;
    send(
        fake,
        venue,
        first,
        "game new",
        json!({"game": "yardmaster"}),
    )
    .await;
    send(fake, venue, second, "game join", json!({})).await;
    let started = send(fake, venue, first, "game start", json!({})).await;
    venue.pinged(&started.shown)
}

/// One move in the venue by `mover` (chosen through autocomplete, like a person would), checked to
/// be posted in the channel with the board's picture; returns its timings and who moves next (a
/// new game is opened when one ends).
pub async fn one_move(fake: &FakeDiscord, venue: &Venue, mover: &FakeUser) -> (Timed, FakeUser) {
    let asked = fake
        .autocomplete(
            mover,
            venue.guild,
            venue.channel,
            "move",
            json!({"action": ""}),
            "action",
        )
        .await;
    let notation = fake.reply(asked, WAIT).await.choices[0].1.clone();
    let moved = send(fake, venue, mover, "move", json!({ "action": notation })).await;
    assert!(!moved.shown.ephemeral, "{}", moved.shown.content);
    assert!(
        moved
            .shown
            .attachments
            .first()
            .is_some_and(|(_, png)| png.starts_with(PNG_SIGNATURE)),
        "the move's post carries the board's picture: {}",
        moved.shown.content
    );
    let next = if moved.shown.allowed_user_mentions.is_empty() {
        new_game(fake, venue).await
    } else {
        venue.pinged(&moved.shown)
    };
    (moved, next)
}

/// Opens a game in every venue; returns who moves first in each.
pub async fn open_games(fake: &FakeDiscord, venues: &[Venue]) -> Vec<FakeUser> {
    let mut movers = Vec::new();
    for venue in venues {
        movers.push(new_game(fake, venue).await);
    }
    movers
}

/// `moves` moves in every venue, one after another in each and the venues at once; updates who
/// moves next in each and returns every move's timings.
pub async fn burst(
    fake: &Arc<FakeDiscord>,
    venues: &[Venue],
    movers: &mut [FakeUser],
    moves: usize,
) -> Vec<Timed> {
    let rounds: Vec<_> = venues
        .iter()
        .zip(movers.iter().cloned())
        .map(|(venue, mut mover)| {
            let (fake, venue) = (Arc::clone(fake), venue.clone());
            tokio::spawn(async move {
                let mut timings = Vec::with_capacity(moves);
                for _ in 0..moves {
                    let (timed, next) = one_move(&fake, &venue, &mover).await;
                    timings.push(timed);
                    mover = next;
                }
                (mover, timings)
            })
        })
        .collect();
    let mut all = Vec::with_capacity(venues.len() * moves);
    for (slot, round) in movers.iter_mut().zip(rounds) {
        let (next, timings) = round.await.expect("a channel's moves");
        *slot = next;
        all.extend(timings);
    }
    all
}

/// The `q` quantile (0 < q ≤ 1) of `times` by the nearest-rank method.
fn quantile(times: &mut [Duration], q: f64) -> Duration {
    times.sort_unstable();
    let rank = (q * times.len() as f64).ceil() as usize;
    times[rank.clamp(1, times.len()) - 1]
}

/// Prints the median and 99th percentile of the first responses and results of `timings`.
pub fn print_spread(what: &str, timings: &[Timed]) {
    if timings.is_empty() {
        return;
    }
    let mut first: Vec<Duration> = timings.iter().map(|t| t.first_response).collect();
    let mut result: Vec<Duration> = timings.iter().map(|t| t.result).collect();
    println!(
        "{what} ({} commands): first response p50 {:.1?}, p99 {:.1?}; result p50 {:.1?}, p99 {:.1?}",
        timings.len(),
        quantile(&mut first, 0.5),
        quantile(&mut first, 0.99),
        quantile(&mut result, 0.5),
        quantile(&mut result, 0.99),
    );
}

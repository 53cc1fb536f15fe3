//! The bot through a fake Discord on loopback: the first interaction response after the dispatch
//! (picture included) and moves per second across 50 channels with the spread of their first
//! responses, in this process; then the real `roundhouse serve`: its memory idle and after bursts of
//! moves in 50 channels (timed too), and one channel's first responses while another is flooded.

// The harness serves the integration tests too; this benchmark drives only part of it.
#[allow(dead_code)]
#[path = "../tests/support/fake_discord.rs"]
mod fake_discord;

use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, SamplingMode, criterion_group, criterion_main};
use fake_discord::{FakeDiscord, FakeUser, Sent};
use roundhouse::discord::config::{Config, LimitsConfig, RemindersConfig};
use roundhouse::discord::{Bot, ConnectOptions};
use serde_json::json;

const GUILD: u64 = 900_000_000_000_000_001;
const WAIT: Duration = Duration::from_secs(30);
const CHANNELS: u64 = 50;
/// Moves each channel makes, one after another, in one round of the 50-channel burst.
const MOVES_PER_CHANNEL: usize = 6;
/// Commands sent at once into the flooded channel.
const FLOOD: usize = 500;
/// Bursts of moves in 50 channels that `roundhouse serve` is timed (and measured) through.
const SERVE_BURSTS: usize = 3;
/// Moves timed in the quiet channel while the flood runs.
const QUIET_MOVES: usize = 40;
/// Two people play all fifty channels at once here; a real person has a few commands in flight.
const USER_IN_FLIGHT: usize = 100;

fn players() -> [FakeUser; 2] {
    [
        FakeUser::new(1_000_000_000_000_000_001, "alice"),
        FakeUser::new(1_000_000_000_000_000_002, "bob"),
    ]
}

fn flooder() -> FakeUser {
    FakeUser::new(1_000_000_000_000_000_003, "carol")
}

fn channel_ids() -> Vec<u64> {
    (0..CHANNELS).map(|i| 920_000_000_000_000_000 + i).collect()
}

fn config(db: &std::path::Path) -> Config {
    Config {
        token: Some(FakeDiscord::TOKEN.into()),
        database: db.to_path_buf().into(),
        guild_id: Some(GUILD),
        log_level: "warn".into(),
        reminders: RemindersConfig::default(),
        // Reached as discord.com through `fake.http_client()`, serenity's rate limiter on.
        api_url: None,
        shards: None,
        limits: LimitsConfig {
            user_in_flight: USER_IN_FLIGHT,
            ..LimitsConfig::default()
        },
    }
}

/// What one command took, from its dispatch.
struct Timed {
    /// Until its first response (the bot's private acknowledgement).
    first_response: Duration,
    /// Until its result (the follow-up that completes the acknowledgement, after the public post).
    result: Duration,
    /// What it showed: its public channel message, else its private answer.
    shown: Sent,
}

/// Runs a command and times its first response and its result.
async fn send(
    fake: &FakeDiscord,
    user: &FakeUser,
    channel: u64,
    name: &str,
    options: serde_json::Value,
) -> Timed {
    let before = fake.channel_message_count(channel);
    let id = fake.slash(user, GUILD, channel, name, options).await;
    let answer = fake.reply(id, WAIT).await;
    let acknowledged = fake.first_response(id, WAIT).await;
    let dispatched = fake.dispatched_at(id);
    let public = fake
        .channel_messages_from(channel, before)
        .into_iter()
        .next();
    Timed {
        first_response: acknowledged.at - dispatched,
        result: answer.at - dispatched,
        shown: public.unwrap_or(answer),
    }
}

/// Opens and starts a two-player game; returns who moves first.
async fn new_game(fake: &FakeDiscord, channel: u64) -> FakeUser {
    let [alice, bob] = players();
    send(
        fake,
        &alice,
        channel,
        "game new",
        json!({"game": "yardmaster"}),
    )
    .await;
    send(fake, &bob, channel, "game join", json!({})).await;
    let started = send(fake, &alice, channel, "game start", json!({})).await;
    who(&started.shown)
}

fn who(sent: &Sent) -> FakeUser {
    let id = sent.allowed_user_mentions[0];
    players()
        .into_iter()
        .find(|p| p.id == id)
        .expect("a player")
}

/// One move in `channel` by `mover` (chosen through autocomplete, like a person would); returns its
/// timings and who moves next (a new game is opened when one ends).
async fn one_move(fake: &FakeDiscord, channel: u64, mover: &FakeUser) -> (Timed, FakeUser) {
    let asked = fake
        .autocomplete(
            mover,
            GUILD,
            channel,
            "move",
            json!({"action": ""}),
            "action",
        )
        .await;
    let notation = fake.reply(asked, WAIT).await.choices[0].1.clone();
    let moved = send(fake, mover, channel, "move", json!({ "action": notation })).await;
    assert!(!moved.shown.ephemeral, "{}", moved.shown.content);
    let next = if moved.shown.allowed_user_mentions.is_empty() {
        new_game(fake, channel).await
    } else {
        who(&moved.shown)
    };
    (moved, next)
}

/// Opens a game in every channel; returns who moves first in each.
async fn open_games(fake: &FakeDiscord, channels: &[u64]) -> Vec<FakeUser> {
    let mut movers = Vec::new();
    for &channel in channels {
        movers.push(new_game(fake, channel).await);
    }
    movers
}

/// [`MOVES_PER_CHANNEL`] moves in every channel, the channels at once; updates who moves next in
/// each and returns every move's timings.
async fn burst(fake: &Arc<FakeDiscord>, channels: &[u64], movers: &mut [FakeUser]) -> Vec<Timed> {
    let rounds: Vec<_> = channels
        .iter()
        .zip(movers.iter().cloned())
        .map(|(&channel, mut mover)| {
            let fake = Arc::clone(fake);
            tokio::spawn(async move {
                let mut timings = Vec::with_capacity(MOVES_PER_CHANNEL);
                for _ in 0..MOVES_PER_CHANNEL {
                    let (timed, next) = one_move(&fake, channel, &mover).await;
                    timings.push(timed);
                    mover = next;
                }
                (mover, timings)
            })
        })
        .collect();
    let mut all = Vec::with_capacity(channels.len() * MOVES_PER_CHANNEL);
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
fn print_spread(what: &str, timings: &[Timed]) {
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

fn through_fake_discord(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let dir = tempfile::tempdir().expect("temp dir");
    let fake = Arc::new(runtime.block_on(FakeDiscord::start()));
    let settings = config(&dir.path().join("bench.db"));
    let options = ConnectOptions {
        http_client: Some(fake.http_client()),
        ..ConnectOptions::default()
    };
    let bot = runtime
        .block_on(Bot::connect_with(&settings, options))
        .expect("connect");
    let shards = bot.shard_manager();
    let readiness = bot.readiness();
    let running = runtime.spawn(bot.run());
    runtime
        .block_on(async { tokio::time::timeout(WAIT, readiness.wait()).await })
        .expect("ready in time")
        .expect("the bot gets ready");

    let channels = channel_ids();
    let mut movers = runtime.block_on(open_games(&fake, &channels));

    c.bench_function("discord_first_response_to_a_move", |b| {
        b.iter_custom(|iterations| {
            runtime.block_on(async {
                let mut total = Duration::ZERO;
                for _ in 0..iterations {
                    let (timed, next) = one_move(&fake, channels[0], &movers[0]).await;
                    total += timed.first_response;
                    movers[0] = next;
                }
                total
            })
        })
    });

    let mut timings = Vec::new();
    let mut group = c.benchmark_group("discord_50_channels");
    group.throughput(criterion::Throughput::Elements(
        CHANNELS * MOVES_PER_CHANNEL as u64,
    ));
    // Every sample is one burst: linear sampling would run 55 of them per sample set.
    group.sampling_mode(SamplingMode::Flat);
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    group.bench_function("six_moves_in_each_channel_at_once", |b| {
        b.iter_custom(|iterations| {
            runtime.block_on(async {
                let began = Instant::now();
                for _ in 0..iterations {
                    timings.extend(burst(&fake, &channels, &mut movers).await);
                }
                began.elapsed()
            })
        })
    });
    group.finish();
    print_spread("moves in 50 channels at once", &timings);

    runtime.block_on(shards.shutdown_all());
    let _ = runtime.block_on(running);
}

/// Sends [`FLOOD`] commands at once into channel `flooded` (spectators asking for the board of
/// its game) and times [`QUIET_MOVES`] moves in channel `quiet` meanwhile, the first by `mover`;
/// prints the spread of both and how long each took.
async fn flood_beside_a_quiet_channel(
    fake: &Arc<FakeDiscord>,
    flooded: u64,
    quiet: u64,
    mut mover: FakeUser,
) {
    let began = Instant::now();
    let flood: Vec<_> = (0..FLOOD)
        .map(|_| {
            let fake = Arc::clone(fake);
            tokio::spawn(async move {
                let timed = send(&fake, &flooder(), flooded, "game board", json!({})).await;
                (timed, Instant::now())
            })
        })
        .collect();
    let mut quiet_timings = Vec::with_capacity(QUIET_MOVES);
    for _ in 0..QUIET_MOVES {
        let (timed, next) = one_move(fake, quiet, &mover).await;
        quiet_timings.push(timed);
        mover = next;
    }
    let quiet_took = began.elapsed();
    let mut flood_timings = Vec::with_capacity(FLOOD);
    let mut flood_took = Duration::ZERO;
    for command in flood {
        let (timed, done) = command.await.expect("a flood command");
        flood_timings.push(timed);
        flood_took = flood_took.max(done - began);
    }
    print_spread("the flood of /game board in one channel", &flood_timings);
    print_spread("moves in another channel during the flood", &quiet_timings);
    println!(
        "the flood was answered in {flood_took:.1?}, the other channel's moves took {quiet_took:.1?}"
    );
}

/// The resident memory of process `pid`, as `/proc` reports it.
fn resident_memory(pid: u32) -> String {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .unwrap_or("VmRSS: unknown")
        .trim()
        .to_owned()
}

/// Starts the real `roundhouse serve` against the fake and prints its resident memory once idle;
/// then times [`SERVE_BURSTS`] bursts of moves in 50 channels, prints its memory after them, and
/// floods one channel while timing moves in another.
fn serve_process(_c: &mut Criterion) {
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let fake = Arc::new(runtime.block_on(FakeDiscord::start()));
    // A process of its own cannot be handed an HTTP client: it reaches the fake through `api_url`,
    // the setting for a rate-limiting proxy in front of Discord, with the bot's own limiter off. Such
    // a proxy holds requests back instead of answering 429, and the bench measures the bot, not
    // Discord's limits: channel posts are not limited here (the 40 quiet moves during the flood post
    // faster than the fake's default of 50 a second per channel).
    fake.route_limit("POST /channels", u32::MAX, Duration::from_secs(1));
    let dir = tempfile::tempdir().expect("temp dir");
    let config = dir.path().join("roundhouse.toml");
    std::fs::write(
        &config,
        format!(
            "database = \"{}\"\nguild_id = {GUILD}\napi_url = \"{}\"\nlog_level = \"warn\"\n\
             [limits]\nuser_in_flight = {USER_IN_FLIGHT}\n",
            dir.path().join("serve.db").display(),
            fake.api_url()
        ),
    )
    .expect("config");
    let serve = std::process::Command::new(env!("CARGO_BIN_EXE_roundhouse"))
        .args(["serve", "--config", config.to_str().expect("path")])
        .env("DISCORD_TOKEN", FakeDiscord::TOKEN)
        .spawn()
        .map(StoppedOnDrop)
        .expect("serve starts");
    runtime.block_on(fake.wait_ready(WAIT));
    runtime.block_on(fake.wait_commands(WAIT));
    std::thread::sleep(Duration::from_secs(3));
    println!(
        "roundhouse serve, idle after connecting: {}",
        resident_memory(serve.id())
    );
    let channels = channel_ids();
    runtime.block_on(async {
        let mut movers = open_games(&fake, &channels).await;
        let began = Instant::now();
        let mut timings = Vec::new();
        for _ in 0..SERVE_BURSTS {
            timings.extend(burst(&fake, &channels, &mut movers).await);
        }
        let took = began.elapsed();
        println!(
            "roundhouse serve: {} moves in 50 channels at once in {took:.1?}: {:.0} moves/s",
            timings.len(),
            timings.len() as f64 / took.as_secs_f64()
        );
        print_spread("roundhouse serve, moves in 50 channels at once", &timings);
        println!(
            "roundhouse serve, after the bursts: {}",
            resident_memory(serve.id())
        );
        flood_beside_a_quiet_channel(&fake, channels[1], channels[2], movers[2].clone()).await;
    });
}

/// A `roundhouse serve` process that is killed when the bench ends, even by a panic.
struct StoppedOnDrop(std::process::Child);

impl StoppedOnDrop {
    fn id(&self) -> u32 {
        self.0.id()
    }
}

impl Drop for StoppedOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

criterion_group!(benches, through_fake_discord, serve_process);
criterion_main!(benches);

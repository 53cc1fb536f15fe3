//! The bot through a fake Discord on loopback: the first interaction response after the dispatch
//! (picture included), moves per second across 50 channels, and the idle memory of `roundhouse serve`.

// The harness serves the integration tests too; this benchmark drives only part of it.
#[allow(dead_code)]
#[path = "../tests/support/fake_discord.rs"]
mod fake_discord;

use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use fake_discord::{FakeDiscord, FakeUser, Sent};
use roundhouse::discord::config::{Config, LimitsConfig, RemindersConfig};
use roundhouse::discord::{Bot, ConnectOptions};
use serde_json::json;

const GUILD: u64 = 900_000_000_000_000_001;
const WAIT: Duration = Duration::from_secs(30);
const CHANNELS: u64 = 50;

fn players() -> [FakeUser; 2] {
    [
        FakeUser::new(1_000_000_000_000_000_001, "alice"),
        FakeUser::new(1_000_000_000_000_000_002, "bob"),
    ]
}

fn config(db: &std::path::Path) -> Config {
    Config {
        token: Some(FakeDiscord::TOKEN.into()),
        database: db.to_path_buf(),
        guild_id: Some(GUILD),
        log_level: "warn".into(),
        reminders: RemindersConfig::default(),
        // Reached as discord.com through `fake.http_client()`, serenity's rate limiter on.
        api_url: None,
        // Two people play all fifty channels at once here; a real person has a few commands in flight.
        limits: LimitsConfig {
            user_in_flight: 100,
            ..LimitsConfig::default()
        },
    }
}

/// Runs a command; returns the time from dispatch to its first response (the bot's private
/// acknowledgement) and what it showed: its public channel message, else its private answer.
async fn send(
    fake: &FakeDiscord,
    user: &FakeUser,
    channel: u64,
    name: &str,
    options: serde_json::Value,
) -> (Duration, Sent) {
    let before = fake.channel_messages(channel).len();
    let id = fake.slash(user, GUILD, channel, name, options).await;
    let answer = fake.reply(id, WAIT).await;
    let first_response = answer.at - fake.dispatched_at(id);
    let public = fake.channel_messages(channel).into_iter().nth(before);
    (first_response, public.unwrap_or(answer))
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
    let (_, started) = send(fake, &alice, channel, "game start", json!({})).await;
    who(&started)
}

fn who(sent: &Sent) -> FakeUser {
    let id = sent.allowed_user_mentions[0];
    players()
        .into_iter()
        .find(|p| p.id == id)
        .expect("a player")
}

/// One move in `channel` by `mover` (chosen through autocomplete, like a person would); returns the
/// time from dispatch to the first response and who moves next (a new game is opened when one ends).
async fn one_move(fake: &FakeDiscord, channel: u64, mover: &FakeUser) -> (Duration, FakeUser) {
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
    let (spent, moved) = send(fake, mover, channel, "move", json!({ "action": notation })).await;
    assert!(!moved.ephemeral, "{}", moved.content);
    let next = if moved.allowed_user_mentions.is_empty() {
        new_game(fake, channel).await
    } else {
        who(&moved)
    };
    (spent, next)
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
    let running = runtime.spawn(bot.run());
    runtime.block_on(fake.wait_ready(WAIT));
    runtime.block_on(fake.wait_commands(WAIT));

    let channels: Vec<u64> = (0..CHANNELS).map(|i| 920_000_000_000_000_000 + i).collect();
    let mut movers: Vec<FakeUser> = runtime.block_on(async {
        let mut movers = Vec::new();
        for &channel in &channels {
            movers.push(new_game(&fake, channel).await);
        }
        movers
    });

    c.bench_function("discord_first_response_to_a_move", |b| {
        b.iter_custom(|iterations| {
            runtime.block_on(async {
                let mut total = Duration::ZERO;
                for _ in 0..iterations {
                    let (spent, next) = one_move(&fake, channels[0], &movers[0]).await;
                    total += spent;
                    movers[0] = next;
                }
                total
            })
        })
    });

    let mut group = c.benchmark_group("discord_50_channels");
    group.throughput(criterion::Throughput::Elements(CHANNELS));
    group.sample_size(20);
    group.bench_function("one_move_in_each_channel_at_once", |b| {
        b.iter_custom(|iterations| {
            runtime.block_on(async {
                let began = Instant::now();
                for _ in 0..iterations {
                    let rounds: Vec<_> = channels
                        .iter()
                        .zip(movers.iter().cloned())
                        .map(|(&channel, mover)| {
                            let fake = Arc::clone(&fake);
                            tokio::spawn(async move { one_move(&fake, channel, &mover).await.1 })
                        })
                        .collect();
                    for (slot, round) in movers.iter_mut().zip(rounds) {
                        *slot = round.await.expect("a move");
                    }
                }
                began.elapsed()
            })
        })
    });
    group.finish();

    runtime.block_on(shards.shutdown_all());
    let _ = runtime.block_on(running);
}

/// Starts the real `roundhouse serve` against the fake and prints its resident memory once idle.
fn serve_idle_memory(_c: &mut Criterion) {
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let fake = runtime.block_on(FakeDiscord::start());
    let dir = tempfile::tempdir().expect("temp dir");
    let config = dir.path().join("roundhouse.toml");
    // A process of its own cannot be handed an HTTP client: it reaches the fake through `api_url`.
    std::fs::write(
        &config,
        format!(
            "database = \"{}\"\nguild_id = {GUILD}\napi_url = \"{}\"\n",
            dir.path().join("idle.db").display(),
            fake.api_url()
        ),
    )
    .expect("config");
    let mut serve = std::process::Command::new(env!("CARGO_BIN_EXE_roundhouse"))
        .args(["serve", "--config", config.to_str().expect("path")])
        .env("DISCORD_TOKEN", FakeDiscord::TOKEN)
        .spawn()
        .expect("serve starts");
    runtime.block_on(fake.wait_ready(WAIT));
    runtime.block_on(fake.wait_commands(WAIT));
    std::thread::sleep(Duration::from_secs(3));
    let status =
        std::fs::read_to_string(format!("/proc/{}/status", serve.id())).unwrap_or_default();
    let rss = status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .unwrap_or("VmRSS: unknown");
    println!("roundhouse serve, idle after connecting: {}", rss.trim());
    let _ = serve.kill();
    let _ = serve.wait();
}

criterion_group!(benches, through_fake_discord, serve_idle_memory);
criterion_main!(benches);

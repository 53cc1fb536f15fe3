//! The bot through a fake Discord on loopback: the first interaction response after the dispatch
//! (picture included) and moves per second across 50 channels with the spread of their first
//! responses, in this process; then the real `roundhouse serve`: its memory idle and after bursts of
//! moves in 50 channels (timed too), and one channel's first responses while another is flooded.

// The harness serves the integration tests too; this benchmark drives only part of it.
#[allow(dead_code)]
#[path = "../tests/support/fake_discord.rs"]
mod fake_discord;
mod support {
    pub mod fake_players;
    pub mod serve_against_fake;
}
// This bench only starts and drops the process.
#[allow(dead_code)]
#[path = "../tests/support/serve_process.rs"]
mod serve_process;

use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, SamplingMode, criterion_group, criterion_main};
use fake_discord::{FakeDiscord, FakeUser};
use roundhouse::discord::config::{Config, LimitsConfig, RemindersConfig};
use roundhouse::discord::{Bot, ConnectOptions};
use serde_json::json;
use support::fake_players::{Venue, burst, one_move, open_games, print_spread, send};
use support::serve_against_fake::{resident_memory, start_serve};

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

/// The 50 channels, all in one guild, all played by the same two people.
fn venues() -> Vec<Venue> {
    (0..CHANNELS)
        .map(|i| Venue {
            guild: GUILD,
            channel: 920_000_000_000_000_000 + i,
            players: players(),
        })
        .collect()
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
        web_addr: None,
        web_url: None,
        limits: LimitsConfig {
            user_in_flight: USER_IN_FLIGHT,
            ..LimitsConfig::default()
        },
    }
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

    let venues = venues();
    let mut movers = runtime.block_on(open_games(&fake, &venues));

    c.bench_function("discord_first_response_to_a_move", |b| {
        b.iter_custom(|iterations| {
            runtime.block_on(async {
                let mut total = Duration::ZERO;
                for _ in 0..iterations {
                    let (timed, next) = one_move(&fake, &venues[0], &movers[0]).await;
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
                    timings.extend(burst(&fake, &venues, &mut movers, MOVES_PER_CHANNEL).await);
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

/// Sends [`FLOOD`] commands at once into the `flooded` channel (spectators asking for the board
/// of its game) and times [`QUIET_MOVES`] moves in the `quiet` one meanwhile, the first by `mover`;
/// prints the spread of both and how long each took.
async fn flood_beside_a_quiet_channel(
    fake: &Arc<FakeDiscord>,
    flooded: &Venue,
    quiet: &Venue,
    mut mover: FakeUser,
) {
    let began = Instant::now();
    let flood: Vec<_> = (0..FLOOD)
        .map(|_| {
            let (fake, flooded) = (Arc::clone(fake), flooded.clone());
            tokio::spawn(async move {
                let timed = send(&fake, &flooded, &flooder(), "game board", json!({})).await;
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

/// Starts the real `roundhouse serve` against the fake and prints its resident memory once idle;
/// then times [`SERVE_BURSTS`] bursts of moves in 50 channels, prints its memory after them, and
/// floods one channel while timing moves in another.
fn serve_process(_c: &mut Criterion) {
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let fake = Arc::new(runtime.block_on(FakeDiscord::start()));
    let dir = tempfile::tempdir().expect("temp dir");
    let settings = format!(
        "database = \"{}\"\nguild_id = {GUILD}\n[limits]\nuser_in_flight = {USER_IN_FLIGHT}\n",
        dir.path().join("serve.db").display()
    );
    let serve = start_serve(&fake, dir.path(), "roundhouse", &settings);
    runtime.block_on(fake.wait_ready(WAIT));
    runtime.block_on(fake.wait_commands(WAIT));
    std::thread::sleep(Duration::from_secs(3));
    println!(
        "roundhouse serve, idle after connecting: {}",
        resident_memory(serve.id())
    );
    let venues = venues();
    runtime.block_on(async {
        let mut movers = open_games(&fake, &venues).await;
        let began = Instant::now();
        let mut timings = Vec::new();
        for _ in 0..SERVE_BURSTS {
            timings.extend(burst(&fake, &venues, &mut movers, MOVES_PER_CHANNEL).await);
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
        flood_beside_a_quiet_channel(&fake, &venues[1], &venues[2], movers[2].clone()).await;
    });
}

criterion_group!(benches, through_fake_discord, serve_process);
criterion_main!(benches);

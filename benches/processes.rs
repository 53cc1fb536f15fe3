//! Issue 16's throughput: two `roundhouse serve` processes, shards 0 and 1 of 2, over one PostgreSQL
//! database (target: ≥ 300 moves/s together), and beside it, in the same run, one process on SQLite
//! under the same load.
//!
//! Both get the same load through a fake Discord of their own: 100 channels, five in each of 20
//! guilds spread over both shards, each with a Yardmaster game of two people of its own (Yardmaster:
//! every move is one card added to the mover's train, chosen through autocomplete as a person
//! would, and posts the board's picture). Then [`MOVES_PER_CHANNEL`] moves in every channel, the
//! channels at once; each move is acknowledged and its post checked to carry the picture. Printed:
//! moves per second over the whole burst, the spread of the moves' first responses and results,
//! and where the CPU went during the burst (each `serve` process, the PostgreSQL server, this bench
//! with the fake Discord), per move.
//!
//! PostgreSQL is the server named by `ROUNDHOUSE_TEST_DATABASE_URL`, in a schema of its own, dropped
//! afterwards; without it only SQLite runs.

// The harness serves the integration tests too; this benchmark drives only part of it.
#[allow(dead_code)]
#[path = "../tests/support/fake_discord.rs"]
mod fake_discord;
mod support {
    pub mod cpu_time;
    pub mod fake_players;
    pub mod serve_against_fake;
}
// This bench only starts the processes, asks their ids and drops them.
#[allow(dead_code)]
#[path = "../tests/support/serve_process.rs"]
mod serve_process;
// The bench uses the tests' fresh-database helper, not all of it.
#[allow(dead_code, unused_macros)]
#[path = "../tests/support/test_db.rs"]
mod test_db;

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use fake_discord::{FakeDiscord, FakeUser};
use roundhouse::store::Database;
use serde_json::json;
use serve_process::ServeProcess;
use support::cpu_time;
use support::fake_players::{Venue, burst, open_games, print_spread};
use support::serve_against_fake::{resident_memory, start_serve};
use test_db::TestDb;

/// Guilds on each of the two shards.
const GUILDS_PER_SHARD: u64 = 10;
/// Channels in each guild: 100 in all.
const CHANNELS_PER_GUILD: u64 = 5;
/// Moves made in every channel, one after another, the channels at once.
const MOVES_PER_CHANNEL: usize = 12;
/// How long the processes may take to connect and register their commands.
const READY_WAIT: Duration = Duration::from_secs(120);

/// A guild id on `shard` of 2 (`(id >> 22) % 2 == shard`), the `n`-th such.
fn guild_on(shard: u64, n: u64) -> u64 {
    ((1_300_000_000_000 + 2 * n + shard) << 22) | 0x0abc
}

/// The 100 channels, in guilds of both shards in turn, each with two players of its own.
fn venues() -> Vec<Venue> {
    let mut venues = Vec::new();
    for n in 0..GUILDS_PER_SHARD {
        for shard in 0..2 {
            for _ in 0..CHANNELS_PER_GUILD {
                let i = venues.len() as u64;
                let user = |k: u64, name: &str| {
                    FakeUser::new(1_000_000_000_002_000_000 + 2 * i + k, &format!("{name}{i}"))
                };
                venues.push(Venue {
                    guild: guild_on(shard, n),
                    channel: 970_000_000_000_000_000 + i,
                    players: [user(0, "ann"), user(1, "ben")],
                });
            }
        }
    }
    venues
}

/// CPU time so far of each process, of the PostgreSQL server and of this bench.
struct CpuTimes {
    processes: Vec<Duration>,
    postgres: Duration,
    bench: Duration,
}

impl CpuTimes {
    fn now(processes: &[ServeProcess]) -> CpuTimes {
        CpuTimes {
            processes: processes
                .iter()
                .map(|p| cpu_time::of_process(p.id()))
                .collect(),
            postgres: cpu_time::of_command("postgres"),
            bench: cpu_time::of_process(std::process::id()),
        }
    }

    /// Prints the CPU time spent since `before`, per move of `moves`.
    fn print_since(&self, before: &CpuTimes, what: &str, moves: usize) {
        let per_move = |spent: Duration| spent.as_secs_f64() * 1000.0 / moves as f64;
        for (n, (now, then)) in self.processes.iter().zip(&before.processes).enumerate() {
            println!(
                "{what}, CPU of serve process {n}: {:.2} ms a move",
                per_move(*now - *then)
            );
        }
        println!(
            "{what}, CPU of every postgres process on the machine (other users' too): {:.2} ms a \
             move; of this bench (the fake Discord and its players): {:.2} ms a move",
            per_move(self.postgres.saturating_sub(before.postgres)),
            per_move(self.bench - before.bench)
        );
    }
}

/// Waits until the process of every venue's shard answers commands (it answers "starting up" until
/// it has registered its commands and marked itself ready), asking for the board of a channel of
/// each guild.
async fn wait_answering(fake: &FakeDiscord, venues: &[Venue]) {
    let deadline = Instant::now() + READY_WAIT;
    for venue in venues.iter().step_by(CHANNELS_PER_GUILD as usize) {
        loop {
            let asked = fake
                .slash(
                    &venue.players[0],
                    venue.guild,
                    venue.channel,
                    "game board",
                    json!({}),
                )
                .await;
            let answer = fake.reply(asked, READY_WAIT).await;
            if !answer.content.contains("starting up") {
                break;
            }
            assert!(Instant::now() < deadline, "the processes answer in time");
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
}

/// Starts the processes `start` makes against a fresh fake Discord that holds the venues' guilds,
/// opens a game in every channel, plays the burst, and prints the figures under `what`.
fn measure(
    runtime: &tokio::runtime::Runtime,
    what: &str,
    start: impl FnOnce(&FakeDiscord) -> Vec<ServeProcess>,
) {
    let fake = Arc::new(runtime.block_on(FakeDiscord::start()));
    let venues = venues();
    let guilds: Vec<u64> = venues.iter().map(|v| v.guild).collect();
    fake.add_guilds(&guilds);
    let processes = start(&fake);
    runtime.block_on(async {
        fake.wait_ready(READY_WAIT).await;
        fake.wait_registrations(processes.len(), READY_WAIT).await;
        wait_answering(&fake, &venues).await;
        let mut movers = open_games(&fake, &venues).await;
        let (began, cpu_before) = (Instant::now(), CpuTimes::now(&processes));
        let timings = burst(&fake, &venues, &mut movers, MOVES_PER_CHANNEL).await;
        let (took, cpu_after) = (began.elapsed(), CpuTimes::now(&processes));
        println!(
            "{what}: {} moves in {} channels at once in {took:.1?}: {:.0} moves/s",
            timings.len(),
            venues.len(),
            timings.len() as f64 / took.as_secs_f64()
        );
        print_spread(&format!("{what}, moves"), &timings);
        cpu_after.print_since(&cpu_before, what, timings.len());
    });
    for process in &processes {
        println!(
            "{what}, serve process {}: {}",
            process.id(),
            resident_memory(process.id())
        );
    }
    println!("load average after it: {}", load_average());
    drop(processes);
}

/// The machine's load averages (1, 5, 15 minutes), as `/proc/loadavg` has them.
fn load_average() -> String {
    let text = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    text.split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Two processes on one PostgreSQL database, shards 0 and 1 of 2.
fn on_postgres(fake: &FakeDiscord, dir: &Path, url: &str) -> Vec<ServeProcess> {
    (0..2)
        .map(|shard| {
            let settings = format!(
                "database = \"{url}\"\nshards = {{ total = 2, first = {shard}, last = {shard} }}\n"
            );
            start_serve(fake, dir, &format!("shard-{shard}"), &settings)
        })
        .collect()
}

/// One process on a SQLite file.
fn on_sqlite(fake: &FakeDiscord, dir: &Path) -> Vec<ServeProcess> {
    let settings = format!("database = \"{}\"\n", dir.join("roundhouse.db").display());
    vec![start_serve(fake, dir, "sqlite", &settings)]
}

fn two_processes_and_one(_c: &mut Criterion) {
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let dir = tempfile::tempdir().expect("temp dir");
    println!("load average before: {}", load_average());
    match TestDb::postgres() {
        Some(db) => {
            let Database::Postgres(url) = db.database().clone() else {
                unreachable!("TestDb::postgres is a PostgreSQL database")
            };
            measure(&runtime, "two processes on PostgreSQL", |fake| {
                on_postgres(fake, dir.path(), &url)
            });
        }
        None => println!("two processes on PostgreSQL: not run"),
    }
    measure(&runtime, "one process on SQLite", |fake| {
        on_sqlite(fake, dir.path())
    });
}

criterion_group!(benches, two_processes_and_one);
criterion_main!(benches);

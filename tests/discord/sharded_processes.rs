//! Two `roundhouse serve` processes, shards 0 and 1 of 2, over one PostgreSQL database and one fake
//! Discord, playing in 40 guilds spread over both shards; the process of shard 1 is killed with
//! SIGKILL in the middle of the load and started again. Afterwards: every acknowledged move is stored
//! once and announced once, no reminder is sent twice, and every channel gets its daily post once.
//!
//! Real processes, as production runs them (`api_url` points them at the fake's plain REST server,
//! the gateway address comes from it). Every wait is generous and polled; nothing is timed.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use roundhouse::clock::Clock;
use roundhouse::shards::ShardRange;
use roundhouse::store::{Database, Status, Store};
use roundhouse::table::{Caller, Place, Table, TableOptions};
use serde_json::{Value, json};

use crate::fake_discord::{FakeDiscord, FakeUser, Sent};
use crate::serve_process::ServeProcess;
use crate::test_db::TestDb;

const GUILDS_PER_SHARD: u64 = 20;
/// Moves acknowledged in each channel before it stops.
const MOVES: usize = 4;
/// How long one command may take to be answered before it counts as lost.
const ANSWER_WAIT: Duration = Duration::from_secs(60);
/// How long the whole run may wait for something that must come (processes ready, reminders, posts).
const LONG_WAIT: Duration = Duration::from_secs(120);
const POLL: Duration = Duration::from_millis(200);

/// A guild id on `shard` of 2 (`(id >> 22) % 2 == shard`), the `n`-th such.
fn guild_on(shard: u64, n: u64) -> u64 {
    ((1_300_000_000_000 + 2 * n + shard) << 22) | 0x0abc
}

/// One guild of the run: its channel and its two players and admin.
#[derive(Clone)]
struct Venue {
    guild: u64,
    shard: u64,
    channel: u64,
    players: [FakeUser; 2],
    admin: FakeUser,
}

impl Venue {
    fn place(&self) -> Place {
        Place {
            channel: self.channel.to_string(),
            guild: Some(self.guild.to_string()),
        }
    }
}

fn venues() -> Vec<Venue> {
    let mut venues = Vec::new();
    for n in 0..GUILDS_PER_SHARD {
        for shard in 0..2 {
            let i = venues.len() as u64;
            let user =
                |k: u64, name: &str| FakeUser::new(1_000_000_000_001_000_000 + 3 * i + k, name);
            venues.push(Venue {
                guild: guild_on(shard, n),
                shard,
                channel: 960_000_000_000_000_000 + i,
                players: [user(0, &format!("ann{i}")), user(1, &format!("ben{i}"))],
                admin: user(2, &format!("admin{i}")).with_manage_server(),
            });
        }
    }
    venues
}

/// Starts the `serve` process of `shard` of 2 on `database`, its `run`-th start, logging into `dir`.
fn start_serve(
    fake: &FakeDiscord,
    dir: &Path,
    database: &str,
    shard: u64,
    run: usize,
) -> ServeProcess {
    let config = dir.join(format!("shard-{shard}.toml"));
    std::fs::write(
        &config,
        format!(
            "log_level = \"info\"\napi_url = \"{}\"\ndatabase = \"{database}\"\n\
             shards = {{ total = 2, first = {shard}, last = {shard} }}\n\
             [reminders]\nschedule_hours = [0.001]\ncheck_every_secs = 1\n",
            fake.api_url()
        ),
    )
    .unwrap();
    let log = |kind: &str| {
        let path: PathBuf = dir.join(format!("shard-{shard}-run-{run}.{kind}"));
        Stdio::from(std::fs::File::create(path).unwrap())
    };
    ServeProcess::start(&config, dir, log("out"), log("err"))
}

/// A table whose PostgreSQL connections are closed off the async threads when it is dropped (they
/// cannot close on them), also when a failing assertion unwinds the test.
struct ReaderTable(Option<Table>);

impl Drop for ReaderTable {
    fn drop(&mut self) {
        let table = self.0.take();
        let _ = std::thread::spawn(move || drop(table)).join();
    }
}

impl std::ops::Deref for ReaderTable {
    type Target = Table;

    fn deref(&self) -> &Table {
        self.0.as_ref().expect("the table lives until dropped")
    }
}

/// What the test knows: the database as the processes see it (read only), which shard is down, and
/// what was acknowledged.
struct Run {
    fake: FakeDiscord,
    table: ReaderTable,
    down: [AtomicBool; 2],
    acknowledged: AtomicUsize,
}

impl Run {
    /// Runs blocking `work` on the test's table off the async threads.
    async fn read<T: Send + 'static>(
        self: &Arc<Self>,
        work: impl FnOnce(&Table) -> T + Send + 'static,
    ) -> T {
        let run = Arc::clone(self);
        tokio::task::spawn_blocking(move || work(&run.table))
            .await
            .unwrap()
    }

    /// Sends a slash command in `venue` once its shard is up; the answer, or `None` if none came
    /// (the process was killed, or the interaction was lost with its session).
    async fn command(
        &self,
        venue: &Venue,
        user: &FakeUser,
        name: &str,
        options: Value,
    ) -> Option<Sent> {
        while self.down[venue.shard as usize].load(Ordering::SeqCst) {
            tokio::time::sleep(POLL).await;
        }
        let id = self
            .fake
            .slash(user, venue.guild, venue.channel, name, options)
            .await;
        self.fake.try_reply(id, ANSWER_WAIT).await
    }
}

/// Opens, fills and starts the venue's game and sets up its daily post, reading what is done from
/// the database, so a command lost to the kill is simply sent again.
async fn set_up(run: &Arc<Run>, venue: &Venue) {
    loop {
        let guild = venue.guild.to_string();
        let has_daily = run
            .read(move |t| {
                t.store()
                    .daily_channels(&ShardRange::ONE)
                    .unwrap()
                    .iter()
                    .any(|c| c.guild == guild)
            })
            .await;
        if has_daily {
            break;
        }
        run.command(
            venue,
            &venue.admin,
            "puzzle setup",
            json!({"time": "00:00"}),
        )
        .await;
        tokio::time::sleep(POLL).await;
    }
    loop {
        let channel = venue.channel.to_string();
        let game = run
            .read(move |t| t.store().open_game(&channel).unwrap())
            .await;
        let (user, name, options) = match game {
            None => (&venue.players[0], "game new", json!({"game": "yardmaster"})),
            Some(g) if g.status == Status::Lobby && g.seats.len() < 2 => {
                (&venue.players[1], "game join", json!({}))
            }
            Some(g) if g.status == Status::Lobby => (&venue.players[0], "game start", json!({})),
            Some(_) => return,
        };
        run.command(venue, user, name, options).await;
        tokio::time::sleep(POLL).await;
    }
}

/// What one channel's player did: the moves acknowledged (by whom, in notation), and how many were
/// sent without an answer.
#[derive(Debug, Default)]
struct Played {
    acknowledged: Vec<(String, String)>,
    unanswered: usize,
}

/// Plays [`MOVES`] acknowledged moves in the venue, the person to act and their move read from the
/// database before each (a face-up card where one is legal, so the channel shows it).
async fn play(run: Arc<Run>, venue: Venue) -> Played {
    set_up(&run, &venue).await;
    let mut played = Played::default();
    while played.acknowledged.len() < MOVES {
        let place = venue.place();
        let players = venue.players.clone();
        let next = run
            .read(move |t| {
                let acting = t.people_to_act(&place).unwrap();
                let who = players
                    .iter()
                    .find(|p| acting.contains(&p.id.to_string()))?
                    .clone();
                let caller = Caller::new(who.id.to_string(), who.name.clone());
                let legal = t.legal_moves(&place, &caller, "").unwrap();
                let pick = legal
                    .iter()
                    .find(|m| m.notation.starts_with("up "))
                    .or(legal.first())?;
                Some((who, pick.notation.clone()))
            })
            .await;
        let Some((who, notation)) = next else {
            panic!("the game in {} ended or waits for no one", venue.channel)
        };
        match run
            .command(&venue, &who, "move", json!({ "action": notation }))
            .await
        {
            Some(answer)
                if answer.content.starts_with("You drew")
                    || answer.content == "Posted in the channel." =>
            {
                played.acknowledged.push((who.id.to_string(), notation));
                run.acknowledged.fetch_add(1, Ordering::SeqCst);
            }
            Some(_) => tokio::time::sleep(POLL).await,
            None => played.unanswered += 1,
        }
    }
    played
}

/// Polls `missing` until it finds nothing missing, panicking with `what`, what is still missing and
/// the processes' logs in `dir` after [`LONG_WAIT`].
async fn eventually<T: std::fmt::Debug>(
    dir: &Path,
    what: &str,
    mut missing: impl FnMut() -> Vec<T>,
) {
    let deadline = tokio::time::Instant::now() + LONG_WAIT;
    loop {
        let still = missing();
        if still.is_empty() {
            return;
        }
        if tokio::time::Instant::now() >= deadline {
            panic!(
                "not within {LONG_WAIT:?}: {what}; missing {still:?}\n{}",
                logs(dir)
            );
        }
        tokio::time::sleep(POLL).await;
    }
}

/// The last lines of every process's log, for a failure's report.
fn logs(dir: &Path) -> String {
    let mut out = String::new();
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map(|entries| entries.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    files.sort();
    for file in files
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "err" || e == "out"))
    {
        let text = std::fs::read_to_string(file).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        out.push_str(&format!("--- {}\n", file.display()));
        for line in &lines[lines.len().saturating_sub(40)..] {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

fn is_announcement(message: &Sent) -> bool {
    message.content.contains(" added ")
}

/// A reminder: the mention of whom it pings, then "Reminder: …".
fn is_reminder(message: &Sent) -> bool {
    message
        .content
        .lines()
        .any(|line| line.starts_with("Reminder:"))
}

/// The heading of a daily post ("Roundhouse daily #N · …"), if the message is one.
fn daily_heading(message: &Sent) -> Option<String> {
    message
        .content
        .lines()
        .find(|line| line.starts_with("Roundhouse daily #"))
        .map(str::to_owned)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_on_two_shards_survive_a_sigkill_without_losing_or_doubling_anything() {
    let Some(db) = TestDb::postgres() else {
        return;
    };
    let Database::Postgres(url) = db.database().clone() else {
        unreachable!("TestDb::postgres is a PostgreSQL database")
    };
    let _alone = crate::discord::HEAVY_LOAD.lock().await;
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let venues = venues();
    let guilds: Vec<u64> = venues.iter().map(|v| v.guild).collect();
    fake.add_guilds(&guilds);

    let mut zero = Some(start_serve(&fake, dir.path(), &url, 0, 0));
    let mut one = Some(start_serve(&fake, dir.path(), &url, 1, 0));
    fake.wait_ready(LONG_WAIT).await;
    fake.wait_commands(LONG_WAIT).await;
    assert_eq!(fake.live_shards(), vec![0, 1]);

    let reader_url = url.clone();
    let table = tokio::task::spawn_blocking(move || {
        let store = Store::connect(&Database::Postgres(reader_url), Clock::system()).unwrap();
        let options = TableOptions {
            pictures: false,
            ..TableOptions::default()
        };
        ReaderTable(Some(Table::new(store, options)))
    })
    .await
    .unwrap();
    let run = Arc::new(Run {
        fake,
        table,
        down: [AtomicBool::new(false), AtomicBool::new(false)],
        acknowledged: AtomicUsize::new(0),
    });
    let players: Vec<_> = venues
        .iter()
        .map(|venue| tokio::spawn(play(Arc::clone(&run), venue.clone())))
        .collect();

    // Mid-load: kill shard 1's process and start it again.
    let total = venues.len() * MOVES;
    eventually(dir.path(), "a third of the moves acknowledged", || {
        let done = run.acknowledged.load(Ordering::SeqCst);
        if done >= total / 3 {
            Vec::new()
        } else {
            vec![total / 3 - done]
        }
    })
    .await;
    run.down[1].store(true, Ordering::SeqCst);
    one.take().unwrap().kill();
    one = Some(start_serve(&run.fake, dir.path(), &url, 1, 1));
    // Back once it has identified anew (the third IDENTIFY) and both shards are live.
    run.fake.wait_sessions(3, LONG_WAIT).await;
    run.down[1].store(false, Ordering::SeqCst);

    let mut played = BTreeMap::new();
    for (venue, player) in venues.iter().zip(players) {
        played.insert(venue.channel, player.await.expect("the player's task"));
    }

    // Every game now waits: its reminder comes (once), and every channel gets the day's post.
    eventually(
        dir.path(),
        "a reminder after every channel's last move",
        || {
            venues
                .iter()
                .filter(|v| {
                    let messages = run.fake.channel_messages(v.channel);
                    let last_move = messages.iter().rposition(is_announcement).unwrap_or(0);
                    !messages[last_move..].iter().any(is_reminder)
                })
                .map(|v| {
                    (
                        v.channel,
                        v.shard,
                        run.fake
                            .channel_messages(v.channel)
                            .last()
                            .map(|m| m.content.clone()),
                    )
                })
                .collect()
        },
    )
    .await;
    eventually(dir.path(), "every channel's daily post", || {
        venues
            .iter()
            .filter(|v| {
                !run.fake
                    .channel_messages(v.channel)
                    .iter()
                    .any(|m| daily_heading(m).is_some())
            })
            .map(|v| (v.channel, v.shard))
            .collect()
    })
    .await;
    // Let both processes sweep a few more rounds, in which nothing more may be sent.
    tokio::time::sleep(Duration::from_secs(4)).await;

    for venue in &venues {
        let channel = venue.channel;
        let what = &played[&channel];
        let key = channel.to_string();
        let stored: Vec<(String, String)> = run
            .read(move |t| {
                let game = t
                    .store()
                    .open_game(&key)
                    .unwrap()
                    .expect("the game is open");
                let names: Vec<Option<String>> =
                    game.seats.iter().map(|s| s.user_id.clone()).collect();
                t.store()
                    .moves(game.id)
                    .unwrap()
                    .into_iter()
                    .map(|m| (names[m.seat].clone().unwrap_or_default(), m.notation))
                    .collect()
            })
            .await;
        // Stored once: the acknowledged moves are in the log in order, and the log holds nothing
        // beyond them but moves whose answer was lost.
        let mut log = stored.iter();
        for acknowledged in &what.acknowledged {
            assert!(
                log.any(|m| m == acknowledged),
                "channel {channel}: acknowledged {acknowledged:?} stored in order: {stored:?}"
            );
        }
        assert!(
            stored.len() <= what.acknowledged.len() + what.unanswered,
            "channel {channel}: {stored:?} against {what:?}"
        );
        // Announced once: every acknowledged move is announced, and nothing more than was stored.
        let messages = run.fake.channel_messages(channel);
        let announced = messages.iter().filter(|m| is_announcement(m)).count();
        assert!(
            what.acknowledged.len() <= announced && announced <= stored.len(),
            "channel {channel}: {announced} announcements, {} acknowledged, {} stored",
            what.acknowledged.len(),
            stored.len()
        );
        // Reminders never twice: each is recorded (game, version, stage) before it is posted, so the
        // channel shows at most one per record. (A move committed by the killed process and never
        // announced is a new version: its reminder is not a double.)
        let posted = messages.iter().filter(|m| is_reminder(m)).count();
        let (records_url, key) = (url.clone(), channel.to_string());
        let recorded: i64 = tokio::task::spawn_blocking(move || {
            let mut client = postgres::Client::connect(&records_url, postgres::NoTls).unwrap();
            client
                .query_one(
                    "SELECT count(*) FROM reminders JOIN games ON games.id = reminders.game_id \
                     WHERE games.channel = $1",
                    &[&key],
                )
                .unwrap()
                .get(0)
        })
        .await
        .unwrap();
        assert!(
            posted >= 1 && posted as i64 <= recorded,
            "channel {channel}: {posted} reminders posted, {recorded} recorded: {messages:?}"
        );
        // The daily post: once per day.
        let mut days: BTreeMap<String, usize> = BTreeMap::new();
        for heading in messages.iter().filter_map(daily_heading) {
            *days.entry(heading).or_default() += 1;
        }
        assert!(
            days.values().all(|&n| n == 1),
            "channel {channel}: daily posts {days:?}"
        );
    }
    let (zero, one) = (zero.take().unwrap(), one.take().unwrap());
    tokio::task::spawn_blocking(move || {
        zero.stop();
        one.stop();
    })
    .await
    .unwrap();
}

//! `roundhouse serve`, the binary, stopped by a signal as `docker stop` (SIGTERM) or Ctrl-C (SIGINT)
//! stops it: it exits 0 with a log line, and the move committed just before is in the database file,
//! which is closed (its write-ahead log written back and emptied).
//!
//! The binary is configured as a container would be: the token and the database from the environment,
//! and a config file only for what points it at the fake Discord on loopback.

use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::Duration;

use roundhouse::discord::config::{Config, RemindersConfig};
use roundhouse::discord::{Bot, ConnectOptions};
use roundhouse::store::Store;
use serde_json::{Value, json};

use crate::discord::shown;
use crate::fake_discord::{FakeDiscord, FakeUser, Sent};

const GUILD: u64 = 900_000_000_000_000_031;
const CHANNEL: u64 = 910_000_000_000_000_031;
const WAIT: Duration = Duration::from_secs(60);
/// Only against a hang: a stop that never ends fails here instead of blocking the test run.
const EXIT_GUARD: Duration = Duration::from_secs(120);

fn alice() -> FakeUser {
    FakeUser::new(1_000_000_000_000_000_031, "alice")
}
fn bob() -> FakeUser {
    FakeUser::new(1_000_000_000_000_000_032, "bob")
}

/// Starts `roundhouse serve` against `fake`, with the database at `db` and `more` settings.
fn spawn_serve(fake: &FakeDiscord, dir: &Path, db: &Path, more: &str) -> Child {
    let config = dir.join("fake.toml");
    std::fs::write(
        &config,
        format!(
            "guild_id = {GUILD}\nlog_level = \"info\"\napi_url = \"{}\"\n{more}",
            fake.api_url()
        ),
    )
    .unwrap();
    Command::new(env!("CARGO_BIN_EXE_roundhouse"))
        .args(["serve", "--config"])
        .arg(&config)
        .current_dir(dir)
        .env("DISCORD_TOKEN", FakeDiscord::TOKEN)
        .env("ROUNDHOUSE_DB", db)
        .env_remove("RUST_LOG")
        .env_remove("ROUNDHOUSE_LOG_LEVEL")
        .env_remove("ROUNDHOUSE_GUILD_ID")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts")
}

/// How many times a command is sent while the bot says it is starting up.
const STARTUP_TRIES: usize = 600;

/// What a slash command of `user` showed: its public post in the channel, else its private answer.
/// The bot in its own process gets ready once its commands are registered; until then it answers
/// "starting up", and the command is sent again (a bounded number of times, not a timed expectation).
async fn command(fake: &FakeDiscord, user: &FakeUser, name: &str, options: Value) -> Sent {
    for _ in 0..STARTUP_TRIES {
        let before = fake.channel_message_count(CHANNEL);
        let id = fake
            .slash(user, GUILD, CHANNEL, name, options.clone())
            .await;
        let answer = fake.reply(id, WAIT).await;
        if !answer.content.contains("starting up") {
            return shown(fake, CHANNEL, before, answer);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("`serve` never got ready for `{name}`");
}

/// Opens a 2-player game, starts it and makes one move, which the channel is told of.
async fn one_move(fake: &FakeDiscord) {
    for (user, name, options) in [
        (alice(), "game new", json!({"game": "yardmaster"})),
        (bob(), "game join", json!({})),
    ] {
        let sent = command(fake, &user, name, options).await;
        assert!(!sent.ephemeral, "{name}: {}", sent.content);
    }
    let started = command(fake, &alice(), "game start", json!({})).await;
    assert_eq!(started.allowed_user_mentions.len(), 1, "{started:?}");
    let to_act = if started.allowed_user_mentions[0] == alice().id {
        alice()
    } else {
        bob()
    };
    let id = fake
        .autocomplete(
            &to_act,
            GUILD,
            CHANNEL,
            "move",
            json!({ "action": "" }),
            "action",
        )
        .await;
    let notation = fake.reply(id, WAIT).await.choices[0].1.clone();
    let moved = command(fake, &to_act, "move", json!({ "action": notation })).await;
    assert!(
        !moved.ephemeral && moved.content.contains("added"),
        "{}",
        moved.content
    );
}

/// Sends `signal` to the process and waits (off the async threads) for it to end.
async fn signal_and_wait(child: Child, signal: &str) -> Output {
    let pid = child.id().to_string();
    let sent = Command::new("kill")
        .args(["-s", signal, &pid])
        .status()
        .expect("kill runs");
    assert!(sent.success(), "the signal was delivered");
    let waiting = tokio::task::spawn_blocking(move || child.wait_with_output());
    match tokio::time::timeout(EXIT_GUARD, waiting).await {
        Ok(output) => output.unwrap().unwrap(),
        Err(_) => {
            let _ = Command::new("kill").args(["-s", "KILL", &pid]).status();
            panic!("`serve` did not stop after {signal}");
        }
    }
}

async fn a_signal_stops_serve_cleanly_after_a_committed_move(signal: &str) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("data").join("roundhouse.db");
    let fake = FakeDiscord::start().await;
    let child = spawn_serve(&fake, dir.path(), &db, "");
    fake.wait_ready(WAIT).await;
    fake.wait_commands(WAIT).await;
    one_move(&fake).await;

    let output = signal_and_wait(child, signal).await;
    let log = String::from_utf8_lossy(&output.stdout);
    let errors = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{signal} ends `serve` with exit 0; log:\n{log}\nstderr:\n{errors}"
    );
    assert!(
        log.contains(&format!("SIG{signal} received")) && log.contains("stopped cleanly"),
        "the log tells why and that it stopped:\n{log}"
    );

    let wal = db.with_file_name("roundhouse.db-wal");
    assert_eq!(
        std::fs::metadata(&wal).map_or(0, |m| m.len()),
        0,
        "the database was closed: nothing is left in its write-ahead log"
    );
    let store = Store::open(&db).unwrap();
    let game = store
        .open_game(&CHANNEL.to_string())
        .unwrap()
        .expect("the game is stored");
    assert_eq!(
        store.moves(game.id).unwrap().len(),
        1,
        "the move made just before the stop is stored"
    );
    assert!(
        fake.unexpected_requests().is_empty(),
        "{:?}",
        fake.unexpected_requests()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_stops_serve_cleanly_after_a_committed_move() {
    a_signal_stops_serve_cleanly_after_a_committed_move("TERM").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigint_stops_serve_cleanly_after_a_committed_move() {
    a_signal_stops_serve_cleanly_after_a_committed_move("INT").await;
}

/// The answer of the web site at `addr` to a GET of `/`, or `None` if nothing listens there.
async fn web_index(addr: &str) -> Option<String> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(addr).await.ok()?;
    stream
        .write_all(b"GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        .await
        .ok()?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.ok()?;
    Some(answer)
}

/// With `web_addr` set, `serve` serves the web site beside the bot, over the bot's database, and
/// stops it when it stops.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serve_serves_the_web_site_at_web_addr_and_stops_it_with_the_bot() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("web.db");
    let fake = FakeDiscord::start().await;
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let addr = format!("127.0.0.1:{port}");
    let child = spawn_serve(
        &fake,
        dir.path(),
        &db,
        &format!("web_addr = \"{addr}\"\nweb_url = \"https://games.example\"\n"),
    );
    fake.wait_ready(WAIT).await;
    let mut index = None;
    for _ in 0..STARTUP_TRIES {
        index = web_index(&addr).await;
        if index.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let index = index.expect("the web site answers at web_addr");
    assert!(
        index.starts_with("HTTP/1.1 200") && index.contains("Finished games"),
        "{index}"
    );

    let output = signal_and_wait(child, "TERM").await;
    let log = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "log:\n{log}");
    assert!(
        log.contains(&format!("the web site is on http://{addr}/"))
            && log.contains("the web site stopped")
            && log.contains("stopped cleanly"),
        "{log}"
    );
    assert!(
        web_index(&addr).await.is_none(),
        "the site stopped with the bot"
    );
}

/// A stop that comes before any shard is connected (a signal during startup) still ends the bot: there
/// are no shards to shut down yet, so the connection is dropped instead of waited for.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stop_before_the_connection_is_up_still_ends_the_bot() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let config = Config {
        token: Some(FakeDiscord::TOKEN.into()),
        database: dir.path().join("early.db").into(),
        guild_id: Some(GUILD),
        log_level: "warn".into(),
        reminders: RemindersConfig::default(),
        api_url: None,
        shards: None,
        web_addr: None,
        web_url: None,
        limits: Default::default(),
    };
    let options = ConnectOptions {
        http_client: Some(fake.http_client()),
        ..ConnectOptions::default()
    };
    let bot = Bot::connect_with(&config, options)
        .await
        .expect("the bot connects");
    let ended = tokio::time::timeout(EXIT_GUARD, bot.run_until(async {})).await;
    assert!(
        matches!(ended, Ok(Ok(()))),
        "the bot stops without an error: {ended:?}"
    );
}

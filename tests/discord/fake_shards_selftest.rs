//! Proves the fake Discord's sharding against raw clients (no serenity), as Discord documents it
//! (<https://discord.com/developers/docs/events/gateway#sharding>,
//! <https://discord.com/developers/docs/events/gateway#get-gateway-bot> and the close event codes of
//! <https://discord.com/developers/docs/topics/opcodes-and-status-codes>): IDENTIFY with
//! `[shard_id, num_shards]`, a bad pair refused with 4010 and too many guilds on one session with
//! 4011, each guild's READY entry, GUILD_CREATE and interactions on its shard only, and the
//! recommended shard count with the session start limit.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::fake_discord::{FakeDiscord, FakeUser};

const WAIT: Duration = Duration::from_secs(10);
/// A short wait, for frames that must not come.
const QUIET: Duration = Duration::from_millis(300);

type Client = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A guild id whose shard among 2 is `shard`, the `n`-th such (snowflakes of today's size).
fn guild_on(shard: u64, n: u64) -> u64 {
    ((1_300_000_000_000 + 2 * n + shard) << 22) | 0x1234
}

async fn connect(fake: &FakeDiscord) -> Client {
    let (mut ws, _) = tokio_tungstenite::connect_async(fake.gateway_url())
        .await
        .expect("the fake gateway accepts connections");
    assert_eq!(next(&mut ws).await.unwrap()["op"], 10, "HELLO first");
    ws
}

/// The next JSON frame, or the close code if the gateway closed the connection; panics if nothing
/// comes within `WAIT`.
async fn next(ws: &mut Client) -> Result<Value, u16> {
    next_within(ws, WAIT)
        .await
        .expect("a frame within the wait")
}

/// The next JSON frame or close code within `wait`; `None` if nothing came.
async fn next_within(ws: &mut Client, wait: Duration) -> Option<Result<Value, u16>> {
    loop {
        let frame = tokio::time::timeout(wait, ws.next()).await.ok()?;
        match frame {
            Some(Ok(Message::Text(text))) => return Some(Ok(serde_json::from_str(&text).unwrap())),
            Some(Ok(Message::Close(frame))) => {
                return Some(Err(frame.map_or(1005, |f| u16::from(f.code))));
            }
            Some(Ok(_)) => continue,
            Some(Err(e)) => panic!("the connection failed: {e}"),
            None => return Some(Err(1006)),
        }
    }
}

/// Sends IDENTIFY with `shard` (left out when `None`) and `intents`.
async fn identify(ws: &mut Client, shard: Option<Value>, intents: u64) {
    let mut payload = json!({"token": FakeDiscord::TOKEN, "intents": intents, "properties": {}});
    if let Some(shard) = shard {
        payload["shard"] = shard;
    }
    let frame = json!({"op": 2, "d": payload});
    ws.send(Message::Text(frame.to_string())).await.unwrap();
}

/// The guild ids of READY's guild list.
fn ready_guilds(ready: &Value) -> Vec<u64> {
    let mut ids: Vec<u64> = ready["d"]["guilds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            assert_eq!(g["unavailable"], true, "{g}");
            g["id"].as_str().unwrap().parse().unwrap()
        })
        .collect();
    ids.sort();
    ids
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shard_pair_discord_would_not_take_is_closed_with_4010() {
    let fake = FakeDiscord::start().await;
    for bad in [
        json!([2, 2]),
        json!([0, 0]),
        json!([1]),
        json!("0,1"),
        json!([-1, 2]),
    ] {
        let mut ws = connect(&fake).await;
        identify(&mut ws, Some(bad.clone()), 0).await;
        assert_eq!(next(&mut ws).await, Err(4010), "shard {bad}");
    }
    let mut ws = connect(&fake).await;
    identify(&mut ws, Some(json!([1, 2])), 0).await;
    let ready = next(&mut ws).await.unwrap();
    assert_eq!(ready["t"], "READY");
    assert_eq!(ready["d"]["shard"], json!([1, 2]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_session_holding_too_many_guilds_is_closed_with_4011_and_sharding_spreads_them() {
    let fake = FakeDiscord::start().await;
    fake.add_guilds(&[guild_on(0, 0), guild_on(0, 1), guild_on(1, 0)]);
    fake.require_sharding_above(2);
    let mut unsharded = connect(&fake).await;
    identify(&mut unsharded, None, 0).await;
    assert_eq!(
        next(&mut unsharded).await,
        Err(4011),
        "three guilds, one session"
    );
    for shard in [0, 1] {
        let mut ws = connect(&fake).await;
        identify(&mut ws, Some(json!([shard, 2])), 0).await;
        let ready = next(&mut ws).await.unwrap();
        assert_eq!(ready["t"], "READY", "shard {shard} holds at most two");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guild_events_reach_only_their_shard() {
    let fake = FakeDiscord::start().await;
    let on_zero = [guild_on(0, 0), guild_on(0, 1)];
    let on_one = [guild_on(1, 0)];
    fake.add_guilds(&[on_zero[0], on_one[0], on_zero[1]]);
    let (mut zero, mut one) = (connect(&fake).await, connect(&fake).await);
    // Shard 0 asks for the GUILDS intent, shard 1 does not.
    identify(&mut zero, Some(json!([0, 2])), 1).await;
    identify(&mut one, Some(json!([1, 2])), 0).await;
    let ready_zero = next(&mut zero).await.unwrap();
    let ready_one = next(&mut one).await.unwrap();
    assert_eq!(ready_guilds(&ready_zero), on_zero.to_vec());
    assert_eq!(ready_guilds(&ready_one), on_one.to_vec());
    let mut created = Vec::new();
    for _ in 0..on_zero.len() {
        let frame = next(&mut zero).await.unwrap();
        assert_eq!(frame["t"], "GUILD_CREATE", "{frame}");
        created.push(frame["d"]["id"].as_str().unwrap().parse::<u64>().unwrap());
    }
    created.sort();
    assert_eq!(created, on_zero.to_vec());
    assert!(
        next_within(&mut one, QUIET).await.is_none(),
        "no GUILD_CREATE without the GUILDS intent"
    );
    fake.wait_ready(WAIT).await;
    assert_eq!(fake.live_shards(), vec![0, 1]);

    // An interaction goes to the shard of its guild, and to no other.
    register_a_command(&fake).await;
    let user = FakeUser::new(1_000_000_000_000_000_001, "alice");
    for (guild, expected) in [(on_one[0], 1), (on_zero[1], 0)] {
        assert_eq!(fake.shard_of(Some(guild)), expected);
        let id = fake.slash(&user, guild, 77, "ping", json!({})).await;
        let (to, other) = if expected == 0 {
            (&mut zero, &mut one)
        } else {
            (&mut one, &mut zero)
        };
        let frame = next(to).await.unwrap();
        assert_eq!(frame["t"], "INTERACTION_CREATE");
        assert_eq!(frame["d"]["id"], id.to_string());
        assert_eq!(frame["d"]["guild_id"], guild.to_string());
        assert!(next_within(other, QUIET).await.is_none(), "guild {guild}");
    }
    assert_eq!(fake.shard_of(None), 0, "direct messages go to shard 0");
    assert!(
        fake.unexpected_requests().is_empty(),
        "{:?}",
        fake.unexpected_requests()
    );
}

/// Registers a global `/ping` through the fake's REST API, as the bot would.
async fn register_a_command(fake: &FakeDiscord) {
    let commands = json!([{"name": "ping", "description": "Ping", "type": 1}]);
    let response = fake
        .http_client()
        .put(format!(
            "https://discord.com/api/v10/applications/{}/commands",
            FakeDiscord::APP_ID
        ))
        .header("authorization", format!("Bot {}", FakeDiscord::TOKEN))
        .header("content-type", "application/json")
        .body(commands.to_string())
        .send()
        .await
        .expect("the fake answers");
    assert_eq!(response.status().as_u16(), 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn get_gateway_bot_recommends_the_shard_count_and_counts_session_starts() {
    let fake = FakeDiscord::start().await;
    let gateway_bot = || async {
        let response = fake
            .http_client()
            .get("https://discord.com/api/v10/gateway/bot")
            .header("authorization", format!("Bot {}", FakeDiscord::TOKEN))
            .send()
            .await
            .expect("the fake answers");
        assert_eq!(response.status().as_u16(), 200);
        serde_json::from_str::<Value>(&response.text().await.unwrap()).unwrap()
    };
    let first = gateway_bot().await;
    assert_eq!(first["shards"], 1);
    assert_eq!(first["url"], fake.gateway_url());
    let limit = &first["session_start_limit"];
    assert_eq!(
        (limit["total"].as_u64(), limit["remaining"].as_u64()),
        (Some(1000), Some(1000))
    );
    assert_eq!(limit["max_concurrency"], 1);
    assert!(limit["reset_after"].as_u64().is_some());

    fake.recommend_shards(3);
    let mut ws = connect(&fake).await;
    identify(&mut ws, Some(json!([2, 3])), 0).await;
    assert_eq!(next(&mut ws).await.unwrap()["t"], "READY");
    let second = gateway_bot().await;
    assert_eq!(second["shards"], 3);
    assert_eq!(second["session_start_limit"]["remaining"], 999);
}

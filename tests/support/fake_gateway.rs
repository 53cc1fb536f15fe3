//! The fake Discord's gateway: a WebSocket server speaking Discord's gateway protocol (JSON text
//! frames), with one session that outlives its connections, as Discord keeps it.
//!
//! - IDENTIFY (op 2) starts a session and is answered with READY (sequence 1).
//! - Every dispatch gets the session's next sequence number and is kept for replay.
//! - [`FakeDiscord::request_reconnect`] sends Reconnect (op 7) and
//!   [`FakeDiscord::invalidate_session`] sends Invalid Session (op 9): from then on nothing more is
//!   written to that connection; dispatches wait for the bot to come back.
//! - RESUME (op 6) with the session's id and the last sequence the bot saw replays every dispatch
//!   after it, in order, then RESUMED; dispatches made meanwhile follow. A RESUME the session cannot
//!   take (unknown id, a sequence from the future) is answered with op 9 `d: false`.
//! - A session invalidated without resume, or ended by the bot closing with 1000 or 1001, is gone:
//!   events until the next READY are dropped, as Discord drops them.
//!
//! Discord's documentation of all this:
//! <https://discord.com/developers/docs/topics/gateway#resuming> ("replay any missed events in
//! order, finishing with a Resumed event"; a failed resume gets op 9 with `d: false`),
//! <https://discord.com/developers/docs/topics/gateway-events#reconnect> (op 7: "reconnect and
//! resume immediately"), <https://discord.com/developers/docs/topics/gateway-events#invalid-session>
//! (`d` says whether the session may be resumed; if not, "wait a random amount of time—between 1
//! and 5 seconds—then send a fresh Identify") and
//! <https://discord.com/developers/docs/topics/gateway#disconnecting> (closing with 1000 or 1001
//! invalidates the session).
//!
//! Sharding (<https://discord.com/developers/docs/events/gateway#sharding>): IDENTIFY carries
//! `shard: [shard_id, num_shards]` (absent means `[0, 1]`), and each shard has a session of its
//! own. "As an example, if you wanted to split the connection between three shards, you'd use the
//! following values for shard for each connection: [0, 3], [1, 3], and [2, 3]"; a guild's events go
//! to shard `(guild_id >> 22) % num_shards` only, and "DMs will only be sent to shard 0". A pair
//! Discord would not take (`num_shards` 0, `shard_id` not below it, not two integers) is closed with
//! 4010 "Invalid shard", and a session that would hold more guilds than Discord allows one
//! connection (2,500; a test may lower it) with 4011 "Sharding required": the close event codes
//! table, <https://discord.com/developers/docs/topics/opcodes-and-status-codes#gateway-gateway-close-event-codes>.
//! READY lists the shard's guilds as unavailable guilds, and, when IDENTIFY asked for the GUILDS
//! intent (`1 << 0`), each is then sent as GUILD_CREATE
//! (<https://discord.com/developers/docs/events/gateway-events#ready>, "guilds: Guilds the user is
//! in", unavailable; <https://discord.com/developers/docs/events/gateway-events#guild-create>, sent
//! "to lazy-load and backfill information for all unavailable guilds sent in the Ready event").
//!
//! READY names `resume_gateway_url`, which Discord wants resumes sent to; it is this same server,
//! since Discord also resumes sessions on the main gateway URL (only "disconnected significantly
//! faster than normal", <https://github.com/discord/discord-api-docs/pull/5301>). Serenity 0.12.5
//! resumes on the URL it identified on.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinSet;
use tokio_tungstenite::tungstenite::Message as WsMessage;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

use super::{FakeDiscord, HANDSHAKE_TIMEOUT, HEARTBEAT_INTERVAL_MS, Shared, State, bot_user};

/// The most guilds Discord lets one session hold before it requires sharding: "sharding is required
/// for all bots with 2500 or more guilds"
/// (<https://discord.com/developers/docs/events/gateway#sharding>).
pub(super) const MAX_GUILDS_PER_SESSION: usize = 2500;

/// The GUILDS intent, which asks for GUILD_CREATE
/// (<https://discord.com/developers/docs/events/gateway#list-of-intents>).
const GUILDS_INTENT: u64 = 1 << 0;

/// The shard of a guild among `num_shards`, as Discord routes its events: `(guild_id >> 22) %
/// num_shards`; `None` (a direct message) is shard 0.
pub(super) fn shard_of(guild: Option<u64>, num_shards: u64) -> u64 {
    guild.map_or(0, |id| (id >> 22) % num_shards.max(1))
}

/// Close codes with which a client ends its session for good: "your session will be invalidated"
/// (<https://discord.com/developers/docs/topics/gateway#disconnecting>).
const SESSION_ENDING_CLOSE_CODES: [u16; 2] = [1000, 1001];

/// A frame for a gateway connection to write; `written` learns when it was written.
pub(super) struct Outbound {
    text: String,
    written: Option<oneshot::Sender<Instant>>,
}

impl Outbound {
    fn frame(frame: &Value) -> Self {
        Self {
            text: frame.to_string(),
            written: None,
        }
    }
}

/// The connection a session writes to.
struct Link {
    conn: u64,
    tx: mpsc::UnboundedSender<Outbound>,
    /// Whether READY or RESUMED has been written on it (dispatches wait until then).
    live: bool,
}

/// One shard's gateway session, as Discord keeps it across connections.
pub(super) struct Session {
    id: String,
    /// The shard it is the session of.
    shard: u64,
    /// The last sequence number given out.
    seq: u64,
    /// Where dispatches go; `None` while the bot is away (told to reconnect, or its connection
    /// dropped) and the session waits for a RESUME.
    link: Option<Link>,
    /// Every dispatch after READY, by sequence number, for replay.
    sent: Vec<(u64, String)>,
    /// Dispatches not written yet, by sequence number, with whoever waits to learn when they are.
    unwritten: BTreeMap<u64, oneshot::Sender<Instant>>,
}

impl Session {
    /// Whether the session is on a connection that has got READY or RESUMED.
    pub(super) fn live(&self) -> bool {
        self.link.as_ref().is_some_and(|link| link.live)
    }

    /// Stops writing to the current connection: later dispatches wait for a RESUME.
    fn detach(&mut self) {
        self.link = None;
    }
}

/// What happened on the gateway beyond the current session.
#[derive(Default)]
pub(super) struct GatewayLog {
    /// RESUME payloads that resumed the session, in order.
    resumes: Vec<Value>,
    /// When each shard's session was invalidated for good, until that shard's next IDENTIFY.
    invalidated_at: BTreeMap<u64, Instant>,
    /// How long after each invalidation the next IDENTIFY came.
    identify_delays: Vec<Duration>,
    /// Interactions dropped because no session could receive them.
    pub(super) dropped: Vec<u64>,
}

impl FakeDiscord {
    /// Makes `GET /gateway/bot` recommend `shards` shards (1 until set).
    pub fn recommend_shards(&self, shards: u64) {
        self.shared.lock().recommended_shards = shards;
    }

    /// Adds guilds the bot is in: READY lists those of each shard, and a guild's interactions go to
    /// its shard.
    pub fn add_guilds(&self, guilds: &[u64]) {
        self.shared.lock().guilds.extend_from_slice(guilds);
    }

    /// Lowers the most guilds one session may hold (Discord's 2,500) to `guilds`, so a test can see
    /// the bot refused with 4011 without adding thousands of guilds.
    pub fn require_sharding_above(&self, guilds: usize) {
        self.shared.lock().max_guilds_per_session = Some(guilds);
    }

    /// The shard that receives `guild`'s events (shard 0 for `None`, a direct message), among the
    /// shard count the bot identified with (1 before it did).
    pub fn shard_of(&self, guild: Option<u64>) -> u64 {
        shard_of(guild, self.shared.lock().shard_total())
    }

    /// The shards with a session that is connected and has got READY or RESUMED.
    pub fn live_shards(&self) -> Vec<u64> {
        let st = self.shared.lock();
        st.shard_sessions
            .iter()
            .filter(|(_, s)| s.live())
            .map(|(&shard, _)| shard)
            .collect()
    }

    /// Sends Reconnect (op 7) on the bot's connection, as Discord does before it moves a session.
    /// Nothing more is written to that connection; dispatches wait for the bot to RESUME.
    /// Panics if no bot is connected.
    pub fn request_reconnect(&self) {
        self.send_and_detach(&json!({"op": 7, "s": null, "t": null, "d": null}));
    }

    /// Sends Invalid Session (op 9) with `d: resumable` to shard 0. A resumable session waits for a RESUME,
    /// like after [`Self::request_reconnect`]; otherwise the session is gone and interactions until
    /// the bot's next READY are dropped (see [`Self::dropped_interactions`]). Panics if no bot is
    /// connected.
    pub fn invalidate_session(&self, resumable: bool) {
        self.send_and_detach(&json!({"op": 9, "s": null, "t": null, "d": resumable}));
        if !resumable {
            invalidate(&mut self.shared.lock(), 0);
        }
        self.shared.changed.notify_waiters();
    }

    /// Waits until the bot has resumed its session `count` times and returns the RESUME payloads
    /// (`token`, `session_id`, `seq`).
    pub async fn wait_resumes(&self, count: usize, timeout: Duration) -> Vec<Value> {
        self.wait_for(timeout, &format!("{count} resumed sessions"), |st| {
            let resumed = st.gateway.resumes.len() >= count;
            (resumed && st.shard_sessions.get(&0).is_some_and(Session::live))
                .then(|| st.gateway.resumes.clone())
        })
        .await
    }

    /// The gateway's address, as `GET /gateway` hands it out.
    pub fn gateway_url(&self) -> String {
        self.shared.gateway_url()
    }

    /// The session id READY announced for shard 0's current session.
    pub fn session_id(&self) -> Option<String> {
        self.shared
            .lock()
            .shard_sessions
            .get(&0)
            .map(|s| s.id.clone())
    }

    /// How long after each invalidation without resume the bot sent its fresh IDENTIFY.
    pub fn identify_delays(&self) -> Vec<Duration> {
        self.shared.lock().gateway.identify_delays.clone()
    }

    /// Interactions that were never dispatched because no session could receive them.
    pub fn dropped_interactions(&self) -> Vec<u64> {
        self.shared.lock().gateway.dropped.clone()
    }

    /// Sends `frame` on shard 0's connection, which then gets nothing more.
    fn send_and_detach(&self, frame: &Value) {
        let mut st = self.shared.lock();
        let Some(session) = st.shard_sessions.get_mut(&0).filter(|s| s.live()) else {
            panic!("fake Discord: no bot is connected to send {frame} to")
        };
        if let Some(link) = &session.link {
            let _ = link.tx.send(Outbound::frame(frame));
        }
        session.detach();
    }
}

/// Whether a dispatch to `shard` can be made now: to its session (connected or waiting for a
/// RESUME), or dropped because the session was invalidated.
pub(super) fn can_dispatch(st: &State, shard: u64) -> bool {
    st.shard_sessions.contains_key(&shard) || st.gateway.invalidated_at.contains_key(&shard)
}

/// Dispatches `event` in `shard`'s session: written at once if the bot is connected, kept for it
/// otherwise. Returns when it is written, or `None` if there is no session to take it.
pub(super) fn dispatch(
    st: &mut State,
    shard: u64,
    event: &str,
    payload: Value,
) -> Option<oneshot::Receiver<Instant>> {
    let session = st.shard_sessions.get_mut(&shard)?;
    session.seq += 1;
    let seq = session.seq;
    let text = json!({"op": 0, "s": seq, "t": event, "d": payload}).to_string();
    session.sent.push((seq, text.clone()));
    let (written, learn) = oneshot::channel();
    let outbound = Outbound {
        text,
        written: Some(written),
    };
    let refused = match session.link.as_ref().filter(|link| link.live) {
        Some(link) => link.tx.send(outbound).err().map(|e| e.0),
        None => Some(outbound),
    };
    if let Some(Outbound {
        written: Some(written),
        ..
    }) = refused
    {
        session.unwritten.insert(seq, written);
    }
    Some(learn)
}

/// Ends `shard`'s session for good: the bot must identify again, and events until then are lost.
fn invalidate(st: &mut State, shard: u64) {
    st.shard_sessions.remove(&shard);
    st.gateway.invalidated_at.insert(shard, Instant::now());
}

/// The shard whose session is on connection `conn`, if any.
fn shard_on(st: &State, conn: u64) -> Option<u64> {
    st.shard_sessions
        .iter()
        .find(|(_, s)| s.link.as_ref().is_some_and(|link| link.conn == conn))
        .map(|(&shard, _)| shard)
}

pub(super) async fn serve(shared: Arc<Shared>, listener: TcpListener) {
    let mut connections = JoinSet::new();
    let mut next = 0;
    loop {
        if let Ok((stream, _)) = listener.accept().await {
            next += 1;
            connections.spawn(serve_connection(Arc::clone(&shared), stream, next));
        } else {
            // Out of descriptors or similar: back off instead of spinning.
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        while connections.try_join_next().is_some() {}
    }
}

async fn serve_connection(shared: Arc<Shared>, stream: TcpStream, conn: u64) {
    let _ = stream.set_nodelay(true);
    let Ok(Ok(mut ws)) =
        tokio::time::timeout(HANDSHAKE_TIMEOUT, tokio_tungstenite::accept_async(stream)).await
    else {
        shared
            .lock()
            .unexpected("gateway: WebSocket handshake failed".into());
        return;
    };
    let hello =
        json!({"op": 10, "s": null, "t": null, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}});
    if ws.send(WsMessage::Text(hello.to_string())).await.is_err() {
        return;
    }
    let (tx, mut rx) = mpsc::unbounded_channel::<Outbound>();
    let mut close_code = None;
    loop {
        tokio::select! {
            frame = ws.next() => {
                let text = match frame {
                    Some(Ok(WsMessage::Text(text))) => text,
                    Some(Ok(WsMessage::Ping(_) | WsMessage::Pong(_) | WsMessage::Frame(_))) => continue,
                    Some(Ok(WsMessage::Binary(_))) => {
                        shared.lock().unexpected("gateway: binary frame from the bot".into());
                        continue;
                    }
                    Some(Ok(WsMessage::Close(frame))) => {
                        close_code = frame.map(|f| u16::from(f.code));
                        break;
                    }
                    Some(Err(_)) | None => break,
                };
                let answer = handle_frame(&shared, conn, &tx, &text);
                if !write_answer(&shared, conn, &mut ws, answer).await {
                    break;
                }
            }
            Some(outbound) = rx.recv() => {
                if !write(&mut ws, outbound).await {
                    break;
                }
            }
        }
    }
    connection_ended(&shared, conn, close_code);
}

type Socket = tokio_tungstenite::WebSocketStream<TcpStream>;

/// Writes one frame and tells whoever waits for it the moment the write began (the bot may answer
/// before the write returns, so a later moment could come after the answer); `false` if the
/// connection is gone.
async fn write(ws: &mut Socket, outbound: Outbound) -> bool {
    let began = Instant::now();
    if ws.send(WsMessage::Text(outbound.text)).await.is_err() {
        return false;
    }
    if let Some(written) = outbound.written {
        let _ = written.send(began);
    }
    true
}

/// Writes the answer to a frame; `false` if the connection is to end.
async fn write_answer(shared: &Shared, conn: u64, ws: &mut Socket, answer: Answer) -> bool {
    match answer {
        Answer::Nothing => true,
        Answer::Frame(frame) => write(ws, Outbound::frame(&frame)).await,
        Answer::Session(frames) => {
            for frame in frames {
                if !write(ws, frame).await {
                    return false;
                }
            }
            session_live(shared, conn);
            true
        }
        Answer::Close(code, reason) => {
            let frame = CloseFrame {
                code: CloseCode::from(code),
                reason: reason.into(),
            };
            let _ = ws.close(Some(frame)).await;
            false
        }
    }
}

/// A connection ended: its session waits for a RESUME, or ends if the bot closed it for good.
fn connection_ended(shared: &Shared, conn: u64, close_code: Option<u16>) {
    let mut st = shared.lock();
    if let Some(shard) = shard_on(&st, conn) {
        if close_code.is_some_and(|code| SESSION_ENDING_CLOSE_CODES.contains(&code)) {
            st.shard_sessions.remove(&shard);
        } else if let Some(session) = st.shard_sessions.get_mut(&shard) {
            session.detach();
        }
    }
    drop(st);
    shared.changed.notify_waiters();
}

/// How the gateway answers a frame from the bot.
enum Answer {
    Nothing,
    Frame(Value),
    /// Frames ending in READY or RESUMED, after which the session is live on this connection.
    Session(Vec<Outbound>),
    /// Close the connection with this code and reason.
    Close(u16, &'static str),
}

/// Whether a token sent in IDENTIFY or RESUME is the fake's (with or without "Bot ").
fn token_ok(token: &Value) -> bool {
    let token = token.as_str().unwrap_or("");
    token.strip_prefix("Bot ").unwrap_or(token) == FakeDiscord::TOKEN
}

/// Handles one frame from the bot.
fn handle_frame(
    shared: &Shared,
    conn: u64,
    tx: &mpsc::UnboundedSender<Outbound>,
    text: &str,
) -> Answer {
    let mut st = shared.lock();
    let Ok(frame) = serde_json::from_str::<Value>(text) else {
        st.unexpected(format!("gateway: not JSON: {text}"));
        return Answer::Close(4002, "Error while decoding payload.");
    };
    let d = &frame["d"];
    let link = Link {
        conn,
        tx: tx.clone(),
        live: false,
    };
    match frame["op"].as_u64() {
        Some(1) => Answer::Frame(json!({"op": 11, "s": null, "t": null, "d": null})),
        Some(op @ (2 | 6)) if !token_ok(&d["token"]) => {
            st.unexpected(format!(
                "gateway: op {op} with the wrong token {}",
                d["token"]
            ));
            Answer::Close(4004, "Authentication failed.")
        }
        Some(2) => identify(&mut st, shared, link, d),
        Some(6) => resume(&mut st, link, d),
        // Presence updates, member and soundboard requests: nothing to answer here.
        Some(3 | 8 | 31) => Answer::Nothing,
        _ => {
            st.unexpected(format!("gateway: unexpected frame {text}"));
            Answer::Close(4001, "Unknown opcode.")
        }
    }
}

/// The `[shard_id, num_shards]` an IDENTIFY asks for (`[0, 1]` when it names none), if Discord
/// would take it: two integers, `num_shards` at least 1 and `shard_id` below it.
fn shard_pair(d: &Value) -> Option<(u64, u64)> {
    let Some(shard) = d.get("shard") else {
        return Some((0, 1));
    };
    match shard.as_array().map(Vec::as_slice) {
        Some([id, total]) => {
            let (id, total) = (id.as_u64()?, total.as_u64()?);
            (total >= 1 && id < total).then_some((id, total))
        }
        _ => None,
    }
}

/// Starts a new session for the shard IDENTIFY names on `link` and answers READY (then GUILD_CREATE
/// for each of the shard's guilds, if asked for); closes with 4010 for a shard Discord would not
/// take, or 4011 if the session would hold too many guilds.
fn identify(st: &mut State, shared: &Shared, link: Link, d: &Value) -> Answer {
    let Some((shard, total)) = shard_pair(d) else {
        return Answer::Close(4010, "Invalid shard.");
    };
    let guilds: Vec<u64> = st
        .guilds
        .iter()
        .copied()
        .filter(|&guild| shard_of(Some(guild), total) == shard)
        .collect();
    let most = st.max_guilds_per_session.unwrap_or(MAX_GUILDS_PER_SESSION);
    if guilds.len() > most {
        return Answer::Close(4011, "Sharding required.");
    }
    if let Some(at) = st.gateway.invalidated_at.remove(&shard) {
        st.gateway.identify_delays.push(at.elapsed());
    }
    st.sessions.push(d.clone());
    st.shard_total = total;
    let id = format!("fake-session-{}", link.conn);
    let unavailable: Vec<Value> = guilds
        .iter()
        .map(|g| json!({"id": g.to_string(), "unavailable": true}))
        .collect();
    let ready = json!({
        "v": 10,
        "user": bot_user(),
        "guilds": unavailable,
        "session_id": id,
        "resume_gateway_url": shared.gateway_url(),
        "shard": [shard, total],
        "application": {"id": FakeDiscord::APP_ID.to_string(), "flags": 0},
    });
    let mut frames = vec![(
        "READY",
        json!({"op": 0, "s": 1, "t": "READY", "d": ready}).to_string(),
    )];
    let wants_guilds = d["intents"]
        .as_u64()
        .is_some_and(|i| i & GUILDS_INTENT != 0);
    let mut seq = 1;
    for guild in guilds.iter().filter(|_| wants_guilds) {
        seq += 1;
        let payload = json!({
            "id": guild.to_string(),
            "name": format!("Guild {guild}"),
            "unavailable": false,
            "owner_id": "1",
            "member_count": 1,
            "channels": [],
            "threads": [],
            "members": [],
            "roles": [],
        });
        let frame = json!({"op": 0, "s": seq, "t": "GUILD_CREATE", "d": payload});
        frames.push(("GUILD_CREATE", frame.to_string()));
    }
    st.shard_sessions.insert(
        shard,
        Session {
            id,
            shard,
            seq,
            link: Some(link),
            sent: frames
                .iter()
                .skip(1)
                .enumerate()
                .map(|(i, (_, text))| (i as u64 + 2, text.clone()))
                .collect(),
            unwritten: BTreeMap::new(),
        },
    );
    let frames = frames
        .into_iter()
        .map(|(_, text)| Outbound {
            text,
            written: None,
        })
        .collect();
    Answer::Session(frames)
}

/// Resumes the session on `link`: the dispatches after the bot's last sequence, then RESUMED.
fn resume(st: &mut State, link: Link, d: &Value) -> Answer {
    let from = d["seq"].as_u64().unwrap_or(0);
    let id = d["session_id"].as_str();
    // The shard of the session named; an unknown session counts as shard 0's (the only one unless
    // the bot shards).
    let named = st
        .shard_sessions
        .values()
        .find(|s| id == Some(s.id.as_str()))
        .map(|s| s.shard);
    let shard = named.unwrap_or(0);
    let Some(session) =
        (st.shard_sessions.get_mut(&shard)).filter(|s| id == Some(s.id.as_str()) && from <= s.seq)
    else {
        if st.shard_sessions.contains_key(&shard) {
            st.unexpected(format!(
                "gateway: RESUME of a session the bot never had: {d}"
            ));
        }
        invalidate(st, shard);
        return Answer::Frame(json!({"op": 9, "s": null, "t": null, "d": false}));
    };
    let mut frames: Vec<Outbound> = session
        .sent
        .iter()
        .filter(|(seq, _)| *seq > from)
        .map(|(seq, text)| Outbound {
            text: text.clone(),
            written: session.unwritten.remove(seq),
        })
        .collect();
    session.seq += 1;
    let resumed = json!({"op": 0, "s": session.seq, "t": "RESUMED", "d": {}});
    frames.push(Outbound::frame(&resumed));
    session.link = Some(link);
    st.gateway.resumes.push(d.clone());
    Answer::Session(frames)
}

/// Marks the session live on `conn` once READY or RESUMED is written there, and writes what was
/// dispatched meanwhile.
fn session_live(shared: &Shared, conn: u64) {
    let mut st = shared.lock();
    if let Some(shard) = shard_on(&st, conn)
        && let Some(session) = st.shard_sessions.get_mut(&shard)
        && let Some(link) = session.link.as_mut()
    {
        link.live = true;
        let waiting = std::mem::take(&mut session.unwritten);
        for (seq, written) in waiting {
            let text = session
                .sent
                .iter()
                .find(|(sent, _)| *sent == seq)
                .map(|(_, text)| text.clone())
                .unwrap_or_default();
            let _ = link.tx.send(Outbound {
                text,
                written: Some(written),
            });
        }
    }
    drop(st);
    shared.changed.notify_waiters();
}

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

/// The bot's gateway session, as Discord keeps it across connections.
pub(super) struct Session {
    id: String,
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
    /// When the session was invalidated for good, until the next IDENTIFY.
    invalidated_at: Option<Instant>,
    /// How long after each invalidation the next IDENTIFY came.
    identify_delays: Vec<Duration>,
    /// Interactions dropped because no session could receive them.
    pub(super) dropped: Vec<u64>,
}

impl FakeDiscord {
    /// Sends Reconnect (op 7) on the bot's connection, as Discord does before it moves a session.
    /// Nothing more is written to that connection; dispatches wait for the bot to RESUME.
    /// Panics if no bot is connected.
    pub fn request_reconnect(&self) {
        self.send_and_detach(&json!({"op": 7, "s": null, "t": null, "d": null}));
    }

    /// Sends Invalid Session (op 9) with `d: resumable`. A resumable session waits for a RESUME,
    /// like after [`Self::request_reconnect`]; otherwise the session is gone and interactions until
    /// the bot's next READY are dropped (see [`Self::dropped_interactions`]). Panics if no bot is
    /// connected.
    pub fn invalidate_session(&self, resumable: bool) {
        self.send_and_detach(&json!({"op": 9, "s": null, "t": null, "d": resumable}));
        if !resumable {
            invalidate(&mut self.shared.lock());
        }
        self.shared.changed.notify_waiters();
    }

    /// Waits until the bot has resumed its session `count` times and returns the RESUME payloads
    /// (`token`, `session_id`, `seq`).
    pub async fn wait_resumes(&self, count: usize, timeout: Duration) -> Vec<Value> {
        self.wait_for(timeout, &format!("{count} resumed sessions"), |st| {
            let resumed = st.gateway.resumes.len() >= count;
            (resumed && st.session.as_ref().is_some_and(Session::live))
                .then(|| st.gateway.resumes.clone())
        })
        .await
    }

    /// The gateway's address, as `GET /gateway` hands it out.
    pub fn gateway_url(&self) -> String {
        self.shared.gateway_url()
    }

    /// The session id READY announced for the current session.
    pub fn session_id(&self) -> Option<String> {
        self.shared.lock().session.as_ref().map(|s| s.id.clone())
    }

    /// How long after each invalidation without resume the bot sent its fresh IDENTIFY.
    pub fn identify_delays(&self) -> Vec<Duration> {
        self.shared.lock().gateway.identify_delays.clone()
    }

    /// Interactions that were never dispatched because no session could receive them.
    pub fn dropped_interactions(&self) -> Vec<u64> {
        self.shared.lock().gateway.dropped.clone()
    }

    fn send_and_detach(&self, frame: &Value) {
        let mut st = self.shared.lock();
        let Some(session) = st.session.as_mut().filter(|s| s.live()) else {
            panic!("fake Discord: no bot is connected to send {frame} to")
        };
        if let Some(link) = &session.link {
            let _ = link.tx.send(Outbound::frame(frame));
        }
        session.detach();
    }
}

/// Whether a dispatch can be made now: to a session (connected or waiting for a RESUME), or
/// dropped because the session was invalidated.
pub(super) fn can_dispatch(st: &State) -> bool {
    st.session.is_some() || st.gateway.invalidated_at.is_some()
}

/// Dispatches `event` in the session: written at once if the bot is connected, kept for it
/// otherwise. Returns when it is written, or `None` if there is no session to take it.
pub(super) fn dispatch(
    st: &mut State,
    event: &str,
    payload: Value,
) -> Option<oneshot::Receiver<Instant>> {
    let session = st.session.as_mut()?;
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

/// Ends the session for good: the bot must identify again, and events until then are lost.
fn invalidate(st: &mut State) {
    st.session = None;
    st.gateway.invalidated_at = Some(Instant::now());
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
    let ours = st
        .session
        .as_ref()
        .and_then(|s| s.link.as_ref())
        .is_some_and(|link| link.conn == conn);
    if ours {
        if close_code.is_some_and(|code| SESSION_ENDING_CLOSE_CODES.contains(&code)) {
            st.session = None;
        } else if let Some(session) = st.session.as_mut() {
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

/// Starts a new session on `link` and answers READY.
fn identify(st: &mut State, shared: &Shared, link: Link, d: &Value) -> Answer {
    if let Some(at) = st.gateway.invalidated_at.take() {
        st.gateway.identify_delays.push(at.elapsed());
    }
    st.sessions.push(d.clone());
    let id = format!("fake-session-{}", link.conn);
    let ready = json!({
        "v": 10,
        "user": bot_user(),
        "guilds": [],
        "session_id": id,
        "resume_gateway_url": shared.gateway_url(),
        "shard": d.get("shard").cloned().unwrap_or(json!([0, 1])),
        "application": {"id": FakeDiscord::APP_ID.to_string(), "flags": 0},
    });
    st.session = Some(Session {
        id,
        seq: 1,
        link: Some(link),
        sent: Vec::new(),
        unwritten: BTreeMap::new(),
    });
    let ready = json!({"op": 0, "s": 1, "t": "READY", "d": ready});
    Answer::Session(vec![Outbound::frame(&ready)])
}

/// Resumes the session on `link`: the dispatches after the bot's last sequence, then RESUMED.
fn resume(st: &mut State, link: Link, d: &Value) -> Answer {
    let from = d["seq"].as_u64().unwrap_or(0);
    let id = d["session_id"].as_str();
    let Some(session) =
        (st.session.as_mut()).filter(|s| id == Some(s.id.as_str()) && from <= s.seq)
    else {
        if st.session.is_some() {
            st.unexpected(format!(
                "gateway: RESUME of a session the bot never had: {d}"
            ));
        }
        invalidate(st);
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
    if let Some(session) = st.session.as_mut()
        && let Some(link) = session.link.as_mut().filter(|link| link.conn == conn)
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

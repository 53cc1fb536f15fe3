//! A fake Discord on loopback, for end-to-end tests of the bot without the real Discord.
//!
//! [`FakeDiscord::start`] opens servers on `127.0.0.1` (OS-assigned ports):
//!
//! - a small HTTP/1.1 server standing in for the REST API (`/api/v10/...`), twice: over TLS as
//!   `https://discord.com`, reached with the HTTP client of [`FakeDiscord::http_client`] (given to
//!   `HttpBuilder::client`, so serenity's rate limiter is on as in production), and in plain HTTP at
//!   [`FakeDiscord::api_url`] for a bot run as a separate process with `api_url` set (a
//!   rate-limiting proxy's place, serenity's limiter off);
//! - a WebSocket gateway (JSON text frames) whose address the REST server hands out from
//!   `GET /api/v10/gateway`.
//!
//! The bot identifies, gets `READY`, registers its commands, and the test then plays users:
//! [`FakeDiscord::slash`], [`FakeDiscord::autocomplete`] and [`FakeDiscord::click`] push
//! `INTERACTION_CREATE` dispatches, and [`FakeDiscord::reply`], [`FakeDiscord::followups`],
//! [`FakeDiscord::edits`] and [`FakeDiscord::channel_messages`] show what the bot answered.
//!
//! Every request is checked against Discord's own API description ([`api`]): a route the bot is not
//! known to call is answered 404, parameters or a body its schemas refuse 400 Invalid Form Body, and
//! every answer the fake gives is checked against the response schemas too; each finding lands in
//! [`FakeDiscord::unexpected_requests`].
//!
//! Beyond the description, the fake checks a few of Discord's rules the bot has to live with, and
//! refuses like Discord would (the refusal also lands in [`FakeDiscord::unexpected_requests`]): the first response to
//! an interaction within 3 s and only once, the callback type fitting the interaction, at most
//! 2000 characters per message, at most 25 autocomplete choices with names and values of 1 to 100
//! characters, components within Discord's limits (5 action rows of at most 5, custom ids of 1 to
//! 100 characters, labels of at most 80), files within the interaction's
//! `attachment_size_limit`, and well-formed command registrations. A test can make command
//! registration fail with a server error ([`FakeDiscord::fail_registrations`]), apply Discord's rate
//! limits (see `fake_rate_limits.rs`), make other requests fail ([`FakeDiscord::fail_requests`]) and
//! de-duplicates channel messages by nonce as Discord does. It lists a channel's history as Discord
//! does ([`history`]), members' messages included ([`FakeDiscord::member_says`]). Any request it does
//! not know is answered 404 and recorded the same way, so a test can assert the bot made no
//! surprising calls.
//!
//! The gateway keeps the bot's session across connections as Discord does ([`gateway`]): a test can
//! send Reconnect ([`FakeDiscord::request_reconnect`]) or Invalid Session
//! ([`FakeDiscord::invalidate_session`]); a RESUME replays what the bot missed, and events with no
//! session to take them are dropped. Interactions can come from threads ([`threads`],
//! [`FakeDiscord::open_thread`]), which take posts as Discord's archived and locked threads do, and
//! carry each member's nickname and global name ([`FakeUser::with_nick`]).
//!
//! Every wait is bounded by the timeout given (or a few seconds), and dropping the [`FakeDiscord`]
//! aborts its servers and connections.

#[path = "fake_discord_api.rs"]
pub mod api;
#[path = "fake_rate_limits.rs"]
mod rate_limits;
#[path = "fake_tls.rs"]
mod tls;

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde_json::{Map, Value, json};
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;
use tokio::sync::Notify;
use tokio::task::{JoinHandle, JoinSet};

#[path = "fake_edits.rs"]
mod edits;
#[path = "fake_gateway.rs"]
mod gateway;
#[path = "fake_history.rs"]
mod history;
#[path = "fake_threads.rs"]
mod threads;

/// How long a dispatch waits for a bot to be connected and identified.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a kept-alive HTTP connection may idle (longer than a test should run).
const IDLE_TIMEOUT: Duration = Duration::from_secs(300);
/// How long a WebSocket handshake may take.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);
/// Discord's deadline for the first response to an interaction.
const FIRST_RESPONSE_DEADLINE: Duration = Duration::from_secs(3);
/// The `attachment_size_limit` every interaction carries (Discord's default, 10 MiB).
pub const ATTACHMENT_SIZE_LIMIT: u64 = 10 * 1024 * 1024;
/// Discord's limit on message content.
const MAX_CONTENT_CHARS: usize = 2000;
/// Discord's limit on autocomplete choices.
const MAX_CHOICES: usize = 25;
/// Discord's limits on an autocomplete choice's name and (string) value, in characters:
/// <https://discord.com/developers/docs/interactions/application-commands#application-command-object-application-command-option-choice-structure>
/// ("1-100 character choice name"; "value of the choice, up to 100 characters if string").
const CHOICE_CHARS: std::ops::RangeInclusive<usize> = 1..=100;
/// Discord's limits on message components
/// (<https://discord.com/developers/docs/components/reference>, "Action Row" and "Button"): at most 5
/// action rows per message, 5 buttons per row, a `custom_id` of 1 to 100 characters and a button
/// label of at most 80.
const MAX_ACTION_ROWS: usize = 5;
/// See [`MAX_ACTION_ROWS`].
const MAX_ROW_COMPONENTS: usize = 5;
/// See [`MAX_ACTION_ROWS`].
const CUSTOM_ID_CHARS: std::ops::RangeInclusive<usize> = 1..=100;
/// See [`MAX_ACTION_ROWS`].
const MAX_LABEL_CHARS: usize = 80;
/// Heartbeat interval announced in HELLO, in milliseconds.
const HEARTBEAT_INTERVAL_MS: u64 = 45_000;
/// Milliseconds from the Unix epoch to Discord's epoch (2015-01-01), for snowflakes.
const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;

/// Files uploaded with a request: (file name, bytes).
type Files = Vec<(String, Vec<u8>)>;

/// Permission bits used in fake members and channels.
pub mod perms {
    pub const MANAGE_CHANNELS: u64 = 1 << 4;
    pub const MANAGE_GUILD: u64 = 1 << 5;
    pub const ADD_REACTIONS: u64 = 1 << 6;
    pub const VIEW_CHANNEL: u64 = 1 << 10;
    pub const SEND_MESSAGES: u64 = 1 << 11;
    pub const EMBED_LINKS: u64 = 1 << 14;
    pub const ATTACH_FILES: u64 = 1 << 15;
    pub const READ_MESSAGE_HISTORY: u64 = 1 << 16;
    pub const USE_APPLICATION_COMMANDS: u64 = 1 << 31;
    pub const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;
    /// What an ordinary member may do in the channels of the fake guilds.
    pub const MEMBER: u64 = ADD_REACTIONS
        | VIEW_CHANNEL
        | SEND_MESSAGES
        | EMBED_LINKS
        | ATTACH_FILES
        | READ_MESSAGE_HISTORY
        | USE_APPLICATION_COMMANDS
        | SEND_MESSAGES_IN_THREADS;
    /// What the bot may do there (`app_permissions`).
    pub const BOT: u64 = MEMBER | MANAGE_CHANNELS;
}

/// A user of the fake guilds, who runs commands and clicks buttons.
#[derive(Clone, Debug)]
pub struct FakeUser {
    /// The user's snowflake.
    pub id: u64,
    /// Username.
    pub name: String,
    /// The display name the user chose for all of Discord (`user.global_name`); the username
    /// unless changed with [`Self::with_global_name`].
    pub global_name: Option<String>,
    /// The member's nickname in the guild (`member.nick`), if any.
    pub nick: Option<String>,
    /// Whether the member has Manage Channels (bit `1 << 4`) in the guild.
    pub manage_channels: bool,
    /// Whether the member has Manage Server (bit `1 << 5`) in the guild.
    pub manage_server: bool,
}

impl FakeUser {
    /// An ordinary member without Manage Channels.
    pub fn new(id: u64, name: &str) -> Self {
        Self {
            id,
            name: name.to_owned(),
            global_name: Some(name.to_owned()),
            nick: None,
            manage_channels: false,
            manage_server: false,
        }
    }

    /// The same user, with Manage Channels.
    pub fn with_manage_channels(mut self) -> Self {
        self.manage_channels = true;
        self
    }

    /// The same user, with Manage Server.
    pub fn with_manage_server(mut self) -> Self {
        self.manage_server = true;
        self
    }

    /// The same user with a guild nickname, as Discord sends it in `member.nick` of every
    /// interaction from the guild
    /// (<https://discord.com/developers/docs/resources/guild#guild-member-object>: "nick?:
    /// ?string, this user's guild nickname").
    pub fn with_nick(mut self, nick: &str) -> Self {
        self.nick = Some(nick.to_owned());
        self
    }

    /// The same user with another global display name (`None`: never set one, and Discord
    /// sends `"global_name": null`,
    /// <https://discord.com/developers/docs/resources/user#user-object>).
    pub fn with_global_name(mut self, global_name: Option<&str>) -> Self {
        self.global_name = global_name.map(str::to_owned);
        self
    }

    fn user_object(&self) -> Value {
        json!({
            "id": self.id.to_string(),
            "username": self.name,
            "global_name": self.global_name,
            "discriminator": "0",
            "avatar": null,
            "bot": false,
            "flags": 0,
            "public_flags": 0,
            "primary_guild": null,
        })
    }

    fn permissions(&self) -> u64 {
        let mut permissions = perms::MEMBER;
        if self.manage_channels {
            permissions |= perms::MANAGE_CHANNELS;
        }
        if self.manage_server {
            permissions |= perms::MANAGE_GUILD;
        }
        permissions
    }
}

/// Something the bot sent: an interaction callback, a follow-up, an edit of the original
/// response, or a channel message.
#[derive(Clone, Debug)]
pub struct Sent {
    /// The interaction callback type (4 message, 5 deferred message, 6 deferred update, 7 update
    /// message, 8 autocomplete result); `None` for webhook and channel messages.
    pub callback_type: Option<u8>,
    /// Content of the resulting message (for edits: after the edit).
    pub content: String,
    /// Whether the resulting message is ephemeral (flag 64, inherited from a deferral).
    pub ephemeral: bool,
    /// Files uploaded with this request: (file name, bytes), in `files[n]` order.
    pub attachments: Vec<(String, Vec<u8>)>,
    /// `allowed_mentions.users` of this request.
    pub allowed_user_mentions: Vec<u64>,
    /// Components of the resulting message (`Null` if none).
    pub components: Value,
    /// Every `custom_id` in [`Self::components`], depth first.
    pub custom_ids: Vec<String>,
    /// Autocomplete choices (name, value as text) of a type 8 callback.
    pub choices: Vec<(String, String)>,
    /// The request body as sent (`payload_json` for multipart requests).
    pub raw: Value,
    /// The message object Discord would show (and hands to [`FakeDiscord::click`]); `Null` for
    /// deferrals and autocomplete results.
    pub message: Value,
    /// When the fake received the request.
    pub at: Instant,
    /// Users this message notified (pinged): mentions in a new, non-ephemeral message that
    /// `allowed_mentions` lets through. Completing a deferral and editing notify nobody.
    pub notified: Vec<u64>,
}

impl Sent {
    /// Builds the record of a request whose resulting message object is `message`.
    fn new(
        callback_type: Option<u8>,
        raw: Value,
        body: &Value,
        message: Value,
        files: Files,
    ) -> Self {
        let source = if message.is_null() { body } else { &message };
        let components = source.get("components").cloned().unwrap_or(Value::Null);
        let mut custom_ids = Vec::new();
        collect_custom_ids(&components, &mut custom_ids);
        let choices = body
            .get("choices")
            .and_then(Value::as_array)
            .map(|choices| {
                choices
                    .iter()
                    .map(|choice| (text_of(&choice["name"]), text_of(&choice["value"])))
                    .collect()
            })
            .unwrap_or_default();
        let allowed_user_mentions = body
            .pointer("/allowed_mentions/users")
            .and_then(Value::as_array)
            .map(|users| users.iter().filter_map(snowflake_of).collect())
            .unwrap_or_default();
        Self {
            callback_type,
            content: text_of(&source["content"]),
            ephemeral: source["flags"].as_u64().unwrap_or(0) & 64 != 0,
            attachments: files,
            allowed_user_mentions,
            components,
            custom_ids,
            choices,
            raw,
            message,
            at: Instant::now(),
            notified: Vec::new(),
        }
    }

    /// The same record, as a new message that pings whom it mentions.
    ///
    /// A new message (`POST /channels/{id}/messages`, an interaction's type 4 response, a
    /// follow-up that does not complete a deferral) notifies the users its content mentions,
    /// limited by `allowed_mentions` (`users` lists who may be pinged, `parse: ["users"]` lets
    /// all through, and without the field every mention pings):
    /// https://discord.com/developers/docs/resources/message#allowed-mentions-object. Ephemeral
    /// messages are seen by the invoker only and ping nobody else. The completion of a deferred
    /// response is an edit of the "thinking…" message and, like every edit, pings nobody
    /// (https://github.com/discord/discord-api-docs/discussions/4140, "Deferred messages don't
    /// ping on follow up").
    fn notifying(mut self) -> Self {
        if self.ephemeral {
            return self;
        }
        let allowed = self.raw.get("allowed_mentions").or_else(|| {
            self.raw
                .get("data")
                .and_then(|data| data.get("allowed_mentions"))
        });
        let everyone_mentioned = allowed.is_none_or(|allowed| {
            allowed["parse"]
                .as_array()
                .is_some_and(|parse| parse.iter().any(|p| p == "users"))
        });
        let listed: Vec<u64> = allowed
            .and_then(|allowed| allowed["users"].as_array())
            .map(|users| users.iter().filter_map(snowflake_of).collect())
            .unwrap_or_default();
        self.notified = mentioned_users(&self.content)
            .into_iter()
            .filter(|user| everyone_mentioned || listed.contains(user))
            .collect();
        self
    }
}

/// The users `<@id>` or `<@!id>` mentions in a message's content, in order, without repeats.
fn mentioned_users(content: &str) -> Vec<u64> {
    let mut users = Vec::new();
    for piece in content.split("<@").skip(1) {
        let piece = piece.strip_prefix('!').unwrap_or(piece);
        let Some((id, _)) = piece.split_once('>') else {
            continue;
        };
        if let Ok(id) = id.parse::<u64>()
            && !users.contains(&id)
        {
            users.push(id);
        }
    }
    users
}

/// What became of an interaction (see [`FakeDiscord::answer`]).
#[derive(Clone, Debug)]
pub enum Answer {
    /// Its final response.
    Replied(Box<Sent>),
    /// Its first response came after Discord's deadline and was refused: the person saw none, and
    /// whatever the bot did meanwhile stands.
    TooLate,
}

/// Everything known about one dispatched interaction.
struct InteractionLog {
    /// Interaction type: 2 command, 3 component, 4 autocomplete.
    kind: u8,
    token: String,
    channel: u64,
    dispatched_at: Instant,
    /// The message `@original` refers to: a fresh id for commands, the clicked message for
    /// components.
    message_id: u64,
    /// The current message object behind `@original`, if any.
    current: Option<Value>,
    callback: Option<Sent>,
    reply: Option<Sent>,
    followups: Vec<Sent>,
    edits: Vec<Sent>,
    /// Whether its first response came after Discord's 3 s deadline and was refused.
    too_late: bool,
}

/// How a request fails when a test asks for it ([`FakeDiscord::fail_requests`]).
#[derive(Clone, Copy, Debug)]
pub enum Fault {
    /// Refused with this HTTP status, Discord error code and message, and not carried out (a 403
    /// "Missing Permissions" is `Refuse(403, 50013, "Missing Permissions")`:
    /// <https://discord.com/developers/docs/topics/opcodes-and-status-codes#json>).
    Refuse(u16, u64, &'static str),
    /// Carried out, then answered with `500 Internal Server Error`.
    ServerErrorAfter,
    /// Carried out, then the connection is closed without an answer.
    HangUpAfter,
}

/// Requests that fail as a test asked.
struct FaultPlan {
    /// `METHOD /path` prefix (under `/api/v10`) of the requests it applies to.
    route: String,
    fault: Fault,
    /// How many more requests fail.
    remaining: usize,
}

/// How many sessions a bot may start a day (the `session_start_limit` of `GET /gateway/bot`).
const SESSION_STARTS_PER_DAY: u64 = 1000;

/// How long Discord remembers a nonce sent with `enforce_nonce` (its documentation says "the past
/// few minutes").
const NONCE_MEMORY: Duration = Duration::from_secs(120);

#[derive(Default)]
struct State {
    ids: u64,
    /// Every REST request, one line each, for failure reports.
    log: Vec<String>,
    unexpected: Vec<String>,
    global_commands: Vec<Value>,
    guild_commands: HashMap<u64, Vec<Value>>,
    registrations: usize,
    /// How many more command registrations to answer with a server error (see
    /// [`FakeDiscord::fail_registrations`]).
    failing_registrations: usize,
    /// Command registrations answered with a server error so far.
    failed_registrations: usize,
    /// Rate limit buckets and storms (see [`FakeDiscord::rate_limit`]).
    rate_limits: rate_limits::RateLimits,
    /// Requests to fail (see [`FakeDiscord::fail_requests`]).
    faults: Vec<FaultPlan>,
    /// Every REST request's `METHOD /path`, when it came and the status of its answer.
    requests: Vec<(String, Instant, u16)>,
    /// What members said in channels (see [`FakeDiscord::member_says`]).
    member_messages: history::MemberMessages,
    /// Channel messages made with `enforce_nonce`: nonce, when, and the message.
    nonces: Vec<(String, Instant, Value)>,
    /// IDENTIFY payloads answered with READY, in order.
    sessions: Vec<Value>,
    /// The bot's gateway session of each shard (see [`gateway`]); none before the shard's first
    /// IDENTIFY and after its session ended.
    shard_sessions: BTreeMap<u64, gateway::Session>,
    /// The `num_shards` of the last IDENTIFY (0 before any: one shard).
    shard_total: u64,
    /// The shard count `GET /gateway/bot` recommends (0 until set: one).
    recommended_shards: u64,
    /// The guilds the bot is in, for READY's guild list of each shard (see
    /// [`FakeDiscord::add_guilds`]).
    guilds: Vec<u64>,
    /// The most guilds one session may hold before IDENTIFY is refused with 4011 (`None`: Discord's
    /// 2,500).
    max_guilds_per_session: Option<usize>,
    /// What happened on the gateway: resumes, invalidations, dropped dispatches.
    gateway: gateway::GatewayLog,
    interactions: HashMap<u64, InteractionLog>,
    tokens: HashMap<String, u64>,
    channels: HashMap<u64, Vec<Sent>>,
    /// Edits of the bot's channel messages, and the ones deleted (see [`edits`]).
    edits: edits::Edits,
    /// How many more slash commands' first responses to refuse as if they came too late (see
    /// [`FakeDiscord::answer_late`]).
    late_commands: usize,
    /// Channels whose interaction callbacks are refused as if they came too late.
    refused_callbacks: Vec<u64>,
    /// Threads opened by the test (see [`threads`]).
    threads: threads::Threads,
    /// Permissions the bot lacks in a channel (see [`FakeDiscord::deny_bot`]).
    bot_denied: HashMap<u64, u64>,
}

impl State {
    /// A fresh snowflake: milliseconds since Discord's epoch, then a counter.
    fn snowflake(&mut self) -> u64 {
        self.ids += 1;
        let ms = unix_ms().saturating_sub(DISCORD_EPOCH_MS);
        (ms << 22) | (self.ids & 0x3f_ffff)
    }

    fn unexpected(&mut self, what: String) {
        self.log.push(format!("  !! {what}"));
        self.unexpected.push(what);
    }

    fn report(&self) -> String {
        let mut out = String::from("REST requests seen by the fake Discord:\n");
        for line in &self.log {
            let _ = writeln!(out, "  {line}");
        }
        let _ = writeln!(out, "gateway sessions: {}", self.sessions.len());
        let mut ids: Vec<_> = self.interactions.keys().collect();
        ids.sort();
        for id in ids {
            let log = &self.interactions[id];
            let _ = writeln!(
                out,
                "interaction {id} (type {}): callback {:?}, reply {}, {} follow-ups, {} edits",
                log.kind,
                log.callback.as_ref().and_then(|c| c.callback_type),
                if log.reply.is_some() { "yes" } else { "no" },
                log.followups.len(),
                log.edits.len(),
            );
        }
        out
    }

    /// The shard count the bot identified with (1 before it did).
    fn shard_total(&self) -> u64 {
        self.shard_total.max(1)
    }

    /// Whether every shard of the count the bot identified with has a live session.
    fn every_shard_live(&self) -> bool {
        (0..self.shard_total()).all(|shard| {
            self.shard_sessions
                .get(&shard)
                .is_some_and(gateway::Session::live)
        })
    }

    /// What the bot may do in `channel`: the interaction's `app_permissions` there.
    fn bot_permissions(&self, channel: u64) -> u64 {
        perms::BOT & !self.bot_denied.get(&channel).copied().unwrap_or(0)
    }

    fn find_command(&self, guild: u64, name: &str) -> Option<Value> {
        self.guild_commands
            .get(&guild)
            .into_iter()
            .flatten()
            .chain(&self.global_commands)
            .find(|c| c["name"] == name)
            .cloned()
    }
}

struct Shared {
    state: Mutex<State>,
    changed: Notify,
    api_port: u16,
    tls_address: SocketAddr,
    tls: tls::FakeTls,
    gateway_port: u16,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        // A panic elsewhere never leaves the state half-updated; keep going.
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn gateway_url(&self) -> String {
        format!("ws://127.0.0.1:{}", self.gateway_port)
    }
}

/// A fake Discord (REST API and gateway) on loopback; stops when dropped.
pub struct FakeDiscord {
    shared: Arc<Shared>,
    tasks: Vec<JoinHandle<()>>,
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        for task in &self.tasks {
            task.abort();
        }
    }
}

impl FakeDiscord {
    /// The application's id (what READY announces and commands are registered under).
    pub const APP_ID: u64 = 1_300_000_000_000_000_001;
    /// The bot user's id.
    pub const BOT_ID: u64 = 1_300_000_000_000_000_002;
    /// A syntactically valid bot token (first part: base64 of [`Self::BOT_ID`]).
    pub const TOKEN: &str =
        "MTMwMDAwMDAwMDAwMDAwMDAwMg.GfAkEd.roundhouse-fake-discord-not-a-real-token";

    /// Starts the REST servers and the gateway on OS-assigned loopback ports.
    pub async fn start() -> Self {
        let api = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("fake Discord: bind the REST port");
        let api_tls = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("fake Discord: bind the TLS REST port");
        let gateway = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("fake Discord: bind the gateway port");
        let shared = Arc::new(Shared {
            state: Mutex::new(State::default()),
            changed: Notify::new(),
            api_port: api.local_addr().expect("fake Discord: REST address").port(),
            tls_address: api_tls
                .local_addr()
                .expect("fake Discord: TLS REST address"),
            tls: tls::FakeTls::new(),
            gateway_port: gateway
                .local_addr()
                .expect("fake Discord: gateway address")
                .port(),
        });
        let tasks = vec![
            tokio::spawn(serve_api(Arc::clone(&shared), api, None)),
            tokio::spawn(serve_api(
                Arc::clone(&shared),
                api_tls,
                Some(shared.tls.acceptor()),
            )),
            tokio::spawn(gateway::serve(Arc::clone(&shared), gateway)),
        ];
        Self { shared, tasks }
    }

    /// The REST base to give `HttpBuilder::proxy` (or `api_url` in a bot's settings):
    /// `http://127.0.0.1:PORT`.
    pub fn api_url(&self) -> String {
        format!("http://127.0.0.1:{}", self.shared.api_port)
    }

    /// An HTTP client for `HttpBuilder::client` that reaches this fake as `https://discord.com`.
    pub fn http_client(&self) -> reqwest::Client {
        self.shared.tls.client(self.shared.tls_address)
    }

    /// Waits until the bot is connected with a session on every shard (one, unless it shards):
    /// identified and got READY, or resumed and got RESUMED.
    pub async fn wait_ready(&self, timeout: Duration) {
        self.wait_for(timeout, "a bot to identify and get READY", |st| {
            st.every_shard_live().then_some(())
        })
        .await;
    }

    /// Waits until `count` gateway sessions have been identified and answered with READY
    /// (a restarted bot makes a new one), and returns their IDENTIFY payloads (`token`,
    /// `intents`, `shard`, …).
    pub async fn wait_sessions(&self, count: usize, timeout: Duration) -> Vec<Value> {
        self.wait_for(timeout, &format!("{count} gateway sessions"), |st| {
            (st.sessions.len() >= count && st.every_shard_live()).then(|| st.sessions.clone())
        })
        .await
    }

    /// Waits until the bot has registered commands (globally or in a guild) and returns every
    /// registered command, as Discord stores it (with `id`, `application_id`, `version`).
    pub async fn wait_commands(&self, timeout: Duration) -> Vec<Value> {
        self.wait_for(timeout, "the bot to register its commands", |st| {
            (st.registrations > 0).then(|| {
                let mut all = st.global_commands.clone();
                let mut guilds: Vec<_> = st.guild_commands.iter().collect();
                guilds.sort_by_key(|(guild, _)| **guild);
                all.extend(
                    guilds
                        .into_iter()
                        .flat_map(|(_, commands)| commands.clone()),
                );
                all
            })
        })
        .await
    }

    /// Answers the next `attempts` command registrations (global or guild bulk overwrites) with a
    /// `500 Internal Server Error`, as Discord's API does when it has trouble of its own
    /// (<https://discord.com/developers/docs/topics/opcodes-and-status-codes#http>: "5xx: the server
    /// had an error processing your request"); `usize::MAX` fails every one, `0` stops failing. Not
    /// recorded as unexpected: the bot is meant to try again.
    pub fn fail_registrations(&self, attempts: usize) {
        self.shared.lock().failing_registrations = attempts;
    }

    /// Waits until at least `count` command registrations were answered with a server error.
    pub async fn wait_failed_registrations(&self, count: usize, timeout: Duration) {
        let what = format!("{count} failed command registrations");
        self.wait_for(timeout, &what, |st| {
            (st.failed_registrations >= count).then_some(())
        })
        .await;
    }

    /// Waits until at least `count` command registrations succeeded (a restarted bot registers
    /// again) and returns how many did.
    pub async fn wait_registrations(&self, count: usize, timeout: Duration) -> usize {
        let what = format!("{count} successful command registrations");
        self.wait_for(timeout, &what, |st| {
            (st.registrations >= count).then_some(st.registrations)
        })
        .await
    }

    /// Answers the next `times` requests whose `METHOD /path` (path under `/api/v10`, e.g.
    /// `"POST /channels/"`) starts with `route` with `429 Too Many Requests` on their route, asking
    /// for a wait of `retry_after` (see `fake_rate_limits.rs` for the answer and the checks).
    pub fn rate_limit(&self, route: &str, times: usize, retry_after: Duration) {
        self.shared
            .lock()
            .rate_limits
            .add_storm(route, false, times, retry_after);
    }

    /// Answers the next `times` requests, on any route, with a 429 of the global rate limit, asking
    /// for a wait of `retry_after`.
    pub fn global_rate_limit(&self, times: usize, retry_after: Duration) {
        self.shared
            .lock()
            .rate_limits
            .add_storm("", true, times, retry_after);
    }

    /// Lets each bucket of the requests starting with `route` serve `limit` requests per `window`;
    /// past it, they are answered 429 until the window ends.
    pub fn route_limit(&self, route: &str, limit: u32, window: Duration) {
        self.shared
            .lock()
            .rate_limits
            .set_route_limit(route, limit, window);
    }

    /// How many 429 responses [`Self::rate_limit`] on `route` has given.
    pub fn rate_limited(&self, route: &str) -> usize {
        self.shared.lock().rate_limits.storm_served(route, false)
    }

    /// How many 429 responses [`Self::global_rate_limit`] has given.
    pub fn globally_rate_limited(&self) -> usize {
        self.shared.lock().rate_limits.storm_served("", true)
    }

    /// Makes the next `times` requests whose `METHOD /path` starts with `route` fail as `fault`
    /// says. Not recorded as unexpected: the bot is meant to cope.
    pub fn fail_requests(&self, route: &str, times: usize, fault: Fault) {
        self.shared.lock().faults.push(FaultPlan {
            route: route.to_owned(),
            fault,
            remaining: times,
        });
    }

    /// Waits until at least `count` requests whose `METHOD /path` starts with `route` were answered
    /// (or hung up on).
    pub async fn wait_requests(&self, route: &str, count: usize, timeout: Duration) {
        let what = format!("{count} requests on {route}");
        self.wait_for(timeout, &what, |st| {
            let seen = st
                .requests
                .iter()
                .filter(|(line, _, _)| line.starts_with(route));
            (seen.count() >= count).then_some(())
        })
        .await;
    }

    /// When each request whose `METHOD /path` starts with `route` came, and the status it was
    /// answered with (0 for none), in order.
    pub fn requests(&self, route: &str) -> Vec<(Instant, u16)> {
        self.shared
            .lock()
            .requests
            .iter()
            .filter(|(line, _, _)| line.starts_with(route))
            .map(|&(_, at, status)| (at, status))
            .collect()
    }

    /// Runs a slash command as `user` in `channel` of `guild` and returns the interaction id.
    ///
    /// `command` is the path of names, e.g. `"game new"` for subcommand `new` of `/game`;
    /// `options` holds the leaf options by name, e.g. `json!({"game": "yardmaster"})` (or
    /// `json!({})`). Option types come from the registered command, which must exist; unknown
    /// options, missing required ones and values outside declared choices panic, as the Discord
    /// client would not send them. User options get a minimal `resolved.users` entry.
    pub async fn slash(
        &self,
        user: &FakeUser,
        guild: u64,
        channel: u64,
        command: &str,
        options: Value,
    ) -> u64 {
        let data = self.command_data(guild, command, &options, None);
        self.dispatch_interaction(2, user, guild, channel, data, None)
            .await
    }

    /// Asks for autocomplete while `user` types `command` (as in [`Self::slash`]) with the cursor
    /// in option `focused`; its partial text is `options[focused]` (empty if absent). Returns the
    /// interaction id; [`Self::reply`] then holds the choices.
    pub async fn autocomplete(
        &self,
        user: &FakeUser,
        guild: u64,
        channel: u64,
        command: &str,
        options: Value,
        focused: &str,
    ) -> u64 {
        let data = self.command_data(guild, command, &options, Some(focused));
        self.dispatch_interaction(4, user, guild, channel, data, None)
            .await
    }

    /// Clicks the component `custom_id` on a message the bot sent (any [`Sent`] with a message)
    /// and returns the interaction id. Panics if the message has no such component.
    pub async fn click(
        &self,
        user: &FakeUser,
        guild: u64,
        channel: u64,
        message: &Sent,
        custom_id: &str,
    ) -> u64 {
        assert!(
            !message.message.is_null(),
            "fake Discord: cannot click on a {:?} response, it shows no message",
            message.callback_type
        );
        let Some(component) = find_component(&message.components, custom_id) else {
            panic!(
                "fake Discord: the message has no component `{custom_id}`; it has {:?}",
                message.custom_ids
            )
        };
        let component_type = component["type"].as_u64().unwrap_or(2);
        assert_eq!(
            component_type, 2,
            "fake Discord: `{custom_id}` is a select menu; choose from it with `choose`"
        );
        assert_enabled(component, custom_id);
        let data = json!({"custom_id": custom_id, "component_type": component_type});
        self.dispatch_interaction(3, user, guild, channel, data, Some(message.message.clone()))
            .await
    }

    /// Chooses `value` in the string select menu `custom_id` of a message the bot sent, as the
    /// Discord client does (a component interaction with `data.component_type` 3 and `values`:
    /// <https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-object-message-component-data-structure>),
    /// and returns the interaction id. Panics if the message has no such menu or the menu no such
    /// option, as the client offers no other.
    pub async fn choose(
        &self,
        user: &FakeUser,
        guild: u64,
        channel: u64,
        message: &Sent,
        custom_id: &str,
        value: &str,
    ) -> u64 {
        assert!(
            !message.message.is_null(),
            "fake Discord: cannot choose on a {:?} response, it shows no message",
            message.callback_type
        );
        let Some(menu) = find_component(&message.components, custom_id) else {
            panic!(
                "fake Discord: the message has no component `{custom_id}`; it has {:?}",
                message.custom_ids
            )
        };
        assert_eq!(
            menu["type"], 3,
            "fake Discord: `{custom_id}` is not a string select"
        );
        assert_enabled(menu, custom_id);
        let offered = menu["options"]
            .as_array()
            .is_some_and(|options| options.iter().any(|o| o["value"] == value));
        assert!(
            offered,
            "fake Discord: `{custom_id}` offers no option `{value}`: {menu}"
        );
        let data = json!({"custom_id": custom_id, "component_type": 3, "values": [value]});
        self.dispatch_interaction(3, user, guild, channel, data, Some(message.message.clone()))
            .await
    }

    /// The final visible response to an interaction: the callback message (type 4 or 7), the
    /// autocomplete result (type 8), or after a deferral (5 or 6) the edit of `@original` or —
    /// after type 5 — the first follow-up, which Discord shows in place of "thinking…".
    /// Panics with the recorded requests if none arrives within `timeout`.
    pub async fn reply(&self, interaction: u64, timeout: Duration) -> Sent {
        self.wait_for(
            timeout,
            &format!("the response to interaction {interaction}"),
            |st| {
                st.interactions
                    .get(&interaction)
                    .and_then(|log| log.reply.clone())
            },
        )
        .await
    }

    /// What became of an interaction: its final response (see [`Self::reply`]), or
    /// [`Answer::TooLate`] once its first response came after Discord's 3 s deadline and was
    /// refused (as on a machine too busy for the bot to answer in time). Panics with the recorded
    /// requests if neither happens within `timeout`.
    pub async fn answer(&self, interaction: u64, timeout: Duration) -> Answer {
        self.wait_for(
            timeout,
            &format!("the response to interaction {interaction}, or its refusal"),
            |st| {
                let log = st.interactions.get(&interaction)?;
                match &log.reply {
                    Some(reply) => Some(Answer::Replied(Box::new(reply.clone()))),
                    None => log.too_late.then_some(Answer::TooLate),
                }
            },
        )
        .await
    }

    /// [`Self::reply`], or `None` if none arrives within `timeout` (the bot was killed, or the
    /// interaction was lost with its shard's session): for tests in which that may happen.
    pub async fn try_reply(&self, interaction: u64, timeout: Duration) -> Option<Sent> {
        let found = |st: &State| {
            st.interactions
                .get(&interaction)
                .and_then(|log| log.reply.clone())
        };
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            let changed = self.shared.changed.notified();
            tokio::pin!(changed);
            changed.as_mut().enable();
            if let Some(reply) = found(&self.shared.lock()) {
                return Some(reply);
            }
            if tokio::time::timeout_at(deadline, changed).await.is_err() {
                return None;
            }
        }
    }

    /// The first response to an interaction: its callback (a message, a deferral, an update or
    /// autocomplete choices), which Discord wants within 3 s of the dispatch. Panics with the
    /// recorded requests if none arrives within `timeout`.
    pub async fn first_response(&self, interaction: u64, timeout: Duration) -> Sent {
        self.wait_for(
            timeout,
            &format!("the first response to interaction {interaction}"),
            |st| {
                st.interactions
                    .get(&interaction)
                    .and_then(|log| log.callback.clone())
            },
        )
        .await
    }

    /// Waits for at least `count` follow-up messages to an interaction (not counting one that
    /// replaced a deferral, see [`Self::reply`]) and returns all of them.
    pub async fn followups(&self, interaction: u64, timeout: Duration, count: usize) -> Vec<Sent> {
        let what = format!("{count} follow-ups to interaction {interaction}");
        self.wait_for(timeout, &what, |st| {
            let log = st.interactions.get(&interaction)?;
            (log.followups.len() >= count).then(|| log.followups.clone())
        })
        .await
    }

    /// Waits for at least `count` edits of `@original` after the reply (e.g. a reply handle
    /// edited later) and returns all of them, each with the message as it then looked.
    pub async fn edits(&self, interaction: u64, timeout: Duration, count: usize) -> Vec<Sent> {
        let what = format!("{count} edits of the response to interaction {interaction}");
        self.wait_for(timeout, &what, |st| {
            let log = st.interactions.get(&interaction)?;
            (log.edits.len() >= count).then(|| log.edits.clone())
        })
        .await
    }

    /// Messages the bot posted in a channel so far (`POST /channels/{id}/messages`).
    pub fn channel_messages(&self, channel: u64) -> Vec<Sent> {
        self.shared
            .lock()
            .channels
            .get(&channel)
            .cloned()
            .unwrap_or_default()
    }

    /// How many messages the bot has posted in a channel (cheaper than counting
    /// [`FakeDiscord::channel_messages`], which copies every message and picture).
    pub fn channel_message_count(&self, channel: u64) -> usize {
        self.shared
            .lock()
            .channels
            .get(&channel)
            .map_or(0, Vec::len)
    }

    /// The messages the bot posted in a channel from the `from`-th on (counted from 0).
    pub fn channel_messages_from(&self, channel: u64, from: usize) -> Vec<Sent> {
        self.shared
            .lock()
            .channels
            .get(&channel)
            .and_then(|posted| posted.get(from..))
            .map(<[Sent]>::to_vec)
            .unwrap_or_default()
    }

    /// Waits until the bot has posted at least `count` messages in a channel and returns them.
    pub async fn wait_channel_messages(
        &self,
        channel: u64,
        count: usize,
        timeout: Duration,
    ) -> Vec<Sent> {
        self.wait_for(
            timeout,
            &format!("{count} messages in channel {channel}"),
            |st| {
                let messages = st.channels.get(&channel)?;
                (messages.len() >= count).then(|| messages.clone())
            },
        )
        .await
    }

    /// Makes `user` say `content` in `channel`: a message in the channel's history
    /// (`GET /channels/{id}/messages`), which the bot gets no event for.
    pub fn member_says(&self, user: &FakeUser, channel: u64, content: &str) {
        let mut st = self.shared.lock();
        let id = st.snowflake();
        st.member_messages.add(channel, id, user, content);
    }

    /// Requests the fake did not expect or refused, one line each (empty when all went well).
    pub fn unexpected_requests(&self) -> Vec<String> {
        self.shared.lock().unexpected.clone()
    }

    /// From now on, refuses every interaction callback in `channel` with 404 Unknown
    /// interaction, as Discord does when the 3 s deadline has passed (the refusal is also
    /// recorded in [`Self::unexpected_requests`]). Follow-ups then find no response to follow.
    pub fn refuse_callbacks_in(&self, channel: u64) {
        self.shared.lock().refused_callbacks.push(channel);
    }

    /// Takes `permissions` (bits such as `1 << 15`, ATTACH_FILES) from the bot in `channel`: the
    /// interactions from there carry `app_permissions` without them, and Discord refuses what needs
    /// them there (files: see `admit_files`).
    pub fn deny_bot(&self, channel: u64, permissions: u64) {
        *self.shared.lock().bot_denied.entry(channel).or_default() |= permissions;
    }

    /// Refuses the first responses of the next `count` slash commands as Discord refuses one after
    /// its 3 s deadline (also recorded in [`Self::unexpected_requests`]), so a test meets a machine
    /// too busy to answer in time whatever the machine's speed.
    pub fn answer_late(&self, count: usize) {
        self.shared.lock().late_commands += count;
    }

    /// Every message of `channel` that notified `user`: channel messages and interaction
    /// responses and follow-ups there (see [`Sent::notified`]).
    pub fn notifications(&self, channel: u64, user: u64) -> Vec<Sent> {
        let st = self.shared.lock();
        let mut found: Vec<Sent> = st
            .channels
            .get(&channel)
            .into_iter()
            .flatten()
            .chain(
                st.interactions
                    .values()
                    .filter(|log| log.channel == channel)
                    .flat_map(|log| log.reply.iter().chain(&log.followups)),
            )
            .filter(|sent| sent.notified.contains(&user))
            .cloned()
            .collect();
        found.sort_by_key(|sent| sent.at);
        found
    }

    /// Everything anyone in `channel` can see: channel messages and their edits, and the
    /// interaction responses, follow-ups and edits there that are not ephemeral, in the order the
    /// fake received them.
    pub fn public_messages(&self, channel: u64) -> Vec<Sent> {
        let st = self.shared.lock();
        let mut found: Vec<Sent> = st
            .channels
            .get(&channel)
            .into_iter()
            .flatten()
            .chain(st.edits.in_channel(channel))
            .chain(
                st.interactions
                    .values()
                    .filter(|log| log.channel == channel)
                    .flat_map(|log| log.reply.iter().chain(&log.followups).chain(&log.edits)),
            )
            .filter(|sent| !sent.ephemeral)
            .cloned()
            .collect();
        found.sort_by_key(|sent| sent.at);
        found
    }

    /// Whether a message of `channel` notified `user`.
    pub fn was_notified(&self, channel: u64, user: u64) -> bool {
        !self.notifications(channel, user).is_empty()
    }

    /// Waits until at least `count` requests were unexpected or refused and returns them all.
    pub async fn wait_unexpected(&self, count: usize, timeout: Duration) -> Vec<String> {
        let what = format!("{count} unexpected or refused requests");
        self.wait_for(timeout, &what, |st| {
            (st.unexpected.len() >= count).then(|| st.unexpected.clone())
        })
        .await
    }

    /// When the dispatch of an interaction was written to the bot's socket.
    pub fn dispatched_at(&self, interaction: u64) -> Instant {
        match self.shared.lock().interactions.get(&interaction) {
            Some(log) => log.dispatched_at,
            None => panic!("fake Discord: no interaction {interaction} was dispatched"),
        }
    }

    /// Waits until `check` finds what it looks for, or panics with a report after `timeout`.
    async fn wait_for<T>(
        &self,
        timeout: Duration,
        what: &str,
        mut check: impl FnMut(&State) -> Option<T>,
    ) -> T {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            let changed = self.shared.changed.notified();
            tokio::pin!(changed);
            changed.as_mut().enable();
            if let Some(found) = check(&self.shared.lock()) {
                return found;
            }
            if tokio::time::timeout_at(deadline, changed).await.is_err() {
                let report = self.shared.lock().report();
                panic!("fake Discord: timed out after {timeout:?} waiting for {what}\n{report}");
            }
        }
    }

    /// Builds `data` of a command or autocomplete interaction from the registered command.
    fn command_data(
        &self,
        guild: u64,
        command: &str,
        options: &Value,
        focused: Option<&str>,
    ) -> Value {
        let path: Vec<&str> = command.split_whitespace().collect();
        let Some((top, subcommands)) = path.split_first() else {
            panic!("fake Discord: empty command path")
        };
        let (found, known) = {
            let st = self.shared.lock();
            let known: Vec<String> = st
                .global_commands
                .iter()
                .chain(st.guild_commands.get(&guild).into_iter().flatten())
                .map(|c| text_of(&c["name"]))
                .collect();
            (st.find_command(guild, top), known)
        };
        let Some(definition) = found else {
            panic!(
                "fake Discord: no command `/{top}` registered for guild {guild}; known: {known:?}"
            )
        };
        let leaf = options.as_object().cloned().unwrap_or_default();
        let mut resolved_users = Map::new();
        let built = build_options(
            &definition,
            subcommands,
            &leaf,
            focused,
            &mut resolved_users,
        )
        .unwrap_or_else(|why| panic!("fake Discord: cannot run `/{command}`: {why}"));
        let mut data = json!({
            "id": definition["id"],
            "name": top,
            "type": definition["type"],
            "options": built,
        });
        if let Some(guild_id) = definition.get("guild_id").filter(|g| !g.is_null()) {
            data["guild_id"] = guild_id.clone();
        }
        if !resolved_users.is_empty() {
            data["resolved"] = json!({ "users": resolved_users });
        }
        data
    }

    /// Records and dispatches an `INTERACTION_CREATE`; returns its id once it is written, or at
    /// once if it was dropped because no session could receive it (see
    /// [`FakeDiscord::dropped_interactions`]).
    async fn dispatch_interaction(
        &self,
        kind: u8,
        user: &FakeUser,
        guild: u64,
        channel: u64,
        data: Value,
        message: Option<Value>,
    ) -> u64 {
        let shard = self.shard_of(Some(guild));
        self.wait_for(CONNECT_TIMEOUT, "a gateway session to dispatch to", |st| {
            gateway::can_dispatch(st, shard).then_some(())
        })
        .await;
        let (id, written) = {
            let mut st = self.shared.lock();
            let id = st.snowflake();
            let token = format!("fake-interaction-token-{id}");
            let message_id = match &message {
                Some(m) => snowflake_of(&m["id"]).unwrap_or(0),
                None => st.snowflake(),
            };
            let permissions = user.permissions().to_string();
            let mut payload = json!({
                "id": id.to_string(),
                "application_id": Self::APP_ID.to_string(),
                "type": kind,
                "data": data,
                "guild_id": guild.to_string(),
                "channel_id": channel.to_string(),
                "channel": threads::channel_object(&st, channel, guild, &permissions),
                "member": {
                    "user": user.user_object(),
                    "nick": user.nick,
                    "avatar": null,
                    "roles": [],
                    "joined_at": timestamp(),
                    "premium_since": null,
                    "deaf": false,
                    "mute": false,
                    "flags": 0,
                    "pending": false,
                    "permissions": permissions,
                    "communication_disabled_until": null,
                },
                "token": token,
                "version": 1,
                "app_permissions": st.bot_permissions(channel).to_string(),
                "locale": "en-US",
                "guild_locale": "en-US",
                "entitlements": [],
                "authorizing_integration_owners": { "0": guild.to_string() },
                "context": 0,
                "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
            });
            if let Some(message) = &message {
                payload["message"] = message.clone();
            }
            st.tokens.insert(token.clone(), id);
            st.interactions.insert(
                id,
                InteractionLog {
                    kind,
                    token,
                    channel,
                    dispatched_at: Instant::now(),
                    message_id,
                    current: message,
                    callback: None,
                    reply: None,
                    followups: Vec::new(),
                    edits: Vec::new(),
                    too_late: false,
                },
            );
            let written = gateway::dispatch(&mut st, shard, "INTERACTION_CREATE", payload);
            if written.is_none() {
                st.gateway.dropped.push(id);
            }
            (id, written)
        };
        let Some(written) = written else {
            return id;
        };
        let written = tokio::time::timeout(CONNECT_TIMEOUT, written).await;
        let at = match written {
            Ok(Ok(at)) => at,
            // The session that kept it was replaced by a fresh IDENTIFY before the bot resumed it:
            // Discord drops such events, and so does the fake.
            Ok(Err(_)) => {
                self.shared.lock().gateway.dropped.push(id);
                return id;
            }
            Err(_) => panic!("fake Discord: interaction {id} was not written to the bot's socket"),
        };
        if let Some(log) = self.shared.lock().interactions.get_mut(&id) {
            log.dispatched_at = at;
        }
        id
    }
}

/// Builds the options of a command invocation, following `path` through subcommand groups and
/// subcommands of `definition` down to the leaf options in `leaf`.
fn build_options(
    definition: &Value,
    path: &[&str],
    leaf: &Map<String, Value>,
    focused: Option<&str>,
    resolved_users: &mut Map<String, Value>,
) -> Result<Vec<Value>, String> {
    let declared = definition["options"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let declared_names: Vec<String> = declared.iter().map(|o| text_of(&o["name"])).collect();
    if let Some((name, rest)) = path.split_first() {
        let Some(sub) = declared
            .iter()
            .find(|o| o["name"] == *name && matches!(o["type"].as_u64(), Some(1 | 2)))
        else {
            return Err(format!(
                "no subcommand `{name}`; options are {declared_names:?}"
            ));
        };
        let inner = build_options(sub, rest, leaf, focused, resolved_users)?;
        return Ok(vec![
            json!({"name": name, "type": sub["type"], "options": inner}),
        ]);
    }
    if declared
        .iter()
        .any(|o| matches!(o["type"].as_u64(), Some(1 | 2)))
    {
        return Err(format!(
            "a subcommand is required; there are {declared_names:?}"
        ));
    }
    let mut leaf = leaf.clone();
    if let Some(focused) = focused {
        leaf.entry(focused.to_owned()).or_insert_with(|| json!(""));
    }
    let mut built = Vec::new();
    for option in &declared {
        let name = text_of(&option["name"]);
        let kind = option["type"].as_u64().unwrap_or(3);
        let Some(value) = leaf.remove(&name) else {
            if focused.is_none() && option["required"].as_bool().unwrap_or(false) {
                return Err(format!("required option `{name}` is missing"));
            }
            continue;
        };
        if focused == Some(name.as_str()) {
            let partial = value
                .as_str()
                .map_or_else(|| value.to_string(), str::to_owned);
            built.push(json!({"name": name, "type": kind, "value": partial, "focused": true}));
            continue;
        }
        let value = match kind {
            3 if value.is_string() => value,
            4 if value.is_i64() || value.is_u64() => value,
            10 if value.is_number() => value,
            5 if value.is_boolean() => value,
            6..=9 | 11 if snowflake_of(&value).is_some() => json!(text_of(&value)),
            _ => return Err(format!("option `{name}` (type {kind}) cannot take {value}")),
        };
        if let Some(choices) = option["choices"].as_array().filter(|c| !c.is_empty())
            && !choices.iter().any(|c| c["value"] == value)
        {
            return Err(format!(
                "option `{name}` must be one of the choices {choices:?}"
            ));
        }
        if kind == 6 {
            let id = text_of(&value);
            let user = json!({"id": id, "username": format!("user{id}"), "discriminator": "0"});
            resolved_users.insert(id, user);
        }
        built.push(json!({"name": name, "type": kind, "value": value}));
    }
    if let Some(extra) = leaf.keys().next() {
        return Err(format!(
            "no option `{extra}`; options are {declared_names:?}"
        ));
    }
    Ok(built)
}

// ---------------------------------------------------------------------------------------------
// REST

/// A parsed HTTP request.
struct Request {
    method: String,
    path: String,
    /// The query's `name=value` pairs, percent-decoded.
    query: Vec<(String, String)>,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Request {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// A response: status, extra headers and JSON body (none for 204).
struct Response {
    status: u16,
    headers: Vec<(&'static str, String)>,
    body: Option<Value>,
    /// Close the connection instead of answering.
    hang_up: bool,
}

impl Response {
    fn json(body: Value) -> Self {
        Self {
            status: 200,
            headers: Vec::new(),
            body: Some(body),
            hang_up: false,
        }
    }

    fn no_content() -> Self {
        Self {
            status: 204,
            headers: Vec::new(),
            body: None,
            hang_up: false,
        }
    }

    fn error(status: u16, code: u64, message: &str) -> Self {
        Self {
            status,
            headers: Vec::new(),
            body: Some(json!({"message": message, "code": code})),
            hang_up: false,
        }
    }
}

/// Serves the REST API on `listener`, over TLS with `tls`.
async fn serve_api(
    shared: Arc<Shared>,
    listener: TcpListener,
    tls: Option<tokio_rustls::TlsAcceptor>,
) {
    let mut connections = JoinSet::new();
    loop {
        if let Ok((stream, _)) = listener.accept().await {
            // Answers go out in several writes; without this, Nagle's algorithm and delayed ACKs
            // stall each exchange on loopback for tens of milliseconds, as Discord's own servers
            // never would.
            let _ = stream.set_nodelay(true);
            let shared = Arc::clone(&shared);
            match tls.clone() {
                Some(tls) => connections.spawn(async move {
                    if let Ok(Ok(stream)) =
                        tokio::time::timeout(HANDSHAKE_TIMEOUT, tls.accept(stream)).await
                    {
                        serve_http_connection(shared, stream).await;
                    }
                }),
                None => connections.spawn(serve_http_connection(shared, stream)),
            };
        } else {
            // Out of descriptors or similar: back off instead of spinning.
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        while connections.try_join_next().is_some() {}
    }
}

async fn serve_http_connection(shared: Arc<Shared>, stream: impl AsyncRead + AsyncWrite) {
    let (read, mut write) = tokio::io::split(stream);
    let mut reader = BufReader::new(read);
    loop {
        let request = match tokio::time::timeout(IDLE_TIMEOUT, read_request(&mut reader)).await {
            Ok(Ok(Some(request))) => request,
            Ok(Err(why)) => {
                shared
                    .lock()
                    .unexpected(format!("malformed HTTP request: {why}"));
                return;
            }
            _ => return,
        };
        let close = request
            .header("connection")
            .is_some_and(|v| v.eq_ignore_ascii_case("close"));
        let response = handle_request(&shared, &request);
        shared.changed.notify_waiters();
        if response.hang_up {
            return;
        }
        if write_response(&mut write, &response).await.is_err() || close {
            return;
        }
    }
}

/// Reads one request; `Ok(None)` when the client closed the connection between requests.
async fn read_request<R: AsyncBufReadExt + Unpin>(
    reader: &mut R,
) -> Result<Option<Request>, String> {
    let mut line = String::new();
    loop {
        line.clear();
        if reader
            .read_line(&mut line)
            .await
            .map_err(|e| e.to_string())?
            == 0
        {
            return Ok(None);
        }
        if !line.trim().is_empty() {
            break;
        }
    }
    let mut parts = line.split_whitespace();
    let (Some(method), Some(target)) = (parts.next(), parts.next()) else {
        return Err(format!("bad request line {line:?}"));
    };
    let method = method.to_owned();
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let path = path.to_owned();
    let query = query_pairs(query);
    let mut headers = Vec::new();
    loop {
        line.clear();
        if reader
            .read_line(&mut line)
            .await
            .map_err(|e| e.to_string())?
            == 0
        {
            return Err("connection closed inside the headers".into());
        }
        let header = line.trim_end();
        if header.is_empty() {
            break;
        }
        let Some((name, value)) = header.split_once(':') else {
            return Err(format!("bad header {header:?}"));
        };
        headers.push((name.trim().to_ascii_lowercase(), value.trim().to_owned()));
    }
    let mut request = Request {
        method,
        path,
        query,
        headers,
        body: Vec::new(),
    };
    let chunked = request
        .header("transfer-encoding")
        .is_some_and(|v| v.to_ascii_lowercase().contains("chunked"));
    if chunked {
        loop {
            line.clear();
            reader
                .read_line(&mut line)
                .await
                .map_err(|e| e.to_string())?;
            let size = line.trim().split(';').next().unwrap_or("");
            let size =
                usize::from_str_radix(size, 16).map_err(|_| format!("bad chunk size {line:?}"))?;
            if size == 0 {
                // Trailers, up to the empty line.
                loop {
                    line.clear();
                    let n = reader
                        .read_line(&mut line)
                        .await
                        .map_err(|e| e.to_string())?;
                    if n == 0 || line.trim().is_empty() {
                        break;
                    }
                }
                break;
            }
            let start = request.body.len();
            request.body.resize(start + size + 2, 0);
            reader
                .read_exact(&mut request.body[start..])
                .await
                .map_err(|e| e.to_string())?;
            request.body.truncate(start + size);
        }
    } else if let Some(length) = request.header("content-length") {
        let length: usize = length
            .parse()
            .map_err(|_| format!("bad content-length {length}"))?;
        request.body.resize(length, 0);
        reader
            .read_exact(&mut request.body)
            .await
            .map_err(|e| e.to_string())?;
    }
    Ok(Some(request))
}

async fn write_response<W: AsyncWriteExt + Unpin>(
    write: &mut W,
    response: &Response,
) -> std::io::Result<()> {
    let reason = match response.status {
        200 => "OK",
        204 => "No Content",
        400 => "Bad Request",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        413 => "Payload Too Large",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        _ => "Error",
    };
    let mut head = format!(
        "HTTP/1.1 {} {reason}\r\nconnection: keep-alive\r\n",
        response.status
    );
    let body = response
        .body
        .as_ref()
        .map(Value::to_string)
        .unwrap_or_default();
    if response.status != 204 {
        let _ = write!(
            head,
            "content-type: application/json\r\ncontent-length: {}\r\n",
            body.len()
        );
    }
    for (name, value) in &response.headers {
        let _ = write!(head, "{name}: {value}\r\n");
    }
    head.push_str("\r\n");
    write.write_all(head.as_bytes()).await?;
    write.write_all(body.as_bytes()).await?;
    write.flush().await
}

/// Splits a request body into its JSON and uploaded files (multipart `payload_json` and
/// `files[n]` parts, or a plain JSON body).
/// A query string's `name=value` pairs, percent-decoded.
fn query_pairs(query: &str) -> Vec<(String, String)> {
    query
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            (percent_decoded(name), percent_decoded(value))
        })
        .collect()
}

fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        let escaped = (bytes[at] == b'%')
            .then(|| text.get(at + 1..at + 3))
            .flatten()
            .and_then(|hex| u8::from_str_radix(hex, 16).ok());
        match (escaped, bytes[at]) {
            (Some(byte), _) => {
                out.push(byte);
                at += 3;
            }
            (None, b'+') => {
                out.push(b' ');
                at += 1;
            }
            (None, byte) => {
                out.push(byte);
                at += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The request's body as JSON (a multipart body's `payload_json`), its files, and the multipart field
/// names the files came in.
fn parse_body(request: &Request) -> Result<(Value, Files, Vec<String>), String> {
    let content_type = request.header("content-type").unwrap_or("");
    if content_type.starts_with("multipart/form-data") {
        let Some(boundary) = content_type.split("boundary=").nth(1) else {
            return Err("multipart body without a boundary".into());
        };
        let boundary = boundary.split(';').next().unwrap_or("").trim_matches('"');
        let mut json = Value::Null;
        let mut files = Vec::new();
        for part in multipart_parts(&request.body, boundary)? {
            if part.name == "payload_json" {
                json = serde_json::from_slice(&part.data)
                    .map_err(|e| format!("payload_json is not JSON: {e}"))?;
            } else if let Some(index) = part
                .name
                .strip_prefix("files[")
                .and_then(|n| n.strip_suffix(']'))
            {
                let index: u64 = index
                    .parse()
                    .map_err(|_| format!("bad part name {}", part.name))?;
                files.push((index, part.filename.unwrap_or_default(), part.data));
            } else {
                return Err(format!("unexpected multipart part `{}`", part.name));
            }
        }
        files.sort_by_key(|(index, _, _)| *index);
        let fields = files
            .iter()
            .map(|(index, _, _)| format!("files[{index}]"))
            .collect();
        Ok((
            json,
            files
                .into_iter()
                .map(|(_, name, data)| (name, data))
                .collect(),
            fields,
        ))
    } else if request.body.is_empty() {
        Ok((Value::Null, Vec::new(), Vec::new()))
    } else {
        let json =
            serde_json::from_slice(&request.body).map_err(|e| format!("body is not JSON: {e}"))?;
        Ok((json, Vec::new(), Vec::new()))
    }
}

/// One part of a multipart/form-data body.
struct Part {
    name: String,
    filename: Option<String>,
    data: Vec<u8>,
}

fn multipart_parts(body: &[u8], boundary: &str) -> Result<Vec<Part>, String> {
    let delimiter = format!("--{boundary}");
    let delimiter = delimiter.as_bytes();
    let mut parts = Vec::new();
    let Some(mut at) = find(body, delimiter, 0) else {
        return Err("multipart body without its boundary".into());
    };
    loop {
        at += delimiter.len();
        if body[at..].starts_with(b"--") {
            return Ok(parts);
        }
        let headers_start = at + 2; // CRLF after the delimiter
        let Some(headers_end) = find(body, b"\r\n\r\n", headers_start) else {
            return Err("multipart part without headers".into());
        };
        let headers = String::from_utf8_lossy(&body[headers_start..headers_end]);
        let data_start = headers_end + 4;
        let mut closing = b"\r\n".to_vec();
        closing.extend_from_slice(delimiter);
        let Some(data_end) = find(body, &closing, data_start) else {
            return Err("multipart part without an end".into());
        };
        let disposition = headers
            .lines()
            .find(|l| l.to_ascii_lowercase().starts_with("content-disposition"))
            .unwrap_or("");
        let Some(name) = disposition_param(disposition, "name") else {
            return Err(format!("multipart part without a name: {headers}"));
        };
        parts.push(Part {
            name,
            filename: disposition_param(disposition, "filename"),
            data: body[data_start..data_end].to_vec(),
        });
        at = data_end + 2;
    }
}

/// `name="value"` from a Content-Disposition header.
fn disposition_param(disposition: &str, param: &str) -> Option<String> {
    disposition.split(';').map(str::trim).find_map(|p| {
        let (key, value) = p.split_once('=')?;
        (key.trim() == param).then(|| value.trim().trim_matches('"').to_owned())
    })
}

fn find(haystack: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    haystack
        .get(from..)?
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|p| p + from)
}

fn handle_request(shared: &Shared, request: &Request) -> Response {
    let mut st = shared.lock();
    let line = format!("{} {}", request.method, request.path);
    let Some(route) = request.path.strip_prefix("/api/v10/") else {
        st.unexpected(format!("{line}: not under /api/v10"));
        return Response::error(404, 0, "404: Not Found");
    };
    let segments: Vec<&str> = route.split('/').collect();
    let webhook_route = matches!(segments.first(), Some(&("interactions" | "webhooks")));
    let expected_auth = format!("Bot {}", FakeDiscord::TOKEN);
    match request.header("authorization") {
        Some(auth) if auth == expected_auth => {}
        None if webhook_route => {}
        other => {
            st.unexpected(format!("{line}: bad Authorization header {other:?}"));
            return Response::error(401, 0, "401: Unauthorized");
        }
    }
    let (body, files, file_fields) = match parse_body(request) {
        Ok(parsed) => parsed,
        Err(why) => {
            st.unexpected(format!("{line}: {why}"));
            return Response::error(400, 50109, "The request body contains invalid JSON.");
        }
    };
    let api_path = format!("/{route}");
    let media_type = request
        .header("content-type")
        .filter(|_| !request.body.is_empty())
        .map(|t| t.split(';').next().unwrap_or("").trim());
    let checked = api::check_request(&api::ApiRequest {
        method: &request.method,
        path: &api_path,
        query: &request.query,
        media_type,
        body: &body,
        file_fields: &file_fields,
    });
    match checked {
        Ok(()) => {}
        Err(api::Refused::UnknownRoute(why)) => {
            st.unexpected(format!("{line}: {why}"));
            return Response::error(404, 0, "404: Not Found");
        }
        Err(api::Refused::Invalid(problems)) => {
            for problem in problems {
                st.unexpected(format!(
                    "{line}: against Discord's API description: {problem}"
                ));
            }
            return Response::error(400, 50035, "Invalid Form Body");
        }
    }
    let routed = format!("{} /{route}", request.method);
    let limit_headers = match st.rate_limits.check(&routed, webhook_route) {
        rate_limits::Verdict::Serve(headers) => headers,
        rate_limits::Verdict::Limited(limited, broke) => {
            if let Some(why) = broke {
                st.unexpected(why);
            }
            st.log.push(format!("{line} -> 429"));
            st.requests.push((routed, Instant::now(), 429));
            return limited;
        }
    };
    let fault = st
        .faults
        .iter_mut()
        .find(|plan| plan.remaining > 0 && routed.starts_with(&plan.route))
        .map(|plan| {
            plan.remaining -= 1;
            plan.fault
        });
    if let Some(Fault::Refuse(status, code, message)) = fault {
        st.log
            .push(format!("{line} -> {status} (refused by the test)"));
        st.requests.push((routed, Instant::now(), status));
        return Response::error(status, code, message);
    }
    let response = route_request(shared, &mut st, request, &segments, body, files);
    let mut response = match response {
        Ok(response) => response,
        Err((response, why)) => {
            st.unexpected(format!("{line}: {why}"));
            response
        }
    };
    response.headers.extend(limit_headers);
    match fault {
        Some(Fault::ServerErrorAfter) => {
            response = Response::error(500, 0, "500: Internal Server Error");
        }
        Some(Fault::HangUpAfter) => response.hang_up = true,
        _ => {}
    }
    let status = if response.hang_up { 0 } else { response.status };
    if (1..500).contains(&status) {
        for problem in
            api::check_response(&request.method, &api_path, status, response.body.as_ref())
        {
            st.unexpected(format!(
                "{line}: the fake's answer, against Discord's API description: {problem}"
            ));
        }
    }
    st.log.push(format!("{line} -> {status}"));
    st.requests.push((routed, Instant::now(), status));
    response
}

/// A refusal: the response to send and why, for [`FakeDiscord::unexpected_requests`].
type Refusal = (Response, String);

fn invalid_form(why: String) -> Refusal {
    (Response::error(400, 50035, "Invalid Form Body"), why)
}

fn route_request(
    shared: &Shared,
    st: &mut State,
    request: &Request,
    segments: &[&str],
    body: Value,
    files: Files,
) -> Result<Response, Refusal> {
    let app = FakeDiscord::APP_ID.to_string();
    match (request.method.as_str(), segments) {
        ("GET", ["gateway"]) => Ok(Response::json(json!({ "url": shared.gateway_url() }))),
        // <https://discord.com/developers/docs/events/gateway#get-gateway-bot>: the recommended
        // shard count and the session start limit (1000 IDENTIFYs a day, one at a time).
        ("GET", ["gateway", "bot"]) => {
            let started = st.sessions.len() as u64;
            Ok(Response::json(json!({
                "url": shared.gateway_url(),
                "shards": st.recommended_shards.max(1),
                "session_start_limit": {
                    "total": SESSION_STARTS_PER_DAY,
                    "remaining": SESSION_STARTS_PER_DAY.saturating_sub(started),
                    "reset_after": 86_400_000,
                    "max_concurrency": 1,
                },
            })))
        }
        ("GET", ["users", "@me"]) => Ok(Response::json(bot_user())),
        ("GET", ["oauth2", "applications", "@me"]) => Ok(Response::json(application_info())),
        ("GET", ["applications", a, "commands"]) if *a == app => {
            Ok(Response::json(json!(st.global_commands)))
        }
        ("PUT", ["applications", a, "commands"]) if *a == app => {
            if let Some(failure) = failed_registration(st) {
                return Ok(failure);
            }
            let stored = store_commands(st, None, &body)?;
            st.global_commands = stored.clone();
            st.registrations += 1;
            Ok(Response::json(json!(stored)))
        }
        ("GET", ["applications", a, "guilds", guild, "commands"]) if *a == app => {
            let guild = parse_id(guild)?;
            Ok(Response::json(json!(
                st.guild_commands.get(&guild).cloned().unwrap_or_default()
            )))
        }
        ("PUT", ["applications", a, "guilds", guild, "commands"]) if *a == app => {
            let guild = parse_id(guild)?;
            if let Some(failure) = failed_registration(st) {
                return Ok(failure);
            }
            let stored = store_commands(st, Some(guild), &body)?;
            st.guild_commands.insert(guild, stored.clone());
            st.registrations += 1;
            Ok(Response::json(json!(stored)))
        }
        ("POST", ["interactions", id, token, "callback"]) => {
            interaction_callback(st, parse_id(id)?, token, body, files)
        }
        ("POST", ["webhooks", a, token]) if *a == app => followup(st, token, body, files),
        ("PATCH", ["webhooks", a, token, "messages", "@original"]) if *a == app => {
            edit_original(st, token, body, files)
        }
        ("GET", ["webhooks", a, token, "messages", "@original"]) if *a == app => {
            let log = interaction_by_token(st, token)?;
            match &log.current {
                Some(message) => Ok(Response::json(message.clone())),
                None => Err((
                    Response::error(404, 10008, "Unknown Message"),
                    "no original response yet".into(),
                )),
            }
        }
        ("GET", ["channels", channel, "messages"]) => {
            history::list(st, parse_id(channel)?, &request.query)
        }
        ("PATCH", ["channels", channel, "messages", message]) => {
            edits::edit(st, parse_id(channel)?, parse_id(message)?, body, files)
        }
        ("POST", ["channels", channel, "messages"]) => {
            let channel = parse_id(channel)?;
            check_message(&body, &files)?;
            admit_files(st, channel, &files)?;
            threads::admit_post(st, channel)?;
            if let Some(made) = made_with_nonce(st, &body)? {
                return Ok(Response::json(made));
            }
            let id = st.snowflake();
            let message = message_object(None, &body, id, channel, &files);
            let sent = Sent::new(None, body.clone(), &body, message.clone(), files).notifying();
            st.channels.entry(channel).or_default().push(sent);
            if body["enforce_nonce"] == true {
                let nonce = text_of(&body["nonce"]);
                st.nonces.push((nonce, Instant::now(), message.clone()));
            }
            Ok(Response::json(message))
        }
        _ => Err((
            Response::error(404, 0, "404: Not Found"),
            "no such route in the fake".into(),
        )),
    }
}

/// Refuses files in a channel where the bot may not attach them: uploading needs ATTACH_FILES
/// (`1 << 15`, "allows for uploading images and files",
/// <https://discord.com/developers/docs/topics/permissions#permissions-bitwise-permission-flags>);
/// Discord answers 403 with JSON error 50013, "Missing Permissions"
/// (<https://discord.com/developers/docs/topics/opcodes-and-status-codes#json>). The bot is meant to
/// read its permissions from the interaction (`app_permissions`) and not try.
fn admit_files(st: &State, channel: u64, files: &Files) -> Result<(), Refusal> {
    if files.is_empty() || st.bot_permissions(channel) & perms::ATTACH_FILES != 0 {
        return Ok(());
    }
    Err((
        Response::error(403, 50013, "Missing Permissions"),
        format!(
            "files {:?} posted in channel {channel}, where the bot may not attach files",
            files.iter().map(|(name, _)| name).collect::<Vec<_>>()
        ),
    ))
}

/// The message the bot made earlier with the same nonce, if this one asks Discord to enforce it
/// (<https://discord.com/developers/docs/resources/message#create-message>: a `nonce` is an integer
/// or a string of at most 25 characters; with `enforce_nonce`, a message the same author made with
/// the same nonce in the past few minutes is returned and no new one is made).
fn made_with_nonce(st: &State, body: &Value) -> Result<Option<Value>, Refusal> {
    let nonce = &body["nonce"];
    if nonce.as_str().is_some_and(|n| n.chars().count() > 25) {
        return Err(invalid_form(format!(
            "nonce {nonce} is longer than 25 characters"
        )));
    }
    if body["enforce_nonce"] != true {
        return Ok(None);
    }
    if nonce.is_null() {
        return Err(invalid_form("enforce_nonce without a nonce".into()));
    }
    let nonce = text_of(nonce);
    let now = Instant::now();
    Ok(st
        .nonces
        .iter()
        .rev()
        .find(|(sent, at, _)| *sent == nonce && now.duration_since(*at) < NONCE_MEMORY)
        .map(|(_, _, message)| message.clone()))
}

/// A server error for a command registration while [`FakeDiscord::fail_registrations`] asks for one.
fn failed_registration(st: &mut State) -> Option<Response> {
    if st.failing_registrations == 0 {
        return None;
    }
    st.failing_registrations -= 1;
    st.failed_registrations += 1;
    Some(Response::error(500, 0, "500: Internal Server Error"))
}

fn parse_id(text: &str) -> Result<u64, Refusal> {
    text.parse().map_err(|_| {
        (
            Response::error(404, 0, "404: Not Found"),
            format!("`{text}` is not a snowflake"),
        )
    })
}

/// Validates and stores a bulk overwrite of commands, keeping ids of commands already known by
/// name, as Discord does.
fn store_commands(st: &mut State, guild: Option<u64>, body: &Value) -> Result<Vec<Value>, Refusal> {
    let Some(commands) = body.as_array() else {
        return Err(invalid_form("command list is not an array".into()));
    };
    let previous = match guild {
        Some(guild) => st.guild_commands.get(&guild).cloned().unwrap_or_default(),
        None => st.global_commands.clone(),
    };
    let mut stored = Vec::new();
    for command in commands {
        // Discord answers with the fields that have values: an option carries no `null` limits.
        let mut command = without_nulls(command);
        let kind = command["type"].as_u64().unwrap_or(1);
        check_command(&command, kind == 1).map_err(invalid_form)?;
        let old_id = previous
            .iter()
            .find(|c| c["name"] == command["name"])
            .map(|c| c["id"].clone());
        let id = match old_id {
            Some(id) => id,
            None => json!(st.snowflake().to_string()),
        };
        let object = command
            .as_object_mut()
            .ok_or_else(|| invalid_form("command is not an object".into()))?;
        object.insert("id".into(), id);
        object.insert(
            "application_id".into(),
            json!(FakeDiscord::APP_ID.to_string()),
        );
        object.insert("version".into(), json!(st.snowflake().to_string()));
        object.insert("type".into(), json!(kind));
        object.entry("description").or_insert_with(|| json!(""));
        object
            .entry("default_member_permissions")
            .or_insert(Value::Null);
        object.entry("nsfw").or_insert(json!(false));
        if let Some(guild) = guild {
            object.insert("guild_id".into(), json!(guild.to_string()));
        }
        stored.push(command);
    }
    Ok(stored)
}

/// `value` with every `null` field of its objects left out, at any depth.
fn without_nulls(value: &Value) -> Value {
    match value {
        Value::Object(object) => Value::Object(
            object
                .iter()
                .filter(|(_, item)| !item.is_null())
                .map(|(key, item)| (key.clone(), without_nulls(item)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(without_nulls).collect()),
        other => other.clone(),
    }
}

/// Discord's checks on a command or option: name, description, option count and order.
fn check_command(command: &Value, chat_input: bool) -> Result<(), String> {
    let name = text_of(&command["name"]);
    let valid_name = (1..=32).contains(&name.chars().count())
        && name
            .chars()
            .all(|c| c == '-' || c == '_' || c.is_alphanumeric())
        && (!chat_input || name.to_lowercase() == name);
    if !valid_name {
        return Err(format!("invalid command or option name {name:?}"));
    }
    if chat_input {
        let description = text_of(&command["description"]);
        if !(1..=100).contains(&description.chars().count()) {
            return Err(format!(
                "`{name}` needs a description of 1 to 100 characters"
            ));
        }
    }
    let options = command["options"].as_array().cloned().unwrap_or_default();
    if options.len() > 25 {
        return Err(format!("`{name}` has more than 25 options"));
    }
    let mut optional_seen = false;
    for option in &options {
        if option["required"].as_bool().unwrap_or(false) {
            if optional_seen {
                return Err(format!(
                    "`{name}`: required options must come before optional ones"
                ));
            }
        } else {
            optional_seen = true;
        }
        if option["choices"].as_array().is_some_and(|c| c.len() > 25) {
            return Err(format!("`{name}`: more than 25 choices"));
        }
        check_command(option, true)?;
    }
    Ok(())
}

/// Discord's checks on a message: content length, components and file sizes.
fn check_message(body: &Value, files: &[(String, Vec<u8>)]) -> Result<(), Refusal> {
    let chars = text_of(&body["content"]).chars().count();
    if chars > MAX_CONTENT_CHARS {
        return Err(invalid_form(format!(
            "content has {chars} characters (at most {MAX_CONTENT_CHARS})"
        )));
    }
    check_components(&body["components"]).map_err(invalid_form)?;
    for (name, data) in files {
        if data.len() as u64 > ATTACHMENT_SIZE_LIMIT {
            return Err((
                Response::error(413, 40005, "Request entity too large"),
                format!(
                    "file {name} has {} bytes (limit {ATTACHMENT_SIZE_LIMIT})",
                    data.len()
                ),
            ));
        }
    }
    Ok(())
}

/// Discord's limits on message components (see [`MAX_ACTION_ROWS`]).
fn check_components(components: &Value) -> Result<(), String> {
    let rows = components.as_array().map(Vec::as_slice).unwrap_or_default();
    if rows.len() > MAX_ACTION_ROWS {
        return Err(format!(
            "{} action rows (at most {MAX_ACTION_ROWS})",
            rows.len()
        ));
    }
    let mut ids = Vec::new();
    collect_custom_ids(components, &mut ids);
    if let Some(twice) = ids
        .iter()
        .enumerate()
        .find(|(at, id)| ids[..*at].contains(id))
    {
        return Err(format!(
            "custom_id {:?} appears twice in one message",
            twice.1
        ));
    }
    for row in rows {
        let children = row["components"]
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or_default();
        if children.iter().any(|child| child["type"] == 3) {
            if children.len() != 1 {
                return Err("a select menu shares its action row".into());
            }
            check_select(&children[0])?;
        }
        if children.len() > MAX_ROW_COMPONENTS {
            return Err(format!(
                "an action row with {} components (at most {MAX_ROW_COMPONENTS})",
                children.len()
            ));
        }
        for child in children {
            if let Some(id) = child["custom_id"].as_str()
                && !CUSTOM_ID_CHARS.contains(&id.chars().count())
            {
                return Err(format!("custom_id {id:?} is not 1 to 100 characters"));
            }
            let label = text_of(&child["label"]).chars().count();
            if label > MAX_LABEL_CHARS {
                return Err(format!(
                    "a label of {label} characters (at most {MAX_LABEL_CHARS})"
                ));
            }
        }
    }
    Ok(())
}

/// Discord's rule on a string select menu that its API description leaves out: option values are
/// distinct (Discord refuses a repeat with 50035 `SELECT_COMPONENT_OPTION_VALUE_DUPLICATED`, "The
/// specified option value is already used", as reported in
/// <https://github.com/Would-You-Bot/client/issues/304>); the description checks counts and lengths.
fn check_select(menu: &Value) -> Result<(), String> {
    let options = menu["options"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default();
    let mut values = Vec::new();
    for option in options {
        let value = text_of(&option["value"]);
        if values.contains(&value) {
            return Err(format!("select option value {value:?} appears twice"));
        }
        values.push(value);
    }
    Ok(())
}

/// Discord's limits on autocomplete choices (see [`CHOICE_CHARS`]).
fn check_choices(choices: &[Value]) -> Result<(), String> {
    if choices.len() > MAX_CHOICES {
        return Err(format!("more than {MAX_CHOICES} autocomplete choices"));
    }
    for choice in choices {
        let name = text_of(&choice["name"]);
        if !CHOICE_CHARS.contains(&name.chars().count()) {
            return Err(format!("choice name {name:?} is not 1 to 100 characters"));
        }
        if let Some(value) = choice["value"].as_str()
            && !CHOICE_CHARS.contains(&value.chars().count())
        {
            return Err(format!("choice value {value:?} is not 1 to 100 characters"));
        }
    }
    Ok(())
}

fn interaction_by_token<'a>(
    st: &'a mut State,
    token: &str,
) -> Result<&'a mut InteractionLog, Refusal> {
    let id = st.tokens.get(token).copied();
    id.and_then(|id| st.interactions.get_mut(&id))
        .ok_or_else(|| {
            (
                Response::error(404, 10015, "Unknown Webhook"),
                "unknown interaction token".into(),
            )
        })
}

fn interaction_callback(
    st: &mut State,
    id: u64,
    token: &str,
    body: Value,
    files: Files,
) -> Result<Response, Refusal> {
    let unknown = || Response::error(404, 10062, "Unknown interaction");
    let new_id = st.snowflake();
    let refused = st
        .interactions
        .get(&id)
        .is_some_and(|log| st.refused_callbacks.contains(&log.channel));
    let Some(log) = st.interactions.get_mut(&id) else {
        return Err((unknown(), format!("callback for unknown interaction {id}")));
    };
    if log.token != token {
        return Err((
            unknown(),
            format!("callback for interaction {id} with the wrong token"),
        ));
    }
    if log.callback.is_some() {
        return Err((
            Response::error(400, 40060, "Interaction has already been acknowledged."),
            format!("second callback for interaction {id}"),
        ));
    }
    if refused {
        return Err((
            unknown(),
            format!("callback for interaction {id} refused by the test"),
        ));
    }
    if log.kind == 2 && st.late_commands > 0 {
        st.late_commands -= 1;
        log.too_late = true;
        return Err((
            unknown(),
            format!("callback for interaction {id} taken as late by the test (limit 3 s)"),
        ));
    }
    let late = log.dispatched_at.elapsed();
    if late > FIRST_RESPONSE_DEADLINE {
        log.too_late = true;
        return Err((
            unknown(),
            format!("callback for interaction {id} after {late:?} (limit 3 s)"),
        ));
    }
    let callback_type = body["type"].as_u64().unwrap_or(0);
    let allowed: &[u64] = match log.kind {
        2 => &[4, 5, 9],
        3 => &[4, 5, 6, 7, 9],
        4 => &[8],
        _ => &[],
    };
    if !allowed.contains(&callback_type) {
        return Err(invalid_form(format!(
            "callback type {callback_type} does not fit interaction type {}",
            log.kind
        )));
    }
    let data = body.get("data").cloned().unwrap_or(Value::Null);
    check_message(&data, &files)?;
    if let Some(choices) = data["choices"].as_array() {
        check_choices(choices).map_err(invalid_form)?;
    }
    let message = match callback_type {
        4 => {
            log.message_id = new_id;
            let message = message_object(None, &data, new_id, log.channel, &files);
            log.current = Some(message.clone());
            message
        }
        7 => {
            let message = message_object(
                log.current.as_ref(),
                &data,
                log.message_id,
                log.channel,
                &files,
            );
            log.current = Some(message.clone());
            message
        }
        5 => {
            log.message_id = new_id;
            // Discord shows "thinking…" (flag 128), ephemeral if the deferral asked for it.
            let flags = (data["flags"].as_u64().unwrap_or(0) & 64) | 128;
            let loading = json!({"content": "", "flags": flags});
            log.current = Some(message_object(None, &loading, new_id, log.channel, &[]));
            Value::Null
        }
        _ => Value::Null,
    };
    let mut sent = Sent::new(
        Some(callback_type as u8),
        body.clone(),
        &data,
        message,
        files,
    );
    if callback_type == 5 {
        sent.ephemeral = data["flags"].as_u64().unwrap_or(0) & 64 != 0;
    }
    if callback_type == 4 {
        sent = sent.notifying();
    }
    if matches!(callback_type, 4 | 7 | 8) {
        log.reply = Some(sent.clone());
    }
    log.callback = Some(sent);
    Ok(Response::no_content())
}

fn edit_original(
    st: &mut State,
    token: &str,
    body: Value,
    files: Files,
) -> Result<Response, Refusal> {
    check_message(&body, &files)?;
    let log = interaction_by_token(st, token)?;
    let Some(callback) = &log.callback else {
        return Err((
            Response::error(404, 10008, "Unknown Message"),
            "edit of @original before any response".into(),
        ));
    };
    let deferred = matches!(callback.callback_type, Some(5 | 6));
    let message = message_object(
        log.current.as_ref(),
        &body,
        log.message_id,
        log.channel,
        &files,
    );
    log.current = Some(message.clone());
    let sent = Sent::new(None, body.clone(), &body, message.clone(), files);
    if deferred && log.reply.is_none() {
        log.reply = Some(sent);
    } else {
        log.edits.push(sent);
    }
    Ok(Response::json(message))
}

fn followup(st: &mut State, token: &str, body: Value, files: Files) -> Result<Response, Refusal> {
    check_message(&body, &files)?;
    let new_id = st.snowflake();
    let log = interaction_by_token(st, token)?;
    let Some(callback) = &log.callback else {
        return Err((
            Response::error(404, 10015, "Unknown Webhook"),
            "follow-up before any response".into(),
        ));
    };
    let message = if callback.callback_type == Some(5) && log.reply.is_none() {
        // The first follow-up after a deferral replaces the "thinking…" message.
        let message = message_object(
            log.current.as_ref(),
            &body,
            log.message_id,
            log.channel,
            &files,
        );
        log.current = Some(message.clone());
        log.reply = Some(Sent::new(None, body.clone(), &body, message.clone(), files));
        message
    } else {
        let message = message_object(None, &body, new_id, log.channel, &files);
        log.followups
            .push(Sent::new(None, body.clone(), &body, message.clone(), files).notifying());
        message
    };
    Ok(Response::json(message))
}

/// A message object as Discord returns it, from a request body laid over `base` (for edits).
fn message_object(
    base: Option<&Value>,
    body: &Value,
    id: u64,
    channel: u64,
    files: &[(String, Vec<u8>)],
) -> Value {
    let mut message = base.cloned().unwrap_or_else(|| {
        let mut message = plain_message(id, channel, bot_user(), "");
        message["application_id"] = json!(FakeDiscord::APP_ID.to_string());
        message
    });
    let old_flags = message["flags"].as_u64().unwrap_or(0);
    for key in ["content", "embeds", "components", "tts", "nonce"] {
        if let Some(value) = body.get(key).filter(|v| !v.is_null()) {
            message[key] = value.clone();
        }
    }
    number_components(&mut message["components"], &mut 0);
    fill_select_defaults(&mut message["components"]);
    // Ephemerality cannot change after the fact: an edit, and the follow-up that completes a
    // deferral (it edits the "thinking…" message), keep the original's EPHEMERAL bit whatever
    // flag they send. Discord: "the flags field cannot be changed" when the first follow-up
    // after DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE edits the loading message
    // (https://discord.com/developers/docs/interactions/receiving-and-responding#followup-messages).
    // "thinking…" (flag 128) ends with the first edit.
    let sent_flags = body["flags"].as_u64().unwrap_or(old_flags);
    let flags = match base {
        Some(_) => (sent_flags & !64) | (old_flags & 64),
        None => sent_flags,
    };
    message["flags"] = json!(flags & !128);
    if base.is_some() {
        message["edited_timestamp"] = json!(timestamp());
    }
    if !files.is_empty() || body["attachments"].is_array() {
        message["attachments"] = attachments(&message["attachments"], body, files, channel, id + 1);
    }
    message
}

/// A message's attachments after a request: the ones of `old` its `attachments` list keeps (by id),
/// and its files, numbered from `first_id`, each with the description (alt text) the list gives its
/// index (<https://discord.com/developers/docs/reference#uploading-files>: the list names a new file
/// by its index, an existing attachment by its id; without a list, the files are added).
fn attachments(
    old: &Value,
    body: &Value,
    files: &[(String, Vec<u8>)],
    channel: u64,
    first_id: u64,
) -> Value {
    let listed = body["attachments"].as_array();
    let entry_of = |index: usize| {
        listed
            .into_iter()
            .flatten()
            .find(|entry| entry["id"].as_u64() == Some(index as u64))
    };
    let mut attachments: Vec<Value> = match listed {
        Some(listed) => old
            .as_array()
            .into_iter()
            .flatten()
            .filter(|kept| {
                listed
                    .iter()
                    .any(|entry| entry["id"].is_string() && entry["id"] == kept["id"])
            })
            .cloned()
            .collect(),
        None => old.as_array().cloned().unwrap_or_default(),
    };
    for (n, (name, data)) in files.iter().enumerate() {
        let id = first_id + n as u64;
        let url = format!("https://cdn.discordapp.com/attachments/{channel}/{id}/{name}");
        let mut attachment = json!({
            "id": id.to_string(),
            "filename": name,
            "size": data.len(),
            "url": url,
            "proxy_url": url,
        });
        if let Some(description) = entry_of(n).and_then(|entry| entry["description"].as_str()) {
            attachment["description"] = json!(description);
        }
        attachments.push(attachment);
    }
    json!(attachments)
}

/// A message of `author` with `content` and nothing else, as Discord returns it.
fn plain_message(id: u64, channel: u64, author: Value, content: &str) -> Value {
    json!({
        "id": id.to_string(),
        "channel_id": channel.to_string(),
        "author": author,
        "content": content,
        "timestamp": timestamp(),
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "components": [],
        "pinned": false,
        "type": 0,
        "flags": 0,
    })
}

/// Gives every select menu the `min_values` and `max_values` Discord fills in when a request leaves
/// them out (1 and 1: <https://discord.com/developers/docs/components/reference#string-select>).
fn fill_select_defaults(components: &mut Value) {
    for row in components.as_array_mut().into_iter().flatten() {
        for component in row["components"].as_array_mut().into_iter().flatten() {
            if component["type"] == 3 {
                for key in ["min_values", "max_values"] {
                    if component[key].is_null() {
                        component[key] = json!(1);
                    }
                }
            }
        }
    }
}

/// Gives every component without an `id` the next number, depth first from 1, as Discord does: "if
/// not specified, one will be auto-populated through an increment sequence"
/// (<https://discord.com/developers/docs/components/reference#anatomy-of-a-component>).
fn number_components(components: &mut Value, last: &mut u64) {
    let Some(components) = components.as_array_mut() else {
        return;
    };
    for component in components {
        match component["id"].as_u64() {
            Some(id) => *last = id,
            None => {
                *last += 1;
                component["id"] = json!(*last);
            }
        }
        if let Some(children) = component.get_mut("components") {
            number_components(children, last);
        }
    }
}

fn bot_user() -> Value {
    json!({
        "id": FakeDiscord::BOT_ID.to_string(),
        "username": "Roundhouse",
        "global_name": null,
        "discriminator": "0",
        "avatar": null,
        "bot": true,
        "verified": true,
        "mfa_enabled": false,
        "locale": "en-US",
        "flags": 0,
        "public_flags": 0,
        "primary_guild": null,
    })
}

fn application_info() -> Value {
    json!({
        "id": FakeDiscord::APP_ID.to_string(),
        "name": "Roundhouse",
        "icon": null,
        "description": "A fake application",
        "bot_public": false,
        "bot_require_code_grant": false,
        "owner": {"id": "1", "username": "owner", "discriminator": "0", "avatar": null},
        "verify_key": "0".repeat(64),
        "team": null,
        "flags": 0,
        "bot": bot_user(),
    })
}

// ---------------------------------------------------------------------------------------------
// Small helpers

/// A JSON value as text: strings as they are, anything else (numbers) as JSON, null as "".
fn text_of(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// A snowflake given as a string or a number.
fn snowflake_of(value: &Value) -> Option<u64> {
    match value {
        Value::String(s) => s.parse().ok(),
        other => other.as_u64(),
    }
}

fn collect_custom_ids(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Array(items) => items.iter().for_each(|item| collect_custom_ids(item, out)),
        Value::Object(object) => {
            if let Some(id) = object.get("custom_id").and_then(Value::as_str) {
                out.push(id.to_owned());
            }
            if let Some(children) = object.get("components") {
                collect_custom_ids(children, out);
            }
        }
        _ => {}
    }
}

/// Panics if `component` is disabled: the Discord client offers no click on a disabled button or
/// menu (<https://discord.com/developers/docs/components/reference#button>, "disabled?: Whether
/// the button is disabled (defaults to false)"; the same for a string select).
fn assert_enabled(component: &Value, custom_id: &str) {
    assert!(
        component["disabled"] != true,
        "fake Discord: `{custom_id}` is disabled; the client cannot use it"
    );
}

fn find_component<'a>(components: &'a Value, custom_id: &str) -> Option<&'a Value> {
    match components {
        Value::Array(items) => items
            .iter()
            .find_map(|item| find_component(item, custom_id)),
        Value::Object(object)
            if object.get("custom_id").and_then(Value::as_str) == Some(custom_id) =>
        {
            Some(components)
        }
        Value::Object(object) => find_component(object.get("components")?, custom_id),
        _ => None,
    }
}

fn unix_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// The current time as an ISO 8601 timestamp, as Discord writes them.
fn timestamp() -> String {
    let ms = unix_ms();
    let (days, rest) = (ms / 86_400_000, ms % 86_400_000);
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:03}000+00:00",
        rest / 3_600_000,
        rest / 60_000 % 60,
        rest / 1000 % 60,
        rest % 1000
    )
}

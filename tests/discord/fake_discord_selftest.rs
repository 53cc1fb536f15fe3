//! Proves the fake Discord harness against a minimal poise bot defined here (not the product's
//! bot): registration, slash commands with a subcommand and autocomplete, a deferred reply with a
//! follow-up, an attachment with a button and its click, an ephemeral reply edited later, a
//! channel message, a restarted bot, the record of unexpected requests, the REST server's
//! handling of chunked multipart bodies on a kept-alive connection, and the refusals of Discord's
//! limits (autocomplete values, components), its 429 answers and rate limit headers, and its
//! de-duplication of channel messages by nonce and its listing of a channel's history, reached over
//! TLS as discord.com.

use crate::fake_discord;

use std::sync::Arc;
use std::time::Duration;

use fake_discord::{ATTACHMENT_SIZE_LIMIT, FakeDiscord, FakeUser};
use poise::serenity_prelude as serenity;
use serde_json::json;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::task::JoinHandle;

const GUILD: u64 = 900_000_000_000_000_001;
const CHANNEL: u64 = 900_000_000_000_000_002;
const WAIT: Duration = Duration::from_secs(60);
const GAMES: [&str; 3] = ["yardmaster", "yardsale", "caboose"];

struct Data;
type Error = Box<dyn std::error::Error + Send + Sync>;
type Context<'a> = poise::Context<'a, Data, Error>;

/// The board picture the test bot sends: bytes that must come back exactly, including a CRLF
/// and dashes that look like a multipart boundary.
fn board_bytes() -> Vec<u8> {
    let mut bytes = b"\x89PNG\r\n\x1a\n\r\n--not-a-boundary\r\n".to_vec();
    bytes.extend((0..70_000u32).map(|n| (n.wrapping_mul(2_654_435_761) >> 24) as u8));
    bytes
}

/// What a user types to make the test bot suggest a value longer than Discord allows.
const TOO_LONG: &str = "too-long";

async fn complete_game(_ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    if partial == TOO_LONG {
        let choice = serenity::AutocompleteChoice::new("long", "v".repeat(101));
        return serenity::CreateAutocompleteResponse::new().set_choices(vec![choice]);
    }
    let choices = GAMES
        .iter()
        .filter(|game| game.starts_with(partial))
        .map(|game| serenity::AutocompleteChoice::new(*game, *game))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Game commands.
#[poise::command(slash_command, subcommands("game_new"))]
async fn game(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Start a new game.
#[poise::command(slash_command, rename = "new")]
async fn game_new(
    ctx: Context<'_>,
    #[description = "Which game"]
    #[autocomplete = "complete_game"]
    game: String,
    #[description = "How many rounds"] rounds: Option<i64>,
) -> Result<(), Error> {
    ctx.defer().await?;
    let author = ctx.author().id;
    let reply = poise::CreateReply::default()
        .content(format!(
            "<@{author}> started {game} ({} rounds)",
            rounds.unwrap_or(1)
        ))
        .allowed_mentions(serenity::CreateAllowedMentions::new().users([author]));
    ctx.send(reply).await?;
    ctx.say("Good luck!").await?;
    Ok(())
}

/// Show the board.
#[poise::command(slash_command)]
async fn board(ctx: Context<'_>) -> Result<(), Error> {
    let refresh = serenity::CreateButton::new("board-refresh").label("Refresh");
    let flip = serenity::CreateButton::new("board-flip").label("Flip");
    let reply = poise::CreateReply::default()
        .content("Here is the board")
        .attachment(serenity::CreateAttachment::bytes(
            board_bytes(),
            "board.png",
        ))
        .components(vec![serenity::CreateActionRow::Buttons(vec![
            refresh, flip,
        ])]);
    ctx.send(reply).await?;
    Ok(())
}

/// Whisper a secret.
#[poise::command(slash_command)]
async fn secret(ctx: Context<'_>) -> Result<(), Error> {
    let reply = poise::CreateReply::default()
        .content("Only you can see this")
        .ephemeral(true);
    let handle = ctx.send(reply).await?;
    let edit = poise::CreateReply::default().content("Only you can see this (edited)");
    handle.edit(ctx, edit).await?;
    Ok(())
}

/// Answer late, publicly
///
/// Defers publicly, then asks for an ephemeral follow-up (which Discord shows publicly), then
/// pings the caller, and someone the allowed mentions leave out, in a channel message.
#[poise::command(slash_command)]
async fn late(ctx: Context<'_>) -> Result<(), Error> {
    ctx.defer().await?;
    let author = ctx.author().id;
    let only_author = || serenity::CreateAllowedMentions::new().users([author]);
    let hidden = poise::CreateReply::default()
        .content(format!("<@{author}> meant for you only"))
        .allowed_mentions(only_author())
        .ephemeral(true);
    ctx.send(hidden).await?;
    let ping = serenity::CreateMessage::new()
        .content(format!("<@{author}> <@!{LEFT_OUT}> your turn"))
        .allowed_mentions(only_author());
    ctx.channel_id().send_message(ctx, ping).await?;
    Ok(())
}

/// A user mentioned but not allowed to be pinged.
const LEFT_OUT: u64 = 800_000_000_000_000_099;

/// Answers a click on the board's button: updates the message and posts in the channel.
async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    let ctx = framework.serenity_context;
    let serenity::FullEvent::InteractionCreate { interaction } = event else {
        return Ok(());
    };
    let serenity::Interaction::Component(click) = interaction else {
        return Ok(());
    };
    if click.data.custom_id == "board-refresh" {
        let update = serenity::CreateInteractionResponseMessage::new()
            .content(format!("Board refreshed by {}", click.user.name));
        click
            .create_response(
                ctx,
                serenity::CreateInteractionResponse::UpdateMessage(update),
            )
            .await?;
        click.channel_id.say(ctx, "The board changed").await?;
    } else if click.data.custom_id == "board-flip" {
        // Slow work: defer the update, edit the message afterwards, then read it back.
        click.defer(ctx).await?;
        let edit = serenity::EditInteractionResponse::new().content("Board flipped");
        click.edit_response(ctx, edit).await?;
        let shown = click.get_response(ctx).await?;
        let note = format!("Now showing: {}", shown.content);
        click.channel_id.say(ctx, note).await?;
    }
    Ok(())
}

/// A running test bot.
struct Bot {
    shards: Arc<serenity::ShardManager>,
    http: Arc<serenity::Http>,
    task: JoinHandle<()>,
}

impl Bot {
    /// Builds the test bot against the fake and starts it in a task.
    async fn start(fake: &FakeDiscord) -> Self {
        let framework = poise::Framework::builder()
            .options(poise::FrameworkOptions {
                commands: vec![game(), board(), secret(), late()],
                event_handler: |framework, event| Box::pin(on_event(framework, event)),
                ..Default::default()
            })
            .initialize_owners(false)
            .setup(|ctx, _ready, framework| {
                Box::pin(async move {
                    let guild = serenity::GuildId::new(GUILD);
                    poise::builtins::register_in_guild(ctx, &framework.options().commands, guild)
                        .await?;
                    Ok(Data)
                })
            })
            .build();
        let http = serenity::HttpBuilder::new(FakeDiscord::TOKEN)
            .client(fake.http_client())
            .build();
        let mut client = serenity::ClientBuilder::new_with_http(
            http,
            serenity::GatewayIntents::non_privileged(),
        )
        .framework(framework)
        .await
        .expect("build the serenity client");
        let shards = Arc::clone(&client.shard_manager);
        let http = Arc::clone(&client.http);
        let task = tokio::spawn(async move {
            if let Err(why) = client.start().await {
                panic!("the test bot stopped with an error: {why}");
            }
        });
        Self { shards, http, task }
    }

    /// Shuts the bot down and checks that it stops within a few seconds.
    async fn stop(self) {
        self.shards.shutdown_all().await;
        tokio::time::timeout(WAIT, self.task)
            .await
            .expect("the client stops after shutdown_all")
            .expect("the client task ends without panicking");
    }
}

fn alice() -> FakeUser {
    FakeUser::new(800_000_000_000_000_001, "alice")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bot_identifies_registers_and_answers_a_deferred_subcommand() {
    let fake = FakeDiscord::start().await;
    let bot = Bot::start(&fake).await;

    let sessions = fake.wait_sessions(1, WAIT).await;
    assert_eq!(sessions[0]["token"], format!("Bot {}", FakeDiscord::TOKEN));
    let intents = serenity::GatewayIntents::non_privileged().bits();
    assert_eq!(sessions[0]["intents"], json!(intents));

    let commands = fake.wait_commands(WAIT).await;
    let names: Vec<&str> = commands.iter().filter_map(|c| c["name"].as_str()).collect();
    assert_eq!(names, ["game", "board", "secret", "late"]);
    let game = &commands[0];
    assert_eq!(game["guild_id"], GUILD.to_string());
    assert_eq!(game["options"][0]["name"], "new");
    assert_eq!(game["options"][0]["type"], 1);
    assert_eq!(game["options"][0]["options"][0]["autocomplete"], true);

    let user = alice();
    let id = fake
        .slash(
            &user,
            GUILD,
            CHANNEL,
            "game new",
            json!({"game": "yardmaster", "rounds": 3}),
        )
        .await;
    let reply = fake.reply(id, WAIT).await;
    assert_eq!(
        reply.content,
        format!("<@{}> started yardmaster (3 rounds)", user.id)
    );
    assert_eq!(reply.allowed_user_mentions, [user.id]);
    assert!(!reply.ephemeral);
    assert!(reply.at - fake.dispatched_at(id) < Duration::from_secs(3));
    assert!(
        reply.notified.is_empty(),
        "completing a deferral pings nobody"
    );

    let followups = fake.followups(id, WAIT, 1).await;
    assert_eq!(followups.len(), 1);
    assert_eq!(followups[0].content, "Good luck!");

    assert_eq!(fake.unexpected_requests(), Vec::<String>::new());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn autocomplete_attachment_button_and_ephemeral_reply() {
    let fake = FakeDiscord::start().await;
    let bot = Bot::start(&fake).await;
    fake.wait_ready(WAIT).await;
    fake.wait_commands(WAIT).await;
    let user = alice().with_manage_channels();

    let id = fake
        .autocomplete(
            &user,
            GUILD,
            CHANNEL,
            "game new",
            json!({"game": "yard"}),
            "game",
        )
        .await;
    let choices = fake.reply(id, WAIT).await;
    assert_eq!(choices.callback_type, Some(8));
    let expected = [("yardmaster", "yardmaster"), ("yardsale", "yardsale")]
        .map(|(name, value)| (name.to_owned(), value.to_owned()));
    assert_eq!(choices.choices, expected);

    let id = fake.slash(&user, GUILD, CHANNEL, "board", json!({})).await;
    let board = fake.reply(id, WAIT).await;
    assert_eq!(board.callback_type, Some(4));
    assert_eq!(board.content, "Here is the board");
    assert_eq!(board.attachments, [("board.png".to_owned(), board_bytes())]);
    assert_eq!(board.custom_ids, ["board-refresh", "board-flip"]);
    assert!(board_bytes().len() as u64 <= ATTACHMENT_SIZE_LIMIT);

    let click = fake
        .click(&user, GUILD, CHANNEL, &board, "board-refresh")
        .await;
    let updated = fake.reply(click, WAIT).await;
    assert_eq!(updated.callback_type, Some(7));
    assert_eq!(updated.content, "Board refreshed by alice");
    assert_eq!(
        updated.message["id"], board.message["id"],
        "an update edits the clicked message"
    );
    assert_eq!(
        updated.custom_ids,
        ["board-refresh", "board-flip"],
        "components stay when not replaced"
    );
    let posted = fake.wait_channel_messages(CHANNEL, 1, WAIT).await;
    assert_eq!(posted[0].content, "The board changed");

    let click = fake
        .click(&user, GUILD, CHANNEL, &updated, "board-flip")
        .await;
    let flipped = fake.reply(click, WAIT).await;
    assert_eq!(
        flipped.callback_type, None,
        "the edit of @original after a deferral"
    );
    assert_eq!(flipped.content, "Board flipped");
    assert_eq!(flipped.message["id"], board.message["id"]);
    let posted = fake.wait_channel_messages(CHANNEL, 2, WAIT).await;
    assert_eq!(posted[1].content, "Now showing: Board flipped");
    assert_eq!(fake.channel_message_count(CHANNEL), 2);

    let id = fake.slash(&user, GUILD, CHANNEL, "secret", json!({})).await;
    let secret = fake.reply(id, WAIT).await;
    assert!(secret.ephemeral);
    assert_eq!(secret.raw["data"]["flags"], 64);
    let edits = fake.edits(id, WAIT, 1).await;
    assert_eq!(edits[0].content, "Only you can see this (edited)");
    assert!(
        edits[0].ephemeral,
        "an ephemeral message stays ephemeral when edited"
    );

    assert_eq!(fake.unexpected_requests(), Vec::<String>::new());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn restarted_bot_gets_a_new_session_and_unknown_calls_are_recorded() {
    let fake = FakeDiscord::start().await;
    let first = Bot::start(&fake).await;
    fake.wait_sessions(1, WAIT).await;
    fake.wait_commands(WAIT).await;
    first.stop().await;

    let second = Bot::start(&fake).await;
    assert_eq!(fake.wait_sessions(2, WAIT).await.len(), 2);
    let id = fake
        .slash(&alice(), GUILD, CHANNEL, "secret", json!({}))
        .await;
    assert_eq!(fake.reply(id, WAIT).await.content, "Only you can see this");

    // A call the fake does not serve is refused and recorded.
    let refused = second
        .http
        .get_channel(serenity::ChannelId::new(CHANNEL))
        .await;
    assert!(refused.is_err());
    let unexpected = fake.unexpected_requests();
    assert_eq!(unexpected.len(), 1, "{unexpected:?}");
    assert!(
        unexpected[0].starts_with(&format!("GET /api/v10/channels/{CHANNEL}")),
        "{unexpected:?}"
    );
    second.stop().await;
}

/// Reads one HTTP response (status and JSON body, by `content-length`) from a raw connection.
async fn read_response<R: AsyncBufReadExt + Unpin>(reader: &mut R) -> (u16, serde_json::Value) {
    let (status, _, body) = read_response_with_headers(reader).await;
    (status, body)
}

/// Reads one HTTP response: status, headers (names in lower case) and JSON body.
async fn read_response_with_headers<R: AsyncBufReadExt + Unpin>(
    reader: &mut R,
) -> (u16, Vec<(String, String)>, serde_json::Value) {
    let mut line = String::new();
    reader
        .read_line(&mut line)
        .await
        .expect("read the status line");
    let status = line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status");
    let mut headers = Vec::new();
    loop {
        line.clear();
        reader.read_line(&mut line).await.expect("read a header");
        if line.trim().is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            headers.push((name.trim().to_ascii_lowercase(), value.trim().to_owned()));
        }
    }
    let length = headers
        .iter()
        .find(|(name, _)| name == "content-length")
        .map_or(0, |(_, value)| {
            value.parse().expect("a numeric content-length")
        });
    let mut body = vec![0; length];
    reader.read_exact(&mut body).await.expect("read the body");
    (
        status,
        headers,
        serde_json::from_slice(&body).expect("a JSON body"),
    )
}

/// Sends one JSON request with the bot's token on a raw connection and reads the answer.
async fn raw_request(
    stream: &mut BufReader<TcpStream>,
    method: &str,
    path: &str,
    body: &serde_json::Value,
) -> (u16, Vec<(String, String)>, serde_json::Value) {
    // `null` sends no body at all, as a GET does.
    let (body, content_type) = match body {
        serde_json::Value::Null => (String::new(), ""),
        body => (body.to_string(), "Content-Type: application/json\r\n"),
    };
    let request = format!(
        "{method} /api/v10/{path} HTTP/1.1\r\nHost: fake\r\nAuthorization: Bot {}\r\n\
         {content_type}Content-Length: {}\r\n\r\n{body}",
        FakeDiscord::TOKEN,
        body.len()
    );
    stream
        .write_all(request.as_bytes())
        .await
        .expect("send the request");
    read_response_with_headers(stream).await
}

async fn raw_connection(fake: &FakeDiscord) -> BufReader<TcpStream> {
    let address = fake.api_url().trim_start_matches("http://").to_owned();
    let stream = TcpStream::connect(address)
        .await
        .expect("connect to the fake REST server");
    BufReader::new(stream)
}

/// A message with `rows` action rows of `per_row` buttons, the first with `custom_id` and `label`.
fn buttons(rows: usize, per_row: usize, custom_id: &str, label: &str) -> serde_json::Value {
    let rows: Vec<_> = (0..rows)
        .map(|r| {
            let buttons: Vec<_> = (0..per_row)
                .map(|b| {
                    let (id, text) = if r == 0 && b == 0 {
                        (custom_id.to_owned(), label.to_owned())
                    } else {
                        (format!("b{r}-{b}"), "ok".to_owned())
                    };
                    json!({"type": 2, "style": 1, "custom_id": id, "label": text})
                })
                .collect();
            json!({"type": 1, "components": buttons})
        })
        .collect();
    json!({"content": "buttons", "components": rows})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_autocomplete_value_longer_than_100_characters_is_refused_and_recorded() {
    let fake = FakeDiscord::start().await;
    let bot = Bot::start(&fake).await;
    fake.wait_commands(WAIT).await;
    fake.autocomplete(
        &alice(),
        GUILD,
        CHANNEL,
        "game new",
        json!({ "game": TOO_LONG }),
        "game",
    )
    .await;
    let refused = fake.wait_unexpected(1, WAIT).await;
    assert!(
        refused[0].contains("/callback") && refused[0].contains("not 1 to 100 characters"),
        "{refused:?}"
    );
    bot.stop().await;
}

#[tokio::test]
async fn components_beyond_discords_limits_are_refused_with_invalid_form_body() {
    let fake = FakeDiscord::start().await;
    let mut stream = raw_connection(&fake).await;
    let path = format!("channels/{CHANNEL}/messages");
    let at_limits = buttons(5, 5, &"i".repeat(100), &"l".repeat(80));
    let (status, _, _) = raw_request(&mut stream, "POST", &path, &at_limits).await;
    assert_eq!(
        status, 200,
        "5 rows of 5, a 100-character id, an 80-character label"
    );

    let too_much = [
        buttons(6, 1, "a", "a"),
        buttons(1, 6, "a", "a"),
        buttons(1, 1, &"i".repeat(101), "a"),
        buttons(1, 1, "", "a"),
        buttons(1, 1, "a", &"l".repeat(81)),
    ];
    for body in &too_much {
        let (status, _, answer) = raw_request(&mut stream, "POST", &path, body).await;
        assert_eq!(
            (status, answer["code"].clone()),
            (400, json!(50035)),
            "{body}"
        );
    }
    assert_eq!(fake.channel_message_count(CHANNEL), 1);
    assert_eq!(fake.unexpected_requests().len(), too_much.len());
}

/// A message with one string select menu `custom_id` of `options` options, whose first has `label`
/// and `value`, and a button beside it when `crowded`.
fn select(options: usize, label: &str, value: &str, crowded: bool) -> serde_json::Value {
    let options: Vec<_> = (0..options)
        .map(|n| match n {
            0 => json!({"label": label, "value": value}),
            n => json!({"label": format!("option {n}"), "value": n.to_string()}),
        })
        .collect();
    let mut row = vec![json!({"type": 3, "custom_id": "menu", "options": options})];
    if crowded {
        row.push(json!({"type": 2, "style": 1, "custom_id": "b", "label": "b"}));
    }
    json!({"content": "select", "components": [{"type": 1, "components": row}]})
}

#[tokio::test]
async fn select_menus_beyond_discords_limits_are_refused_with_invalid_form_body() {
    let fake = FakeDiscord::start().await;
    let mut stream = raw_connection(&fake).await;
    let path = format!("channels/{CHANNEL}/messages");
    let at_limits = select(25, &"l".repeat(100), &"v".repeat(100), false);
    let (status, _, _) = raw_request(&mut stream, "POST", &path, &at_limits).await;
    assert_eq!(status, 200, "25 options, 100-character labels and values");

    // The first three by Discord's description, the others by the rules it leaves out.
    let too_much = [
        select(26, "a", "a", false),
        select(1, &"l".repeat(101), "a", false),
        select(1, "a", &"v".repeat(101), false),
        select(2, "a", "1", false),
        select(1, "a", "a", true),
        buttons(1, 2, "b0-1", "twice"),
    ];
    for body in &too_much {
        let (status, _, answer) = raw_request(&mut stream, "POST", &path, body).await;
        assert_eq!(
            (status, answer["code"].clone()),
            (400, json!(50035)),
            "{body}"
        );
    }
    assert_eq!(fake.channel_message_count(CHANNEL), 1);
    assert_eq!(
        fake.unexpected_requests().len(),
        too_much.len(),
        "{:#?}",
        fake.unexpected_requests()
    );
}

#[tokio::test]
async fn a_rate_limited_route_answers_429_as_discord_documents_and_records_an_early_retry() {
    let fake = FakeDiscord::start().await;
    fake.rate_limit("GET /users/@me", 1, Duration::from_millis(2500));
    let mut stream = raw_connection(&fake).await;
    let (status, headers, body) = raw_request(&mut stream, "GET", "users/@me", &json!(null)).await;
    assert_eq!(status, 429);
    assert_eq!(body["retry_after"], json!(2.5));
    assert_eq!(body["global"], json!(false));
    let header = |name: &str| {
        headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
            .unwrap_or_else(|| panic!("no {name} header in {headers:?}"))
    };
    assert_eq!(header("retry-after"), "3", "whole seconds, rounded up");
    assert_eq!(header("x-ratelimit-remaining"), "0");
    assert_eq!(header("x-ratelimit-reset-after"), "2.500");
    assert_eq!(header("x-ratelimit-scope"), "user");
    assert_eq!(fake.unexpected_requests(), Vec::<String>::new());

    // Asking again at once, before retry_after has passed, is refused again and recorded.
    let (status, _, _) = raw_request(&mut stream, "GET", "users/@me", &json!(null)).await;
    assert_eq!(status, 429);
    assert_eq!(fake.rate_limited("GET /users/@me"), 2);
    let unexpected = fake.unexpected_requests();
    assert_eq!(unexpected.len(), 1, "{unexpected:?}");
    assert!(unexpected[0].contains("retry_after"), "{unexpected:?}");
}

#[tokio::test]
async fn rest_server_reads_chunked_multipart_on_a_kept_alive_connection() {
    let fake = FakeDiscord::start().await;
    let address = fake.api_url().trim_start_matches("http://").to_owned();
    let stream = TcpStream::connect(address)
        .await
        .expect("connect to the fake REST server");
    let mut stream = BufReader::new(stream);

    let file = board_bytes();
    let mut body = Vec::new();
    body.extend_from_slice(b"--XyZ\r\nContent-Disposition: form-data; name=\"files[0]\"; ");
    body.extend_from_slice(b"filename=\"board.png\"\r\nContent-Type: image/png\r\n\r\n");
    body.extend_from_slice(&file);
    body.extend_from_slice(
        b"\r\n--XyZ\r\nContent-Disposition: form-data; name=\"payload_json\"\r\n\r\n",
    );
    body.extend_from_slice(br#"{"content":"raw upload","allowed_mentions":{"users":["42"]}}"#);
    body.extend_from_slice(b"\r\n--XyZ--\r\n");
    let mut request = format!(
        "POST /api/v10/channels/{CHANNEL}/messages HTTP/1.1\r\nHost: fake\r\n\
         Authorization: Bot {}\r\nContent-Type: multipart/form-data; boundary=XyZ\r\n\
         Transfer-Encoding: chunked\r\n\r\n",
        FakeDiscord::TOKEN
    )
    .into_bytes();
    for chunk in body.chunks(4093) {
        request.extend_from_slice(format!("{:x}\r\n", chunk.len()).as_bytes());
        request.extend_from_slice(chunk);
        request.extend_from_slice(b"\r\n");
    }
    request.extend_from_slice(b"0\r\n\r\n");
    stream
        .write_all(&request)
        .await
        .expect("send the chunked request");
    let (status, message) = read_response(&mut stream).await;
    assert_eq!(status, 200);
    assert_eq!(message["content"], "raw upload");
    assert_eq!(message["attachments"][0]["filename"], "board.png");
    assert_eq!(message["attachments"][0]["size"], file.len());

    let me = format!(
        "GET /api/v10/users/@me HTTP/1.1\r\nHost: fake\r\nAuthorization: Bot {}\r\n\
         Connection: close\r\n\r\n",
        FakeDiscord::TOKEN
    );
    stream
        .write_all(me.as_bytes())
        .await
        .expect("send a second request on the connection");
    let (status, user) = read_response(&mut stream).await;
    assert_eq!(
        (status, user["id"].clone()),
        (200, json!(FakeDiscord::BOT_ID.to_string()))
    );
    let mut rest = Vec::new();
    let closed = tokio::time::timeout(WAIT, stream.read_to_end(&mut rest)).await;
    assert!(
        matches!(closed, Ok(Ok(0))),
        "the server closes after `Connection: close`"
    );

    let sent = fake.channel_messages(CHANNEL);
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].attachments, [("board.png".to_owned(), file)]);
    assert_eq!(sent[0].allowed_user_mentions, [42]);
    assert_eq!(fake.unexpected_requests(), Vec::<String>::new());
}

#[test]
fn members_get_manage_rights_one_by_one() {
    let admin = alice().with_manage_server();
    assert!(admin.manage_server && !admin.manage_channels);
    let moderator = alice().with_manage_channels();
    assert!(moderator.manage_channels && !moderator.manage_server);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_public_deferral_makes_its_first_follow_up_public_and_pings_nobody() {
    let fake = FakeDiscord::start().await;
    let bot = Bot::start(&fake).await;
    fake.wait_commands(WAIT).await;
    let user = alice();

    let id = fake.slash(&user, GUILD, CHANNEL, "late", json!({})).await;
    let reply = fake.reply(id, WAIT).await;
    assert_eq!(reply.content, format!("<@{}> meant for you only", user.id));
    assert_eq!(
        reply.raw["flags"],
        json!(64),
        "the bot asked for an ephemeral follow-up"
    );
    assert!(!reply.ephemeral, "the deferral's visibility wins");
    assert!(
        reply.notified.is_empty(),
        "completing a deferral pings nobody"
    );

    let posted = fake.wait_channel_messages(CHANNEL, 1, WAIT).await;
    assert_eq!(
        posted[0].notified,
        [user.id],
        "only the allowed mention pings"
    );
    assert_eq!(fake.notifications(CHANNEL, user.id).len(), 1);
    assert!(fake.was_notified(CHANNEL, user.id));
    assert!(!fake.was_notified(CHANNEL, LEFT_OUT));
    assert_eq!(fake.unexpected_requests(), Vec::<String>::new());
    bot.stop().await;
}

/// Posts `body` as a channel message through the fake's `https://discord.com`; returns the status,
/// the headers and the JSON answer.
async fn post_message(
    client: &reqwest::Client,
    body: serde_json::Value,
) -> (u16, reqwest::header::HeaderMap, serde_json::Value) {
    let response = client
        .post(format!(
            "https://discord.com/api/v10/channels/{CHANNEL}/messages"
        ))
        .header("authorization", format!("Bot {}", FakeDiscord::TOKEN))
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .await
        .expect("the fake answers over TLS as discord.com");
    let (status, headers) = (response.status().as_u16(), response.headers().clone());
    let text = response.text().await.expect("a body");
    (status, headers, serde_json::from_str(&text).expect("JSON"))
}

#[tokio::test]
async fn the_fake_sends_discords_rate_limit_headers_and_honours_enforced_nonces() {
    let fake = FakeDiscord::start().await;
    let client = fake.http_client();

    // https://discord.com/developers/docs/topics/rate-limits#header-format
    let (status, headers, first) = post_message(
        &client,
        json!({"content": "one", "nonce": "n1", "enforce_nonce": true}),
    )
    .await;
    assert_eq!(status, 200);
    for name in [
        "x-ratelimit-limit",
        "x-ratelimit-remaining",
        "x-ratelimit-reset",
        "x-ratelimit-reset-after",
        "x-ratelimit-bucket",
    ] {
        assert!(headers.contains_key(name), "{name} missing: {headers:?}");
    }

    // https://discord.com/developers/docs/resources/message#create-message: the same nonce with
    // enforce_nonce returns the message made before; without enforce_nonce a new one is made; a
    // nonce of more than 25 characters is refused.
    let (_, _, again) = post_message(
        &client,
        json!({"content": "one", "nonce": "n1", "enforce_nonce": true}),
    )
    .await;
    assert_eq!(again["id"], first["id"]);
    let (_, _, unenforced) = post_message(&client, json!({"content": "one", "nonce": "n1"})).await;
    assert_ne!(unenforced["id"], first["id"]);
    assert_eq!(fake.channel_message_count(CHANNEL), 2);
    let (status, _, _) =
        post_message(&client, json!({"content": "x", "nonce": "n".repeat(26)})).await;
    assert_eq!(status, 400);
    assert_eq!(fake.wait_unexpected(1, WAIT).await.len(), 1);

    // https://discord.com/developers/docs/topics/rate-limits#exceeding-a-rate-limit
    fake.global_rate_limit(1, Duration::from_millis(1500));
    let (status, headers, body) = post_message(&client, json!({"content": "two"})).await;
    assert_eq!(status, 429);
    assert_eq!(headers["x-ratelimit-global"], "true");
    assert_eq!(headers["x-ratelimit-scope"], "global");
    assert_eq!(headers["retry-after"], "2");
    assert_eq!(body["global"], true);
    assert_eq!(body["retry_after"], 1.5);
    assert_eq!(fake.globally_rate_limited(), 1);
}

/// Lists the messages of [`CHANNEL`] with `query` through the fake's `https://discord.com`; returns
/// the status and the JSON answer.
async fn list_messages(client: &reqwest::Client, query: &str) -> (u16, serde_json::Value) {
    let response = client
        .get(format!(
            "https://discord.com/api/v10/channels/{CHANNEL}/messages?{query}"
        ))
        .header("authorization", format!("Bot {}", FakeDiscord::TOKEN))
        .send()
        .await
        .expect("the fake answers over TLS as discord.com");
    let status = response.status().as_u16();
    let text = response.text().await.expect("a body");
    (status, serde_json::from_str(&text).expect("JSON"))
}

#[tokio::test]
async fn the_fake_lists_a_channels_history_as_discord_documents() {
    let fake = FakeDiscord::start().await;
    let client = fake.http_client();
    let mut ids = Vec::new();
    for n in 0..5 {
        let body = json!({"content": format!("post {n}"), "nonce": format!("n{n}"), "enforce_nonce": true});
        let (_, _, made) = post_message(&client, body).await;
        ids.push(made["id"].as_str().unwrap().parse::<u64>().unwrap());
    }
    fake.member_says(&alice(), CHANNEL, "hello");
    let contents = |page: &serde_json::Value| -> Vec<String> {
        page.as_array()
            .expect("an array of messages")
            .iter()
            .map(|m| m["content"].as_str().unwrap().to_owned())
            .collect()
    };

    // https://discord.com/developers/docs/resources/message#get-channel-messages: the newest 50
    // without parameters (newest first, as Discord answers), each by its author, without the nonce
    // (shown only in the create response and the Message Create event).
    let (status, all) = list_messages(&client, "").await;
    assert_eq!(status, 200);
    assert_eq!(
        contents(&all),
        ["hello", "post 4", "post 3", "post 2", "post 1", "post 0"]
    );
    assert!(
        all.as_array()
            .unwrap()
            .iter()
            .all(|m| m.get("nonce").is_none())
    );
    assert_eq!(all[0]["author"]["id"], alice().id.to_string());
    assert_eq!(all[1]["author"]["id"], FakeDiscord::BOT_ID.to_string());
    // `after`, `before` and `around` a message, `limit` at a time.
    let (_, after) = list_messages(&client, &format!("after={}&limit=2", ids[1])).await;
    assert_eq!(contents(&after), ["post 3", "post 2"]);
    let (_, before) = list_messages(&client, &format!("before={}&limit=2", ids[3])).await;
    assert_eq!(contents(&before), ["post 2", "post 1"]);
    let (_, around) = list_messages(&client, &format!("around={}&limit=3", ids[2])).await;
    assert_eq!(contents(&around), ["post 3", "post 2", "post 1"]);
    let (_, last) = list_messages(&client, &format!("after={}&limit=100", ids[4])).await;
    assert_eq!(contents(&last), ["hello"]);

    // Refused with 400 and recorded: `limit` outside 1-100, two of the mutually exclusive
    // anchors, an anchor that is no snowflake, a parameter the page does not list.
    let refused = [
        "limit=0".to_owned(),
        "limit=101".to_owned(),
        format!("after={}&before={}", ids[0], ids[4]),
        "after=soon".to_owned(),
        "page=2".to_owned(),
    ];
    for query in &refused {
        let (status, _) = list_messages(&client, query).await;
        assert_eq!(status, 400, "{query}");
    }
    assert_eq!(
        fake.wait_unexpected(refused.len(), WAIT).await.len(),
        refused.len()
    );
}

//! The Discord bot end to end: the real `Bot` (poise on serenity) connected to a fake Discord on
//! loopback, driven through interaction payloads.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use roundhouse::discord::config::{Config, LimitsConfig, RemindersConfig};

use crate::fake_discord::{Answer, FakeDiscord, FakeUser, Sent};
use crate::running_bot::start_bot;
use roundhouse::store::Store;
use serde_json::json;

pub(crate) const GUILD: u64 = 900_000_000_000_000_001;
pub(crate) const CHANNEL: u64 = 910_000_000_000_000_001;
/// A bound on event-driven waits: generous, so a busy machine only makes tests slower, never red.
pub(crate) const WAIT: Duration = Duration::from_secs(60);
/// Held by the tests that load the machine most (fifty busy channels; two bot processes in forty
/// guilds), so that they run one after the other: side by side each slows the other past its waits.
pub(crate) static HEAVY_LOAD: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

pub(crate) fn alice() -> FakeUser {
    FakeUser::new(1_000_000_000_000_000_001, "alice")
}
pub(crate) fn bob() -> FakeUser {
    FakeUser::new(1_000_000_000_000_000_002, "bob")
}
pub(crate) fn carol() -> FakeUser {
    FakeUser::new(1_000_000_000_000_000_003, "carol")
}

pub(crate) fn config(db: &Path, reminders: RemindersConfig) -> Config {
    Config {
        reminders,
        // Two people play all fifty channels at once here; a real person has a few commands in flight.
        limits: LimitsConfig {
            user_in_flight: 100,
            ..LimitsConfig::default()
        },
        ..config_in(db, GUILD)
    }
}

/// The bot's settings for a test against `fake` in `guild`, with the database at `db`: default
/// reminders and limits.
pub(crate) fn config_in(db: &Path, guild: u64) -> Config {
    Config {
        token: Some(FakeDiscord::TOKEN.into()),
        database: db.to_path_buf().into(),
        guild_id: Some(guild),
        log_level: "warn".into(),
        reminders: RemindersConfig::default(),
        api_url: None,
        shards: None,
        limits: LimitsConfig::default(),
    }
}

pub(crate) async fn command(
    fake: &FakeDiscord,
    user: &FakeUser,
    name: &str,
    options: serde_json::Value,
) -> Sent {
    command_in(fake, user, CHANNEL, name, options).await
}

/// What a command showed: the message it posted in the channel (its public result), else its own
/// (private) answer. The bot posts the public result before it completes the interaction.
pub(crate) async fn command_in(
    fake: &FakeDiscord,
    user: &FakeUser,
    channel: u64,
    name: &str,
    options: serde_json::Value,
) -> Sent {
    let before = fake.channel_message_count(channel);
    let id = fake.slash(user, GUILD, channel, name, options).await;
    let answer = fake.reply(id, WAIT).await;
    shown(fake, channel, before, answer)
}

/// The id of a vote button of `sent` that answers `yes` or `no`.
pub(crate) fn vote_button(sent: &Sent, answer: &str) -> String {
    sent.custom_ids
        .iter()
        .find(|id| id.starts_with("rh:vote:") && id.ends_with(&format!(":{answer}")))
        .unwrap_or_else(|| panic!("no `{answer}` vote button: {sent:?}"))
        .clone()
}

/// What a click on `custom_id` of `message` showed, as [`command_in`].
pub(crate) async fn click(
    fake: &FakeDiscord,
    user: &FakeUser,
    message: &Sent,
    custom_id: &str,
) -> Sent {
    let before = fake.channel_message_count(CHANNEL);
    let id = fake.click(user, GUILD, CHANNEL, message, custom_id).await;
    let answer = fake.reply(id, WAIT).await;
    shown(fake, CHANNEL, before, answer)
}

/// Whether `sent` is a game's animation, which the bot posts in the background after the command
/// that ended the game (see `journey_replay`).
pub(crate) fn is_animation(sent: &Sent) -> bool {
    sent.attachments
        .iter()
        .any(|(name, _)| name.ends_with(".gif"))
}

/// The one channel message posted since `before` (a game's animation aside), else the
/// interaction's `answer`, which then must be private.
pub(crate) fn shown(fake: &FakeDiscord, channel: u64, before: usize, answer: Sent) -> Sent {
    let mut posted = fake.channel_messages_from(channel, before);
    posted.retain(|sent| !is_animation(sent));
    assert!(posted.len() <= 1, "one public post per command: {posted:?}");
    match posted.into_iter().next() {
        Some(public) => {
            assert!(
                answer.ephemeral,
                "the answer to the caller is private: {answer:?}"
            );
            public
        }
        None => answer,
    }
}

/// The one person pinged by a turn message (and notified by it).
pub(crate) fn pinged(sent: &Sent) -> u64 {
    assert_eq!(sent.allowed_user_mentions.len(), 1, "{sent:?}");
    assert_eq!(sent.notified, sent.allowed_user_mentions, "{sent:?}");
    sent.allowed_user_mentions[0]
}

pub(crate) fn user_by_id(id: u64) -> FakeUser {
    [alice(), bob(), carol()]
        .into_iter()
        .find(|u| u.id == id)
        .expect("a known user")
}

/// Checks that `step` was taken: its answer is its public post, or a private answer that is no
/// refusal or failure (what only the caller learnt, or that the step is shown in its turn's message).
pub(crate) fn assert_taken(answer: &Sent, step: &str) {
    let failed = ["Legal now", "went wrong", "try again", "nothing was done"];
    assert!(
        failed.iter().all(|words| !answer.content.contains(words)),
        "`{step}` failed: {answer:?}"
    );
}

/// The caller's legal moves through autocomplete: (label, notation).
pub(crate) async fn legal(
    fake: &FakeDiscord,
    user: &FakeUser,
    channel: u64,
    typed: &str,
) -> Vec<(String, String)> {
    let id = fake
        .autocomplete(
            user,
            GUILD,
            channel,
            "move",
            json!({ "action": typed }),
            "action",
        )
        .await;
    fake.reply(id, WAIT).await.choices
}

fn median(mut values: Vec<Duration>) -> Duration {
    values.sort();
    values[values.len() / 2]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_through_slash_commands_buttons_and_autocomplete() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let bot = start_bot(
        &fake,
        &config(&dir.path().join("d.db"), RemindersConfig::default()),
    )
    .await;
    fake.wait_ready(WAIT).await;
    let registered: Vec<String> = fake
        .wait_commands(WAIT)
        .await
        .iter()
        .filter_map(|c| c["name"].as_str().map(str::to_owned))
        .collect();
    for name in ["game", "move", "hand", "rules", "stats", "leaderboard"] {
        assert!(
            registered.iter().any(|r| r == name),
            "{name} in {registered:?}"
        );
    }
    let mut latencies = Vec::new();

    let games = fake
        .reply(
            fake.autocomplete(
                &alice(),
                GUILD,
                CHANNEL,
                "game new",
                json!({"game": "yard"}),
                "game",
            )
            .await,
            WAIT,
        )
        .await;
    assert_eq!(games.choices[0].1, "yardmaster");
    let opened = command(
        &fake,
        &alice(),
        "game new",
        json!({"game": "yardmaster", "options": "caboose=default"}),
    )
    .await;
    assert!(!opened.ephemeral);
    assert!(
        opened
            .content
            .contains("opened a game of Yardmaster Express"),
        "{}",
        opened.content
    );
    let again = command(&fake, &bob(), "game new", json!({"game": "yardmaster"})).await;
    assert!(
        again.ephemeral && again.content.contains("already has a game"),
        "{}",
        again.content
    );
    command(&fake, &bob(), "game join", json!({})).await;
    let twice = command(&fake, &bob(), "game join", json!({})).await;
    assert!(twice.ephemeral && twice.content.contains("already joined"));

    let start_id = fake
        .slash(&alice(), GUILD, CHANNEL, "game start", json!({}))
        .await;
    let acknowledged = fake.reply(start_id, WAIT).await;
    latencies.push(acknowledged.at - fake.dispatched_at(start_id));
    let started = fake.channel_messages(CHANNEL).pop().unwrap();
    assert!(!started.ephemeral);
    assert!(started.attachments[0].1.starts_with(PNG_SIGNATURE));
    assert!(started.custom_ids.contains(&"rh:hand".to_owned()));
    let mut to_act = user_by_id(pinged(&started));
    assert!(started.content.starts_with(&format!("<@{}>", to_act.id)));

    // The hand: private, with a picture; the other player holds nothing.
    let hand = command(&fake, &to_act, "hand", json!({})).await;
    assert!(hand.ephemeral);
    assert!(hand.attachments[0].1.starts_with(PNG_SIGNATURE));
    assert!(hand.content.contains("Your hand"), "{}", hand.content);
    let waiting = if to_act.id == alice().id {
        bob()
    } else {
        alice()
    };
    let empty = command(&fake, &waiting, "hand", json!({})).await;
    assert!(
        empty.ephemeral && empty.content.contains("hold no cards"),
        "{}",
        empty.content
    );
    let by_button = click(&fake, &to_act, &started, "rh:hand").await;
    assert!(by_button.ephemeral && !by_button.attachments.is_empty());

    // Autocomplete lists legal moves (notation as value, label as name), filtered by what is typed.
    let choices = legal(&fake, &to_act, CHANNEL, "").await;
    assert!(!choices.is_empty() && choices.len() <= 25);
    assert!(
        choices
            .iter()
            .all(|(name, value)| name.starts_with(value.as_str()))
    );
    let downs = legal(&fake, &to_act, CHANNEL, "down").await;
    assert!(downs.iter().all(|(_, value)| value.starts_with("down")));
    assert!(legal(&fake, &waiting, CHANNEL, "").await.is_empty());

    // Bad moves are answered privately with legal examples; a wrong player is told whose turn it is.
    let bad = command(&fake, &to_act, "move", json!({"action": "up Z9|Z9"})).await;
    assert!(
        bad.ephemeral && bad.content.contains("Legal now"),
        "{}",
        bad.content
    );
    let early = command(&fake, &waiting, "move", json!({"action": choices[0].1})).await;
    assert!(
        early.ephemeral && early.content.contains("not your turn"),
        "{}",
        early.content
    );

    // Four moves, each announced with a picture and a ping of the next player.
    for _ in 0..4 {
        let notation = legal(&fake, &to_act, CHANNEL, "").await[0].1.clone();
        let moved = command(&fake, &to_act, "move", json!({"action": notation})).await;
        assert!(!moved.ephemeral, "{}", moved.content);
        assert!(moved.content.contains("added"), "{}", moved.content);
        assert!(moved.attachments[0].1.starts_with(PNG_SIGNATURE));
        let next = user_by_id(pinged(&moved));
        assert_ne!(next.id, to_act.id);
        to_act = next;
    }

    // Undo with buttons: a refusal keeps the move, an agreement takes it back.
    let mover = to_act.clone();
    let other = if mover.id == alice().id {
        bob()
    } else {
        alice()
    };
    let notation = legal(&fake, &mover, CHANNEL, "").await[0].1.clone();
    command(&fake, &mover, "move", json!({"action": notation})).await;
    let ask = command(&fake, &mover, "game undo", json!({})).await;
    assert_eq!(ask.allowed_user_mentions, vec![other.id]);
    assert!(vote_button(&ask, "yes").starts_with("rh:vote:undo:"));
    let refused = click(&fake, &other, &ask, &vote_button(&ask, "no")).await;
    assert!(
        refused.content.contains("move stands"),
        "{}",
        refused.content
    );
    let ask = command(&fake, &mover, "game undo", json!({})).await;
    let not_yours = click(&fake, &mover, &ask, &vote_button(&ask, "yes")).await;
    assert!(not_yours.ephemeral, "{}", not_yours.content);
    let agreed = click(&fake, &other, &ask, &vote_button(&ask, "yes")).await;
    assert!(agreed.content.contains("taken back"), "{}", agreed.content);
    assert_eq!(pinged(&agreed), mover.id);

    // Rules, status, history, and the end: a resignation.
    let rules = command(&fake, &carol(), "rules", json!({"game": "yardmaster"})).await;
    assert!(rules.ephemeral && rules.content.chars().count() <= 2000);
    let unknown = command(&fake, &carol(), "rules", json!({"game": "chess"})).await;
    assert!(
        unknown.ephemeral && unknown.content.contains("yardmaster"),
        "{}",
        unknown.content
    );
    let status = command(&fake, &carol(), "game status", json!({})).await;
    assert!(status.content.contains("in play"), "{}", status.content);
    let outsider = command(&fake, &carol(), "game abort", json!({})).await;
    assert!(outsider.ephemeral, "{}", outsider.content);
    let history = command(&fake, &alice(), "game history", json!({})).await;
    assert!(history.ephemeral && history.content.contains("1."));
    let resigned = command(&fake, &bob(), "game resign", json!({})).await;
    assert!(
        resigned.content.contains("alice wins"),
        "{}",
        resigned.content
    );
    let stats = command(&fake, &alice(), "stats", json!({})).await;
    assert!(
        stats.content.contains("1 played, 1 won"),
        "{}",
        stats.content
    );
    let board = command(
        &fake,
        &alice(),
        "leaderboard",
        json!({"game": "yardmaster"}),
    )
    .await;
    assert!(board.content.contains("1. alice"), "{}", board.content);

    assert!(
        fake.unexpected_requests().is_empty(),
        "{:?}",
        fake.unexpected_requests()
    );
    println!(
        "first response after dispatch, median of {}: {:?}",
        latencies.len(),
        median(latencies)
    );
    bot.stop().await;
}

/// What a command in a busy channel came to, once the bot is done with it.
struct Settled {
    /// Its answer to the caller; `None` when its first response came after Discord's 3 s deadline
    /// (a busy machine), which the fake refused while the bot went on with the command.
    private: Option<Sent>,
}

/// Runs a command in `channel` and waits until the table is done with it, whether or not the bot
/// answered within Discord's deadline: after a refused first response, a private command sent after
/// it in the channel (commands in a channel run in the order they came) says when the first is done.
/// Its channel post, if any, may still be on its way then.
async fn settled(
    fake: &FakeDiscord,
    user: &FakeUser,
    channel: u64,
    name: &str,
    options: serde_json::Value,
) -> Settled {
    let id = fake.slash(user, GUILD, channel, name, options).await;
    let private = match fake.answer(id, WAIT).await {
        Answer::Replied(answer) => Some(*answer),
        Answer::TooLate => {
            loop {
                let behind = fake.slash(user, GUILD, channel, "hand", json!({})).await;
                if let Answer::Replied(_) = fake.answer(behind, WAIT).await {
                    break;
                }
            }
            None
        }
    };
    Settled { private }
}

/// Waits until `done` holds, panicking with `what` after [`WAIT`].
async fn eventually(what: &str, mut done: impl FnMut() -> bool) {
    let deadline = tokio::time::Instant::now() + WAIT;
    while !done() {
        assert!(
            tokio::time::Instant::now() < deadline,
            "not within {WAIT:?}: {what}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The moves `user` may make in `channel`, asked until an answer comes within Discord's deadline.
async fn legal_in_time(fake: &FakeDiscord, user: &FakeUser, channel: u64) -> Vec<(String, String)> {
    loop {
        let options = json!({ "action": "" });
        let id = fake
            .autocomplete(user, GUILD, channel, "move", options, "action")
            .await;
        if let Answer::Replied(answer) = fake.answer(id, WAIT).await {
            return answer.choices;
        }
    }
}

/// Who is to move in `channel` (of alice and bob, the one offered moves) and the first move offered.
async fn to_move(fake: &FakeDiscord, channel: u64) -> (FakeUser, String) {
    for user in [alice(), bob()] {
        if let Some((_, notation)) = legal_in_time(fake, &user, channel).await.first() {
            let notation = notation.clone();
            return (user, notation);
        }
    }
    panic!("nobody may move in channel {channel}")
}

/// Opens, fills and starts a game in `channel`, each command settled, and waits for the start's
/// post (the one that pings the first to move).
async fn started_in(fake: &FakeDiscord, channel: u64) {
    let game = json!({"game": "yardmaster"});
    settled(fake, &alice(), channel, "game new", game).await;
    settled(fake, &bob(), channel, "game join", json!({})).await;
    settled(fake, &alice(), channel, "game start", json!({})).await;
    eventually("the start posted", || {
        fake.channel_messages(channel)
            .iter()
            .any(|m| !m.allowed_user_mentions.is_empty())
    })
    .await;
}

/// Makes moves in `channel` until at least `count` were posted, each by whoever is to move then.
async fn moves_in(fake: &FakeDiscord, channel: u64, count: usize) {
    let start = fake.channel_message_count(channel);
    while fake.channel_message_count(channel) - start < count {
        let (mover, notation) = to_move(fake, channel).await;
        let moved = settled(fake, &mover, channel, "move", json!({"action": notation})).await;
        if let Some(answer) = moved.private {
            // Posted in the channel, or (under load) asked to retry; nothing else happens here.
            assert!(answer.ephemeral, "{answer:?}");
            assert!(
                answer.content == "Posted in the channel." || answer.content.contains("try again"),
                "{}",
                answer.content
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn simultaneous_moves_and_fifty_channels_lose_nothing() {
    let _alone = HEAVY_LOAD.lock().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("c.db");
    let fake = Arc::new(FakeDiscord::start().await);
    let bot = start_bot(&fake, &config(&db, RemindersConfig::default())).await;
    fake.wait_ready(WAIT).await;
    fake.wait_commands(WAIT).await;

    let channels: Vec<u64> = (0..50).map(|i| CHANNEL + 100 + i).collect();
    let mut posts_before_play = Vec::new();
    for &channel in &channels {
        started_in(&fake, channel).await;
        posts_before_play.push(fake.channel_message_count(channel));
    }

    // Two moves by the player to act at the same instant in one channel: exactly one is accepted.
    let first = channels[0];
    let (to_act, _) = to_move(&fake, first).await;
    let options = legal_in_time(&fake, &to_act, first).await;
    let (a, b) = (options[0].1.clone(), options[options.len() - 1].1.clone());
    let (one, two) = tokio::join!(
        settled(&fake, &to_act, first, "move", json!({ "action": a })),
        settled(&fake, &to_act, first, "move", json!({ "action": b }))
    );
    let answers: Vec<Sent> = [one.private, two.private].into_iter().flatten().collect();
    assert!(answers.iter().all(|s| s.ephemeral), "{answers:?}");
    if answers.len() == 2 {
        assert!(answers.iter().any(|s| s.content.contains("not your turn")));
    }
    eventually("the race's winner posted", || {
        fake.channel_message_count(first) > posts_before_play[0]
    })
    .await;

    // Fifty channels at once, six moves each, some of whose first responses come too late whatever
    // the machine's speed. Only what cannot depend on the machine's speed is asserted: every command
    // is answered, or refused by Discord for answering late (the bot then goes on, and a move it
    // makes is still posted in the channel); every move is stored once and announced once.
    fake.answer_late(20);
    let began = std::time::Instant::now();
    let workers: Vec<_> = channels
        .iter()
        .map(|&channel| {
            let fake = Arc::clone(&fake);
            tokio::spawn(async move { moves_in(&fake, channel, 6).await })
        })
        .collect();
    for worker in workers {
        worker.await.unwrap();
    }
    println!(
        "at least 300 moves in 50 channels in {:?} (each with autocomplete and a picture)",
        began.elapsed()
    );
    let (late, other): (Vec<String>, Vec<String>) = fake
        .unexpected_requests()
        .into_iter()
        .partition(|refused| refused.contains("(limit 3 s)"));
    assert_eq!(
        other,
        Vec::<String>::new(),
        "only late first responses refused"
    );
    assert!(late.len() >= 20, "{late:?}");
    let store = Store::open(&db).unwrap();
    for (&channel, before) in channels.iter().zip(posts_before_play) {
        let record = store.open_game(&channel.to_string()).unwrap().unwrap();
        let moves = store.moves(record.id).unwrap();
        let mut seqs: Vec<usize> = moves.iter().map(|m| m.seq).collect();
        seqs.dedup();
        assert_eq!(seqs.len(), moves.len(), "no move stored twice");
        let by_people = moves.iter().filter(|m| !m.by_bot).count();
        let least = 6 + usize::from(channel == first);
        assert!(by_people >= least, "{by_people} moves in channel {channel}");
        let what = format!("every stored move announced once in channel {channel}");
        eventually(&what, || {
            fake.channel_message_count(channel) - before == by_people
        })
        .await;
    }
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_continues_the_game_and_the_reminder_schedule() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("r.db");
    let fake = FakeDiscord::start().await;
    let reminders = RemindersConfig {
        schedule_hours: vec![1.5 / 3600.0, 600.0],
        check_every_secs: 1,
        ..RemindersConfig::default()
    };
    let settings = config(&db, reminders);
    let first = start_bot(&fake, &settings).await;
    fake.wait_ready(WAIT).await;
    fake.wait_commands(WAIT).await;
    command(&fake, &alice(), "game new", json!({"game": "yardmaster"})).await;
    command(&fake, &bob(), "game join", json!({})).await;
    let started = command(&fake, &alice(), "game start", json!({})).await;
    let to_act = user_by_id(pinged(&started));
    let before = fake.channel_message_count(CHANNEL);
    first.stop().await;

    tokio::time::sleep(Duration::from_secs(2)).await;
    let second = start_bot(&fake, &settings).await;
    fake.wait_sessions(2, WAIT).await;
    let reminded = fake.wait_channel_messages(CHANNEL, before + 1, WAIT).await;
    assert!(
        reminded[before].content.contains("Reminder"),
        "{}",
        reminded[before].content
    );
    assert_eq!(reminded[before].allowed_user_mentions, vec![to_act.id]);
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(
        fake.channel_message_count(CHANNEL),
        before + 1,
        "a reminder is never sent twice"
    );

    let notation = legal(&fake, &to_act, CHANNEL, "").await[0].1.clone();
    let moved = command(&fake, &to_act, "move", json!({"action": notation})).await;
    assert!(
        !moved.ephemeral,
        "the game goes on after the restart: {}",
        moved.content
    );
    second.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_solo_whistlewood_game_against_the_automa_through_discord() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let bot = start_bot(
        &fake,
        &config(&dir.path().join("w.db"), RemindersConfig::default()),
    )
    .await;
    fake.wait_ready(WAIT).await;
    fake.wait_commands(WAIT).await;
    let opened = command(
        &fake,
        &alice(),
        "game new",
        json!({"game": "whistlewood", "options": "level=3"}),
    )
    .await;
    assert!(
        opened.content.contains("Whistlewood Express"),
        "{}",
        opened.content
    );
    let started = command(&fake, &alice(), "game start", json!({})).await;
    assert!(started.attachments[0].1.starts_with(PNG_SIGNATURE));
    assert_eq!(pinged(&started), alice().id);

    let ends: Vec<String> = legal(&fake, &alice(), CHANNEL, "from")
        .await
        .into_iter()
        .map(|(_, notation)| notation)
        .collect();
    assert_eq!(ends, ["from left", "from right"]);
    // Alone against the Automa, alice owes every decision: her steps edit the message that began her
    // turn (the start), which shows what the Automa did in between.
    let chosen = command(&fake, &alice(), "move", json!({"action": "from right"})).await;
    assert_taken(&chosen, "from right");
    let chosen = fake
        .wait_message_showing(&started, WAIT, |content| {
            content.matches("The Automa places").count() == 3
        })
        .await;
    assert!(chosen.attachments[0].1.starts_with(PNG_SIGNATURE));
    let hand = command(&fake, &alice(), "hand", json!({})).await;
    assert!(
        hand.ephemeral && hand.content.contains("Your hand"),
        "{}",
        hand.content
    );

    // Play to the end with the first legal step, each shown in the turn's message until the end is
    // posted; every turn message and edit stays within Discord's limits (the fake refuses anything
    // longer than 2000 characters).
    let mut last = chosen;
    for _ in 0..200 {
        let steps = legal(&fake, &alice(), CHANNEL, "").await;
        let Some((_, notation)) = steps.first() else {
            break;
        };
        last = command(&fake, &alice(), "move", json!({"action": notation})).await;
        assert_taken(&last, notation);
    }
    assert!(
        last.content.contains("Automa (level 3)"),
        "{}",
        last.content
    );
    assert!(fake.unexpected_requests().is_empty());
    bot.stop().await;
}

#[test]
fn serve_with_a_bad_configuration_exits_2_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str], token: Option<&str>| {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_roundhouse"));
        command
            .args(args)
            .current_dir(dir.path())
            .env_remove("DISCORD_TOKEN");
        if let Some(token) = token {
            command.env("DISCORD_TOKEN", token);
        }
        command.output().unwrap()
    };
    let cases = [
        run(&["serve"], None),
        run(
            &["serve", "--config", "missing.toml"],
            Some(FakeDiscord::TOKEN),
        ),
        run(&["serve"], Some("not-a-token")),
    ];
    for out in cases {
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
        assert!(
            !stderr.contains("panicked") && !stderr.contains(FakeDiscord::TOKEN),
            "{stderr}"
        );
    }
}

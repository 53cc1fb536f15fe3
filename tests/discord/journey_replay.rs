//! `/game replay` as people use it: a private message with the board, the step's narration and the
//! controls; taps that step through the game edit it in place; a seat's own replay shows its hand,
//! a spectator's never does; and what leads nowhere is refused with a reason, changing nothing.

use std::path::Path;
use std::time::Duration;

use roundhouse::bots::BotLevel;
use roundhouse::rng::GameRng;
use roundhouse::store::{Status, Store};
use roundhouse::table::{Caller, Command, Place, Table, TableOptions};
use serde_json::{Value, json};

use crate::discord::{CHANNEL, GUILD, WAIT, alice, bob, command, command_in};
use crate::fake_discord::{FakeDiscord, FakeUser, Sent, perms};
use crate::journey_support::{dave, ready_bot};

const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";
/// A channel with no finished game.
const QUIET_CHANNEL: u64 = 910_000_000_000_000_077;

/// A table over `db` (without pictures) for playing in `channel` of [`GUILD`] before the bot starts,
/// with Alice as the caller.
fn table_before_the_bot(db: &Path, channel: u64) -> (Table, Place, Caller) {
    let table = Table::new(
        Store::open(db).unwrap(),
        TableOptions {
            pictures: false,
            ..TableOptions::default()
        },
    );
    let place = Place {
        channel: channel.to_string(),
        guild: Some(GUILD.to_string()),
    };
    (table, place, Caller::new(alice().id.to_string(), "alice"))
}

/// Plays an Express game of Alice and a bot to its end in [`CHANNEL`], before the bot starts: Alice
/// plays what the game's own bot would in her place. Returns the game's id.
fn finished_express(db: &Path) -> i64 {
    let (table, place, ann) = table_before_the_bot(db, CHANNEL);
    let new = Command::New {
        game: "express".into(),
        options: vec![("target".into(), "100".into())],
        seed: Some(21),
        sit: true,
    };
    table.handle(&place, &ann, new).unwrap();
    let add = Command::AddBot {
        level: BotLevel::Normal,
    };
    table.handle(&place, &ann, add).unwrap();
    let id = table
        .store()
        .open_game(&CHANNEL.to_string())
        .unwrap()
        .unwrap()
        .id;
    table.handle(&place, &ann, Command::Start).unwrap();
    loop {
        let record = table.store().game(id).unwrap().unwrap();
        if record.status == Status::Finished {
            return id;
        }
        let kind = roundhouse::games::find("express").unwrap();
        let game = kind.restore(record.snapshot.as_deref().unwrap()).unwrap();
        assert!(game.to_act().seats().contains(&0), "Alice owes a step");
        let step = game.bot_move(
            0,
            BotLevel::Normal,
            &mut GameRng::seeded(record.version as u64),
        );
        table.handle(&place, &ann, Command::Move(step)).unwrap();
    }
}

/// The names of the files a message (as it now is) shows.
fn shown_files(sent: &Sent) -> Vec<String> {
    sent.message["attachments"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|a| a["filename"].as_str().unwrap_or_default().to_owned())
        .collect()
}

/// Checks what every replay message is: private, its pictures PNGs uploaded with it and described.
fn assert_replay(sent: &Sent) {
    assert!(sent.ephemeral, "a replay is private: {}", sent.content);
    assert!(sent.notified.is_empty(), "a replay pings nobody");
    assert!(!sent.attachments.is_empty(), "a replay shows the board");
    for (name, png) in &sent.attachments {
        assert!(png.starts_with(PNG_SIGNATURE), "{name} is a PNG");
    }
    let uploaded: Vec<&String> = sent.attachments.iter().map(|(name, _)| name).collect();
    assert_eq!(
        shown_files(sent).iter().collect::<Vec<_>>(),
        uploaded,
        "the message shows exactly the pictures just uploaded"
    );
    for attachment in sent.message["attachments"].as_array().into_iter().flatten() {
        assert!(
            attachment["description"]
                .as_str()
                .is_some_and(|d| !d.is_empty()),
            "described: {attachment}"
        );
    }
}

fn has_hand(sent: &Sent) -> bool {
    sent.attachments
        .iter()
        .any(|(name, _)| name.ends_with("-hand.png"))
}

/// The "Move N of M · turn T of K" line.
fn position(sent: &Sent) -> String {
    sent.content
        .lines()
        .find(|line| line.starts_with("Move "))
        .unwrap_or_else(|| panic!("no position line: {}", sent.content))
        .to_owned()
}

/// Opens the replay with `/game replay` (of game `game`, or the channel's last).
async fn open(fake: &FakeDiscord, user: &FakeUser, game: Option<i64>) -> Sent {
    let options = match game {
        Some(game) => json!({ "game": game }),
        None => json!({}),
    };
    let before = fake.channel_message_count(CHANNEL);
    let id = fake
        .slash(user, GUILD, CHANNEL, "game replay", options)
        .await;
    let replay = fake.reply(id, WAIT).await;
    assert_eq!(
        fake.channel_message_count(CHANNEL),
        before,
        "a replay posts nothing"
    );
    replay
}

/// Taps control `go` (`first`, `back`, `next`, `last`) of `replay` as `user`: acknowledged as a
/// deferred update, then the message is edited in place.
async fn step(fake: &FakeDiscord, user: &FakeUser, replay: &Sent, go: &str) -> Sent {
    let id = control(replay, go);
    let tap = fake.click(user, GUILD, CHANNEL, replay, &id).await;
    edited(fake, tap, replay).await
}

/// The id of `replay`'s control that goes `go`.
fn control(replay: &Sent, go: &str) -> String {
    replay
        .custom_ids
        .iter()
        .find(|id| id.starts_with("rh:replay:") && id.ends_with(&format!(":{go}")))
        .unwrap_or_else(|| panic!("no `{go}` control: {:?}", replay.custom_ids))
        .clone()
}

/// The replay as interaction `tap` edited it.
async fn edited(fake: &FakeDiscord, tap: u64, replay: &Sent) -> Sent {
    assert_eq!(
        fake.first_response(tap, WAIT).await.callback_type,
        Some(6),
        "a tap is acknowledged as a deferred update"
    );
    let edited = tokio::select! {
        edited = fake.reply(tap, WAIT) => edited,
        refused = fake.followups(tap, WAIT, 1) => panic!("refused: {}", refused[0].content),
    };
    assert_eq!(
        edited.message["id"], replay.message["id"],
        "the replay is edited in place"
    );
    assert_replay(&edited);
    edited
}

/// `replay` with one control's id replaced by `forged`, as a doctored client might send it.
fn forged(replay: &Sent, go: &str, forged: &str) -> Sent {
    let real = control(replay, go);
    let swap = |components: &Value| -> Value {
        serde_json::from_str(&components.to_string().replace(&real, forged)).unwrap()
    };
    let mut copy = replay.clone();
    copy.components = swap(&replay.components);
    copy.message["components"] = swap(&replay.message["components"]);
    copy
}

/// What a tap on the doctored control `id` of `replay` got: a private follow-up saying why, and no
/// edit of the replay.
async fn refused_tap(fake: &FakeDiscord, replay: &Sent, id: &str) -> String {
    let doctored = forged(replay, "next", id);
    let tap = fake.click(&alice(), GUILD, CHANNEL, &doctored, id).await;
    assert_eq!(fake.first_response(tap, WAIT).await.callback_type, Some(6));
    let told = fake.followups(tap, WAIT, 1).await.remove(0);
    assert!(told.ephemeral, "the refusal is private");
    assert!(
        fake.try_reply(tap, Duration::ZERO).await.is_none(),
        "the replay is left as it was"
    );
    told.content
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replay_steps_through_a_finished_game_privately_showing_a_hand_only_to_its_seat() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("d.db");
    let game = tokio::task::spawn_blocking({
        let db = db.clone();
        move || finished_express(&db)
    })
    .await
    .unwrap();
    let fake = FakeDiscord::start().await;
    let _bot = ready_bot(&fake, &db).await;

    // Autocomplete offers the server's finished games by id.
    let asked = fake
        .autocomplete(
            &alice(),
            GUILD,
            CHANNEL,
            "game replay",
            json!({"game": ""}),
            "game",
        )
        .await;
    let offered = fake.reply(asked, WAIT).await.choices;
    assert_eq!(
        offered,
        [(
            format!("game {game}: Express, alice and Dusty (bot)"),
            game.to_string()
        )],
        "{offered:?}"
    );

    // Alice's own replay: the deal, then her hand as it was after each step.
    let deal = open(&fake, &alice(), None).await;
    assert_replay(&deal);
    assert!(
        deal.content
            .starts_with(&format!("Replay of Express, game {game} (your own replay")),
        "{}",
        deal.content
    );
    let at_deal = position(&deal);
    assert!(at_deal.starts_with("Move 0 of "), "{at_deal}");
    let last: usize = at_deal["Move 0 of ".len()..]
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let turns: usize = at_deal.rsplit(' ').next().unwrap().parse().unwrap();
    assert!(deal.content.contains("The deal: alice and Dusty (bot)."));
    let forward = step(&fake, &alice(), &deal, "next").await;
    assert!(
        position(&forward).starts_with(&format!("Move 1 of {last} · turn 1 of {turns}")),
        "{}",
        forward.content
    );
    assert!(
        has_hand(&forward),
        "her own hand: {:?}",
        shown_files(&forward)
    );
    assert_ne!(shown_files(&forward), shown_files(&deal), "new pictures");
    let back = step(&fake, &alice(), &forward, "back").await;
    assert_eq!(position(&back), at_deal);
    let end = step(&fake, &alice(), &back, "last").await;
    assert_eq!(
        position(&end),
        format!("Move {last} of {last} · turn {turns} of {turns}")
    );
    assert!(end.content.contains("Game over."), "{}", end.content);
    let disabled: Vec<bool> = end.components[0]["components"]
        .as_array()
        .unwrap()
        .iter()
        .map(|button| button["disabled"] == true)
        .collect();
    assert_eq!(
        disabled,
        [false, false, true, true, false],
        "nothing after the end"
    );
    let first = step(&fake, &alice(), &end, "first").await;
    assert_eq!(position(&first), at_deal);

    // Jumping to a turn through the menu.
    let menu = control(&first, "turn");
    let options = first.components[1]["components"][0]["options"]
        .as_array()
        .unwrap()
        .clone();
    assert!(options.len() <= 25 && options.len() > 1);
    let far = options.last().unwrap();
    assert_eq!(far["value"], turns.to_string());
    let chosen = fake
        .choose(
            &alice(),
            GUILD,
            CHANNEL,
            &first,
            &menu,
            far["value"].as_str().unwrap(),
        )
        .await;
    let jumped = edited(&fake, chosen, &first).await;
    assert!(
        position(&jumped).ends_with(&format!("turn {turns} of {turns}")),
        "{}",
        jumped.content
    );

    // Dave watched: the same game by its id, never a hand.
    let watched = open(&fake, &dave(), Some(game)).await;
    assert_replay(&watched);
    assert!(
        watched.content.contains("(as a spectator saw it)"),
        "{}",
        watched.content
    );
    let mut seen = watched;
    for _ in 0..3 {
        assert!(!has_hand(&seen), "a spectator sees no hand");
        seen = step(&fake, &dave(), &seen, "next").await;
    }
    assert!(!has_hand(&seen));
    let end = step(&fake, &dave(), &seen, "last").await;
    assert!(!has_hand(&end));

    // Controls that lead nowhere: refused, the replay unchanged.
    let past = format!("rh:replay:{game}:{}:next", last + 5);
    assert_eq!(
        refused_tap(&fake, &first, &past).await,
        format!(
            "Game {game} has moves 0 to {last}; there is no move {} to step from.",
            last + 5
        )
    );
    let at_end = format!("rh:replay:{game}:{last}:next");
    assert_eq!(
        refused_tap(&fake, &first, &at_end).await,
        "This is the end of the game already; nothing comes after it."
    );
    let elsewhere = format!("rh:replay:{}:0:next", game + 100);
    assert_eq!(
        refused_tap(&fake, &first, &elsewhere).await,
        format!("There is no game {}.", game + 100)
    );
    let malformed = forged(&first, "next", "rh:replay:1:x:next");
    let tap = fake
        .click(&alice(), GUILD, CHANNEL, &malformed, "rh:replay:1:x:next")
        .await;
    let answer = fake.reply(tap, WAIT).await;
    assert_eq!(answer.callback_type, Some(4));
    assert!(answer.ephemeral);
    assert!(
        answer
            .content
            .starts_with("That control is not one this bot draws, so nothing was done."),
        "{}",
        answer.content
    );

    // No replay where nothing was finished, or of a game still open.
    let quiet = command_in(&fake, &alice(), QUIET_CHANNEL, "game replay", json!({})).await;
    assert!(
        quiet
            .content
            .starts_with("No game has been played to its end in this channel yet"),
        "{}",
        quiet.content
    );
    command_in(
        &fake,
        &alice(),
        QUIET_CHANNEL,
        "game new",
        json!({"game": "yardmaster"}),
    )
    .await;
    let open_game = game + 1;
    let unfinished = command(&fake, &alice(), "game replay", json!({ "game": open_game })).await;
    assert!(
        unfinished
            .content
            .contains("has not been played to its end"),
        "{}",
        unfinished.content
    );
    let unknown = command(&fake, &alice(), "game replay", json!({"game": 9999})).await;
    assert_eq!(unknown.content, "There is no game 9999.");
    assert!(
        fake.unexpected_requests().is_empty(),
        "{:?}",
        fake.unexpected_requests()
    );
}

const GIF_SIGNATURE: &[u8] = b"GIF8";

/// The animations posted in `channel`: (file name, bytes).
fn gifs_in(fake: &FakeDiscord, channel: u64) -> Vec<(String, Vec<u8>)> {
    fake.channel_messages(channel)
        .into_iter()
        .flat_map(|sent| sent.attachments)
        .filter(|(name, _)| name.ends_with(".gif"))
        .collect()
}

/// Alice and Bob sit down to Yardmaster in `channel` and Alice resigns at once, which ends the game;
/// returns the message that says so.
async fn resigned_game(fake: &FakeDiscord, channel: u64) -> Sent {
    let new = json!({"game": "yardmaster"});
    command_in(fake, &alice(), channel, "game new", new).await;
    command_in(fake, &bob(), channel, "game join", json!({})).await;
    command_in(fake, &alice(), channel, "game start", json!({})).await;
    let ended = command_in(fake, &alice(), channel, "game resign", json!({})).await;
    assert!(
        ended.content.contains("wins by resignation"),
        "{}",
        ended.content
    );
    ended
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_that_ends_is_posted_as_an_animation_where_the_bot_may_attach_files() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let _bot = ready_bot(&fake, &dir.path().join("d.db")).await;

    let before = fake.channel_message_count(CHANNEL);
    resigned_game(&fake, CHANNEL).await;
    let posted = fake.wait_channel_messages(CHANNEL, before + 5, WAIT).await;
    let animation = posted.last().unwrap();
    assert!(
        animation.content.starts_with("Game 1 in pictures."),
        "{}",
        animation.content
    );
    assert!(animation.notified.is_empty(), "the animation pings nobody");
    let [(name, gif)] = &animation.attachments[..] else {
        panic!("one file: {:?}", animation.attachments.len())
    };
    assert_eq!(name, "replay-1.gif");
    assert!(gif.starts_with(GIF_SIGNATURE));
    assert!(gif.len() as u64 <= crate::fake_discord::ATTACHMENT_SIZE_LIMIT);
    let described = animation.message["attachments"][0]["description"]
        .as_str()
        .unwrap_or_default();
    assert!(
        described.starts_with("Game 1 from the deal to the end"),
        "{described}"
    );

    // Where the bot may not attach files, the end is announced and nothing more is tried. (Discord
    // refuses the board pictures of the game's own posts there too, and the bot tells whoever
    // played privately: that is how it always was.)
    fake.deny_bot(QUIET_CHANNEL, perms::ATTACH_FILES);
    resigned_game(&fake, QUIET_CHANNEL).await;
    command_in(&fake, &alice(), QUIET_CHANNEL, "game status", json!({})).await;
    assert!(gifs_in(&fake, QUIET_CHANNEL).is_empty());
    let refused = fake.unexpected_requests();
    assert!(
        refused
            .iter()
            .all(|why| why.contains("-board.png") && !why.contains(".gif")),
        "only the game's own board pictures were refused: {refused:?}"
    );
    let refused = refused.len();

    // On request, from the replay: privately, the replay left as it was.
    let replay = open(&fake, &alice(), Some(1)).await;
    assert!(
        replay.content.contains("(as a spectator saw it)"),
        "a resigned player is a spectator"
    );
    let tap = fake
        .click(&alice(), GUILD, CHANNEL, &replay, &control(&replay, "gif"))
        .await;
    assert_eq!(fake.first_response(tap, WAIT).await.callback_type, Some(6));
    let sent = fake.followups(tap, WAIT, 1).await.remove(0);
    assert!(sent.ephemeral, "sent privately");
    assert_eq!(sent.attachments.len(), 1);
    assert_eq!(sent.attachments[0].0, "replay-1.gif");
    assert_eq!(&sent.attachments[0].1, gif, "the same picture");
    assert!(
        fake.try_reply(tap, Duration::ZERO).await.is_none(),
        "the replay stays"
    );
    assert_eq!(
        fake.unexpected_requests().len(),
        refused,
        "{:?}",
        fake.unexpected_requests()
    );
}

/// Bots play `game` to its end in `channel` (of [`GUILD`]), opened by Alice, before the bot starts.
fn bots_played(db: &Path, channel: u64, game: &str, bots: usize) {
    let (table, place, ann) = table_before_the_bot(db, channel);
    let new = Command::New {
        game: game.into(),
        options: Vec::new(),
        seed: Some(channel),
        sit: false,
    };
    table.handle(&place, &ann, new).unwrap();
    for _ in 0..bots {
        let add = Command::AddBot {
            level: BotLevel::Normal,
        };
        table.handle(&place, &ann, add).unwrap();
    }
    table.handle(&place, &ann, Command::Start).unwrap();
    assert!(
        table
            .store()
            .open_game(&channel.to_string())
            .unwrap()
            .is_none(),
        "{game}: the bots played it to its end"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_kind_of_game_is_replayed_step_by_step() {
    let games = [
        ("yardmaster", 2),
        ("whistlewood", 1),
        ("coal_train", 3),
        ("shunting", 1),
    ];
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("d.db");
    tokio::task::spawn_blocking({
        let db = db.clone();
        move || {
            for (at, (game, bots)) in games.into_iter().enumerate() {
                bots_played(&db, QUIET_CHANNEL + 1 + at as u64, game, bots);
            }
        }
    })
    .await
    .unwrap();
    let fake = FakeDiscord::start().await;
    let _bot = ready_bot(&fake, &db).await;
    for (at, (game, _)) in games.into_iter().enumerate() {
        let channel = QUIET_CHANNEL + 1 + at as u64;
        let id = fake
            .slash(&alice(), GUILD, channel, "game replay", json!({}))
            .await;
        let deal = fake.reply(id, WAIT).await;
        assert_replay(&deal);
        assert!(!has_hand(&deal), "{game}: Alice watched");
        assert!(
            position(&deal).starts_with("Move 0 of "),
            "{game}: {}",
            deal.content
        );
        let tap = fake
            .click(&alice(), GUILD, channel, &deal, &control(&deal, "next"))
            .await;
        let next = edited(&fake, tap, &deal).await;
        assert!(
            position(&next).starts_with("Move 1 of "),
            "{game}: {}",
            next.content
        );
        let tap = fake
            .click(&alice(), GUILD, channel, &next, &control(&next, "last"))
            .await;
        let end = edited(&fake, tap, &next).await;
        assert!(
            end.content.contains("Game over."),
            "{game}: {}",
            end.content
        );
        assert!(!has_hand(&end), "{game}");
    }
    assert!(
        fake.unexpected_requests().is_empty(),
        "{:?}",
        fake.unexpected_requests()
    );
}

//! The bot through the gateway's interruptions: Reconnect (op 7) and Invalid Session (op 9), resumable
//! or not. Interactions dispatched around them are answered exactly once (the fake refuses a second
//! response), nothing is lost that Discord would replay, and a game in play goes on unchanged.

use serde_json::json;

use crate::announce::{other_than, started_game};
use crate::discord::{CHANNEL, GUILD, WAIT, command, legal, pinged, user_by_id};
use crate::fake_discord::{FakeDiscord, FakeUser};

/// What `/game history` shows `user`: the game as it stands.
async fn history(fake: &FakeDiscord, user: &FakeUser) -> String {
    command(fake, user, "game history", json!({})).await.content
}

/// Interrupts the session with `interrupt` while the player to act moves and the other one looks at
/// their hand: one command is dispatched just before, two while the bot is away. Each is answered
/// once, the move is announced once, and the bot resumes its session.
async fn commands_outlive(interrupt: impl FnOnce(&FakeDiscord)) {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let (bot, to_act) = started_game(&fake, &dir.path().join("g.db")).await;
    let waiting = other_than(&to_act);
    let session = fake.session_id().expect("a session");
    let notation = legal(&fake, &to_act, CHANNEL, "").await[0].1.clone();
    let posts_before = fake.channel_message_count(CHANNEL);

    let before = fake
        .slash(&waiting, GUILD, CHANNEL, "hand", json!({}))
        .await;
    interrupt(&fake);
    let (moved, hand) = tokio::join!(
        fake.slash(
            &to_act,
            GUILD,
            CHANNEL,
            "move",
            json!({ "action": notation })
        ),
        fake.slash(&waiting, GUILD, CHANNEL, "hand", json!({})),
    );

    let resumes = fake.wait_resumes(1, WAIT).await;
    assert_eq!(resumes[0]["session_id"], session.as_str(), "{resumes:?}");
    assert!(resumes[0]["seq"].as_u64().is_some(), "{resumes:?}");
    let identified = fake.wait_sessions(1, WAIT).await;
    assert_eq!(identified.len(), 1, "resumed, not identified again");
    for id in [before, moved, hand] {
        let answer = fake.reply(id, WAIT).await;
        assert!(answer.ephemeral, "{answer:?}");
    }
    let announced = fake
        .wait_channel_messages(CHANNEL, posts_before + 1, WAIT)
        .await;
    assert!(
        announced[posts_before].content.contains("added"),
        "{announced:?}"
    );
    assert_eq!(pinged(&announced[posts_before]), waiting.id);

    // The game goes on: the next move is taken, and nothing was answered twice.
    let next = legal(&fake, &waiting, CHANNEL, "").await[0].1.clone();
    let after = command(&fake, &waiting, "move", json!({ "action": next })).await;
    assert!(!after.ephemeral, "{}", after.content);
    assert_eq!(user_by_id(pinged(&after)).id, to_act.id);
    assert_eq!(fake.channel_message_count(CHANNEL), posts_before + 2);
    assert!(
        fake.unexpected_requests().is_empty(),
        "{:?}",
        fake.unexpected_requests()
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_around_a_reconnect_are_answered_once_each() {
    commands_outlive(FakeDiscord::request_reconnect).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_around_a_resumable_invalid_session_are_answered_once_each() {
    commands_outlive(|fake| fake.invalidate_session(true)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_an_invalid_session_the_bot_identifies_again_and_the_game_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let (bot, to_act) = started_game(&fake, &dir.path().join("i.db")).await;
    let waiting = other_than(&to_act);
    let notation = legal(&fake, &to_act, CHANNEL, "").await[0].1.clone();
    let history_before = history(&fake, &to_act).await;
    let posts_before = fake.channel_message_count(CHANNEL);

    fake.invalidate_session(false);
    let lost = fake
        .slash(
            &to_act,
            GUILD,
            CHANNEL,
            "move",
            json!({ "action": notation }),
        )
        .await;
    assert_eq!(fake.dropped_interactions(), vec![lost]);

    let sessions = fake.wait_sessions(2, WAIT).await;
    assert_eq!(sessions.len(), 2, "a fresh IDENTIFY: {sessions:?}");
    // Discord asks for a random wait of 1 to 5 s before this IDENTIFY. Serenity 0.12.5 only keeps 5 s
    // between a shard's boots (`WAIT_BETWEEN_BOOTS_IN_SECONDS` in its shard queuer), so the wait
    // depends on how long ago the bot started and is reported, not asserted.
    let waited = fake.identify_delays();
    assert_eq!(waited.len(), 1, "one fresh IDENTIFY: {waited:?}");
    println!("fresh IDENTIFY {:?} after op 9", waited[0]);

    // The dropped move never reached the bot: the game is as it was, and the move can be made now.
    assert_eq!(history(&fake, &to_act).await, history_before);
    assert_eq!(fake.channel_message_count(CHANNEL), posts_before);
    let moved = command(&fake, &to_act, "move", json!({ "action": notation })).await;
    assert!(!moved.ephemeral, "{}", moved.content);
    assert_eq!(pinged(&moved), waiting.id);
    assert!(
        fake.unexpected_requests().is_empty(),
        "{:?}",
        fake.unexpected_requests()
    );
    bot.stop().await;
}

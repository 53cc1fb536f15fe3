//! Games in threads: a thread (channel type 11 in a parent channel) holds its own game, independent of
//! its parent and of a sibling thread, and the bot posts there. An archived thread is unarchived by the
//! post; a locked one refuses it, and the move still stands.

use roundhouse::discord::config::RemindersConfig;
use roundhouse::store::Store;
use serde_json::json;

use crate::discord::{
    CHANNEL, WAIT, alice, bob, carol, command_in, config, legal, pinged, user_by_id,
};
use crate::fake_discord::{FakeDiscord, FakeUser, Sent};
use crate::running_bot::start_bot;

/// Two threads of [`CHANNEL`].
const THREADS: [u64; 2] = [CHANNEL + 1_000, CHANNEL + 2_000];

/// Opens and starts a game of `host` and `guest` in `channel`; returns the player to act and the
/// other one.
async fn started_in(
    fake: &FakeDiscord,
    channel: u64,
    host: &FakeUser,
    guest: &FakeUser,
) -> (FakeUser, FakeUser) {
    let opened = command_in(
        fake,
        host,
        channel,
        "game new",
        json!({"game": "yardmaster"}),
    )
    .await;
    assert!(
        !opened.ephemeral,
        "a game of its own in {channel}: {}",
        opened.content
    );
    command_in(fake, guest, channel, "game join", json!({})).await;
    let started = command_in(fake, host, channel, "game start", json!({})).await;
    let to_act = user_by_id(pinged(&started));
    let other = if to_act.id == host.id { guest } else { host };
    (to_act, other.clone())
}

/// Makes the first legal move of `mover` in `channel` and returns what it showed.
async fn first_move(fake: &FakeDiscord, channel: u64, mover: &FakeUser) -> Sent {
    let notation = legal(fake, mover, channel, "").await[0].1.clone();
    command_in(fake, mover, channel, "move", json!({ "action": notation })).await
}

/// How many moves the open game of `channel` has stored.
fn stored_moves(db: &Store, channel: u64) -> usize {
    let game = db
        .open_game(&channel.to_string())
        .unwrap()
        .expect("an open game");
    db.moves(game.id).unwrap().len()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_in_two_threads_and_their_parent_are_independent_and_posted_where_they_are() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.db");
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake, &config(&path, RemindersConfig::default())).await;
    fake.wait_commands(WAIT).await;
    for thread in THREADS {
        fake.open_thread(thread, CHANNEL);
    }
    let (in_parent, other_in_parent) = started_in(&fake, CHANNEL, &alice(), &bob()).await;
    let (in_first, other_in_first) = started_in(&fake, THREADS[0], &alice(), &carol()).await;
    let (in_second, _) = started_in(&fake, THREADS[1], &bob(), &carol()).await;
    let store = Store::open(&path).unwrap();
    let posts = |channel| fake.channel_message_count(channel);
    let before = [posts(CHANNEL), posts(THREADS[0]), posts(THREADS[1])];

    // A move in the first thread is posted there and touches neither the parent nor the sibling.
    let moved = first_move(&fake, THREADS[0], &in_first).await;
    assert!(
        !moved.ephemeral && moved.content.contains("added"),
        "{}",
        moved.content
    );
    assert_eq!(pinged(&moved), other_in_first.id);
    assert_eq!(
        [posts(CHANNEL), posts(THREADS[0]), posts(THREADS[1])],
        [before[0], before[1] + 1, before[2]]
    );
    assert_eq!(
        [
            stored_moves(&store, CHANNEL),
            stored_moves(&store, THREADS[0]),
            stored_moves(&store, THREADS[1])
        ],
        [0, 1, 0]
    );
    let parent_move = first_move(&fake, CHANNEL, &in_parent).await;
    assert!(!parent_move.ephemeral, "{}", parent_move.content);

    // An archived thread is unarchived by the bot's post.
    fake.archive_thread(THREADS[1], false);
    let unarchived = first_move(&fake, THREADS[1], &in_second).await;
    assert!(!unarchived.ephemeral, "{}", unarchived.content);
    assert!(!fake.thread(THREADS[1]).archived);

    // A locked thread refuses the post: the move stands and its maker is told so, privately.
    fake.archive_thread(THREADS[0], true);
    let refused = first_move(&fake, THREADS[0], &other_in_first).await;
    assert!(refused.ephemeral, "{refused:?}");
    assert!(
        refused.content.contains("Discord refused the post"),
        "{}",
        refused.content
    );
    assert!(refused.content.contains("added"), "{}", refused.content);
    assert!(
        !refused.attachments.is_empty(),
        "the board, shown to its maker"
    );
    assert_eq!(stored_moves(&store, THREADS[0]), 2, "the move stands");
    assert_eq!(posts(THREADS[0]), before[1] + 1);

    // The bot goes on everywhere; in the locked thread, people see its answers privately.
    let status = command_in(&fake, &carol(), THREADS[0], "game status", json!({})).await;
    assert!(
        status.ephemeral && status.content.contains("in play"),
        "{}",
        status.content
    );
    let after = first_move(&fake, CHANNEL, &other_in_parent).await;
    assert!(!after.ephemeral, "{}", after.content);
    let unexpected = fake.unexpected_requests();
    assert_eq!(
        unexpected.len(),
        2,
        "the two refused posts only: {unexpected:?}"
    );
    assert!(
        unexpected
            .iter()
            .all(|refusal| refusal.contains("locked, archived thread")),
        "{unexpected:?}"
    );
    bot.stop().await;
}

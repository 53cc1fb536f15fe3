//! Vote buttons and abort rights through the fake Discord: an old undo button is told its vote is over
//! (also after a restart, while the newer request keeps working), abort by everyone's agreement with
//! buttons, and abort by a member with Manage Channels.

use std::path::Path;
use std::time::Duration;

use roundhouse::discord::config::Config;
use serde_json::json;

use crate::discord::{shown, vote_button};
use crate::fake_discord::{FakeDiscord, FakeUser, Sent};
use crate::running_bot::start_bot;

const GUILD: u64 = 900_000_000_000_000_011;
const CHANNEL: u64 = 910_000_000_000_000_011;
const WAIT: Duration = Duration::from_secs(60);

fn alice() -> FakeUser {
    FakeUser::new(1_000_000_000_000_000_011, "alice")
}
fn bob() -> FakeUser {
    FakeUser::new(1_000_000_000_000_000_012, "bob")
}
fn moderator() -> FakeUser {
    FakeUser::new(1_000_000_000_000_000_013, "moderator").with_manage_channels()
}

fn config(db: &Path) -> Config {
    crate::discord::config_in(db, GUILD)
}

async fn command(
    fake: &FakeDiscord,
    user: &FakeUser,
    name: &str,
    options: serde_json::Value,
) -> Sent {
    let before = fake.channel_message_count(CHANNEL);
    let id = fake.slash(user, GUILD, CHANNEL, name, options).await;
    let answer = fake.reply(id, WAIT).await;
    shown(fake, CHANNEL, before, answer)
}

async fn click(fake: &FakeDiscord, user: &FakeUser, message: &Sent, custom_id: &str) -> Sent {
    let before = fake.channel_message_count(CHANNEL);
    let id = fake.click(user, GUILD, CHANNEL, message, custom_id).await;
    let answer = fake.reply(id, WAIT).await;
    shown(fake, CHANNEL, before, answer)
}

/// Opens and starts a Yardmaster game of Alice and Bob; returns (the person to act, the other).
async fn two_player_game(fake: &FakeDiscord) -> (FakeUser, FakeUser) {
    command(fake, &alice(), "game new", json!({"game": "yardmaster"})).await;
    command(fake, &bob(), "game join", json!({})).await;
    let started = command(fake, &alice(), "game start", json!({})).await;
    assert_eq!(started.allowed_user_mentions.len(), 1, "{started:?}");
    if started.allowed_user_mentions[0] == alice().id {
        (alice(), bob())
    } else {
        (bob(), alice())
    }
}

/// Makes `user`'s first legal move, found through autocomplete.
async fn first_move(fake: &FakeDiscord, user: &FakeUser) {
    let id = fake
        .autocomplete(
            user,
            GUILD,
            CHANNEL,
            "move",
            json!({"action": ""}),
            "action",
        )
        .await;
    let notation = fake.reply(id, WAIT).await.choices[0].1.clone();
    let moved = command(fake, user, "move", json!({"action": notation})).await;
    assert!(!moved.ephemeral, "{}", moved.content);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_old_undo_button_is_over_and_a_pending_vote_survives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("v.db");
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake, &config(&db)).await;
    fake.wait_ready(WAIT).await;
    fake.wait_commands(WAIT).await;

    let (mover, other) = two_player_game(&fake).await;
    first_move(&fake, &mover).await;
    let old = command(&fake, &mover, "game undo", json!({})).await;
    let refused = click(&fake, &other, &old, &vote_button(&old, "no")).await;
    assert!(
        refused.content.contains("move stands"),
        "{}",
        refused.content
    );
    let new = command(&fake, &mover, "game undo", json!({})).await;
    assert_ne!(vote_button(&old, "yes"), vote_button(&new, "yes"));

    bot.stop().await;
    let bot = start_bot(&fake, &config(&db)).await;
    fake.wait_sessions(2, WAIT).await;

    let stale = click(&fake, &other, &old, &vote_button(&old, "yes")).await;
    assert!(
        stale.ephemeral && stale.content.contains("vote is over"),
        "{stale:?}"
    );
    let status = command(&fake, &other, "game status", json!({})).await;
    assert!(
        status.content.contains("agreed so far: no one"),
        "the old button counted nothing: {}",
        status.content
    );
    let agreed = click(&fake, &other, &new, &vote_button(&new, "yes")).await;
    assert!(
        !agreed.ephemeral && agreed.content.contains("taken back"),
        "{agreed:?}"
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn abort_by_a_vote_with_buttons_and_by_manage_channels() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake, &config(&dir.path().join("a.db"))).await;
    fake.wait_ready(WAIT).await;
    fake.wait_commands(WAIT).await;

    // A player asks; the game goes on until the other agrees with the button.
    let (mover, other) = two_player_game(&fake).await;
    let ask = command(&fake, &mover, "game abort", json!({})).await;
    assert!(!ask.ephemeral, "{}", ask.content);
    assert_eq!(ask.allowed_user_mentions, vec![other.id]);
    assert!(vote_button(&ask, "yes").starts_with("rh:vote:abort:"));
    let status = command(&fake, &other, "game status", json!({})).await;
    assert!(status.content.contains("in play"), "{}", status.content);
    let own = click(&fake, &mover, &ask, &vote_button(&ask, "yes")).await;
    assert!(own.ephemeral, "the asker has no vote: {}", own.content);
    let agreed = click(&fake, &other, &ask, &vote_button(&ask, "yes")).await;
    assert!(
        !agreed.ephemeral && agreed.content.contains("No result"),
        "{agreed:?}"
    );
    let none = command(&fake, &other, "game status", json!({})).await;
    assert!(none.ephemeral, "no game is left: {}", none.content);

    // Someone who manages the channel ends a game at once, and a stranger cannot end a lobby.
    two_player_game(&fake).await;
    let ended = command(&fake, &moderator(), "game abort", json!({})).await;
    assert!(
        !ended.ephemeral && ended.content.contains("moderator aborted"),
        "{}",
        ended.content
    );
    command(&fake, &alice(), "game new", json!({"game": "yardmaster"})).await;
    let stranger = command(&fake, &bob(), "game abort", json!({})).await;
    assert!(
        stranger.ephemeral && stranger.content.contains("opened this game"),
        "{}",
        stranger.content
    );
    let closed = command(&fake, &alice(), "game abort", json!({})).await;
    assert!(!closed.ephemeral, "{}", closed.content);
    assert!(
        fake.unexpected_requests().is_empty(),
        "{:?}",
        fake.unexpected_requests()
    );
    bot.stop().await;
}

//! The bot calls people what the server shows: the member's nickname, else their global display
//! name, else their username; a changed nickname is used from the person's next command on, in
//! posts, lists and results.

use roundhouse::discord::config::RemindersConfig;
use serde_json::json;

use crate::discord::{WAIT, alice, bob, carol, command, config};
use crate::fake_discord::FakeDiscord;
use crate::running_bot::start_bot;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn people_are_called_what_the_server_shows_and_a_new_nickname_is_used_next_time() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let bot = start_bot(
        &fake,
        &config(&dir.path().join("n.db"), RemindersConfig::default()),
    )
    .await;
    fake.wait_commands(WAIT).await;
    let captain = alice().with_nick("Captain Al");
    let bobby = bob().with_global_name(Some("Bobby"));
    let plain = carol().with_global_name(None);

    let opened = command(&fake, &captain, "game new", json!({"game": "yardmaster"})).await;
    assert!(
        opened.content.contains("Captain Al opened"),
        "{}",
        opened.content
    );
    let joined = command(&fake, &bobby, "game join", json!({})).await;
    assert!(
        joined.content.contains("Bobby joined"),
        "{}",
        joined.content
    );
    let joined = command(&fake, &plain, "game join", json!({})).await;
    assert!(
        joined.content.contains("carol joined"),
        "{}",
        joined.content
    );

    // Alice's nickname changes; her next command shows the new one, and the old one is gone.
    let admiral = alice().with_nick("Admiral Al");
    let status = command(&fake, &admiral, "game status", json!({})).await;
    assert!(status.content.contains("Admiral Al"), "{}", status.content);
    let started = command(&fake, &admiral, "game start", json!({})).await;
    let everything: Vec<String> = [status, started]
        .into_iter()
        .map(|sent| sent.content)
        .collect();
    assert!(
        everything.iter().all(|text| !text.contains("Captain Al")),
        "{everything:?}"
    );
    let resigned = command(&fake, &bobby, "game resign", json!({})).await;
    assert!(
        resigned.content.contains("Bobby resigned"),
        "{}",
        resigned.content
    );

    let stats = command(&fake, &admiral, "stats", json!({})).await;
    assert!(
        stats.content.contains("Admiral Al has not finished"),
        "{}",
        stats.content
    );
    assert!(
        fake.unexpected_requests().is_empty(),
        "{:?}",
        fake.unexpected_requests()
    );
    bot.stop().await;
}

//! Journey: an Express game with a deadline, on Discord. `/game end-now` before the deadline passes and
//! from someone who is neither the host nor a channel manager, and `end` typed as a move, are refused
//! privately with what would be allowed, and the game goes on.

use serde_json::json;

use crate::discord::{CHANNEL, command, legal};
use crate::fake_discord::FakeDiscord;
use crate::journey_support::{ready_bot, trio};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn end_now_waits_for_the_deadline_and_belongs_to_the_host() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let _bot = ready_bot(&fake, &dir.path().join("d.db")).await;
    let [host, guest, _] = trio();
    let opened = command(
        &fake,
        &host,
        "game new",
        json!({"game": "express", "options": "deadline_hours=24"}),
    )
    .await;
    assert!(!opened.ephemeral, "{opened:?}");
    let joined = command(&fake, &guest, "game join", json!({})).await;
    assert!(!joined.ephemeral, "{joined:?}");
    let started = command(&fake, &host, "game start", json!({})).await;
    assert!(!started.ephemeral, "{started:?}");

    let early = command(&fake, &host, "game end-now", json!({})).await;
    assert!(
        early.ephemeral
            && early
                .content
                .starts_with("The deadline has not passed yet: it passes at"),
        "{early:?}"
    );
    let other = command(&fake, &guest, "game end-now", json!({})).await;
    assert!(
        other.ephemeral && other.content.starts_with("Only the host of this game"),
        "{other:?}"
    );
    let typed = command(&fake, &host, "move", json!({"action": "end"})).await;
    assert!(
        typed.ephemeral && typed.content.contains("`/game end-now`"),
        "{typed:?}"
    );
    let offered = legal(&fake, &host, CHANNEL, "").await;
    let offered_guest = legal(&fake, &guest, CHANNEL, "").await;
    assert!(
        !offered.is_empty() || !offered_guest.is_empty(),
        "the game goes on"
    );
    for (_, notation) in offered.iter().chain(&offered_guest) {
        assert!(notation != "end" && notation != "deadline", "{notation}");
    }
}

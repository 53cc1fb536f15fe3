//! Journey: a player stops moving. The bot's clock is moved on by hand past the reminder, absence,
//! skip and kick thresholds: reminders ping the absent player, the others may then skip their turn
//! and later remove them, each announced once with the right pings, and the removed player is a
//! spectator from then on.

use std::time::Duration;

use roundhouse::clock::ManualClock;
use roundhouse::discord::config::RemindersConfig;
use serde_json::json;

use crate::discord::{CHANNEL, WAIT, command, config, legal, pinged};
use crate::fake_discord::{FakeDiscord, FakeUser, Sent};
use crate::journey_support::{started, the_one_to_act, trio};
use crate::running_bot::start_bot_at;

const HOUR: i64 = 3600;
/// Any moment will do; this one is a Tuesday noon, UTC.
const T0: i64 = 1_700_000_000;
/// Long enough for the scheduler (one look a second here) to post anything still due.
const SETTLE: Duration = Duration::from_secs(3);

/// Moves the clock on by `hours` and waits for the scheduler's next post in the channel.
async fn after(fake: &FakeDiscord, clock: &ManualClock, hours: i64) -> Sent {
    let before = fake.channel_message_count(CHANNEL);
    clock.advance(hours * HOUR);
    fake.wait_channel_messages(CHANNEL, before + 1, WAIT)
        .await
        .remove(before)
}

/// The public messages of the channel that contain `text`.
fn posted_with(fake: &FakeDiscord, text: &str) -> Vec<Sent> {
    fake.channel_messages(CHANNEL)
        .into_iter()
        .filter(|m| m.content.contains(text))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reminders_skip_and_kick_an_absent_player_each_announced_once() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let clock = ManualClock::at(T0);
    let reminders = RemindersConfig {
        schedule_hours: vec![12.0, 24.0],
        absent_after_hours: 72.0,
        abandon_after_hours: 168.0,
        check_every_secs: 1,
        ..RemindersConfig::default()
    };
    let bot = start_bot_at(
        &fake,
        &config(&dir.path().join("a.db"), reminders),
        clock.clock(),
    )
    .await;
    fake.wait_ready(WAIT).await;
    fake.wait_commands(WAIT).await;
    let people = trio();
    let start = started(&fake, &people, 0).await;
    let absent = the_one_to_act(&fake, &people, &start).await;
    let others: Vec<FakeUser> = people
        .iter()
        .filter(|p| p.id != absent.id)
        .cloned()
        .collect();

    // Two reminders, each pinging the absent player alone.
    for hours in [12, 12] {
        let reminder = after(&fake, &clock, hours).await;
        assert!(reminder.content.contains("Reminder: "), "{reminder:?}");
        assert_eq!(pinged(&reminder), absent.id);
    }
    let early = command(&fake, &others[0], "game skip", json!({})).await;
    assert!(
        early.ephemeral && early.content.contains("has been thinking for 24 h"),
        "{early:?}"
    );

    // Past 72 hours: the notice pings them, and the others may skip their turn (not they themselves).
    let notice = after(&fake, &clock, 48).await;
    assert!(notice.content.contains("may now `skip`"), "{notice:?}");
    assert_eq!(pinged(&notice), absent.id);
    let own = command(&fake, &absent, "game skip", json!({})).await;
    assert!(
        own.ephemeral && own.content.contains("your own turn"),
        "{own:?}"
    );
    let skipped = command(&fake, &others[0], "game skip", json!({})).await;
    assert!(
        !skipped.ephemeral
            && skipped.content.contains(&format!(
                "{} skipped the turn of {}; a bot played it.",
                others[0].name, absent.name
            )),
        "{skipped:?}"
    );
    let next = the_one_to_act(&fake, &people, &skipped).await;
    assert_ne!(next.id, absent.id);
    let again = command(&fake, &absent, "game skip", json!({})).await;
    assert!(
        again.ephemeral && again.content.contains("thinking for under an hour"),
        "the skip started the wait afresh: {again:?}"
    );

    // The next player to act stops too, and is removed after 72 hours.
    let notice = after(&fake, &clock, 73).await;
    assert!(notice.content.contains("may now `skip`"), "{notice:?}");
    assert_eq!(pinged(&notice), next.id);
    let remover = people.iter().find(|p| p.id != next.id).unwrap().clone();
    let kicked = command(&fake, &remover, "game kick", json!({})).await;
    assert!(
        !kicked.ephemeral
            && kicked.content.contains(&format!(
                "{} removed {}, who had stopped moving; a bot plays their seat",
                remover.name, next.name
            )),
        "{kicked:?}"
    );
    let playing: Vec<FakeUser> = people.iter().filter(|p| p.id != next.id).cloned().collect();
    let after_kick = the_one_to_act(&fake, &playing, &kicked).await;
    assert_ne!(after_kick.id, next.id);

    // Announced once each, even after the scheduler has looked again.
    tokio::time::sleep(SETTLE).await;
    assert_eq!(posted_with(&fake, "Reminder").len(), 2);
    assert_eq!(posted_with(&fake, "may now `skip`").len(), 2);
    assert_eq!(posted_with(&fake, "skipped the turn").len(), 1);
    assert_eq!(posted_with(&fake, "who had stopped moving").len(), 1);

    // The removed player is a spectator: no moves, no hand, no pings.
    assert!(legal(&fake, &next, CHANNEL, "").await.is_empty());
    let notation = legal(&fake, &after_kick, CHANNEL, "").await[0].1.clone();
    for (name, options) in [("move", json!({ "action": notation })), ("hand", json!({}))] {
        let refused = command(&fake, &next, name, options).await;
        assert!(
            refused.ephemeral && refused.content.contains("You no longer play in this game"),
            "{name}: {refused:?}"
        );
    }
    let reminder = after(&fake, &clock, 12).await;
    assert_eq!(pinged(&reminder), after_kick.id);
    let kicked_pings = fake.notifications(CHANNEL, next.id);
    assert!(
        kicked_pings.iter().all(|m| m.at <= kicked.at),
        "no ping after the removal: {kicked_pings:?}"
    );
    assert!(
        fake.unexpected_requests().is_empty(),
        "{:?}",
        fake.unexpected_requests()
    );
    bot.stop().await;
}

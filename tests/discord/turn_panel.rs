//! The turn panel through Discord: opened privately by `/turn` or a turn message's button, played by
//! tapping buttons and select menus, edited in place, and proof against forged and stale taps.

use serde_json::json;

use crate::discord::{CHANNEL, GUILD, WAIT, alice, bob, command, legal};
use crate::fake_discord::{FakeDiscord, Sent};
use crate::journey_support::{ready_bot, started};
use crate::panel_support::{
    Choice, choices, latest_turn_message, open_with_button, open_with_command, tap, version,
};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_is_taken_by_tapping_and_the_panel_is_edited_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let _bot = ready_bot(&fake, &dir.path().join("d.db")).await;
    let people = [alice(), bob()];
    started(&fake, &people, 0).await;
    let turn = latest_turn_message(&fake).expect("the start gives someone the turn");
    let (mover, other) = if legal(&fake, &people[0], CHANNEL, "").await.is_empty() {
        (people[1].clone(), people[0].clone())
    } else {
        (people[0].clone(), people[1].clone())
    };

    let waiting = open_with_button(&fake, &other, &turn).await;
    assert!(
        waiting.content.contains("It is not your turn"),
        "{}",
        waiting.content
    );
    assert!(choices(&waiting).is_empty(), "{:?}", waiting.custom_ids);

    let panel = open_with_command(&fake, &mover).await;
    let offered = choices(&panel);
    assert!(!offered.is_empty(), "{}", panel.content);
    assert!(
        !panel.message["attachments"].as_array().unwrap().is_empty(),
        "the panel shows the seat's picture"
    );

    let before = fake.channel_message_count(CHANNEL);
    let mut current = panel.clone();
    let played = loop {
        let next = tap(&fake, &mover, &current, &choices(&current)[0]).await;
        if version(&next) != version(&panel) {
            break next;
        }
        assert_eq!(
            fake.channel_message_count(CHANNEL),
            before,
            "opening a level posts nothing"
        );
        if current.custom_ids == panel.custom_ids {
            // The first level opened leads back to the top.
            let top = tap(&fake, &mover, &next, &button(&next, "‹ Back")).await;
            assert_eq!(choices(&top), offered, "Back shows the top level again");
        }
        current = next;
    };
    assert!(
        played
            .content
            .contains(&format!("It is not your turn: waiting for {}", other.name)),
        "a Yardmaster turn is one step: {}",
        played.content
    );
    let posted = fake.channel_messages_from(CHANNEL, before);
    assert!(posted.len() <= 1, "{posted:?}");
    for post in &posted {
        assert!(!post.notified.contains(&mover.id), "{post:?}");
    }

    // The old panel's choices are stale: a tap on one plays nothing and redraws the panel.
    let stale = tap(&fake, &mover, &panel, &offered[0]).await;
    assert!(stale.content.contains("moved on"), "{}", stale.content);
    assert_eq!(fake.channel_message_count(CHANNEL), before + posted.len());

    let refreshed = tap(
        &fake,
        &mover,
        &stale,
        &Choice::Button {
            id: "rh:panel".into(),
            label: "Refresh".into(),
        },
    )
    .await;
    assert!(
        !refreshed.content.contains("moved on"),
        "{}",
        refreshed.content
    );
    assert!(
        fake.unexpected_requests().is_empty(),
        "{:?}",
        fake.unexpected_requests()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forged_tap_gets_a_clear_private_answer() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let _bot = ready_bot(&fake, &dir.path().join("d.db")).await;
    let people = [alice(), bob()];
    started(&fake, &people, 0).await;
    let panel = open_with_command(&fake, &people[0]).await;
    for forged in ["rh:tap:1:2:x", "rh:tap:abc", "rh:pick:1::0"] {
        let doctored = with_button(&panel, forged);
        let id = fake
            .click(&people[0], GUILD, CHANNEL, &doctored, forged)
            .await;
        let answer = fake.reply(id, WAIT).await;
        assert_eq!(answer.callback_type, Some(4));
        assert!(answer.ephemeral, "{answer:?}");
        assert!(
            answer.content.contains("not one this bot draws"),
            "{}",
            answer.content
        );
    }
    assert!(
        fake.unexpected_requests().is_empty(),
        "{:?}",
        fake.unexpected_requests()
    );
}

/// The button of `panel` labelled `label`.
fn button(panel: &Sent, label: &str) -> Choice {
    let found = panel
        .components
        .as_array()
        .into_iter()
        .flatten()
        .find_map(|row| {
            row["components"]
                .as_array()?
                .iter()
                .find(|c| c["label"] == label)
                .map(|c| Choice::Button {
                    id: c["custom_id"].as_str().unwrap_or_default().to_owned(),
                    label: label.to_owned(),
                })
        });
    found.unwrap_or_else(|| panic!("no `{label}` button: {:?}", panel.custom_ids))
}

/// `panel` as a forged client would show it: with a button `id` added.
fn with_button(panel: &Sent, id: &str) -> Sent {
    let mut forged = panel.clone();
    let row =
        json!({"type": 1, "components": [{"type": 2, "style": 2, "label": "?", "custom_id": id}]});
    forged.components = json!([row]);
    forged.message["components"] = forged.components.clone();
    forged
}

/// How long a tap takes to come back as an updated panel with its picture, through the fake: the
/// median over Whistlewood taps whose panel comes back with a picture (a step within the mover's
/// turn). A measurement, not a check (no timed assertion): run it on a release build with
/// `cargo test --release --locked --test discord tap_latency -- --ignored --nocapture`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement; run on a release build"]
async fn tap_latency() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let _bot = ready_bot(&fake, &dir.path().join("d.db")).await;
    let people = [alice(), bob()];
    command(
        &fake,
        &people[0],
        "game new",
        json!({"game": "whistlewood"}),
    )
    .await;
    command(&fake, &people[1], "game join", json!({})).await;
    command(&fake, &people[0], "game start", json!({})).await;
    let mut latencies = Vec::new();
    let mut panel: Option<Sent> = None;
    for _ in 0..60 {
        let mover = if !legal(&fake, &people[0], CHANNEL, "").await.is_empty() {
            &people[0]
        } else if !legal(&fake, &people[1], CHANNEL, "").await.is_empty() {
            &people[1]
        } else {
            break;
        };
        let current = match panel.take() {
            Some(panel) if !choices(&panel).is_empty() => panel,
            _ => open_with_command(&fake, mover).await,
        };
        let Some(choice) = choices(&current).into_iter().next() else {
            break;
        };
        let id = match &choice {
            Choice::Button { id, .. } => fake.click(mover, GUILD, CHANNEL, &current, id).await,
            Choice::Option { menu, value, .. } => {
                fake.choose(mover, GUILD, CHANNEL, &current, menu, value)
                    .await
            }
        };
        let edited = fake.reply(id, WAIT).await;
        if !edited.attachments.is_empty() {
            latencies.push(edited.at.duration_since(fake.dispatched_at(id)));
        }
        panel = Some(edited);
    }
    latencies.sort();
    assert!(!latencies.is_empty(), "some taps came back with a picture");
    eprintln!(
        "tap -> updated panel with its picture, over {} taps: median {:?}, slowest {:?}",
        latencies.len(),
        latencies[latencies.len() / 2],
        latencies.last().unwrap()
    );
}

//! Journey: someone resigns a 3-person game. A bot takes the seat; from then on the resigned person
//! sees the history a spectator sees (none of the seat's private events, not even the ones they saw
//! while playing) and is a spectator for every purpose: moves, the hand and votes are refused with a
//! clear message.

use serde_json::json;

use crate::discord::{CHANNEL, click, command, legal, pinged, vote_button};
use crate::fake_discord::{FakeDiscord, FakeUser};
use crate::journey_support::{dave, ready_bot, started, the_one_to_act, trio};

/// What every refusal of a retired player says.
const NO_LONGER_PLAYS: &str = "You no longer play in this game";

/// The private history `user` sees.
async fn history(fake: &FakeDiscord, user: &FakeUser) -> String {
    let shown = command(fake, user, "game history", json!({})).await;
    assert!(shown.ephemeral, "a history is private: {shown:?}");
    shown.content
}

/// Makes the first move autocomplete offers `mover`; returns the announcement's pinged person.
async fn first_move(fake: &FakeDiscord, mover: &FakeUser) -> u64 {
    let notation = legal(fake, mover, CHANNEL, "").await[0].1.clone();
    let moved = command(fake, mover, "move", json!({ "action": notation })).await;
    assert!(!moved.ephemeral, "{moved:?}");
    pinged(&moved)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_resigned_player_sees_what_a_spectator_sees_and_acts_as_one() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let bot = ready_bot(&fake, &dir.path().join("r.db")).await;
    let people = trio();
    let start = started(&fake, &people, 0).await;
    let mut mover = the_one_to_act(&fake, &people, &start).await;

    // A round: everyone has drawn a card, which their history shows them alone.
    for _ in 0..3 {
        let next = first_move(&fake, &mover).await;
        mover = people.iter().find(|p| p.id == next).unwrap().clone();
    }
    let quitter = people.iter().find(|p| p.id != mover.id).unwrap().clone();
    let before = history(&fake, &quitter).await;
    assert!(before.contains("You drew"), "{before}");
    assert!(!history(&fake, &dave()).await.contains("You drew"));

    let resigned = command(&fake, &quitter, "game resign", json!({})).await;
    assert!(
        !resigned.ephemeral && resigned.content.contains("a bot plays their seat"),
        "{resigned:?}"
    );
    assert_eq!(
        pinged(&resigned),
        mover.id,
        "the turn stays with {}",
        mover.name
    );
    let playing: Vec<FakeUser> = people
        .iter()
        .filter(|p| p.id != quitter.id)
        .cloned()
        .collect();

    // The bot plays the seat on; the history the quitter sees is a spectator's all along.
    for _ in 0..3 {
        assert_eq!(
            history(&fake, &quitter).await,
            history(&fake, &dave()).await
        );
        let next = first_move(&fake, &mover).await;
        assert_ne!(next, quitter.id, "a retired player is never pinged");
        mover = playing.iter().find(|p| p.id == next).unwrap().clone();
    }
    let after = history(&fake, &quitter).await;
    assert!(!after.contains("You drew"), "{after}");

    // Moves, the hand, autocomplete, asking for votes: all refused.
    let notation = legal(&fake, &mover, CHANNEL, "").await[0].1.clone();
    for (name, options) in [
        ("move", json!({ "action": notation })),
        ("hand", json!({})),
        ("game undo", json!({})),
        ("game abort", json!({})),
        ("game skip", json!({})),
        ("game kick", json!({})),
        ("game resign", json!({})),
    ] {
        let refused = command(&fake, &quitter, name, options).await;
        assert!(
            refused.ephemeral && refused.content.contains(NO_LONGER_PLAYS),
            "{name}: {refused:?}"
        );
    }
    assert!(legal(&fake, &quitter, CHANNEL, "").await.is_empty());
    let turn = fake.channel_messages(CHANNEL).pop().unwrap();
    let by_hand_button = click(&fake, &quitter, &turn, "rh:hand").await;
    assert!(
        by_hand_button.ephemeral && by_hand_button.content.contains(NO_LONGER_PLAYS),
        "{by_hand_button:?}"
    );

    // A vote among the people still playing: the quitter is not asked, and cannot answer.
    let asker = playing.iter().find(|p| p.id != mover.id).unwrap().clone();
    let ask = command(&fake, &asker, "game undo", json!({})).await;
    assert!(!ask.ephemeral, "{ask:?}");
    assert_eq!(
        pinged(&ask),
        mover.id,
        "only the other player still playing votes"
    );
    let before_click = fake.channel_message_count(CHANNEL);
    let by_button = click(&fake, &quitter, &ask, &vote_button(&ask, "yes")).await;
    assert!(by_button.ephemeral, "{by_button:?}");
    assert!(by_button.content.contains(NO_LONGER_PLAYS), "{by_button:?}");
    // Choices are sent as their index: 0 is "agree".
    let typed = command(&fake, &quitter, "game undo", json!({"answer": 0})).await;
    assert!(
        typed.ephemeral && typed.content.contains(NO_LONGER_PLAYS),
        "{typed:?}"
    );
    assert_eq!(
        fake.channel_message_count(CHANNEL),
        before_click,
        "nothing changed"
    );
    let status = command(&fake, &dave(), "game status", json!({})).await;
    assert!(
        status.content.contains("agreed so far: no one")
            && status
                .content
                .contains(&format!("{} (resigned)", quitter.name)),
        "{}",
        status.content
    );
    assert!(
        fake.unexpected_requests().is_empty(),
        "{:?}",
        fake.unexpected_requests()
    );
    bot.stop().await;
}

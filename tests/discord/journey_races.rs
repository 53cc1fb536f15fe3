//! Journey: two people act in one channel at the same moment (both commands dispatched before either
//! is answered). Exactly one takes effect, the other is told clearly why, and nothing is doubled.

use std::time::Duration;

use serde_json::json;

use crate::discord::{CHANNEL, GUILD, WAIT, alice, bob, carol, command, legal, pinged};
use crate::fake_discord::{FakeDiscord, FakeUser, Sent};
use crate::journey_support::{ready_bot, started, the_one_to_act, trio};
use roundhouse::store::Store;

/// How long each command takes here, so the second is surely dispatched while the first runs.
const OVERLAP: Duration = Duration::from_millis(500);

/// Dispatches `first` and `second` (user, command, options) together and waits for both answers;
/// returns them and the channel messages posted meanwhile.
async fn at_once(
    fake: &FakeDiscord,
    first: (&FakeUser, &str, serde_json::Value),
    second: (&FakeUser, &str, serde_json::Value),
) -> ([Sent; 2], Vec<Sent>) {
    let before = fake.channel_message_count(CHANNEL);
    let (one, two) = tokio::join!(
        fake.slash(first.0, GUILD, CHANNEL, first.1, first.2),
        fake.slash(second.0, GUILD, CHANNEL, second.1, second.2)
    );
    let answers = [fake.reply(one, WAIT).await, fake.reply(two, WAIT).await];
    assert!(
        answers.iter().all(|a| a.ephemeral),
        "answers to the callers are private: {answers:?}"
    );
    (answers, fake.channel_messages(CHANNEL).split_off(before))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_player_to_act_and_one_who_is_not_move_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("m.db");
    let fake = FakeDiscord::start().await;
    let bot = ready_bot(&fake, &db).await;
    let people = trio();
    let start = started(&fake, &people, 0).await;
    let mover = the_one_to_act(&fake, &people, &start).await;
    // The hand goes round in seat order: the person two seats on acts after the next one.
    let seat = people.iter().position(|p| p.id == mover.id).unwrap();
    let (next, later) = (&people[(seat + 1) % 3], &people[(seat + 2) % 3]);
    let notation = legal(&fake, &mover, CHANNEL, "").await[0].1.clone();
    bot.table.slow_down_for_tests(OVERLAP);

    let ([moved, refused], posted) = at_once(
        &fake,
        (&mover, "move", json!({ "action": notation })),
        (later, "move", json!({ "action": notation })),
    )
    .await;
    assert_eq!(posted.len(), 1, "one move announced: {posted:?}");
    assert_eq!(pinged(&posted[0]), next.id, "{posted:?}");
    assert_eq!(moved.content, "Posted in the channel.", "{moved:?}");
    assert!(
        refused
            .content
            .starts_with("It is not your turn: waiting for"),
        "{refused:?}"
    );
    bot.stop().await;
    let store = Store::open(&db).unwrap();
    let game = store.open_game(&CHANNEL.to_string()).unwrap().unwrap();
    let moves = store.moves(game.id).unwrap();
    assert_eq!(moves.len(), 1, "{moves:?}");
    assert_eq!(moves[0].seat, seat);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_race_for_the_last_seat_of_a_lobby() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let bot = ready_bot(&fake, &dir.path().join("s.db")).await;
    command(&fake, &alice(), "game new", json!({"game": "yardmaster"})).await;
    for _ in 0..3 {
        command(&fake, &alice(), "game bot add", json!({})).await;
    }
    bot.table.slow_down_for_tests(OVERLAP);

    let ([bobs, carols], posted) = at_once(
        &fake,
        (&bob(), "game join", json!({})),
        (&carol(), "game join", json!({})),
    )
    .await;
    assert_eq!(posted.len(), 1, "one join announced: {posted:?}");
    let (seated, turned_away, refusal) = if posted[0].content.contains("bob joined") {
        (bob(), carol(), carols)
    } else {
        (carol(), bob(), bobs)
    };
    assert!(
        posted[0]
            .content
            .contains(&format!("{} joined", seated.name)),
        "{posted:?}"
    );
    assert_eq!(
        refusal.content,
        "The game is full: Yardmaster Express takes at most 5 players."
    );
    let status = command(&fake, &alice(), "game status", json!({})).await;
    assert!(
        status.content.contains(&format!("5. {}", seated.name))
            && !status.content.contains(&turned_away.name),
        "{}",
        status.content
    );
    bot.stop().await;
}

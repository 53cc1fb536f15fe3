//! Private stays private and every committed change is announced once, pinging the next player,
//! however slow the table and whether or not the interaction could be answered. The table is made
//! slow on purpose ([`roundhouse::table::Table::slow_down_for_tests`]), never raced against the
//! machine.

use std::path::Path;
use std::time::Duration;

use roundhouse::discord::config::RemindersConfig;
use roundhouse::store::Store;
use serde_json::json;

use crate::discord::{
    CHANNEL, GUILD, WAIT, alice, bob, carol, click, command, config, legal, pinged, user_by_id,
    vote_button,
};
use crate::fake_discord::{FakeDiscord, FakeUser, Sent};
use crate::running_bot::{Running, start_bot};

/// Longer than the 1.5 s after which the bot used to defer publicly, shorter than Discord's 3 s.
const SLOW: Duration = Duration::from_secs(2);

/// A started two-player Yardmaster game of alice and bob in [`CHANNEL`]; returns the bot and the
/// player to act.
pub(crate) async fn started_game(fake: &FakeDiscord, db: &Path) -> (Running, FakeUser) {
    let bot = start_bot(fake, &config(db, RemindersConfig::default())).await;
    fake.wait_ready(WAIT).await;
    fake.wait_commands(WAIT).await;
    command(fake, &alice(), "game new", json!({"game": "yardmaster"})).await;
    command(fake, &bob(), "game join", json!({})).await;
    let started = command(fake, &alice(), "game start", json!({})).await;
    let to_act = user_by_id(pinged(&started));
    (bot, to_act)
}

/// The other player of the two.
pub(crate) fn other_than(user: &FakeUser) -> FakeUser {
    if user.id == alice().id {
        bob()
    } else {
        alice()
    }
}

/// The public messages of [`CHANNEL`] that contain `text`.
pub(crate) fn public_with(fake: &FakeDiscord, text: &str) -> Vec<Sent> {
    fake.public_messages(CHANNEL)
        .into_iter()
        .filter(|sent| sent.content.contains(text))
        .collect()
}

/// Asserts that no public message of [`CHANNEL`] shows a refusal's list of legal moves.
fn assert_no_legal_moves_shown(fake: &FakeDiscord) {
    let leaked = public_with(fake, "Legal now");
    assert!(
        leaked.is_empty(),
        "private refusals made public: {leaked:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refusal_behind_a_queue_of_board_requests_stays_private() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let (bot, to_act) = started_game(&fake, &dir.path().join("a.db")).await;

    // A spectator queues board requests; the player to act then sends an illegal move, which
    // waits behind them all (12 × 200 ms, past any deferral threshold).
    bot.table.slow_down_for_tests(Duration::from_millis(200));
    let mut boards = Vec::new();
    for _ in 0..12 {
        boards.push(
            fake.slash(&carol(), GUILD, CHANNEL, "game board", json!({}))
                .await,
        );
    }
    let refused = fake
        .slash(
            &to_act,
            GUILD,
            CHANNEL,
            "move",
            json!({"action": "up Z9|Z9"}),
        )
        .await;
    let refusal = fake.reply(refused, WAIT).await;
    for board in boards {
        fake.reply(board, WAIT).await;
    }
    let acknowledged = fake.first_response(refused, WAIT).await;
    assert!(
        acknowledged.callback_type == Some(5) && acknowledged.ephemeral,
        "the move is acknowledged privately while it waits: {acknowledged:?}"
    );
    assert!(acknowledged.at < refusal.at);
    assert!(
        refusal.ephemeral && refusal.content.contains("Legal now"),
        "{refusal:?}"
    );
    assert_no_legal_moves_shown(&fake);
    assert!(
        fake.unexpected_requests().is_empty(),
        "{:?}",
        fake.unexpected_requests()
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_moves_undo_votes_and_resignations_are_announced_once_to_the_next_player() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let (bot, mut to_act) = started_game(&fake, &dir.path().join("b.db")).await;
    bot.table.slow_down_for_tests(SLOW);

    // Two slow moves: each announced once, in a message that notifies the next player.
    let mut announced = 0;
    for _ in 0..2 {
        let next = other_than(&to_act);
        let pings_before = fake.notifications(CHANNEL, next.id).len();
        let notation = legal(&fake, &to_act, CHANNEL, "").await[0].1.clone();
        let moved = command(&fake, &to_act, "move", json!({"action": notation})).await;
        assert!(
            !moved.ephemeral && moved.content.contains("added"),
            "{moved:?}"
        );
        announced += 1;
        assert_eq!(
            public_with(&fake, "added").len(),
            announced,
            "announced once"
        );
        assert_eq!(pinged(&moved), next.id);
        assert_eq!(fake.notifications(CHANNEL, next.id).len(), pings_before + 1);
        to_act = next;
    }

    // A slow undo agreed by button: taken back once, the mover notified that it is their turn.
    let mover = other_than(&to_act);
    let ask = command(&fake, &mover, "game undo", json!({})).await;
    assert_eq!(pinged(&ask), to_act.id, "the voter is notified");
    let pings_before = fake.notifications(CHANNEL, mover.id).len();
    let agreed = click(&fake, &to_act, &ask, &vote_button(&ask, "yes")).await;
    assert!(
        !agreed.ephemeral && agreed.content.contains("taken back"),
        "{agreed:?}"
    );
    assert_eq!(public_with(&fake, "taken back").len(), 1);
    assert_eq!(pinged(&agreed), mover.id);
    assert_eq!(
        fake.notifications(CHANNEL, mover.id).len(),
        pings_before + 1
    );

    // A slow resignation: the end announced once.
    let resigned = command(&fake, &mover, "game resign", json!({})).await;
    assert!(
        !resigned.ephemeral && resigned.content.contains("wins"),
        "{resigned:?}"
    );
    assert_eq!(public_with(&fake, "wins").len(), 1);

    assert_no_legal_moves_shown(&fake);
    assert!(
        fake.unexpected_requests().is_empty(),
        "{:?}",
        fake.unexpected_requests()
    );
    let db = dir.path().join("b.db");
    bot.stop().await;
    let store = Store::open(&db).unwrap();
    assert!(
        store.open_game(&CHANNEL.to_string()).unwrap().is_none(),
        "the game has ended"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_whose_acknowledgement_fails_is_still_announced_once() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("c.db");
    let fake = FakeDiscord::start().await;
    let (bot, to_act) = started_game(&fake, &db).await;
    let next = other_than(&to_act);
    let notation = legal(&fake, &to_act, CHANNEL, "").await[0].1.clone();
    bot.table.slow_down_for_tests(SLOW);
    fake.refuse_callbacks_in(CHANNEL);

    let before = fake.channel_message_count(CHANNEL);
    fake.slash(&to_act, GUILD, CHANNEL, "move", json!({"action": notation}))
        .await;
    let posted = fake.wait_channel_messages(CHANNEL, before + 1, WAIT).await;
    let moved = &posted[before];
    assert!(moved.content.contains("added"), "{moved:?}");
    assert_eq!(pinged(moved), next.id);
    assert_eq!(public_with(&fake, "added").len(), 1, "announced once");
    assert!(
        public_with(&fake, "nothing was changed").is_empty(),
        "no false apology"
    );
    bot.stop().await;
    let unexpected = fake.unexpected_requests();
    assert!(
        !unexpected.is_empty() && unexpected.iter().all(|r| r.contains("refused by the test")),
        "only the refused acknowledgement went wrong: {unexpected:?}"
    );
    let store = Store::open(&db).unwrap();
    let game = store.open_game(&CHANNEL.to_string()).unwrap().unwrap();
    assert_eq!(
        store.moves(game.id).unwrap().len(),
        1,
        "the move was stored"
    );
}

//! Journey: every command on a table slowed past the old deferral threshold (1.5 s, after which the
//! bot used to defer publicly). For each one the first response is a private acknowledgement in time,
//! nothing private reaches the channel, and every public result (each committed change among them)
//! is posted in the channel exactly once.

use std::time::Duration;

use roundhouse::discord::config::RemindersConfig;
use serde_json::json;

use crate::discord::{CHANNEL, GUILD, WAIT, alice, bob, carol, config, legal};
use crate::fake_discord::{FakeDiscord, FakeUser, Sent};
use crate::journey_support::{assert_hidden, dave, hand_of, the_one_to_act, trio};
use crate::running_bot::{Running, start_bot};

/// How long every table command takes here.
const SLOW: Duration = Duration::from_millis(1600);
/// Discord's limit for the first response to an interaction.
const FIRST_RESPONSE: Duration = Duration::from_secs(3);

/// Where a command's result is meant to show, and a piece of its text.
enum Shown {
    /// One channel message.
    Public(&'static str),
    /// Only the caller's answer.
    Private(&'static str),
}

/// The channel's journey so far: how many public results it expects.
struct Journey {
    fake: FakeDiscord,
    posts: usize,
}

impl Journey {
    /// Runs `name` as `user` and checks the first response, where the result shows, and that no
    /// private text is public; returns what it showed.
    async fn step(
        &mut self,
        user: &FakeUser,
        name: &str,
        options: serde_json::Value,
        shown: Shown,
    ) -> Sent {
        let fake = &self.fake;
        let id = fake.slash(user, GUILD, CHANNEL, name, options).await;
        let first = fake.first_response(id, WAIT).await;
        assert!(
            first.ephemeral,
            "/{name}: the first response is private: {first:?}"
        );
        assert!(
            first.at - fake.dispatched_at(id) < FIRST_RESPONSE,
            "/{name}: the first response comes in time"
        );
        let answer = fake.reply(id, WAIT).await;
        assert!(
            answer.ephemeral,
            "/{name}: the answer is private: {answer:?}"
        );
        let posted = fake.channel_messages(CHANNEL).split_off(self.posts);
        let result = match shown {
            Shown::Public(text) => {
                assert_eq!(posted.len(), 1, "/{name}: posted once: {posted:?}");
                assert!(posted[0].content.contains(text), "/{name}: {posted:?}");
                self.posts += 1;
                posted[0].clone()
            }
            Shown::Private(text) => {
                assert!(posted.is_empty(), "/{name}: nothing public: {posted:?}");
                assert!(answer.content.contains(text), "/{name}: {answer:?}");
                answer
            }
        };
        assert_hidden(fake, &[]);
        result
    }

    /// Moves as `mover` without the slow-down (to set a scene); returns the announcement.
    async fn quick_move(&mut self, bot: &Running, mover: &FakeUser) -> Sent {
        bot.table.slow_down_for_tests(Duration::ZERO);
        let notation = legal(&self.fake, mover, CHANNEL, "").await[0].1.clone();
        let moved = self
            .step(
                mover,
                "move",
                json!({ "action": notation }),
                Shown::Public("added"),
            )
            .await;
        bot.table.slow_down_for_tests(SLOW);
        moved
    }
}

/// The other two of the trio.
fn others(of: &FakeUser) -> Vec<FakeUser> {
    trio().into_iter().filter(|p| p.id != of.id).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_command_on_a_slow_table_is_acknowledged_privately_and_posted_once() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    // Skipping and removing are allowed at once; the scheduler looks only at startup, so it posts
    // nothing of its own here.
    let reminders = RemindersConfig {
        absent_after_hours: 0.0,
        check_every_secs: 3600,
        ..RemindersConfig::default()
    };
    let bot = start_bot(&fake, &config(&dir.path().join("s.db"), reminders)).await;
    fake.wait_ready(WAIT).await;
    fake.wait_commands(WAIT).await;
    bot.table.slow_down_for_tests(SLOW);
    let mut journey = Journey { fake, posts: 0 };
    let people = trio();
    use Shown::{Private, Public};

    // The lobby: seats alice, bob, carol and a bot.
    let game = json!({"game": "yardmaster"});
    journey
        .step(&alice(), "game new", game, Public("opened a game"))
        .await;
    journey
        .step(&bob(), "game join", json!({}), Public("bob joined."))
        .await;
    journey
        .step(&carol(), "game join", json!({}), Public("carol joined."))
        .await;
    journey
        .step(&carol(), "game leave", json!({}), Public("carol left"))
        .await;
    journey
        .step(&carol(), "game join", json!({}), Public("carol joined."))
        .await;
    journey
        .step(&alice(), "game bot add", json!({}), Public("(bot)"))
        .await;
    let started = journey
        .step(&alice(), "game start", json!({}), Public("started"))
        .await;
    let mut mover = the_one_to_act(&journey.fake, &people, &started).await;

    // Looking: the board and status are public, the hand and history private.
    journey
        .step(&dave(), "game board", json!({}), Public(""))
        .await;
    journey
        .step(&mover, "hand", json!({}), Private("Your hand"))
        .await;
    journey
        // "No moves yet" when a person starts, "All 1 move" when the bot has moved first.
        .step(&dave(), "game history", json!({}), Private("move"))
        .await;
    journey
        .step(&dave(), "game status", json!({}), Public("in play"))
        .await;

    // A move followed by a person's turn (the bot sits after carol), then an undo and an abort
    // asked and refused.
    if mover.id == carol().id {
        let moved = journey.quick_move(&bot, &mover).await;
        mover = the_one_to_act(&journey.fake, &people, &moved).await;
    }
    let hand = hand_of(&journey.fake, &mover).await;
    let notation = legal(&journey.fake, &mover, CHANNEL, "").await[0].1.clone();
    let moved = journey
        .step(
            &mover,
            "move",
            json!({ "action": notation }),
            Public("added"),
        )
        .await;
    let next = the_one_to_act(&journey.fake, &people, &moved).await;
    let held_on: Vec<_> = hand
        .into_iter()
        .filter(|c| !notation.contains(&c.notation))
        .collect();
    assert_hidden(&journey.fake, &held_on);
    let asked = journey
        .step(&mover, "game undo", json!({}), Public("asks to take back"))
        .await;
    assert_eq!(
        asked.allowed_user_mentions.len(),
        2,
        "both others vote: {asked:?}"
    );
    // Vote answers are sent as their index: 1 is "refuse".
    let refuse = json!({"answer": 1});
    journey
        .step(&next, "game undo", refuse.clone(), Public("move stands"))
        .await;
    journey
        .step(&mover, "game abort", json!({}), Public("asks to abort"))
        .await;
    journey
        .step(&next, "game abort", refuse, Public("the game goes on"))
        .await;

    // The person to act is skipped, then the next one removed (absence counts from the start here).
    let skipper = others(&next).remove(0);
    let skipped = journey
        .step(&skipper, "game skip", json!({}), Public("skipped the turn"))
        .await;
    let stuck = the_one_to_act(&journey.fake, &people, &skipped).await;
    let remover = others(&stuck).remove(0);
    let removed = journey
        .step(
            &remover,
            "game kick",
            json!({}),
            Public("who had stopped moving"),
        )
        .await;
    let playing = others(&stuck);
    let last = the_one_to_act(&journey.fake, &playing, &removed).await;
    let quitter = playing.iter().find(|p| p.id != last.id).unwrap().clone();
    journey
        .step(&quitter, "game resign", json!({}), Public("resigned"))
        .await;
    journey
        .step(&last, "game abort", json!({}), Public("aborted the game"))
        .await;

    // Rules, results and the daily puzzle.
    journey
        .step(
            &carol(),
            "rules",
            json!({"game": "yardmaster"}),
            Private("Yardmaster"),
        )
        .await;
    journey
        .step(&alice(), "stats", json!({}), Public("alice"))
        .await;
    journey
        .step(
            &alice(),
            "leaderboard",
            json!({"game": "yardmaster"}),
            Public("leaderboard"),
        )
        .await;
    journey
        .step(&alice(), "puzzle today", json!({}), Private("/puzzle play"))
        .await;
    journey
        .step(
            &alice(),
            "puzzle play",
            json!({}),
            Private("is yours to solve"),
        )
        .await;
    let moves = journey
        .fake
        .reply(
            journey
                .fake
                .autocomplete(&alice(), GUILD, CHANNEL, "puzzle move", json!({}), "action")
                .await,
            WAIT,
        )
        .await
        .choices;
    let step = json!({ "action": moves[0].1 });
    journey
        .step(&alice(), "puzzle move", step.clone(), Private("Move 1"))
        .await;
    journey
        .step(
            &alice(),
            "puzzle reset",
            json!({}),
            Private("Back to the start"),
        )
        .await;
    journey
        .step(&alice(), "puzzle move", step, Private("Move 1"))
        .await;
    journey
        .step(&alice(), "puzzle undo", json!({}), Private("Took back"))
        .await;
    journey
        .step(&alice(), "puzzle giveup", json!({}), Private("You gave up"))
        .await;
    journey
        .step(&alice(), "puzzle guide", json!({}), Private(""))
        .await;
    journey
        .step(&alice(), "puzzle share", json!({}), Public("#"))
        .await;
    journey
        .step(
            &alice(),
            "puzzle leaderboard",
            json!({}),
            Public("fewest moves"),
        )
        .await;
    journey
        .step(
            &alice(),
            "puzzle streak",
            json!({}),
            Public("current streak"),
        )
        .await;
    journey
        .step(
            &alice(),
            "puzzle setup",
            json!({"time": "off"}),
            Private("Manage Server"),
        )
        .await;

    // Nothing was posted twice, and no answer came late.
    tokio::time::sleep(SLOW).await;
    assert_eq!(journey.fake.channel_message_count(CHANNEL), journey.posts);
    assert!(
        journey.fake.unexpected_requests().is_empty(),
        "{:?}",
        journey.fake.unexpected_requests()
    );
    bot.stop().await;
}

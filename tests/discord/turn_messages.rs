//! One public message per turn: the steps of a turn edit the message that began it, pinging nobody;
//! a change of turn posts one new message pinging only who must act now; under a tight rate limit on
//! edits, fast steps are coalesced and the last state lands; a turn message someone deleted is
//! posted anew, unpinged; every picture carries its alt text. Played on Express, whose turns are a
//! draw, melds and a discard.

use std::time::Duration;

use serde_json::{Value, json};

use crate::announce::other_than;
use crate::discord::{
    CHANNEL, GUILD, WAIT, alice, assert_taken, bob, command, legal, pinged, user_by_id,
};
use crate::fake_discord::{FakeDiscord, FakeUser, Sent};
use crate::journey_support::ready_bot;
use crate::running_bot::Running;

/// More steps than any Express turn takes.
const MOST_STEPS: usize = 60;

/// A started two-player Express game of alice and bob: the bot, the start post and who must act.
async fn started_express(fake: &FakeDiscord, db: &std::path::Path) -> (Running, Sent, FakeUser) {
    let bot = ready_bot(fake, db).await;
    command(fake, &alice(), "game new", json!({"game": "express"})).await;
    command(fake, &bob(), "game join", json!({})).await;
    let started = command(fake, &alice(), "game start", json!({})).await;
    assert!(!started.ephemeral, "{started:?}");
    let to_act = user_by_id(pinged(&started));
    (bot, started, to_act)
}

/// `user`'s next step of the turn: a discard when one is legal (it ends the turn), else the first
/// legal step that is neither `reset` nor a swap (which could go round in circles).
async fn next_step(fake: &FakeDiscord, user: &FakeUser) -> String {
    if let Some((_, discard)) = legal(fake, user, CHANNEL, "discard").await.first() {
        return discard.clone();
    }
    legal(fake, user, CHANNEL, "")
        .await
        .into_iter()
        .map(|(_, notation)| notation)
        .find(|notation| notation != "reset" && !notation.starts_with("swap"))
        .unwrap_or_else(|| panic!("{} has no step to take", user.name))
}

/// Plays `step` as `user` and checks that it was taken and answered privately (its public post is
/// a new message or an edit, never the interaction's answer); returns the answer.
async fn step(fake: &FakeDiscord, user: &FakeUser, step: &str) -> Sent {
    let id = fake
        .slash(user, GUILD, CHANNEL, "move", json!({ "action": step }))
        .await;
    let answer = fake.reply(id, WAIT).await;
    assert!(answer.ephemeral, "{answer:?}");
    assert_taken(&answer, step);
    answer
}

/// The lines a turn message narrates, without its last line (`Now: …`).
fn narrated(content: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = content.lines().collect();
    assert!(
        lines.last().is_some_and(|line| line.starts_with("Now:")),
        "{content}"
    );
    lines.pop();
    lines
}

/// Checks that an edit pings nobody: no mention in it and none allowed.
fn assert_pings_nobody(edit: &Sent) {
    assert!(edit.notified.is_empty(), "{edit:?}");
    assert!(!edit.content.contains("<@"), "{}", edit.content);
    let allowed = &edit.raw["allowed_mentions"];
    assert_eq!(allowed["users"], json!([]), "{allowed}");
    assert_eq!(allowed["parse"], json!([]), "{allowed}");
}

/// The alt text of a message's picture, as the message shows it, checked against the request's.
fn alt_text(sent: &Sent) -> String {
    let shown = &sent.message["attachments"][0]["description"];
    let asked = sent.raw["attachments"]
        .as_array()
        .and_then(|listed| listed.iter().find(|entry| entry["id"] == json!(0)))
        .map_or(&Value::Null, |entry| &entry["description"]);
    assert_eq!(shown, asked, "{sent:?}");
    shown.as_str().unwrap_or_default().to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_steps_of_a_turn_edit_its_message_and_the_next_turn_pings_only_who_acts() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let (bot, started, mover) = started_express(&fake, &dir.path().join("e.db")).await;
    let other = other_than(&mover);
    let start_alt = alt_text(&started);
    assert!(
        start_alt.starts_with("Express board.") && start_alt.contains("Now:"),
        "{start_alt}"
    );
    let posts = fake.channel_message_count(CHANNEL);
    let mover_pinged = fake.notifications(CHANNEL, mover.id).len();

    // Each step waits for its edit, so none is coalesced: one edit per step, each telling one more
    // step than the one before.
    let mut edits = 0;
    let mut told = 0;
    loop {
        let notation = next_step(&fake, &mover).await;
        step(&fake, &mover, &notation).await;
        if notation.starts_with("discard") {
            break;
        }
        edits += 1;
        let edit = fake
            .wait_message_edits(&started, edits, WAIT)
            .await
            .pop()
            .unwrap();
        assert_pings_nobody(&edit);
        let now_told = narrated(&edit.content).len();
        assert!(now_told > told || now_told >= 12, "{}", edit.content);
        told = now_told;
        let alt = alt_text(&edit);
        assert!(alt.contains("Last:") && alt != start_alt, "{alt}");
        assert!(edits < MOST_STEPS, "the turn never ends");
    }
    assert!(edits >= 2, "a draw and melds: {edits} steps");

    let next = fake
        .wait_channel_messages(CHANNEL, posts + 1, WAIT)
        .await
        .pop()
        .unwrap();
    assert_eq!(pinged(&next), other.id, "{next:?}");
    assert!(
        next.content.contains(&format!("{} discards", mover.name)),
        "{}",
        next.content
    );
    assert!(alt_text(&next).starts_with("Express board."), "{next:?}");
    assert_eq!(fake.message_edits(&started).len(), edits);
    assert_eq!(fake.channel_message_count(CHANNEL), posts + 1);
    assert_eq!(
        fake.notifications(CHANNEL, mover.id).len(),
        mover_pinged,
        "the mover is never pinged by their own steps"
    );
    assert_eq!(fake.unexpected_requests(), Vec::<String>::new());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fast_steps_under_a_tight_edit_limit_all_succeed_and_the_last_state_lands() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let (bot, started, mover) = started_express(&fake, &dir.path().join("r.db")).await;
    // One edit of the channel's messages every 1.5 s: far slower than the steps come.
    fake.route_limit("PATCH /channels/", 1, Duration::from_millis(1500));
    let posts = fake.channel_message_count(CHANNEL);

    // Every step without waiting for its edit, up to the one before the discard.
    let mut steps = 0;
    loop {
        if !legal(&fake, &mover, CHANNEL, "discard").await.is_empty() {
            break;
        }
        let notation = next_step(&fake, &mover).await;
        step(&fake, &mover, &notation).await;
        steps += 1;
        assert!(steps < MOST_STEPS, "the turn never ends");
    }
    assert!(steps >= 2, "a draw and melds: {steps} steps");
    // The discard begins the next turn; its message tells everything since the other player's last
    // step: the mover's steps, the last one right before the discard.
    let discard = next_step(&fake, &mover).await;
    step(&fake, &mover, &discard).await;
    let next = fake
        .wait_channel_messages(CHANNEL, posts + 1, WAIT)
        .await
        .pop()
        .unwrap();
    let told = narrated(&next.content);
    let discarded = told
        .iter()
        .rposition(|line| line.contains(&format!("{} discards", mover.name)))
        .unwrap_or_else(|| panic!("{}", next.content));
    let last_step = told[discarded - 1];

    // The turn's message ends showing that last step, and its edits came in order, each newer than
    // the one before: fewer edits than steps when they were coalesced, never more.
    let shown = fake
        .wait_message_showing(&started, WAIT, |content| {
            content.lines().rev().nth(1) == Some(last_step)
        })
        .await;
    assert_pings_nobody(&shown);
    let edits = fake.message_edits(&started);
    assert!(
        !edits.is_empty() && edits.len() <= steps,
        "{} edits",
        edits.len()
    );
    for pair in edits.windows(2) {
        let (older, newer) = (narrated(&pair[0].content), narrated(&pair[1].content));
        let (older_last, newer_last) = (older[older.len() - 1], newer[newer.len() - 1]);
        assert!(
            newer.contains(&older_last) && !older.contains(&newer_last),
            "an older state after a newer one:\n{}\n---\n{}",
            pair[0].content,
            pair[1].content
        );
    }
    let patches = fake.requests("PATCH /channels/");
    assert!(
        patches.iter().all(|&(_, status)| status == 200),
        "the bot waited for the window instead of meeting a 429: {patches:?}"
    );
    assert_eq!(fake.channel_message_count(CHANNEL), posts + 1);
    assert_eq!(fake.unexpected_requests(), Vec::<String>::new());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deleted_turn_message_is_posted_anew_once_without_pings() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let (bot, started, mover) = started_express(&fake, &dir.path().join("d.db")).await;
    let posts = fake.channel_message_count(CHANNEL);
    fake.delete_message(&started);

    let first = next_step(&fake, &mover).await;
    step(&fake, &mover, &first).await;
    let anew = fake
        .wait_channel_messages(CHANNEL, posts + 1, WAIT)
        .await
        .pop()
        .unwrap();
    assert_pings_nobody_new(&anew);
    assert!(
        narrated(&anew.content).contains(&format!("{} draws 2 cards.", mover.name).as_str()),
        "{}",
        anew.content
    );
    assert!(!alt_text(&anew).is_empty(), "{anew:?}");
    let refused: Vec<u16> = fake
        .requests("PATCH /channels/")
        .into_iter()
        .map(|(_, status)| status)
        .collect();
    assert_eq!(refused, [404], "one edit of the deleted message");

    // The next step of the turn edits the new message: nothing more is posted.
    let second = next_step(&fake, &mover).await;
    if !second.starts_with("discard") {
        step(&fake, &mover, &second).await;
        let edit = fake.wait_message_edits(&anew, 1, WAIT).await.pop().unwrap();
        assert_pings_nobody(&edit);
        assert_eq!(fake.channel_message_count(CHANNEL), posts + 1);
    }
    assert_eq!(fake.unexpected_requests(), Vec::<String>::new());
    bot.stop().await;
}

/// Checks that a new message pings nobody: it mentions no one and allows no mention.
fn assert_pings_nobody_new(sent: &Sent) {
    assert!(sent.notified.is_empty(), "{sent:?}");
    assert!(sent.allowed_user_mentions.is_empty(), "{sent:?}");
    assert!(!sent.content.contains("<@"), "{}", sent.content);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_step_delivered_while_its_turns_post_is_being_made_edits_that_post() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let (bot, _, mover) = started_express(&fake, &dir.path().join("p.db")).await;
    let other = other_than(&mover);
    loop {
        let notation = next_step(&fake, &mover).await;
        if notation.starts_with("discard") {
            break;
        }
        step(&fake, &mover, &notation).await;
    }
    let posts = fake.channel_message_count(CHANNEL);
    let tries = fake.requests("POST /channels/").len();

    // The discard begins the other player's turn; Discord holds its post back with 429s, and the
    // other player's first step is committed meanwhile.
    fake.rate_limit("POST /channels/", 3, Duration::from_secs(1));
    let discard = next_step(&fake, &mover).await;
    let discarded = fake
        .slash(&mover, GUILD, CHANNEL, "move", json!({ "action": discard }))
        .await;
    fake.wait_requests("POST /channels/", tries + 1, WAIT).await;
    let first = next_step(&fake, &other).await;
    step(&fake, &other, &first).await;
    assert_taken(&fake.reply(discarded, WAIT).await, &discard);

    // The step waited for the post and edited it: one new message, pinging the other player.
    let next = fake
        .wait_channel_messages(CHANNEL, posts + 1, WAIT)
        .await
        .pop()
        .unwrap();
    assert_eq!(pinged(&next), other.id, "{next:?}");
    let edit = fake.wait_message_edits(&next, 1, WAIT).await.pop().unwrap();
    assert_pings_nobody(&edit);
    let told = narrated(&edit.content);
    assert!(
        told.last()
            .is_some_and(|line| line.starts_with(&other.name)),
        "{}",
        edit.content
    );
    assert_eq!(fake.rate_limited("POST /channels/"), 3);
    assert_eq!(fake.channel_message_count(CHANNEL), posts + 1);
    assert_eq!(fake.unexpected_requests(), Vec::<String>::new());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_restart_the_turns_next_step_posts_it_anew_unpinged_and_later_steps_edit_that() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("s.db");
    let fake = FakeDiscord::start().await;
    let (first, started, mover) = started_express(&fake, &db).await;
    let draw = next_step(&fake, &mover).await;
    step(&fake, &mover, &draw).await;
    fake.wait_message_edits(&started, 1, WAIT).await;
    first.stop().await;

    // The new process does not know which message is the turn's.
    let _second = ready_bot(&fake, &db).await;
    let posts = fake.channel_message_count(CHANNEL);
    let mut anew = None;
    loop {
        let notation = next_step(&fake, &mover).await;
        if notation.starts_with("discard") {
            break;
        }
        step(&fake, &mover, &notation).await;
        match &anew {
            None => {
                let posted = fake
                    .wait_channel_messages(CHANNEL, posts + 1, WAIT)
                    .await
                    .pop()
                    .unwrap();
                assert_pings_nobody_new(&posted);
                assert!(
                    narrated(&posted.content)
                        .contains(&format!("{} draws 2 cards.", mover.name).as_str()),
                    "the whole turn so far: {}",
                    posted.content
                );
                anew = Some(posted);
            }
            Some(posted) => {
                let edit = fake
                    .wait_message_edits(posted, 1, WAIT)
                    .await
                    .pop()
                    .unwrap();
                assert_pings_nobody(&edit);
                break;
            }
        }
    }
    assert!(anew.is_some(), "a step after the restart");
    assert_eq!(
        fake.message_edits(&started).len(),
        1,
        "the old message stays"
    );
    assert_eq!(fake.channel_message_count(CHANNEL), posts + 1);
    assert_eq!(fake.unexpected_requests(), Vec::<String>::new());
}

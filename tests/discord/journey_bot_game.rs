//! Journey: two people and a bot play Yardmaster to the end through slash commands, picking every
//! move from autocomplete as a person would. Each announcement pings exactly the next person to act
//! (a bot acting is never a ping), no held card or private text reaches the channel, and the end
//! names the winner. And one person plays two hard bots: the command whose bots search their moves is
//! acknowledged before they are made, and the bots are named by their level.

use serde_json::json;

use crate::discord::{CHANNEL, GUILD, WAIT, alice, bob, command, legal, shown};
use crate::fake_discord::FakeDiscord;
use crate::journey_support::{assert_hidden, hand_of, ready_bot, started, the_one_to_act};

/// More turns than a 3-player game has (6 rounds of 3), so a game that never ends fails.
const TURN_LIMIT: usize = 30;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_and_a_bot_play_yardmaster_to_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let bot = ready_bot(&fake, &dir.path().join("j.db")).await;
    let people = [alice(), bob()];
    let mut announcement = started(&fake, &people, 1).await;
    assert!(announcement.content.contains("(bot)"), "{announcement:?}");

    let mut people_turns = 0;
    let mut face_down = 0;
    // The bot may move first, within the start.
    let mut bot_turns = announcement.content.matches("(bot) added").count();
    let end = loop {
        assert!(people_turns < TURN_LIMIT, "the game never ended");
        let mover = the_one_to_act(&fake, &people, &announcement).await;
        let waiting = people.iter().find(|p| p.id != mover.id).unwrap();
        assert!(
            hand_of(&fake, waiting).await.is_empty(),
            "only the person to act holds the hand"
        );
        let hand = hand_of(&fake, &mover).await;
        assert!(!hand.is_empty(), "{} holds the hand", mover.name);
        assert_hidden(&fake, &hand);

        // Every other turn a card goes face down, as long as the hand has a card only it holds.
        let choices = legal(&fake, &mover, CHANNEL, "").await;
        let hidden_card = hand.iter().find(|c| c.is_unique()).cloned();
        let (notation, hidden) = match (&hidden_card, people_turns % 2) {
            (Some(card), 1) => (format!("down {}", card.notation), Some(card.clone())),
            _ => (choices[0].1.clone(), None),
        };
        assert!(
            choices.iter().any(|(_, n)| *n == notation),
            "{notation} offered in {choices:?}"
        );
        let pinged_before: Vec<usize> = people
            .iter()
            .map(|p| fake.notifications(CHANNEL, p.id).len())
            .collect();
        announcement = command(&fake, &mover, "move", json!({ "action": notation })).await;
        assert!(!announcement.ephemeral, "{announcement:?}");
        people_turns += 1;
        if let Some(card) = hidden {
            face_down += 1;
            assert!(
                announcement
                    .content
                    .contains(&format!("{} added a card face down.", mover.name)),
                "{}",
                announcement.content
            );
            if !announcement.content.contains("Game over") {
                assert_hidden(&fake, &[card]);
            }
        }
        // What the move made happen: the mover's own line and what follows it (a turn message
        // begins with what happened since its reader's last turn, so older lines come first).
        let lines: Vec<&str> = announcement.content.lines().collect();
        let own = lines
            .iter()
            .rposition(|line| line.starts_with(&format!("{} added", mover.name)))
            .unwrap_or_else(|| panic!("the move is told: {}", announcement.content));
        bot_turns += lines[own..]
            .iter()
            .filter(|line| line.contains("(bot) added"))
            .count();
        let pinged_now: Vec<usize> = people
            .iter()
            .map(|p| fake.notifications(CHANNEL, p.id).len())
            .collect();
        let newly: usize = pinged_now
            .iter()
            .zip(&pinged_before)
            .map(|(now, before)| now - before)
            .sum();
        if announcement.content.contains("Game over") {
            assert_eq!(newly, 0, "the end pings no one: {announcement:?}");
            break announcement;
        }
        assert_eq!(newly, 1, "one person pinged per turn: {announcement:?}");
    };

    assert_eq!(people_turns, 12, "6 rounds, two people's turns each");
    assert!(face_down > 0, "a card went face down");
    assert_eq!(
        bot_turns, 6,
        "the bot played its six turns within the people's commands"
    );
    let standings: Vec<&str> = end.content.lines().collect();
    let first = standings
        .iter()
        .find_map(|line| line.strip_prefix("1. "))
        .and_then(|line| line.split_once(':'))
        .map(|(name, _)| name.to_owned())
        .expect("a first place");
    assert!(
        end.content.ends_with(&format!("Winner: {first}!")),
        "{}",
        end.content
    );
    assert_eq!(end.allowed_user_mentions, Vec::<u64>::new());
    assert!(
        legal(&fake, &alice(), CHANNEL, "").await.is_empty(),
        "nothing to play after the end"
    );
    assert!(
        fake.unexpected_requests().is_empty(),
        "{:?}",
        fake.unexpected_requests()
    );
    bot.stop().await;
}

/// The index of `hard` among `/game bot add`'s level choices (easy, normal, hard), as Discord sends it.
const HARD: u64 = 2;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_that_two_hard_bots_answer_is_acknowledged_before_they_move() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let bot = ready_bot(&fake, &dir.path().join("h.db")).await;
    let opened = command(&fake, &alice(), "game new", json!({"game": "yardmaster"})).await;
    assert!(!opened.ephemeral, "{opened:?}");
    for name in ["Dusty", "Rusty"] {
        let added = command(&fake, &alice(), "game bot add", json!({"level": HARD})).await;
        assert!(
            added
                .content
                .starts_with(&format!("alice added {name} (hard bot).")),
            "{added:?}"
        );
    }
    let start = command(&fake, &alice(), "game start", json!({})).await;
    assert!(
        start.content.contains(
            "started Yardmaster Express for alice, Dusty (hard bot) and Rusty (hard bot)."
        ),
        "{start:?}"
    );

    // Alice's move hands the turn to both bots, which search theirs within her command.
    let choices = legal(&fake, &alice(), CHANNEL, "").await;
    let notation = choices[0].1.clone();
    let before = fake.channel_message_count(CHANNEL);
    let id = fake
        .slash(
            &alice(),
            GUILD,
            CHANNEL,
            "move",
            json!({ "action": notation }),
        )
        .await;
    let acknowledged = fake.first_response(id, WAIT).await;
    let answer = fake.reply(id, WAIT).await;
    let announcement = shown(&fake, CHANNEL, before, answer);
    assert_eq!(
        (acknowledged.callback_type, acknowledged.ephemeral),
        (Some(5), true),
        "acknowledged by a private deferral: {acknowledged:?}"
    );
    assert!(!announcement.ephemeral, "{announcement:?}");
    for name in ["Dusty (hard bot) added", "Rusty (hard bot) added"] {
        assert!(announcement.content.contains(name), "{announcement:?}");
    }
    assert!(
        acknowledged.at <= announcement.at,
        "the bots' moves are posted after the acknowledgement"
    );
    assert!(
        announcement.content.ends_with("Now: alice."),
        "{}",
        announcement.content
    );
    assert!(
        announcement.notified.is_empty(),
        "her own step pings no one"
    );
    assert!(
        fake.unexpected_requests().is_empty(),
        "{:?}",
        fake.unexpected_requests()
    );
    bot.stop().await;
}

//! What the journeys share: a Yardmaster table of people (and bots) opened through slash commands,
//! the people's hands as `/hand` shows them, and who may act as autocomplete tells them.

use std::path::Path;

use roundhouse::discord::config::RemindersConfig;
use serde_json::json;

use crate::discord::{CHANNEL, WAIT, alice, bob, carol, command, config, legal, pinged};
use crate::fake_discord::{FakeDiscord, FakeUser, Sent};
use crate::running_bot::{Running, start_bot};

/// Someone who never sits down: the spectator whose view a retired player must share.
pub(crate) fn dave() -> FakeUser {
    FakeUser::new(1_000_000_000_000_000_004, "dave")
}

/// Starts the bot with the database at `db` and waits until the fake has its commands.
pub(crate) async fn ready_bot(fake: &FakeDiscord, db: &Path) -> Running {
    let bot = start_bot(fake, &config(db, RemindersConfig::default())).await;
    fake.wait_ready(WAIT).await;
    fake.wait_commands(WAIT).await;
    bot
}

/// Opens a Yardmaster game hosted by the first of `people`, seats the others and `bots` bots, and
/// starts it; returns the start announcement.
pub(crate) async fn started(fake: &FakeDiscord, people: &[FakeUser], bots: usize) -> Sent {
    let opened = command(fake, &people[0], "game new", json!({"game": "yardmaster"})).await;
    assert!(!opened.ephemeral, "{opened:?}");
    for person in &people[1..] {
        let joined = command(fake, person, "game join", json!({})).await;
        assert!(!joined.ephemeral, "{joined:?}");
    }
    for _ in 0..bots {
        let added = command(fake, &people[0], "game bot add", json!({})).await;
        assert!(
            !added.ephemeral && added.content.contains("(bot)"),
            "{added:?}"
        );
        assert!(added.notified.is_empty(), "a bot joining pings no one");
    }
    let start = command(fake, &people[0], "game start", json!({})).await;
    assert!(!start.ephemeral, "{start:?}");
    start
}

/// The three people of most journeys.
pub(crate) fn trio() -> [FakeUser; 3] {
    [alice(), bob(), carol()]
}

/// The one of `people` whom autocomplete offers moves; panics unless exactly one may act, and
/// checks that `announcement` pinged exactly them.
pub(crate) async fn the_one_to_act(
    fake: &FakeDiscord,
    people: &[FakeUser],
    announcement: &Sent,
) -> FakeUser {
    let mut acting = Vec::new();
    for person in people {
        if !legal(fake, person, CHANNEL, "").await.is_empty() {
            acting.push(person.clone());
        }
    }
    assert_eq!(acting.len(), 1, "one person acts at a time: {acting:?}");
    assert_eq!(
        pinged(announcement),
        acting[0].id,
        "the announcement pings the person to act: {announcement:?}"
    );
    acting.remove(0)
}

/// A card of a hand as `/hand` lists it: its notation (`Y2|B3`) and its words (`Oil 2 | Coal 3`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Card {
    pub notation: String,
    pub words: String,
}

impl Card {
    /// Whether the deck holds only this copy: its two railcars differ (the deck's only doubles are
    /// cards such as `B2|B2`, see the rules' card list).
    pub fn is_unique(&self) -> bool {
        self.notation
            .split_once('|')
            .is_some_and(|(left, right)| left != right)
    }
}

/// The cards `user` holds, from their private `/hand` (empty when they hold none).
pub(crate) async fn hand_of(fake: &FakeDiscord, user: &FakeUser) -> Vec<Card> {
    let hand = command(fake, user, "hand", json!({})).await;
    assert!(hand.ephemeral, "a hand is private: {hand:?}");
    // The cards in hand, not those the seat laid face down (listed after them, for the owner's eyes).
    hand.content
        .lines()
        .take_while(|line| !line.starts_with("Face down in your train"))
        .filter(|line| line.starts_with("  "))
        .filter_map(|line| {
            let (notation, rest) = line.trim_start().split_once("  ")?;
            let words = rest
                .trim_end()
                .trim_end_matches("up or down")
                .trim_end_matches("down only")
                .trim();
            Some(Card {
                notation: notation.to_owned(),
                words: words.to_owned(),
            })
        })
        .collect()
}

/// Asserts that no public message of the channel shows a held card of `hand` (cards with a twin in
/// the deck are left out: the twin may have been played) or any private text.
pub(crate) fn assert_hidden(fake: &FakeDiscord, hand: &[Card]) {
    for public in fake.public_messages(CHANNEL) {
        for private in ["Your hand", "You drew", "Kept for", "Legal now"] {
            assert!(
                !public.content.contains(private),
                "private text in public: {public:?}"
            );
        }
        for card in hand.iter().filter(|c| c.is_unique()) {
            assert!(
                !public.content.contains(&card.words) && !public.content.contains(&card.notation),
                "{card:?} is held, yet shown in public: {}",
                public.content
            );
        }
    }
}

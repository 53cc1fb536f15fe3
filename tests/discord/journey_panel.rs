//! Every game played to its end by tapping only: people (and bots where the game allows) through the
//! turn panel, a seeded-random choice at each level. Along the way: a new public message only when who
//! must act changes (or the game ends), the mover never pinged by their own step, and no request the
//! fake finds against Discord's description.

use roundhouse::bots::BotLevel;
use std::collections::BTreeSet;
use std::path::Path;
use std::time::Instant;

use roundhouse::games::adapter::MenuStep;
use roundhouse::rng::GameRng;
use roundhouse::store::Store;
use roundhouse::table::menu::{MenuNode, walk};
use serde_json::json;

use crate::discord::{CHANNEL, alice, bob, command, is_animation, legal};
use crate::fake_discord::{FakeDiscord, FakeUser, Sent};
use crate::journey_support::ready_bot;
use crate::panel_support::{
    Choice, choices, latest_turn_message, open_with_button, open_with_command, tap, version,
};

/// A game to play: its id and options, the people, how many bots.
struct Setup {
    game: &'static str,
    options: &'static str,
    people: Vec<FakeUser>,
    bots: usize,
    /// The most steps to play before giving up on an end (a game that never ends is a failure).
    max_steps: usize,
    seed: u64,
    /// How the people choose.
    play: Play,
}

/// How the people choose at each level of their menus.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Play {
    /// A seeded-random choice.
    AtRandom,
    /// The way to the step the game's own bot would take in their place (a puzzle is not solved by
    /// chance); they still tap their way there.
    AsTheBotWould,
}

/// The tester's dice: SplitMix64, so a failing journey taps the same way again.
struct Dice(u64);

impl Dice {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

/// What a journey saw.
struct Seen {
    steps: usize,
    taps: usize,
    changes: usize,
    posts: usize,
}

/// The people who may act now, by their autocomplete (which lists a person's legal steps).
async fn to_act(fake: &FakeDiscord, people: &[FakeUser]) -> BTreeSet<u64> {
    let mut acting = BTreeSet::new();
    for person in people {
        if !legal(fake, person, CHANNEL, "").await.is_empty() {
            acting.insert(person.id);
        }
    }
    acting
}

async fn open(fake: &FakeDiscord, person: &FakeUser, dice: &mut Dice) -> Sent {
    match latest_turn_message(fake) {
        Some(turn) if dice.below(2) == 0 => open_with_button(fake, person, &turn).await,
        _ => open_with_command(fake, person).await,
    }
}

/// Opens the game of `setup` and plays it to the end by tapping; panics on a broken rule.
async fn journey(setup: Setup) -> Seen {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let db = dir.path().join("d.db");
    let _bot = ready_bot(&fake, &db).await;
    let people = &setup.people;
    let host = &people[0];
    let mut new = json!({"game": setup.game});
    if !setup.options.is_empty() {
        new["options"] = json!(setup.options);
    }
    let opened = command(&fake, host, "game new", new).await;
    assert!(!opened.ephemeral, "{opened:?}");
    for person in &people[1..] {
        command(&fake, person, "game join", json!({})).await;
    }
    for _ in 0..setup.bots {
        command(&fake, host, "game bot add", json!({})).await;
    }
    command(&fake, host, "game start", json!({})).await;
    let mut dice = Dice(setup.seed);
    let mut acting = to_act(&fake, people).await;
    let mut seen = Seen {
        steps: 0,
        taps: 0,
        changes: 0,
        posts: 0,
    };
    let mut panels: Vec<Option<Sent>> = vec![None; people.len()];
    while !acting.is_empty() {
        assert!(
            seen.steps < setup.max_steps,
            "{}: no end after {} steps",
            setup.game,
            seen.steps
        );
        let ids: Vec<u64> = acting.iter().copied().collect();
        let mover_id = ids[dice.below(ids.len())];
        let at = people.iter().position(|p| p.id == mover_id).unwrap();
        let mover = &people[at];
        let mut panel = match panels[at].take() {
            Some(panel) if !choices(&panel).is_empty() => panel,
            _ => open(&fake, mover, &mut dice).await,
        };
        let before = fake.channel_message_count(CHANNEL);
        let mut drawn_at = version(&panel);
        loop {
            let offered = choices(&panel);
            assert!(
                !offered.is_empty(),
                "{}: a person to act is offered choices: {}",
                setup.game,
                panel.content
            );
            let choice = match setup.play {
                Play::AtRandom => offered[dice.below(offered.len())].clone(),
                Play::AsTheBotWould => {
                    let level = level_of(&panel).expect("a panel with choices has a level");
                    let way = bots_way(&db, mover);
                    let next = way
                        .get(level.len())
                        .copied()
                        .expect("the bot's step lies deeper");
                    hinted(&offered, next)
                }
            };
            let choice = &choice;
            panel = tap(&fake, mover, &panel, choice).await;
            seen.taps += 1;
            if panel.content.starts_with("The game moved on") {
                // A panel kept from before someone else's step: drawn afresh, nothing played.
                drawn_at = version(&panel);
                continue;
            }
            if version(&panel) != drawn_at {
                break;
            }
            assert_eq!(
                fake.channel_message_count(CHANNEL),
                before,
                "{}: opening a level posts nothing ({})",
                setup.game,
                choice.label()
            );
        }
        seen.steps += 1;
        panels[at] = Some(panel);
        let mut posted = fake.channel_messages_from(CHANNEL, before);
        posted.retain(|post| !is_animation(post));
        for post in &posted {
            assert!(
                !post.notified.contains(&mover.id),
                "{}: {} was pinged by their own step: {}",
                setup.game,
                mover.name,
                post.content
            );
        }
        let now = to_act(&fake, people).await;
        let changed = now != acting;
        seen.changes += usize::from(changed);
        seen.posts += posted.len();
        if changed {
            assert_eq!(
                posted.len(),
                1,
                "{}: one new message when who acts changes: {posted:?}",
                setup.game
            );
        } else if setup.bots == 0 {
            assert!(
                posted.is_empty(),
                "{}: no new message while the same people act: {posted:?}",
                setup.game
            );
        } else {
            // A bot may have taken a turn between two of the same person's.
            assert!(posted.len() <= 1, "{}: {posted:?}", setup.game);
            for post in &posted {
                assert!(
                    post.content.contains("(bot)"),
                    "{}: {}",
                    setup.game,
                    post.content
                );
            }
        }
        acting = now;
    }
    let status = command(&fake, host, "game status", json!({})).await;
    assert!(
        status.content.contains("no game"),
        "{}: the game is over: {}",
        setup.game,
        status.content
    );
    assert!(
        fake.unexpected_requests().is_empty(),
        "{}: {:?}",
        setup.game,
        fake.unexpected_requests()
    );
    seen
}

/// The menu level a panel shows: the path of its choices' ids, without the last index.
fn level_of(panel: &Sent) -> Option<Vec<usize>> {
    panel.custom_ids.iter().find_map(|id| {
        let fields: Vec<&str> = id.split(':').collect();
        let path: Vec<usize> = match fields.as_slice() {
            ["rh", "pick", _, path, _] | ["rh", "tap", _, path, _] => path
                .split('.')
                .filter(|p| !p.is_empty())
                .map(|p| p.parse().unwrap())
                .collect(),
            _ => return None,
        };
        match fields[1] {
            "pick" => Some(path),
            _ => path.split_last().map(|(_, above)| above.to_vec()),
        }
    })
}

/// The choice at each level that leads to the step the game's bot would take for `person`, read
/// from the stored game.
fn bots_way(db: &Path, person: &FakeUser) -> Vec<usize> {
    let store = Store::open(db).unwrap();
    let record = store.open_game(&CHANNEL.to_string()).unwrap().unwrap();
    let seat = record.seat_of(&person.id.to_string()).unwrap();
    let kind = roundhouse::games::find(&record.kind).unwrap();
    let game = kind.restore(record.snapshot.as_deref().unwrap()).unwrap();
    let wanted = game.bot_move(
        seat,
        BotLevel::Normal,
        &mut GameRng::seeded(record.version as u64),
    );
    let steps = game.menu(seat);
    way_to(&steps, &[], &wanted).unwrap_or_else(|| panic!("{wanted} is not in the menus"))
}

/// The path from `path` down to the step `wanted`.
fn way_to(steps: &[MenuStep], path: &[usize], wanted: &str) -> Option<Vec<usize>> {
    let MenuNode::Level { choices, .. } = walk(steps, path).ok()? else {
        return None;
    };
    (0..choices.len()).find_map(|at| {
        let mut deeper = path.to_vec();
        deeper.push(at);
        match walk(steps, &deeper).ok()? {
            MenuNode::Step(index) => (steps[index].notation == wanted).then_some(deeper),
            MenuNode::Level { .. } => way_to(steps, &deeper, wanted),
        }
    })
}

/// The offered choice with index `at` at its level (or the page button that leads towards it).
fn hinted(offered: &[Choice], at: usize) -> Choice {
    let found = offered.iter().find(|choice| match choice {
        Choice::Option { value, .. } => *value == at.to_string(),
        Choice::Button { id, .. } => {
            let fields: Vec<&str> = id.split(':').collect();
            fields.len() == 5
                && fields[3].rsplit('.').next() == Some(at.to_string().as_str())
                && !choice.label().contains("choices")
        }
    });
    match found {
        Some(choice) => choice.clone(),
        None => offered
            .iter()
            .find(|c| c.label().contains("More choices"))
            .expect("the choice is on a later page")
            .clone(),
    }
}

async fn timed(setup: Setup) {
    let game = setup.game;
    let started = Instant::now();
    let seen = journey(setup).await;
    eprintln!(
        "{game}: {} steps, {} taps, {} changes of who acts, {} posts, in {:?}",
        seen.steps,
        seen.taps,
        seen.changes,
        seen.posts,
        started.elapsed()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn yardmaster_is_played_to_the_end_by_tapping() {
    timed(Setup {
        game: "yardmaster",
        options: "",
        people: vec![alice(), bob()],
        bots: 1,
        max_steps: 400,
        seed: 1,
        play: Play::AtRandom,
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn whistlewood_solo_is_played_to_the_end_by_tapping() {
    timed(Setup {
        game: "whistlewood",
        options: "level=1",
        people: vec![alice()],
        bots: 0,
        max_steps: 400,
        seed: 2,
        play: Play::AtRandom,
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn whistlewood_for_two_is_played_to_the_end_by_tapping() {
    timed(Setup {
        game: "whistlewood",
        options: "",
        people: vec![alice(), bob()],
        bots: 0,
        max_steps: 400,
        seed: 3,
        play: Play::AtRandom,
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shunting_is_played_to_the_end_by_tapping() {
    timed(Setup {
        game: "shunting",
        options: "card=1",
        people: vec![alice()],
        bots: 0,
        max_steps: 2000,
        seed: 4,
        play: Play::AsTheBotWould,
    })
    .await;
}

/// Express to 100 points by random taps: some 450 to 600 steps, under a minute on a debug build.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn express_is_played_to_the_end_by_tapping() {
    timed(Setup {
        game: "express",
        options: "target=100",
        people: vec![alice(), bob()],
        bots: 1,
        max_steps: 3000,
        seed: 5,
        play: Play::AtRandom,
    })
    .await;
}

/// Random taps do not end a Coal Train (a turn of exchanges can go on and on; 2000 random steps
/// reached round 32): its people tap the way the game's bot would go, which ends it in some 160
/// steps (under a minute on a debug build).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn coal_train_is_played_to_the_end_by_tapping() {
    timed(Setup {
        game: "coal_train",
        options: "",
        people: vec![alice(), bob()],
        bots: 1,
        max_steps: 3000,
        seed: 6,
        play: Play::AsTheBotWould,
    })
    .await;
}

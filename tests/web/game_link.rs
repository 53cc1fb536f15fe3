//! The bot links a finished game's page when the site's public address is configured, and only then.

use roundhouse::bots::BotLevel;
use roundhouse::clock::ManualClock;
use roundhouse::store::Store;
use roundhouse::table::{Caller, Command, Place, Reply, Table, TableOptions};

fn table_at(dir: &tempfile::TempDir, web_url: Option<&str>) -> Table {
    let store = Store::open_with_clock(
        &dir.path().join("link.db"),
        ManualClock::at(1_795_867_200).clock(),
    )
    .unwrap();
    Table::new(
        store,
        TableOptions {
            pictures: false,
            web_url: web_url.map(str::to_owned),
            ..TableOptions::default()
        },
    )
}

fn public_text(reply: &Reply) -> String {
    reply
        .public
        .as_ref()
        .map(|p| p.text.clone())
        .unwrap_or_default()
}

/// Two bots play Express to its end in `place`; the reply to the start, which ends the game.
fn bots_finish(table: &Table, place: &Place) -> (i64, Reply) {
    let ann = Caller::new("u-ann", "Ann");
    let new = Command::New {
        game: "express".into(),
        options: Vec::new(),
        seed: Some(3),
        sit: false,
    };
    table.handle(place, &ann, new).unwrap();
    for _ in 0..2 {
        let add = Command::AddBot {
            level: BotLevel::Normal,
        };
        table.handle(place, &ann, add).unwrap();
    }
    let id = table.store().open_game(&place.channel).unwrap().unwrap().id;
    (id, table.handle(place, &ann, Command::Start).unwrap())
}

#[test]
fn the_last_post_of_a_finished_game_links_its_page_when_the_site_is_configured() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir, Some("https://games.example/"));
    let (id, reply) = bots_finish(&table, &Place::channel("c1"));
    let text = public_text(&reply);
    assert!(text.contains("Game over."), "{text}");
    assert!(
        text.ends_with(&format!("\nReplay: https://games.example/games/{id}")),
        "{text}"
    );

    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir, None);
    let (_, reply) = bots_finish(&table, &Place::channel("c1"));
    let text = public_text(&reply);
    assert!(
        text.contains("Game over.") && !text.contains("Replay:"),
        "{text}"
    );
}

#[test]
fn a_game_ended_by_resignation_links_its_page_too() {
    let dir = tempfile::tempdir().unwrap();
    let table = table_at(&dir, Some("https://games.example"));
    let place = Place::channel("c2");
    let bo = Caller::new("u-bo", "Bo");
    let new = Command::New {
        game: "yardmaster".into(),
        options: Vec::new(),
        seed: Some(4),
        sit: true,
    };
    table.handle(&place, &bo, new).unwrap();
    let add = Command::AddBot {
        level: BotLevel::Normal,
    };
    table.handle(&place, &bo, add).unwrap();
    table.handle(&place, &bo, Command::Start).unwrap();
    let id = table.store().open_game("c2").unwrap().unwrap().id;
    let text = public_text(&table.handle(&place, &bo, Command::Resign).unwrap());
    assert!(text.contains("wins by resignation"), "{text}");
    assert!(
        text.ends_with(&format!("\nReplay: https://games.example/games/{id}")),
        "{text}"
    );
}

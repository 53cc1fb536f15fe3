//! The store's PostgreSQL client runs a small runtime of its own for each connection: it works from
//! tokio's blocking threads, where the table runs every command (`off_thread`), including many at once.

use std::sync::Arc;

use roundhouse::shards::ShardRange;
use roundhouse::store::Status;
use roundhouse::table::{Caller, Command, Place, Table, TableOptions};

fn person(id: &str) -> Caller {
    Caller::new(id, id.to_uppercase())
}

fn new_game(seed: u64) -> Command {
    Command::New {
        game: "yardmaster".into(),
        options: Vec::new(),
        seed: Some(seed),
        sit: true,
    }
}

/// Plays `place`'s game from a new lobby to its end through `handle_queued`, always the first legal move.
async fn play_to_the_end(table: Arc<Table>, place: Place, seed: u64) {
    let (ann, bob) = (
        person(&format!("ann-{seed}")),
        person(&format!("bob-{seed}")),
    );
    for (who, command) in [
        (&ann, new_game(seed)),
        (&bob, Command::Join),
        (&ann, Command::Start),
    ] {
        table
            .clone()
            .handle_queued(place.clone(), who.clone(), command)
            .await
            .unwrap();
    }
    for _ in 0..2000 {
        let (table_now, place_now) = (table.clone(), place.clone());
        let next = tokio::task::spawn_blocking(move || {
            let waiting = table_now.people_to_act(&place_now).unwrap();
            waiting.first().map(|user| {
                let who = person(user);
                let legal = table_now.legal_moves(&place_now, &who, "").unwrap();
                (who, legal[0].notation.clone())
            })
        })
        .await
        .unwrap();
        let Some((who, notation)) = next else {
            return;
        };
        table
            .clone()
            .handle_queued(place.clone(), who, Command::Move(notation))
            .await
            .unwrap();
    }
    panic!("the game in {place:?} did not end in 2000 moves");
}

on_both_backends! {
fn games_in_several_channels_play_to_their_ends_through_the_async_queue(db) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(4)
        .enable_all()
        .build()
        .unwrap();
    let options = TableOptions {
        pictures: false,
        ..TableOptions::default()
    };
    let table = Arc::new(Table::new(db.open(), options));
    runtime.block_on(async {
        let games: Vec<_> = (0..3)
            .map(|seed| {
                let place = Place::channel(format!("chan-{seed}"));
                tokio::spawn(play_to_the_end(table.clone(), place, seed))
            })
            .collect();
        for game in games {
            game.await.unwrap();
        }
    });
    for seed in 0..3 {
        let channel = format!("chan-{seed}");
        assert!(table.store().open_game(&channel).unwrap().is_none(), "{channel} ended");
    }
    let finished = table.store().idle_games(i64::MAX, &ShardRange::ONE).unwrap();
    assert!(finished.is_empty(), "no game is left in play: {finished:?}");
    let store = db.open();
    let ids: Vec<i64> = (1..=3).collect();
    for id in ids {
        let game = store.game(id).unwrap().expect("three games were stored");
        assert_eq!(game.status, Status::Finished);
        assert!(!store.moves(id).unwrap().is_empty());
        assert_eq!(store.results(id).unwrap().len(), 2);
    }
}
}

//! The web site: a finished game's page and the board it shows, asked for as a browser would (a GET
//! of the page, then of its picture, through the site's router), on a SQLite store already open.
//! `warm`: the site has served the game before (its replay and the picture are kept); `cold`: a new
//! site, so the replay is read from the store's log and the picture drawn. For a 5-player Yardmaster
//! game and a 4-player Express game, both played to the end by bots. Target: <= 50 ms p50.

use std::hint::black_box;
use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use criterion::{Criterion, criterion_group, criterion_main};
use roundhouse::bots::BotLevel;
use roundhouse::store::Store;
use roundhouse::table::{Caller, Command, Place, Table, TableOptions};
use roundhouse::web::Site;
use tower::ServiceExt;

/// Bots play `game` with `seats` seats to its end in a channel of its own; the game's id.
fn finished_game(table: &Table, game: &str, seats: usize) -> i64 {
    let place = Place::channel(format!("bench-{game}"));
    let host = Caller::new("host", "Host");
    let new = Command::New {
        game: game.into(),
        options: Vec::new(),
        seed: Some(7),
        sit: false,
    };
    table.handle(&place, &host, new).unwrap();
    for _ in 0..seats {
        let add = Command::AddBot {
            level: BotLevel::Normal,
        };
        table.handle(&place, &host, add).unwrap();
    }
    let id = table.store().open_game(&place.channel).unwrap().unwrap().id;
    table.handle(&place, &host, Command::Start).unwrap();
    id
}

async fn fetch(router: &Router, uri: &str) -> Vec<u8> {
    let request = Request::get(uri).body(Body::empty()).unwrap();
    let response = router.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "{uri}");
    axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap()
        .to_vec()
}

/// The page of game `id` and the board picture it shows.
async fn page_and_board(router: &Router, id: i64) -> usize {
    let page = String::from_utf8(fetch(router, &format!("/games/{id}")).await).unwrap();
    let start = page.find("<img src=\"").unwrap() + "<img src=\"".len();
    let src = &page[start..start + page[start..].find('"').unwrap()];
    let png = fetch(router, src).await;
    page.len() + png.len()
}

fn game_page(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("web.db")).unwrap();
    let options = TableOptions {
        pictures: false,
        ..TableOptions::default()
    };
    let table = Arc::new(Table::new(store, options));
    let games = [
        ("yardmaster_5", finished_game(&table, "yardmaster", 5)),
        ("express_4", finished_game(&table, "express", 4)),
    ];
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut group = c.benchmark_group("web_game_page_and_board");
    for (name, id) in games {
        let site = Site::over_table(Arc::clone(&table)).router();
        runtime.block_on(page_and_board(&site, id));
        group.bench_function(format!("{name}/warm"), |b| {
            b.iter(|| black_box(runtime.block_on(page_and_board(&site, id))))
        });
        group.bench_function(format!("{name}/cold"), |b| {
            b.iter(|| {
                let site = Site::over_table(Arc::clone(&table)).router();
                black_box(runtime.block_on(page_and_board(&site, id)))
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = game_page
}
criterion_main!(benches);

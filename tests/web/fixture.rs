//! A store holding finished games of two kinds played by bots (one on a Discord server), a finished
//! game of a person with a hostile name, an open game and an aborted one; and a way to ask the site
//! for a page without a socket.

use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderMap, Request, StatusCode};
use roundhouse::bots::BotLevel;
use roundhouse::clock::ManualClock;
use roundhouse::store::{GameRecord, Status};
use roundhouse::table::{Caller, Command, Place, Table, TableOptions};
use roundhouse::web::Site;
use tower::ServiceExt;

use crate::test_db::TestDb;

/// The moment the table's clock stands still at: 2026-11-28 12:00 UTC.
const T0: i64 = 1_795_867_200;
/// The server the games are played on.
pub const GUILD: &str = "123456789012345678";
/// A player's name that would run a script if it were not escaped.
pub const HOSTILE: &str = "<script>alert('pwned')</script>";
/// The seed of every game: long enough that it appears on no page by chance.
pub const SEED: u64 = 9_876_543_210_123;

/// The store and the games in it.
pub struct Fixture {
    /// The database, when the fixture made it (dropped with it).
    _db: Option<TestDb>,
    /// The table over the store.
    pub table: Arc<Table>,
    /// An Express game of three bots, finished, on [`GUILD`].
    pub express: GameRecord,
    /// A Yardmaster game of three bots, finished, outside any server.
    pub yardmaster: GameRecord,
    /// A game [`HOSTILE`] played against a bot and resigned, finished, on [`GUILD`].
    pub hostile: GameRecord,
    /// A game still in its lobby.
    pub open: i64,
    /// A game aborted before its end.
    pub aborted: i64,
}

fn host() -> Caller {
    Caller::new("u-ann", "Ann")
}

fn on_server(channel: &str) -> Place {
    Place {
        channel: channel.to_owned(),
        guild: Some(GUILD.to_owned()),
    }
}

fn new_game(game: &str, sit: bool) -> Command {
    Command::New {
        game: game.into(),
        options: Vec::new(),
        seed: Some(SEED),
        sit,
    }
}

/// Ann opens `game` in `place` without sitting, adds `bots` normal bots and starts: the bots play it
/// to its end at once.
fn bots_play(table: &Table, place: &Place, game: &str, bots: usize) -> GameRecord {
    table.handle(place, &host(), new_game(game, false)).unwrap();
    for _ in 0..bots {
        let add = Command::AddBot {
            level: BotLevel::Normal,
        };
        table.handle(place, &host(), add).unwrap();
    }
    let id = table.store().open_game(&place.channel).unwrap().unwrap().id;
    table.handle(place, &host(), Command::Start).unwrap();
    let record = table.store().game(id).unwrap().unwrap();
    assert_eq!(record.status, Status::Finished);
    record
}

impl Fixture {
    /// A SQLite file with every game in it.
    pub fn new() -> Fixture {
        let db = TestDb::sqlite();
        let mut fixture = Fixture::on(&db);
        fixture._db = Some(db);
        fixture
    }

    /// `db` with every game in it.
    pub fn on(db: &TestDb) -> Fixture {
        let store = db.open_with_clock(ManualClock::at(T0).clock());
        let table = Table::new(
            store,
            TableOptions {
                pictures: false,
                ..TableOptions::default()
            },
        );
        let express = bots_play(&table, &on_server("chan-express"), "express", 3);
        let yardmaster = bots_play(&table, &Place::channel("chan-yard"), "yardmaster", 3);

        let place = on_server("chan-hostile");
        let villain = Caller::new("u-villain", HOSTILE);
        table
            .handle(&place, &villain, new_game("yardmaster", true))
            .unwrap();
        let add = Command::AddBot {
            level: BotLevel::Normal,
        };
        table.handle(&place, &villain, add).unwrap();
        table.handle(&place, &villain, Command::Start).unwrap();
        let id = table.store().open_game("chan-hostile").unwrap().unwrap().id;
        table.handle(&place, &villain, Command::Resign).unwrap();
        let hostile = table.store().game(id).unwrap().unwrap();
        assert_eq!(hostile.status, Status::Finished);

        let lobby = Place::channel("chan-open");
        table
            .handle(&lobby, &host(), new_game("express", true))
            .unwrap();
        let open = table.store().open_game("chan-open").unwrap().unwrap().id;

        let gone = Place::channel("chan-aborted");
        table
            .handle(&gone, &host(), new_game("express", true))
            .unwrap();
        let aborted = table.store().open_game("chan-aborted").unwrap().unwrap().id;
        table.handle(&gone, &host(), Command::Abort).unwrap();
        assert_eq!(
            table.store().game(aborted).unwrap().unwrap().status,
            Status::Aborted
        );

        Fixture {
            _db: None,
            table: Arc::new(table),
            express,
            yardmaster,
            hostile,
            open,
            aborted,
        }
    }

    /// The site over the fixture's store.
    pub fn site(&self) -> Site {
        Site::over_table(Arc::clone(&self.table))
    }
}

/// An answer of the site.
pub struct Answer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
}

impl Answer {
    /// The body as text.
    pub fn text(&self) -> String {
        String::from_utf8(self.body.clone()).expect("a page is UTF-8")
    }

    /// The content type.
    pub fn content_type(&self) -> &str {
        self.headers
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
    }
}

/// Asks `router` for `uri` (a GET), as a browser would over HTTP.
pub fn get(router: &Router, uri: &str) -> Answer {
    runtime().block_on(async {
        let request = Request::get(uri).body(Body::empty()).unwrap();
        let response = router.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let headers = response.headers().clone();
        let body = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .unwrap()
            .to_vec();
        Answer {
            status,
            headers,
            body,
        }
    })
}

/// A runtime for the async parts of a test.
pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

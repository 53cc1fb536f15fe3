//! Every address of the site over HTTP: what it answers, that a hostile name is shown as text, and
//! that nothing a spectator could not see is ever on a page.

use axum::http::StatusCode;
use roundhouse::game::Viewer;
use roundhouse::games;
use roundhouse::table::GameReplay;

use super::fixture::{Fixture, GUILD, HOSTILE, SEED, get};

/// The replay of `id` as `viewer` reads it.
fn replay(fixture: &Fixture, id: i64, viewer: Viewer) -> GameReplay {
    let store = fixture.table.store();
    let record = store.game(id).unwrap().unwrap();
    let moves = store.moves(id).unwrap();
    GameReplay::read(record, &moves, viewer).unwrap()
}

/// `text` as the site escapes it.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

on_both_backends! {
fn every_kind_of_page_is_served_from_either_backend(db) {
    let fixture = Fixture::on(db);
    let router = fixture.site().router();
    let game = fixture.express.id;
    let ok = [
        "/".to_owned(),
        format!("/games/{game}"),
        format!("/games/{game}?frame=0"),
        format!("/games/{game}/frames/0.png"),
        format!("/servers/{GUILD}"),
        "/rules/express".to_owned(),
    ];
    for uri in ok {
        assert_eq!(get(&router, &uri).status, StatusCode::OK, "{uri}");
    }
    let missing = [
        format!("/games/{}", fixture.open),
        format!("/games/{}", fixture.aborted),
        "/games/999999".to_owned(),
        "/servers/42".to_owned(),
    ];
    for uri in missing {
        assert_eq!(get(&router, &uri).status, StatusCode::NOT_FOUND, "{uri}");
    }
}
}

#[test]
fn the_index_lists_finished_games_only_with_links_to_their_servers_and_every_games_rules() {
    let fixture = Fixture::new();
    let router = fixture.site().router();
    let index = get(&router, "/");
    assert_eq!(index.status, StatusCode::OK);
    assert!(index.content_type().starts_with("text/html"));
    let html = index.text();
    for finished in [&fixture.express, &fixture.yardmaster, &fixture.hostile] {
        assert!(
            html.contains(&format!("href=\"/games/{}\"", finished.id)),
            "game {} is listed",
            finished.id
        );
    }
    for hidden in [fixture.open, fixture.aborted] {
        assert!(
            !html.contains(&format!("href=\"/games/{hidden}\"")),
            "game {hidden} is not finished and not listed"
        );
    }
    assert!(html.contains(&format!("href=\"/servers/{GUILD}\"")));
    for kind in games::REGISTRY {
        assert!(html.contains(&format!("href=\"/rules/{}\"", kind.id())));
    }
    assert!(html.contains(&escaped(HOSTILE)) && !html.contains(HOSTILE));
}

#[test]
fn a_game_page_shows_players_result_moves_and_the_board_at_the_chosen_step() {
    let fixture = Fixture::new();
    let router = fixture.site().router();
    let id = fixture.express.id;
    let spectator = replay(&fixture, id, Viewer::Spectator);
    let last = spectator.last_frame();
    let page = get(&router, &format!("/games/{id}"));
    assert_eq!(page.status, StatusCode::OK);
    let html = page.text();
    assert!(html.contains("<html lang=\"en\">"));
    for name in spectator.names() {
        assert!(html.contains(&escaped(&name)), "{name} is named");
    }
    let results = fixture.table.store().results(id).unwrap();
    assert!(!results.is_empty());
    for result in &results {
        assert!(
            html.contains(&format!(
                "<tr><td>{}</td><td>{}",
                result.place,
                escaped(&result.name)
            )),
            "{result:?}"
        );
        assert!(html.contains(&format!("<td>{}</td></tr>", result.score)));
    }
    // Without a choice the page shows the end, with links back but none forward.
    assert!(html.contains(&format!("src=\"/games/{id}/frames/{last}.png\"")));
    assert!(html.contains(&format!(
        "alt=\"{}\"",
        escaped(&spectator.description(last))
    )));
    assert!(html.contains(&format!(
        "href=\"/games/{id}?frame=0#board\" data-step=\"first\""
    )));
    assert!(!html.contains("data-step=\"forward\""));
    assert!(html.contains("src=\"/static/replay.js\""));
    // Every step is listed with what a spectator was told, and every turn can be jumped to.
    for frame in 1..=last {
        assert!(html.contains(&format!("href=\"/games/{id}?frame={frame}#board\"")));
        let said = spectator.step(frame).unwrap().said.join(" ");
        if !said.is_empty() {
            assert!(html.contains(&escaped(&said)), "move {frame}: {said}");
        }
    }
    for (turn, &end) in spectator.turn_ends().iter().enumerate() {
        let current = if end == last {
            " aria-current=\"step\""
        } else {
            ""
        };
        assert!(html.contains(&format!("?frame={end}#board\"{current}>Turn {}:", turn + 1)));
    }

    let deal = get(&router, &format!("/games/{id}?frame=0")).text();
    assert!(deal.contains(&format!("src=\"/games/{id}/frames/0.png\"")));
    assert!(deal.contains("The deal (move 0 of"));
    assert!(deal.contains(&format!(
        "href=\"/games/{id}?frame=1#board\" data-step=\"forward\""
    )));
    assert!(!deal.contains("data-step=\"back\""));
    let middle = get(&router, &format!("/games/{id}?frame=2")).text();
    assert!(middle.contains(&format!("/games/{id}?frame=1#board\" data-step=\"back\"")));
    assert!(middle.contains(&format!(
        "/games/{id}?frame=3#board\" data-step=\"forward\""
    )));
}

#[test]
fn a_step_the_game_does_not_have_is_refused_with_the_steps_it_has() {
    let fixture = Fixture::new();
    let router = fixture.site().router();
    let id = fixture.express.id;
    let last = replay(&fixture, id, Viewer::Spectator).last_frame();
    for bad in ["abc", "-1", &(last + 1).to_string(), "1.5"] {
        let page = get(&router, &format!("/games/{id}?frame={bad}"));
        assert_eq!(page.status, StatusCode::BAD_REQUEST, "frame={bad}");
        let text = page.text();
        assert!(
            text.contains(&format!("0 (the deal) to {last}")),
            "frame={bad}: {text}"
        );
    }
    for bad in [
        format!("{}.png", last + 1),
        "x.png".into(),
        "1.gif".into(),
        "1".into(),
    ] {
        let picture = get(&router, &format!("/games/{id}/frames/{bad}"));
        assert_eq!(picture.status, StatusCode::NOT_FOUND, "{bad}");
        assert!(picture.text().contains(&format!("{last}.png (the end)")));
    }
}

#[test]
fn a_frames_picture_is_the_spectators_board_at_that_step() {
    let fixture = Fixture::new();
    let router = fixture.site().router();
    let id = fixture.yardmaster.id;
    let spectator = replay(&fixture, id, Viewer::Spectator);
    for frame in [0, 1, spectator.last_frame()] {
        let picture = get(&router, &format!("/games/{id}/frames/{frame}.png"));
        assert_eq!(picture.status, StatusCode::OK);
        assert_eq!(picture.content_type(), "image/png");
        assert!(
            picture.headers["cache-control"]
                .to_str()
                .unwrap()
                .contains("immutable")
        );
        assert_eq!(
            picture.body,
            spectator.board_png(frame, frame.saturating_sub(1)),
            "frame {frame}"
        );
    }
}

#[test]
fn unknown_unfinished_and_aborted_games_have_no_page_and_say_why() {
    let fixture = Fixture::new();
    let router = fixture.site().router();
    let cases = [
        ("/games/999999".to_owned(), "There is no game 999999."),
        ("/games/twelve".to_owned(), "games are numbered"),
        (
            format!("/games/{}", fixture.open),
            "has not been played to its end",
        ),
        (
            format!("/games/{}/frames/0.png", fixture.open),
            "has not been played to its end",
        ),
        (
            format!("/games/{}", fixture.aborted),
            "ended without a result",
        ),
        ("/nowhere".to_owned(), "nothing at this address"),
    ];
    for (uri, why) in cases {
        let page = get(&router, &uri);
        assert_eq!(page.status, StatusCode::NOT_FOUND, "{uri}");
        assert!(page.content_type().starts_with("text/html"), "{uri}");
        assert!(page.text().contains(why), "{uri}: {}", page.text());
    }
}

#[test]
fn a_hostile_name_is_shown_as_text_everywhere() {
    let fixture = Fixture::new();
    let router = fixture.site().router();
    for uri in [
        "/".to_owned(),
        format!("/games/{}", fixture.hostile.id),
        format!("/games/{}?frame=0", fixture.hostile.id),
        format!("/servers/{GUILD}"),
    ] {
        let html = get(&router, &uri).text();
        assert!(html.contains(&escaped(HOSTILE)), "{uri} names the player");
        assert!(!html.contains("<script>alert"), "{uri} runs no script");
    }
}

#[test]
fn nothing_hidden_from_a_spectator_is_on_a_game_page() {
    let fixture = Fixture::new();
    let router = fixture.site().router();
    let record = &fixture.express;
    let id = record.id;
    let spectator = replay(&fixture, id, Viewer::Spectator);
    let public: Vec<&str> = spectator
        .steps()
        .iter()
        .flat_map(|s| s.said.iter().map(String::as_str))
        .collect();
    // What the seats were told privately (their draws, their face-down cards) and a spectator was not.
    let private: std::collections::BTreeSet<String> = (0..record.seats.len())
        .flat_map(|seat| replay(&fixture, id, Viewer::Seat(seat)).steps().to_vec())
        .flat_map(|step| step.said)
        .filter(|line| !public.contains(&line.as_str()))
        .collect();
    assert!(
        !private.is_empty(),
        "an Express game tells its seats things it hides from spectators"
    );
    let setup = record.setup.clone().expect("a started game has a setup");
    let snapshot = record
        .snapshot
        .clone()
        .expect("a played game has a snapshot");
    let last = spectator.last_frame();
    let mut pages: Vec<String> = [0, 1, last / 2, last]
        .into_iter()
        .map(|frame| get(&router, &format!("/games/{id}?frame={frame}")).text())
        .collect();
    pages.push(get(&router, "/").text());
    for html in &pages {
        for line in &private {
            assert!(
                !html.contains(&escaped(line)),
                "a seat's own line {line:?} is shown"
            );
        }
        assert!(!html.contains(&SEED.to_string()), "the seed is shown");
        assert!(!html.contains(&escaped(&setup)) && !html.contains(&setup));
        assert!(!html.contains(&escaped(&snapshot)) && !html.contains(&snapshot));
        // A step's notation can name a card laid face down: only what the spectator was told shows.
        for step in spectator.steps() {
            let told = step.said.iter().any(|s| s.contains(&step.notation));
            if step.notation.contains(' ') && !told {
                assert!(
                    !html.contains(&escaped(&step.notation)),
                    "the notation {:?} is shown",
                    step.notation
                );
            }
        }
    }
}

#[test]
fn a_servers_page_has_its_leaderboards_and_games_and_an_unknown_server_has_none() {
    let fixture = Fixture::new();
    let router = fixture.site().router();
    let page = get(&router, &format!("/servers/{GUILD}"));
    assert_eq!(page.status, StatusCode::OK);
    let html = page.text();
    let rows = fixture
        .table
        .store()
        .leaderboard(GUILD, "yardmaster", 10)
        .unwrap();
    assert!(!rows.is_empty());
    assert!(html.contains("<h3>Yardmaster Express</h3>"));
    for row in rows {
        assert!(html.contains(&format!(
            "<td>{}</td><td>{}</td><td>{}</td>",
            escaped(&row.name),
            row.wins,
            row.played
        )));
    }
    for listed in [&fixture.express, &fixture.hostile] {
        assert!(html.contains(&format!("href=\"/games/{}\"", listed.id)));
    }
    assert!(
        !html.contains(&format!("href=\"/games/{}\"", fixture.yardmaster.id)),
        "a game of no server is not on a server's page"
    );
    for unknown in ["/servers/42", "/servers/abc", "/servers/%3Cb%3E"] {
        let page = get(&router, unknown);
        assert_eq!(page.status, StatusCode::NOT_FOUND, "{unknown}");
        assert!(page.text().contains("digits only"), "{unknown}");
        assert!(!page.text().contains("<b>"), "{unknown}");
    }
}

#[test]
fn every_games_rules_have_a_page_and_an_unknown_game_names_the_games() {
    let fixture = Fixture::new();
    let router = fixture.site().router();
    for kind in games::REGISTRY {
        let page = get(&router, &format!("/rules/{}", kind.id()));
        assert_eq!(page.status, StatusCode::OK, "{}", kind.id());
        let html = page.text();
        assert!(html.contains(&format!("<title>Rules of {}", escaped(kind.name()))));
        assert!(
            html.contains("<h1>") && html.contains("<p>"),
            "{}: the text is marked up",
            kind.id()
        );
    }
    let unknown = get(&router, "/rules/chess");
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    let text = unknown.text();
    assert!(text.contains("`chess`"));
    for kind in games::REGISTRY {
        assert!(text.contains(kind.id()));
    }
}

#[test]
fn every_answer_lets_only_the_sites_own_script_style_and_pictures_in() {
    let fixture = Fixture::new();
    let router = fixture.site().router();
    for uri in [
        "/".to_owned(),
        format!("/games/{}", fixture.express.id),
        format!("/games/{}/frames/0.png", fixture.express.id),
        "/static/replay.js".to_owned(),
        "/nowhere".to_owned(),
    ] {
        let answer = get(&router, &uri);
        let policy = answer.headers["content-security-policy"].to_str().unwrap();
        assert!(
            policy.contains("default-src 'none'") && policy.contains("script-src 'self'"),
            "{uri}: {policy}"
        );
        assert_eq!(answer.headers["x-content-type-options"], "nosniff", "{uri}");
    }
}

#[test]
fn the_style_sheet_and_the_script_are_served_with_their_types() {
    let fixture = Fixture::new();
    let router = fixture.site().router();
    let css = get(&router, "/static/site.css");
    assert_eq!(css.status, StatusCode::OK);
    assert_eq!(css.content_type(), "text/css; charset=utf-8");
    assert!(css.text().contains("--text:"));
    let script = get(&router, "/static/replay.js");
    assert_eq!(script.status, StatusCode::OK);
    assert_eq!(script.content_type(), "text/javascript; charset=utf-8");
    assert!(script.text().contains("ArrowRight"));
}

//! The addresses of the site and what answers each. Every answer that reads the store or draws a
//! picture is made on a blocking thread (the store blocks).

use axum::extract::{Path, Query, State};
use axum::http::{HeaderValue, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::{Router, middleware};
use serde::Deserialize;

use crate::games;
use crate::store::Status;

use super::Site;
use super::assets;
use super::cache::{FinishedGame, Lookup};
use super::failure::Failure;
use super::game_page::game_page;
use super::lists::{index_page, server_page};
use super::rules_page::rules_page;

/// How long a browser may keep a finished game's picture: finished games never change.
const FOREVER: &str = "public, max-age=31536000, immutable";

/// Every address of the site.
pub(super) fn router(site: Site) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/games/{id}", get(game))
        .route("/games/{id}/frames/{file}", get(frame_picture))
        .route("/servers/{guild}", get(server))
        .route("/rules/{game}", get(rules))
        .route("/static/site.css", get(assets::style_sheet))
        .route("/static/replay.js", get(assets::script))
        .fallback(unknown)
        .layer(middleware::map_response(guarded))
        .with_state(site)
}

/// What every answer tells the browser: run only the site's own script and style sheet and show only
/// its own pictures (so text that slipped past escaping still could not run), never be framed by
/// another site, and take each answer as the type it says.
async fn guarded(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; \
             form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
        ),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}

async fn index(State(site): State<Site>) -> Response {
    site.blocking(|site| {
        index_page(site.store())
            .map(|html| Html(html).into_response())
            .map_err(Failure::internal)
    })
    .await
}

/// The query of a game's page: which step's board to show.
#[derive(Deserialize)]
struct FrameQuery {
    frame: Option<String>,
}

async fn game(
    State(site): State<Site>,
    Path(id): Path<String>,
    Query(query): Query<FrameQuery>,
) -> Response {
    site.blocking(move |site| {
        let game = finished_game(site, &id)?;
        let last = game.replay.last_frame();
        let frame = match query.frame.as_deref().map(str::trim) {
            None | Some("") => last,
            Some(text) => text.parse::<usize>().ok().filter(|&f| f <= last).ok_or_else(|| {
                Failure::bad_request(format!(
                    "This game has no move `{text}`: its moves are numbered 0 (the deal) to {last} \
                     (the end)."
                ))
            })?,
        };
        Ok(Html(game_page(&game, frame)).into_response())
    })
    .await
}

async fn frame_picture(
    State(site): State<Site>,
    Path((id, file)): Path<(String, String)>,
) -> Response {
    site.blocking(move |site| {
        let game = finished_game(site, &id)?;
        let last = game.replay.last_frame();
        let frame = file
            .strip_suffix(".png")
            .and_then(|n| n.parse::<usize>().ok())
            .filter(|&f| f <= last)
            .ok_or_else(|| {
                Failure::not_found(format!(
                    "Game {id} has no picture `{file}`: its boards are 0.png (the deal) to \
                     {last}.png (the end)."
                ))
            })?;
        let png = site.cache().board(&game.replay, frame);
        Ok((
            [
                (header::CONTENT_TYPE, "image/png"),
                (header::CACHE_CONTROL, FOREVER),
            ],
            png,
        )
            .into_response())
    })
    .await
}

async fn server(State(site): State<Site>, Path(guild): Path<String>) -> Response {
    site.blocking(move |site| {
        let unknown = || {
            Failure::not_found(format!(
                "No finished game is recorded for a server `{guild}` (a server is named by its \
                 Discord id, digits only)."
            ))
        };
        if guild.is_empty() || !guild.bytes().all(|b| b.is_ascii_digit()) {
            return Err(unknown());
        }
        match server_page(site.store(), &guild).map_err(Failure::internal)? {
            Some(html) => Ok(Html(html).into_response()),
            None => Err(unknown()),
        }
    })
    .await
}

async fn rules(Path(game): Path<String>) -> Response {
    match games::find(&game) {
        Some(kind) => Html(rules_page(kind)).into_response(),
        None => {
            let known: Vec<&str> = games::REGISTRY.iter().map(|k| k.id()).collect();
            Failure::not_found(format!(
                "There is no game called `{game}`; the games are {}.",
                known.join(", ")
            ))
            .into_response()
        }
    }
}

async fn unknown() -> Failure {
    Failure::not_found(
        "There is nothing at this address. The site has the finished games (/), each game's page \
         (/games/ID), servers' leaderboards (/servers/ID) and the rules (/rules/GAME).",
    )
}

/// Game `id` (as written in the address), if it is finished; a page saying why not otherwise.
fn finished_game(site: &Site, id: &str) -> Result<std::sync::Arc<FinishedGame>, Failure> {
    let number = id.parse::<i64>().map_err(|_| {
        Failure::not_found(format!(
            "There is no game `{id}`: games are numbered, as in /games/12."
        ))
    })?;
    let lookup = site
        .cache()
        .game(site.store(), number)
        .map_err(Failure::internal)?;
    match lookup {
        Lookup::Finished(game) => Ok(game),
        Lookup::Missing => Err(Failure::not_found(format!("There is no game {number}."))),
        Lookup::NotFinished(Status::Aborted) => Err(Failure::not_found(format!(
            "Game {number} ended without a result, so it has no page: only games played to their \
             end are shown."
        ))),
        Lookup::NotFinished(_) => Err(Failure::not_found(format!(
            "Game {number} has not been played to its end yet, so it is not shown: its page \
             appears once it is finished."
        ))),
    }
}

//! The pages for what cannot be shown: an unknown game, server or address, a game that was not played
//! to its end, a step the game does not have, and a failure of ours.

use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};

use super::html::{escape, page};

/// A page saying why what was asked for is not shown, with its HTTP status.
#[derive(Debug)]
pub(super) struct Failure {
    status: StatusCode,
    title: &'static str,
    message: String,
}

impl Failure {
    /// 404: nothing is (or may be shown) at the address; `message` says what and what is.
    pub(super) fn not_found(message: impl Into<String>) -> Failure {
        Failure {
            status: StatusCode::NOT_FOUND,
            title: "Not found",
            message: message.into(),
        }
    }

    /// 400: the address asks for something it cannot (`message` says what would be legal).
    pub(super) fn bad_request(message: impl Into<String>) -> Failure {
        Failure {
            status: StatusCode::BAD_REQUEST,
            title: "Not a step of this game",
            message: message.into(),
        }
    }

    /// 500: our own failure (logged; the visitor is told only that it happened).
    pub(super) fn internal(why: impl std::fmt::Display) -> Failure {
        tracing::error!("the web site failed: {why}");
        Failure {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            title: "Something went wrong",
            message: "Something went wrong on our side while making this page; try again later."
                .to_owned(),
        }
    }
}

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        let main = format!(
            "<h1>{}</h1>\n<p>{}</p>\n<p><a href=\"/\">All finished games</a></p>\n",
            self.title,
            escape(&self.message)
        );
        (self.status, Html(page(self.title, &main, false))).into_response()
    }
}

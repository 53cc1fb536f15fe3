//! The read-only web site: every address over HTTP (status, escaping, nothing hidden from a
//! spectator), the bot's link to a finished game's page, and the pages in a real browser (headless
//! Chromium through chromedriver). One test crate for all of them.

// The web tests use the tests' fresh-database helper, not all of it.
#[allow(dead_code)]
#[macro_use]
#[path = "../support/test_db.rs"]
mod test_db;

mod browser;
mod fixture;
mod game_link;
mod routes;

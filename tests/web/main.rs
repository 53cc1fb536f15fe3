//! The read-only web site: every address over HTTP (status, escaping, nothing hidden from a
//! spectator), the bot's link to a finished game's page, and the pages in a real browser (headless
//! Chromium through chromedriver). One test crate for all of them.

mod browser;
mod fixture;
mod game_link;
mod routes;

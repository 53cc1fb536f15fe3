//! The pages that list games: the index (recently finished games everywhere, the servers they were
//! played on, every game's rules) and a server's page (its leaderboards and its recent games).

use std::fmt::Write;

use crate::games;
use crate::store::{FinishedScope, GameRecord, Store, StoreError};

use super::html::{date_time, escape, page};

/// Finished games listed on the index and on a server's page.
const LISTED: usize = 40;
/// People on each leaderboard.
const LEADERBOARD_SIZE: usize = 10;

/// The index page (blocking: it reads the store).
pub(super) fn index_page(store: &Store) -> Result<String, StoreError> {
    let finished = store.finished_games(&FinishedScope::Everywhere, LISTED)?;
    let mut main = String::from(
        "<h1>Finished games</h1>\n<p>Games played to their end, the most recently finished first. \
         Each game's page shows who played, the result, every move and the board after each of \
         them.</p>\n",
    );
    main.push_str(&games_table(store, &finished, "finished-heading")?);
    main.push_str(
        "<section aria-labelledby=\"servers-heading\">\n\
         <h2 id=\"servers-heading\">Leaderboards</h2>\n",
    );
    let mut guilds: Vec<&str> = Vec::new();
    for guild in finished.iter().filter_map(|g| g.guild.as_deref()) {
        if !guilds.contains(&guild) {
            guilds.push(guild);
        }
    }
    if guilds.is_empty() {
        main.push_str("<p>No game listed here was played on a Discord server.</p>\n");
    } else {
        main.push_str("<p>The servers of the games above:</p>\n<ul>\n");
        for guild in guilds {
            let guild = escape(guild);
            let _ = writeln!(
                main,
                "<li><a href=\"/servers/{guild}\">Server {guild}</a></li>"
            );
        }
        main.push_str("</ul>\n");
    }
    main.push_str(
        "</section>\n<section aria-labelledby=\"rules-heading\">\n\
         <h2 id=\"rules-heading\">Rules</h2>\n<ul>\n",
    );
    for kind in games::REGISTRY {
        let _ = writeln!(
            main,
            "<li><a href=\"/rules/{}\">{}</a> ({})</li>",
            escape(kind.id()),
            escape(kind.name()),
            escape(&kind.players_text())
        );
    }
    main.push_str("</ul>\n</section>\n");
    Ok(page("Finished games", &main, false))
}

/// Server `guild`'s page, or `None` if no finished game of it is recorded (blocking: it reads the
/// store).
pub(super) fn server_page(store: &Store, guild: &str) -> Result<Option<String>, StoreError> {
    let finished = store.finished_games(&FinishedScope::Guild(guild.to_owned()), LISTED)?;
    if finished.is_empty() {
        return Ok(None);
    }
    let title = format!("Server {guild}");
    let mut main = format!(
        "<h1>{}</h1>\n<section aria-labelledby=\"boards-heading\">\n\
         <h2 id=\"boards-heading\">Leaderboards</h2>\n<p>The people with the most wins at each \
         game on this server (fewer games played breaks a tie).</p>\n",
        escape(&title)
    );
    for kind in games::REGISTRY {
        let rows = store.leaderboard(guild, kind.id(), LEADERBOARD_SIZE)?;
        if rows.is_empty() {
            continue;
        }
        let _ = write!(
            main,
            "<h3>{}</h3>\n<table>\n<thead><tr><th scope=\"col\">Rank</th>\
             <th scope=\"col\">Player</th><th scope=\"col\">Won</th><th scope=\"col\">Played</th>\
             </tr></thead>\n<tbody>\n",
            escape(kind.name())
        );
        for (rank, row) in rows.iter().enumerate() {
            let _ = writeln!(
                main,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                rank + 1,
                escape(&row.name),
                row.wins,
                row.played
            );
        }
        main.push_str("</tbody>\n</table>\n");
    }
    main.push_str("</section>\n");
    main.push_str(&games_table(store, &finished, "recent-heading")?);
    Ok(Some(page(&title, &main, false)))
}

/// A section listing `finished` games with links to their pages.
fn games_table(
    store: &Store,
    finished: &[GameRecord],
    heading_id: &str,
) -> Result<String, StoreError> {
    let mut html = format!(
        "<section aria-labelledby=\"{heading_id}\">\n<h2 id=\"{heading_id}\">Recently finished</h2>\n"
    );
    if finished.is_empty() {
        html.push_str("<p>No game has been played to its end yet.</p>\n</section>\n");
        return Ok(html);
    }
    html.push_str(
        "<table>\n<thead><tr><th scope=\"col\">Game</th><th scope=\"col\">Players</th>\
         <th scope=\"col\">Won by</th><th scope=\"col\">Finished</th></tr></thead>\n<tbody>\n",
    );
    for record in finished {
        let name = games::find(&record.kind).map_or(record.kind.as_str(), |kind| kind.name());
        let winners: Vec<String> = store
            .results(record.id)?
            .iter()
            .filter(|r| r.place == 1)
            .map(|r| escape(&r.name))
            .collect();
        let players: Vec<String> = record.names().iter().map(|n| escape(n)).collect();
        let _ = writeln!(
            html,
            "<tr><td><a href=\"/games/{id}\">{name}, game {id}</a></td><td>{players}</td>\
             <td>{winners}</td><td>{when}</td></tr>",
            id = record.id,
            name = escape(name),
            players = players.join(", "),
            winners = winners.join(", "),
            when = date_time(record.updated_at),
        );
    }
    html.push_str("</tbody>\n</table>\n</section>\n");
    Ok(html)
}

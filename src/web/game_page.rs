//! A finished game's page: who played, the result, the board after the chosen step (with links to
//! step through the game, which our keyboard script follows too), and every move, grouped by turn.
//! Without a step chosen (`?frame=N`), the page shows the end, where the result is.
//! Everything on it comes from the spectator's replay: no hand, no notation (a face-down card is in
//! its step's notation), no seed or setup.

use std::fmt::Write;

use crate::games;
use crate::table::GameReplay;

use super::cache::FinishedGame;
use super::html::{date_time, escape, page};

/// The page of `game` showing the board at `frame` (a frame the game has).
pub(super) fn game_page(game: &FinishedGame, frame: usize) -> String {
    let replay = &game.replay;
    let record = replay.record();
    let id = record.id;
    let name = games::find(&record.kind).map_or(record.kind.as_str(), |kind| kind.name());
    let title = format!("{name}, game {id}");
    let mut main = format!("<h1>{}</h1>\n", escape(&title));
    let players: Vec<String> = replay.names().iter().map(|n| escape(n)).collect();
    let _ = write!(
        main,
        "<p class=\"meta\">Played by {}; finished {}.",
        players.join(", "),
        date_time(record.updated_at)
    );
    if let Some(guild) = &record.guild {
        let _ = write!(
            main,
            " <a href=\"/servers/{guild}\">Leaderboards of its server</a>.",
            guild = escape(guild)
        );
    }
    if games::find(&record.kind).is_some() {
        let _ = write!(
            main,
            " <a href=\"/rules/{kind}\">The rules of {name}</a>.",
            kind = escape(&record.kind),
            name = escape(name)
        );
    }
    main.push_str("</p>\n");
    main.push_str(&result_section(game));
    main.push_str(&board_section(game, frame));
    main.push_str(&moves_section(game, frame));
    page(&title, &main, true)
}

fn result_section(game: &FinishedGame) -> String {
    let mut html = String::from(
        "<section aria-labelledby=\"result-heading\">\n<h2 id=\"result-heading\">Result</h2>\n",
    );
    if game.results.is_empty() {
        html.push_str("<p>No result was recorded for this game.</p>\n");
    } else {
        html.push_str(
            "<table>\n<thead><tr><th scope=\"col\">Place</th><th scope=\"col\">Player</th>\
             <th scope=\"col\">Score</th></tr></thead>\n<tbody>\n",
        );
        for result in &game.results {
            let resigned = if result.resigned { " (resigned)" } else { "" };
            let _ = writeln!(
                html,
                "<tr><td>{}</td><td>{}{resigned}</td><td>{}</td></tr>",
                result.place,
                escape(&result.name),
                result.score
            );
        }
        html.push_str("</tbody>\n</table>\n");
    }
    if let Some(reason) = &game.replay.record().ended_reason {
        let _ = writeln!(html, "<p>How it ended: {}.</p>", escape(reason));
    }
    html.push_str("</section>\n");
    html
}

fn board_section(game: &FinishedGame, frame: usize) -> String {
    let replay = &game.replay;
    let id = replay.record().id;
    let last = replay.last_frame();
    let heading = match replay.mover(frame) {
        Some(mover) => format!("Move {frame} of {last}: {mover}"),
        None => format!("The deal (move 0 of {last})"),
    };
    let said = told(replay, frame);
    let mut html = format!(
        "<section id=\"board\" aria-labelledby=\"board-heading\">\n\
         <h2 id=\"board-heading\">{heading}</h2>\n\
         <nav aria-label=\"Step through the game\">\n<ul class=\"steps\">\n",
        heading = escape(&heading),
    );
    let links = [
        ("first", "First", "the deal", 0, frame > 0),
        (
            "back",
            "Back",
            "one move back",
            frame.saturating_sub(1),
            frame > 0,
        ),
        ("forward", "Forward", "one move on", frame + 1, frame < last),
        ("last", "Last", "the end", last, frame < last),
    ];
    for (step, label, goes, to, open) in links {
        if open {
            let _ = writeln!(
                html,
                "<li><a href=\"/games/{id}?frame={to}#board\" data-step=\"{step}\" \
                 title=\"{label}: {goes} (move {to})\">{label}</a></li>"
            );
        } else {
            let _ = writeln!(
                html,
                "<li><span class=\"off\" aria-disabled=\"true\">{label}</span></li>"
            );
        }
    }
    let _ = write!(
        html,
        "</ul>\n</nav>\n\
         <figure>\n<img src=\"/games/{id}/frames/{frame}.png\" alt=\"{alt}\">\n\
         <figcaption>{said}</figcaption>\n</figure>\n\
         <form class=\"jump\" method=\"get\" action=\"/games/{id}#board\">\n\
         <label for=\"frame\">Go to move (0 to {last})</label>\n\
         <input id=\"frame\" name=\"frame\" type=\"number\" min=\"0\" max=\"{last}\" \
         value=\"{frame}\" required>\n<button type=\"submit\">Show</button>\n</form>\n\
         <p class=\"hint\">With a keyboard: the Left and Right arrows step back and forward, Home \
         and End go to the deal and the end.</p>\n</section>\n",
        alt = escape(&replay.description(frame)),
        said = escape(&said),
    );
    html
}

/// What a spectator was told of the step to `frame` (it names who took it).
fn told(replay: &GameReplay, frame: usize) -> String {
    let said = replay
        .step(frame)
        .map(|step| step.said.join(" "))
        .unwrap_or_default();
    match replay.mover(frame) {
        None => "The game as dealt.".to_owned(),
        Some(mover) if said.is_empty() => format!("{mover} took a step no one else could see."),
        Some(_) => said,
    }
}

fn moves_section(game: &FinishedGame, frame: usize) -> String {
    let replay = &game.replay;
    let id = replay.record().id;
    let link = |to: usize, text: &str| {
        let current = if to == frame {
            " aria-current=\"step\""
        } else {
            ""
        };
        format!("<a href=\"/games/{id}?frame={to}#board\"{current}>{text}</a>")
    };
    let mut html = format!(
        "<section aria-labelledby=\"moves-heading\">\n<h2 id=\"moves-heading\">Moves</h2>\n\
         <ol class=\"turns\">\n<li>{}</li>\n",
        link(0, "The deal")
    );
    let mut first = 1;
    for (turn, &end) in replay.turn_ends().iter().enumerate() {
        let who = replay.mover(first).unwrap_or_default();
        let _ = writeln!(
            html,
            "<li>{}\n<ol class=\"moves\">",
            link(end, &format!("Turn {}: {}", turn + 1, escape(&who)))
        );
        for step_frame in first..=end {
            let _ = writeln!(
                html,
                "<li>{} {}</li>",
                link(step_frame, &format!("Move {step_frame}:")),
                escape(&told(replay, step_frame))
            );
        }
        html.push_str("</ol>\n</li>\n");
        first = end + 1;
    }
    html.push_str("</ol>\n</section>\n");
    html
}

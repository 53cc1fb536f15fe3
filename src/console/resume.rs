//! `--resume`: which unfinished terminal game to go on with. Every unfinished game of the kind can be
//! reached: by its id (`--resume 12`), or, when there are several, picked from a list.

use std::io::{BufRead, Write};

use crate::calendar::Day;
use crate::store::{GameRecord, Status};
use crate::table::{Place, Table, TableError};

use super::{CHANNEL_PREFIX, ConsoleError};

/// Which unfinished game `--resume` continues.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resume {
    /// The only one; when there are several, the player picks one from a list.
    Pick,
    /// The game with this id (as the list shows it).
    Game(i64),
}

/// The place of the game to resume, or `None` when the player picked none (the input ended).
pub(super) fn pick<R: BufRead, W: Write>(
    table: &Table,
    game: &str,
    resume: Resume,
    input: &mut R,
    output: &mut W,
) -> Result<Option<Place>, ConsoleError> {
    let open: Vec<GameRecord> = table
        .store()
        .open_games_with_prefix(CHANNEL_PREFIX, game)
        .map_err(TableError::from)?
        .into_iter()
        .filter(|record| record.status == Status::Active)
        .collect();
    if open.is_empty() {
        return Err(ConsoleError::Settings(format!(
            "there is no unfinished terminal game of `{game}` to resume"
        )));
    }
    let chosen = match resume {
        Resume::Game(id) => open.iter().find(|r| r.id == id).ok_or_else(|| {
            ConsoleError::Settings(format!(
                "there is no unfinished terminal game of `{game}` with id {id}; the unfinished ones \
                 are {} (`--resume` alone lists them)",
                id_list(&open)
            ))
        })?,
        Resume::Pick if open.len() == 1 => &open[0],
        Resume::Pick => {
            writeln!(
                output,
                "{} unfinished games of `{game}`, the most recently played first:",
                open.len()
            )?;
            for record in &open {
                writeln!(output, "  {}", describe(record))?;
            }
            match ask(&open, input, output)? {
                Some(record) => record,
                None => return Ok(None),
            }
        }
    };
    Ok(Some(Place::channel(chosen.channel.clone())))
}

/// Asks for an id until one of `open` is given; Enter takes the first. `None` when the input ends.
fn ask<'g, R: BufRead, W: Write>(
    open: &'g [GameRecord],
    input: &mut R,
    output: &mut W,
) -> Result<Option<&'g GameRecord>, ConsoleError> {
    loop {
        write!(
            output,
            "Which game? Type its id (Enter for {}; `--resume ID` picks one at once): ",
            open[0].id
        )?;
        output.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            writeln!(output, "\nNo game picked.")?;
            return Ok(None);
        }
        let text = line.trim().trim_start_matches('#');
        if text.is_empty() {
            return Ok(Some(&open[0]));
        }
        match text
            .parse::<i64>()
            .ok()
            .and_then(|id| open.iter().find(|r| r.id == id))
        {
            Some(record) => return Ok(Some(record)),
            None => writeln!(
                output,
                "`{}` is not one of the ids listed ({}).",
                crate::excerpt::excerpt(text),
                id_list(open)
            )?,
        }
    }
}

/// The games' ids: "12, 9, 4".
fn id_list(open: &[GameRecord]) -> String {
    open.iter()
        .map(|r| r.id.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// One line of the list: "12 · 2 players: Player 1, Player 2 · started 2026-11-28 07:00 UTC · last
/// played 2026-11-28 07:12 UTC".
fn describe(record: &GameRecord) -> String {
    let names: Vec<&str> = record.seats.iter().map(|s| s.name.as_str()).collect();
    let seats = match names.len() {
        1 => format!("solo: {}", names[0]),
        n => format!("{n} players: {}", names.join(", ")),
    };
    let started = record.started_at.unwrap_or(record.created_at);
    format!(
        "{} · {seats} · started {} · last played {}",
        record.id,
        moment(started),
        moment(record.updated_at)
    )
}

/// A moment as "2026-11-28 07:12 UTC".
fn moment(unix_seconds: i64) -> String {
    let minutes = unix_seconds.rem_euclid(86_400) / 60;
    format!(
        "{} {:02}:{:02} UTC",
        Day::of_unix_seconds(unix_seconds),
        minutes / 60,
        minutes % 60
    )
}

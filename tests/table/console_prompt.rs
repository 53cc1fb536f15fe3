//! The terminal's turn fits a 24-line screen: from a person's answer to their next prompt, what the
//! terminal prints (the step's news, the turn panel, the moves by group) is at most 24 lines, in every
//! game. A scripted person plays by reading the screen as a person would: the first move listed, or
//! the first group opened when only groups are listed.

use roundhouse::bots::BotLevel;
use std::io::{BufRead, Read, Write};
use std::sync::{Arc, Mutex};

use roundhouse::console::{ConsoleSettings, run};
use roundhouse::store::Store;
use roundhouse::table::{Table, TableOptions};

/// A terminal screen's height.
const SCREEN_LINES: usize = 24;
/// How many answers the scripted person gives in each game.
const ANSWERS: usize = 40;

/// What the terminal printed, shared with the person reading it.
#[derive(Clone, Default)]
struct Screen(Arc<Mutex<Vec<u8>>>);

impl Screen {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
    }
}

impl Write for Screen {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A person at the keyboard: answers each prompt from what the screen shows, and notes how many lines
/// were printed since their last answer.
struct Person {
    screen: Screen,
    read_up_to: usize,
    pending: Vec<u8>,
    answers: usize,
    lines_between: Vec<(usize, String)>,
}

impl Person {
    fn answer(&mut self) -> String {
        let text = self.screen.text();
        let since = text[self.read_up_to..].to_owned();
        self.read_up_to = text.len();
        let lines = since.lines().count();
        self.lines_between.push((lines, since.clone()));
        self.answers += 1;
        if self.answers > ANSWERS {
            return "quit\n".into();
        }
        let listing = since
            .rsplit_once("Your mov")
            .map(|(_, listing)| listing)
            .unwrap_or_default();
        let entries: Vec<&str> = listing
            .lines()
            .skip(1)
            .map(str::trim)
            .take_while(|line| {
                line.split_once(". ")
                    .is_some_and(|(n, _)| n.parse::<usize>().is_ok())
            })
            .collect();
        if let Some(notation) = entries
            .iter()
            .find_map(|entry| entry.rsplit_once(": ").map(|(_, notation)| notation))
        {
            return format!("{notation}\n");
        }
        if !entries.is_empty() {
            let opened = since.rsplit_once("Your moves: ").map_or(0, |(_, rest)| {
                rest.lines().next().unwrap_or("").split(" › ").count()
            });
            let path: Vec<&str> = std::iter::repeat_n("1", opened + 1).collect();
            return format!("? {}\n", path.join(" "));
        }
        "?\n".into()
    }
}

impl Read for Person {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.pending.is_empty() {
            self.pending = self.answer().into_bytes();
        }
        let n = buf.len().min(self.pending.len());
        buf[..n].copy_from_slice(&self.pending[..n]);
        self.pending.drain(..n);
        Ok(n)
    }
}

impl BufRead for Person {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.pending.is_empty() {
            self.pending = self.answer().into_bytes();
        }
        Ok(&self.pending)
    }

    fn consume(&mut self, amount: usize) {
        self.pending.drain(..amount);
    }
}

/// The most lines printed between two answers in a terminal game of `game` for `players`, all but one
/// of them bots, and the screen that had them.
fn tallest_screen(game: &str, players: usize, options: &[(&str, &str)]) -> (usize, String) {
    let dir = tempfile::tempdir().unwrap();
    let table = Table::new(
        Store::open(&dir.path().join("prompt.db")).unwrap(),
        TableOptions::default(),
    );
    let settings = ConsoleSettings {
        game: game.into(),
        players: Some(players),
        bots: players - 1,
        bot_level: BotLevel::Normal,
        seed: Some(3),
        options: options
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect(),
        resume: None,
        out_dir: dir.path().join("pictures"),
    };
    let screen = Screen::default();
    let mut person = Person {
        screen: screen.clone(),
        read_up_to: 0,
        pending: Vec::new(),
        answers: 0,
        lines_between: Vec::new(),
    };
    run(&table, &settings, &mut person, screen.clone()).unwrap();
    assert!(person.answers > 3, "the person played: {}", screen.text());
    // The first screen holds the setting up (lobby, seats), not a turn.
    person
        .lines_between
        .into_iter()
        .skip(1)
        .max_by_key(|(lines, _)| *lines)
        .unwrap_or_default()
}

#[test]
fn every_games_turn_fits_a_24_line_screen() {
    for (game, players, options) in [
        ("yardmaster", 3, &[][..]),
        ("whistlewood", 2, &[][..]),
        ("whistlewood", 1, &[][..]),
        ("express", 3, &[][..]),
        ("coal_train", 3, &[][..]),
        ("shunting", 1, &[("card", "wright")][..]),
    ] {
        let (lines, screen) = tallest_screen(game, players, options);
        assert!(
            lines <= SCREEN_LINES,
            "{game} with {players}: {lines} lines between two answers:\n{screen}"
        );
    }
}

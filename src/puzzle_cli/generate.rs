//! `roundhouse puzzle generate`: the route cards, and the daily puzzles of chosen dates, made again
//! from their seeds and solved; printed, written to a directory, or checked against files.

use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use roundhouse::calendar::{Day, FIRST_DAY};
use roundhouse::games::shunting::SolveOptions;
use roundhouse::games::shunting::cards::{self, CARD_COUNT, LAST_CARD, plan};
use roundhouse::games::shunting::daily::{self, Source};
use roundhouse::plural::plural;

use crate::output;

/// What to make.
pub struct Request<'a> {
    /// Route cards by number; all of them when both this and `dates` are empty.
    pub cards: &'a [u32],
    /// Daily puzzles by UTC date (`YYYY-MM-DD`).
    pub dates: &'a [String],
    /// Write the files here (with `check`: compare with the files here).
    pub out: Option<&'a Path>,
    /// Compare with the files instead of writing them.
    pub check: bool,
}

/// One thing to make: a route card or a day's puzzle.
enum Item {
    Card(u32),
    Daily(Day),
}

/// A made file: its name, its text and a one-line summary.
struct Made {
    file: String,
    text: String,
    summary: String,
}

/// Runs `puzzle generate`: exit code 0 when everything was made (and, with `check`, matched), 1 when
/// a file differs or an item could not be made, 2 on bad arguments or files that cannot be written.
pub fn run(request: &Request) -> ExitCode {
    let items = match items(request) {
        Ok(items) => items,
        Err(message) => {
            eprintln!("roundhouse: {message}");
            return ExitCode::from(2);
        }
    };
    if let Some(dir) = request.out
        && !request.check
        && let Err(e) = std::fs::create_dir_all(dir)
    {
        eprintln!("roundhouse: cannot create {}: {e}", dir.display());
        return ExitCode::from(2);
    }
    let mut differ = 0;
    for item in &items {
        let started = Instant::now();
        let made = match make(item) {
            Ok(made) => made,
            Err(message) => {
                eprintln!("roundhouse: {message}");
                return ExitCode::from(1);
            }
        };
        let seconds = started.elapsed().as_secs_f64();
        if request.check {
            match compare(item, &made, request.out) {
                Ok(()) => eprintln!("{}  {seconds:.3} s  same", made.summary),
                Err(why) => {
                    eprintln!("{}  {seconds:.3} s  DIFFERS: {why}", made.summary);
                    differ += 1;
                }
            }
            continue;
        }
        match request.out {
            Some(dir) => {
                let path = dir.join(&made.file);
                if let Err(e) = std::fs::write(&path, &made.text) {
                    eprintln!("roundhouse: cannot write {}: {e}", path.display());
                    return ExitCode::from(2);
                }
            }
            None => output::say(&made.text),
        }
        eprintln!("{}  {seconds:.3} s", made.summary);
    }
    if differ > 0 {
        eprintln!(
            "roundhouse: {differ} of {} files differ from what the generator makes",
            items.len()
        );
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}

/// The items asked for, checked before anything is made.
fn items(request: &Request) -> Result<Vec<Item>, String> {
    let mut items = Vec::new();
    for &number in request.cards {
        if !(1..=CARD_COUNT as u32).contains(&number) {
            return Err(format!(
                "there is no route card {number} to generate: the generated cards are numbered 1 to \
                 {CARD_COUNT} (the Timesaver cards, {} to {LAST_CARD}, are chosen from the census of \
                 every deal instead: tests/engines/shunting_timesaver.rs)",
                CARD_COUNT + 1
            ));
        }
        items.push(Item::Card(number));
    }
    for text in request.dates {
        let day: Day = text.parse().map_err(|e| format!("--daily: {e}"))?;
        if day < FIRST_DAY {
            return Err(format!(
                "there is no daily puzzle on {day}: puzzle #1 is on {FIRST_DAY}"
            ));
        }
        items.push(Item::Daily(day));
    }
    if items.is_empty() {
        items.extend((1..=CARD_COUNT as u32).map(Item::Card));
    }
    if request.check && request.out.is_none() && items.iter().any(|i| matches!(i, Item::Daily(_))) {
        return Err(
            "--check of daily puzzles needs --out DIR, the directory of their files".to_owned(),
        );
    }
    Ok(items)
}

fn make(item: &Item) -> Result<Made, String> {
    match *item {
        Item::Card(number) => {
            let (card, states) =
                plan::generate_card(number, &SolveOptions::default()).map_err(|e| e.to_string())?;
            Ok(Made {
                file: format!("{number:02}.toml"),
                text: card.to_toml(),
                summary: format!(
                    "card {number:>2} {:<6} {:<8} optimum {:>2}  try {:>4}  {states:>8} states",
                    card.colour.name(),
                    card.puzzle.yard.name,
                    card.optimum,
                    card.attempt,
                ),
            })
        }
        Item::Daily(day) => {
            let (puzzle, source, states) =
                daily::make(day).ok_or_else(|| format!("there is no daily puzzle on {day}"))?;
            let source = match source {
                Source::Attempt(attempt) => {
                    format!("try {attempt:>4}  {states:>8} state{}", plural(states))
                }
                Source::Card(number) => format!("route card {number} stands in"),
            };
            Ok(Made {
                file: format!("daily-{day}.toml"),
                text: puzzle.to_toml(),
                summary: format!(
                    "daily #{:<4} {day} {:<9} {:<8} optimum {:>2}  {source}",
                    puzzle.number,
                    format!("{:?}", day.weekday()),
                    puzzle.puzzle.yard.name,
                    puzzle.optimum(),
                ),
            })
        }
    }
}

/// Whether `made` equals its file in `dir`, or the card built into this program when there is no
/// directory; if not, where they first differ.
fn compare(item: &Item, made: &Made, dir: Option<&Path>) -> Result<(), String> {
    let expected = match (dir, item) {
        (Some(dir), _) => {
            let path = dir.join(&made.file);
            std::fs::read_to_string(&path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?
        }
        (None, Item::Card(number)) => cards::file_text(i64::from(*number))
            .map_err(|e| e.to_string())?
            .to_owned(),
        (None, Item::Daily(_)) => {
            return Err("a daily puzzle is checked against a directory (--out DIR)".to_owned());
        }
    };
    if expected == made.text {
        return Ok(());
    }
    let line = expected
        .lines()
        .zip(made.text.lines())
        .position(|(a, b)| a != b)
        .unwrap_or_else(|| expected.lines().count().min(made.text.lines().count()));
    Err(format!("{} first differs at line {}", made.file, line + 1))
}

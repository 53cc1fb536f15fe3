//! The 40 route cards: ten each in green, yellow, red and black, rising in difficulty. Each card is a
//! data file (`NN.toml` here) made by the generator ([`plan::generate_card`], `roundhouse puzzle
//! generate`) and checked by the solver: its puzzle, colour, optimum and guide. Beside them, the twelve
//! Timesaver cards 41 to 52 (three per colour) are deals of the full Timesaver chosen from the census
//! of every deal ([`crate::games::shunting::timesaver::picks`]), in the same file format.

pub mod colour;
pub mod plan;

use std::fmt::Write;
use std::sync::OnceLock;

use serde::Deserialize;
use thiserror::Error;

use super::error::LoadError;
use super::format::PuzzleFile;
use super::notation::Move;
use super::puzzle::Puzzle;
use super::rank::move_limit;
use super::timesaver::picks::{COUNT as TIMESAVER_COUNT, FIRST as TIMESAVER_FIRST};
use super::write::{quoted, write_puzzle};
pub use colour::Colour;

/// How many route cards there are.
pub const CARD_COUNT: usize = 40;

/// The shipped card files, card 1 first.
const CARD_FILES: [&str; CARD_COUNT] = [
    include_str!("01.toml"),
    include_str!("02.toml"),
    include_str!("03.toml"),
    include_str!("04.toml"),
    include_str!("05.toml"),
    include_str!("06.toml"),
    include_str!("07.toml"),
    include_str!("08.toml"),
    include_str!("09.toml"),
    include_str!("10.toml"),
    include_str!("11.toml"),
    include_str!("12.toml"),
    include_str!("13.toml"),
    include_str!("14.toml"),
    include_str!("15.toml"),
    include_str!("16.toml"),
    include_str!("17.toml"),
    include_str!("18.toml"),
    include_str!("19.toml"),
    include_str!("20.toml"),
    include_str!("21.toml"),
    include_str!("22.toml"),
    include_str!("23.toml"),
    include_str!("24.toml"),
    include_str!("25.toml"),
    include_str!("26.toml"),
    include_str!("27.toml"),
    include_str!("28.toml"),
    include_str!("29.toml"),
    include_str!("30.toml"),
    include_str!("31.toml"),
    include_str!("32.toml"),
    include_str!("33.toml"),
    include_str!("34.toml"),
    include_str!("35.toml"),
    include_str!("36.toml"),
    include_str!("37.toml"),
    include_str!("38.toml"),
    include_str!("39.toml"),
    include_str!("40.toml"),
];

/// The Timesaver card files, card 41 first.
const TIMESAVER_FILES: [&str; TIMESAVER_COUNT] = [
    include_str!("41.toml"),
    include_str!("42.toml"),
    include_str!("43.toml"),
    include_str!("44.toml"),
    include_str!("45.toml"),
    include_str!("46.toml"),
    include_str!("47.toml"),
    include_str!("48.toml"),
    include_str!("49.toml"),
    include_str!("50.toml"),
    include_str!("51.toml"),
    include_str!("52.toml"),
];

/// The highest card number: the generated cards, then the Timesaver cards.
pub const LAST_CARD: usize = CARD_COUNT + TIMESAVER_COUNT;

/// A route card: a puzzle with its colour, optimum and guide.
#[derive(Clone, Debug)]
pub struct Card {
    /// 1 to 40, or 41 to 52 for the Timesaver cards.
    pub number: u32,
    /// Its difficulty.
    pub colour: Colour,
    /// Which of the generator's tries for this card gave it (its seed, with the number); 0 for the
    /// Timesaver cards, which are chosen from the census instead.
    pub attempt: u32,
    /// The optimal number of moves.
    pub optimum: usize,
    /// One optimal solution, move by move.
    pub guide: Vec<Move>,
    /// The puzzle.
    pub puzzle: Puzzle,
}

/// A card file that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CardError {
    /// There is no such card.
    #[error("there is no route card {0}: the cards are numbered 1 to {LAST_CARD}")]
    NoSuchCard(i64),
    /// Not valid TOML or not a card's shape.
    #[error("not a valid card file: {0}")]
    Toml(String),
    /// The puzzle in it does not load.
    #[error("card {number}: {error}")]
    Puzzle {
        /// The card's number.
        number: u32,
        /// Why.
        error: LoadError,
    },
    /// The guide does not solve the puzzle in the stated optimum.
    #[error("card {number}: the guide {why}")]
    Guide {
        /// The card's number.
        number: u32,
        /// What is wrong with it.
        why: String,
    },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CardFile {
    number: u32,
    colour: Colour,
    attempt: u32,
    optimum: usize,
    guide: Vec<String>,
    puzzle: PuzzleFile,
}

/// The moves of `guide`, checked to solve `puzzle` from its start in exactly `optimum` moves; what is
/// wrong otherwise ("has 9 moves but the optimum is 8", "move 3 `…` is refused: …").
pub fn checked_guide<S: AsRef<str>>(
    puzzle: &Puzzle,
    optimum: usize,
    guide: &[S],
) -> Result<Vec<Move>, String> {
    if guide.len() != optimum {
        return Err(format!(
            "has {} moves but the optimum is {optimum}",
            guide.len()
        ));
    }
    let mut moves = Vec::with_capacity(guide.len());
    let mut position = puzzle.start;
    for (i, text) in guide.iter().enumerate() {
        let text = text.as_ref();
        let step: Move = text
            .parse()
            .map_err(|e| format!("move {} `{text}`: {e}", i + 1))?;
        position = puzzle
            .play(&position, &step)
            .map_err(|e| format!("move {} `{text}` is refused: {e}", i + 1))?;
        moves.push(step);
    }
    if !puzzle.is_solved(&position) {
        return Err("does not reach the goal".to_owned());
    }
    Ok(moves)
}

impl Card {
    /// The move limit M: beyond it the route is not solved.
    pub fn limit(&self) -> usize {
        move_limit(self.optimum)
    }

    /// "Route card 7 (green)".
    pub fn heading(&self) -> String {
        format!("Route card {} ({})", self.number, self.colour)
    }

    /// Reads a card file and checks that its guide solves its puzzle in exactly its optimum.
    pub fn from_toml(text: &str) -> Result<Card, CardError> {
        let file: CardFile = toml::from_str(text).map_err(|e| CardError::Toml(e.to_string()))?;
        let number = file.number;
        let puzzle =
            Puzzle::from_file(&file.puzzle).map_err(|error| CardError::Puzzle { number, error })?;
        let guide = checked_guide(&puzzle, file.optimum, &file.guide)
            .map_err(|why| CardError::Guide { number, why })?;
        Ok(Card {
            number,
            colour: file.colour,
            attempt: file.attempt,
            optimum: file.optimum,
            guide,
            puzzle,
        })
    }

    /// The card as its data file: what `roundhouse puzzle generate` writes.
    pub fn to_toml(&self) -> String {
        let made_by = if self.number >= TIMESAVER_FIRST {
            "chosen from the Timesaver census (tests/engines/shunting_timesaver.rs)"
        } else {
            "made by `roundhouse puzzle generate`"
        };
        let mut out = format!(
            "# {}: {made_by} and checked by the solver; do not edit by hand.\n",
            self.heading()
        );
        let _ = writeln!(out, "number = {}", self.number);
        let _ = writeln!(out, "colour = \"{}\"", self.colour);
        let _ = writeln!(out, "attempt = {}", self.attempt);
        let _ = writeln!(out, "optimum = {}", self.optimum);
        out.push_str("guide = [\n");
        for step in &self.guide {
            let _ = writeln!(out, "    {},", quoted(&step.to_string()));
        }
        out.push_str("]\n\n[puzzle]\n");
        write_puzzle(&mut out, &self.puzzle, "puzzle.");
        out
    }
}

fn loaded(files: &[&str]) -> Result<Vec<Card>, CardError> {
    files.iter().map(|text| Card::from_toml(text)).collect()
}

fn shipped() -> &'static Result<Vec<Card>, CardError> {
    static CARDS: OnceLock<Result<Vec<Card>, CardError>> = OnceLock::new();
    CARDS.get_or_init(|| loaded(&CARD_FILES))
}

fn timesaver_shipped() -> &'static Result<Vec<Card>, CardError> {
    static CARDS: OnceLock<Result<Vec<Card>, CardError>> = OnceLock::new();
    CARDS.get_or_init(|| loaded(&TIMESAVER_FILES))
}

/// Every generated card, card 1 first (loaded and checked once).
pub fn all() -> Result<&'static [Card], CardError> {
    shipped().as_ref().map(Vec::as_slice).map_err(Clone::clone)
}

/// Every Timesaver card, card 41 first (loaded and checked once).
pub fn timesaver() -> Result<&'static [Card], CardError> {
    timesaver_shipped()
        .as_ref()
        .map(Vec::as_slice)
        .map_err(Clone::clone)
}

/// Which list holds card `number` and its index there.
fn place(number: i64) -> Result<(bool, usize), CardError> {
    let index = usize::try_from(number)
        .ok()
        .and_then(|n| n.checked_sub(1))
        .filter(|&i| i < LAST_CARD)
        .ok_or(CardError::NoSuchCard(number))?;
    let first = TIMESAVER_FIRST as usize - 1;
    Ok(if index >= first {
        (true, index - first)
    } else {
        (false, index)
    })
}

/// Shipped card `number` (1 to 52).
pub fn card(number: i64) -> Result<&'static Card, CardError> {
    let (timesaver_card, index) = place(number)?;
    let cards = if timesaver_card { timesaver()? } else { all()? };
    Ok(&cards[index])
}

/// The shipped text of card `number`'s data file.
pub fn file_text(number: i64) -> Result<&'static str, CardError> {
    let (timesaver_card, index) = place(number)?;
    Ok(if timesaver_card {
        TIMESAVER_FILES[index]
    } else {
        CARD_FILES[index]
    })
}

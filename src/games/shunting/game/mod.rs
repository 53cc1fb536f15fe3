//! Shunting at the table: one player works a route card (or a deal of Wright's classic Inglenook, dealt
//! from the game's seed with `-o card=wright`) move by move. The game is its card number (or deal) and
//! the log of actions; a snapshot replays that log. `reset` puts every piece back and starts the count
//! again (it is not a move); the table's `undo` takes back the last action. The session rules (the
//! card's move limit, the rank, the spelling of moves) are the engine's [`Session`]: a move past the
//! limit is refused, so the game ends only when the goal is met.

pub mod action;
pub mod board;
mod bot;
mod pictures;
mod search;
pub mod view;

use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize};

use super::cards::{self, LAST_CARD};
use super::menu::{menu_path, sort_for_menus};
use super::notation::Move;
use super::position::Position;
use super::rank::Rank;
use super::session::{Played, Refusal, Session};
use super::wright::WrightDeal;
use crate::game::{
    Actor, Event, Game, GameRng, OptionSpec, Outcome, Participant, RuleError, Seat, SetupError,
    Standing, ToAct, Viewer,
};
use crate::games::narration::Sink;
use crate::plural::counted;
pub use action::Action;
pub use board::{Board, WrightSetup};
pub use view::ShuntingView;

/// The `card` option's value for Wright's classic Inglenook, dealt from the game's seed.
const WRIGHT: &str = "wright";

/// The values of the `card` option, the default (a green card) first.
const CARD_VALUES: [&str; LAST_CARD + 1] = [
    "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16", "17",
    "18", "19", "20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "30", "31", "32", "33",
    "34", "35", "36", "37", "38", "39", "40", "41", "42", "43", "44", "45", "46", "47", "48", "49",
    "50", "51", "52", WRIGHT,
];

const OPTIONS: &[OptionSpec] = &[OptionSpec {
    key: "card",
    values: &CARD_VALUES,
    help: "which route card: 1–10 green, 11–20 yellow, 21–30 red, 31–40 black; 41–52 the full \
           Timesaver (three each green, yellow, red, black); or wright: Wright's classic Inglenook, \
           five of eight wagons in an order dealt from the seed, headshunt clear",
}];

/// Choices at creation: the route card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShuntingOptions {
    /// The card's number, as text (`"7"`).
    pub card: String,
}

impl Default for ShuntingOptions {
    fn default() -> ShuntingOptions {
        ShuntingOptions {
            card: CARD_VALUES[0].to_owned(),
        }
    }
}

/// The explicit setup: which card is on the board, or which deal of Wright's Inglenook.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShuntingSetup {
    /// The card's number (1 to 52; 0 with a Wright deal).
    pub card: u32,
    /// A deal of Wright's Inglenook, played instead of a card.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wright: Option<WrightSetup>,
}

/// A route card (or a Wright deal) being played.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(try_from = "Record", into = "Record")]
pub struct Shunting {
    board: Board,
    log: Vec<Action>,
    played: Played,
}

/// What the store keeps: the card (or the Wright deal) and every action (the state is their replay).
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Record {
    card: u32,
    log: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    wright: Option<WrightSetup>,
}

impl From<Shunting> for Record {
    fn from(game: Shunting) -> Record {
        Record {
            card: game.board.number().unwrap_or(0),
            log: game.log.iter().map(ToString::to_string).collect(),
            wright: game.board.wright_setup().cloned(),
        }
    }
}

impl TryFrom<Record> for Shunting {
    type Error = String;

    fn try_from(record: Record) -> Result<Shunting, String> {
        let setup = ShuntingSetup {
            card: record.card,
            wright: record.wright,
        };
        let mut game = Shunting::of(setup).map_err(|e| e.0)?;
        for (i, text) in record.log.iter().enumerate() {
            let action: Action = text
                .parse()
                .map_err(|e: RuleError| format!("action {} `{text}`: {e}", i + 1))?;
            game.act(&action)
                .map_err(|e| format!("action {} `{text}`: {e}", i + 1))?;
        }
        Ok(game)
    }
}

impl Shunting {
    /// A fresh game of card `number`.
    pub fn new(number: i64) -> Result<Shunting, SetupError> {
        let card = cards::card(number).map_err(|e| SetupError(e.to_string()))?;
        Ok(Shunting::on(Board::Card(card)))
    }

    /// A fresh game of `setup`: its Wright deal if it has one, else its card.
    pub fn of(setup: ShuntingSetup) -> Result<Shunting, SetupError> {
        match setup.wright {
            Some(wright) => Ok(Shunting::on(Board::wright(wright)?)),
            None => Shunting::new(i64::from(setup.card)),
        }
    }

    fn on(board: Board) -> Shunting {
        Shunting {
            board,
            log: Vec::new(),
            played: Played::default(),
        }
    }

    /// What the game is played on.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The moves so far, as a session of the board's puzzle.
    fn session(&self) -> Session<'_> {
        Session::resume(
            self.board.puzzle(),
            Some(self.board.optimum()),
            self.played.clone(),
        )
    }

    /// Where the pieces stand now.
    pub fn position(&self) -> &Position {
        self.played.last().unwrap_or(&self.board.puzzle().start)
    }

    /// Moves made since the start or the last reset.
    pub fn moves(&self) -> usize {
        self.played.count()
    }

    /// Whether the goal is met (the game is over).
    pub fn solved(&self) -> bool {
        self.board.puzzle().is_solved(self.position())
    }

    /// The rank earned, once solved.
    pub fn rank(&self) -> Option<Rank> {
        self.session().rank()
    }

    /// The actions so far, in order.
    pub fn log(&self) -> &[Action] {
        &self.log
    }

    /// Applies `action` for the one player; on error nothing has changed.
    fn act(&mut self, action: &Action) -> Result<Vec<Event>, RuleError> {
        if self.solved() {
            return Err(RuleError::new(
                "the game is over; start a new game to play the card again",
            ));
        }
        let refused = |refusal: Refusal| RuleError::new(refusal.to_string());
        let mut session = self.session();
        match action {
            Action::Reset => {
                session.reset().map_err(refused)?;
                self.played = session.played();
                self.log.push(Action::Reset);
                Ok(vec![Event::public(
                    "Every piece is back where the card starts; the count starts again at 0.",
                )])
            }
            Action::Move(step) => {
                let standard = session.play(step).map_err(refused)?;
                self.played = session.played();
                let mut events = vec![Event::public(format!("{}.", standard.label()))];
                self.log.push(Action::Move(standard));
                if let Some(text) = self.solved_text() {
                    events.push(Event::public(text));
                }
                Ok(events)
            }
        }
    }

    /// "Solved in 12 moves (the optimum is 10): Dispatcher!", once solved.
    fn solved_text(&self) -> Option<String> {
        let rank = self.rank()?;
        Some(format!(
            "Solved in {} (the optimum is {}): {rank}!",
            counted(self.moves(), "move"),
            self.board.optimum()
        ))
    }
}

impl Game for Shunting {
    type Options = ShuntingOptions;
    type Setup = ShuntingSetup;
    type Action = Action;
    type View = ShuntingView;

    const ID: &'static str = "shunting";
    const NAME: &'static str = "Shunting Puzzle";
    const OPTIONS: &'static [OptionSpec] = OPTIONS;
    /// Every piece stands in plain sight (the card's guide is its published answer, shown once over).
    const HIDES_INFORMATION: bool = false;

    fn seats() -> RangeInclusive<usize> {
        1..=1
    }

    /// A card's number, or for `wright` a deal drawn from the seed and solved now (a failure leaves a
    /// setup that [`Game::start`] refuses, saying why).
    fn deal(options: &ShuntingOptions, _players: usize, rng: &mut GameRng) -> ShuntingSetup {
        if options.card.trim().eq_ignore_ascii_case(WRIGHT) {
            let deal = WrightDeal::random(rng);
            let wright = WrightSetup::solved(deal.clone()).unwrap_or(WrightSetup {
                deal,
                optimum: 0,
                guide: Vec::new(),
            });
            return ShuntingSetup {
                card: 0,
                wright: Some(wright),
            };
        }
        ShuntingSetup {
            // Options are checked against the card list first; anything else names no card and start refuses it.
            card: options.card.trim().parse().unwrap_or(0),
            wright: None,
        }
    }

    fn start(
        _options: ShuntingOptions,
        _players: usize,
        setup: ShuntingSetup,
        _seed: u64,
    ) -> Result<Shunting, SetupError> {
        Shunting::of(setup)
    }

    fn players(&self) -> usize {
        1
    }

    fn to_act(&self) -> ToAct {
        if self.solved() {
            ToAct::Over
        } else {
            ToAct::one(0)
        }
    }

    /// The moves in the order the menus offer them (see [`sort_for_menus`]), then reset.
    fn legal(&self, seat: Seat) -> Vec<Action> {
        if seat != 0 || self.solved() {
            return Vec::new();
        }
        let mut moves: Vec<Move> = self
            .session()
            .legal()
            .into_iter()
            .map(|m| m.action)
            .collect();
        sort_for_menus(self.board.puzzle(), &mut moves);
        let mut legal: Vec<Action> = moves.into_iter().map(Action::Move).collect();
        if self.moves() > 0 {
            legal.push(Action::Reset);
        }
        legal
    }

    fn label(&self, action: &Action) -> String {
        match action {
            Action::Move(step) => step.label(),
            Action::Reset => "Reset: every piece back to the start, count from 0".to_owned(),
        }
    }

    /// A move by loco and pieces taken, then track, then stop (see [`menu_path`]); reset on its own.
    fn menu_paths(&self, steps: &[Action]) -> Vec<Vec<String>> {
        let yard = &self.board.puzzle().yard;
        steps
            .iter()
            .map(|step| match step {
                Action::Move(step) => menu_path(yard, step),
                Action::Reset => vec![self.label(step)],
            })
            .collect()
    }

    fn play_step(
        &mut self,
        actor: Actor,
        action: &Action,
        sink: &mut impl Sink,
    ) -> Result<(), RuleError> {
        if actor.player()? != 0 {
            return Err(RuleError::new("a shunting puzzle has one player, seat 1"));
        }
        for event in self.act(action)? {
            sink.emit(|| event);
        }
        Ok(())
    }

    fn view(&self, _viewer: Viewer) -> ShuntingView {
        ShuntingView::of(self)
    }

    /// Nothing is hidden: the sample is the game itself.
    fn resample_hidden(&self, _viewer: Viewer, _rng: &mut GameRng) -> Shunting {
        self.clone()
    }

    fn outcome(&self) -> Option<Outcome> {
        Some(Outcome {
            standings: vec![Standing {
                participant: Participant::Seat(0),
                score: self.moves() as i32,
                place: 1,
                detail: self.solved_text()?,
            }],
            tie_break: None,
        })
    }
}

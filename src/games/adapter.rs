//! The object-safe face of every game: notation strings in, JSON, texts and PNG bytes out. The table, the
//! store and the front ends use only [`GameKind`] and [`LiveGame`]; [`Kind`] and [`Live`] implement them for
//! any typed engine.

use std::marker::PhantomData;
use std::ops::RangeInclusive;

use render::Canvas;
use serde::Serialize;
use serde_json::{Map, Value};

use crate::bots::{BotLevel, SearchBot, bot_step};
use crate::excerpt::{excerpt, from_json};
use crate::game::{
    Actor, ClockStep, Event, Game, GameRng, OptionSpec, Outcome, Presenter, RuleError, Seat,
    SetupError, ToAct, Viewer,
};
use crate::plural::counted;

/// A legal move as people see it: the notation to type and a human label.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LegalMove {
    /// The notation (`up Y2|Y3`), also the value sent by autocomplete.
    pub notation: String,
    /// What it does, in words.
    pub label: String,
}

/// A legal step as the turn panel offers it: its notation, its label, and where it sits in the menus
/// ([`Game::menu_paths`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MenuStep {
    /// The notation played when it is chosen.
    pub notation: String,
    /// What it does, in words.
    pub label: String,
    /// The menu parts from the top down, the last being the step's own short label.
    pub path: Vec<String>,
}

/// A refused move: why, and what would have been legal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveError {
    /// What was wrong.
    pub message: String,
    /// The mover's legal moves now (empty when it is not their turn); for the table, its clock steps that
    /// apply now.
    pub legal: Vec<LegalMove>,
}

/// An accepted move: its canonical notation (what the log stores) and what happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Applied {
    /// The move in canonical notation.
    pub notation: String,
    /// What happened, for the turn message.
    pub events: Vec<Event>,
}

/// A decision the table makes for a seat that does not answer in time, in notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimedMove {
    /// The seat that owes the decision.
    pub seat: Seat,
    /// The move the table makes for it.
    pub notation: String,
    /// Seconds without a move after which the table makes it.
    pub after_secs: i64,
    /// What the table did, for the channel: "the table answered for them".
    pub said: &'static str,
}

/// The longest move notation any game reads; longer input is refused before it is parsed.
pub const NOTATION_CHARS_MAX: usize = 200;

/// Refuses a move notation longer than [`NOTATION_CHARS_MAX`] characters, quoting only its start.
pub fn check_notation_length(notation: &str) -> Result<(), String> {
    if notation.chars().nth(NOTATION_CHARS_MAX).is_none() {
        return Ok(());
    }
    Err(format!(
        "`{}` is too long for a move: a move is at most {NOTATION_CHARS_MAX} characters.",
        excerpt(notation)
    ))
}

/// A game in progress, whatever its rules.
pub trait LiveGame: Send + Sync {
    /// The game's id (`yardmaster`).
    fn game_id(&self) -> &'static str;
    /// How many seats play.
    fn players(&self) -> usize;
    /// Which seats owe a decision now.
    fn to_act(&self) -> ToAct;
    /// The legal moves of `seat` now.
    fn legal(&self, seat: Seat) -> Vec<LegalMove>;
    /// The legal steps of `seat` now, each with where it sits in the turn panel's menus.
    fn menu(&self, seat: Seat) -> Vec<MenuStep>;
    /// Parses and applies a move of `actor` (a seat, or the table taking a clock step); on error nothing
    /// has changed.
    fn apply(&mut self, actor: Actor, notation: &str) -> Result<Applied, MoveError>;
    /// What `seat` must decide now when that is not taking its turn (see [`Game::decision_owed`]).
    fn decision_owed(&self, seat: Seat) -> Option<&'static str>;
    /// The move the table makes for a seat that does not answer in time, if one is pending now.
    fn timed_default(&self) -> Option<TimedMove>;
    /// Hours after the start after which the game's deadline passes, if it has one.
    fn deadline_hours(&self) -> Option<u32>;
    /// The notation of `step`, if the game has it and it applies now.
    fn clock_step(&self, step: ClockStep) -> Option<String>;
    /// Whether `notation` is a step only the table takes, never a player's move.
    fn is_clock_step(&self, notation: &str) -> bool;
    /// Who took a step the move log keeps under `seat`. The log has a seat for every step and no mark
    /// for the table, so a step only the table takes is read as the table's whatever seat it was written
    /// under (games stored before engines told the table's steps apart wrote one under the seat to act,
    /// or under the host who ended the hand).
    fn logged_actor(&self, seat: Seat, notation: &str) -> Actor {
        if self.is_clock_step(notation) {
            Actor::Table
        } else {
            Actor::Seat(seat)
        }
    }
    /// The move a bot of `level` in `seat` would make now, in notation.
    fn bot_move(&self, seat: Seat, level: BotLevel, rng: &mut GameRng) -> String;
    /// What `viewer` may see, as JSON.
    fn view_json(&self, viewer: Viewer) -> Value;
    /// A picture of the table as `viewer` sees it; `names` are the players' names in seat order.
    fn board_png(&self, viewer: Viewer, names: &[String]) -> Vec<u8>;
    /// The table as `viewer` sees it, with what changed since `before` (the same game when the last
    /// turn began) marked (see [`Presenter::board_picture_since`]), drawn but not encoded. A `before`
    /// of another game is ignored.
    fn board_picture_since(
        &self,
        viewer: Viewer,
        before: &dyn LiveGame,
        names: &[String],
    ) -> Canvas;
    /// [`LiveGame::board_picture_since`] as a PNG.
    fn board_png_since(&self, viewer: Viewer, before: &dyn LiveGame, names: &[String]) -> Vec<u8> {
        render::encode_png(&self.board_picture_since(viewer, before, names))
    }
    /// A private picture of `seat`'s hand, if it holds cards now.
    fn hand_png(&self, seat: Seat) -> Option<Vec<u8>>;
    /// The picture of `seat`'s private turn panel (see [`Presenter::panel_png`]).
    fn panel_png(&self, seat: Seat, names: &[String]) -> Option<Vec<u8>>;
    /// Who leads now, in one line for alt text, as `viewer` sees it (see [`Presenter::standing_line`]).
    fn standing_line(&self, viewer: Viewer, names: &[String]) -> Option<String>;
    /// The table as text, as `viewer` sees it; `names` are the players' names in seat order.
    fn board_text(&self, viewer: Viewer, names: &[String]) -> String;
    /// `seat`'s hand as text, if it holds cards now.
    fn hand_text(&self, seat: Seat) -> Option<String>;
    /// The result, once over.
    fn outcome(&self) -> Option<Outcome>;
    /// The full state (hidden parts included) as JSON: the snapshot the store keeps.
    fn state_json(&self) -> String;
    /// An independent copy.
    fn clone_box(&self) -> Box<dyn LiveGame>;
    /// The game as [`std::any::Any`], so a game of the same kind can be read back as its own type.
    fn as_any(&self) -> &dyn std::any::Any;
    /// A game `viewer` cannot tell from this one, with everything hidden from it drawn at random from
    /// `seed` (see [`Game::resample_hidden`]).
    fn resample_hidden(&self, viewer: Viewer, seed: u64) -> Box<dyn LiveGame>;
}

/// A kind of game: its descriptor, and how to start or restore one.
pub trait GameKind: Send + Sync {
    /// The stable id (`yardmaster`).
    fn id(&self) -> &'static str;
    /// The name shown to people.
    fn name(&self) -> &'static str;
    /// The allowed numbers of seats.
    fn seats(&self) -> RangeInclusive<usize>;
    /// The allowed numbers of seats for people to read: `1 player`, `2 players`, `2–5 players`.
    fn players_text(&self) -> String {
        let seats = self.seats();
        match (*seats.start(), *seats.end()) {
            (low, high) if low == high => counted(low, "player"),
            (low, high) => format!("{low}–{high} players"),
        }
    }
    /// The options offered at creation.
    fn options(&self) -> &'static [OptionSpec];
    /// Whether the rules hide anything from anyone (see [`Game::HIDES_INFORMATION`]).
    fn hides_information(&self) -> bool;
    /// Checks `key=value` choices and returns the options as JSON (defaults for the rest).
    fn parse_options(&self, choices: &[(String, String)]) -> Result<String, String>;
    /// A random setup for this many seats, from `seed`, as JSON.
    fn deal(&self, options_json: &str, players: usize, seed: u64) -> Result<String, SetupError>;
    /// Starts a game from options, a setup and a seed (all as stored).
    fn start(
        &self,
        options_json: &str,
        players: usize,
        setup_json: &str,
        seed: u64,
    ) -> Result<Box<dyn LiveGame>, SetupError>;
    /// Restores a game from its [`LiveGame::state_json`] snapshot.
    fn restore(&self, state_json: &str) -> Result<Box<dyn LiveGame>, SetupError>;
    /// Our summary of the rules and rulings.
    fn rules_text(&self) -> &'static str;
}

/// The seed of a game's own generator is kept apart from the seed of its deal.
const ENGINE_SEED_SALT: u64 = 0x0123_4567_89AB_CDEF;

/// [`GameKind`] for a typed engine `G`.
pub struct Kind<G>(PhantomData<fn() -> G>);

impl<G> Kind<G> {
    /// The descriptor of `G`.
    pub const fn new() -> Self {
        Kind(PhantomData)
    }
}

impl<G> Default for Kind<G> {
    fn default() -> Self {
        Self::new()
    }
}

/// [`LiveGame`] for a typed engine `G`.
#[derive(Clone)]
pub struct Live<G>(pub G);

/// Applies `key=value` choices to `G`'s default options, checking each against [`Game::OPTIONS`].
pub fn options_from_choices<G: Game>(choices: &[(String, String)]) -> Result<G::Options, String> {
    let mut map = match serde_json::to_value(G::Options::default()) {
        Ok(Value::Object(map)) => map,
        _ => Map::new(),
    };
    for (key, value) in choices {
        let key = key.trim().to_ascii_lowercase();
        let value = value.trim().to_ascii_lowercase();
        let Some(spec) = G::OPTIONS.iter().find(|s| s.key == key) else {
            let keys: Vec<&str> = G::OPTIONS.iter().map(|s| s.key).collect();
            return Err(if keys.is_empty() {
                format!("{} has no options (got `{}`)", G::NAME, excerpt(&key))
            } else {
                format!(
                    "{} has no option `{}`; its options are: {}",
                    G::NAME,
                    excerpt(&key),
                    keys.join(", ")
                )
            });
        };
        if !spec.values.contains(&value.as_str()) {
            return Err(format!(
                "option `{key}` cannot be `{}`; choose one of: {}",
                excerpt(&value),
                spec.values.join(", ")
            ));
        }
        map.insert(key, Value::String(value));
    }
    serde_json::from_value(Value::Object(map)).map_err(|e| format!("bad options: {e}"))
}

fn parse_json<T: serde::de::DeserializeOwned>(what: &str, json: &str) -> Result<T, SetupError> {
    from_json(json).map_err(|e| SetupError(format!("bad {what}: {e}")))
}

impl<G: Game + Presenter + SearchBot> GameKind for Kind<G> {
    fn id(&self) -> &'static str {
        G::ID
    }

    fn name(&self) -> &'static str {
        G::NAME
    }

    fn seats(&self) -> RangeInclusive<usize> {
        G::seats()
    }

    fn options(&self) -> &'static [OptionSpec] {
        G::OPTIONS
    }

    fn hides_information(&self) -> bool {
        G::HIDES_INFORMATION
    }

    fn parse_options(&self, choices: &[(String, String)]) -> Result<String, String> {
        let options = options_from_choices::<G>(choices)?;
        serde_json::to_string(&options).map_err(|e| e.to_string())
    }

    fn deal(&self, options_json: &str, players: usize, seed: u64) -> Result<String, SetupError> {
        let options: G::Options = parse_json("options", options_json)?;
        check_players::<G>(players)?;
        let setup = G::deal(&options, players, &mut GameRng::seeded(seed));
        serde_json::to_string(&setup).map_err(|e| SetupError(e.to_string()))
    }

    fn start(
        &self,
        options_json: &str,
        players: usize,
        setup_json: &str,
        seed: u64,
    ) -> Result<Box<dyn LiveGame>, SetupError> {
        let options: G::Options = parse_json("options", options_json)?;
        let setup: G::Setup = parse_json("setup", setup_json)?;
        check_players::<G>(players)?;
        let game = G::start(options, players, setup, seed ^ ENGINE_SEED_SALT)?;
        Ok(Box::new(Live(game)))
    }

    fn restore(&self, state_json: &str) -> Result<Box<dyn LiveGame>, SetupError> {
        let game: G = parse_json("snapshot", state_json)?;
        Ok(Box::new(Live(game)))
    }

    fn rules_text(&self) -> &'static str {
        G::rules_text()
    }
}

fn check_players<G: Game>(players: usize) -> Result<(), SetupError> {
    let seats = G::seats();
    if seats.contains(&players) {
        Ok(())
    } else {
        Err(SetupError(format!(
            "{} takes {} to {} players, not {players}",
            G::NAME,
            seats.start(),
            seats.end()
        )))
    }
}

impl<G: Game> Live<G> {
    fn legal_moves(&self, seat: Seat) -> Vec<LegalMove> {
        self.0
            .legal(seat)
            .iter()
            .map(|action| LegalMove {
                notation: action.to_string(),
                label: self.0.label(action),
            })
            .collect()
    }

    /// The clock steps the table may take now.
    fn table_steps(&self) -> Vec<LegalMove> {
        [ClockStep::DeadlinePassed, ClockStep::EndNow]
            .into_iter()
            .filter_map(|step| self.0.clock_step(step))
            .map(|action| LegalMove {
                notation: action.to_string(),
                label: self.0.label(&action),
            })
            .collect()
    }

    fn refuse(&self, actor: Actor, error: RuleError) -> MoveError {
        MoveError {
            message: error.message,
            legal: match actor {
                Actor::Seat(seat) => self.legal_moves(seat),
                Actor::Table => self.table_steps(),
            },
        }
    }
}

impl<G: Game + Presenter + SearchBot> LiveGame for Live<G> {
    fn game_id(&self) -> &'static str {
        G::ID
    }

    fn players(&self) -> usize {
        self.0.players()
    }

    fn to_act(&self) -> ToAct {
        self.0.to_act()
    }

    fn legal(&self, seat: Seat) -> Vec<LegalMove> {
        self.legal_moves(seat)
    }

    fn menu(&self, seat: Seat) -> Vec<MenuStep> {
        let legal = self.0.legal(seat);
        let paths = self.0.menu_paths(&legal);
        legal
            .iter()
            .zip(paths)
            .map(|(action, path)| MenuStep {
                notation: action.to_string(),
                label: self.0.label(action),
                path,
            })
            .collect()
    }

    fn apply(&mut self, actor: Actor, notation: &str) -> Result<Applied, MoveError> {
        check_notation_length(notation).map_err(|e| self.refuse(actor, RuleError::new(e)))?;
        let action: G::Action = notation.parse().map_err(|e| self.refuse(actor, e))?;
        let events = self
            .0
            .apply(actor, &action)
            .map_err(|e| self.refuse(actor, e))?;
        Ok(Applied {
            notation: action.to_string(),
            events,
        })
    }

    fn decision_owed(&self, seat: Seat) -> Option<&'static str> {
        self.0.decision_owed(seat)
    }

    fn timed_default(&self) -> Option<TimedMove> {
        self.0.timed_default().map(|timed| TimedMove {
            seat: timed.seat,
            notation: timed.action.to_string(),
            after_secs: i64::from(timed.after_hours) * 3600,
            said: timed.said,
        })
    }

    fn deadline_hours(&self) -> Option<u32> {
        self.0.deadline_hours()
    }

    fn clock_step(&self, step: ClockStep) -> Option<String> {
        self.0.clock_step(step).map(|action| action.to_string())
    }

    fn is_clock_step(&self, notation: &str) -> bool {
        notation
            .parse::<G::Action>()
            .is_ok_and(|action| self.0.is_clock_step(&action))
    }

    fn bot_move(&self, seat: Seat, level: BotLevel, rng: &mut GameRng) -> String {
        bot_step(&self.0, seat, level, rng).to_string()
    }

    fn view_json(&self, viewer: Viewer) -> Value {
        serde_json::to_value(self.0.view(viewer)).unwrap_or(Value::Null)
    }

    fn board_png(&self, viewer: Viewer, names: &[String]) -> Vec<u8> {
        G::board_png(&self.0.view(viewer), names)
    }

    fn board_picture_since(
        &self,
        viewer: Viewer,
        before: &dyn LiveGame,
        names: &[String],
    ) -> Canvas {
        let view = self.0.view(viewer);
        match before.as_any().downcast_ref::<Live<G>>() {
            Some(before) => G::board_picture_since(&view, &before.0.view(viewer), names),
            None => G::board_picture(&view, names),
        }
    }

    fn hand_png(&self, seat: Seat) -> Option<Vec<u8>> {
        G::hand_png(&self.0.view(Viewer::Seat(seat)))
    }

    fn panel_png(&self, seat: Seat, names: &[String]) -> Option<Vec<u8>> {
        G::panel_png(&self.0.view(Viewer::Seat(seat)), names)
    }

    fn standing_line(&self, viewer: Viewer, names: &[String]) -> Option<String> {
        G::standing_line(&self.0.view(viewer), names)
    }

    fn board_text(&self, viewer: Viewer, names: &[String]) -> String {
        G::board_text(&self.0.view(viewer), names)
    }

    fn hand_text(&self, seat: Seat) -> Option<String> {
        G::hand_text(&self.0.view(Viewer::Seat(seat)))
    }

    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }

    fn state_json(&self) -> String {
        serde_json::to_string(&self.0).expect("game states serialise")
    }

    fn clone_box(&self) -> Box<dyn LiveGame> {
        Box::new(self.clone())
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn resample_hidden(&self, viewer: Viewer, seed: u64) -> Box<dyn LiveGame> {
        let sample = self.0.resample_hidden(viewer, &mut GameRng::seeded(seed));
        Box::new(Live(sample))
    }
}

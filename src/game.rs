//! The one interface every rules engine speaks, and its shared vocabulary.
//!
//! An engine implements [`Game`] (typed, pure, fast) plus [`Presenter`] (pictures and texts made from views)
//! and [`BotPlayer`]. The table, the store and the front ends never see those types: they use the
//! object-safe [`GameKind`] and [`LiveGame`] wrappers from [`crate::games::adapter`], which speak notation
//! strings, JSON and PNG bytes.

use std::fmt::{self, Display};
use std::ops::RangeInclusive;
use std::str::FromStr;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use render::Canvas;

use crate::games::narration::{Quiet, Sink};
pub use crate::rng::GameRng;

/// A seat at the table, counted from 0 in turn order of the first game.
pub type Seat = usize;

/// Who is looking at a game: one seat (sees its own secrets) or a spectator (sees only public things).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Viewer {
    /// The player in this seat.
    Seat(Seat),
    /// Anyone not playing.
    Spectator,
}

/// Who takes a step: a seat, or the table itself (a step the clock calls for, such as "the deadline has
/// passed", which no player may take). Engines decide who may take which step; a seat number converts
/// into its seat's actor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Actor {
    /// The player in this seat.
    Seat(Seat),
    /// The table, taking one of the game's clock steps ([`Game::clock_step`]).
    Table,
}

impl Actor {
    /// The seat taking a step, for a game whose every step is a player's: the table is refused.
    pub fn player(self) -> Result<Seat, RuleError> {
        match self {
            Actor::Seat(seat) => Ok(seat),
            Actor::Table => Err(RuleError::new(
                "The table takes no steps of its own in this game: every step is a player's.",
            )),
        }
    }
}

impl From<Seat> for Actor {
    fn from(seat: Seat) -> Self {
        Actor::Seat(seat)
    }
}

/// The most seats any game has.
pub const MAX_SEATS: usize = 8;

/// A few seats, held inline so asking whose turn it is never allocates. Reads as a slice of seats.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct SeatList {
    len: u8,
    seats: [Seat; MAX_SEATS],
}

impl SeatList {
    /// One seat.
    pub fn one(seat: Seat) -> Self {
        let mut list = SeatList {
            len: 1,
            seats: [0; MAX_SEATS],
        };
        list.seats[0] = seat;
        list
    }
}

impl std::ops::Deref for SeatList {
    type Target = [Seat];

    fn deref(&self) -> &[Seat] {
        &self.seats[..usize::from(self.len)]
    }
}

impl fmt::Debug for SeatList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl FromIterator<Seat> for SeatList {
    /// Collects seats; those past [`MAX_SEATS`] are dropped.
    fn from_iter<I: IntoIterator<Item = Seat>>(seats: I) -> Self {
        let mut list = SeatList {
            len: 0,
            seats: [0; MAX_SEATS],
        };
        for (slot, seat) in list.seats.iter_mut().zip(seats) {
            *slot = seat;
            list.len += 1;
        }
        list
    }
}

impl Serialize for SeatList {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for SeatList {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let seats = Vec::<Seat>::deserialize(deserializer)?;
        if seats.len() > MAX_SEATS {
            return Err(serde::de::Error::custom(format!(
                "at most {MAX_SEATS} seats"
            )));
        }
        Ok(seats.into_iter().collect())
    }
}

/// Which seats owe a decision now. Several seats may owe one at once (a player whose turn it is not may
/// have to decide, e.g. whether to block a Disaster), and solo games have one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ToAct {
    /// These seats may act now (never empty).
    Seats(SeatList),
    /// The game is over.
    Over,
}

impl ToAct {
    /// One seat acts now.
    pub fn one(seat: Seat) -> Self {
        ToAct::Seats(SeatList::one(seat))
    }

    /// The seats that may act now (empty when the game is over).
    pub fn seats(&self) -> &[Seat] {
        match self {
            ToAct::Seats(seats) => seats,
            ToAct::Over => &[],
        }
    }

    /// Whether `seat` may act now.
    pub fn includes(&self, seat: Seat) -> bool {
        self.seats().contains(&seat)
    }
}

/// Someone who gets a score: a seat, or a player run by the rules themselves (an Automa).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Participant {
    /// A seat at the table.
    Seat(Seat),
    /// A rules-driven opponent with this name.
    Automa(String),
}

/// One participant's final result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    /// Whose result this is.
    pub participant: Participant,
    /// The final score.
    pub score: i32,
    /// 1 for the winner; tied participants share a place.
    pub place: u32,
    /// How the score was made, in a few words ("train 31 + run 4 + caboose 5").
    pub detail: String,
}

/// The result of a finished game: standings, best first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// Every participant, best first.
    pub standings: Vec<Standing>,
    /// How the ties on score were settled, in words with seats as [`seat_ref`] tokens ("{seat0} and
    /// {seat1} tied on 38 points; the tie goes to ..."); `None` when no two participants share a score.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tie_break: Option<String>,
}

impl Outcome {
    /// An outcome whose ties (participants sharing a score) are explained by `explain`, which is given
    /// each group of tied standings in order and writes one sentence for it.
    pub fn explaining_ties(
        standings: Vec<Standing>,
        explain: impl Fn(&[&Standing]) -> String,
    ) -> Outcome {
        let sentences: Vec<String> = standings
            .chunk_by(|a, b| a.score == b.score)
            .filter(|tied| tied.len() > 1)
            .map(|tied| explain(&tied.iter().collect::<Vec<_>>()))
            .collect();
        Outcome {
            tie_break: (!sentences.is_empty()).then(|| sentences.join(" ")),
            standings,
        }
    }

    /// The seats that took first place.
    pub fn winning_seats(&self) -> Vec<Seat> {
        self.standings
            .iter()
            .filter(|s| s.place == 1)
            .filter_map(|s| match s.participant {
                Participant::Seat(seat) => Some(seat),
                Participant::Automa(_) => None,
            })
            .collect()
    }

    /// The standing of one seat, if it took part.
    pub fn standing_of(&self, seat: Seat) -> Option<&Standing> {
        self.standings
            .iter()
            .find(|s| s.participant == Participant::Seat(seat))
    }
}

/// Who may read an [`Event`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Audience {
    /// Everyone in the channel.
    Everyone,
    /// Only this seat (e.g. "you drew Oil 2 | Oil 3").
    Only(Seat),
}

/// Something that happened, in words a turn message can use. Seats are written as [`seat_ref`] tokens,
/// which the table replaces with the players' names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    /// Who may read it.
    pub audience: Audience,
    /// What happened.
    pub text: String,
    /// Whether it shows everyone something that was hidden until now (an Automa's tile from its
    /// pile): a move followed by such an event cannot be taken back.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reveals: bool,
}

impl Event {
    /// An event everyone may read.
    pub fn public(text: impl Into<String>) -> Self {
        Event {
            audience: Audience::Everyone,
            text: text.into(),
            reveals: false,
        }
    }

    /// An event only `seat` may read.
    pub fn private(seat: Seat, text: impl Into<String>) -> Self {
        Event {
            audience: Audience::Only(seat),
            text: text.into(),
            reveals: false,
        }
    }

    /// An event everyone may read that shows what was hidden until now.
    pub fn revealing(text: impl Into<String>) -> Self {
        Event {
            reveals: true,
            ..Event::public(text)
        }
    }

    /// Whether `seat` learnt something hidden from this event (its own secret, or a public reveal).
    pub fn shows_hidden_to(&self, seat: Seat) -> bool {
        self.reveals || self.audience == Audience::Only(seat)
    }
}

/// "{seat0} and {seat1} tied on 38 points": the opening of a tie-break sentence, naming each tied
/// participant (seats as [`seat_ref`] tokens, an Automa by its name); `score` writes the score in the
/// game's unit.
pub fn tied_on(tied: &[&Standing], score: impl Fn(i32) -> String) -> String {
    let names: Vec<String> = tied
        .iter()
        .map(|s| participant_ref(&s.participant))
        .collect();
    let points = tied.first().map_or(0, |s| s.score);
    format!(
        "{} tied on {}",
        crate::plural::listed(&names),
        score(points)
    )
}

/// A participant as texts write it: a seat as its [`seat_ref`] token, an Automa by its name.
pub fn participant_ref(participant: &Participant) -> String {
    match participant {
        Participant::Seat(seat) => seat_ref(*seat),
        Participant::Automa(name) => name.clone(),
    }
}

/// The token an engine writes for a seat in event texts; the table replaces it with the player's name.
pub fn seat_ref(seat: Seat) -> String {
    format!("{{seat{seat}}}")
}

/// Replaces every [`seat_ref`] token in `text` with `name(seat)`.
pub fn fill_seat_refs(text: &str, name: impl Fn(Seat) -> String) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("{seat") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 5..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        match (
            after[..digits].parse::<Seat>(),
            after[digits..].starts_with('}'),
        ) {
            (Ok(seat), true) => {
                out.push_str(&name(seat));
                rest = &after[digits + 1..];
            }
            _ => {
                out.push_str("{seat");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// A move or a notation string the rules refuse. The message says what was wrong; the table adds what
/// would be legal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleError {
    /// What was wrong, in one sentence.
    pub message: String,
}

impl RuleError {
    /// A refusal with this message.
    pub fn new(message: impl Into<String>) -> Self {
        RuleError {
            message: message.into(),
        }
    }
}

impl Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for RuleError {}

/// A setup that cannot start a game (wrong number of players, a deck that is not the game's, …).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError(pub String);

impl Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SetupError {}

/// One choice a game offers at creation: a key, its allowed values (the first is the default) and help.
#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    /// The key players type (`caboose`).
    pub key: &'static str,
    /// The allowed values, the default first.
    pub values: &'static [&'static str],
    /// What the option does, in one line.
    pub help: &'static str,
}

/// A decision the table makes for a seat that has not made it in time (e.g. "block" for the target of a
/// Disaster who does not answer). The engine names it; the table keeps the time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimedDefault<A> {
    /// The seat that owes the decision.
    pub seat: Seat,
    /// What the table decides for it.
    pub action: A,
    /// Hours without a move after which the table decides.
    pub after_hours: u32,
    /// What the table did, for the channel: "the table answered for them".
    pub said: &'static str,
}

/// A step the table takes because of the clock ([`Actor::Table`]), recorded in the move log like a move so
/// that a replay reaches the same state; never a player's own move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockStep {
    /// The game's deadline has passed: the round under way (an Express hand) is the last.
    DeadlinePassed,
    /// After the deadline, close the round under way now, as it stands, and with it the game.
    EndNow,
}

/// A rules engine: a state, its actions and the functions between them. Pure: no I/O, no clocks.
pub trait Game: Clone + Serialize + DeserializeOwned + Send + Sync + 'static {
    /// Choices made at creation (variants, rulings). Serialised as a flat JSON object whose fields are the
    /// keys of [`Game::OPTIONS`] with string values.
    type Options: Clone + Default + Serialize + DeserializeOwned + Send + Sync;
    /// An explicit deal or layout, so a game can start from a chosen position.
    type Setup: Clone + Serialize + DeserializeOwned;
    /// One decision, with a text notation that parses back to the same action.
    type Action: Clone + Eq + Display + FromStr<Err = RuleError>;
    /// What one viewer may see.
    type View: Serialize;

    /// The stable id used in commands and the store (`yardmaster`).
    const ID: &'static str;
    /// The name shown to people (`Yardmaster Express`).
    const NAME: &'static str;
    /// The options offered at creation.
    const OPTIONS: &'static [OptionSpec];
    /// Whether the rules hide anything from anyone (hands, draw piles, face-down cards). A game that
    /// hides nothing returns itself unchanged from [`Game::resample_hidden`].
    const HIDES_INFORMATION: bool;

    /// How many seats this game can have.
    fn seats() -> RangeInclusive<usize>;
    /// A random setup for `players` seats.
    fn deal(options: &Self::Options, players: usize, rng: &mut GameRng) -> Self::Setup;
    /// A game from an explicit setup; `seed` feeds the game's own generator (reshuffles).
    fn start(
        options: Self::Options,
        players: usize,
        setup: Self::Setup,
        seed: u64,
    ) -> Result<Self, SetupError>;
    /// How many seats play this game.
    fn players(&self) -> usize;
    /// Which seats owe a decision now.
    fn to_act(&self) -> ToAct;
    /// Every legal action of `seat` now (empty when it owes nothing).
    fn legal(&self, seat: Seat) -> Vec<Self::Action>;
    /// The same actions as [`Game::legal`], written into `out` (cleared first), so simulations that list
    /// steps over and over can reuse one buffer. Engines override it to avoid the allocation.
    fn legal_into(&self, seat: Seat, out: &mut Vec<Self::Action>) {
        *out = self.legal(seat);
    }
    /// A human description of a legal action ("Add Oil 2 | Oil 3 face up").
    fn label(&self, action: &Self::Action) -> String;
    /// Where each of `steps` (one seat's legal steps now, as [`Game::legal`] lists them) sits in the turn
    /// panel's menus and the terminal's `?`, one path per step: the kinds of step from the top down,
    /// ending with the step's own short label (`["Start a train", "Hopper ×2"]`). Steps that share a
    /// first part are offered together under it; a step of several parts (a build: tile, place, route)
    /// names each part, so it is chosen part by part and each part offers only what still leads to a
    /// legal step. Every part is short (a button or menu label: at most 80 characters). The paths are
    /// made together because a level may be shaped by what else is on offer (split when long). The
    /// default offers every step on its own, under its label.
    fn menu_paths(&self, steps: &[Self::Action]) -> Vec<Vec<String>> {
        steps.iter().map(|step| vec![self.label(step)]).collect()
    }
    /// Checks and plays one step of `actor`, telling `sink` what happened; on error nothing has changed.
    /// The engine alone decides who may take a step: a seat's step from the table, and a step only the
    /// table takes ([`Game::is_clock_step`]) from a seat, are refused like any illegal step.
    fn play_step(
        &mut self,
        actor: Actor,
        action: &Self::Action,
        sink: &mut impl Sink,
    ) -> Result<(), RuleError>;
    /// Plays a step of `actor` (a seat, or [`Actor::Table`]) and returns what happened; on error nothing
    /// has changed.
    fn apply(
        &mut self,
        actor: impl Into<Actor>,
        action: &Self::Action,
    ) -> Result<Vec<Event>, RuleError> {
        let mut events = Vec::new();
        self.play_step(actor.into(), action, &mut events)?;
        Ok(events)
    }
    /// Plays a step without building its event texts, for bots' look-ahead, simulations and benchmarks;
    /// the state afterwards is the same as after [`Game::apply`].
    fn apply_quiet(
        &mut self,
        actor: impl Into<Actor>,
        action: &Self::Action,
    ) -> Result<(), RuleError> {
        self.play_step(actor.into(), action, &mut Quiet)
    }
    /// What `viewer` may see now.
    fn view(&self, viewer: Viewer) -> Self::View;
    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// What `seat` must decide now when that is not taking its turn, in words that follow "decide" in a
    /// reminder ("whether to block the Disaster played on you"); none (the default) when owing a decision
    /// simply means it is the seat's turn. Public words: reminders are posted in the channel.
    fn decision_owed(&self, _seat: Seat) -> Option<&'static str> {
        None
    }
    /// The decision the table makes for a seat that owes one now and does not answer in time, if the
    /// rules have one (none by default).
    fn timed_default(&self) -> Option<TimedDefault<Self::Action>> {
        None
    }
    /// Hours after the start after which the game's deadline passes, if it has one (none by default).
    fn deadline_hours(&self) -> Option<u32> {
        None
    }
    /// The action that takes `step` now, if the game has that step and it applies now (none by default).
    fn clock_step(&self, _step: ClockStep) -> Option<Self::Action> {
        None
    }
    /// Whether `action` is a step only the table takes ([`Game::clock_step`], played by [`Actor::Table`]),
    /// never a player's move.
    fn is_clock_step(&self, _action: &Self::Action) -> bool {
        false
    }
    /// A full state identical in everything `viewer` can see, with everything hidden from it (other
    /// hands, face-down faces, draw pile orders, an Automa's pile, the game's own generator) drawn anew
    /// from `rng`. Canonical: the result depends only on what `viewer` sees and on `rng`, so two states
    /// that look the same to `viewer` give the same sample from the same generator.
    fn resample_hidden(&self, viewer: Viewer, rng: &mut GameRng) -> Self;
}

/// Pictures and texts made from views (never from the full state).
pub trait Presenter: Game {
    /// The picture of the table as `viewer` sees it; `names` are the players' names in seat order.
    fn board_picture(view: &Self::View, names: &[String]) -> Canvas;
    /// [`Presenter::board_picture`] as a PNG.
    fn board_png(view: &Self::View, names: &[String]) -> Vec<u8> {
        render::encode_png(&Self::board_picture(view, names))
    }
    /// A PNG of the private part of a seat's view (its hand), if it has one now.
    fn hand_png(view: &Self::View) -> Option<Vec<u8>>;
    /// A short text picture of the table for the terminal and for text-only replies.
    fn board_text(view: &Self::View, names: &[String]) -> String;
    /// The private part of a seat's view as text (its hand), if it has one now.
    fn hand_text(view: &Self::View) -> Option<String>;
    /// Our own summary of the rules and rulings, for `/rules`.
    fn rules_text() -> &'static str;
    /// The board as [`Presenter::board_picture`] draws it, with what changed since `before` (what the
    /// same viewer saw when the last turn began) marked: cards added, stations built, the piece that
    /// moved. The default marks nothing.
    fn board_picture_since(view: &Self::View, _before: &Self::View, names: &[String]) -> Canvas {
        Self::board_picture(view, names)
    }
    /// [`Presenter::board_picture_since`] as a PNG.
    fn board_png_since(view: &Self::View, before: &Self::View, names: &[String]) -> Vec<u8> {
        render::encode_png(&Self::board_picture_since(view, before, names))
    }
    /// The picture in a seat's private turn panel: what the seat needs to decide (its hand, and the part
    /// of the board that matters), readable on a phone: about 600 px wide with text at least 18 px tall,
    /// so it stays 12 px when Discord shows it 400 px wide. The default is the hand picture.
    fn panel_png(view: &Self::View, _names: &[String]) -> Option<Vec<u8>> {
        Self::hand_png(view)
    }
    /// Who leads now and by how much, in one short line for a board picture's alt text ("Ann leads with
    /// 34 points, Bo 29"), from what `view` shows; none (the default) when the game shows no running
    /// score.
    fn standing_line(_view: &Self::View, _names: &[String]) -> Option<String> {
        None
    }
}

/// What one seat may know of a game, and nothing more: the seat, its view, its legal actions, and
/// samples of the full state drawn consistently with what it sees. Bots decide from this alone, so they
/// play fair: the full state is private here and has no accessor.
pub struct SeatSight<'a, G: Game> {
    game: &'a G,
    seat: Seat,
}

impl<'a, G: Game> SeatSight<'a, G> {
    /// What `seat` may know of `game`.
    pub fn new(game: &'a G, seat: Seat) -> Self {
        SeatSight { game, seat }
    }

    /// The seat looking.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// What the seat sees now.
    pub fn view(&self) -> G::View {
        self.game.view(Viewer::Seat(self.seat))
    }

    /// The seat's legal actions now.
    pub fn legal(&self) -> Vec<G::Action> {
        self.game.legal(self.seat)
    }

    /// A full state the seat cannot tell from the real one: everything hidden from it drawn at random
    /// (see [`Game::resample_hidden`]), for look-ahead.
    pub fn sample(&self, rng: &mut GameRng) -> G {
        self.game.resample_hidden(Viewer::Seat(self.seat), rng)
    }
}

/// A computer player for a seat.
pub trait BotPlayer: Game {
    /// A sensible legal action for the seat of `sight`, which must owe a decision now.
    fn choose(sight: &SeatSight<'_, Self>, rng: &mut GameRng) -> Self::Action;

    /// The bot's action for `seat` in this game: [`BotPlayer::choose`] from what the seat may know.
    fn bot_action(&self, seat: Seat, rng: &mut GameRng) -> Self::Action {
        Self::choose(&SeatSight::new(self, seat), rng)
    }
}

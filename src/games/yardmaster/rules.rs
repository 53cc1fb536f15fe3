//! The Yardmaster Express state, its options and setup, and the [`Game`] implementation.

use std::cmp::Ordering;
use std::collections::VecDeque;
use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize};

use super::cabooses::{CABOOSES, CabooseId, DEFAULT_POOL};
use super::cards::{self, Face};
use super::events;
use super::notation::{Action, Side};
use super::scoring::{self, GameScore};
use super::train::{self, Placed, Slot};
use super::view::YardmasterView;
use crate::game::{
    Actor, Game, GameRng, OptionSpec, Outcome, Participant, RuleError, Seat, SetupError, Standing,
    ToAct, Viewer, seat_ref,
};
use crate::game::{participant_ref, tied_on};
use crate::games::narration::{Quiet, Sink};
use crate::plural::counted;

/// An off/on switch option.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Switch {
    /// Not used (the default).
    #[default]
    Off,
    /// Used.
    On,
}

/// When a seat draws its card.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DrawTiming {
    /// At the start of the turn, into the travelling hand (the base game).
    #[default]
    Start,
    /// At the end of the turn, kept hidden for the next turn (the turn variant).
    End,
}

/// Which Cabooses are in play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CabooseChoice {
    /// No Caboose (the default).
    #[default]
    Off,
    /// One drawn from the default pool of four.
    Default,
    /// One drawn from all sixteen.
    All,
}

/// The choices made when a Yardmaster game is created (`match`, `draw`, `caboose`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct YardmasterOptions {
    /// `on`: two games back to back, the second passing the other way; scores add up.
    #[serde(rename = "match", default)]
    pub two_games: Switch,
    /// `end`: the turn variant (draw at the end of your turn and keep the card for your next one).
    #[serde(default)]
    pub draw: DrawTiming,
    /// Whether a Caboose is in play, and from which pool it is drawn.
    #[serde(default)]
    pub caboose: CabooseChoice,
}

/// An explicit deal, as JSON:
/// `{"start_player": 0, "deck": ["Y2|Y3", "B2|B2", …], "second_deck": null, "caboose": "Lightweight",
/// "second_caboose": "Executive"}`.
///
/// `deck` lists the game's whole deck for its player count (the 24 cards without purple with 2 players,
/// all 32 with more), top card first: in the turn variant the first cards are dealt one to each seat
/// (starting with the start player, in passing order) to keep, then the start player's hand is dealt,
/// then the draws follow in order. `second_deck` is the deck of the second game of a match (required
/// exactly when `match` is on). `caboose` names the Caboose (required exactly when one is in play; it
/// must belong to the chosen pool). `second_caboose` names the second game's Caboose in a match with
/// Cabooses; when it is absent (as in setups stored before each game drew its own), the second game
/// plays the first game's Caboose again. Unknown fields are refused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct YardmasterSetup {
    /// The seat that starts (the first game of a match).
    pub start_player: Seat,
    /// The draw deck, top card first.
    pub deck: Vec<Face>,
    /// The deck of the second game of a match, top card first.
    #[serde(default)]
    pub second_deck: Option<Vec<Face>>,
    /// The Caboose in play, by name.
    #[serde(default)]
    pub caboose: Option<String>,
    /// The Caboose of the second game of a match, by name (absent: the first game's again).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub second_caboose: Option<String>,
}

/// A Yardmaster Express table: everything, hidden parts included. Only views leave the engine.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Yardmaster {
    options: YardmasterOptions,
    players: usize,
    caboose: Option<CabooseId>,
    /// The Caboose the second game of a match switches to (None: it keeps the first game's). Not shown
    /// before the second game starts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    second_caboose: Option<CabooseId>,
    game_number: u8,
    start_player: Seat,
    clockwise: bool,
    current: Seat,
    turns: u32,
    pub(super) deck: VecDeque<Face>,
    pub(super) second_deck: Option<Vec<Face>>,
    pub(super) hand: Vec<Face>,
    pub(super) kept: Vec<Option<Face>>,
    pub(super) trains: Vec<Vec<Placed>>,
    first_game: Vec<i32>,
    over: bool,
}

/// How many rounds a game has for this many players.
pub fn rounds_for(players: usize) -> u32 {
    match players {
        0..=2 => 7,
        3 => 6,
        4 => 5,
        _ => 4,
    }
}

const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        key: "match",
        values: &["off", "on"],
        help: "on: two games back to back, the second passing the other way; scores add up",
    },
    OptionSpec {
        key: "draw",
        values: &["start", "end"],
        help: "end: the turn variant, draw at the end of your turn and keep that card for your next",
    },
    OptionSpec {
        key: "caboose",
        values: &["off", "default", "all"],
        help: "a Caboose with a bonus condition, drawn from the default four or from all sixteen",
    },
];

/// A set of faces as a bitmap over [`Face::code`]s.
#[derive(Default)]
struct FaceSet([u64; cards::FACE_CODES.div_ceil(64)]);

impl FaceSet {
    /// Adds `face`; false if it was already there.
    fn insert(&mut self, face: Face) -> bool {
        let code = usize::from(face.code());
        let (word, bit) = (code / 64, 1u64 << (code % 64));
        let new = self.0[word] & bit == 0;
        self.0[word] |= bit;
        new
    }
}

/// Why `deck` is not exactly the game's deck for `players` (`which` names it in the message), if it is
/// not.
fn check_deck(deck: &[Face], players: usize, which: &str) -> Result<(), SetupError> {
    let game_deck = cards::deck_faces(players);
    let mut available = [0u8; cards::FACE_CODES];
    for &face in game_deck {
        available[usize::from(face.code())] += 1;
    }
    let mut used = [0u8; cards::FACE_CODES];
    for &face in deck {
        let key = usize::from(face.code());
        used[key] = used[key].saturating_add(1);
        if players == 2 && available[key] == 0 {
            return Err(SetupError(format!(
                "the {which} holds {face}, but purple cards are not used with 2 players"
            )));
        }
    }
    let mut problems = Vec::new();
    let mut missing = Vec::new();
    let mut seen = FaceSet::default();
    for &face in game_deck {
        if !seen.insert(face) {
            continue;
        }
        let key = usize::from(face.code());
        match used[key].cmp(&available[key]) {
            Ordering::Greater => problems.push(format!(
                "it holds {} copies of {face}, but the game has only {}",
                used[key], available[key]
            )),
            Ordering::Less => missing.push(match available[key] - used[key] {
                1 => face.to_string(),
                lacking => format!("{face} ×{lacking}"),
            }),
            Ordering::Equal => {}
        }
    }
    if !missing.is_empty() {
        problems.push(format!("it lacks {}", missing.join(", ")));
    }
    if problems.is_empty() {
        return Ok(());
    }
    Err(SetupError(format!(
        "the {which} must hold exactly the {} cards of a {players}-player game{}: {}",
        game_deck.len(),
        if players == 2 { " (no purple)" } else { "" },
        problems.join("; ")
    )))
}

/// The Caboose named `name` (`which` names the field in messages), which must belong to the pool of
/// `choice`.
fn caboose_in_pool(
    choice: CabooseChoice,
    name: &str,
    which: &str,
) -> Result<CabooseId, SetupError> {
    let id = CabooseId::try_from(name.to_string()).map_err(SetupError)?;
    if choice == CabooseChoice::Default && !DEFAULT_POOL.contains(&id.card().name) {
        return Err(SetupError(format!(
            "the `{which}` {id} is not in the default pool; with `caboose=default` it is one of: {} \
             (`caboose=all` uses all sixteen)",
            DEFAULT_POOL.join(", ")
        )));
    }
    Ok(id)
}

/// The Cabooses a setup names for `options`: the first game's, and the second game's if it differs.
fn setup_cabooses(
    options: &YardmasterOptions,
    setup: &YardmasterSetup,
) -> Result<(Option<CabooseId>, Option<CabooseId>), SetupError> {
    let caboose = match (options.caboose, &setup.caboose) {
        (CabooseChoice::Off, None) => None,
        (CabooseChoice::Off, Some(name)) => {
            return Err(SetupError(format!(
                "the setup names the Caboose `{}`, but `caboose` is off",
                crate::excerpt::excerpt(name)
            )));
        }
        (_, None) => {
            return Err(SetupError(
                "`caboose` is on, so the setup must name the Caboose in play".to_string(),
            ));
        }
        (choice, Some(name)) => Some(caboose_in_pool(choice, name, "caboose")?),
    };
    let second = match &setup.second_caboose {
        None => None,
        Some(_) if options.caboose == CabooseChoice::Off || options.two_games == Switch::Off => {
            return Err(SetupError(
                "the setup has a `second_caboose`, but only a match with Cabooses plays one"
                    .to_string(),
            ));
        }
        Some(name) => Some(caboose_in_pool(options.caboose, name, "second_caboose")?),
    };
    Ok((caboose, second))
}

impl Yardmaster {
    /// How many rounds each game has.
    pub fn rounds(&self) -> u32 {
        rounds_for(self.players)
    }

    /// The options this game was created with.
    pub fn options(&self) -> YardmasterOptions {
        self.options
    }

    /// The Caboose in play, if any.
    pub fn caboose(&self) -> Option<CabooseId> {
        self.caboose
    }

    /// Every train in seat order.
    pub fn trains(&self) -> &[Vec<Placed>] {
        &self.trains
    }

    /// The travelling hand.
    pub fn hand(&self) -> &[Face] {
        &self.hand
    }

    /// The cards left in the draw deck, top first.
    pub fn deck(&self) -> impl ExactSizeIterator<Item = Face> + '_ {
        self.deck.iter().copied()
    }

    /// The card each seat keeps for its next turn (turn variant).
    pub fn kept(&self) -> &[Option<Face>] {
        &self.kept
    }

    /// Which game of the match is being played (1 or 2).
    pub fn game_number(&self) -> u8 {
        self.game_number
    }

    /// The start player of the current game.
    pub fn start_player(&self) -> Seat {
        self.start_player
    }

    /// Whether the hand passes to the left (clockwise) in the current game.
    pub fn clockwise(&self) -> bool {
        self.clockwise
    }

    /// Turns taken in the current game.
    pub fn turns_taken(&self) -> u32 {
        self.turns
    }

    /// The first game's totals, once a match is in its second game.
    pub fn first_game_totals(&self) -> &[i32] {
        &self.first_game
    }

    /// Whether the whole game (the whole match) is over.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The current round (1-based; the last one once the game is over).
    pub fn round(&self) -> u32 {
        (self.turns / self.players as u32 + 1).min(self.rounds())
    }

    /// The seat whose turn it is (none once over).
    pub fn current(&self) -> Option<Seat> {
        (!self.over).then_some(self.current)
    }

    /// Every seat's total so far (the first game of a match included), as it would stand now.
    pub fn totals_now(&self) -> Vec<i32> {
        self.totals(&self.scores_now())
    }

    /// Every seat's score in the current game as the trains stand now.
    pub fn scores_now(&self) -> Vec<GameScore> {
        scoring::score_game(&self.trains, self.caboose)
    }

    fn games(&self) -> u8 {
        match self.options.two_games {
            Switch::Off => 1,
            Switch::On => 2,
        }
    }

    fn next_seat(&self, seat: Seat) -> Seat {
        if self.clockwise {
            (seat + 1) % self.players
        } else {
            (seat + self.players - 1) % self.players
        }
    }

    fn draw_card(&mut self) -> Option<Face> {
        self.deck.pop_front()
    }

    /// Deals a game from the top of the current deck: kept cards (turn variant), then the hand, then
    /// the start player's turn begins.
    fn deal_game(&mut self, sink: &mut impl Sink) {
        self.turns = 0;
        self.current = self.start_player;
        self.hand.clear();
        for train in &mut self.trains {
            train.clear();
        }
        self.kept.iter_mut().for_each(|k| *k = None);
        if self.options.draw == DrawTiming::End {
            let mut seat = self.start_player;
            for _ in 0..self.players {
                self.kept[seat] = self.draw_card();
                if let Some(face) = self.kept[seat] {
                    sink.emit(|| events::drew(seat, face));
                }
                seat = self.next_seat(seat);
            }
        }
        for _ in 0..self.players {
            if let Some(face) = self.draw_card() {
                self.hand.push(face);
            }
        }
        self.begin_turn(sink);
    }

    /// The current seat takes up the hand: it draws (base game) or adds its kept card (turn variant).
    fn begin_turn(&mut self, sink: &mut impl Sink) {
        match self.options.draw {
            DrawTiming::Start => {
                if let Some(face) = self.draw_card() {
                    self.hand.push(face);
                    let seat = self.current;
                    sink.emit(|| events::drew(seat, face));
                }
            }
            DrawTiming::End => {
                if let Some(face) = self.kept[self.current].take() {
                    self.hand.push(face);
                }
            }
        }
    }

    /// Why `seat` may not add `action` now, if it may not.
    fn refusal(&self, seat: Seat, action: &Action) -> Option<RuleError> {
        if self.over {
            return Some(RuleError::new("The game is over."));
        }
        if seat != self.current {
            return Some(RuleError::new(format!(
                "It is not your turn: it is {}'s turn.",
                seat_ref(self.current)
            )));
        }
        if !self.hand.contains(&action.face) {
            let hand: Vec<String> = self.hand.iter().map(Face::to_string).collect();
            return Some(RuleError::new(format!(
                "You do not hold {} ({}); your hand is {}.",
                action.face,
                action.face.describe(),
                hand.join(", ")
            )));
        }
        let end = train::right_end(&self.trains[seat]);
        if action.side == Side::Up && !train::connects(end, action.face) {
            let Slot::Car(car) = end else {
                return None;
            };
            return Some(RuleError::new(format!(
                "{} does not connect face up: your train ends in {} {} ({car}), so the card's left \
                 railcar must be {} or a {}. You may add it face down instead.",
                action.face,
                car.cargo.goods(),
                car.value,
                car.cargo.colour_name(),
                car.value
            )));
        }
        None
    }

    fn finish_game(&mut self, sink: &mut impl Sink) {
        if self.games() > 1 {
            let with_caboose = self.caboose.is_some();
            let number = self.game_number;
            sink.emit(|| events::game_over(number, &self.scores_now(), with_caboose));
        }
        if self.game_number < self.games() {
            self.first_game = self.scores_now().iter().map(GameScore::total).collect();
            self.start_player = scoring::second_game_start(&self.first_game, self.start_player);
            self.clockwise = !self.clockwise;
            self.game_number += 1;
            self.deck = self.second_deck.take().unwrap_or_default().into();
            if let Some(second) = self.second_caboose.take() {
                self.caboose = Some(second);
            }
            let start = self.start_player;
            sink.emit(|| events::second_game_begins(start));
            if let Some(caboose) = self.caboose {
                sink.emit(|| events::second_game_caboose(caboose.card()));
            }
            self.deal_game(sink);
        } else {
            self.over = true;
        }
    }

    /// Applies `action` for `seat`, telling `sink` what happened; on error nothing has changed.
    fn play(&mut self, seat: Seat, action: &Action, sink: &mut impl Sink) -> Result<(), RuleError> {
        if let Some(error) = self.refusal(seat, action) {
            return Err(error);
        }
        let Some(index) = self.hand.iter().position(|&f| f == action.face) else {
            return Err(RuleError::new("That card is not in your hand."));
        };
        let face = self.hand.remove(index);
        let face_up = action.side == Side::Up;
        self.trains[seat].push(Placed { face, face_up });
        sink.emit(|| events::placed(seat, face, face_up));
        self.turns += 1;
        let last_turn = self.turns == self.rounds() * self.players as u32;
        if self.options.draw == DrawTiming::End && !last_turn {
            self.kept[seat] = self.draw_card();
            if let Some(face) = self.kept[seat] {
                sink.emit(|| events::drew(seat, face));
            }
        }
        if last_turn {
            self.finish_game(sink);
        } else {
            if self.turns.is_multiple_of(self.players as u32) {
                let (round, rounds) = (self.round(), self.rounds());
                sink.emit(|| events::round_begins(round, rounds));
            }
            self.current = self.next_seat(seat);
            self.begin_turn(sink);
        }
        Ok(())
    }

    fn totals(&self, scores: &[GameScore]) -> Vec<i32> {
        scores
            .iter()
            .enumerate()
            .map(|(seat, s)| s.total() + self.first_game.get(seat).copied().unwrap_or(0))
            .collect()
    }
}

impl Game for Yardmaster {
    type Options = YardmasterOptions;
    type Setup = YardmasterSetup;
    type Action = Action;
    type View = YardmasterView;

    const ID: &'static str = "yardmaster";
    const NAME: &'static str = "Yardmaster Express";
    const OPTIONS: &'static [OptionSpec] = OPTIONS;
    const HIDES_INFORMATION: bool = true;

    fn seats() -> RangeInclusive<usize> {
        2..=5
    }

    fn deal(options: &YardmasterOptions, players: usize, rng: &mut GameRng) -> YardmasterSetup {
        let mut shuffled = || {
            let mut deck = cards::deck_faces(players).to_vec();
            rng.shuffle(&mut deck);
            deck
        };
        let deck = shuffled();
        let second_deck = (options.two_games == Switch::On).then(&mut shuffled);
        let start_player = rng.index(players.max(1));
        let mut draw_caboose = || match options.caboose {
            CabooseChoice::Off => None,
            CabooseChoice::Default => Some(DEFAULT_POOL[rng.index(DEFAULT_POOL.len())]),
            CabooseChoice::All => Some(CABOOSES[rng.index(CABOOSES.len())].name),
        };
        let caboose = draw_caboose();
        // Drawn after everything else, so the rest of a deal is what it was before matches drew one.
        let second_caboose = if options.two_games == Switch::On {
            draw_caboose()
        } else {
            None
        };
        YardmasterSetup {
            start_player,
            deck,
            second_deck,
            caboose: caboose.map(str::to_string),
            second_caboose: second_caboose.map(str::to_string),
        }
    }

    /// Checks the setup (no game-wide generator is needed: every card order is in the setup).
    fn start(
        options: YardmasterOptions,
        players: usize,
        setup: YardmasterSetup,
        _seed: u64,
    ) -> Result<Yardmaster, SetupError> {
        if !Self::seats().contains(&players) {
            return Err(SetupError(format!(
                "Yardmaster Express takes 2 to 5 players, not {players}"
            )));
        }
        if setup.start_player >= players {
            return Err(SetupError(format!(
                "the start player must be a seat from 0 to {}, not {}",
                players - 1,
                setup.start_player
            )));
        }
        check_deck(&setup.deck, players, "deck")?;
        match (options.two_games, &setup.second_deck) {
            (Switch::On, Some(deck)) => check_deck(deck, players, "second deck")?,
            (Switch::On, None) => {
                return Err(SetupError(
                    "a match needs a `second_deck` for its second game".to_string(),
                ));
            }
            (Switch::Off, Some(_)) => {
                return Err(SetupError(
                    "the setup has a `second_deck`, but `match` is off".to_string(),
                ));
            }
            (Switch::Off, None) => {}
        }
        let (caboose, second_caboose) = setup_cabooses(&options, &setup)?;
        let mut game = Yardmaster {
            options,
            players,
            caboose,
            second_caboose,
            game_number: 1,
            start_player: setup.start_player,
            clockwise: true,
            current: setup.start_player,
            turns: 0,
            deck: setup.deck.into(),
            second_deck: setup.second_deck,
            hand: Vec::with_capacity(players + 1),
            kept: vec![None; players],
            trains: vec![Vec::with_capacity(rounds_for(players) as usize); players],
            first_game: Vec::new(),
            over: false,
        };
        game.deal_game(&mut Quiet);
        Ok(game)
    }

    fn players(&self) -> usize {
        self.players
    }

    fn to_act(&self) -> ToAct {
        if self.over {
            ToAct::Over
        } else {
            ToAct::one(self.current)
        }
    }

    /// For every distinct face in the hand, in hand order: face up if it connects, then face down.
    fn legal(&self, seat: Seat) -> Vec<Action> {
        if self.over || seat != self.current {
            return Vec::new();
        }
        let end = train::right_end(&self.trains[seat]);
        let mut legal = Vec::with_capacity(2 * self.hand.len());
        let mut seen = FaceSet::default();
        for &face in &self.hand {
            if seen.insert(face) {
                if train::connects(end, face) {
                    legal.push(Action::up(face));
                }
                legal.push(Action::down(face));
            }
        }
        legal
    }

    fn label(&self, action: &Action) -> String {
        action.label()
    }

    fn menu_paths(&self, steps: &[Action]) -> Vec<Vec<String>> {
        steps
            .iter()
            .map(|step| super::menu::menu_path(self, step))
            .collect()
    }

    fn play_step(
        &mut self,
        actor: Actor,
        action: &Action,
        sink: &mut impl Sink,
    ) -> Result<(), RuleError> {
        self.play(actor.player()?, action, sink)
    }

    fn view(&self, viewer: Viewer) -> YardmasterView {
        super::viewing::view(self, viewer)
    }

    fn resample_hidden(&self, viewer: Viewer, rng: &mut GameRng) -> Yardmaster {
        super::unseen::resample_hidden(self, viewer, rng)
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.over {
            return None;
        }
        let scores = self.scores_now();
        let totals = self.totals(&scores);
        let with_caboose = self.caboose.is_some();
        let standings = scoring::ranking(&totals, self.start_player, self.clockwise)
            .into_iter()
            .enumerate()
            .map(|(place, seat)| Standing {
                participant: Participant::Seat(seat),
                score: totals[seat],
                place: place as u32 + 1,
                detail: match self.first_game.get(seat) {
                    Some(first) => format!("game 1 {first} + game 2 {}", scores[seat].total()),
                    None => scores[seat].detail(with_caboose),
                },
            })
            .collect();
        let start = self.start_player;
        let direction = if self.clockwise {
            "clockwise"
        } else {
            "counter-clockwise"
        };
        Some(Outcome::explaining_ties(standings, |tied| {
            let order: Vec<String> = tied
                .iter()
                .map(|s| participant_ref(&s.participant))
                .collect();
            format!(
                "{}; ties go to whoever sits farther from the start player, {}, {direction}: {}.",
                tied_on(tied, |n| counted(n, "point")),
                seat_ref(start),
                order.join(" before ")
            )
        }))
    }
}

//! The Express state, its setup and the [`Game`] implementation. The turn's steps are in `turn.rs`, the
//! hand's course (deal, draws, rounds, scoring) in `hand.rs`, Disasters in `attack.rs`, the legal steps in
//! `legal.rs`.

use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize};

use super::before_melds::BeforeMelds;
use super::cards::{self, Kind};
use super::notation::{Action, Target};
use super::options::{ExpressOptions, OPTIONS};
use super::rulings::Rulings;
use super::scoring::HandScore;
use super::train::Train;
use super::view::ExpressView;
use crate::game::tied_on;
use crate::game::{
    Actor, ClockStep, Game, GameRng, OptionSpec, Outcome, Participant, RuleError, Seat, SetupError,
    Standing, TimedDefault, ToAct, Viewer,
};
use crate::games::narration::{Quiet, Sink};
use crate::plural::counted;

/// An explicit setup, as JSON: `{"dealer": 0, "decks": [["box", "tank", …]], "totals": [0, 0, 0]}`.
///
/// `decks` are the deck orders of the first hands, top first (each the whole deck for the number of
/// players); hands past them are shuffled by the game's generator. `totals` (optional) continue a game from
/// these scores. `rulings` (optional) replace the default numbers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExpressSetup {
    /// The seat that deals the first hand.
    pub dealer: Seat,
    /// The deck orders of the first hands, top first.
    pub decks: Vec<Vec<Kind>>,
    /// The totals the game starts from (zero by default).
    #[serde(default)]
    pub totals: Option<Vec<i32>>,
    /// The numbers of the rules.
    #[serde(default)]
    pub rulings: Rulings,
}

/// A Way Car laid beside a seat's trains.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LaidWayCar {
    /// The card.
    pub card: Kind,
    /// Whether it blocked a Disaster (or twins one that did): it stays for the hand.
    pub permanent: bool,
}

/// One seat's cards.
#[derive(Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatCards {
    /// The hand.
    pub hand: Vec<Kind>,
    /// The trains, in the order they were started.
    pub trains: Vec<Train>,
    /// The laid Way Cars.
    pub way_cars: Vec<LaidWayCar>,
    /// Turns still to skip (Derailments).
    pub skips: u8,
}

impl Clone for SeatCards {
    fn clone(&self) -> Self {
        SeatCards {
            hand: self.hand.clone(),
            trains: self.trains.clone(),
            way_cars: self.way_cars.clone(),
            skips: self.skips,
        }
    }

    /// Copies into the buffers already held, which the cards kept before melds do every turn.
    fn clone_from(&mut self, source: &Self) {
        self.hand.clone_from(&source.hand);
        self.trains.clone_from(&source.trains);
        self.way_cars.clone_from(&source.way_cars);
        self.skips = source.skips;
    }
}

/// A Disaster waiting for its target to block it or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingDisaster {
    /// The Disaster.
    pub card: Kind,
    /// The seat that played it.
    pub attacker: Seat,
    /// What it is played on.
    pub target: TargetRecord,
}

/// A [`Target`] as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TargetRecord {
    /// A seat's train.
    Train(Seat, usize),
    /// A seat.
    Player(Seat),
    /// The attacker's train, and another seat's train.
    Switch(usize, Seat, usize),
}

impl From<Target> for TargetRecord {
    fn from(target: Target) -> Self {
        match target {
            Target::Train { seat, train } => TargetRecord::Train(seat, train),
            Target::Player(seat) => TargetRecord::Player(seat),
            Target::Switch { own, seat, train } => TargetRecord::Switch(own, seat, train),
        }
    }
}

impl From<TargetRecord> for Target {
    fn from(target: TargetRecord) -> Self {
        match target {
            TargetRecord::Train(seat, train) => Target::Train { seat, train },
            TargetRecord::Player(seat) => Target::Player(seat),
            TargetRecord::Switch(own, seat, train) => Target::Switch { own, seat, train },
        }
    }
}

/// Where the turn is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// The player draws.
    Draw,
    /// The player melds and discards.
    Meld,
    /// The target of a Disaster decides whether to block it.
    Block(PendingDisaster),
    /// The game is over.
    Over,
}

/// How a hand ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HandEnd {
    /// This seat went out.
    WentOut(Seat),
    /// No card could be drawn, or another reshuffle was needed.
    DeckSpent,
    /// Ended as it stood once the deadline had passed.
    Deadline,
}

/// An Express table: everything, hidden parts included. Only views leave the engine.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Express {
    pub(super) rulings: Rulings,
    pub(super) options: ExpressOptions,
    pub(super) players: usize,
    /// Deck orders for hands still to come, top first.
    pub(super) decks: Vec<Vec<Kind>>,
    pub(super) hand_number: u32,
    pub(super) dealer: Seat,
    pub(super) totals: Vec<i32>,
    pub(super) history: Vec<(Vec<HandScore>, HandEnd)>,
    pub(super) seats: Vec<SeatCards>,
    /// The draw pile, top last.
    pub(super) draw: Vec<Kind>,
    /// The discard pile, top last.
    pub(super) discard: Vec<Kind>,
    pub(super) slot: Vec<Kind>,
    pub(super) turntables_played: u8,
    pub(super) set_aside: Vec<Kind>,
    pub(super) current: Seat,
    pub(super) clockwise: bool,
    pub(super) first_round: bool,
    /// Seats that completed or skipped a turn in this round (a bit each).
    pub(super) round_done: u8,
    pub(super) reshuffles: u32,
    pub(super) phase: Phase,
    /// Whether the hand just drawn cannot get down to the limit (only `redraw` helps).
    pub(super) stuck: bool,
    /// The seat's cards just after its draw, kept once it melds (for `reset`).
    pub(super) before_melds: BeforeMelds,
    /// Whether a Wild laid this turn became a transition car this turn.
    pub(super) fresh_transition: bool,
    pub(super) rng: GameRng,
    /// Whether the table has said the deadline passed: the hand under way is the last.
    #[serde(default)]
    pub(super) deadline_passed: bool,
}

impl Express {
    /// The numbers of the rules.
    pub fn rulings(&self) -> &Rulings {
        &self.rulings
    }

    /// The options.
    pub fn options(&self) -> &ExpressOptions {
        &self.options
    }

    /// Where the turn is.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The seat whose turn it is.
    pub fn current(&self) -> Seat {
        self.current
    }

    /// The hand under way, from 1.
    pub fn hand_number(&self) -> u32 {
        self.hand_number
    }

    /// The dealer of the hand under way.
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    /// Every seat's total over the hands played.
    pub fn totals(&self) -> &[i32] {
        &self.totals
    }

    /// Each finished hand's scores and how it ended.
    pub fn history(&self) -> &[(Vec<HandScore>, HandEnd)] {
        &self.history
    }

    /// A seat's cards.
    pub fn seat(&self, seat: Seat) -> &SeatCards {
        &self.seats[seat]
    }

    /// The draw pile, top last.
    pub fn draw_pile(&self) -> &[Kind] {
        &self.draw
    }

    /// The discard pile, top last.
    pub fn discard_pile(&self) -> &[Kind] {
        &self.discard
    }

    /// The Disaster slot.
    pub fn disaster_slot(&self) -> &[Kind] {
        &self.slot
    }

    /// Turntables played this hand.
    pub fn turntables_played(&self) -> u8 {
        self.turntables_played
    }

    /// Cards of impossible hands set aside, face up.
    pub fn set_aside(&self) -> &[Kind] {
        &self.set_aside
    }

    /// Whether play goes clockwise (to the next seat number).
    pub fn clockwise(&self) -> bool {
        self.clockwise
    }

    /// Whether the first round of the hand is under way.
    pub fn first_round(&self) -> bool {
        self.first_round
    }

    /// Whether the deadline has passed: the hand under way is the last.
    pub fn deadline_passed(&self) -> bool {
        self.deadline_passed
    }

    /// Reshuffles of the discard pile this hand.
    pub fn reshuffles(&self) -> u32 {
        self.reshuffles
    }

    /// Every card of the game wherever it lies, for checks that nothing is lost or made.
    pub fn all_cards(&self) -> Vec<Kind> {
        let mut all: Vec<Kind> = Vec::new();
        for seat in &self.seats {
            all.extend(&seat.hand);
            all.extend(seat.way_cars.iter().map(|w| w.card));
            for train in &seat.trains {
                all.push(train.loco);
                all.extend(train.cars.iter().map(|c| c.card));
            }
        }
        all.extend(&self.draw);
        all.extend(&self.discard);
        all.extend(&self.slot);
        all.extend(&self.set_aside);
        if let Phase::Block(pending) = self.phase {
            all.push(pending.card);
        }
        all.extend(std::iter::repeat_n(
            Kind::Turntable,
            usize::from(self.turntables_played),
        ));
        all.sort_unstable();
        all
    }

    /// The seat that owes a decision now (None once the game is over).
    pub(super) fn seat_to_act(&self) -> Option<Seat> {
        match self.phase {
            Phase::Over => None,
            Phase::Block(pending) => Some(Target::from(pending.target).seat()),
            Phase::Draw | Phase::Meld => Some(self.current),
        }
    }

    fn check_setup(players: usize, setup: &ExpressSetup) -> Result<(), SetupError> {
        if !Self::seats().contains(&players) {
            return Err(SetupError(format!(
                "Express is for 2 to 6 players, not {players}."
            )));
        }
        if setup.dealer >= players {
            return Err(SetupError(format!(
                "The dealer must be one of the seats 0 to {}, not {}.",
                players - 1,
                setup.dealer
            )));
        }
        let full = cards::deck(players);
        let full_counts = cards::count_kinds(&full);
        if setup.decks.is_empty() {
            return Err(SetupError(
                "The setup needs the deck order of the first hand.".into(),
            ));
        }
        for (i, deck) in setup.decks.iter().enumerate() {
            if cards::count_kinds(deck) != full_counts {
                return Err(SetupError(format!(
                    "Deck {} is not the Express deck for {players} players ({} cards: each kind as often as the deck table says).",
                    i + 1,
                    full.len()
                )));
            }
        }
        if let Some(totals) = &setup.totals
            && totals.len() != players
        {
            return Err(SetupError(format!(
                "The setup gives {} totals for {players} players.",
                totals.len()
            )));
        }
        let problem = setup
            .rulings
            .problem(players, full.len())
            .or_else(|| (setup.totals.as_deref()).and_then(super::rulings_check::totals_problem));
        match problem {
            Some(problem) => Err(SetupError(format!("The setup does not work: {problem}."))),
            None => Ok(()),
        }
    }
}

impl Game for Express {
    type Options = ExpressOptions;
    type Setup = ExpressSetup;
    type Action = Action;
    type View = ExpressView;

    const ID: &'static str = "express";
    const NAME: &'static str = "Express";
    const OPTIONS: &'static [OptionSpec] = OPTIONS;
    const HIDES_INFORMATION: bool = true;

    fn seats() -> RangeInclusive<usize> {
        2..=6
    }

    fn deal(_options: &ExpressOptions, players: usize, rng: &mut GameRng) -> ExpressSetup {
        let mut deck = cards::deck(players);
        rng.shuffle(&mut deck);
        ExpressSetup {
            dealer: rng.index(players.max(1)),
            decks: vec![deck],
            totals: None,
            rulings: Rulings::default(),
        }
    }

    fn start(
        options: ExpressOptions,
        players: usize,
        setup: ExpressSetup,
        seed: u64,
    ) -> Result<Self, SetupError> {
        Self::check_setup(players, &setup)?;
        let mut decks = setup.decks;
        decks.reverse();
        let mut game = Express {
            rulings: setup.rulings,
            options,
            players,
            decks,
            hand_number: 0,
            dealer: setup.dealer,
            totals: setup.totals.unwrap_or_else(|| vec![0; players]),
            history: Vec::new(),
            seats: vec![SeatCards::default(); players],
            draw: Vec::new(),
            discard: Vec::new(),
            slot: Vec::new(),
            turntables_played: 0,
            set_aside: Vec::new(),
            current: 0,
            clockwise: true,
            first_round: true,
            round_done: 0,
            reshuffles: 0,
            phase: Phase::Draw,
            stuck: false,
            before_melds: BeforeMelds::default(),
            fresh_transition: false,
            rng: GameRng::seeded(seed),
            deadline_passed: false,
        };
        game.start_hand(&mut Quiet);
        Ok(game)
    }

    fn players(&self) -> usize {
        self.players
    }

    fn to_act(&self) -> ToAct {
        match self.seat_to_act() {
            Some(seat) => ToAct::one(seat),
            None => ToAct::Over,
        }
    }

    fn legal(&self, seat: Seat) -> Vec<Action> {
        let mut steps = Vec::new();
        self.legal_into(seat, &mut steps);
        steps
    }

    fn legal_into(&self, seat: Seat, steps: &mut Vec<Action>) {
        steps.clear();
        if self.seat_to_act() == Some(seat) {
            self.legal_steps(steps);
        }
    }

    fn label(&self, action: &Action) -> String {
        self.describe(action)
    }

    fn menu_paths(&self, steps: &[Action]) -> Vec<Vec<String>> {
        self.menu_paths_of(steps)
    }

    fn play_step(
        &mut self,
        actor: Actor,
        action: &Action,
        sink: &mut impl Sink,
    ) -> Result<(), RuleError> {
        self.play(actor, action, sink)
    }

    fn view(&self, viewer: Viewer) -> ExpressView {
        ExpressView::new(self, viewer)
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.phase != Phase::Over {
            return None;
        }
        let mut standings: Vec<Standing> = (0..self.players)
            .map(|seat| Standing {
                participant: Participant::Seat(seat),
                score: self.totals[seat],
                place: 1 + self
                    .totals
                    .iter()
                    .filter(|&&other| other > self.totals[seat])
                    .count() as u32,
                detail: format!(
                    "{}: {}",
                    counted(self.history.len(), "hand"),
                    self.history
                        .iter()
                        .map(|(scores, _)| scores[seat].total().to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            })
            .collect();
        standings.sort_by_key(|s| s.place);
        Some(Outcome::explaining_ties(standings, |tied| {
            format!(
                "{} and share the place (only a tie for the lead plays another hand).",
                tied_on(tied, |n| counted(n, "point"))
            )
        }))
    }

    fn decision_owed(&self, seat: Seat) -> Option<&'static str> {
        match self.phase {
            Phase::Block(pending) if Target::from(pending.target).seat() == seat => {
                Some("whether to block the Disaster played on you")
            }
            _ => None,
        }
    }

    fn timed_default(&self) -> Option<TimedDefault<Action>> {
        let Phase::Block(pending) = self.phase else {
            return None;
        };
        let action = if self.target_holds_way_car(&pending) {
            Action::Block
        } else {
            Action::Allow
        };
        Some(TimedDefault {
            seat: Target::from(pending.target).seat(),
            action,
            after_hours: u32::from(self.options.block_timeout_hours.0?),
            said: "the table answered for them",
        })
    }

    fn deadline_hours(&self) -> Option<u32> {
        self.options.deadline_hours.0.map(u32::from)
    }

    fn clock_step(&self, step: ClockStep) -> Option<Action> {
        if self.phase == Phase::Over || self.options.deadline_hours.0.is_none() {
            return None;
        }
        match step {
            ClockStep::DeadlinePassed => (!self.deadline_passed).then_some(Action::Deadline),
            ClockStep::EndNow => self.deadline_passed.then_some(Action::End),
        }
    }

    fn is_clock_step(&self, action: &Action) -> bool {
        matches!(action, Action::Deadline | Action::End)
    }

    fn resample_hidden(&self, viewer: Viewer, rng: &mut GameRng) -> Express {
        super::unseen::resample_hidden(self, viewer, rng)
    }
}

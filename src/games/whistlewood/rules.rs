//! The Whistlewood Express state, its options and setup, and the [`Game`] implementation. The turn's
//! machinery is in `turn.rs`, the Automa in `automa.rs`, the legal steps in `legal.rs`.

use std::ops::RangeInclusive;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::card_cars::CardCars;
use super::cars::{Owner, Tile, TileType};
use super::notation::Action;
use super::rulings::{COLUMNS, ROWS, Rulings};
use super::scoring::{self, OwnerScore};
use super::view::WhistlewoodView;
use crate::game::tied_on;
use crate::game::{
    Actor, Game, GameRng, OptionSpec, Outcome, Participant, RuleError, Seat, SetupError, Standing,
    ToAct, Viewer,
};
use crate::games::narration::Sink;
use crate::plural::counted;

/// The Automa's level in a solo game: how many cars it places on its first turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum AutomaLevel {
    /// One car.
    #[default]
    #[serde(rename = "1")]
    One,
    /// Two cars.
    #[serde(rename = "2")]
    Two,
    /// Three cars.
    #[serde(rename = "3")]
    Three,
}

impl AutomaLevel {
    /// The level as a number, 1 to 3.
    pub fn number(self) -> u8 {
        match self {
            AutomaLevel::One => 1,
            AutomaLevel::Two => 2,
            AutomaLevel::Three => 3,
        }
    }
}

/// The choices made when a game is created.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WhistlewoodOptions {
    /// The Automa's level, used when one person plays alone.
    #[serde(default)]
    pub level: AutomaLevel,
}

const OPTIONS: &[OptionSpec] = &[OptionSpec {
    key: "level",
    values: &["1", "2", "3"],
    help: "the Automa's level when one person plays alone (it places that many cars on its first turn)",
}];

/// An explicit setup, as JSON:
/// `{"layout": ["ABCDE", "FABCD"], "start_player": 0, "piles": [["grain", "stone+shunt", …], […]]}`.
///
/// `layout` is the two rows of location letters as they lie on the table, left to right. `piles` are
/// the red (first seat) and blue (second seat or Automa) draw piles, top tile first; a player's first
/// hand comes from the top. `start_player` is seat 0 or 1, and is ignored in solo (the Automa always
/// starts). `rulings` (optional) replaces the default rulings for this game; its numbers must keep to
/// the ranges of `rulings_check.rs`. Unknown fields are refused at every level.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WhistlewoodSetup {
    /// The map's two rows of location letters, left to right.
    pub layout: [String; ROWS],
    /// The seat that starts a two-player game.
    #[serde(default)]
    pub start_player: Seat,
    /// Each colour's draw pile, top first.
    pub piles: [Vec<TileType>; 2],
    /// The rulings this game is played with.
    #[serde(default = "Rulings::shared_default")]
    pub rulings: Arc<Rulings>,
}

/// Where the turn is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// The starting player chooses the end where the locomotive starts.
    Direction,
    /// The player to move chooses what to discard.
    Discard,
    /// The player to move takes actions and resolves bonuses.
    Actions,
    /// The game is over.
    Over,
}

/// Bonuses gained together and not yet resolved (a Siding gives a Shunt and a Bonus Action together;
/// a car gives one). The player picks the order within a group.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BonusGroup {
    /// Shunts still to do.
    pub shunts: u8,
    /// Bonus Actions still to take.
    pub actions: u8,
}

/// One colour's tiles off the map.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Piles {
    /// Tiles in hand.
    pub hand: Vec<Tile>,
    /// The draw pile; the top is the last element.
    pub draw: Vec<Tile>,
    /// The face-down discard pile.
    pub discard: Vec<Tile>,
}

impl Piles {
    /// Whether every tile of this colour has been placed.
    pub fn all_placed(&self) -> bool {
        self.hand.is_empty() && self.draw.is_empty() && self.discard.is_empty()
    }
}

/// A Whistlewood Express table: everything, hidden parts included. Only views leave the engine.
///
/// Geometry (our rulings): columns are numbered 1..=5 from the locomotive's starting end; the locomotive
/// stands at column `loco` and the i-th car behind it (from 1) at `loco - i`. `spots` holds the cars on
/// each card in that normalised order; `layout` is the map as it lies on the table, `map` the location
/// kinds and `tracks` their track counts in normalised order (kept so the hot paths need no lookups).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Whistlewood {
    pub(super) rulings: Arc<Rulings>,
    pub(super) solo: Option<AutomaLevel>,
    pub(super) layout: [[u8; COLUMNS]; ROWS],
    pub(super) from_left: Option<bool>,
    pub(super) map: [[u8; COLUMNS]; ROWS],
    pub(super) tracks: [[u8; COLUMNS]; ROWS],
    pub(super) spots: [[CardCars; COLUMNS]; ROWS],
    pub(super) loco: i8,
    pub(super) train: Vec<Tile>,
    pub(super) piles: [Piles; 2],
    pub(super) start_owner: Owner,
    pub(super) current: Owner,
    pub(super) round: u32,
    pub(super) stage: Stage,
    pub(super) actions_left: u8,
    pub(super) first_turn: bool,
    pub(super) pending: Vec<BonusGroup>,
    pub(super) deferred_advance: bool,
    pub(super) ends_after_turn_of: Option<Owner>,
    pub(super) rng: GameRng,
}

/// The owner index of the Automa in a solo game.
pub const AUTOMA: Owner = 1;

impl Whistlewood {
    /// The rulings this game is played with.
    pub fn rulings(&self) -> &Rulings {
        &self.rulings
    }

    /// The Automa's level, in a solo game.
    pub fn automa_level(&self) -> Option<AutomaLevel> {
        self.solo
    }

    /// Where the turn is.
    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// The colour whose turn it is.
    pub fn current(&self) -> Owner {
        self.current
    }

    /// The colour that started the game.
    pub fn start_owner(&self) -> Owner {
        self.start_owner
    }

    /// The round, from 1.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// The locomotive's column.
    pub fn loco(&self) -> i8 {
        self.loco
    }

    /// The cars behind the locomotive, front first.
    pub fn train(&self) -> &[Tile] {
        &self.train
    }

    /// The cars on the card at (row, column index 0..5 from the starting end).
    pub fn spot(&self, row: usize, column: usize) -> &[Tile] {
        &self.spots[row][column]
    }

    /// A colour's tiles off the map.
    pub fn piles(&self, owner: Owner) -> &Piles {
        &self.piles[owner]
    }

    /// Actions left in the current turn (bonus actions not counted).
    pub fn actions_left(&self) -> u8 {
        self.actions_left
    }

    /// Bonuses gained and not yet resolved, the one to resolve first last.
    pub fn pending(&self) -> &[BonusGroup] {
        &self.pending
    }

    /// Whether the current turn is the game's last.
    pub fn final_turn(&self) -> bool {
        self.ends_after_turn_of == Some(self.current)
    }

    /// Whether an automatic advance waits for the next action.
    pub fn deferred_advance(&self) -> bool {
        self.deferred_advance
    }

    /// Whether the locomotive started at the left end (None before the choice).
    pub fn from_left(&self) -> Option<bool> {
        self.from_left
    }

    /// The map as it lies on the table: location kind indexes, left to right.
    pub fn layout(&self) -> &[[u8; COLUMNS]; ROWS] {
        &self.layout
    }

    /// The location kind at (row, column index from the starting end).
    pub fn location_at(&self, row: usize, column: usize) -> usize {
        usize::from(self.map[row][column])
    }

    /// Sets the direction of travel and lays out `map` and `tracks` in the order it gives.
    pub(super) fn orient(&mut self, from_left: Option<bool>) {
        self.from_left = from_left;
        for row in 0..ROWS {
            for column in 0..COLUMNS {
                let kind = self.layout[row][self.physical_column(column)];
                self.map[row][column] = kind;
                self.tracks[row][column] = self.rulings.locations[usize::from(kind)].tracks;
            }
        }
    }

    /// The physical column (from the left) of a column index counted from the starting end.
    pub fn physical_column(&self, column: usize) -> usize {
        if self.from_left == Some(false) {
            COLUMNS - 1 - column
        } else {
            column
        }
    }

    /// The type of a tile.
    pub fn tile_type(&self, tile: Tile) -> TileType {
        self.rulings.cars[usize::from(tile.index)]
    }

    /// The seat that plays a colour (None for the Automa).
    pub fn seat_of(&self, owner: Owner) -> Option<Seat> {
        match self.solo {
            Some(_) if owner == AUTOMA => None,
            _ => Some(owner),
        }
    }

    /// Whether the Automa plays this colour.
    pub fn is_automa(&self, owner: Owner) -> bool {
        self.solo.is_some() && owner == AUTOMA
    }

    /// Each colour's score as the map stands now.
    pub fn scores(&self) -> [OwnerScore; 2] {
        scoring::score(self)
    }

    fn participant(&self, owner: Owner) -> Participant {
        match (self.seat_of(owner), self.solo) {
            (Some(seat), _) => Participant::Seat(seat),
            (None, Some(level)) => {
                Participant::Automa(format!("Automa (level {})", level.number()))
            }
            (None, None) => Participant::Seat(owner),
        }
    }

    /// Why the setup cannot start a game, if it cannot; else the layout as location indexes and each
    /// colour's draw pile as tiles (top last).
    fn check_setup(setup: &WhistlewoodSetup) -> Result<CheckedSetup, SetupError> {
        let rulings = &setup.rulings;
        if let Some(problem) = rulings.problem() {
            return Err(SetupError(format!("The rulings do not work: {problem}.")));
        }
        let mut layout = [[0u8; COLUMNS]; ROWS];
        for (r, row) in setup.layout.iter().enumerate() {
            if row.chars().count() != COLUMNS {
                return Err(SetupError(format!(
                    "Layout row {} has {} cards; each row has {COLUMNS}.",
                    r + 1,
                    row.chars().count()
                )));
            }
            for (c, letter) in row.chars().enumerate() {
                let kind = rulings.location_by_letter(letter);
                let Some(kind) = kind.and_then(|kind| u8::try_from(kind).ok()) else {
                    let letters: String = rulings.locations.iter().map(|l| l.letter).collect();
                    return Err(SetupError(format!(
                        "`{letter}` is not a location card; the letters are {letters}."
                    )));
                };
                layout[r][c] = kind;
            }
        }
        for (kind, spec) in rulings.locations.iter().enumerate() {
            let count = layout
                .iter()
                .flatten()
                .filter(|&&k| usize::from(k) == kind)
                .count();
            if count != usize::from(spec.count) {
                return Err(SetupError(format!(
                    "The map has {count} {} card(s); it needs exactly {}.",
                    crate::excerpt::excerpt(&spec.name),
                    spec.count
                )));
            }
        }
        let mut draws: [Vec<Tile>; 2] = Default::default();
        for (owner, pile) in setup.piles.iter().enumerate() {
            if let Some(tiles) = draw_pile(owner, &rulings.cars, pile) {
                draws[owner] = tiles;
            } else {
                let mut wanted = rulings.cars.clone();
                wanted.sort_unstable();
                return Err(SetupError(format!(
                    "The {} pile must hold each colour's set exactly: {}.",
                    super::cars::COLOURS[owner],
                    wanted
                        .iter()
                        .map(TileType::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                )));
            }
        }
        if setup.start_player >= 2 {
            return Err(SetupError(format!(
                "The start player must be seat 0 or 1, not {}.",
                setup.start_player
            )));
        }
        Ok(CheckedSetup { layout, draws })
    }
}

/// A setup that passed [`Whistlewood::check_setup`], in the form the game keeps.
struct CheckedSetup {
    /// Each card's location index, by row and column.
    layout: [[u8; COLUMNS]; ROWS],
    /// Each colour's draw pile (top last).
    draws: [Vec<Tile>; 2],
}

impl Game for Whistlewood {
    type Options = WhistlewoodOptions;
    type Setup = WhistlewoodSetup;
    type Action = Action;
    type View = WhistlewoodView;

    const ID: &'static str = "whistlewood";
    const NAME: &'static str = "Whistlewood Express";
    const OPTIONS: &'static [OptionSpec] = OPTIONS;
    const HIDES_INFORMATION: bool = true;

    fn seats() -> RangeInclusive<usize> {
        1..=2
    }

    fn deal(_options: &WhistlewoodOptions, players: usize, rng: &mut GameRng) -> WhistlewoodSetup {
        let rulings = Rulings::shared_default();
        let mut cards: Vec<char> = Vec::with_capacity(ROWS * COLUMNS);
        for location in &rulings.locations {
            cards.extend(std::iter::repeat_n(
                location.letter,
                usize::from(location.count),
            ));
        }
        rng.shuffle(&mut cards);
        let layout = [&cards[..COLUMNS], &cards[COLUMNS..]].map(|row| {
            let mut letters = String::with_capacity(row.len());
            letters.extend(row);
            letters
        });
        let mut pile = || {
            let mut tiles = rulings.cars.clone();
            rng.shuffle(&mut tiles);
            tiles
        };
        let piles = [pile(), pile()];
        let start_player = if players == 2 { rng.index(2) } else { 0 };
        WhistlewoodSetup {
            layout,
            start_player,
            piles,
            rulings,
        }
    }

    fn start(
        options: WhistlewoodOptions,
        players: usize,
        setup: WhistlewoodSetup,
        seed: u64,
    ) -> Result<Self, SetupError> {
        if !Self::seats().contains(&players) {
            return Err(SetupError(format!(
                "Whistlewood Express is for 2 players, or 1 against the Automa, not {players}."
            )));
        }
        let CheckedSetup { layout, draws } = Self::check_setup(&setup)?;
        let rulings = setup.rulings;
        let piles = [Piles::default(), Piles::default()];
        let cars_per_colour = rulings.cars.len();
        let solo = (players == 1).then_some(options.level);
        let start_owner = if solo.is_some() {
            AUTOMA
        } else {
            setup.start_player
        };
        let mut game = Whistlewood {
            rulings,
            solo,
            layout,
            from_left: None,
            map: layout,
            tracks: [[0; COLUMNS]; ROWS],
            spots: Default::default(),
            loco: 1,
            // Room for every car of both colours, so the train never grows in play.
            train: Vec::with_capacity(2 * cars_per_colour),
            piles,
            start_owner,
            current: start_owner,
            round: 1,
            stage: Stage::Direction,
            actions_left: 0,
            first_turn: true,
            pending: Vec::new(),
            deferred_advance: false,
            ends_after_turn_of: None,
            rng: GameRng::seeded(seed),
        };
        game.orient(None);
        for (owner, draw) in draws.into_iter().enumerate() {
            game.piles[owner].draw = draw;
            if !game.is_automa(owner) {
                let hand_size = usize::from(game.rulings.hand_size);
                game.piles[owner].hand.reserve_exact(hand_size);
                for _ in 0..hand_size {
                    if let Some(tile) = game.piles[owner].draw.pop() {
                        game.piles[owner].hand.push(tile);
                    }
                }
            }
        }
        Ok(game)
    }

    fn players(&self) -> usize {
        if self.solo.is_some() { 1 } else { 2 }
    }

    fn to_act(&self) -> ToAct {
        match self.seat_to_act() {
            Some(seat) => ToAct::one(seat),
            None => ToAct::Over,
        }
    }

    fn legal(&self, seat: Seat) -> Vec<Action> {
        // Room for the base game's most steps: a Shunt, three places, ten claims and an advance.
        let mut steps = Vec::with_capacity(16);
        self.legal_into(seat, &mut steps);
        steps
    }

    fn legal_into(&self, seat: Seat, steps: &mut Vec<Action>) {
        if self.seat_to_act() == Some(seat) {
            self.legal_steps(steps);
        } else {
            steps.clear();
        }
    }

    fn label(&self, action: &Action) -> String {
        self.describe(action)
    }

    fn menu_paths(&self, steps: &[Action]) -> Vec<Vec<String>> {
        steps.iter().map(|step| self.step_menu_path(step)).collect()
    }

    fn play_step(
        &mut self,
        actor: Actor,
        action: &Action,
        sink: &mut impl Sink,
    ) -> Result<(), RuleError> {
        self.play(actor.player()?, action, sink)
    }

    fn view(&self, viewer: Viewer) -> WhistlewoodView {
        WhistlewoodView::new(self, viewer)
    }

    fn resample_hidden(&self, viewer: Viewer, rng: &mut GameRng) -> Whistlewood {
        super::unseen::resample_hidden(self, viewer, rng)
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.stage != Stage::Over {
            return None;
        }
        let scores = self.scores();
        let mut standings: Vec<Standing> = (0..2)
            .map(|owner| Standing {
                participant: self.participant(owner),
                score: scores[owner].total,
                place: 1 + scores
                    .iter()
                    .filter(|other| other.total > scores[owner].total)
                    .count() as u32,
                detail: scores[owner].detail(),
            })
            .collect();
        standings.sort_by_key(|s| s.place);
        Some(Outcome::explaining_ties(standings, |tied| {
            format!(
                "{}: a tie is a shared victory.",
                tied_on(tied, |n| counted(n, "point"))
            )
        }))
    }
}

impl Whistlewood {
    /// The one seat that owes a decision now (None once the game is over).
    pub(super) fn seat_to_act(&self) -> Option<Seat> {
        match self.stage {
            Stage::Over => None,
            Stage::Direction => Some(self.direction_chooser()),
            _ => Some(self.seat_of(self.current).unwrap_or(0)),
        }
    }

    /// The seat that chooses the direction: the starting player, or the person playing solo.
    pub(super) fn direction_chooser(&self) -> Seat {
        self.seat_of(self.start_owner).unwrap_or(0)
    }

    /// Shuffles a colour's discard pile into its empty draw pile.
    pub(super) fn reshuffle(&mut self, owner: Owner) {
        let piles = &mut self.piles[owner];
        piles.draw.append(&mut piles.discard);
        self.rng.shuffle(&mut piles.draw);
    }
}

/// `owner`'s draw pile (top last) from the setup's `pile` (top first), each tile by its index in the
/// colour's set `cars`; equal tiles take the lowest index not yet taken. None unless `pile` holds the set
/// exactly.
fn draw_pile(owner: Owner, cars: &[TileType], pile: &[TileType]) -> Option<Vec<Tile>> {
    // The rulings allow at most 15 cars, so one bit per car marks those already taken.
    if pile.len() != cars.len() || cars.len() > 15 {
        return None;
    }
    let mut taken = 0u32;
    let mut tiles = Vec::with_capacity(cars.len());
    for tile in pile {
        let index = (0..cars.len()).find(|&i| taken & (1 << i) == 0 && cars[i] == *tile)?;
        taken |= 1 << index;
        tiles.push(Tile {
            owner: owner as u8,
            index: index as u8,
        });
    }
    tiles.reverse();
    Some(tiles)
}

//! The Coal Train table: players, the market, decks, the rondel, the map's stations and incentives, and
//! where the turn is (the phase and the decisions pending). Everything, hidden parts included; only
//! views leave the engine.

use serde::{Deserialize, Serialize};

use super::content::{Content, Perk, TileNo};
use super::resources::{Res, Track};
use crate::game::Seat;

/// Spaces on a side of the market.
pub const SIDE: usize = 5;
/// Spaces in the market.
pub const SPACES: usize = SIDE * SIDE;
/// The centre space, where the Standard Upgrade lies.
pub const CENTRE: usize = SPACES / 2;

/// One market space (the centre holds the Standard Upgrade and never a tile).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Space {
    /// The tile lying there, if any.
    pub tile: Option<TileNo>,
    /// Whether it lies face down (last round, until the end of the turn).
    pub face_down: bool,
}

/// One player's board and belongings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// Coal, iron and water held.
    pub res: Res,
    /// VP scored so far.
    pub vp: i32,
    /// Each income track's space (in [`Track::ALL`] order), counted from 0.
    pub tracks: [usize; 4],
    /// Action points left this turn.
    pub ap: u32,
    /// Subsidy markers per slot (rondel order).
    pub markers: Vec<u32>,
    /// Bought tiles not yet used.
    pub tiles: Vec<TileNo>,
    /// Bought tiles used so far.
    pub used_tiles: u32,
    /// Incentive cards held (indexes into the content's incentives).
    pub incentives: Vec<usize>,
    /// Pay-once incentives already paid.
    pub paid: Vec<usize>,
    /// The market space of the agent (None while off the board).
    pub agent: Option<usize>,
    /// Stations built.
    pub stations: u32,
    /// This turn's first agent step was taken.
    pub stepped: bool,
    /// An Exchange was made this turn since the turn began or (under the rulings of 2026-11-28) since
    /// Company Store was taken.
    pub exchanged: bool,
    /// A Take Coal was made this turn since the turn began or (under the rulings of 2026-11-28) since
    /// Coal Broker was taken.
    pub took_coal: bool,
}

impl Player {
    /// A player as setup leaves them.
    pub fn new(content: &Content) -> Player {
        Player {
            res: content.table.start_resources,
            vp: 0,
            tracks: Track::ALL.map(|t| content.tracks[t.index()].start),
            ap: 0,
            markers: vec![0; content.subsidies.len()],
            tiles: Vec::new(),
            used_tiles: 0,
            incentives: Vec::new(),
            paid: Vec::new(),
            agent: None,
            stations: 0,
            stepped: false,
            exchanged: false,
            took_coal: false,
        }
    }

    /// All subsidy markers held.
    pub fn marker_count(&self) -> u32 {
        self.markers.iter().sum()
    }
}

/// A decision the current player owes before anything else (the last pushed comes first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pending {
    /// A Build Station tile's next build, or stop.
    SecondBuild {
        /// The tile's kind.
        kind: usize,
        /// Builds the tile still gives.
        left: u32,
    },
    /// Take one incentive of this city (location index).
    Incentive {
        /// The city.
        city: usize,
    },
    /// Build in Town (this incentive): one town build, or skip.
    TownBuild {
        /// The incentive giving it.
        incentive: usize,
    },
    /// Choose one subsidy marker to gain.
    Marker,
    /// Move the rondel loco 1 to 3 spaces.
    Rondel,
    /// Move one subsidy marker to another slot, or skip; then gain a subsidy if one is named.
    Lobby {
        /// The subsidy gained afterwards.
        then_gain: Option<usize>,
    },
    /// Gain one resource of a whistlestop's choice.
    Depot {
        /// The whistlestop (index into the content's whistlestops).
        stop: usize,
    },
    /// The Back Room: give markers one by one for a marker of this subsidy.
    BackRoom {
        /// The subsidy gained.
        target: usize,
        /// Markers given so far.
        given: u32,
    },
    /// Place this drawn tile in the market (replenish).
    Place {
        /// The tile.
        tile: TileNo,
    },
}

/// Where the game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Setup subsidy choices: the `n`th chooser (reverse turn order, start player excluded) chooses.
    Subsidies(usize),
    /// The current player takes actions.
    Actions,
    /// The current player refills the market.
    Replenish,
    /// The game is over.
    Over,
}

/// A Coal Train table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CoalTrain {
    /// Players in seat order (clockwise).
    pub(super) players: Vec<Player>,
    /// The start player.
    pub(super) start: Seat,
    /// Whose turn it is.
    pub(super) current: Seat,
    /// The round, from 1.
    pub(super) round: u32,
    /// The market, row by row from the top left.
    pub(super) market: [Space; SPACES],
    /// The draw deck, top last.
    pub(super) deck: Vec<TileNo>,
    /// The reserve deck, top last.
    pub(super) reserve: Vec<TileNo>,
    /// Tiles used and out of the game, in the order used.
    pub(super) discards: Vec<TileNo>,
    /// The rondel space of the loco (subsidy index).
    pub(super) rondel: usize,
    /// Incentives still beside each city, by location index (empty for towns).
    pub(super) offers: Vec<Vec<usize>>,
    /// For each location, a bit per seat with a station there.
    pub(super) stations: Vec<u8>,
    /// Where the game is.
    pub(super) phase: Phase,
    /// Decisions owed, the next last.
    pub(super) pending: Vec<Pending>,
    /// The draw deck ran out (the end is triggered).
    pub(super) end_triggered: bool,
    /// This round is the last.
    pub(super) last_round: bool,
    /// The game plays the rulings of 2026-11-28 (see [`super::CoalTrainSetup::ruled_2026_11_28`]);
    /// absent, and so false, in tables stored before them.
    #[serde(default)]
    pub(super) ruled_2026_11_28: bool,
    /// The content edition, not stored: there is one.
    #[serde(skip)]
    pub(super) edition: Edition,
}

/// The content edition a table plays, held as a plain pointer: the checks ask for it at every candidate
/// step the listing makes, and a field is cheaper to read than the `OnceLock` behind [`Content::get`]
/// (callgrind, 100 random 4-player games: 18% fewer instructions than reading it through the lock).
/// There is one edition, so every table's pointer is the same and compares equal.
#[derive(Clone, Copy)]
pub(super) struct Edition(&'static Content);

impl Default for Edition {
    fn default() -> Self {
        Edition(Content::get())
    }
}

impl PartialEq for Edition {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for Edition {}

impl std::fmt::Debug for Edition {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Edition")
    }
}

impl CoalTrain {
    /// The content edition played.
    #[inline]
    pub fn content(&self) -> &'static Content {
        self.edition.0
    }

    /// How many players.
    pub fn player_count(&self) -> usize {
        self.players.len()
    }

    /// A player's board.
    pub fn player(&self, seat: Seat) -> &Player {
        &self.players[seat]
    }

    /// The start player.
    pub fn start_player(&self) -> Seat {
        self.start
    }

    /// Whose turn it is.
    pub fn current(&self) -> Seat {
        self.current
    }

    /// The round, from 1.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// Where the game is.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The decision owed now, if any.
    pub fn decision(&self) -> Option<Pending> {
        self.pending.last().copied()
    }

    /// The market, row by row.
    pub fn market(&self) -> &[Space; SPACES] {
        &self.market
    }

    /// Tiles left in the draw deck.
    pub fn deck_len(&self) -> usize {
        self.deck.len()
    }

    /// Tiles left in the reserve.
    pub fn reserve_len(&self) -> usize {
        self.reserve.len()
    }

    /// The rondel loco's space.
    pub fn rondel(&self) -> usize {
        self.rondel
    }

    /// The incentives still beside a city.
    pub fn offers(&self, location: usize) -> &[usize] {
        &self.offers[location]
    }

    /// Whether `seat` has a station at `location`.
    pub fn has_station(&self, seat: Seat, location: usize) -> bool {
        self.stations[location] & (1 << seat) != 0
    }

    /// The locations where `seat` has a station, as bits (bit `n` for location `n`).
    pub fn network(&self, seat: Seat) -> u64 {
        self.stations
            .iter()
            .enumerate()
            .fold(0, |bits, (at, &seats)| {
                bits | u64::from(seats >> seat & 1) << at
            })
    }

    /// Whether the end has been triggered.
    pub fn end_triggered(&self) -> bool {
        self.end_triggered
    }

    /// Whether this is the last round.
    pub fn last_round(&self) -> bool {
        self.last_round
    }

    /// The seats that choose a setup subsidy, in order: reverse turn order, the start player excluded.
    pub fn subsidy_choosers(&self) -> impl Iterator<Item = Seat> + '_ {
        let n = self.players.len();
        (1..n).map(move |k| (self.start + n - k) % n)
    }

    /// The seat that owes a decision now (None once the game is over).
    pub fn seat_to_act(&self) -> Option<Seat> {
        match self.phase {
            Phase::Over => None,
            Phase::Subsidies(n) => self.subsidy_choosers().nth(n),
            Phase::Actions | Phase::Replenish => Some(self.current),
        }
    }

    /// Whether `seat` holds an incentive card with `perk`.
    pub fn holds(&self, seat: Seat, perk: Perk) -> bool {
        let cards = self.content().perk_cards[perk as usize];
        self.players[seat]
            .incentives
            .iter()
            .any(|&i| cards >> i & 1 != 0)
    }

    /// Every tile number in the game (market, decks, hands, used, drawn and waiting), for conservation
    /// checks.
    pub fn tiles_in_play(&self) -> Vec<TileNo> {
        let mut all: Vec<TileNo> = self.market.iter().filter_map(|s| s.tile).collect();
        all.extend(&self.deck);
        all.extend(&self.reserve);
        all.extend(&self.discards);
        all.extend(self.pending.iter().filter_map(|p| match p {
            Pending::Place { tile } => Some(*tile),
            _ => None,
        }));
        for player in &self.players {
            all.extend(&player.tiles);
        }
        all
    }
}

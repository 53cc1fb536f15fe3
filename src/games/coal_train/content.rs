//! The content edition as data: the files in `content/` (tiles, tile kinds, income tracks, subsidies and
//! the rondel, whistlestops, incentives, the map, the table's numbers), embedded in the binary, parsed once
//! and checked at load (`content_check.rs`). The engine reads every number and name from here.

use std::collections::{BTreeMap, HashMap};
use std::sync::OnceLock;

use serde::Deserialize;

use super::resources::{Res, Resource, Track};

/// The embedded files, by name, in the order [`Content::load`] reads them.
pub const FILES: [(&str, &str); 8] = [
    ("table.json", include_str!("content/table.json")),
    ("tracks.json", include_str!("content/tracks.json")),
    ("kinds.json", include_str!("content/kinds.json")),
    ("tiles.json", include_str!("content/tiles.json")),
    (
        "whistlestops.json",
        include_str!("content/whistlestops.json"),
    ),
    ("subsidies.json", include_str!("content/subsidies.json")),
    ("incentives.json", include_str!("content/incentives.json")),
    ("map.json", include_str!("content/map.json")),
];

/// The numbers of play that are not tiles, tracks, subsidies, incentives or the map.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableRules {
    /// Ignored text.
    #[serde(default)]
    pub about: String,
    /// The fewest and most players.
    pub players: [usize; 2],
    /// What each player starts with.
    pub start_resources: Res,
    /// Station tokens per player.
    pub station_tokens: u32,
    /// How many section B tiles are set aside as the reserve deck.
    pub reserve: usize,
    /// Incentive cards dealt face up beside each city.
    pub incentives_per_city: usize,
    /// Action points one step of the agent costs.
    pub step_ap: u32,
    /// Most builds one use of a Build Station tile gives.
    pub builds_per_station_tile: u32,
    /// What a buyer pays each other player whose agent stands on the tile bought.
    pub purchase_fee: Res,
    /// The Exchange action.
    pub exchange: ExchangeRule,
    /// The Take Coal action.
    pub take_coal: TakeCoalRule,
    /// The Standard Upgrade in the centre of the market.
    pub standard_upgrade: StandardUpgrade,
}

/// The Exchange action: its price and how many resources one exchange trades.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExchangeRule {
    /// Action points it costs.
    pub ap: u32,
    /// Most resources given (and so received) in one exchange.
    pub max: u32,
}

/// The Take Coal action.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TakeCoalRule {
    /// Action points it costs.
    pub ap: u32,
    /// What it gives.
    pub gain: Res,
}

/// The Standard Upgrade: its price and the tracks it may raise.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StandardUpgrade {
    /// Action points it costs.
    pub ap: u32,
    /// Resources it costs.
    pub cost: Res,
    /// The tracks it may raise, one step per use.
    pub tracks: Vec<Track>,
}

/// One income track: the value of each space and where players start.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrackSpec {
    /// The income each space gives, lowest space first.
    pub spaces: Vec<u32>,
    /// The start space, counted from 0.
    pub start: usize,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TracksFile {
    #[serde(default, rename = "about")]
    _about: String,
    coal: TrackSpec,
    iron: TrackSpec,
    water: TrackSpec,
    ap: TrackSpec,
}

/// What using a Build Station tile costs per build.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BuildUse {
    /// The cost of a build in a town.
    pub town: Res,
    /// The cost of a build in a city.
    pub city: Res,
    /// VP scored at once for each city built with the tile, on top of the city's own.
    #[serde(default)]
    pub city_vp: i32,
}

/// What using an upgrade tile costs and raises.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UpgradeUse {
    /// The track raised one step.
    pub track: Track,
    /// The resources it costs.
    pub cost: Res,
}

/// A section of the tile deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
pub enum Section {
    /// Dealt first: the market and the top of the draw deck.
    A,
    /// The bottom of the draw deck and the reserve.
    B,
}

/// A kind of market tile.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Kind {
    /// The key the tile list uses (`CoalMineA`).
    pub key: String,
    /// The name shown to people (from the tile list's `kinds`).
    #[serde(skip)]
    pub name: String,
    /// The word notation uses (`coal-mine-a`).
    #[serde(skip)]
    pub slug: String,
    /// Its deck section.
    pub section: Section,
    /// How many tiles carry player mark 3, 4 and 5.
    pub counts: [usize; 3],
    /// Action points a purchase costs.
    pub buy_ap: u32,
    /// Set for a Build Station tile.
    #[serde(default)]
    pub build: Option<BuildUse>,
    /// Set for an upgrade tile.
    #[serde(default)]
    pub upgrade: Option<UpgradeUse>,
    /// An upgrade tile's free alternative use: gain this instead.
    #[serde(default)]
    pub free_gain: Option<Res>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct KindsFile {
    #[serde(default, rename = "about")]
    _about: String,
    kinds: Vec<Kind>,
}

/// One market tile as the tile list gives it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TileSpec {
    /// Its id (`CoalMineA-3`).
    pub id: String,
    /// Its kind's key.
    pub kind: String,
    /// Its player mark (3, 4 or 5).
    pub mark: usize,
    /// The name of the subsidy a purchase gains.
    pub subsidy: String,
    /// Its kind's index in [`Content::kinds`].
    #[serde(skip)]
    pub kind_index: usize,
    /// Its subsidy's index in [`Content::subsidies`].
    #[serde(skip)]
    pub subsidy_index: usize,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TilesFile {
    #[serde(default, rename = "about")]
    _about: String,
    kinds: BTreeMap<String, String>,
    tiles: Vec<TileSpec>,
}

/// A whistlestop: what stepping onto it costs and what landing on it does.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Whistlestop {
    /// Its word in setups.
    pub key: String,
    /// Its name.
    pub name: String,
    /// Action points a step onto it costs.
    pub step_ap: u32,
    /// Resources paid to land on it (a landing without them is illegal).
    #[serde(default)]
    pub pay: Res,
    /// Resources gained on landing.
    #[serde(default)]
    pub gain: Res,
    /// On landing, gain one unit of one of these (the player chooses).
    #[serde(default)]
    pub choose_one: Vec<Resource>,
    /// On landing, the player may move one subsidy marker to another slot.
    #[serde(default)]
    pub lobby: bool,
    /// Placed on the draw deck under the other whistlestops.
    #[serde(default)]
    pub last: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WhistlestopsFile {
    #[serde(default, rename = "about")]
    _about: String,
    whistlestops: Vec<Whistlestop>,
}

/// Which costs a discount subsidy may pay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DiscountOn {
    /// A build in a city with a tile, its connection extra included.
    CityBuild,
    /// An income upgrade paid in resources (tiles and the Standard Upgrade).
    Upgrade,
}

/// What spending a subsidy does.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SubsidyEffect {
    /// Gain these resources.
    Gain(Res),
    /// Gain action points for this turn.
    Ap(u32),
    /// Trade up to this many resources for as many others.
    Trade(u32),
    /// Stand in for up to `units` resources of a cost of this sort.
    Discount {
        /// The costs it may pay.
        on: DiscountOn,
        /// Most units one marker replaces.
        units: u32,
    },
    /// Move the agent to any space but its own, without a step.
    Teleport,
    /// Raise this income track one step (not at the top).
    Income(Track),
}

/// A subsidy on the rondel.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Subsidy {
    /// Its word in notation (`zoning`).
    pub key: String,
    /// Its name (`Zoning Variance`).
    pub name: String,
    /// Markers one use spends.
    pub markers: u32,
    /// What spending it does.
    pub effect: SubsidyEffect,
}

/// The Back Room: any `markers` markers as one marker of your choice.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BackRoom {
    /// Markers given up.
    pub markers: u32,
    /// Keys of subsidies it never gives.
    pub never_gives: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SubsidiesFile {
    #[serde(default, rename = "about")]
    _about: String,
    subsidies: Vec<Subsidy>,
    rondel_start: String,
    rondel_max_move: usize,
    back_room: BackRoom,
}

/// When an incentive acts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum IncentiveKind {
    /// Once, when taken.
    Immediate,
    /// Once, as an action, for VP.
    Pay,
    /// For the rest of the game.
    Ongoing,
    /// Scored after the last round.
    End,
}

/// A pay-once incentive's price and reward.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PayOnce {
    /// Action points.
    pub ap: u32,
    /// Resources.
    pub cost: Res,
    /// VP gained.
    pub vp: i32,
}

/// Stations in all these locations score `vp`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AllOf {
    /// Location names.
    pub locations: Vec<String>,
    /// VP for having them all.
    pub vp: i32,
}

/// `vp` per track at or above a space.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrackBonus {
    /// The space, counting the lowest as 1.
    pub space: usize,
    /// VP per track.
    pub vp: i32,
}

/// `vp` per station beyond the `count`th.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StationsBeyond {
    /// Stations that score nothing.
    pub count: u32,
    /// VP per station beyond them.
    pub vp: i32,
}

/// What an incentive does.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum IncentiveEffect {
    /// Immediate, optional: one build in a town next to your network, no tile, for this cost (plus the
    /// connection's extra).
    TownBuild(Res),
    /// Immediate: gain these resources.
    Gain(Res),
    /// Immediate: gain these resources and one rondel subsidy marker of your choice.
    GainWithSubsidy(Res),
    /// Immediate: this many rondel moves, one after the other.
    RondelMoves(u32),
    /// Immediate: raise this income track one step.
    Income(Track),
    /// Immediate: move one of your markers to another slot (optional), then gain this subsidy.
    LobbyThenGain(String),
    /// Pay once, as an action.
    Pay(PayOnce),
    /// Ongoing: gain this each time you build in a town with a tile.
    TownBuildGain(Res),
    /// Ongoing: your first agent step each turn costs no action points.
    FreeFirstStep,
    /// Ongoing: ignore connection extras of at most this many units.
    IgnoreExtraUpTo(u32),
    /// Ongoing: you pay nothing to other agents on a tile you buy.
    NoPurchaseFee,
    /// Ongoing: your first Exchange each turn since you hold the card (since the turn began, in games
    /// stored before the rulings of 2026-11-28) costs no action points.
    FreeFirstExchange,
    /// Ongoing: your first Take Coal each turn since you hold the card (since the turn began, in games
    /// stored before the rulings of 2026-11-28) gives this instead.
    FirstTakeCoalGain(Res),
    /// Ongoing: VP each time you build in a city with a tile.
    CityBuildVp(i32),
    /// End: VP per town with your station.
    PerTown(i32),
    /// End: VP per city with your station.
    PerCity(i32),
    /// End: VP for stations in all these locations.
    AllOf(AllOf),
    /// End: VP per income track at or above a space.
    PerTrackFromSpace(TrackBonus),
    /// End: 1 VP per this many leftover resources.
    PerLeftoverResources(u32),
    /// End: 1 VP per this many unspent subsidy markers.
    PerMarkers(u32),
    /// End: 1 VP per this many bought tiles used.
    PerUsedTiles(u32),
    /// End: VP per station beyond a count.
    PerStationBeyond(StationsBeyond),
}

/// An ongoing effect without numbers that checks ask about at candidate steps: whether the player
/// holds a card with it. The content keeps the cards with each as bits, so asking is a test per card
/// held rather than a look at each card's effect (callgrind, 30 random 4-player games: 2.3% fewer
/// instructions).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Perk {
    /// [`IncentiveEffect::FreeFirstStep`].
    FreeFirstStep,
    /// [`IncentiveEffect::NoPurchaseFee`].
    NoPurchaseFee,
    /// [`IncentiveEffect::FreeFirstExchange`].
    FreeFirstExchange,
}

impl Perk {
    /// Every perk, in the order of [`Content::perk_cards`].
    pub const ALL: [Perk; 3] = [
        Perk::FreeFirstStep,
        Perk::NoPurchaseFee,
        Perk::FreeFirstExchange,
    ];

    /// The effect that gives this perk.
    pub fn effect(self) -> IncentiveEffect {
        match self {
            Perk::FreeFirstStep => IncentiveEffect::FreeFirstStep,
            Perk::NoPurchaseFee => IncentiveEffect::NoPurchaseFee,
            Perk::FreeFirstExchange => IncentiveEffect::FreeFirstExchange,
        }
    }
}

impl IncentiveEffect {
    /// The kind of incentive this effect belongs to.
    pub fn kind(&self) -> IncentiveKind {
        use IncentiveEffect as E;
        match self {
            E::TownBuild(_)
            | E::Gain(_)
            | E::GainWithSubsidy(_)
            | E::RondelMoves(_)
            | E::Income(_)
            | E::LobbyThenGain(_) => IncentiveKind::Immediate,
            E::Pay(_) => IncentiveKind::Pay,
            E::TownBuildGain(_)
            | E::FreeFirstStep
            | E::IgnoreExtraUpTo(_)
            | E::NoPurchaseFee
            | E::FreeFirstExchange
            | E::FirstTakeCoalGain(_)
            | E::CityBuildVp(_) => IncentiveKind::Ongoing,
            _ => IncentiveKind::End,
        }
    }
}

/// An incentive card.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Incentive {
    /// Its name.
    pub name: String,
    /// Its word in notation (`coal-contract`).
    #[serde(skip)]
    pub slug: String,
    /// When it acts (must agree with its effect).
    pub kind: IncentiveKind,
    /// What it does.
    pub effect: IncentiveEffect,
    /// The locations its effect names, as indexes into [`Map::locations`].
    #[serde(skip)]
    pub locations: Vec<usize>,
    /// The subsidy its effect names, as an index into [`Content::subsidies`].
    #[serde(skip)]
    pub subsidy: Option<usize>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct IncentivesFile {
    #[serde(default, rename = "about")]
    _about: String,
    incentives: Vec<Incentive>,
}

/// Whether a location is a town or a city.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum LocationKind {
    /// A town: VP only.
    Town,
    /// A city: VP, an incentive and a rondel move.
    City,
}

/// A town or city on the map.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Location {
    /// Its name.
    pub name: String,
    /// Town or city.
    pub kind: LocationKind,
    /// VP for a station there.
    pub vp: i32,
    /// Where to draw it.
    pub xy: [i32; 2],
    /// Its word in notation (`pitmans-gap`).
    #[serde(skip)]
    pub slug: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EdgeSpec {
    a: String,
    b: String,
    extra: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MapFile {
    nodes: Vec<Location>,
    edges: Vec<EdgeSpec>,
}

/// Most connections one location may have (the engine lists a build's connections in a fixed array).
pub const MOST_CONNECTIONS: usize = 8;

/// Most incentive cards (the engine keeps the cards with a perk as the bits of a `u64`).
pub const MOST_INCENTIVES: usize = 64;

/// Most tile kinds (the engine keeps a player's kinds held as the bits of a `u64`).
pub const MOST_KINDS: usize = 64;

/// Most locations on the map (the engine keeps a set of locations, such as a player's network, as the
/// bits of a `u64`).
pub const MOST_LOCATIONS: usize = 64;

/// A connection between two locations and its extra build cost.
#[derive(Clone, Debug)]
pub struct Edge {
    /// One end, as an index into [`Map::locations`].
    pub a: usize,
    /// The other end.
    pub b: usize,
    /// Paid on top of a build through this connection.
    pub extra: Res,
}

/// The map: locations, connections, and each location's neighbours.
#[derive(Clone, Debug)]
pub struct Map {
    /// Towns and cities.
    pub locations: Vec<Location>,
    /// Connections.
    pub edges: Vec<Edge>,
    /// Each location's neighbours with the extra cost of the connection.
    pub neighbours: Vec<Vec<(usize, Res)>>,
    /// Each location's neighbours as bits (bit `n` for location `n`).
    pub neighbour_bits: Vec<u64>,
    /// The cities, as location indexes, in map order.
    pub cities: Vec<usize>,
}

/// The whole content edition.
#[derive(Clone, Debug)]
pub struct Content {
    /// The numbers of play.
    pub table: TableRules,
    /// The four income tracks, in [`Track::ALL`] order.
    pub tracks: [TrackSpec; 4],
    /// Tile kinds.
    pub kinds: Vec<Kind>,
    /// Every market tile; tile number `n` is `tiles[n]`.
    pub tiles: Vec<TileSpec>,
    /// Whistlestops; tile number `tiles.len() + w` is whistlestop `w`.
    pub whistlestops: Vec<Whistlestop>,
    /// Subsidies in rondel order (clockwise).
    pub subsidies: Vec<Subsidy>,
    /// The rondel space the loco starts on.
    pub rondel_start: usize,
    /// Most spaces one rondel move goes.
    pub rondel_max_move: usize,
    /// The Back Room.
    pub back_room: BackRoom,
    /// Subsidies the Back Room never gives, as indexes.
    pub back_room_never: Vec<usize>,
    /// Incentive cards.
    pub incentives: Vec<Incentive>,
    /// For each perk (in [`Perk::ALL`] order), the incentive cards that give it, as bits (bit `i` for
    /// card `i`).
    pub perk_cards: [u64; 3],
    /// The map.
    pub map: Map,
    /// Each tile number by its setup id (market tiles' ids first, then whistlestops' keys).
    tile_numbers: HashMap<String, TileNo>,
}

/// A tile on the market, in a deck or in a hand: a market tile or a whistlestop.
pub type TileNo = u8;

/// `text` as a notation word: lower case, words joined by `-`, other marks dropped; a capital inside a
/// word starts a new word (`CoalMineA` → `coal-mine-a`).
pub fn slug(text: &str) -> String {
    let mut out = String::new();
    let mut previous_lower = false;
    for c in text.chars() {
        if c.is_ascii_uppercase() && previous_lower {
            out.push('-');
        }
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
            previous_lower = !c.is_ascii_uppercase() || c.is_ascii_digit();
        } else if c.is_whitespace() && !out.ends_with('-') && !out.is_empty() {
            out.push('-');
            previous_lower = false;
        }
    }
    out
}

fn parse<T: serde::de::DeserializeOwned>(name: &str, text: &str) -> Result<T, String> {
    serde_json::from_str(text).map_err(|error| format!("{name}: {error}"))
}

impl Content {
    /// The embedded edition, parsed and checked once.
    ///
    /// # Panics
    ///
    /// If the embedded files do not load (a test loads them, so a release cannot ship broken ones).
    pub fn get() -> &'static Content {
        static CONTENT: OnceLock<Content> = OnceLock::new();
        CONTENT.get_or_init(|| {
            Content::load(&FILES).unwrap_or_else(|e| panic!("Coal Train content: {e}"))
        })
    }

    /// An edition from files given as (name, text), in the order of [`FILES`]; the error says which
    /// file and what is wrong.
    pub fn load(files: &[(&str, &str); 8]) -> Result<Content, String> {
        let table: TableRules = parse(files[0].0, files[0].1)?;
        let tracks: TracksFile = parse(files[1].0, files[1].1)?;
        let kinds: KindsFile = parse(files[2].0, files[2].1)?;
        let tiles: TilesFile = parse(files[3].0, files[3].1)?;
        let whistlestops: WhistlestopsFile = parse(files[4].0, files[4].1)?;
        let subsidies: SubsidiesFile = parse(files[5].0, files[5].1)?;
        let incentives: IncentivesFile = parse(files[6].0, files[6].1)?;
        let map: MapFile = parse(files[7].0, files[7].1)?;
        let map = super::content_check::build_map(
            map.nodes,
            map.edges.into_iter().map(|e| (e.a, e.b, e.extra)),
        )?;
        let mut content = Content {
            table,
            tracks: [tracks.coal, tracks.iron, tracks.water, tracks.ap],
            kinds: kinds.kinds,
            tiles: tiles.tiles,
            whistlestops: whistlestops.whistlestops,
            rondel_start: 0,
            rondel_max_move: subsidies.rondel_max_move,
            back_room: subsidies.back_room,
            back_room_never: Vec::new(),
            subsidies: subsidies.subsidies,
            incentives: incentives.incentives,
            perk_cards: [0; 3],
            map,
            tile_numbers: HashMap::new(),
        };
        super::content_check::resolve(&mut content, &tiles.kinds, &subsidies.rondel_start)?;
        let ids = content.tiles.iter().map(|t| &t.id);
        let keys = content.whistlestops.iter().map(|w| &w.key);
        for (number, id) in ids.chain(keys).enumerate() {
            if let Ok(number) = TileNo::try_from(number) {
                content.tile_numbers.entry(id.clone()).or_insert(number);
            }
        }
        Ok(content)
    }

    /// The whistlestop a tile number stands for, if it is one.
    pub fn whistlestop(&self, tile: TileNo) -> Option<&Whistlestop> {
        usize::from(tile)
            .checked_sub(self.tiles.len())
            .and_then(|w| self.whistlestops.get(w))
    }

    /// The kind of a market tile (None for a whistlestop).
    pub fn kind_of(&self, tile: TileNo) -> Option<&Kind> {
        self.tiles
            .get(usize::from(tile))
            .map(|spec| &self.kinds[spec.kind_index])
    }

    /// The name of any tile number.
    pub fn tile_name(&self, tile: TileNo) -> &str {
        match (self.kind_of(tile), self.whistlestop(tile)) {
            (Some(kind), _) => &kind.name,
            (None, Some(stop)) => &stop.name,
            (None, None) => "?",
        }
    }

    /// The id a setup uses for a tile number (`CoalMineA-3`, or a whistlestop's key).
    pub fn tile_id(&self, tile: TileNo) -> &str {
        match (self.tiles.get(usize::from(tile)), self.whistlestop(tile)) {
            (Some(spec), _) => &spec.id,
            (None, Some(stop)) => &stop.key,
            (None, None) => "?",
        }
    }

    /// The tile number with this setup id.
    pub fn tile_by_id(&self, id: &str) -> Option<TileNo> {
        self.tile_numbers.get(id).copied()
    }

    /// The subsidy with this key or name.
    pub fn subsidy_by_word(&self, word: &str) -> Option<usize> {
        self.subsidies
            .iter()
            .position(|s| s.key == word || s.name.eq_ignore_ascii_case(word))
    }

    /// The location with this notation word or name.
    pub fn location_by_word(&self, word: &str) -> Option<usize> {
        self.map
            .locations
            .iter()
            .position(|l| l.slug == word || l.name.eq_ignore_ascii_case(word))
    }

    /// The incentive with this notation word or name.
    pub fn incentive_by_word(&self, word: &str) -> Option<usize> {
        self.incentives
            .iter()
            .position(|i| i.slug == word || i.name.eq_ignore_ascii_case(word))
    }

    /// The tile kind with this notation word.
    pub fn kind_by_word(&self, word: &str) -> Option<usize> {
        self.kinds
            .iter()
            .position(|k| k.slug == word || k.key.eq_ignore_ascii_case(word))
    }

    /// The income a track pays at a space.
    pub fn income(&self, track: Track, space: usize) -> u32 {
        let spaces = &self.tracks[track.index()].spaces;
        spaces[space.min(spaces.len() - 1)]
    }

    /// The top space of a track.
    pub fn top(&self, track: Track) -> usize {
        self.tracks[track.index()].spaces.len() - 1
    }
}

//! What one viewer may see of a Coal Train table: everything but the order of the decks and the faces of
//! the last round's face-down tiles. Coal Train has no private hand, so every viewer sees the same.

use serde::Serialize;

use super::content::{Content, IncentiveKind, LocationKind, TileNo};
use super::notation::space_name;
use super::resources::{Res, Track};
use super::state::{CENTRE, CoalTrain, Pending, Phase, SPACES, Space};
use crate::game::{Outcome, Seat, Viewer};

/// One market space as anyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SpaceView {
    /// Its name (`c3`).
    pub name: String,
    /// What lies there: a tile's or whistlestop's name, "Standard Upgrade", "face-down" or "empty".
    pub lying: String,
    /// Whether a whistlestop lies there face up.
    pub whistlestop: bool,
    /// The kind of the face-up market tile lying there (index into the content's kinds).
    pub kind: Option<usize>,
    /// The subsidy icon of the face-up market tile lying there (gained when it is bought).
    pub icon: Option<String>,
    /// The seats whose agents stand there.
    pub agents: Vec<Seat>,
}

/// One player's board as anyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerView {
    /// The seat.
    pub seat: Seat,
    /// Resources held.
    pub res: Res,
    /// VP scored so far.
    pub vp: i32,
    /// Income per track (coal, iron, water, action points).
    pub income: [u32; 4],
    /// Each track's space, counted from 0.
    pub track_spaces: [usize; 4],
    /// Action points left this turn.
    pub ap: u32,
    /// Subsidy markers per subsidy name (only those held).
    pub markers: Vec<(String, u32)>,
    /// Bought tiles not yet used, by name.
    pub tiles: Vec<String>,
    /// The kinds of those tiles, in the same order (indexes into the content's kinds).
    pub tile_kinds: Vec<usize>,
    /// Bought tiles used.
    pub used_tiles: u32,
    /// Incentives held, with their kind and whether a pay-once one is paid.
    pub incentives: Vec<(String, IncentiveKind, bool)>,
    /// The agent's space (None while off the board).
    pub agent: Option<String>,
    /// Station tokens left.
    pub tokens_left: u32,
}

/// A town or city with its stations and incentives left.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LocationView {
    /// Its name.
    pub name: String,
    /// Town or city.
    pub kind: LocationKind,
    /// Its VP.
    pub vp: i32,
    /// Where to draw it.
    pub xy: [i32; 2],
    /// Seats with a station there.
    pub stations: Vec<Seat>,
    /// Incentives still beside it.
    pub incentives: Vec<String>,
}

/// What one viewer sees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CoalTrainView {
    /// Who is looking.
    pub viewer: Viewer,
    /// The round, from 1.
    pub round: u32,
    /// The start player.
    pub start_player: Seat,
    /// Whose turn it is (or who chooses a setup subsidy).
    pub to_act: Option<Seat>,
    /// What is asked now, in words.
    pub asked: String,
    /// What is asked now, for pictures.
    pub decision: Decision,
    /// The drawn tile waiting to be placed (everyone sees it).
    pub drawn: Option<String>,
    /// The market, row by row.
    pub market: Vec<SpaceView>,
    /// Tiles in the draw deck.
    pub deck: usize,
    /// Tiles in the reserve.
    pub reserve: usize,
    /// The subsidy the rondel loco stands on.
    pub rondel: String,
    /// The rondel, clockwise.
    pub rondel_order: Vec<String>,
    /// The players.
    pub players: Vec<PlayerView>,
    /// The map.
    pub locations: Vec<LocationView>,
    /// Whether the end is triggered.
    pub end_triggered: bool,
    /// Whether this is the last round.
    pub last_round: bool,
    /// The result, once the game is over.
    pub outcome: Option<Outcome>,
}

impl CoalTrainView {
    /// What `viewer` sees of `game`.
    pub fn new(game: &CoalTrain, viewer: Viewer) -> CoalTrainView {
        let c = Content::get();
        let market = (0..SPACES)
            .map(|s| {
                let lying = game.market()[s];
                SpaceView {
                    name: space_name(s),
                    lying: match lying.tile {
                        _ if s == CENTRE => "Standard Upgrade".to_string(),
                        Some(_) if lying.face_down => "face-down".to_string(),
                        Some(tile) => c.tile_name(tile).to_string(),
                        None => "empty".to_string(),
                    },
                    whistlestop: game.whistlestop_at(s).is_some(),
                    kind: face_up(s, lying).map(|tile| c.tiles[usize::from(tile)].kind_index),
                    icon: face_up(s, lying).map(|tile| {
                        c.subsidies[c.tiles[usize::from(tile)].subsidy_index]
                            .name
                            .clone()
                    }),
                    agents: (0..game.player_count())
                        .filter(|&p| game.player(p).agent == Some(s))
                        .collect(),
                }
            })
            .collect();
        let players = (0..game.player_count())
            .map(|seat| {
                let p = game.player(seat);
                PlayerView {
                    seat,
                    res: p.res,
                    vp: p.vp,
                    income: Track::ALL.map(|t| c.income(t, p.tracks[t.index()])),
                    track_spaces: p.tracks,
                    ap: p.ap,
                    markers: c
                        .subsidies
                        .iter()
                        .zip(&p.markers)
                        .filter(|(_, n)| **n > 0)
                        .map(|(s, n)| (s.name.clone(), *n))
                        .collect(),
                    tiles: p
                        .tiles
                        .iter()
                        .map(|&t| c.tile_name(t).to_string())
                        .collect(),
                    tile_kinds: p
                        .tiles
                        .iter()
                        .map(|&t| c.tiles[usize::from(t)].kind_index)
                        .collect(),
                    used_tiles: p.used_tiles,
                    incentives: p
                        .incentives
                        .iter()
                        .map(|&i| {
                            (
                                c.incentives[i].name.clone(),
                                c.incentives[i].kind,
                                p.paid.contains(&i),
                            )
                        })
                        .collect(),
                    agent: p.agent.map(space_name),
                    tokens_left: c.table.station_tokens.saturating_sub(p.stations),
                }
            })
            .collect();
        let locations = c
            .map
            .locations
            .iter()
            .enumerate()
            .map(|(l, loc)| LocationView {
                name: loc.name.clone(),
                kind: loc.kind,
                vp: loc.vp,
                xy: loc.xy,
                stations: (0..game.player_count())
                    .filter(|&s| game.has_station(s, l))
                    .collect(),
                incentives: game
                    .offers(l)
                    .iter()
                    .map(|&i| c.incentives[i].name.clone())
                    .collect(),
            })
            .collect();
        let drawn = match game.decision() {
            Some(Pending::Place { tile }) => Some(c.tile_name(tile).to_string()),
            _ => None,
        };
        let decision = decision(game);
        CoalTrainView {
            viewer,
            round: game.round(),
            start_player: game.start_player(),
            to_act: game.seat_to_act(),
            asked: asked(decision, drawn.as_deref()),
            decision,
            drawn,
            market,
            deck: game.deck_len(),
            reserve: game.reserve_len(),
            rondel: c.subsidies[game.rondel()].name.clone(),
            rondel_order: c.subsidies.iter().map(|s| s.name.clone()).collect(),
            players,
            locations,
            end_triggered: game.end_triggered(),
            last_round: game.last_round(),
            outcome: (game.phase() == Phase::Over).then(|| super::scoring::outcome(game)),
        }
    }
}

/// The market tile lying face up on `space` (not a whistlestop, not the centre).
fn face_up(space: usize, lying: Space) -> Option<TileNo> {
    let c = Content::get();
    lying
        .tile
        .filter(|&tile| space != CENTRE && !lying.face_down && usize::from(tile) < c.tiles.len())
}

/// What the seat to act must decide now, so a picture can show the part of the table that matters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Decision {
    /// A setup subsidy marker.
    SetupMarker,
    /// Its actions, or ending them.
    Actions,
    /// A Build Station tile's next build, or stop.
    SecondBuild,
    /// An incentive of this city (location index).
    Incentive(usize),
    /// A Build in Town build, or skip.
    TownBuild,
    /// A subsidy marker to gain.
    Marker,
    /// How far the rondel loco moves.
    Rondel,
    /// A marker to move, or skip.
    Lobby,
    /// What a Depot gives.
    Depot,
    /// A marker for the Back Room.
    BackRoom,
    /// Where the drawn tile goes.
    Place,
    /// Nothing: the game is over.
    Over,
}

/// What the seat to act must decide now.
fn decision(game: &CoalTrain) -> Decision {
    match (game.phase(), game.decision()) {
        (Phase::Over, _) => Decision::Over,
        (Phase::Subsidies(_), _) => Decision::SetupMarker,
        (_, None) => Decision::Actions,
        (_, Some(Pending::SecondBuild { .. })) => Decision::SecondBuild,
        (_, Some(Pending::Incentive { city })) => Decision::Incentive(city),
        (_, Some(Pending::TownBuild { .. })) => Decision::TownBuild,
        (_, Some(Pending::Marker)) => Decision::Marker,
        (_, Some(Pending::Rondel)) => Decision::Rondel,
        (_, Some(Pending::Lobby { .. })) => Decision::Lobby,
        (_, Some(Pending::Depot { .. })) => Decision::Depot,
        (_, Some(Pending::BackRoom { .. })) => Decision::BackRoom,
        (_, Some(Pending::Place { .. })) => Decision::Place,
    }
}

/// What the player to act is asked, in words; `drawn` is the drawn tile waiting to be placed.
fn asked(decision: Decision, drawn: Option<&str>) -> String {
    let c = Content::get();
    match decision {
        Decision::Over => "The game is over.".to_string(),
        Decision::SetupMarker => "Choose a setup subsidy, different from the others'.".to_string(),
        Decision::Actions => "Take actions, or end them.".to_string(),
        Decision::SecondBuild => "Build again with the tile, or stop.".to_string(),
        Decision::Incentive(city) => {
            format!("Take an incentive of {}.", c.map.locations[city].name)
        }
        Decision::TownBuild => "Build in a town, or skip.".to_string(),
        Decision::Marker => "Choose a subsidy marker.".to_string(),
        Decision::Rondel => "Move the rondel loco 1 to 3 spaces.".to_string(),
        Decision::Lobby => "Move one subsidy marker, or skip.".to_string(),
        Decision::Depot => "Choose what the Depot gives.".to_string(),
        Decision::BackRoom => "Give the Back Room a marker.".to_string(),
        Decision::Place => format!("Place the drawn {}.", drawn.unwrap_or("tile")),
    }
}

//! The explicit setup of a game (tile order, incentive deal, start player), a random deal following the
//! draft's setup, and the checks that turn a setup into a table.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::content::{Content, Section, TileNo};
use super::state::{CENTRE, CoalTrain, Edition, Phase, Player, SPACES, Space};
use crate::excerpt::excerpt;
use crate::game::{GameRng, Seat, SetupError};

/// An explicit setup, as JSON (tiles by id, whistlestops by key, incentives and cities by name):
/// `{"start_player": 0, "market": [24 ids, row by row, the centre skipped], "deck": [top first],
/// "reserve": [top first], "incentives": {"Kingsbridge": ["Boomtown", …], …}}`.
///
/// Market, deck and reserve together hold exactly the game's tiles (player mark up to the player
/// count) and the whistlestops, each once; each city gets its number of different incentives.
/// `"ruled_2026_11_28": true` plays the rulings of that day, as every deal made now does; a setup
/// without it plays as games stored before them were played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoalTrainSetup {
    /// The seat that plays first.
    pub start_player: Seat,
    /// The market's tiles row by row from the top left, the centre skipped.
    pub market: Vec<String>,
    /// The draw deck, top first.
    pub deck: Vec<String>,
    /// The reserve deck, top first.
    pub reserve: Vec<String>,
    /// The incentives dealt beside each city.
    pub incentives: BTreeMap<String, Vec<String>>,
    /// Whether the game plays the rulings of 2026-11-28: Company Store and Coal Broker count "once per
    /// turn" from when the card is held, and the Lobbyist and Lobby Pass ask nothing of a player with
    /// no marker to move. Absent, and so false, only in games stored before that ruling, whose logs
    /// replay as they were played (the card's benefit once in the whole turn, a forced `skip`).
    #[serde(default)]
    pub ruled_2026_11_28: bool,
}

/// A random setup for `players` seats, as the draft lays out the table.
pub fn deal(players: usize, rng: &mut GameRng) -> CoalTrainSetup {
    let content = Content::get();
    let in_game = |section: Section| -> Vec<String> {
        content
            .tiles
            .iter()
            .filter(|t| t.mark <= players && content.kinds[t.kind_index].section == section)
            .map(|t| t.id.clone())
            .collect()
    };
    let mut b = in_game(Section::B);
    rng.shuffle(&mut b);
    let reserve_len = content.table.reserve.min(b.len());
    let reserve: Vec<String> = b.drain(..reserve_len).collect();
    let mut a = in_game(Section::A);
    rng.shuffle(&mut a);
    let mut draw: Vec<String> = a.into_iter().chain(b).collect();
    let market: Vec<String> = draw.drain(..(SPACES - 1).min(draw.len())).collect();
    let mut stops: Vec<String> = content
        .whistlestops
        .iter()
        .filter(|w| !w.last)
        .map(|w| w.key.clone())
        .collect();
    rng.shuffle(&mut stops);
    stops.extend(
        content
            .whistlestops
            .iter()
            .filter(|w| w.last)
            .map(|w| w.key.clone()),
    );
    let deck = stops.into_iter().chain(draw).collect();
    let mut cards: Vec<usize> = (0..content.incentives.len()).collect();
    rng.shuffle(&mut cards);
    let per_city = content.table.incentives_per_city;
    let incentives = content
        .map
        .cities
        .iter()
        .zip(cards.chunks(per_city))
        .map(|(&city, hand)| {
            let names = hand
                .iter()
                .map(|&i| content.incentives[i].name.clone())
                .collect();
            (content.map.locations[city].name.clone(), names)
        })
        .collect();
    CoalTrainSetup {
        start_player: rng.index(players),
        market,
        deck,
        reserve,
        incentives,
        ruled_2026_11_28: true,
    }
}

/// Tile numbers for setup ids, each id known and used once.
fn tiles(ids: &[String], seen: &mut BTreeSet<TileNo>) -> Result<Vec<TileNo>, SetupError> {
    let content = Content::get();
    ids.iter()
        .map(|id| {
            let tile = content.tile_by_id(id).ok_or_else(|| {
                SetupError(format!("`{}` is not a Coal Train tile id.", excerpt(id)))
            })?;
            if !seen.insert(tile) {
                return Err(SetupError(format!(
                    "The tile `{}` appears twice in the setup.",
                    excerpt(id)
                )));
            }
            Ok(tile)
        })
        .collect()
}

/// The incentives beside each location (empty for towns), from the setup's deal.
fn offers(deal: &BTreeMap<String, Vec<String>>) -> Result<Vec<Vec<usize>>, SetupError> {
    let content = Content::get();
    let mut offers = vec![Vec::new(); content.map.locations.len()];
    let mut used = BTreeSet::new();
    for (city_name, names) in deal {
        let city = content
            .location_by_word(city_name)
            .filter(|&l| content.map.cities.contains(&l))
            .ok_or_else(|| {
                SetupError(format!(
                    "`{}` is not a city of the map.",
                    excerpt(city_name)
                ))
            })?;
        if names.len() != content.table.incentives_per_city {
            return Err(SetupError(format!(
                "{} gets {} incentives, not {}.",
                content.map.locations[city].name,
                content.table.incentives_per_city,
                names.len()
            )));
        }
        for name in names {
            let card = content
                .incentive_by_word(name)
                .ok_or_else(|| SetupError(format!("`{}` is not an incentive.", excerpt(name))))?;
            if !used.insert(card) {
                return Err(SetupError(format!(
                    "The incentive `{}` is dealt twice.",
                    excerpt(name)
                )));
            }
            offers[city].push(card);
        }
    }
    if let Some(&missing) = content.map.cities.iter().find(|&&c| offers[c].is_empty()) {
        return Err(SetupError(format!(
            "{} has no incentives in the setup.",
            content.map.locations[missing].name
        )));
    }
    Ok(offers)
}

/// A table from a checked setup.
pub fn start(players: usize, setup: &CoalTrainSetup) -> Result<CoalTrain, SetupError> {
    let content = Content::get();
    let [min, max] = content.table.players;
    if !(min..=max).contains(&players) {
        return Err(SetupError(format!(
            "Coal Train is for {min} to {max} players, not {players}."
        )));
    }
    if setup.start_player >= players {
        return Err(SetupError(format!(
            "The start player must be a seat from 0 to {}, not {}.",
            players - 1,
            setup.start_player
        )));
    }
    if setup.market.len() != SPACES - 1 {
        return Err(SetupError(format!(
            "The market holds {} tiles around the Standard Upgrade, not {}.",
            SPACES - 1,
            setup.market.len()
        )));
    }
    let mut seen = BTreeSet::new();
    let market_tiles = tiles(&setup.market, &mut seen)?;
    let mut deck = tiles(&setup.deck, &mut seen)?;
    let mut reserve = tiles(&setup.reserve, &mut seen)?;
    let wanted: BTreeSet<TileNo> = (0..content.tiles.len() + content.whistlestops.len())
        .filter(|&n| content.tiles.get(n).is_none_or(|t| t.mark <= players))
        .filter_map(|n| TileNo::try_from(n).ok())
        .collect();
    if seen != wanted {
        let missing: Vec<&str> = wanted
            .difference(&seen)
            .map(|&t| content.tile_id(t))
            .collect();
        let extra: Vec<&str> = seen
            .difference(&wanted)
            .map(|&t| content.tile_id(t))
            .collect();
        return Err(SetupError(format!(
            "A {players}-player game uses each tile with mark {players} or lower and every whistlestop \
             exactly once; missing: [{}]; not in this game: [{}].",
            missing.join(", "),
            extra.join(", ")
        )));
    }
    deck.reverse();
    reserve.reverse();
    let mut market = [Space::default(); SPACES];
    let spaces = (0..SPACES).filter(|&s| s != CENTRE);
    for (space, tile) in spaces.zip(market_tiles) {
        market[space].tile = Some(tile);
    }
    Ok(CoalTrain {
        players: (0..players).map(|_| Player::new(content)).collect(),
        start: setup.start_player,
        current: setup.start_player,
        round: 1,
        market,
        deck,
        reserve,
        discards: Vec::new(),
        rondel: content.rondel_start,
        offers: offers(&setup.incentives)?,
        stations: vec![0; content.map.locations.len()],
        phase: Phase::Subsidies(0),
        pending: Vec::new(),
        end_triggered: false,
        last_round: false,
        ruled_2026_11_28: setup.ruled_2026_11_28,
        edition: Edition::default(),
    })
}

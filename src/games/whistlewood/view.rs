//! What one viewer may see of a Whistlewood table: the whole map and train, scores as they stand,
//! pile sizes, and only their own hand and discards.

use serde::Serialize;

use super::cars::{Bonus, Owner, TileType};
use super::locations::Nature;
use super::rules::{Stage, Whistlewood};
use super::rulings::{COLUMNS, ROWS};
use super::scoring::{self, OwnerScore};
use crate::game::{Game, Outcome, Seat, Viewer};
use crate::plural::counted;

/// A car tile as anyone sees it on the map or in the train.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CarView {
    /// 0 red (first seat), 1 blue (second seat or Automa).
    pub owner: Owner,
    /// Its type.
    pub tile: TileType,
    /// What it scores where it stands now (on a Station, or beyond the last Station column).
    pub points: i32,
}

/// One location card with the cars on it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CardView {
    /// Its letter (`A`).
    pub letter: char,
    /// Its name.
    pub name: String,
    /// How many cars it holds.
    pub tracks: u8,
    /// Whether it is a Station.
    pub station: bool,
    /// Whether it has a Silo.
    pub silo: bool,
    /// Its nature icons.
    pub nature: Vec<Nature>,
    /// The bonuses a claim here gives.
    pub bonuses: Vec<Bonus>,
    /// The cars on it.
    pub cars: Vec<CarView>,
}

/// A car in the train and where it stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TrainCarView {
    /// The column it stands at (1..5 beside the map; 0 or less before it, 6 or more past it).
    pub column: i32,
    /// The car.
    pub car: CarView,
}

/// How many tiles a colour has off the map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PilesView {
    /// 0 red, 1 blue.
    pub owner: Owner,
    /// The seat that plays the colour (None for the Automa).
    pub seat: Option<Seat>,
    /// Tiles in hand.
    pub hand: usize,
    /// Tiles in the draw pile.
    pub draw: usize,
    /// Tiles in the discard pile.
    pub discard: usize,
    /// The score as the map stands now.
    pub score: OwnerScore,
}

/// What the player to move still has to do this turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TurnView {
    /// The colour whose turn it is.
    pub owner: Owner,
    /// Where the turn is.
    pub stage: Stage,
    /// Actions left (bonus actions not counted).
    pub actions_left: u8,
    /// Bonus Actions waiting.
    pub bonus_actions: u8,
    /// Shunts waiting (the player may do one before a Bonus Action).
    pub shunts: u8,
    /// Whether an automatic advance waits for the next action.
    pub advance_waits: bool,
    /// The steps left, in words ("2 actions left").
    pub summary: String,
}

/// Everything one viewer may see.
#[derive(Clone, Debug, Serialize)]
pub struct WhistlewoodView {
    /// Who is looking.
    pub viewer: Viewer,
    /// The viewer's colour, if they play.
    pub viewer_owner: Option<Owner>,
    /// The Automa's level in a solo game.
    pub automa_level: Option<u8>,
    /// Whether the locomotive starts at the left end (None before the choice).
    pub from_left: Option<bool>,
    /// The cards, by row (top first) and column counted from the locomotive's starting end
    /// (left to right before the choice).
    pub rows: Vec<Vec<CardView>>,
    /// The furthest column with a Station: cars in the train past it lose points.
    pub last_station_column: i32,
    /// The locomotive's column.
    pub loco: i32,
    /// The cars behind the locomotive, front first.
    pub train: Vec<TrainCarView>,
    /// Each colour's piles and score.
    pub colours: Vec<PilesView>,
    /// The colour that started.
    pub start_owner: Owner,
    /// The round, from 1.
    pub round: u32,
    /// The turn in progress (None when the game is over).
    pub turn: Option<TurnView>,
    /// Whether this is the game's final turn.
    pub final_turn: bool,
    /// The viewer's hand.
    pub hand: Option<Vec<TileType>>,
    /// The viewer's own discard pile (they know what they put there).
    pub discards: Option<Vec<TileType>>,
    /// The result, once the game is over.
    pub outcome: Option<Outcome>,
}

impl WhistlewoodView {
    /// The view of `game` for `viewer`.
    pub fn new(game: &Whistlewood, viewer: Viewer) -> Self {
        let viewer_owner = owner_seen_by(game, viewer);
        let last = scoring::last_station_column(game);
        let rows = (0..ROWS)
            .map(|row| {
                (0..COLUMNS)
                    .map(|column| card_view(game, row, column))
                    .collect()
            })
            .collect();
        let train = game
            .train()
            .iter()
            .enumerate()
            .map(|(i, &tile)| {
                let column = game.car_column(i);
                TrainCarView {
                    column,
                    car: CarView {
                        owner: tile.owner(),
                        tile: game.tile_type(tile),
                        points: if column > last {
                            scoring::beyond_value(game, tile)
                        } else {
                            0
                        },
                    },
                }
            })
            .collect();
        let scores = game.scores();
        let colours = (0..2)
            .map(|owner| {
                let piles = game.piles(owner);
                PilesView {
                    owner,
                    seat: game.seat_of(owner),
                    hand: piles.hand.len(),
                    draw: piles.draw.len(),
                    discard: piles.discard.len(),
                    score: scores[owner],
                }
            })
            .collect();
        let own = |pick: fn(&super::rules::Piles) -> &Vec<super::cars::Tile>| {
            viewer_owner.map(|owner| {
                pick(game.piles(owner))
                    .iter()
                    .map(|&t| game.tile_type(t))
                    .collect()
            })
        };
        WhistlewoodView {
            viewer,
            viewer_owner,
            automa_level: game.automa_level().map(|l| l.number()),
            from_left: game.from_left(),
            rows,
            last_station_column: last,
            loco: i32::from(game.loco()),
            train,
            colours,
            start_owner: game.start_owner(),
            round: game.round(),
            turn: turn_view(game),
            final_turn: game.final_turn(),
            hand: own(|p| &p.hand),
            discards: own(|p| &p.discard),
            outcome: game.outcome(),
        }
    }
}

/// The colour whose hand and discards `viewer` sees: its own, if it plays one.
pub fn owner_seen_by(game: &Whistlewood, viewer: Viewer) -> Option<Owner> {
    match viewer {
        Viewer::Seat(seat) => (0..2).find(|&o| game.seat_of(o) == Some(seat)),
        Viewer::Spectator => None,
    }
}

fn card_view(game: &Whistlewood, row: usize, column: usize) -> CardView {
    let spec = &game.rulings().locations[game.location_at(row, column)];
    CardView {
        letter: spec.letter,
        name: spec.name.clone(),
        tracks: spec.tracks,
        station: spec.station,
        silo: spec.silo,
        nature: spec.nature.clone(),
        bonuses: spec.bonuses.clone(),
        cars: game
            .spot(row, column)
            .iter()
            .map(|&tile| CarView {
                owner: tile.owner(),
                tile: game.tile_type(tile),
                points: scoring::station_value(game, tile, row, column),
            })
            .collect(),
    }
}

fn turn_view(game: &Whistlewood) -> Option<TurnView> {
    let stage = game.stage();
    if stage == Stage::Over {
        return None;
    }
    let (bonus_actions, shunts) = game
        .pending()
        .iter()
        .fold((0, 0), |(a, s), g| (a + g.actions, s + g.shunts));
    let summary = match stage {
        Stage::Direction => "choose the locomotive's starting end".to_owned(),
        Stage::Discard => "hand management, then actions".to_owned(),
        _ => {
            let mut parts = Vec::new();
            if shunts > 0 && bonus_actions > 0 {
                parts.push("choose: Shunt first or the Bonus Action first".to_owned());
            } else if bonus_actions > 0 {
                parts.push(counted(bonus_actions, "Bonus Action"));
            }
            parts.push(format!("{} left", counted(game.actions_left(), "action")));
            parts.join(", then ")
        }
    };
    Some(TurnView {
        owner: game.current(),
        stage,
        actions_left: game.actions_left(),
        bonus_actions,
        shunts,
        advance_waits: game.deferred_advance(),
        summary,
    })
}

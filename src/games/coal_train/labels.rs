//! Steps in words, for the list of legal steps and the turn messages.

use super::content::Content;
use super::notation::{Action, space_name};
use super::state::{CENTRE, CoalTrain};
use super::words::{incentive_effect, kind_name, short, track_word};
use crate::plural::counted;

fn cover_words(cover: &super::resources::Res) -> String {
    if cover.total() == 0 {
        String::new()
    } else {
        format!(", discount markers paying {cover}")
    }
}

/// "a Foundry marker", "an Infrastructure marker".
fn a_marker(subsidy: &str) -> String {
    let article = if subsidy.starts_with(['A', 'E', 'I', 'O', 'U']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {subsidy} marker")
}

/// What a step does, in a few words ("step onto b1 (Depot)").
pub fn describe(game: &CoalTrain, action: &Action) -> String {
    let c = Content::get();
    let sub = |s: usize| c.subsidies[s].name.as_str();
    let loc = |l: usize| c.map.locations[l].name.as_str();
    let space_words = |s: usize| {
        let lying = game.market()[s];
        let what = match lying.tile {
            _ if s == CENTRE => "the Standard Upgrade",
            Some(_) if lying.face_down => "a face-down tile",
            Some(tile) => c.tile_name(tile),
            None => "an empty space",
        };
        format!("{} ({what})", space_name(s))
    };
    match *action {
        Action::Marker(s) => format!("takes {}", a_marker(sub(s))),
        Action::Step(to) => format!("steps onto {}", space_words(to)),
        Action::Buy => match game
            .player(game.current())
            .agent
            .and_then(|a| game.market()[a].tile)
        {
            Some(tile) => format!("buys {}", c.tile_name(tile)),
            None => "buys the tile under their agent".to_string(),
        },
        Action::Build {
            tile,
            at,
            via,
            cover,
        } => {
            let mut text = format!("builds a station in {}", loc(usize::from(at)));
            if let Some(kind) = tile {
                text.push_str(&format!(" with {}", c.kinds[usize::from(kind)].name));
            }
            if let Some(via) = via {
                text.push_str(&format!(" from {}", loc(usize::from(via))));
            }
            text + &cover_words(&cover)
        }
        Action::Upgrade { kind, cover } => match &c.kinds[kind].upgrade {
            Some(up) => format!(
                "uses {} ({} income +1){}",
                c.kinds[kind].name,
                up.track.word(),
                cover_words(&cover)
            ),
            None => format!("uses {}", c.kinds[kind].name),
        },
        Action::FreeUse(kind) => format!(
            "uses {} for free resources ({})",
            c.kinds[kind].name,
            c.kinds[kind].free_gain.unwrap_or_default()
        ),
        Action::Standard { track, cover } => format!(
            "uses the Standard Upgrade ({} income +1){}",
            track.word(),
            cover_words(&cover)
        ),
        Action::Exchange { give, take } => format!("exchanges {give} for {take}"),
        Action::TakeCoal => "takes coal".to_string(),
        Action::Pay(i) => format!("pays for {}", c.incentives[i].name),
        Action::Spend(s) => format!("spends {}", sub(s)),
        Action::Trade {
            subsidy,
            give,
            take,
        } => {
            format!(
                "spends {} to trade {give} for {take}",
                sub(usize::from(subsidy))
            )
        }
        Action::Teleport { subsidy, to } => {
            format!("spends {} to move to {}", sub(subsidy), space_words(to))
        }
        Action::BackRoom(s) => format!("goes to the Back Room for {}", a_marker(sub(s))),
        Action::Give(s) => format!("gives the Back Room {}", a_marker(sub(s))),
        Action::Lobby { from, to } => format!("moves a marker from {} to {}", sub(from), sub(to)),
        Action::Skip => "skips".to_string(),
        Action::Gain(r) => format!("gains 1 {}", r.word()),
        Action::Take(i) => format!("takes the incentive {}", c.incentives[i].name),
        Action::Rondel(n) => {
            let to = (game.rondel() + n) % c.subsidies.len();
            format!(
                "moves the rondel loco {} to {}",
                counted(n, "space"),
                sub(to)
            )
        }
        Action::Stop => "makes no further build".to_string(),
        Action::End => "ends their actions".to_string(),
        Action::Place(s) => format!("places the drawn tile on {}", space_name(s)),
        Action::Swap(s) => format!(
            "swaps the drawn tile with the whistlestop on {}",
            space_name(s)
        ),
    }
}

/// A step's label in the list of legal steps (autocomplete shows it after the notation, which already
/// names every argument, and cuts the two at 100 characters): what the step gives, in a few words.
pub fn label(game: &CoalTrain, action: &Action) -> String {
    let c = Content::get();
    let with_markers = |cover: &super::resources::Res| {
        if cover.total() == 0 {
            String::new()
        } else {
            format!(", markers pay {}", short(cover))
        }
    };
    match *action {
        Action::Build { at, cover, .. } => {
            let location = &c.map.locations[usize::from(at)];
            format!(
                "station in {} ({} VP){}",
                location.name,
                location.vp,
                with_markers(&cover)
            )
        }
        Action::Upgrade { kind, cover } => match &c.kinds[kind].upgrade {
            Some(up) => format!(
                "{} income +1 for {}{}",
                track_word(up.track),
                short(&up.cost),
                with_markers(&cover)
            ),
            None => describe(game, action),
        },
        Action::Standard { track, cover } => {
            format!("{} income +1{}", track_word(track), with_markers(&cover))
        }
        Action::FreeUse(kind) => format!(
            "gain {}",
            short(&c.kinds[kind].free_gain.unwrap_or_default())
        ),
        Action::Exchange { give, take } | Action::Trade { give, take, .. } => {
            format!("give {} for {}", short(&give), short(&take))
        }
        Action::Take(i) => format!(
            "{}: {}",
            c.incentives[i].name,
            incentive_effect(&c.incentives[i].effect)
        ),
        Action::Rondel(n) => {
            let to = (game.rondel() + n) % c.subsidies.len();
            format!("rondel loco to {}", c.subsidies[to].name)
        }
        Action::Step(to) => format!("onto {}", space_short(game, to)),
        Action::Teleport { subsidy, to } => {
            format!("{} to {}", c.subsidies[subsidy].name, space_short(game, to))
        }
        Action::Buy => match game
            .player(game.current())
            .agent
            .and_then(|a| game.market()[a].tile)
            .and_then(|tile| c.kind_of(tile))
        {
            Some(kind) => format!("buys {} for {} AP", kind_name(kind), kind.buy_ap),
            None => describe(game, action),
        },
        _ => describe(game, action),
    }
}

/// A market space and what lies there, shortly ("e5, Grand Station").
fn space_short(game: &CoalTrain, space: usize) -> String {
    let c = Content::get();
    let lying = game.market()[space];
    let what = match lying.tile {
        _ if space == CENTRE => "Standard Upgrade".to_string(),
        Some(_) if lying.face_down => "face down".to_string(),
        Some(tile) => c
            .kind_of(tile)
            .map_or_else(|| c.tile_name(tile).to_string(), kind_name),
        None => "empty".to_string(),
    };
    format!("{}, {what}", space_name(space))
}

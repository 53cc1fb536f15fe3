//! Checks on a loaded content edition, each with a message that names the file and what is wrong, and
//! the links between files resolved to indexes (tile kinds, subsidies, locations).

use std::collections::{BTreeMap, HashSet};

use super::content::{
    Content, Edge, IncentiveEffect, Location, LocationKind, MOST_CONNECTIONS, MOST_INCENTIVES,
    MOST_KINDS, MOST_LOCATIONS, Map, Perk, SubsidyEffect, slug,
};
use super::resources::{Res, Resource, Track};

/// Duplicate words among `words`, as an error naming `what`.
fn unique<'a>(what: &str, words: impl IntoIterator<Item = &'a str>) -> Result<(), String> {
    let mut seen = HashSet::new();
    for word in words {
        if !seen.insert(word) {
            return Err(format!("{what} `{word}` appears twice"));
        }
    }
    Ok(())
}

/// A connection's extra cost from its text: empty for none, else `+N coal|iron|water`.
fn extra_cost(text: &str) -> Result<Res, String> {
    if text.trim().is_empty() {
        return Ok(Res::NONE);
    }
    let words: Vec<&str> = text
        .trim()
        .trim_start_matches('+')
        .split_whitespace()
        .collect();
    match words.as_slice() {
        [n, resource] => {
            let n: u32 = n
                .parse()
                .map_err(|_| format!("`{text}` is not `+N resource`"))?;
            let resource = Resource::parse(resource)
                .ok_or_else(|| format!("`{resource}` is not coal, iron or water"))?;
            Ok(Res::of(resource, n))
        }
        _ => Err(format!("extra cost `{text}` is not `+N resource`")),
    }
}

/// The map from the map file's nodes and edges (a, b, extra): names unique, edges between known distinct
/// locations and never twice, the whole map connected.
pub(super) fn build_map(
    mut locations: Vec<Location>,
    edges: impl Iterator<Item = (String, String, String)>,
) -> Result<Map, String> {
    for location in &mut locations {
        location.slug = slug(&location.name);
    }
    unique(
        "map.json: location",
        locations.iter().map(|l| l.name.as_str()),
    )?;
    unique(
        "map.json: location word",
        locations.iter().map(|l| l.slug.as_str()),
    )?;
    let index = |name: &str| {
        locations
            .iter()
            .position(|l| l.name == name)
            .ok_or_else(|| format!("map.json: a connection names `{name}`, which is no location"))
    };
    let mut list = Vec::new();
    let mut neighbours = vec![Vec::new(); locations.len()];
    for (a, b, extra) in edges {
        let (a, b) = (index(&a)?, index(&b)?);
        let extra = extra_cost(&extra).map_err(|e| format!("map.json: {e}"))?;
        if a == b || neighbours[a].iter().any(|&(n, _)| n == b) {
            return Err(format!(
                "map.json: the connection {} – {} is a loop or appears twice",
                locations[a].name, locations[b].name
            ));
        }
        neighbours[a].push((b, extra));
        neighbours[b].push((a, extra));
        list.push(Edge { a, b, extra });
    }
    if let Some(busy) = neighbours.iter().position(|n| n.len() > MOST_CONNECTIONS) {
        return Err(format!(
            "map.json: {} has {} connections; a location has at most {MOST_CONNECTIONS}",
            locations[busy].name,
            neighbours[busy].len()
        ));
    }
    let mut reached = vec![false; locations.len()];
    let mut todo = vec![0];
    while let Some(at) = todo.pop() {
        if !std::mem::replace(&mut reached[at], true) {
            todo.extend(neighbours[at].iter().map(|&(n, _)| n));
        }
    }
    if let Some(lost) = reached.iter().position(|r| !r) {
        return Err(format!(
            "map.json: {} cannot be reached",
            locations[lost].name
        ));
    }
    if locations.len() > MOST_LOCATIONS {
        return Err(format!(
            "map.json: {} locations; at most {MOST_LOCATIONS}",
            locations.len()
        ));
    }
    let neighbour_bits = neighbours
        .iter()
        .map(|list| list.iter().fold(0u64, |bits, &(n, _)| bits | 1 << n))
        .collect();
    let cities = (0..locations.len())
        .filter(|&l| locations[l].kind == LocationKind::City)
        .collect();
    Ok(Map {
        locations,
        edges: list,
        neighbours,
        neighbour_bits,
        cities,
    })
}

/// Resolves the links between files and checks every rule the engine relies on.
pub(super) fn resolve(
    content: &mut Content,
    kind_names: &BTreeMap<String, String>,
    rondel_start: &str,
) -> Result<(), String> {
    check_table(content)?;
    check_tracks(content)?;
    resolve_subsidies(content, rondel_start)?;
    resolve_kinds(content, kind_names)?;
    resolve_tiles(content)?;
    check_whistlestops(content)?;
    resolve_incentives(content)?;
    Ok(())
}

fn check_table(content: &Content) -> Result<(), String> {
    let [min, max] = content.table.players;
    if min < 2 || min > max || max > crate::game::MAX_SEATS {
        return Err(format!(
            "table.json: players {min}..{max} is not a range of 2 to 8"
        ));
    }
    if content.table.builds_per_station_tile == 0 || content.table.exchange.max == 0 {
        return Err("table.json: a station tile and an exchange must allow at least 1".into());
    }
    if content.table.standard_upgrade.tracks.is_empty() {
        return Err("table.json: the Standard Upgrade must raise some track".into());
    }
    Ok(())
}

fn check_tracks(content: &Content) -> Result<(), String> {
    for track in Track::ALL {
        let spec = &content.tracks[track.index()];
        if spec.spaces.is_empty() || spec.start >= spec.spaces.len() {
            return Err(format!(
                "tracks.json: the {} track needs spaces and a start space among them",
                track.word()
            ));
        }
        if spec.spaces.windows(2).any(|w| w[0] > w[1]) {
            return Err(format!("tracks.json: the {} track goes down", track.word()));
        }
    }
    Ok(())
}

fn resolve_subsidies(content: &mut Content, rondel_start: &str) -> Result<(), String> {
    unique(
        "subsidies.json: subsidy",
        content.subsidies.iter().map(|s| s.key.as_str()),
    )?;
    if content.subsidies.is_empty() || content.subsidies.len() > 32 {
        return Err("subsidies.json: the rondel needs 1 to 32 subsidies".into());
    }
    for subsidy in &content.subsidies {
        if subsidy.markers == 0 || subsidy.key != slug(&subsidy.key) {
            return Err(format!(
                "subsidies.json: `{}` needs at least 1 marker and a lower-case key",
                subsidy.key
            ));
        }
        if let SubsidyEffect::Trade(0) | SubsidyEffect::Discount { units: 0, .. } = subsidy.effect {
            return Err(format!("subsidies.json: `{}` does nothing", subsidy.key));
        }
    }
    content.rondel_start = content.subsidy_by_word(rondel_start).ok_or_else(|| {
        format!("subsidies.json: the rondel starts on `{rondel_start}`, no subsidy")
    })?;
    if content.rondel_max_move == 0 || content.rondel_max_move >= content.subsidies.len() {
        return Err("subsidies.json: a rondel move goes 1 space up to less than a lap".into());
    }
    if content.back_room.markers < 2 {
        return Err("subsidies.json: the Back Room must take at least 2 markers".into());
    }
    content.back_room_never = content
        .back_room
        .never_gives
        .iter()
        .map(|key| {
            content
                .subsidy_by_word(key)
                .ok_or_else(|| format!("subsidies.json: the Back Room names `{key}`, no subsidy"))
        })
        .collect::<Result<_, _>>()?;
    Ok(())
}

fn resolve_kinds(content: &mut Content, names: &BTreeMap<String, String>) -> Result<(), String> {
    if content.kinds.len() > MOST_KINDS {
        return Err(format!(
            "kinds.json: {} kinds; at most {MOST_KINDS}",
            content.kinds.len()
        ));
    }
    unique(
        "kinds.json: kind",
        content.kinds.iter().map(|k| k.key.as_str()),
    )?;
    for kind in &mut content.kinds {
        kind.name = names
            .get(&kind.key)
            .cloned()
            .ok_or_else(|| format!("tiles.json: the kind `{}` has no name", kind.key))?;
        kind.slug = slug(&kind.key);
        if kind.build.is_some() == kind.upgrade.is_some() {
            return Err(format!(
                "kinds.json: `{}` must be either a station tile or an upgrade tile",
                kind.key
            ));
        }
        if kind.free_gain.is_some() && kind.upgrade.is_none() {
            return Err(format!(
                "kinds.json: `{}` has a free use but no upgrade",
                kind.key
            ));
        }
    }
    if let Some(extra) = names
        .keys()
        .find(|k| !content.kinds.iter().any(|kind| &kind.key == *k))
    {
        return Err(format!(
            "tiles.json: the kind `{extra}` is not in kinds.json"
        ));
    }
    Ok(())
}

fn resolve_tiles(content: &mut Content) -> Result<(), String> {
    unique(
        "tiles.json: tile",
        content.tiles.iter().map(|t| t.id.as_str()),
    )?;
    if content.tiles.len() + content.whistlestops.len() > usize::from(u8::MAX) {
        return Err("tiles.json: too many tiles".into());
    }
    let mut counts = vec![[0usize; 3]; content.kinds.len()];
    for tile in &mut content.tiles {
        tile.kind_index = content
            .kinds
            .iter()
            .position(|k| k.key == tile.kind)
            .ok_or_else(|| {
                format!(
                    "tiles.json: `{}` has the unknown kind `{}`",
                    tile.id, tile.kind
                )
            })?;
        tile.subsidy_index = content
            .subsidies
            .iter()
            .position(|s| s.name == tile.subsidy)
            .ok_or_else(|| {
                format!(
                    "tiles.json: `{}` carries the unknown subsidy `{}`",
                    tile.id, tile.subsidy
                )
            })?;
        let mark = tile.mark.checked_sub(3).filter(|m| *m < 3).ok_or_else(|| {
            format!(
                "tiles.json: `{}` has mark {}; marks are 3, 4 and 5",
                tile.id, tile.mark
            )
        })?;
        counts[tile.kind_index][mark] += 1;
    }
    for (kind, count) in content.kinds.iter().zip(&counts) {
        if kind.counts != *count {
            return Err(format!(
                "tiles.json lists {count:?} `{}` tiles by mark 3/4/5; kinds.json says {:?}",
                kind.key, kind.counts
            ));
        }
    }
    let table = &content.table;
    let fewest = content
        .tiles
        .iter()
        .filter(|t| t.mark <= table.players[0])
        .count();
    if fewest < 24 + table.reserve {
        return Err(format!(
            "tiles.json: {fewest} tiles for {} players cannot fill the market (24) and the reserve ({})",
            table.players[0], table.reserve
        ));
    }
    Ok(())
}

fn check_whistlestops(content: &Content) -> Result<(), String> {
    unique(
        "whistlestops.json: whistlestop",
        content.whistlestops.iter().map(|w| w.key.as_str()),
    )?;
    if content.whistlestops.iter().filter(|w| w.last).count() > 1 {
        return Err("whistlestops.json: at most one whistlestop goes under the others".into());
    }
    if let Some(clash) = content
        .whistlestops
        .iter()
        .find(|w| content.tiles.iter().any(|t| t.id == w.key))
    {
        return Err(format!(
            "whistlestops.json: `{}` is also a tile id",
            clash.key
        ));
    }
    Ok(())
}

fn resolve_incentives(content: &mut Content) -> Result<(), String> {
    if content.incentives.len() > MOST_INCENTIVES {
        return Err(format!(
            "incentives.json: {} cards; at most {MOST_INCENTIVES}",
            content.incentives.len()
        ));
    }
    content.perk_cards = Perk::ALL.map(|perk| {
        let effect = perk.effect();
        content
            .incentives
            .iter()
            .enumerate()
            .filter(|(_, card)| card.effect == effect)
            .fold(0, |bits, (i, _)| bits | 1 << i)
    });
    for incentive in &mut content.incentives {
        incentive.slug = slug(&incentive.name);
    }
    unique(
        "incentives.json: incentive",
        content.incentives.iter().map(|i| i.slug.as_str()),
    )?;
    let needed = content.table.incentives_per_city * content.map.cities.len();
    if content.incentives.len() < needed {
        return Err(format!(
            "incentives.json: {} cards cannot deal {} to each of {} cities",
            content.incentives.len(),
            content.table.incentives_per_city,
            content.map.cities.len()
        ));
    }
    for i in 0..content.incentives.len() {
        let incentive = &content.incentives[i];
        if incentive.kind != incentive.effect.kind() {
            return Err(format!(
                "incentives.json: `{}` is marked {:?} but its effect is {:?}",
                incentive.name,
                incentive.kind,
                incentive.effect.kind()
            ));
        }
        let (locations, subsidy) = match &incentive.effect {
            IncentiveEffect::AllOf(all) => {
                let found = all
                    .locations
                    .iter()
                    .map(|name| {
                        content.location_by_word(name).ok_or_else(|| {
                            format!(
                                "incentives.json: `{}` names `{name}`, no location",
                                incentive.name
                            )
                        })
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                (found, None)
            }
            IncentiveEffect::LobbyThenGain(key) => {
                let found = content.subsidy_by_word(key).ok_or_else(|| {
                    format!(
                        "incentives.json: `{}` names `{key}`, no subsidy",
                        incentive.name
                    )
                })?;
                (Vec::new(), Some(found))
            }
            IncentiveEffect::PerLeftoverResources(0)
            | IncentiveEffect::PerMarkers(0)
            | IncentiveEffect::PerUsedTiles(0) => {
                return Err(format!(
                    "incentives.json: `{}` divides by 0",
                    incentive.name
                ));
            }
            _ => (Vec::new(), None),
        };
        content.incentives[i].locations = locations;
        content.incentives[i].subsidy = subsidy;
    }
    Ok(())
}

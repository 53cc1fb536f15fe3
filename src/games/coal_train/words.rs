//! Short words for the things on a Coal Train table, shared by the text view and the picture so both
//! name a tile, a whistlestop or an incentive the same way.

use super::content::{Content, IncentiveEffect, Kind, Section, SubsidyEffect};
use super::resources::{Res, Resource, Track};

/// A seat's name: the player's name, or "Seat N" past the list.
pub fn seat_name(names: &[String], seat: usize) -> String {
    names
        .get(seat)
        .cloned()
        .unwrap_or_else(|| format!("Seat {}", seat + 1))
}

/// An amount in a few letters ("2c+1i+1w"; "0" for nothing).
pub fn short(res: &Res) -> String {
    let parts: Vec<String> = Resource::ALL
        .into_iter()
        .filter(|&r| res.get(r) > 0)
        .map(|r| format!("{}{}", res.get(r), r.letter()))
        .collect();
    if parts.is_empty() {
        "0".to_string()
    } else {
        parts.join("+")
    }
}

/// A tile kind's short name: the station's own name ("Branch Line"), or the upgrade with its section
/// ("Coal Mine B"), since the two sections cost different amounts.
pub fn kind_name(kind: &Kind) -> String {
    if kind.build.is_some() {
        return kind
            .name
            .split('"')
            .nth(1)
            .unwrap_or(&kind.name)
            .to_string();
    }
    let section = match kind.section {
        Section::A => "A",
        Section::B => "B",
    };
    format!("{} {section}", kind.name)
}

/// What a tile kind does when used, in a few words ("station: town 2c+1w, city 3c+1i+1w").
pub fn kind_use(kind: &Kind) -> String {
    let mut text = match (&kind.build, &kind.upgrade) {
        (Some(build), _) => {
            let mut text = format!(
                "station: town {}, city {}",
                short(&build.town),
                short(&build.city)
            );
            if build.city_vp > 0 {
                text.push_str(&format!(", +{} VP per city", build.city_vp));
            }
            text
        }
        (None, Some(up)) => format!("{} for {} income +1", short(&up.cost), track_word(up.track)),
        (None, None) => String::new(),
    };
    if let Some(free) = kind.free_gain {
        text.push_str(&format!(", or free: gain {}", short(&free)));
    }
    text
}

/// A track's word for people ("AP" for action points).
pub fn track_word(track: Track) -> &'static str {
    match track {
        Track::Ap => "AP",
        other => other.word(),
    }
}

/// What stepping onto a whistlestop does, in a few words.
pub fn whistlestop_effect(content: &Content, name: &str) -> String {
    let Some(stop) = content.whistlestops.iter().find(|w| w.name == name) else {
        return String::new();
    };
    let mut parts = vec![format!("step {} AP", stop.step_ap)];
    if stop.pay.total() > 0 {
        parts.push(format!("pay {}", short(&stop.pay)));
    }
    if stop.gain.total() > 0 {
        parts.push(format!("gain {}", short(&stop.gain)));
    }
    if !stop.choose_one.is_empty() {
        let words: Vec<&str> = stop.choose_one.iter().map(|r| r.word()).collect();
        parts.push(format!("gain 1 {}", words.join(" or ")));
    }
    if stop.lobby {
        parts.push("move one marker".to_string());
    }
    parts.join(", ")
}

/// What an incentive does, in a few words.
pub fn incentive_effect(effect: &IncentiveEffect) -> String {
    use IncentiveEffect as E;
    match effect {
        E::TownBuild(cost) => format!("build in a town now for {}", short(cost)),
        E::Gain(gain) => format!("gain {}", short(gain)),
        E::GainWithSubsidy(gain) => format!("gain {} and a marker", short(gain)),
        E::RondelMoves(n) => format!("{n} rondel moves"),
        E::Income(track) => format!("{} income +1", track_word(*track)),
        E::LobbyThenGain(subsidy) => format!("move a marker, gain {subsidy}"),
        E::Pay(pay) => format!("{} AP + {} → {} VP", pay.ap, short(&pay.cost), pay.vp),
        E::TownBuildGain(gain) => format!("{} per town built", short(gain)),
        E::FreeFirstStep => "first step free".to_string(),
        E::IgnoreExtraUpTo(n) => format!("ignore extras up to {n}"),
        E::NoPurchaseFee => "no coal to other agents".to_string(),
        E::FreeFirstExchange => "first Exchange free".to_string(),
        E::FirstTakeCoalGain(gain) => format!("first Take Coal gives {}", short(gain)),
        E::CityBuildVp(vp) => format!("+{vp} VP per city built"),
        E::PerTown(vp) => format!("end: {vp} VP per town"),
        E::PerCity(vp) => format!("end: {vp} VP per city"),
        E::AllOf(all) => format!("end: {} VP for {}", all.vp, all.locations.join(" + ")),
        E::PerTrackFromSpace(bonus) => {
            format!("end: {} VP per track at space {}+", bonus.vp, bonus.space)
        }
        E::PerLeftoverResources(n) => format!("end: 1 VP per {n} resources"),
        E::PerMarkers(n) => format!("end: 1 VP per {n} markers"),
        E::PerUsedTiles(n) => format!("end: 1 VP per {n} tiles used"),
        E::PerStationBeyond(beyond) => {
            format!("end: {} VP per station past {}", beyond.vp, beyond.count)
        }
    }
}

/// What spending a subsidy does, in a few words ("gain 2c", "+2 AP", "trade up to 4").
pub fn subsidy_effect(effect: &SubsidyEffect) -> String {
    match effect {
        SubsidyEffect::Gain(gain) => format!("gain {}", short(gain)),
        SubsidyEffect::Ap(ap) => format!("+{ap} AP"),
        SubsidyEffect::Trade(most) => format!("trade up to {most}"),
        SubsidyEffect::Discount { units, .. } => format!("pays up to {units} of a cost"),
        SubsidyEffect::Teleport => "move your agent anywhere".to_string(),
        SubsidyEffect::Income(track) => format!("{} income +1", track_word(*track)),
    }
}

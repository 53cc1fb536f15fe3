//! Every trade a step may name (Exchange, Free Trade): units given and as many received, never the same
//! resource on both sides, in listing order (given, then received, each smallest first). Made once per
//! size from the content, so listing the legal steps only keeps those whose units are held.

use std::sync::OnceLock;

use super::content::{Content, SubsidyEffect};
use super::resources::{Res, Resource};

/// Every amount of `units` units over the resources `give` does not hold.
fn takes(give: Res, units: u32) -> impl Iterator<Item = Res> {
    let mut cap = Res::NONE;
    for resource in Resource::ALL {
        if !give.has(resource) {
            *cap.get_mut(resource) = units;
        }
    }
    cap.parts(units, units)
}

/// Every trade of 1 to `max` units, whatever is held.
fn all_trades(max: u32) -> Vec<(Res, Res)> {
    let any = Res {
        coal: max,
        iron: max,
        water: max,
    };
    any.parts(1, max)
        .flat_map(|give| takes(give, give.total()).map(move |take| (give, take)))
        .collect()
}

/// Every trade of 1 to `max` units, in listing order; filter by the units held.
pub fn trades(max: u32) -> &'static [(Res, Res)] {
    static BY_MAX: OnceLock<Vec<Vec<(Res, Res)>>> = OnceLock::new();
    let by_max = BY_MAX.get_or_init(|| {
        let content = Content::get();
        let largest = content
            .subsidies
            .iter()
            .filter_map(|s| match s.effect {
                SubsidyEffect::Trade(max) => Some(max),
                _ => None,
            })
            .chain([content.table.exchange.max])
            .max()
            .unwrap_or(0);
        (0..=largest).map(all_trades).collect()
    });
    by_max.get(max as usize).map_or(&[], Vec::as_slice)
}

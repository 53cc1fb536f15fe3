//! Every trade a step may name (Exchange, Free Trade): units given and as many received, never the same
//! resource on both sides, in listing order (given, then received, each smallest first). Made once per
//! size and amount held from the content, so listing the legal steps copies one list.

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

/// Every trade of 1 to `max` units, by the units held (each resource counted up to `max`, all a trade
/// can give of it), each list in listing order.
struct ByHeld {
    max: u32,
    lists: Vec<Vec<(Res, Res)>>,
}

impl ByHeld {
    fn new(max: u32) -> ByHeld {
        let all = all_trades(max);
        let held = Res {
            coal: max,
            iron: max,
            water: max,
        };
        let lists = held
            .parts(0, 3 * max)
            .map(|have| {
                all.iter()
                    .copied()
                    .filter(|(give, _)| have.covers(give))
                    .collect()
            })
            .collect();
        ByHeld { max, lists }
    }

    /// The list for `have`: its place in the order [`Res::parts`] makes the held amounts in.
    fn list(&self, have: &Res) -> &[(Res, Res)] {
        let side = self.max as usize + 1;
        let cap = |units: u32| units.min(self.max) as usize;
        let index = (cap(have.coal) * side + cap(have.iron)) * side + cap(have.water);
        &self.lists[index]
    }
}

/// Every trade of 1 to `max` units whose given units `have` holds, in listing order (given, then
/// received, each smallest first). The lists are made once, so listing the legal steps copies one.
pub fn trades(max: u32, have: &Res) -> &'static [(Res, Res)] {
    static BY_MAX: OnceLock<Vec<ByHeld>> = OnceLock::new();
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
        (0..=largest).map(ByHeld::new).collect()
    });
    by_max
        .get(max as usize)
        .map_or(&[], |lists| lists.list(have))
}

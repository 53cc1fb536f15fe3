//! Every trade step the listing may offer (the Exchange, Free Trade): units given and as many received,
//! never the same resource on both sides, in listing order (given, then received, each smallest first).
//! Made once per kind of trade and amount held from the content, so listing the legal steps copies one
//! list of steps.

use std::sync::OnceLock;

use super::content::{Content, SubsidyEffect};
use super::notation::{Action, byte};
use super::resources::{Res, Resource};

/// A kind of trade: the Exchange, or spending a subsidy (a trading one has trades).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TradeKind {
    /// The Exchange.
    Exchange,
    /// Spending this subsidy.
    Subsidy(usize),
}

impl TradeKind {
    /// The step that makes this trade.
    fn step(self, give: Res, take: Res) -> Action {
        match self {
            TradeKind::Exchange => Action::Exchange { give, take },
            TradeKind::Subsidy(subsidy) => Action::Trade {
                subsidy: byte(subsidy),
                give,
                take,
            },
        }
    }

    /// The most units one trade of this kind gives (0 for a subsidy that does not trade).
    fn max(self, content: &Content) -> u32 {
        match self {
            TradeKind::Exchange => content.table.exchange.max,
            TradeKind::Subsidy(subsidy) => match content.subsidies[subsidy].effect {
                SubsidyEffect::Trade(max) => max,
                _ => 0,
            },
        }
    }

    /// The kind's place among all kinds: the Exchange first, then each subsidy.
    fn index(self) -> usize {
        match self {
            TradeKind::Exchange => 0,
            TradeKind::Subsidy(subsidy) => 1 + subsidy,
        }
    }
}

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

/// The trade steps of one kind, by the units held (each resource counted up to the kind's most, all a
/// trade can give of it), each list in listing order.
struct ByHeld {
    max: u32,
    lists: Vec<Vec<Action>>,
}

impl ByHeld {
    fn new(kind: TradeKind, content: &Content) -> ByHeld {
        let max = kind.max(content);
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
                    .filter(|(give, _)| have.covers(give))
                    .map(|&(give, take)| kind.step(give, take))
                    .collect()
            })
            .collect();
        ByHeld { max, lists }
    }

    /// The list for `have`: its place in the order [`Res::parts`] makes the held amounts in.
    fn list(&self, have: &Res) -> &[Action] {
        let side = self.max as usize + 1;
        let cap = |units: u32| units.min(self.max) as usize;
        let index = (cap(have.coal) * side + cap(have.iron)) * side + cap(have.water);
        &self.lists[index]
    }
}

/// Every trade step of this kind whose given units `have` holds, in listing order (given, then received,
/// each smallest first); none for a subsidy that does not trade. The lists are made once, so listing
/// the legal steps copies one.
pub fn trade_steps(kind: TradeKind, have: &Res) -> &'static [Action] {
    static BY_KIND: OnceLock<Vec<ByHeld>> = OnceLock::new();
    let by_kind = BY_KIND.get_or_init(|| {
        let content = Content::get();
        std::iter::once(TradeKind::Exchange)
            .chain((0..content.subsidies.len()).map(TradeKind::Subsidy))
            .map(|kind| ByHeld::new(kind, content))
            .collect()
    });
    by_kind
        .get(kind.index())
        .map_or(&[], |lists| lists.list(have))
}

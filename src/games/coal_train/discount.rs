//! Discount markers (Zoning Variance, Infrastructure): which subsidy pays which costs, and checking the
//! units a step says they pay — within the cost, at most the units the markers cover, none wasted.

use std::sync::OnceLock;

use super::content::{Content, DiscountOn, SubsidyEffect};
use super::refuse::{Refuse, require};
use super::resources::Res;
use super::state::Player;
use crate::plural::counted;

/// The subsidy that discounts costs of this sort, and how many units one marker covers (looked up once).
pub fn discount_subsidy(on: DiscountOn) -> Option<(usize, u32)> {
    static FOUND: OnceLock<[Option<(usize, u32)>; 2]> = OnceLock::new();
    let found =
        FOUND.get_or_init(|| [DiscountOn::CityBuild, DiscountOn::Upgrade].map(find_discount));
    match on {
        DiscountOn::CityBuild => found[0],
        DiscountOn::Upgrade => found[1],
    }
}

fn find_discount(on: DiscountOn) -> Option<(usize, u32)> {
    Content::get()
        .subsidies
        .iter()
        .enumerate()
        .find_map(|(index, s)| match s.effect {
            SubsidyEffect::Discount { on: o, units } if o == on => Some((index, units)),
            _ => None,
        })
}

/// Markers needed to cover `units` units when one covers `per`: the fewest, so none is wasted.
pub fn markers_for(units: u32, per: u32) -> u32 {
    units.div_ceil(per)
}

/// What a cost comes to once discount markers pay their part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Payment {
    /// Resources paid.
    pub pay: Res,
    /// Discount markers spent (subsidy, count).
    pub markers: Option<(usize, u32)>,
}

impl Payment {
    /// Takes the payment from `player` (checked before).
    pub fn settle(&self, player: &mut Player) {
        player.res = player.res.minus(&self.pay).unwrap_or_default();
        if let Some((subsidy, count)) = self.markers {
            player.markers[subsidy] -= count;
        }
    }
}

/// What `player` pays for `cost` when markers of the `on` discount pay `cover`; or why that cannot be.
pub fn pay_with_cover<R: Refuse>(
    player: &Player,
    cost: Res,
    cover: Res,
    on: Option<DiscountOn>,
) -> Result<Payment, R::Err> {
    if cover.total() == 0 {
        require::<R>(player.res.covers(&cost), || {
            format!("That costs {cost}; you have {}.", player.res)
        })?;
        return Ok(Payment {
            pay: cost,
            markers: None,
        });
    }
    let Some((subsidy, per)) = on.and_then(discount_subsidy) else {
        return Err(R::refuse(|| {
            "No discount marker pays this cost; drop the `cover`.".to_string()
        }));
    };
    let remaining = cost.minus(&cover);
    let Some(remaining) = remaining else {
        return Err(R::refuse(|| {
            format!("The cover ({cover}) names units the cost ({cost}) does not have.")
        }));
    };
    let markers = markers_for(cover.total(), per);
    let held = player.markers[subsidy];
    require::<R>(held >= markers, || {
        let name = &Content::get().subsidies[subsidy].name;
        format!(
            "Covering {cover} takes {}; you have {held}.",
            counted(markers, &format!("{name} marker"))
        )
    })?;
    require::<R>(player.res.covers(&remaining), || {
        format!(
            "After the cover you still pay {remaining}; you have {}.",
            player.res
        )
    })?;
    Ok(Payment {
        pay: remaining,
        markers: Some((subsidy, markers)),
    })
}

/// Every cover a step could name for `cost` with `player`'s markers of the `on` discount (nothing first).
pub fn covers(player: &Player, cost: Res, on: Option<DiscountOn>) -> impl Iterator<Item = Res> {
    let most = on
        .and_then(discount_subsidy)
        .map_or(0, |(subsidy, per)| player.markers[subsidy] * per);
    cost.parts(0, most.min(cost.total()))
}

//! What changed on the table between two views of the same viewer (the one when the last turn began and
//! the one now), so the board can outline it: market spaces whose tile or agents changed, places with a
//! new station, and the rondel loco when it moved.

use render::Colour;
use render::palette;

use crate::games::coal_train::view::CoalTrainView;

/// The outline of what changed.
pub const CHANGED: Colour = palette::SUCCESS;
/// The width of that outline.
pub const CHANGED_WIDTH: f32 = 3.0;

/// What changed since an earlier view (nothing, for a board drawn without one).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Changes {
    /// For each market space, whether what lies there or the agents standing there changed.
    pub spaces: Vec<bool>,
    /// For each location, whether a station was built there.
    pub locations: Vec<bool>,
    /// Whether the rondel loco moved.
    pub rondel: bool,
}

impl Changes {
    /// What differs in `now` from `before`.
    pub fn between(now: &CoalTrainView, before: &CoalTrainView) -> Changes {
        let spaces = now
            .market
            .iter()
            .zip(&before.market)
            .map(|(a, b)| a.lying != b.lying || a.agents != b.agents)
            .collect();
        let locations = now
            .locations
            .iter()
            .zip(&before.locations)
            .map(|(a, b)| a.stations.len() > b.stations.len())
            .collect();
        Changes {
            spaces,
            locations,
            rondel: now.rondel != before.rondel,
        }
    }

    /// Whether anything is marked.
    pub fn any(&self) -> bool {
        self.rondel || self.spaces.iter().chain(&self.locations).any(|&c| c)
    }

    /// Whether market space `space` is marked.
    pub fn space(&self, space: usize) -> bool {
        self.spaces.get(space).copied().unwrap_or(false)
    }

    /// Whether location `location` is marked.
    pub fn location(&self, location: usize) -> bool {
        self.locations.get(location).copied().unwrap_or(false)
    }
}

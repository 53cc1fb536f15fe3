//! Where the yard lies on the picture: the layout in slot widths turned into pixels, below the header.

use super::layout::Layout;
use super::style::{HEADER_H, MARGIN, MIN_WIDTH, UNIT};
use super::vector::V;
use crate::games::shunting::position::Position;
use crate::games::shunting::yard::{SlotId, Yard};

/// The layout and its place in the picture.
pub struct Geometry {
    /// The layout, in slot widths.
    pub layout: Layout,
    /// The layout's top-left corner.
    min: V,
    /// The pixel where that corner is drawn.
    origin: V,
    /// The picture's width.
    pub width: f32,
    /// The bottom of the yard's drawing (where the footer starts).
    pub bottom: f32,
}

impl Geometry {
    /// Lays `yard` out and centres it across a picture at least [`MIN_WIDTH`] wide.
    pub fn of(yard: &Yard) -> Geometry {
        let layout = Layout::of(yard);
        let (min, max) = layout.bounds();
        let drawn = V((max.0 - min.0) * UNIT, (max.1 - min.1) * UNIT);
        let width = (drawn.0 + 2.0 * MARGIN).max(MIN_WIDTH).ceil();
        Geometry {
            layout,
            min,
            origin: V((width - drawn.0) / 2.0, HEADER_H + MARGIN),
            width,
            bottom: HEADER_H + drawn.1 + 2.0 * MARGIN,
        }
    }

    /// The pixel of a layout point.
    pub fn px(&self, point: V) -> V {
        self.origin.add(point.sub(self.min).scale(UNIT))
    }

    /// The pixel centre of `slot` and its track's direction (start to end) with the turntables where
    /// `position` has them.
    pub fn slot(&self, yard: &Yard, slot: SlotId, position: &Position) -> (V, V) {
        let (centre, along) = self.layout.slot_at(yard, slot, position);
        (self.px(centre), along)
    }
}

//! Where the yard lies on the picture: the layout in slot widths turned into pixels, below the header.

use super::layout::Layout;
use super::style::{HEADER_H, MARGIN, MAX_LAYOUT, MIN_WIDTH, UNIT};
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
    /// Pixels per slot width: [`UNIT`], or less for a yard too big to draw at that size.
    pub unit: f32,
    /// The picture's width.
    pub width: f32,
    /// The bottom of the yard's drawing (where the footer starts).
    pub bottom: f32,
}

impl Geometry {
    /// Lays `yard` out and centres it across a picture at least [`MIN_WIDTH`] wide. A layout
    /// larger than [`MAX_LAYOUT`] is drawn closer together (pieces keep their size) so that the
    /// picture stays a sensible size.
    pub fn of(yard: &Yard) -> Geometry {
        let layout = Layout::of(yard);
        let (min, max) = layout.bounds();
        let extent = max.sub(min);
        let unit = UNIT
            * (MAX_LAYOUT.0 / extent.0)
                .min(MAX_LAYOUT.1 / extent.1)
                .min(1.0);
        let drawn = extent.scale(unit);
        let width = (drawn.0 + 2.0 * MARGIN).max(MIN_WIDTH).ceil();
        Geometry {
            layout,
            min,
            origin: V((width - drawn.0) / 2.0, HEADER_H + MARGIN),
            unit,
            width,
            bottom: HEADER_H + drawn.1 + 2.0 * MARGIN,
        }
    }

    /// The pixel of a layout point.
    pub fn px(&self, point: V) -> V {
        self.origin.add(point.sub(self.min).scale(self.unit))
    }

    /// The pixel centre of `slot` and its track's direction (start to end) with the turntables where
    /// `position` has them.
    pub fn slot(&self, yard: &Yard, slot: SlotId, position: &Position) -> (V, V) {
        let (centre, along) = self.layout.slot_at(yard, slot, position);
        (self.px(centre), along)
    }
}

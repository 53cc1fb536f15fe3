//! Where each column of the train's line lies across the picture: the five map columns as they lie on
//! the table (mirrored when the locomotive starts at the right), the columns before the map (0 or less)
//! on the starting side and those past it (6 or more) on the far side.

use render::theme::MARGIN;

use super::style::{
    BOARD_MAX_W, CARD_GAP, CARD_W, MAP_W, OFF_GAP, OFF_MIN_PITCH, OFF_PITCH, ZONE_GAP,
};
use crate::games::whistlewood::present::physical_order;
use crate::games::whistlewood::view::WhistlewoodView;

/// The map's columns, numbered from the locomotive's starting end.
pub const MAP_COLUMNS: std::ops::RangeInclusive<i32> = 1..=5;

/// The horizontal layout of the columns.
#[derive(Clone, Debug, PartialEq)]
pub struct Columns {
    /// The left edge of the content.
    left: f32,
    /// How many columns before the map are drawn: as many as cars stand there.
    before: i32,
    /// How many columns past the map are drawn: as many as the train reaches.
    past: i32,
    /// The width of one column off the map.
    off_pitch: f32,
    /// Whether column 1 lies at the right: the picture is laid out from the starting end, then mirrored.
    mirrored: bool,
}

impl Columns {
    /// The columns of `view`, the content starting at `left`.
    pub fn new(view: &WhistlewoodView, left: f32) -> Columns {
        let rear = view.train.last().map_or(view.loco, |car| car.column);
        let before = (1 - rear).max(0);
        let past = (view.loco - 5).max(0);
        let room = BOARD_MAX_W - 2.0 * MARGIN - MAP_W - 2.0 * ZONE_GAP;
        let off_columns = (before + past).max(1) as f32;
        let off_pitch = (room / off_columns).clamp(OFF_MIN_PITCH, OFF_PITCH);
        Columns {
            left,
            before,
            past,
            off_pitch,
            mirrored: physical_order(view).first().is_some_and(|&c| c != 0),
        }
    }

    /// The total width of the columns.
    pub fn width(&self) -> f32 {
        (self.before + self.past) as f32 * self.off_pitch + 2.0 * ZONE_GAP + MAP_W
    }

    /// The first and last column drawn, counted from the starting end.
    pub fn range(&self) -> std::ops::RangeInclusive<i32> {
        1 - self.before..=5 + self.past
    }

    /// Whether column 1 lies at the right (the locomotive runs right to left).
    pub fn mirrored(&self) -> bool {
        self.mirrored
    }

    /// The left edge and width of `column`: a card's width on the map, a car's room off it.
    pub fn span(&self, column: i32) -> (f32, f32) {
        let before_w = self.before as f32 * self.off_pitch;
        let (x, w) = if column < 1 {
            let slot = (column - (1 - self.before)) as f32;
            (
                slot * self.off_pitch + OFF_GAP / 2.0,
                self.off_pitch - OFF_GAP,
            )
        } else if column > 5 {
            let slot = (column - 6) as f32;
            let start = before_w + 2.0 * ZONE_GAP + MAP_W;
            (
                start + slot * self.off_pitch + OFF_GAP / 2.0,
                self.off_pitch - OFF_GAP,
            )
        } else {
            let slot = (column - 1) as f32;
            (before_w + ZONE_GAP + slot * (CARD_W + CARD_GAP), CARD_W)
        };
        if self.mirrored() {
            (self.left + self.width() - x - w, w)
        } else {
            (self.left + x, w)
        }
    }

    /// The left edge and width of the zone before the map (`true`) or past it (`false`), if the train
    /// reaches it.
    pub fn zone(&self, before: bool) -> Option<(f32, f32)> {
        let columns = if before {
            1 - self.before..=0
        } else {
            6..=5 + self.past
        };
        if columns.is_empty() {
            return None;
        }
        let (a, aw) = self.span(*columns.start());
        let (b, bw) = self.span(*columns.end());
        let x = a.min(b) - OFF_GAP / 2.0;
        let right = (a + aw).max(b + bw) + OFF_GAP / 2.0;
        Some((x, right - x))
    }
}

//! Anti-aliased shapes: rounded rectangles, circles, thick lines and convex polygons.

use crate::canvas::Canvas;
use crate::colour::Colour;
use crate::geometry::Rect;
use crate::raster::{Bounds, fill_convex, stroke_convex};

/// The signed distance from `(x, y)` to a rectangle with corners rounded by `radius`.
fn rounded_rect_distance(rect: Rect, radius: f32) -> impl Fn(f32, f32) -> f32 {
    let (cx, cy) = rect.centre();
    let (hx, hy) = (rect.w / 2.0, rect.h / 2.0);
    let radius = radius.clamp(0.0, hx.min(hy));
    move |x, y| {
        let qx = (x - cx).abs() - (hx - radius);
        let qy = (y - cy).abs() - (hy - radius);
        // Only corner pixels (outside on both axes) need a square root.
        let outside = match (qx > 0.0, qy > 0.0) {
            (true, true) => qx.hypot(qy),
            (true, false) => qx,
            (false, true) => qy,
            (false, false) => 0.0,
        };
        let inside = qx.max(qy).min(0.0);
        outside + inside - radius
    }
}

fn circle_distance(cx: f32, cy: f32, radius: f32) -> impl Fn(f32, f32) -> f32 {
    move |x, y| (x - cx).hypot(y - cy) - radius
}

impl Canvas {
    /// Fills `rect` with corners rounded by `radius` (0 for square corners).
    pub fn fill_rounded_rect(&mut self, rect: Rect, radius: f32, colour: Colour) {
        let bounds = Bounds::around(self, rect.x, rect.y, rect.right(), rect.bottom());
        fill_convex(self, bounds, colour, rounded_rect_distance(rect, radius));
    }

    /// Draws an outline `width` pixels wide just inside the edge of `rect` with corners rounded by
    /// `radius`, so it can be drawn over a filled rectangle of the same size.
    pub fn stroke_rounded_rect(&mut self, rect: Rect, radius: f32, width: f32, colour: Colour) {
        let bounds = Bounds::around(self, rect.x, rect.y, rect.right(), rect.bottom());
        stroke_convex(
            self,
            bounds,
            width,
            colour,
            rounded_rect_distance(rect, radius),
        );
    }

    /// Fills the disc of `radius` around `(cx, cy)`.
    pub fn fill_circle(&mut self, cx: f32, cy: f32, radius: f32, colour: Colour) {
        let bounds = Bounds::around(self, cx - radius, cy - radius, cx + radius, cy + radius);
        fill_convex(self, bounds, colour, circle_distance(cx, cy, radius));
    }

    /// Draws a ring `width` pixels wide just inside the circle of `radius` around `(cx, cy)`.
    pub fn stroke_circle(&mut self, cx: f32, cy: f32, radius: f32, width: f32, colour: Colour) {
        let bounds = Bounds::around(self, cx - radius, cy - radius, cx + radius, cy + radius);
        stroke_convex(self, bounds, width, colour, circle_distance(cx, cy, radius));
    }

    /// Draws a straight line `width` pixels thick from `from` to `to`, with round ends.
    pub fn line(&mut self, from: (f32, f32), to: (f32, f32), width: f32, colour: Colour) {
        let half = width / 2.0;
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let length_sq = (dx * dx + dy * dy).max(f32::EPSILON);
        let bounds = Bounds::around(
            self,
            from.0.min(to.0) - half,
            from.1.min(to.1) - half,
            from.0.max(to.0) + half,
            from.1.max(to.1) + half,
        );
        fill_convex(self, bounds, colour, |x, y| {
            let t = (((x - from.0) * dx + (y - from.1) * dy) / length_sq).clamp(0.0, 1.0);
            (x - from.0 - t * dx).hypot(y - from.1 - t * dy) - half
        });
    }

    /// Fills the convex polygon with these corners (in either winding). Fewer than three corners draw
    /// nothing; a concave polygon is filled as if its edges were extended.
    pub fn fill_polygon(&mut self, corners: &[(f32, f32)], colour: Colour) {
        if corners.len() < 3 {
            return;
        }
        let twice_area: f32 = edges(corners).map(|(a, b)| a.0 * b.1 - b.0 * a.1).sum();
        let outward = if twice_area > 0.0 { 1.0 } else { -1.0 };
        let normals: Vec<((f32, f32), (f32, f32))> = edges(corners)
            .map(|(a, b)| {
                let (dx, dy) = (b.0 - a.0, b.1 - a.1);
                let length = dx.hypot(dy).max(f32::EPSILON);
                (a, (outward * dy / length, -outward * dx / length))
            })
            .collect();
        let (mut min, mut max) = (corners[0], corners[0]);
        for &(x, y) in corners {
            min = (min.0.min(x), min.1.min(y));
            max = (max.0.max(x), max.1.max(y));
        }
        let bounds = Bounds::around(self, min.0, min.1, max.0, max.1);
        fill_convex(self, bounds, colour, |x, y| {
            normals
                .iter()
                .map(|(a, n)| (x - a.0) * n.0 + (y - a.1) * n.1)
                .fold(f32::NEG_INFINITY, f32::max)
        });
    }
}

fn edges(corners: &[(f32, f32)]) -> impl Iterator<Item = ((f32, f32), (f32, f32))> + '_ {
    corners
        .iter()
        .copied()
        .zip(corners.iter().copied().cycle().skip(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    const BG: Colour = Colour::hex(0x000000);
    const INK: Colour = Colour::hex(0xffffff);

    fn canvas() -> Canvas {
        Canvas::new(40, 40, BG)
    }

    #[test]
    fn rounded_rect_fills_its_middle_and_spares_its_corners() {
        let mut c = canvas();
        c.fill_rounded_rect(Rect::new(5.0, 5.0, 30.0, 20.0), 8.0, INK);
        assert_eq!(c.pixel(20, 15), Some(INK));
        assert_eq!(c.pixel(5, 15), Some(INK));
        assert_eq!(c.pixel(5, 5), Some(BG), "corner is rounded off");
        assert_eq!(c.pixel(3, 15), Some(BG));
        assert_eq!(c.pixel(20, 26), Some(BG));
    }

    #[test]
    fn edges_are_anti_aliased() {
        let mut c = canvas();
        c.fill_rounded_rect(Rect::new(5.5, 5.0, 10.0, 10.0), 0.0, INK);
        let edge = c.pixel(5, 10).unwrap();
        assert!(
            edge.r > 0 && edge.r < 255,
            "half-covered pixel is grey: {edge:?}"
        );
    }

    #[test]
    fn stroke_leaves_the_inside_alone() {
        let mut c = canvas();
        c.stroke_rounded_rect(Rect::new(5.0, 5.0, 30.0, 30.0), 4.0, 2.0, INK);
        assert_eq!(c.pixel(5, 20), Some(INK));
        assert_eq!(c.pixel(34, 20), Some(INK));
        assert_eq!(c.pixel(20, 5), Some(INK));
        assert_eq!(c.pixel(20, 20), Some(BG));
        assert_eq!(c.pixel(8, 20), Some(BG));
    }

    #[test]
    fn circle_is_round() {
        let mut c = canvas();
        c.fill_circle(20.0, 20.0, 10.0, INK);
        assert_eq!(c.pixel(20, 20), Some(INK));
        assert_eq!(c.pixel(20, 11), Some(INK));
        assert_eq!(
            c.pixel(12, 12),
            Some(BG),
            "outside the circle but inside its box"
        );
        let mut ring = canvas();
        ring.stroke_circle(20.0, 20.0, 10.0, 2.0, INK);
        assert_eq!(ring.pixel(20, 11), Some(INK));
        assert_eq!(ring.pixel(20, 20), Some(BG));
    }

    #[test]
    fn thick_line_covers_its_path_only() {
        let mut c = canvas();
        c.line((5.0, 5.0), (35.0, 35.0), 4.0, INK);
        assert_eq!(c.pixel(20, 20), Some(INK));
        assert_eq!(c.pixel(30, 10), Some(BG));
        let mut h = canvas();
        h.line((5.0, 20.0), (35.0, 20.0), 4.0, INK);
        assert_eq!(h.pixel(20, 19), Some(INK));
        assert_eq!(h.pixel(20, 25), Some(BG));
    }

    #[test]
    fn triangle_fills_inside_in_either_winding() {
        for corners in [
            [(5.0, 35.0), (20.0, 5.0), (35.0, 35.0)],
            [(35.0, 35.0), (20.0, 5.0), (5.0, 35.0)],
        ] {
            let mut c = canvas();
            c.fill_polygon(&corners, INK);
            assert_eq!(c.pixel(20, 25), Some(INK));
            assert_eq!(c.pixel(6, 8), Some(BG));
            assert_eq!(c.pixel(34, 8), Some(BG));
        }
        let mut c = canvas();
        c.fill_polygon(&[(1.0, 1.0), (30.0, 30.0)], INK);
        assert_eq!(c.pixel(15, 15), Some(BG));
    }
}

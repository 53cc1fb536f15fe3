//! Anti-aliased rasterising of convex shapes given by a signed distance (negative inside, in pixels).
//!
//! Along any row a convex shape covers one interval, so each row is walked in from both ends: edge pixels
//! get a coverage from the distance at their centre, and the fully covered middle is filled as one span.

use crate::canvas::Canvas;
use crate::colour::Colour;

/// A pixel-aligned region to scan: columns `x0..x1`, rows `y0..y1`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bounds {
    x0: i32,
    y0: i32,
    x1: i32,
    y1: i32,
}

impl Bounds {
    /// The pixels touched by the box from `(min_x, min_y)` to `(max_x, max_y)`, widened by one pixel for
    /// the anti-aliased fringe and clipped to the canvas.
    pub(crate) fn around(
        canvas: &Canvas,
        min_x: f32,
        min_y: f32,
        max_x: f32,
        max_y: f32,
    ) -> Bounds {
        Bounds {
            x0: ((min_x - 1.0).floor() as i32).max(0),
            y0: ((min_y - 1.0).floor() as i32).max(0),
            x1: ((max_x + 1.0).ceil() as i32).min(canvas.width() as i32),
            y1: ((max_y + 1.0).ceil() as i32).min(canvas.height() as i32),
        }
    }
}

/// How much of a pixel a shape covers, from the signed distance of the pixel's centre to its edge.
fn coverage(distance: f32) -> f32 {
    (0.5 - distance).clamp(0.0, 1.0)
}

/// Fills the convex shape whose signed distance is `distance(x, y)`.
pub(crate) fn fill_convex(
    canvas: &mut Canvas,
    bounds: Bounds,
    colour: Colour,
    distance: impl Fn(f32, f32) -> f32,
) {
    for y in bounds.y0..bounds.y1 {
        let py = y as f32 + 0.5;
        let at = |x: i32| coverage(distance(x as f32 + 0.5, py));
        let Some(left) = scan_to_solid(canvas, bounds, y, colour, at) else {
            continue;
        };
        let mut right = bounds.x1 - 1;
        while right > left {
            let c = at(right);
            if c >= 1.0 {
                break;
            }
            canvas.blend(right, y, colour, c);
            right -= 1;
        }
        canvas.fill_span(left, right + 1, y, colour);
    }
}

/// Blends the fringe pixels of row `y` from the left until the shape covers a pixel fully, and returns
/// that pixel's column; `None` when no pixel of the row is fully covered (the row is then done).
fn scan_to_solid(
    canvas: &mut Canvas,
    bounds: Bounds,
    y: i32,
    colour: Colour,
    at: impl Fn(i32) -> f32,
) -> Option<i32> {
    let mut entered = false;
    for x in bounds.x0..bounds.x1 {
        let c = at(x);
        if c >= 1.0 {
            return Some(x);
        }
        if entered && c <= 0.0 {
            return None;
        }
        entered |= c > 0.0;
        canvas.blend(x, y, colour, c);
    }
    None
}

/// Paints a band `width` pixels wide just inside the edge of the convex shape whose signed distance is
/// `distance(x, y)`.
pub(crate) fn stroke_convex(
    canvas: &mut Canvas,
    bounds: Bounds,
    width: f32,
    colour: Colour,
    distance: impl Fn(f32, f32) -> f32,
) {
    let in_hole = |d: f32| d < -(width + 1.0);
    let band = |d: f32| coverage(d.max(-d - width));
    for y in bounds.y0..bounds.y1 {
        let py = y as f32 + 0.5;
        let mut hole = None;
        for x in bounds.x0..bounds.x1 {
            let d = distance(x as f32 + 0.5, py);
            if in_hole(d) {
                hole = Some(x);
                break;
            }
            canvas.blend(x, y, colour, band(d));
        }
        let Some(hole) = hole else {
            continue;
        };
        for x in (hole + 1..bounds.x1).rev() {
            let d = distance(x as f32 + 0.5, py);
            if in_hole(d) {
                break;
            }
            canvas.blend(x, y, colour, band(d));
        }
    }
}

//! Rectangles in canvas pixels, for laying pictures out.

/// An axis-aligned rectangle in pixels: top-left corner, width and height.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width.
    pub w: f32,
    /// Height.
    pub h: f32,
}

impl Rect {
    /// A rectangle from its top-left corner and size.
    pub const fn new(x: f32, y: f32, w: f32, h: f32) -> Rect {
        Rect { x, y, w, h }
    }

    /// The right edge.
    pub fn right(&self) -> f32 {
        self.x + self.w
    }

    /// The bottom edge.
    pub fn bottom(&self) -> f32 {
        self.y + self.h
    }

    /// The centre point.
    pub fn centre(&self) -> (f32, f32) {
        (self.x + self.w / 2.0, self.y + self.h / 2.0)
    }

    /// The rectangle shrunk by `by` on every side (grown when negative).
    pub fn inset(&self, by: f32) -> Rect {
        Rect::new(
            self.x + by,
            self.y + by,
            self.w - 2.0 * by,
            self.h - 2.0 * by,
        )
    }

    /// The left part `w` wide, and the rest.
    pub fn split_left(&self, w: f32) -> (Rect, Rect) {
        (
            Rect::new(self.x, self.y, w, self.h),
            Rect::new(self.x + w, self.y, self.w - w, self.h),
        )
    }

    /// The top part `h` high, and the rest.
    pub fn split_top(&self, h: f32) -> (Rect, Rect) {
        (
            Rect::new(self.x, self.y, self.w, h),
            Rect::new(self.x, self.y + h, self.w, self.h - h),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inset_and_splits_keep_edges() {
        let r = Rect::new(10.0, 20.0, 100.0, 50.0);
        assert_eq!(r.inset(5.0), Rect::new(15.0, 25.0, 90.0, 40.0));
        let (left, rest) = r.split_left(30.0);
        assert_eq!(left.right(), rest.x);
        assert_eq!(rest.right(), r.right());
        let (top, rest) = r.split_top(10.0);
        assert_eq!(top.bottom(), rest.y);
        assert_eq!(rest.bottom(), r.bottom());
        assert_eq!(r.centre(), (60.0, 45.0));
    }
}

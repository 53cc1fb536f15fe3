//! Plain 2-D points and directions for laying the yard out and drawing it (y grows downwards).

/// A point or a direction.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct V(pub f32, pub f32);

impl V {
    /// The unit vector at `angle` radians, clockwise from east on the screen.
    pub fn at_angle(angle: f32) -> V {
        V(angle.cos(), angle.sin())
    }

    /// This plus `other`.
    pub fn add(self, other: V) -> V {
        V(self.0 + other.0, self.1 + other.1)
    }

    /// This minus `other`.
    pub fn sub(self, other: V) -> V {
        V(self.0 - other.0, self.1 - other.1)
    }

    /// This scaled by `k`.
    pub fn scale(self, k: f32) -> V {
        V(self.0 * k, self.1 * k)
    }

    /// The length.
    pub fn length(self) -> f32 {
        self.0.hypot(self.1)
    }

    /// The direction of this vector, or `fallback` when it is (nearly) zero.
    pub fn unit_or(self, fallback: V) -> V {
        let length = self.length();
        if length < 1e-4 {
            fallback
        } else {
            self.scale(1.0 / length)
        }
    }

    /// This turned a quarter clockwise on the screen.
    pub fn perp(self) -> V {
        V(-self.1, self.0)
    }

    /// The angle of this direction, clockwise from east.
    pub fn angle(self) -> f32 {
        self.1.atan2(self.0)
    }

    /// As a pair for the canvas.
    pub fn pair(self) -> (f32, f32) {
        (self.0, self.1)
    }
}

/// The shortest distance between the segments `a`–`b` and `c`–`d`.
pub fn segment_distance(a: V, b: V, c: V, d: V) -> f32 {
    if segments_cross(a, b, c, d) {
        return 0.0;
    }
    point_segment(a, c, d)
        .min(point_segment(b, c, d))
        .min(point_segment(c, a, b))
        .min(point_segment(d, a, b))
}

/// The distance from `p` to the segment `a`–`b`.
pub fn point_segment(p: V, a: V, b: V) -> f32 {
    let ab = b.sub(a);
    let length_sq = ab.0 * ab.0 + ab.1 * ab.1;
    let t = if length_sq < 1e-8 {
        0.0
    } else {
        ((p.0 - a.0) * ab.0 + (p.1 - a.1) * ab.1) / length_sq
    };
    p.sub(a.add(ab.scale(t.clamp(0.0, 1.0)))).length()
}

fn segments_cross(a: V, b: V, c: V, d: V) -> bool {
    let side = |p: V, q: V, r: V| (q.0 - p.0) * (r.1 - p.1) - (q.1 - p.1) * (r.0 - p.0);
    let (d1, d2) = (side(c, d, a), side(c, d, b));
    let (d3, d4) = (side(a, b, c), side(a, b, d));
    d1 * d2 < 0.0 && d3 * d4 < 0.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_between_segments() {
        let d = segment_distance(V(0.0, 0.0), V(4.0, 0.0), V(0.0, 1.0), V(4.0, 1.0));
        assert!((d - 1.0).abs() < 1e-5);
        let crossing = segment_distance(V(0.0, -1.0), V(0.0, 1.0), V(-1.0, 0.0), V(1.0, 0.0));
        assert_eq!(crossing, 0.0);
        let apart = segment_distance(V(0.0, 0.0), V(1.0, 0.0), V(4.0, 0.0), V(5.0, 0.0));
        assert!((apart - 3.0).abs() < 1e-5);
    }

    #[test]
    fn quarter_turn_is_clockwise_on_screen() {
        assert_eq!(V(1.0, 0.0).perp(), V(-0.0, 1.0));
        let north = V::at_angle(1.5 * std::f32::consts::PI);
        assert!(north.0.abs() < 1e-5 && (north.1 + 1.0).abs() < 1e-5);
    }
}

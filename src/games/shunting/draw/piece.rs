//! Cars and locomotives on their slots, turned along their track: a car is a chamfered box in its
//! colour; a loco has a pointed front with a headlamp and a coupler at its rear; a goal's ghost is a
//! faint dashed outline of the piece that must end there.

use render::{Canvas, Colour, Rect, palette};

use super::style::{GHOST_NAME, HEADLAMP, LOCO_TRIM, PIECE_HALF, PIECE_NAME, outline_of};
use super::vector::V;

/// Where a piece stands: its centre and the direction along its track it points (a loco: its front).
#[derive(Clone, Copy, Debug)]
pub struct Placement {
    /// The centre, in pixels.
    pub centre: V,
    /// A unit vector along the track (for a loco: towards its front).
    pub along: V,
}

impl Placement {
    /// The point `a` along and `b` across from the centre.
    fn at(&self, a: f32, b: f32) -> (f32, f32) {
        self.centre
            .add(self.along.scale(a))
            .add(self.along.perp().scale(b))
            .pair()
    }

    /// A box `a` along and `b` across (half sizes) with corners cut by `cut`.
    fn chamfered(&self, a: f32, b: f32, cut: f32) -> [(f32, f32); 8] {
        [
            self.at(-a + cut, -b),
            self.at(a - cut, -b),
            self.at(a, -b + cut),
            self.at(a, b - cut),
            self.at(a - cut, b),
            self.at(-a + cut, b),
            self.at(-a, b - cut),
            self.at(-a, -b + cut),
        ]
    }

    /// A loco's body: square at the rear, tapering to a blunt nose at the front.
    fn loco_body(&self, a: f32, b: f32) -> [(f32, f32); 6] {
        let shoulder = a - 9.0;
        [
            self.at(-a, -b),
            self.at(shoulder, -b),
            self.at(a, -b * 0.45),
            self.at(a, b * 0.45),
            self.at(shoulder, b),
            self.at(-a, b),
        ]
    }
}

/// Draws a car in `fill` with its name.
pub fn car(canvas: &mut Canvas, at: Placement, fill: Colour, name: &str) {
    let (a, b) = PIECE_HALF;
    canvas.fill_polygon(&at.chamfered(a + 2.0, b + 2.0, 6.0), outline_of(fill));
    canvas.fill_polygon(&at.chamfered(a, b, 5.0), fill);
    label(canvas, at, fill, name);
}

/// Draws a locomotive in `fill` facing along `at.along`, with its name.
pub fn loco(canvas: &mut Canvas, at: Placement, fill: Colour, name: &str) {
    let (a, b) = PIECE_HALF;
    canvas.line(at.at(-a - 4.0, 0.0), at.at(-a + 1.0, 0.0), 6.0, LOCO_TRIM);
    canvas.fill_polygon(&at.loco_body(a + 2.0, b + 2.0), LOCO_TRIM);
    canvas.fill_polygon(&at.loco_body(a, b), fill);
    let (lx, ly) = at.at(a - 4.5, 0.0);
    canvas.fill_circle(lx, ly, 3.5, HEADLAMP);
    label(canvas, at, fill, name);
}

/// Draws the faint outline of `name` in `colour` on an empty goal slot.
pub fn ghost(canvas: &mut Canvas, at: Placement, colour: Colour, name: &str) {
    let (a, b) = PIECE_HALF;
    let faint = colour.mix(palette::BACKGROUND, 0.7);
    canvas.fill_polygon(&at.chamfered(a, b, 5.0), faint);
    dashed_outline(canvas, &at.chamfered(a, b, 5.0), colour);
    let style = GHOST_NAME.with_colour(palette::ink_on(faint));
    let (cx, cy) = at.centre.pair();
    canvas.text_centred(&style, Rect::new(cx - a, cy - b, 2.0 * a, 2.0 * b), name);
}

/// A dashed ring, in `colour`, where a piece stood before (outside any goal ghost there).
pub fn vacated(canvas: &mut Canvas, at: Placement, colour: Colour) {
    let (a, b) = PIECE_HALF;
    dashed_outline(canvas, &at.chamfered(a + 5.0, b + 5.0, 7.0), colour);
}

/// A goal frame round an occupied goal slot, in the colour of the piece that must end there.
pub fn goal_frame(canvas: &mut Canvas, at: Placement, colour: Colour) {
    let (a, b) = PIECE_HALF;
    canvas.fill_polygon(&at.chamfered(a + 6.0, b + 6.0, 8.0), colour);
}

/// A ring round a piece (it moved in the last move, or its goal is met).
pub fn ring(canvas: &mut Canvas, at: Placement, colour: Colour, width: f32) {
    let (a, b) = PIECE_HALF;
    let corners = at.chamfered(a + 3.0 + width, b + 3.0 + width, 7.0);
    for (i, &from) in corners.iter().enumerate() {
        canvas.line(from, corners[(i + 1) % corners.len()], width, colour);
    }
}

fn dashed_outline(canvas: &mut Canvas, corners: &[(f32, f32)], colour: Colour) {
    const DASH: f32 = 5.0;
    for (i, &from) in corners.iter().enumerate() {
        let to = corners[(i + 1) % corners.len()];
        let (from, to) = (V(from.0, from.1), V(to.0, to.1));
        let length = to.sub(from).length();
        let along = to.sub(from).unit_or(V(1.0, 0.0));
        let mut t = 0.0;
        while t < length {
            let end = (t + DASH).min(length);
            canvas.line(
                from.add(along.scale(t)).pair(),
                from.add(along.scale(end)).pair(),
                2.0,
                colour,
            );
            t += 2.0 * DASH;
        }
    }
}

/// The name on the piece; on a pill of the piece's colour when the piece stands across the picture
/// too narrowly for it.
fn label(canvas: &mut Canvas, at: Placement, fill: Colour, name: &str) {
    let style = PIECE_NAME.with_colour(palette::ink_on(fill));
    let (a, b) = PIECE_HALF;
    let across = at.along.0.abs() * 2.0 * a + at.along.1.abs() * 2.0 * b;
    let (cx, cy) = at.centre.pair();
    let width = style.width(name);
    if width + 4.0 > across {
        let h = 16.0;
        let w = width + 8.0;
        canvas.fill_rounded_rect(Rect::new(cx - w / 2.0, cy - h / 2.0, w, h), h / 2.0, fill);
    }
    canvas.text_centred(&style, Rect::new(cx - a, cy - b, 2.0 * a, 2.0 * b), name);
}

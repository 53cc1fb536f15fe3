//! The Engine at the head of every train: a small locomotive facing left. Every coordinate is a share
//! of the rectangle it is drawn into (x of its width, y of its height).

use render::palette;
use render::{Canvas, Rect};

/// A rectangle as shares: left, top, width, height.
type Shares = [f32; 4];

const ROOF: Shares = [0.62, 0.05, 0.38, 0.09];
const BOILER: Shares = [0.10, 0.36, 0.56, 0.38];
const CAB: Shares = [0.60, 0.10, 0.36, 0.64];
const WINDOW: Shares = [0.68, 0.20, 0.20, 0.20];
const FOOTPLATE: Shares = [0.08, 0.70, 0.88, 0.08];
const FUNNEL: [(f32, f32); 4] = [(0.17, 0.14), (0.33, 0.14), (0.30, 0.38), (0.20, 0.38)];
const COWCATCHER: [(f32, f32); 3] = [(0.0, 0.86), (0.12, 0.58), (0.12, 0.86)];
/// Wheel centres along the width, all at height `WHEEL_Y`.
const WHEELS_AT: [f32; 3] = [0.27, 0.49, 0.80];
const WHEEL_Y: f32 = 0.84;
/// Radii (shares of the height): wheel, hub; and the width of outlines.
const WHEEL_R: f32 = 0.11;
const HUB_R: f32 = 0.03;
const OUTLINE: f32 = 0.035;
/// Corner radii (shares of the height).
const BOILER_CORNER: f32 = 0.16;
const CAB_CORNER: f32 = 0.05;
const SMALL_CORNER: f32 = 0.03;

/// Draws an Engine into `rect`.
pub fn paint_engine(canvas: &mut Canvas, rect: Rect) {
    let part = |[x, y, w, h]: Shares| {
        Rect::new(
            rect.x + x * rect.w,
            rect.y + y * rect.h,
            w * rect.w,
            h * rect.h,
        )
    };
    let at = |&(x, y): &(f32, f32)| (rect.x + x * rect.w, rect.y + y * rect.h);
    let h = rect.h;
    let (body, trim) = (palette::ENGINE, palette::ENGINE_TRIM);

    canvas.fill_rounded_rect(part(ROOF), SMALL_CORNER * h, trim);
    for (shape, corner) in [(BOILER, BOILER_CORNER), (CAB, CAB_CORNER)] {
        canvas.fill_rounded_rect(part(shape), corner * h, body);
        canvas.stroke_rounded_rect(part(shape), corner * h, OUTLINE * h, trim);
    }
    canvas.fill_rounded_rect(part(WINDOW), SMALL_CORNER * h, palette::TEXT_MUTED);
    canvas.fill_polygon(&FUNNEL.iter().map(at).collect::<Vec<_>>(), trim);
    canvas.fill_polygon(&COWCATCHER.iter().map(at).collect::<Vec<_>>(), trim);
    canvas.fill_rounded_rect(part(FOOTPLATE), SMALL_CORNER * h, trim);
    for x in WHEELS_AT {
        let (cx, cy) = at(&(x, WHEEL_Y));
        canvas.fill_circle(cx, cy, WHEEL_R * h, palette::INK_DARK);
        canvas.stroke_circle(cx, cy, WHEEL_R * h, OUTLINE * h, trim);
        canvas.fill_circle(cx, cy, HUB_R * h, trim);
    }
}

//! One car tile drawn into a rectangle: owner colour and letter, type, bonus icon and points. Every
//! inner size is a share of the rectangle's height, so the map, the train and the hand draw the same
//! tile at different sizes.

use render::palette::{self, ink_on};
use render::{Align, Canvas, Colour, Rect, TextStyle};

use super::icons::paint_bonus;
use super::style::{owner_colour, owner_letter, signed};
use crate::games::whistlewood::cars::{CarKind, Owner, TileType};

/// Corner radius.
const CORNER: f32 = 0.14;
/// Space between the edge and the content.
const PAD: f32 = 0.1;
/// Radius of the owner's letter disc.
const DISC_R: f32 = 0.17;
/// Size of the owner's letter.
const LETTER_SIZE: f32 = 0.23;
/// Space and letter disc radius on a car too narrow for the points beside the usual disc.
const NARROW_PAD: f32 = 0.06;
const NARROW_DISC_R: f32 = 0.13;
/// Space between the letter disc and the bonus icon.
const ICON_GAP: f32 = 0.06;
/// Size of the points (smaller on a car too narrow for them beside the letter).
const POINTS_SIZE: f32 = 0.27;
/// Size of the type's name, and the smallest it may shrink to before the short name is used.
const NAME_SIZE: f32 = 0.27;
const NAME_MIN_SIZE: f32 = 0.21;
/// The bonus icon's radius on a car too narrow to show it beside the letter, as a share of the
/// letter disc's; it then sits on the car's top edge.
const NARROW_ICON: f32 = 0.8;
/// Where the name's baseline sits, as a share of the height from the top.
const NAME_BASELINE: f32 = 0.84;
/// Width of the outline.
const OUTLINE: f32 = 1.5;
/// Radius of a wheel.
const WHEEL_R: f32 = 0.11;
/// How far a wheel's centre sits below the body, as a share of its radius.
const WHEEL_DROP: f32 = 0.6;
/// Where wheels sit along the body, as shares of its width.
const WHEEL_AT: [f32; 2] = [0.2, 0.8];

/// A car as a picture shows it.
#[derive(Clone, Copy, Debug)]
pub struct CarLook {
    /// Whose car it is.
    pub owner: Owner,
    /// Its type.
    pub tile: TileType,
    /// The points to print on it, if any.
    pub points: Option<i32>,
}

/// Draws the car into `rect`.
pub fn paint_car(canvas: &mut Canvas, rect: Rect, car: &CarLook) {
    let h = rect.h;
    let fill = owner_colour(car.owner);
    let ink = ink_on(fill);
    canvas.fill_rounded_rect(rect, CORNER * h, fill);
    canvas.stroke_rounded_rect(rect, CORNER * h, OUTLINE, palette::INK_DARK);

    let points = car.points.map(signed);
    let full = TextStyle::bold(POINTS_SIZE * h, ink);
    let points_w = points.as_ref().map_or(0.0, |p| full.width(p));
    let roomy = rect.w >= 2.0 * (PAD + DISC_R) * h + ICON_GAP * h + points_w;
    let (pad, r) = if roomy {
        (PAD * h, DISC_R * h)
    } else {
        (NARROW_PAD * h, NARROW_DISC_R * h)
    };
    let (cx, cy) = (rect.x + pad + r, rect.y + pad + r);
    canvas.fill_circle(cx, cy, r, palette::INK_DARK);
    let letter = TextStyle::bold(LETTER_SIZE * r / DISC_R, palette::INK_LIGHT);
    let disc = Rect::new(cx - r, cy - r, 2.0 * r, 2.0 * r);
    canvas.text_centred(&letter, disc, owner_letter(car.owner));
    let points_room = rect.right() - pad - (cx + r + ICON_GAP * h);
    let points_style = TextStyle::bold(POINTS_SIZE * h * (points_room / points_w).min(1.0), ink);
    let points_w = points_w.min(points_room);
    if let Some(bonus) = car.tile.bonus {
        let beside = cx + 2.0 * r + ICON_GAP * h;
        let room = rect.right() - pad - points_w - ICON_GAP * h;
        if beside + r <= room {
            paint_bonus(canvas, beside, cy, r, bonus);
        } else {
            paint_bonus(
                canvas,
                rect.centre().0,
                rect.y,
                NARROW_ICON * DISC_R * h,
                bonus,
            );
        }
    }
    if let Some(points) = points {
        let baseline = cy + points_style.cap_height() / 2.0;
        canvas.text(
            &points_style,
            rect.right() - pad,
            baseline,
            Align::Right,
            &points,
        );
    }
    let (name_style, name) = fitted_name(car.tile.kind, rect.w - 2.0 * pad, h, ink);
    let (mid, _) = rect.centre();
    canvas.text(
        &name_style,
        mid,
        rect.y + NAME_BASELINE * h,
        Align::Centre,
        &name,
    );
}

/// The type's name and the style that fits it into `room`: the full name, shrunk if need be, else the
/// short name, else the short name shortened.
fn fitted_name(kind: CarKind, room: f32, h: f32, ink: Colour) -> (TextStyle, String) {
    let full = TextStyle::bold(NAME_SIZE * h, ink);
    for name in [kind.name(), short_name(kind)] {
        let size = NAME_SIZE * h * (room / full.width(name)).min(1.0);
        if size >= NAME_MIN_SIZE * h {
            return (TextStyle::bold(size, ink), name.to_owned());
        }
    }
    let smallest = TextStyle::bold(NAME_MIN_SIZE * h, ink);
    let name = smallest.ellipsize(short_name(kind), room);
    (smallest, name)
}

/// A name short enough for a squeezed car.
fn short_name(kind: CarKind) -> &'static str {
    match kind {
        CarKind::Livestock => "Stock",
        other => other.name(),
    }
}

/// Draws two wheels under a car or locomotive body in `rect`.
pub fn paint_wheels(canvas: &mut Canvas, rect: Rect) {
    let r = WHEEL_R * rect.h;
    for share in WHEEL_AT {
        let cx = rect.x + share * rect.w;
        let cy = rect.bottom() + WHEEL_DROP * r;
        canvas.fill_circle(cx, cy, r, palette::INK_DARK);
        canvas.stroke_circle(cx, cy, r, OUTLINE, palette::BORDER);
    }
}

//! The icons printed on location cards and car tiles, drawn as simple shapes into a square box (House,
//! Silo, Field, River) or as a symbol in a gold disc (the bonuses: ⚡ Bonus Action, ↺ Shunt).

use render::palette;
use render::{Canvas, Rect, TextStyle};

use super::style::{FIELD_FILL, ICON_INK, RIVER_FILL, SILO_FILL};
use crate::games::whistlewood::cars::Bonus;
use crate::games::whistlewood::locations::Nature;

/// A point as shares of the icon's box.
type Share = (f32, f32);

const HOUSE: [Share; 5] = [
    (0.08, 0.48),
    (0.5, 0.08),
    (0.92, 0.48),
    (0.92, 0.95),
    (0.08, 0.95),
];
/// The House's door: left, top, width, height.
const DOOR: [f32; 4] = [0.4, 0.6, 0.2, 0.35];
/// The Silo's body: left, top, width, height; its dome sits on top.
const SILO: [f32; 4] = [0.3, 0.28, 0.4, 0.67];
/// Heights of the bands round the Silo.
const SILO_BANDS: [f32; 2] = [0.5, 0.72];
/// The Field's plot: left, top, width, height.
const FIELD: [f32; 4] = [0.05, 0.25, 0.9, 0.62];
/// Heights of the furrows across the Field.
const FURROWS: [f32; 3] = [0.4, 0.56, 0.72];
/// Heights of the River's waves.
const WAVES: [f32; 3] = [0.3, 0.55, 0.8];
/// Half-waves in each of the River's lines.
const WAVE_STEPS: usize = 6;
/// How far a wave rises and falls.
const WAVE_AMPLITUDE: f32 = 0.07;
/// Thickness of lines, as a share of the box.
const STROKE: f32 = 0.08;
/// The bonus symbol's size, as a share of the disc's radius.
const BONUS_GLYPH: f32 = 1.3;

/// Something a location card shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Icon {
    /// A Station's House.
    House,
    /// A Silo.
    Silo,
    /// A nature icon.
    Nature(Nature),
    /// A Siding's bonus.
    Bonus(Bonus),
}

impl Icon {
    /// The word printed under the icon.
    pub fn label(self) -> &'static str {
        match self {
            Icon::House => "Station",
            Icon::Silo => "Silo",
            Icon::Nature(Nature::Field) => "Field",
            Icon::Nature(Nature::River) => "River",
            Icon::Bonus(Bonus::Shunt) => "Shunt",
            Icon::Bonus(Bonus::Action) => "Bonus Action",
        }
    }
}

/// Draws `icon` into the square `rect`.
pub fn paint_icon(canvas: &mut Canvas, rect: Rect, icon: Icon) {
    let s = rect.w.min(rect.h);
    let at = |&(x, y): &Share| (rect.x + x * s, rect.y + y * s);
    let part = |[x, y, w, h]: [f32; 4]| Rect::new(rect.x + x * s, rect.y + y * s, w * s, h * s);
    match icon {
        Icon::House => {
            let corners: Vec<(f32, f32)> = HOUSE.iter().map(at).collect();
            canvas.fill_polygon(&corners, ICON_INK);
            canvas.fill_rounded_rect(part(DOOR), 0.0, palette::CARD_FACE);
        }
        Icon::Silo => {
            let body = part(SILO);
            canvas.fill_rounded_rect(body, STROKE * s, SILO_FILL);
            canvas.fill_circle(body.centre().0, body.y, body.w / 2.0, SILO_FILL);
            for y in SILO_BANDS {
                let (from, to) = (at(&(SILO[0], y)), at(&(SILO[0] + SILO[2], y)));
                canvas.line(from, to, STROKE * s / 2.0, ICON_INK);
            }
        }
        Icon::Nature(Nature::Field) => {
            canvas.fill_rounded_rect(part(FIELD), STROKE * s, FIELD_FILL);
            for y in FURROWS {
                let (from, to) = (at(&(FIELD[0], y)), at(&(FIELD[0] + FIELD[2], y)));
                canvas.line(from, to, STROKE * s / 2.0, ICON_INK);
            }
        }
        Icon::Nature(Nature::River) => {
            for y in WAVES {
                let points: Vec<(f32, f32)> = (0..=WAVE_STEPS)
                    .map(|i| {
                        let x = 0.05 + 0.9 * i as f32 / WAVE_STEPS as f32;
                        let rise = if i % 2 == 0 { -1.0 } else { 1.0 };
                        at(&(x, y + rise * WAVE_AMPLITUDE))
                    })
                    .collect();
                for pair in points.windows(2) {
                    canvas.line(pair[0], pair[1], STROKE * s, RIVER_FILL);
                }
            }
        }
        Icon::Bonus(bonus) => {
            let (cx, cy) = rect.centre();
            paint_bonus(canvas, cx, cy, s / 2.0, bonus);
        }
    }
}

/// Draws a bonus symbol in a gold disc of radius `r` centred on `(cx, cy)`.
pub fn paint_bonus(canvas: &mut Canvas, cx: f32, cy: f32, r: f32, bonus: Bonus) {
    canvas.fill_circle(cx, cy, r, palette::ENGINE_TRIM);
    let style = TextStyle::bold(BONUS_GLYPH * r, palette::INK_DARK);
    let symbol = match bonus {
        Bonus::Action => "⚡",
        Bonus::Shunt => "↺",
    };
    canvas.text_centred(&style, Rect::new(cx - r, cy - r, 2.0 * r, 2.0 * r), symbol);
}

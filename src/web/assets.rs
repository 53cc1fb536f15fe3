//! The files the pages use, built into the binary: the style sheet and the keyboard script.

use axum::http::header;
use axum::response::IntoResponse;

/// The site's style sheet.
pub(super) const STYLE_SHEET: &str = include_str!("static/site.css");
/// The keyboard script of a game's page.
const SCRIPT: &str = include_str!("static/replay.js");

/// How long a browser may keep them before asking again.
const A_DAY: &str = "public, max-age=86400";

pub(super) async fn style_sheet() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/css; charset=utf-8"),
            (header::CACHE_CONTROL, A_DAY),
        ],
        STYLE_SHEET,
    )
}

pub(super) async fn script() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, A_DAY),
        ],
        SCRIPT,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The colour the style sheet declares as `--name`, as red, green and blue in 0..=1.
    fn colour(name: &str) -> [f64; 3] {
        let declaration = format!("--{name}: #");
        let at = STYLE_SHEET
            .find(&declaration)
            .unwrap_or_else(|| panic!("{declaration} is declared"))
            + declaration.len();
        let hex = &STYLE_SHEET[at..at + 6];
        let channel = |i: usize| f64::from(u8::from_str_radix(&hex[i..i + 2], 16).unwrap()) / 255.0;
        [channel(0), channel(2), channel(4)]
    }

    /// WCAG 2's relative luminance.
    fn luminance([r, g, b]: [f64; 3]) -> f64 {
        let linear = |c: f64| {
            if c <= 0.040_45 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    }

    fn contrast(a: [f64; 3], b: [f64; 3]) -> f64 {
        let (la, lb) = (luminance(a), luminance(b));
        (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
    }

    #[test]
    fn the_contrast_formula_gives_wcags_figures() {
        assert!((contrast([0.0; 3], [1.0; 3]) - 21.0).abs() < 1e-9);
        assert!((contrast([0.5; 3], [0.5; 3]) - 1.0).abs() < 1e-9);
    }

    #[test]
    fn every_text_colour_is_at_least_4_5_to_1_on_every_background_it_is_used_on() {
        for text in ["text", "muted", "link"] {
            for background in ["page", "head", "current"] {
                let ratio = contrast(colour(text), colour(background));
                assert!(ratio >= 4.5, "--{text} on --{background}: {ratio:.2}:1");
            }
        }
    }
}

//! The standings banner shown once a game is over: a title, then one line per player with their place,
//! seat mark, name, score and how the score was made. The winners' places are set in green.

use super::seats::{SeatMark, paint_seat_disc};
use super::typography::{
    CHIP_TEXT, DETAIL, HEADLINE, STANDING_LINE_H, STANDING_NAME, TITLE_LINE_H, baseline_in,
};
use super::{CHIP_H, HIGHLIGHT_WIDTH, PANEL_PAD, PANEL_RADIUS, ordinal, place_fill};
use crate::canvas::Canvas;
use crate::geometry::Rect;
use crate::palette::{self, ink_on};
use crate::text::Align;

/// Where names start, from the banner's inner left edge, after the place badge.
const NAME_X: f32 = 58.0;
/// Where seat discs sit, from the inner left edge, when some line has one.
const DISC_X: f32 = 62.0;
/// Radius of a seat disc.
const DISC_R: f32 = 10.0;
/// Where names start when the lines have seat discs.
const NAME_X_AFTER_DISC: f32 = 82.0;
/// The most of the banner's width the name column may take.
const NAME_SHARE: f32 = 0.35;
/// Width of the score column, right-aligned after the names.
const SCORE_W: f32 = 70.0;
/// Space before the detail column, and at least between a name and its score.
const COLUMN_GAP: f32 = 18.0;
/// Height of a line of the note under the standings.
const NOTE_LINE_H: f32 = 22.0;

/// One player's line in the banner.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// 1 for the winners.
    pub place: u32,
    /// The seat's colour and letter, where the game marks seats.
    pub seat: Option<SeatMark>,
    /// The player's name (shortened with an ellipsis if too long).
    pub name: String,
    /// The score as the game writes it ("42", "−3 pts").
    pub score: String,
    /// How the score was made.
    pub detail: String,
}

/// The banner: a title ("Final result", "Game over · Ann wins") and the standings, best first.
#[derive(Clone, Debug, PartialEq)]
pub struct StandingsBanner {
    /// The banner's first line.
    pub title: String,
    /// One line per player.
    pub standings: Vec<Standing>,
    /// How ties were settled, under the standings, wrapped to the banner's width.
    pub note: Option<String>,
}

impl StandingsBanner {
    /// How tall a banner with `lines` standings is.
    pub fn height_for(lines: usize) -> f32 {
        2.0 * PANEL_PAD + TITLE_LINE_H + STANDING_LINE_H * lines as f32
    }

    /// How tall the banner is when `width` wide (its note wraps to the width).
    pub fn height(&self, width: f32) -> f32 {
        StandingsBanner::height_for(self.standings.len())
            + self.note_lines(width).len() as f32 * NOTE_LINE_H
    }

    /// The note's lines in a banner `width` wide.
    fn note_lines(&self, width: f32) -> Vec<String> {
        self.note
            .as_deref()
            .map_or_else(Vec::new, |note| DETAIL.wrap(note, width - 2.0 * PANEL_PAD))
    }

    /// Draws the banner into `rect`.
    pub fn paint(&self, canvas: &mut Canvas, rect: Rect) {
        canvas.fill_rounded_rect(rect, PANEL_RADIUS, palette::PANEL);
        canvas.stroke_rounded_rect(rect, PANEL_RADIUS, HIGHLIGHT_WIDTH, palette::SUCCESS);
        let inner = rect.inset(PANEL_PAD);
        let title_baseline = baseline_in(inner.y, TITLE_LINE_H, &HEADLINE);
        canvas.text(&HEADLINE, inner.x, title_baseline, Align::Left, &self.title);

        let with_discs = self.standings.iter().any(|s| s.seat.is_some());
        let name_x = inner.x
            + if with_discs {
                NAME_X_AFTER_DISC
            } else {
                NAME_X
            };
        let widest = self
            .standings
            .iter()
            .map(|s| STANDING_NAME.width(&s.name))
            .fold(0.0, f32::max);
        let name_w = widest.min(NAME_SHARE * inner.w);
        let widest_score = self
            .standings
            .iter()
            .map(|s| STANDING_NAME.width(&s.score))
            .fold(0.0, f32::max);
        let score_right = name_x + name_w + SCORE_W.max(widest_score + COLUMN_GAP);
        let detail_x = score_right + COLUMN_GAP;
        for (i, standing) in self.standings.iter().enumerate() {
            let top = inner.y + TITLE_LINE_H + i as f32 * STANDING_LINE_H;
            let fill = place_fill(standing.place);
            let badge = CHIP_TEXT.with_colour(ink_on(fill));
            canvas.badge(&badge, inner.x, top, CHIP_H, fill, &ordinal(standing.place));
            let cy = top + CHIP_H / 2.0;
            if let Some(mark) = standing.seat {
                paint_seat_disc(canvas, inner.x + DISC_X, cy, DISC_R, mark);
            }
            let baseline = cy + STANDING_NAME.cap_height() / 2.0;
            let name = STANDING_NAME.ellipsize(&standing.name, name_w);
            canvas.text(&STANDING_NAME, name_x, baseline, Align::Left, &name);
            canvas.text(
                &STANDING_NAME,
                score_right,
                baseline,
                Align::Right,
                &standing.score,
            );
            let detail = DETAIL.ellipsize(&standing.detail, inner.right() - detail_x);
            canvas.text(&DETAIL, detail_x, baseline, Align::Left, &detail);
        }
        let notes_top = inner.y + TITLE_LINE_H + self.standings.len() as f32 * STANDING_LINE_H;
        for (i, line) in self.note_lines(rect.w).iter().enumerate() {
            let baseline = baseline_in(notes_top + i as f32 * NOTE_LINE_H, NOTE_LINE_H, &DETAIL);
            canvas.text(&DETAIL, inner.x, baseline, Align::Left, line);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn banner(places: &[u32]) -> StandingsBanner {
        StandingsBanner {
            title: "Final result".to_owned(),
            standings: places
                .iter()
                .map(|&place| Standing {
                    place,
                    seat: None,
                    name: format!("Player {place}"),
                    score: "10".to_owned(),
                    detail: "cars 10".to_owned(),
                })
                .collect(),
            note: None,
        }
    }

    #[test]
    fn the_banner_grows_a_line_per_player() {
        assert_eq!(
            banner(&[1, 2, 3]).height(600.0) - banner(&[1, 2]).height(600.0),
            STANDING_LINE_H
        );
    }

    #[test]
    fn a_long_note_wraps_onto_more_lines_in_a_narrow_banner() {
        let noted = StandingsBanner {
            note: Some(
                "Ann and Bo tied on 38 points; ties go to whoever sits farther from the start \
                        player, Ann, clockwise: Bo before Ann."
                    .to_owned(),
            ),
            ..banner(&[1, 2])
        };
        let plain = banner(&[1, 2]).height(900.0);
        assert_eq!(noted.height(900.0) - plain, NOTE_LINE_H);
        assert!(noted.height(300.0) - plain >= 3.0 * NOTE_LINE_H);
    }

    #[test]
    fn winners_places_are_green_and_the_others_grey() {
        let shared_win = banner(&[1, 1, 3]);
        let width = 600.0;
        let height = shared_win.height(400.0);
        let mut canvas = Canvas::new(width as u32, height as u32, palette::BACKGROUND);
        shared_win.paint(&mut canvas, Rect::new(0.0, 0.0, width, height));
        let badge_fill = |line: usize| {
            let top = PANEL_PAD + TITLE_LINE_H + line as f32 * STANDING_LINE_H;
            canvas.pixel((PANEL_PAD + 3.0) as i32, (top + CHIP_H / 2.0) as i32)
        };
        assert_eq!(badge_fill(0), Some(palette::SUCCESS));
        assert_eq!(badge_fill(1), Some(palette::SUCCESS));
        assert_eq!(badge_fill(2), Some(palette::BORDER));
    }
}

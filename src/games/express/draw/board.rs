//! The whole board: the heading, the piles with what happens now, the seats' panels, the scores over the
//! hands and, once the game is over, the standings.

use render::palette;
use render::theme::{HEADING_H, Heading, MARGIN, PANEL_GAP, Standing, StandingsBanner};
use render::{Canvas, Rect};

use super::marks::Marks;
use super::style::{BOARD_W, number, seat_mark};
use super::{piles, scores, seats};
use crate::game::fill_seat_refs;
use crate::games::express::present::{places, seat_name, table_facts};
use crate::games::express::view::{ExpressView, PhaseView};
use crate::plural::{counted, pts};

/// The standings once the game is over, best first.
pub fn banner(view: &ExpressView, names: &[String]) -> Option<StandingsBanner> {
    if view.phase != PhaseView::Over {
        return None;
    }
    let places = places(view);
    let mut order: Vec<usize> = (0..view.seats.len()).collect();
    order.sort_by_key(|&seat| (places[seat], seat));
    let standings: Vec<Standing> = order
        .iter()
        .map(|&seat| Standing {
            place: places[seat],
            seat: Some(seat_mark(seat)),
            name: seat_name(names, seat),
            score: format!(
                "{} {}",
                number(view.seats[seat].total),
                pts(view.seats[seat].total)
            ),
            detail: view
                .hand_points
                .iter()
                .map(|points| number(points[seat]))
                .collect::<Vec<_>>()
                .join(" + "),
        })
        .collect();
    let winners: Vec<&str> = standings
        .iter()
        .filter(|s| s.place == 1)
        .map(|s| s.name.as_str())
        .collect();
    Some(StandingsBanner {
        title: format!(
            "Game over · {} {}",
            winners.join(" and "),
            if winners.len() == 1 {
                "wins"
            } else {
                "share the win"
            }
        ),
        standings,
        note: view
            .outcome
            .as_ref()
            .and_then(|outcome| outcome.tie_break.as_deref())
            .map(|text| fill_seat_refs(text, |seat| seat_name(names, seat))),
    })
}

/// The board of `view`, with `names` in seat order and the changes in `marks` outlined.
pub fn draw(view: &ExpressView, names: &[String], marks: &Marks) -> Canvas {
    let content_w = BOARD_W - 2.0 * MARGIN;
    let banner = banner(view, names);
    let banner_h = banner
        .as_ref()
        .map_or(0.0, |b| b.height(content_w) + PANEL_GAP);
    let piles_top = MARGIN + HEADING_H + PANEL_GAP + banner_h;
    let seats_top = piles_top + piles::HEIGHT + PANEL_GAP;
    let seats_h = seats::height(view, marks, content_w);
    let scores_h = scores::height(view, names, content_w);
    let scores_top = seats_top + seats_h + PANEL_GAP;
    let height = if scores_h > 0.0 {
        scores_top + scores_h + MARGIN
    } else {
        seats_top + seats_h + MARGIN
    };
    let mut canvas = Canvas::new(BOARD_W as u32, height.ceil() as u32, palette::BACKGROUND);
    let headline = if view.phase == PhaseView::Over {
        format!(
            "Game over after {}",
            counted(view.hand_points.len(), "hand")
        )
    } else {
        format!("Hand {} · game to {}", view.hand_number, view.target)
    };
    Heading {
        title: "Express",
        headline: &headline,
        facts: &table_facts(view, names).join(" · "),
    }
    .paint(&mut canvas, MARGIN, MARGIN, content_w);
    if let Some(banner) = banner {
        let rect = Rect::new(
            MARGIN,
            MARGIN + HEADING_H + PANEL_GAP,
            content_w,
            banner.height(content_w),
        );
        banner.paint(&mut canvas, rect);
    }
    piles::paint(
        &mut canvas,
        view,
        names,
        marks,
        Rect::new(MARGIN, piles_top, content_w, piles::HEIGHT),
    );
    seats::paint(
        &mut canvas,
        view,
        names,
        marks,
        (MARGIN, seats_top, content_w),
    );
    if scores_h > 0.0 {
        scores::paint(
            &mut canvas,
            view,
            names,
            Rect::new(MARGIN, scores_top, content_w, scores_h),
        );
    }
    canvas
}

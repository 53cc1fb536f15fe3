//! The picture in a seat's private turn panel, read on a phone: who it is and what it is asked, what it
//! holds, and only the part of the table its decision needs (the market around its agent, the places it
//! can build, a city's incentives, the rondel's next spaces, the subsidies).

use render::palette;
use render::theme::{
    HIGHLIGHT_WIDTH, MARGIN, NAME, NAME_LINE_H, PANEL_GAP, PANEL_PAD, PANEL_RADIUS, baseline_in,
    paint_seat_disc,
};
use render::{Align, Canvas, Rect};

use super::panel_map::BuildArea;
use super::panel_market::Window;
use super::style::{BODY, BODY_BOLD, BODY_LINE_H, PANEL_W, seat_mark};
use crate::game::Viewer;
use crate::games::coal_train::content::Content;
use crate::games::coal_train::present::{
    incentive_line, incentive_words, income_words, marker_words,
};
use crate::games::coal_train::view::{CoalTrainView, Decision, PlayerView};
use crate::games::coal_train::words::{kind_name, kind_use, seat_name, subsidy_effect};
use crate::plural::counted;

/// Radius of the seat disc in the heading.
const DISC_R: f32 = 14.0;

/// One block of the panel.
enum Section {
    /// A title and lines of text, each wrapped to the width.
    Lines {
        /// The bold first line.
        title: String,
        /// The lines under it.
        lines: Vec<String>,
    },
    /// Part of the market.
    Market(Window),
    /// The places a build can reach.
    Map(BuildArea),
}

impl Section {
    fn height(&self, width: f32) -> f32 {
        match self {
            Section::Lines { title, lines } => {
                let inner = width - 2.0 * PANEL_PAD;
                let count = BODY_BOLD.wrap(title, inner).len()
                    + lines
                        .iter()
                        .map(|l| BODY.wrap(l, inner).len())
                        .sum::<usize>();
                2.0 * PANEL_PAD + count as f32 * BODY_LINE_H
            }
            Section::Market(window) => window.height(width),
            Section::Map(area) => area.height(width),
        }
    }

    fn paint(&self, canvas: &mut Canvas, rect: Rect, view: &CoalTrainView) {
        match self {
            Section::Lines { title, lines } => {
                canvas.fill_rounded_rect(rect, PANEL_RADIUS, palette::PANEL);
                let inner = rect.inset(PANEL_PAD);
                let mut top = inner.y;
                let styled =
                    std::iter::once((&BODY_BOLD, title)).chain(lines.iter().map(|l| (&BODY, l)));
                for (style, line) in styled {
                    for piece in style.wrap(line, inner.w) {
                        let baseline = baseline_in(top, BODY_LINE_H, style);
                        canvas.text(style, inner.x, baseline, Align::Left, &piece);
                        top += BODY_LINE_H;
                    }
                }
            }
            Section::Market(window) => window.paint(canvas, rect, view),
            Section::Map(area) => area.paint(canvas, rect, view),
        }
    }
}

/// The panel of the seat whose view this is; none for a spectator.
pub fn draw(view: &CoalTrainView, names: &[String]) -> Option<Canvas> {
    let Viewer::Seat(seat) = view.viewer else {
        return None;
    };
    let player = view.players.get(seat)?;
    let width = PANEL_W - 2.0 * MARGIN;
    let asked = asked_line(view, names, seat);
    let heading_h = 2.0 * PANEL_PAD
        + NAME_LINE_H
        + BODY_BOLD.wrap(&asked, width - 2.0 * PANEL_PAD).len() as f32 * BODY_LINE_H;
    let mut sections = vec![holdings(player)];
    sections.extend(focus(view, player));
    let height = MARGIN
        + heading_h
        + sections
            .iter()
            .map(|s| PANEL_GAP + s.height(width))
            .sum::<f32>()
        + MARGIN;
    let mut canvas = Canvas::new(PANEL_W as u32, height.ceil() as u32, palette::BACKGROUND);
    heading(
        &mut canvas,
        Rect::new(MARGIN, MARGIN, width, heading_h),
        view,
        names,
        player,
        &asked,
    );
    let mut top = MARGIN + heading_h;
    for section in &sections {
        top += PANEL_GAP;
        let h = section.height(width);
        section.paint(&mut canvas, Rect::new(MARGIN, top, width, h), view);
        top += h;
    }
    Some(canvas)
}

/// What the seat is asked, or who it waits for.
fn asked_line(view: &CoalTrainView, names: &[String], seat: usize) -> String {
    match view.to_act {
        _ if view.outcome.is_some() => "The game is over.".to_string(),
        Some(acting) if acting == seat => format!("Your turn: {}", view.asked),
        Some(acting) => format!("Waiting for {}: {}", seat_name(names, acting), view.asked),
        None => view.asked.clone(),
    }
}

/// The heading: the seat's disc and name, the round and its VP, and what it is asked.
fn heading(
    canvas: &mut Canvas,
    rect: Rect,
    view: &CoalTrainView,
    names: &[String],
    player: &PlayerView,
    asked: &str,
) {
    canvas.fill_rounded_rect(rect, PANEL_RADIUS, palette::PANEL);
    if view.to_act == Some(player.seat) && view.outcome.is_none() {
        canvas.stroke_rounded_rect(rect, PANEL_RADIUS, HIGHLIGHT_WIDTH, palette::HIGHLIGHT);
    }
    let inner = rect.inset(PANEL_PAD);
    let cy = inner.y + NAME_LINE_H / 2.0;
    paint_seat_disc(canvas, inner.x + DISC_R, cy, DISC_R, seat_mark(player.seat));
    let baseline = baseline_in(inner.y, NAME_LINE_H, &NAME);
    let right = format!("Round {} · {} VP", view.round, player.vp);
    let right_w = canvas.text(&NAME, inner.right(), baseline, Align::Right, &right);
    let name_x = inner.x + 2.0 * DISC_R + 10.0;
    let name = NAME.ellipsize(
        &seat_name(names, player.seat),
        inner.right() - right_w - 16.0 - name_x,
    );
    canvas.text(&NAME, name_x, baseline, Align::Left, &name);
    let style = BODY_BOLD.with_colour(palette::HIGHLIGHT);
    for (i, line) in style.wrap(asked, inner.w).iter().enumerate() {
        let top = inner.y + NAME_LINE_H + i as f32 * BODY_LINE_H;
        canvas.text(
            &style,
            inner.x,
            baseline_in(top, BODY_LINE_H, &style),
            Align::Left,
            line,
        );
    }
}

/// What the seat holds.
fn holdings(player: &PlayerView) -> Section {
    let content = Content::get();
    let mut lines = vec![
        format!(
            "{} coal · {} iron · {} water · {} AP left",
            player.res.coal, player.res.iron, player.res.water, player.ap
        ),
        format!("Income: {}", income_words(player).join(" · ")),
        format!("Markers: {}", marker_words(player)),
    ];
    if player.tile_kinds.is_empty() {
        lines.push("Tiles: none".to_string());
    }
    lines.extend(player.tile_kinds.iter().map(|&k| {
        let kind = &content.kinds[k];
        format!("Tile {}: {}", kind_name(kind), kind_use(kind))
    }));
    lines.push(format!("Incentives: {}", incentive_words(player)));
    lines.push(format!(
        "Agent {} · {} left",
        player
            .agent
            .as_deref()
            .map_or("off the board".to_string(), |a| format!("on {a}")),
        counted(player.tokens_left, "station token")
    ));
    Section::Lines {
        title: "You have".to_string(),
        lines,
    }
}

/// The part of the table the seat's decision needs (the market while another seat acts).
fn focus(view: &CoalTrainView, player: &PlayerView) -> Vec<Section> {
    let content = Content::get();
    let builds = player
        .tile_kinds
        .iter()
        .any(|&k| content.kinds[k].build.is_some());
    let area = |towns_only| BuildArea::new(view, player.seat, towns_only).map(Section::Map);
    if view.to_act != Some(player.seat) {
        return vec![Section::Market(Window::whole(player.seat))];
    }
    match view.decision {
        Decision::Actions => {
            let mut sections = vec![Section::Market(Window::around(player))];
            if builds {
                sections.extend(area(false));
            }
            sections
        }
        Decision::Place => vec![Section::Market(Window::whole(player.seat))],
        Decision::SecondBuild => area(false).into_iter().collect(),
        Decision::TownBuild => area(true).into_iter().collect(),
        Decision::Incentive(city) => vec![Section::Lines {
            title: format!("Incentives in {}", content.map.locations[city].name),
            lines: view.locations[city]
                .incentives
                .iter()
                .map(|name| incentive_line(content, name))
                .collect(),
        }],
        Decision::Rondel => vec![rondel(view)],
        Decision::SetupMarker | Decision::Marker | Decision::Lobby | Decision::BackRoom => {
            vec![subsidies(view, player)]
        }
        Decision::Depot | Decision::Over => Vec::new(),
    }
}

/// Where each rondel move takes the loco, and what it gives there.
fn rondel(view: &CoalTrainView) -> Section {
    let content = Content::get();
    let n = content.subsidies.len();
    let at = content
        .subsidies
        .iter()
        .position(|s| s.name == view.rondel)
        .unwrap_or(0);
    let lines = (1..=content.rondel_max_move)
        .map(|moves| {
            let to = &content.subsidies[(at + moves) % n];
            format!(
                "{} → {}: {}",
                counted(moves, "space"),
                to.name,
                subsidy_effect(&to.effect)
            )
        })
        .collect();
    Section::Lines {
        title: format!("Rondel: the loco is on {}", view.rondel),
        lines,
    }
}

/// Every subsidy, what spending it does, and how many markers of it the seat holds.
fn subsidies(view: &CoalTrainView, player: &PlayerView) -> Section {
    let content = Content::get();
    let lines = content
        .subsidies
        .iter()
        .map(|s| {
            let held = player
                .markers
                .iter()
                .find(|(name, _)| *name == s.name)
                .map_or(0, |(_, n)| *n);
            let taken = view
                .players
                .iter()
                .any(|p| p.markers.iter().any(|(name, _)| *name == s.name));
            let note = match (view.decision, held) {
                (Decision::SetupMarker, _) if taken => " (taken)".to_string(),
                (_, 0) => String::new(),
                (_, held) => format!(" · you hold {held}"),
            };
            let effect = match s.markers {
                1 => subsidy_effect(&s.effect),
                markers => format!("{} ({markers} markers)", subsidy_effect(&s.effect)),
            };
            format!("{}: {effect}{note}", s.name)
        })
        .collect();
    Section::Lines {
        title: "Subsidies".to_string(),
        lines,
    }
}

//! The turn panel's market: the spaces around the seat's agent (three rows and columns at most, so
//! their text is large), or the whole market when the agent is off the board or a drawn tile is placed.

use std::ops::Range;

use render::palette;
use render::theme::{HIGHLIGHT_WIDTH, PANEL_PAD, PANEL_RADIUS, baseline_in};
use render::{Align, Canvas, Rect, TextStyle};

use super::market::space_fill;
use super::style::{BODY, BODY_BOLD, BODY_LINE_H, seat_mark};
use crate::games::coal_train::content::Content;
use crate::games::coal_train::notation::parse_space;
use crate::games::coal_train::state::SIDE;
use crate::games::coal_train::view::{CoalTrainView, PlayerView, SpaceView};
use crate::games::coal_train::words::{kind_name, short, whistlestop_effect};

/// Rows and columns shown around the agent.
const AROUND: usize = 3;
/// Space between two cells.
const GAP: f32 = 6.0;
/// Inner space of a cell.
const CELL_PAD: f32 = 5.0;
/// Radius of an agent's disc.
const AGENT_R: f32 = 10.0;

/// The spaces shown, and whose agent is outlined.
pub struct Window {
    rows: Range<usize>,
    columns: Range<usize>,
    seat: usize,
}

/// `AROUND` lines of the market centred on `line`, kept inside the market.
fn around(line: usize) -> Range<usize> {
    let start = line.saturating_sub(AROUND / 2).min(SIDE - AROUND);
    start..start + AROUND
}

impl Window {
    /// The spaces around `player`'s agent, or the whole market while it is off the board.
    pub fn around(player: &PlayerView) -> Window {
        match player.agent.as_deref().and_then(|a| parse_space(a).ok()) {
            Some(space) => Window {
                rows: around(space / SIDE),
                columns: around(space % SIDE),
                seat: player.seat,
            },
            None => Window::whole(player.seat),
        }
    }

    /// The whole market, `seat`'s agent outlined.
    pub fn whole(seat: usize) -> Window {
        Window {
            rows: 0..SIDE,
            columns: 0..SIDE,
            seat,
        }
    }

    /// Lines of text a cell holds: more when the cells are wide.
    fn cell_lines(&self) -> usize {
        if self.columns.len() > AROUND { 4 } else { 5 }
    }

    fn cell_h(&self) -> f32 {
        self.cell_lines() as f32 * BODY_LINE_H + 2.0 * CELL_PAD
    }

    /// How tall the section is, `width` wide.
    pub fn height(&self, _width: f32) -> f32 {
        2.0 * PANEL_PAD + BODY_LINE_H + self.rows.len() as f32 * (self.cell_h() + GAP) - GAP
    }

    /// Draws the section into `rect`.
    pub fn paint(&self, canvas: &mut Canvas, rect: Rect, view: &CoalTrainView) {
        canvas.fill_rounded_rect(rect, PANEL_RADIUS, palette::PANEL);
        let inner = rect.inset(PANEL_PAD);
        let title = if self.columns.len() == SIDE {
            "Market"
        } else {
            "Market around your agent"
        };
        let baseline = baseline_in(inner.y, BODY_LINE_H, &BODY_BOLD);
        canvas.text(&BODY_BOLD, inner.x, baseline, Align::Left, title);
        let columns = self.columns.len() as f32;
        let cell_w = (inner.w - (columns - 1.0) * GAP) / columns;
        let top = inner.y + BODY_LINE_H;
        for (r, row) in self.rows.clone().enumerate() {
            for (c, column) in self.columns.clone().enumerate() {
                let cell = Rect::new(
                    inner.x + c as f32 * (cell_w + GAP),
                    top + r as f32 * (self.cell_h() + GAP),
                    cell_w,
                    self.cell_h(),
                );
                self.cell(canvas, cell, &view.market[row * SIDE + column]);
            }
        }
    }

    /// One space: its name and agents, then what lies there in as many lines as fit.
    fn cell(&self, canvas: &mut Canvas, rect: Rect, space: &SpaceView) {
        let fill = space_fill(space);
        canvas.fill_rounded_rect(rect, 6.0, fill);
        if space.agents.contains(&self.seat) {
            canvas.stroke_rounded_rect(rect, 6.0, HIGHLIGHT_WIDTH, palette::HIGHLIGHT);
        }
        let ink = palette::ink_on(fill);
        let inner = rect.inset(CELL_PAD);
        let bold = BODY_BOLD.with_colour(ink);
        let body = BODY.with_colour(ink);
        canvas.text(
            &bold,
            inner.x,
            baseline_in(inner.y, BODY_LINE_H, &bold),
            Align::Left,
            &space.name,
        );
        for (i, &seat) in space.agents.iter().enumerate() {
            let cx = inner.right() - AGENT_R - i as f32 * (2.0 * AGENT_R + 2.0);
            agent(canvas, cx, inner.y + BODY_LINE_H / 2.0, seat);
        }
        let mut lines: Vec<(bool, String)> = Vec::new();
        for (is_bold, text) in what_lies(space, self.columns.len() > AROUND) {
            let style = if is_bold { &bold } else { &body };
            lines.extend(
                wrap(style, &text, inner.w)
                    .into_iter()
                    .map(|l| (is_bold, l)),
            );
        }
        for (i, (is_bold, line)) in lines.iter().take(self.cell_lines() - 1).enumerate() {
            let style = if *is_bold { &bold } else { &body };
            let line = style.ellipsize(line, inner.w);
            let top = inner.y + (i + 1) as f32 * BODY_LINE_H;
            canvas.text(
                style,
                inner.x,
                baseline_in(top, BODY_LINE_H, style),
                Align::Left,
                &line,
            );
        }
    }
}

/// `text` wrapped at spaces to `width`, a word wider than a line broken with a hyphen ("Manage-",
/// "ment A"), so the whole market's narrow cells keep the panel's large print.
fn wrap(style: &TextStyle, text: &str, width: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let mut word = word.to_string();
        loop {
            let joined = if line.is_empty() {
                word.clone()
            } else {
                format!("{line} {word}")
            };
            if style.width(&joined) <= width {
                line = joined;
                break;
            }
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
                continue;
            }
            let chars: Vec<char> = word.chars().collect();
            let fits = |n: usize| {
                let head: String = chars[..n].iter().chain(['-'].iter()).collect();
                style.width(&head) <= width
            };
            let cut = (1..chars.len()).rev().find(|&n| fits(n)).unwrap_or(1);
            lines.push(chars[..cut].iter().chain(['-'].iter()).collect());
            word = chars[cut..].iter().collect();
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// What lies on a space, as lines (bold for its name): a tile's name, price and subsidy icon (by its
/// notation word when the cell is `narrow`); a whistlestop's name and what it does; the Standard
/// Upgrade's price.
fn what_lies(space: &SpaceView, narrow: bool) -> Vec<(bool, String)> {
    let content = Content::get();
    match space.kind {
        Some(k) => {
            let kind = &content.kinds[k];
            let mut lines = vec![
                (true, kind_name(kind)),
                (false, format!("buy {} AP", kind.buy_ap)),
            ];
            if let Some(icon) = &space.icon {
                let word = content
                    .subsidies
                    .iter()
                    .find(|s| narrow && s.name == *icon)
                    .map_or(icon, |s| &s.key);
                lines.push((false, format!("+{word}")));
            }
            lines
        }
        None if space.whistlestop => vec![
            (true, space.lying.clone()),
            (false, whistlestop_effect(content, &space.lying)),
        ],
        None if space.lying == "Standard Upgrade" => {
            let standard = &content.table.standard_upgrade;
            vec![
                (true, space.lying.clone()),
                (
                    false,
                    format!("{} AP + {}", standard.ap, short(&standard.cost)),
                ),
            ]
        }
        None => vec![(false, space.lying.clone())],
    }
}

/// An agent: a disc in the seat's colour with its number.
fn agent(canvas: &mut Canvas, cx: f32, cy: f32, seat: usize) {
    let mark = seat_mark(seat);
    canvas.fill_circle(cx, cy, AGENT_R, mark.colour);
    canvas.stroke_circle(cx, cy, AGENT_R, 1.5, palette::INK_DARK);
    let disc = Rect::new(cx - AGENT_R, cy - AGENT_R, 2.0 * AGENT_R, 2.0 * AGENT_R);
    let style = TextStyle::bold(13.0, palette::ink_on(mark.colour));
    canvas.text_centred(&style, disc, mark.letter);
}

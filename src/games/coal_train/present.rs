//! Texts and pictures of a Coal Train table, made from views only. Coal Train has no hidden hand, so
//! there is no hand picture or text: the table's picture shows everything a player may see. A seat's
//! turn panel picture shows what it holds and the part of the table its decision needs.

use std::collections::BTreeSet;
use std::fmt::Write;

use render::Canvas;

use super::content::{Content, IncentiveKind, LocationKind};
use super::draw;
use super::resources::Track;
use super::state::{CoalTrain, SIDE};
use super::view::{CoalTrainView, PlayerView, SpaceView};
use super::words::{
    incentive_effect, kind_name, kind_use, seat_name, short, track_word, whistlestop_effect,
};
use crate::game::{Participant, Presenter};
use crate::plural::counted;

/// Width of one market cell in the text view.
const CELL_W: usize = 20;

/// What a market space shows in the text view: the tile's short name, or what else lies there.
fn space_label(space: &SpaceView) -> String {
    let content = Content::get();
    match space.kind {
        Some(kind) => kind_name(&content.kinds[kind]),
        None => space.lying.clone(),
    }
}

/// The seat's income on each track and what its next step would give ("coal 2→3", "AP 8 (top)").
pub fn income_words(player: &PlayerView) -> Vec<String> {
    let content = Content::get();
    Track::ALL
        .iter()
        .map(|&track| {
            let spaces = &content.tracks[track.index()].spaces;
            let at = player.track_spaces[track.index()];
            let now = player.income[track.index()];
            match spaces.get(at + 1) {
                Some(next) => format!("{} {now}→{next}", track_word(track)),
                None => format!("{} {now} (top)", track_word(track)),
            }
        })
        .collect()
}

/// The subsidy markers a player holds ("Foundry ×2, Rail Pass ×1"), or "none".
pub fn marker_words(player: &PlayerView) -> String {
    if player.markers.is_empty() {
        return "none".to_string();
    }
    player
        .markers
        .iter()
        .map(|(name, n)| format!("{name} ×{n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The tiles a player holds unused, by short name, or "none".
pub fn tile_words(player: &PlayerView) -> String {
    let content = Content::get();
    if player.tile_kinds.is_empty() {
        return "none".to_string();
    }
    player
        .tile_kinds
        .iter()
        .map(|&k| kind_name(&content.kinds[k]))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The incentives a player holds, with their kind and whether a pay-once one is paid, or "none".
pub fn incentive_words(player: &PlayerView) -> String {
    if player.incentives.is_empty() {
        return "none".to_string();
    }
    player
        .incentives
        .iter()
        .map(|(name, kind, paid)| match (kind, paid) {
            (IncentiveKind::Pay, true) => format!("{name} (paid)"),
            (IncentiveKind::Pay, false) => format!("{name} (to pay)"),
            (IncentiveKind::Immediate, _) => format!("{name} (used)"),
            (IncentiveKind::Ongoing, _) => format!("{name} (ongoing)"),
            (IncentiveKind::End, _) => format!("{name} (end)"),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The heading's facts: the decks and the end.
pub fn progress_words(view: &CoalTrainView) -> String {
    let mut text = format!(
        "{} in the draw deck · {} in the reserve",
        counted(view.deck, "tile"),
        view.reserve
    );
    if view.last_round {
        text.push_str(" · last round");
    } else if view.end_triggered {
        text.push_str(" · end triggered: one more round after this one");
    }
    text
}

/// The legend for what lies in the market: each tile kind and whistlestop face up, once.
fn market_legend(view: &CoalTrainView) -> Vec<String> {
    let content = Content::get();
    let kinds: BTreeSet<usize> = view.market.iter().filter_map(|s| s.kind).collect();
    let mut lines: Vec<String> = kinds
        .into_iter()
        .map(|k| {
            let kind = &content.kinds[k];
            format!(
                "{}: buy {} AP; {}",
                kind_name(kind),
                kind.buy_ap,
                kind_use(kind)
            )
        })
        .collect();
    let stops: BTreeSet<&str> = view
        .market
        .iter()
        .filter(|s| s.whistlestop)
        .map(|s| s.lying.as_str())
        .collect();
    for stop in stops {
        lines.push(format!("{stop}: {}", whistlestop_effect(content, stop)));
    }
    let standard = &content.table.standard_upgrade;
    lines.push(format!(
        "Standard Upgrade: {} AP + {} for one income step",
        standard.ap,
        short(&standard.cost)
    ));
    lines
}

/// The compact text picture of the table used by the terminal front end.
pub fn board_text(view: &CoalTrainView, names: &[String]) -> String {
    let content = Content::get();
    let mut out = format!(
        "Coal Train · round {} · {}\n",
        view.round,
        progress_words(view)
    );
    match (&view.outcome, view.to_act) {
        (Some(outcome), _) => {
            out.push_str("Game over.\n");
            for standing in &outcome.standings {
                if let Participant::Seat(seat) = standing.participant {
                    writeln!(
                        out,
                        "{}. {} {} VP ({})",
                        standing.place,
                        seat_name(names, seat),
                        standing.score,
                        standing.detail
                    )
                    .ok();
                }
            }
        }
        (None, Some(seat)) => {
            writeln!(out, "{} to act: {}", seat_name(names, seat), view.asked).ok();
        }
        (None, None) => {}
    }
    if let Some(drawn) = &view.drawn {
        writeln!(out, "Drawn tile to place: {drawn}").ok();
    }
    out.push_str("\nMarket (agents as seat numbers; + the subsidy icon a purchase gains):\n");
    write!(out, "   ").ok();
    for column in 0..SIDE {
        write!(out, "{:<CELL_W$}", char::from(b'a' + column as u8)).ok();
    }
    out.push('\n');
    for (row, spaces) in view.market.chunks(SIDE).enumerate() {
        write!(out, "{:<3}", row + 1).ok();
        for space in spaces {
            let mut cell = space_label(space);
            cell.truncate(CELL_W - 1);
            write!(out, "{cell:<CELL_W$}").ok();
        }
        out.push_str("\n   ");
        for space in spaces {
            let mut cell = space
                .icon
                .as_ref()
                .map(|i| format!("+{i} "))
                .unwrap_or_default();
            if !space.agents.is_empty() {
                let seats: Vec<String> =
                    space.agents.iter().map(|s| format!("P{}", s + 1)).collect();
                cell.push_str(&seats.join(" "));
            }
            write!(out, "{cell:<CELL_W$}").ok();
        }
        out.push('\n');
    }
    for line in market_legend(view) {
        writeln!(out, "  {line}").ok();
    }
    let rondel: Vec<String> = view
        .rondel_order
        .iter()
        .map(|s| {
            if *s == view.rondel {
                format!("[{s}]")
            } else {
                s.clone()
            }
        })
        .collect();
    writeln!(out, "\nRondel (loco in brackets): {}", rondel.join(" → ")).ok();
    out.push_str("\nMap (VP; stations; connections with their extra cost; incentives left):\n");
    for (l, location) in view.locations.iter().enumerate() {
        let kind = match location.kind {
            LocationKind::City => "city",
            LocationKind::Town => "town",
        };
        let stations = if location.stations.is_empty() {
            "no stations".to_string()
        } else {
            let seats: Vec<String> = location
                .stations
                .iter()
                .map(|s| format!("P{}", s + 1))
                .collect();
            format!("stations {}", seats.join(" "))
        };
        let links: Vec<String> = content.map.neighbours[l]
            .iter()
            .map(|(n, extra)| {
                let name = &content.map.locations[*n].name;
                if extra.total() > 0 {
                    format!("{name} +{}", short(extra))
                } else {
                    name.clone()
                }
            })
            .collect();
        write!(
            out,
            "  {} ({kind} {} VP) {stations} · to {}",
            location.name,
            location.vp,
            links.join(", ")
        )
        .ok();
        if location.kind == LocationKind::City {
            let offers: Vec<String> = location
                .incentives
                .iter()
                .map(|name| incentive_line(content, name))
                .collect();
            if offers.is_empty() {
                out.push_str(" · no incentives left");
            } else {
                write!(out, " · incentives: {}", offers.join("; ")).ok();
            }
        }
        out.push('\n');
    }
    out.push_str("\nPlayers:\n");
    for player in &view.players {
        let mark = if view.to_act == Some(player.seat) {
            '>'
        } else {
            ' '
        };
        let start = if player.seat == view.start_player {
            " (start)"
        } else {
            ""
        };
        writeln!(
            out,
            "{mark} P{} {}{start}: {} VP · {} coal, {} iron, {} water · AP left {} · agent {} · {} left",
            player.seat + 1,
            seat_name(names, player.seat),
            player.vp,
            player.res.coal,
            player.res.iron,
            player.res.water,
            player.ap,
            player.agent.as_deref().unwrap_or("off the board"),
            counted(player.tokens_left, "station token"),
        )
        .ok();
        writeln!(
            out,
            "    income {} · markers {} · tiles {} ({} used) · incentives {}",
            income_words(player).join(", "),
            marker_words(player),
            tile_words(player),
            player.used_tiles,
            incentive_words(player)
        )
        .ok();
    }
    out.lines()
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n")
        .trim_end()
        .to_string()
}

/// An incentive's name with what it does ("Boomtown: gain 3c").
pub fn incentive_line(content: &Content, name: &str) -> String {
    match content.incentives.iter().find(|i| i.name == name) {
        Some(card) => format!("{name}: {}", incentive_effect(&card.effect)),
        None => name.to_string(),
    }
}

impl Presenter for CoalTrain {
    fn board_picture(view: &CoalTrainView, names: &[String]) -> Canvas {
        draw::board_picture(view, names)
    }

    /// None: nobody holds anything hidden from the others.
    fn hand_png(_view: &CoalTrainView) -> Option<Vec<u8>> {
        None
    }

    fn board_text(view: &CoalTrainView, names: &[String]) -> String {
        board_text(view, names)
    }

    /// None: nobody holds anything hidden from the others.
    fn hand_text(_view: &CoalTrainView) -> Option<String> {
        None
    }

    fn rules_text() -> &'static str {
        super::rules_text::text()
    }

    fn board_picture_since(
        view: &CoalTrainView,
        before: &CoalTrainView,
        names: &[String],
    ) -> Canvas {
        draw::board_picture_since(view, before, names)
    }

    /// The seat's holdings and the part of the table its decision needs; none for a spectator.
    fn panel_png(view: &CoalTrainView, names: &[String]) -> Option<Vec<u8>> {
        draw::panel_png(view, names)
    }

    fn standing_line(view: &CoalTrainView, names: &[String]) -> Option<String> {
        Some(super::standing::standing_line(view, names))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{BotPlayer, Game, GameRng, ToAct, Viewer};
    use crate::games::coal_train::CoalTrainOptions;

    fn names() -> Vec<String> {
        ["Ada", "Bo", "Cy", "Di"].map(String::from).to_vec()
    }

    /// A 4-player bot game after `steps` steps (or at its end).
    fn game_after(steps: usize) -> CoalTrain {
        let mut rng = GameRng::seeded(8);
        let options = CoalTrainOptions::default();
        let setup = CoalTrain::deal(&options, 4, &mut rng);
        let mut game = CoalTrain::start(options, 4, setup, 8).unwrap();
        for _ in 0..steps {
            let ToAct::Seats(seats) = game.to_act() else {
                break;
            };
            let action = game.bot_action(seats[0], &mut rng);
            game.apply_quiet(seats[0], &action).unwrap();
        }
        game
    }

    #[test]
    fn the_text_at_the_start_names_who_acts_the_rondel_and_every_city_offer() {
        let game = game_after(0);
        let text = board_text(&game.view(Viewer::Spectator), &names());
        let chooser = game.seat_to_act().unwrap();
        assert!(
            text.contains(&format!(
                "{} to act: Choose a setup subsidy",
                names()[chooser]
            )),
            "{text}"
        );
        assert!(text.contains("[Training]"), "{text}");
        for &city in &Content::get().map.cities {
            let name = &Content::get().map.locations[city].name;
            let line = text
                .lines()
                .find(|l| l.trim_start().starts_with(name.as_str()));
            assert!(
                line.is_some_and(|l| l.contains("incentives: ")),
                "{name}: {text}"
            );
        }
        assert!(
            text.lines().all(|l| l == l.trim_end()),
            "no trailing spaces"
        );
    }

    #[test]
    fn the_text_mid_game_shows_agents_stations_and_held_tiles() {
        let game = game_after(120);
        let view = game.view(Viewer::Spectator);
        let text = board_text(&view, &names());
        for player in &view.players {
            if let Some(agent) = &player.agent {
                assert!(text.contains(&format!("agent {agent}")), "{text}");
            }
            assert!(text.contains(&tile_words(player)), "{text}");
        }
        let built = view.locations.iter().find(|l| !l.stations.is_empty());
        let built = built.expect("bots build within 120 steps");
        let seat = built.stations[0] + 1;
        let line = text
            .lines()
            .find(|l| l.trim_start().starts_with(&built.name))
            .unwrap();
        assert!(line.contains(&format!("P{seat}")), "{line}");
    }

    #[test]
    fn the_text_of_a_finished_game_gives_the_standings() {
        let game = game_after(usize::MAX);
        let outcome = game.outcome().expect("bot games end");
        let text = board_text(&game.view(Viewer::Spectator), &names());
        assert!(text.contains("Game over."), "{text}");
        for standing in &outcome.standings {
            let Participant::Seat(seat) = standing.participant else {
                panic!("Coal Train has no Automa");
            };
            let line = format!(
                "{}. {} {} VP",
                standing.place,
                names()[seat],
                standing.score
            );
            assert!(text.contains(&line), "{line}: {text}");
        }
    }
}

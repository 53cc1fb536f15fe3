//! Who leads and by how much, in one public line for a board picture's alt text: the two colours'
//! scores as the map stands now (solo: the player against the Automa).

use super::present::owner_name;
use super::view::WhistlewoodView;
use crate::plural::counted;

/// "Ann leads Bo by 5 points, 12 to 7", "Ann and the Automa (level 2) are tied on 4 points", or once the
/// game is over "Ann won, 12 to 7" / "Ann and Bo share the win on 9 points".
pub fn standing_line(view: &WhistlewoodView, names: &[String]) -> String {
    let mut scores: Vec<(bool, String, i32)> = view
        .colours
        .iter()
        .map(|c| {
            let automa = c.seat.is_none();
            (automa, owner_name(view, names, c.owner), c.score.total)
        })
        .collect();
    scores.sort_by_key(|(_, _, score)| -score);
    let [(first_automa, first, best), (second_automa, second, other)] = scores.as_slice() else {
        return String::new();
    };
    let first = format!("{}{first}", if *first_automa { "The " } else { "" });
    let second = format!("{}{second}", if *second_automa { "the " } else { "" });
    let points = counted(*best, "point");
    match (best == other, view.outcome.is_some()) {
        (true, false) => format!("{first} and {second} are tied on {points}"),
        (true, true) => format!("{first} and {second} share the win on {points}"),
        (false, false) => format!(
            "{first} leads {second} by {}, {best} to {other}",
            counted(best - other, "point")
        ),
        (false, true) => format!("{first} won, {best} to {other}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{BotPlayer, Game, GameRng, Viewer};
    use crate::games::whistlewood::{Whistlewood, WhistlewoodOptions};

    fn dealt(players: usize, seed: u64) -> Whistlewood {
        let mut rng = GameRng::seeded(seed);
        let options = WhistlewoodOptions::default();
        let setup = Whistlewood::deal(&options, players, &mut rng);
        Whistlewood::start(options, players, setup, seed).expect("starts")
    }

    #[test]
    fn solo_lines_set_the_player_against_the_automa() {
        let names = vec!["Ann".to_owned()];
        let game = dealt(1, 3);
        let line = standing_line(&game.view(Viewer::Spectator), &names);
        assert!(
            line.starts_with("Ann and the Automa (level") && line.ends_with("tied on 0 points"),
            "{line}"
        );
    }

    #[test]
    fn the_leader_leads_by_the_difference_and_the_end_says_who_won() {
        let names = vec!["Ann".to_owned(), "Bo".to_owned()];
        let mut rng = GameRng::seeded(9);
        let mut game = dealt(2, 9);
        let mut led = false;
        while let Some(&seat) = game.to_act().seats().first() {
            let action = game.bot_action(seat, &mut rng);
            game.apply_quiet(seat, &action).expect("legal");
            let view = game.view(Viewer::Spectator);
            let [red, blue] = [0, 1].map(|o| view.colours[o].score.total);
            let line = standing_line(&view, &names);
            if view.outcome.is_none() && red != blue {
                led = true;
                let (first, second) = if red > blue {
                    ("Ann", "Bo")
                } else {
                    ("Bo", "Ann")
                };
                let (high, low) = (red.max(blue), red.min(blue));
                assert_eq!(
                    line,
                    format!(
                        "{first} leads {second} by {}, {high} to {low}",
                        counted(high - low, "point")
                    )
                );
            }
        }
        assert!(led, "someone led at some point");
        let line = standing_line(&game.view(Viewer::Seat(0)), &names);
        assert!(
            line.contains(" won, ") || line.contains("share the win"),
            "{line}"
        );
    }
}

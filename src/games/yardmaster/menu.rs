//! Where each step sits in the turn panel's menus: first face up or face down, then the card. A side
//! with a single card to offer is one choice that names the card, so no button plays a card it does not
//! name.

use super::cards::Face;
use super::notation::{Action, Side};
use super::rules::Yardmaster;
use crate::game::Game;

/// The menu part of each side, as a person thinks of the choice.
fn side_part(side: Side) -> &'static str {
    match side {
        Side::Up => "Add a card face up",
        Side::Down => "Add a card face down (Wild, 4 points)",
    }
}

/// A card as a menu choice: its notation and its railcars in words.
fn card_part(face: Face) -> String {
    format!("{face} · {}", face.describe())
}

/// A step that is the only card its side offers, named in full: "Add R2|R3 face up · Livestock 2 |
/// Livestock 3".
fn whole_step(action: &Action) -> String {
    let side = match action.side {
        Side::Up => "face up",
        Side::Down => "face down (Wild, 4 points)",
    };
    format!("Add {} {side} · {}", action.face, action.face.describe())
}

/// The menu path of `action`: its side, then its card; or the whole step when it is the only card its
/// side offers now.
pub fn menu_path(game: &Yardmaster, action: &Action) -> Vec<String> {
    let legal = game.current().map(|seat| game.legal(seat));
    let same_side = legal
        .iter()
        .flatten()
        .filter(|other| other.side == action.side)
        .count();
    if same_side <= 1 {
        return vec![whole_step(action)];
    }
    vec![side_part(action.side).to_owned(), card_part(action.face)]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{BotPlayer, GameRng};
    use crate::games::menu_check::largest_level;
    use crate::games::yardmaster::rules::YardmasterOptions;

    /// Every position of bot games with these options and players, from a few seeds.
    fn positions(options: &str, players: usize, seeds: u64) -> Vec<Yardmaster> {
        let options: YardmasterOptions = serde_json::from_str(options).expect("options");
        let mut seen = Vec::new();
        for seed in 0..seeds {
            let mut rng = GameRng::seeded(seed);
            let setup = Yardmaster::deal(&options, players, &mut rng);
            let mut game = Yardmaster::start(options, players, setup, seed).expect("starts");
            while let Some(seat) = game.current() {
                seen.push(game.clone());
                let action = game.bot_action(seat, &mut rng);
                game.apply_quiet(seat, &action)
                    .expect("bots play legal steps");
            }
        }
        seen
    }

    #[test]
    fn every_step_has_its_own_path_of_short_parts_in_short_levels() {
        let mut largest = 0;
        for (options, players) in [
            (r#"{}"#, 2),
            (r#"{"draw": "end"}"#, 5),
            (r#"{"match": "on", "caboose": "all"}"#, 3),
        ] {
            for game in positions(options, players, 12) {
                let seat = game.current().expect("in play");
                let paths: Vec<Vec<String>> = game
                    .legal(seat)
                    .iter()
                    .map(|action| menu_path(&game, action))
                    .collect();
                largest = largest.max(largest_level(&paths));
            }
        }
        eprintln!("Yardmaster: the largest menu level offers {largest} choices");
        assert!((2..=20).contains(&largest), "{largest}");
    }

    #[test]
    fn a_side_with_one_card_names_it_and_a_side_with_more_lists_them() {
        let mut alone = 0;
        for game in positions("{}", 2, 4) {
            let seat = game.current().expect("in play");
            let legal = game.legal(seat);
            for side in [Side::Up, Side::Down] {
                let offered: Vec<&Action> = legal.iter().filter(|a| a.side == side).collect();
                for action in &offered {
                    let path = menu_path(&game, action);
                    if offered.len() == 1 {
                        alone += 1;
                        assert_eq!(path, [whole_step(action)]);
                    } else {
                        assert_eq!(path, [side_part(side).to_owned(), card_part(action.face)]);
                    }
                }
            }
        }
        assert!(alone > 0, "some position offers a single card face up");
    }
}

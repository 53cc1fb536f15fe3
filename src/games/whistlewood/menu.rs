//! Where each step sits in the turn panel's menus, by the phase of the turn: the locomotive's starting
//! end; keeping or discarding (grouped by how many tiles go); then the actions — a Siding's Shunt first,
//! placing a tile (which one), claiming a card (which car, then which card) or advancing. A group that
//! would offer a single step is that step, named in full, so no choice plays a step it does not name.

use super::cars::TileType;
use super::notation::{Action, Row, TileList};
use super::rules::Whistlewood;
use crate::plural::{counted, listed};

/// The menu part of the choice of the starting end.
const STARTING_END: &str = "The locomotive's starting end";
/// The menu part of the claims.
const CLAIM: &str = "Claim a card with one of your cars";

/// "Grain, Coal and Tank": tiles as a menu lists them.
fn tiles_named(tiles: &TileList) -> String {
    let names: Vec<String> = tiles.as_slice().iter().map(|t| tile_name(*t)).collect();
    listed(&names)
}

/// A tile's short name: "Grain", "Stone with a Shunt".
fn tile_name(tile: TileType) -> String {
    tile.describe().replacen(" car", "", 1)
}

/// A row opening a menu part: "Top", "Bottom".
fn row_heading(row: Row) -> &'static str {
    match row {
        Row::Top => "Top",
        Row::Bottom => "Bottom",
    }
}

/// Where a car at `column` stands, as a menu says it: "before the map", "beside column 3".
fn standing_at(column: i32) -> String {
    match column {
        ..=0 => "before the map".to_owned(),
        1..=5 => format!("beside column {column}"),
        _ => "past the map".to_owned(),
    }
}

impl Whistlewood {
    /// The menu path of `action`, one of the legal steps of the seat to act.
    pub(super) fn step_menu_path(&self, action: &Action) -> Vec<String> {
        let mut legal = Vec::new();
        self.legal_steps(&mut legal);
        let count = |same: &dyn Fn(&Action) -> bool| legal.iter().filter(|a| same(a)).count();
        match *action {
            Action::FromLeft(left) => vec![
                STARTING_END.to_owned(),
                if left {
                    "Left end: the train runs right".to_owned()
                } else {
                    "Right end: the train runs left".to_owned()
                },
            ],
            Action::Discard(tiles) if tiles.is_empty() => vec!["Keep your whole hand".to_owned()],
            Action::Discard(tiles) => {
                let size = tiles.len();
                let named = tiles_named(&tiles);
                if count(&|a| matches!(a, Action::Discard(t) if t.len() == size)) == 1 {
                    vec![format!("Discard {named}")]
                } else {
                    vec![format!("Discard {}", counted(size, "tile")), named]
                }
            }
            Action::Place(tile) => {
                let at = standing_at(self.car_column(self.train.len()));
                if count(&|a| matches!(a, Action::Place(_))) == 1 {
                    vec![format!("Place your {} at the end ({at})", tile_name(tile))]
                } else {
                    vec![
                        format!("Place a tile at the end of the train ({at})"),
                        tile_name(tile),
                    ]
                }
            }
            Action::Claim { column, row } => self.claim_path(&legal, column, row),
            Action::Advance => vec!["Advance the train one card".to_owned()],
            Action::Shunt => vec![format!(
                "Shunt first (back to column {}), then the Bonus Action",
                (self.loco - 1).max(1)
            )],
            Action::Forgo => vec!["Lose the Bonus Action (nothing to do), then Shunt".to_owned()],
        }
    }

    /// A claim's path: the car that claims (by its column), then the card; or fewer parts when the
    /// group would hold this claim alone.
    fn claim_path(&self, legal: &[Action], column: u8, row: Row) -> Vec<String> {
        let claims = legal
            .iter()
            .filter(|a| matches!(a, Action::Claim { .. }))
            .count();
        let in_column = legal
            .iter()
            .filter(|a| matches!(a, Action::Claim { column: c, .. } if *c == column))
            .count();
        let index = usize::from(column) - 1;
        let car = self
            .car_at_column(index)
            .map(|car| self.tile_type(self.train[car]).kind.name())
            .unwrap_or_default();
        let spec = &self.rulings.locations[self.location_at(row.index(), index)];
        let free = self.free_tracks(row.index(), index);
        let bonuses = if spec.is_siding() {
            " (Shunt + Bonus Action)"
        } else {
            ""
        };
        let card = format!("{}{bonuses}, {free} free", spec.name);
        let word = row.word();
        match (claims, in_column) {
            (1, _) => vec![format!(
                "Claim column {column}, {word}: {card} (your {car})"
            )],
            (_, 1) => vec![
                CLAIM.to_owned(),
                format!("Column {column}, {word}: {card} (your {car})"),
            ],
            _ => vec![
                CLAIM.to_owned(),
                format!("Your {car} beside column {column}"),
                format!("{}: {card}", row_heading(row)),
            ],
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::game::{BotPlayer, Game, GameRng};
    use crate::games::menu_check::largest_level;
    use crate::games::whistlewood::{Action, Whistlewood, WhistlewoodOptions};

    /// Every position where a seat acts in bot games of `players` seats, from a few seeds.
    fn positions(players: usize, seeds: u64) -> Vec<Whistlewood> {
        let options = WhistlewoodOptions::default();
        let mut seen = Vec::new();
        for seed in 0..seeds {
            let mut rng = GameRng::seeded(seed);
            let setup = Whistlewood::deal(&options, players, &mut rng);
            let mut game = Whistlewood::start(options, players, setup, seed).expect("starts");
            while let Some(&seat) = game.to_act().seats().first() {
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
        let mut kinds = [false; 7];
        for players in [1, 2] {
            for game in positions(players, 40) {
                let seat = game.to_act().seats()[0];
                let legal = game.legal(seat);
                for action in &legal {
                    kinds[match action {
                        Action::FromLeft(_) => 0,
                        Action::Discard(_) => 1,
                        Action::Place(_) => 2,
                        Action::Claim { .. } => 3,
                        Action::Advance => 4,
                        Action::Shunt => 5,
                        Action::Forgo => 6,
                    }] = true;
                }
                let paths: Vec<Vec<String>> = game.menu_paths(&legal);
                largest = largest.max(largest_level(&paths));
            }
        }
        eprintln!("Whistlewood: the largest menu level offers {largest} choices");
        assert!((2..=20).contains(&largest), "{largest}");
        assert_eq!(
            kinds[..5],
            [true; 5],
            "the walks saw every common kind of step"
        );
    }

    #[test]
    fn claims_are_chosen_car_first_and_a_lone_choice_names_its_step() {
        let mut car_then_card = false;
        for game in positions(2, 20) {
            let seat = game.to_act().seats()[0];
            let legal = game.legal(seat);
            let claims: Vec<&Action> = legal
                .iter()
                .filter(|a| matches!(a, Action::Claim { .. }))
                .collect();
            let paths = game.menu_paths(&legal);
            for claim in &claims {
                let index = legal.iter().position(|a| a == *claim).unwrap();
                let path = &paths[index];
                let Action::Claim { column, .. } = claim else {
                    unreachable!()
                };
                match path.as_slice() {
                    [alone] => assert!(claims.len() == 1 && alone.starts_with("Claim column")),
                    [group, card] => {
                        assert_eq!(group, super::CLAIM);
                        assert!(card.starts_with(&format!("Column {column}, ")), "{card}");
                    }
                    [_, car, card] => {
                        car_then_card = true;
                        assert!(car.ends_with(&format!("beside column {column}")), "{car}");
                        assert!(card.contains("free"), "{card}");
                    }
                    _ => panic!("{path:?}"),
                }
            }
        }
        assert!(
            car_then_card,
            "some car could claim either card of its column"
        );
    }
}

//! Whistlewood Express invariants over random games: two players and solo at every Automa level, random
//! seeds, uniformly random legal steps, and some games with the bot in one or every seat. What every game
//! must do (legal steps for the seat to act only, refusals that change nothing, replays, views that hide
//! what resampling redraws, bots that move legally) is in `tests/conformance.rs`; this file keeps what
//! is Whistlewood's own.

use proptest::prelude::*;
use roundhouse::game::{BotPlayer, Game, GameRng, Participant, Seat, ToAct, Viewer};
use roundhouse::games::whistlewood::cars::{Tile, TileType};
use roundhouse::games::whistlewood::{Action, AutomaLevel, Whistlewood, WhistlewoodOptions};
use serde_json::Value;

/// No random game may take more steps than this.
const MAX_STEPS: usize = 400;

/// Who plays the table and how the seats choose their steps.
#[derive(Clone, Copy, Debug)]
struct Table {
    /// 2, or 1 against the Automa.
    players: usize,
    /// The Automa's level (used in solo).
    level: AutomaLevel,
    /// How many seats the bot plays, counted from seat 0; the others pick uniformly random legal steps.
    bot_seats: usize,
}

impl Table {
    fn options(self) -> WhistlewoodOptions {
        WhistlewoodOptions { level: self.level }
    }

    fn chooses_by_bot(self, seat: Seat) -> bool {
        seat < self.bot_seats
    }
}

/// Two-player tables and solo tables at levels 1 to 3; in about a third of the games the bot plays seat 0,
/// in another third every seat.
fn tables() -> impl Strategy<Value = Table> {
    (0u8..4, 0usize..3).prop_map(|(kind, bots)| {
        let (players, level) = match kind {
            0 => (2, AutomaLevel::One),
            1 => (1, AutomaLevel::One),
            2 => (1, AutomaLevel::Two),
            _ => (1, AutomaLevel::Three),
        };
        Table {
            players,
            level,
            bot_seats: bots.min(players),
        }
    })
}

/// A finished random game: how many steps it took, and the final state.
struct Played {
    steps: usize,
    last: Whistlewood,
}

fn json(game: &Whistlewood) -> String {
    serde_json::to_string(game).expect("state serialises")
}

/// Deals and plays a whole game, calling `check` before every step with the seat to act and its legal
/// steps. Asserts at every step that exactly one seat acts.
fn play(table: Table, seed: u64, mut check: impl FnMut(&Whistlewood, Seat, &[Action])) -> Played {
    let mut rng = GameRng::seeded(seed);
    let setup = Whistlewood::deal(&table.options(), table.players, &mut rng);
    let mut game = Whistlewood::start(table.options(), table.players, setup, seed)
        .expect("dealt setups start");
    let mut steps = 0;
    while let ToAct::Seats(seats) = game.to_act() {
        assert!(steps < MAX_STEPS, "no end after {MAX_STEPS} steps");
        assert_eq!(seats.len(), 1, "one seat acts at a time");
        let seat = seats[0];
        let legal = game.legal(seat);
        check(&game, seat, &legal);
        let action = if table.chooses_by_bot(seat) {
            game.bot_action(seat, &mut rng)
        } else {
            legal[rng.index(legal.len())]
        };
        game.apply(seat, &action).expect("legal steps apply");
        steps += 1;
    }
    Played { steps, last: game }
}

/// Every (owner, index) of both colours with the number of places it is found in.
fn tile_places(game: &Whistlewood) -> Vec<(Tile, usize)> {
    let mut found: Vec<Tile> = game.train().to_vec();
    for owner in 0..2 {
        let piles = game.piles(owner);
        found.extend(&piles.hand);
        found.extend(&piles.draw);
        found.extend(&piles.discard);
    }
    for row in 0..2 {
        for column in 0..5 {
            found.extend(game.spot(row, column));
        }
    }
    let set = game.rulings().cars.len() as u8;
    let mut places: Vec<(Tile, usize)> = (0..2u8)
        .flat_map(|owner| (0..set).map(move |index| Tile { owner, index }))
        .map(|tile| (tile, found.iter().filter(|&&t| t == tile).count()))
        .collect();
    let strays = found.iter().filter(|t| t.owner > 1 || t.index >= set);
    places.extend(strays.map(|&t| (t, 1)));
    places
}

/// Tiles are conserved; no card holds more cars than its tracks; the train closes up behind the locomotive.
fn check_map(game: &Whistlewood) {
    let places = tile_places(game);
    assert_eq!(places.len(), 2 * game.rulings().cars.len(), "unknown tiles");
    for (tile, count) in places {
        assert_eq!(count, 1, "{tile:?} is in {count} places");
    }
    for row in 0..2 {
        for column in 0..5 {
            let spec = &game.rulings().locations[game.location_at(row, column)];
            let cars = game.spot(row, column).len();
            assert!(
                cars <= usize::from(spec.tracks),
                "{} at ({row}, {column}) holds {cars} cars on {} tracks",
                spec.name,
                spec.tracks
            );
            if spec.tracks == 0 {
                assert_eq!(cars, 0, "{} has no tracks but holds cars", spec.name);
            }
        }
    }
    assert!(game.loco() >= 1, "the locomotive is behind its start");
    let view = game.view(Viewer::Spectator);
    assert_eq!(view.train.len(), game.train().len());
    for (i, car) in view.train.iter().enumerate() {
        assert_eq!(
            car.column,
            i32::from(game.loco()) - i as i32 - 1,
            "car {i} is not right behind the one before it"
        );
        assert_eq!(car.car.owner, game.train()[i].owner());
    }
}

/// Every step notation a player could type, in every shape: directions, keeping, discarding one or two
/// tiles or the whole hand and one more, placing each tile, claiming each card, advancing, shunting.
fn step_texts(game: &Whistlewood, seat_owner: usize) -> Vec<String> {
    let mut kinds: Vec<TileType> = game.rulings().cars.clone();
    kinds.sort_unstable();
    kinds.dedup();
    let mut texts: Vec<String> = ["from left", "from right", "keep", "advance", "shunt"]
        .map(String::from)
        .to_vec();
    for (i, a) in kinds.iter().enumerate() {
        texts.push(format!("place {a}"));
        texts.push(format!("discard {a}"));
        for b in &kinds[i..] {
            texts.push(format!("discard {a} {b}"));
        }
        let hand = game.piles(seat_owner).hand.iter();
        let held: Vec<String> = hand.map(|&t| game.tile_type(t).to_string()).collect();
        texts.push(format!("discard {} {a}", held.join(" ")));
    }
    for column in 1..=5 {
        for row in ["top", "bottom"] {
            texts.push(format!("claim {column} {row}"));
        }
    }
    texts
}

/// Asserts that `seat` may not take `action` in `copy` (a copy of `game`): an error that says something,
/// and no change at all.
fn assert_refused(game: &Whistlewood, copy: &mut Whistlewood, seat: Seat, action: &Action) {
    let error = copy
        .apply(seat, action)
        .expect_err(&format!("seat {seat} may not take {action} now"));
    assert!(!error.message.trim().is_empty(), "{action}: empty refusal");
    assert!(
        copy == game,
        "refusing {action} by seat {seat} changed the state"
    );
}

/// Every legal step applies quietly to the same state as loudly; every step of any shape that is not
/// legal is refused and leaves the state as it was.
fn check_steps(game: &Whistlewood, seat: Seat, legal: &[Action]) {
    for action in legal {
        let mut loud = game.clone();
        loud.apply(seat, action).expect("legal steps apply");
        let mut quiet = game.clone();
        quiet
            .apply_quiet(seat, action)
            .expect("legal steps apply quietly");
        assert!(quiet == loud, "apply_quiet differs from apply for {action}");
    }
    let mut copy = game.clone();
    for text in step_texts(game, game.current()) {
        let action: Action = text.parse().expect("step shapes parse");
        if !legal.contains(&action) {
            assert_refused(game, &mut copy, seat, &action);
        }
    }
    assert_eq!(json(&copy), json(game), "refused steps changed the state");
}

/// Every JSON array in `value` that holds any of the tile `names`, with the key that holds it.
fn tile_lists(value: &Value, key: &str, names: &[String], found: &mut Vec<(String, Vec<String>)>) {
    match value {
        Value::Array(items) => {
            let tiles: Vec<String> = items
                .iter()
                .filter_map(|item| item.as_str())
                .filter(|&item| names.iter().any(|name| name == item))
                .map(str::to_owned)
                .collect();
            if !tiles.is_empty() {
                found.push((key.to_owned(), tiles));
            }
            for item in items {
                tile_lists(item, key, names, found);
            }
        }
        Value::Object(fields) => {
            for (name, field) in fields {
                tile_lists(field, name, names, found);
            }
        }
        _ => {}
    }
}

/// Each view shows its own hand and discards exactly, no list of tiles anywhere else, and only counts of
/// piles.
fn check_views(game: &Whistlewood, players: usize) {
    let tile_names: Vec<String> = game
        .rulings()
        .cars
        .iter()
        .map(TileType::to_string)
        .collect();
    let viewers = (0..players)
        .map(Viewer::Seat)
        .chain([Viewer::Seat(players), Viewer::Spectator]);
    for viewer in viewers {
        let view = game.view(viewer);
        let own = match viewer {
            Viewer::Seat(seat) if seat < players => Some(seat),
            _ => None,
        };
        let names = |tiles: &[Tile]| -> Vec<TileType> {
            tiles.iter().map(|&t| game.tile_type(t)).collect()
        };
        let own_hand = own.map(|owner| names(&game.piles(owner).hand));
        let own_discards = own.map(|owner| names(&game.piles(owner).discard));
        assert_eq!(view.hand, own_hand, "{viewer:?} hand");
        assert_eq!(view.discards, own_discards, "{viewer:?} discards");
        let value = serde_json::to_value(&view).expect("views serialise");
        for (owner, colour) in value["colours"]
            .as_array()
            .expect("colours")
            .iter()
            .enumerate()
        {
            let piles = game.piles(owner);
            for (field, len) in [
                ("hand", piles.hand.len()),
                ("draw", piles.draw.len()),
                ("discard", piles.discard.len()),
            ] {
                assert_eq!(
                    colour[field].as_u64(),
                    Some(len as u64),
                    "{viewer:?} {field}"
                );
            }
        }
        let mut lists = Vec::new();
        tile_lists(&value, "", &tile_names, &mut lists);
        for (key, tiles) in lists {
            assert!(
                own.is_some() && (key == "hand" || key == "discards"),
                "{viewer:?} sees a list of tiles under `{key}`: {tiles:?}"
            );
        }
    }
}

/// The game is over with standings for both colours whose places follow the scores.
fn check_outcome(game: &Whistlewood, players: usize) {
    assert_eq!(game.to_act(), ToAct::Over);
    let outcome = game.outcome().expect("a finished game has an outcome");
    let standings = &outcome.standings;
    assert_eq!(standings.len(), 2, "both colours are ranked");
    let scores = game.scores();
    for standing in standings {
        let place = 1 + standings
            .iter()
            .filter(|o| o.score > standing.score)
            .count() as u32;
        assert_eq!(standing.place, place, "{standing:?}");
        assert!(!standing.detail.is_empty());
    }
    assert!(standings.windows(2).all(|w| w[0].place <= w[1].place));
    let mut totals: Vec<i32> = standings.iter().map(|s| s.score).collect();
    let mut expected: Vec<i32> = scores.iter().map(|s| s.total).collect();
    totals.sort_unstable();
    expected.sort_unstable();
    assert_eq!(totals, expected);
    let automa = standings
        .iter()
        .filter(|s| matches!(s.participant, Participant::Automa(_)))
        .count();
    assert_eq!(
        automa,
        usize::from(players == 1),
        "the Automa is ranked in solo only"
    );
    for seat in 0..players {
        assert!(outcome.standing_of(seat).is_some(), "seat {seat} is ranked");
    }
    if players == 1 {
        let automa = standings
            .iter()
            .find(|s| matches!(s.participant, Participant::Automa(_)))
            .expect("the Automa is ranked");
        assert!(automa.score >= 0, "the Automa never scores below zero");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn tiles_are_conserved_and_cars_fit_their_cards(table in tables(), seed: u64) {
        let played = play(table, seed, |game, _, _| check_map(game));
        check_map(&played.last);
    }

    #[test]
    fn illegal_steps_are_refused_and_quiet_steps_match_loud_ones(table in tables(), seed: u64) {
        play(table, seed, check_steps);
    }

    #[test]
    fn views_show_only_what_each_viewer_may_see(table in tables(), seed: u64) {
        let played = play(table, seed, |game, _, _| check_views(game, table.players));
        check_views(&played.last, table.players);
    }

    #[test]
    fn games_end_with_standings_that_follow_the_scores(table in tables(), seed: u64) {
        let played = play(table, seed, |_, _, _| {});
        prop_assert!(played.steps < MAX_STEPS);
        check_outcome(&played.last, table.players);
    }
}

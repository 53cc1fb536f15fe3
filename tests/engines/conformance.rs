//! The conformance suite: what every registered game must do, checked through the object-safe
//! `GameKind` and [`LiveGame`] only, for every option combination and every allowed number of
//! players. A game added to the registry is tested here with no code of its own.
//!
//! Each table is played from random seeds by random players (bots finish what random play leaves
//! open) and by bots alone, round after round until the game has been seen in thousands of positions.
//! Cheap checks look at every position, refusals and resampling at a spread of each game's positions,
//! bots' blindness at a few, pictures at a few positions of a few tables of each game. A failure names
//! the run's seed: `CONFORMANCE_SEED=<seed> cargo test --test conformance` plays the same games.

use crate::walks;
use roundhouse::bots::BotLevel;

use std::collections::HashSet;
use std::sync::OnceLock;

use roundhouse::game::{Actor, ClockStep, GameRng, Seat, ToAct, Viewer};
use roundhouse::games::adapter::{LegalMove, LiveGame, MenuStep};
use roundhouse::table::menu::{self, MenuNode};
use walks::{RANDOM_STEPS, Table, Walk};

/// Each game is played until it has been seen in at least this many positions.
const MIN_POSITIONS: usize = 2000;
/// Refusals and resampling are checked at no more than this many positions of one walk.
const CHECKED_PER_WALK: usize = 12;
/// Pictures are drawn at this many tables of each game.
const PICTURED_TABLES: usize = 8;
/// Pictures are drawn for this many positions of one game at each pictured table (its start and its end).
const PICTURED_POSITIONS: usize = 2;
/// Bots are asked to choose, on the real and on a resampled table, at this many positions of each walk.
const BOT_CHECKS: usize = 4;
/// Strings no game accepts as a move.
const GARBAGE: &[&str] = &[
    "",
    "   ",
    "xyzzy",
    "🚂🚂",
    "\0",
    "up up up up",
    "-1",
    "99999999999999999999",
];

/// Every table of every game, each played by random players and by bots, round after round with new
/// seeds until every game has been seen in [`MIN_POSITIONS`] positions; shared by every test.
fn walks() -> &'static [Walk] {
    static WALKS: OnceLock<Vec<Walk>> = OnceLock::new();
    WALKS.get_or_init(|| {
        let seed = walks::run_seed();
        let mut played: Vec<Walk> = Vec::new();
        let mut next_seed = seed;
        for &kind in roundhouse::games::REGISTRY {
            let tables: Vec<Table> = walks::tables()
                .into_iter()
                .filter(|t| t.kind.id() == kind.id())
                .collect();
            let mut positions = 0;
            while positions < MIN_POSITIONS {
                for table in &tables {
                    for random_steps in [RANDOM_STEPS, 0] {
                        next_seed = next_seed
                            .wrapping_add(1)
                            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
                        let mut walk = walks::walk(table.clone(), next_seed, random_steps);
                        walk.context = format!("{} (CONFORMANCE_SEED={seed})", walk.context);
                        positions += walk.positions.len();
                        played.push(walk);
                    }
                }
            }
        }
        played
    })
}

/// The positions of a walk the costly checks look at: every one, or an even spread of
/// [`CHECKED_PER_WALK`] in a long walk.
fn checked(walk: &Walk) -> impl Iterator<Item = (usize, &dyn LiveGame)> {
    let stride = walk.positions.len().div_ceil(CHECKED_PER_WALK);
    walk.positions
        .iter()
        .enumerate()
        .step_by(stride)
        .map(|(index, game)| (index, game.as_ref()))
}

/// Every viewer of a game: each seat, then a spectator.
fn viewers(players: usize) -> impl Iterator<Item = Viewer> {
    (0..players).map(Viewer::Seat).chain([Viewer::Spectator])
}

/// A few positions spread over a walk: its first, its last and some between.
fn spread(walk: &Walk, count: usize) -> impl Iterator<Item = &dyn LiveGame> {
    let last = walk.positions.len() - 1;
    let picks: HashSet<usize> = (0..count).map(|i| i * last / (count - 1).max(1)).collect();
    walk.positions
        .iter()
        .enumerate()
        .filter(move |(i, _)| picks.contains(i))
        .map(|(_, game)| game.as_ref())
}

/// A seed for resampling position `index` as seen by `viewer`.
fn sample_seed(walk: &Walk, index: usize, viewer: Viewer) -> u64 {
    let who = match viewer {
        Viewer::Seat(seat) => seat as u64,
        Viewer::Spectator => 99,
    };
    walk.seed ^ (index as u64).wrapping_mul(0x0100_0000_01B3) ^ (who << 56)
}

/// Everything `viewer` may know of `game`: its view, board and hand texts, and its legal moves.
fn seen_by(game: &dyn LiveGame, viewer: Viewer, names: &[String]) -> String {
    let mut seen = format!(
        "{}\n{}\n{:?}\n{:?}\n{:?}\n",
        game.view_json(viewer),
        game.board_text(viewer, names),
        game.to_act(),
        game.outcome(),
        game.standing_line(viewer, names)
    );
    if let Viewer::Seat(seat) = viewer {
        seen.push_str(&format!(
            "{:?}\n{:?}\n{:?}",
            game.hand_text(seat),
            game.legal(seat),
            game.menu(seat)
        ));
    }
    seen
}

#[test]
fn legal_moves_round_trip_through_their_notation() {
    for walk in walks() {
        for (index, game) in walk.positions.iter().enumerate() {
            for &seat in game.to_act().seats() {
                let legal_moves = game.legal(seat);
                let distinct: HashSet<&str> =
                    legal_moves.iter().map(|m| m.notation.as_str()).collect();
                assert_eq!(
                    distinct.len(),
                    legal_moves.len(),
                    "{}, position {index}: two legal moves share a notation",
                    walk.context
                );
                for legal in &legal_moves {
                    let mut copy = game.clone_box();
                    let applied = copy
                        .apply(Actor::Seat(seat), &legal.notation)
                        .unwrap_or_else(|e| {
                            panic!(
                                "{}, position {index}: listed move `{}` refused: {}",
                                walk.context, legal.notation, e.message
                            )
                        });
                    assert_eq!(
                        applied.notation, legal.notation,
                        "{}, position {index}: a listed move is not canonical",
                        walk.context
                    );
                    assert!(
                        !legal.label.trim().is_empty(),
                        "{}, position {index}: `{}` has no label",
                        walk.context,
                        legal.notation
                    );
                }
            }
        }
    }
}

/// The longest menu part a button or menu option shows whole.
const MENU_PART_CHARS: usize = 80;

/// The notations of every step under the menu level `path` leads to, gathered by tapping every choice.
fn steps_under(steps: &[MenuStep], path: &mut Vec<usize>, found: &mut Vec<String>, context: &str) {
    match menu::walk(steps, path) {
        Ok(MenuNode::Step(index)) => found.push(steps[index].notation.clone()),
        Ok(MenuNode::Level { choices, .. }) => {
            assert!(!choices.is_empty(), "{context}: an empty menu at {path:?}");
            assert!(path.len() < 8, "{context}: menus nested past {path:?}");
            for (index, choice) in choices.iter().enumerate() {
                path.push(index);
                let before = found.len();
                steps_under(steps, path, found, context);
                assert_eq!(
                    found.len() - before,
                    choice.steps,
                    "{context}: the choice {:?} at {path:?} counts its steps wrong",
                    choice.label
                );
                path.pop();
            }
        }
        Err(_) => panic!("{context}: the menus do not follow their own path {path:?}"),
    }
}

#[test]
fn every_legal_step_has_one_place_in_the_turn_panels_menus() {
    for walk in walks() {
        for (index, game) in checked(walk) {
            for &seat in game.to_act().seats() {
                let context = format!("{}, position {index}, seat {seat}", walk.context);
                let steps = game.menu(seat);
                let legal: Vec<String> = game.legal(seat).into_iter().map(|m| m.notation).collect();
                let listed: Vec<String> = steps.iter().map(|s| s.notation.clone()).collect();
                assert_eq!(
                    listed, legal,
                    "{context}: the menu lists the legal steps in order"
                );
                for step in &steps {
                    assert!(
                        !step.path.is_empty(),
                        "{context}: `{}` has no menu path",
                        step.notation
                    );
                    for part in &step.path {
                        let chars = part.chars().count();
                        assert!(
                            (1..=MENU_PART_CHARS).contains(&chars) && part.trim() == part,
                            "{context}: `{}` has the menu part {part:?}",
                            step.notation
                        );
                    }
                }
                let mut found = Vec::new();
                steps_under(&steps, &mut Vec::new(), &mut found, &context);
                found.sort();
                let mut legal = legal;
                legal.sort();
                assert_eq!(found, legal, "{context}: each step is reached exactly once");
            }
        }
    }
}

#[test]
fn exactly_the_seats_to_act_have_legal_moves() {
    for walk in walks() {
        for (index, game) in walk.positions.iter().enumerate() {
            let to_act = game.to_act();
            if to_act == ToAct::Over {
                assert!(
                    game.outcome().is_some(),
                    "{}, position {index}: over without an outcome",
                    walk.context
                );
            }
            for seat in 0..=walk.table.players {
                assert_eq!(
                    !game.legal(seat).is_empty(),
                    to_act.includes(seat),
                    "{}, position {index}: seat {seat} has legal moves exactly when it is to act \
                     ({to_act:?})",
                    walk.context
                );
            }
        }
    }
}

/// One seat trying moves at one position of a walk, on a copy of the game.
struct Attempts<'a> {
    walk: &'a Walk,
    index: usize,
    game: &'a dyn LiveGame,
    seat: Seat,
    before: String,
    legal: Vec<LegalMove>,
    copy: Box<dyn LiveGame>,
}

impl<'a> Attempts<'a> {
    fn new(walk: &'a Walk, index: usize, game: &'a dyn LiveGame, seat: Seat) -> Self {
        Attempts {
            walk,
            index,
            game,
            seat,
            before: game.state_json(),
            legal: game.legal(seat),
            copy: game.clone_box(),
        }
    }

    /// Applies `notation` for the seat. Accepted, it must be a listed legal move (perhaps written
    /// another way), and the copy starts again from the position; refused, the copy must be
    /// byte-identical and the refusal must say why and list the seat's legal moves. Returns whether it
    /// was refused.
    fn refused(&mut self, notation: &str) -> bool {
        let (walk, index, seat) = (self.walk, self.index, self.seat);
        match self.copy.apply(Actor::Seat(seat), notation) {
            Ok(applied) => {
                assert!(
                    self.legal.iter().any(|m| m.notation == applied.notation),
                    "{}, position {index}: seat {seat}'s `{notation}` was accepted as `{}`, which \
                     is not listed as legal",
                    walk.context,
                    applied.notation
                );
                self.copy = self.game.clone_box();
                false
            }
            Err(error) => {
                assert_eq!(
                    self.copy.state_json(),
                    self.before,
                    "{}, position {index}: refusing seat {seat}'s `{notation}` changed the game",
                    walk.context
                );
                assert!(
                    !error.message.trim().is_empty(),
                    "{}, position {index}: `{notation}` refused without a reason",
                    walk.context
                );
                assert_eq!(
                    error.legal, self.legal,
                    "{}, position {index}: refusing `{notation}` must list seat {seat}'s legal moves",
                    walk.context
                );
                true
            }
        }
    }

    /// Asserts that `notation` is refused.
    fn assert_refused(&mut self, notation: &str, why: &str) {
        assert!(
            self.refused(notation),
            "{}, position {}: seat {}'s `{notation}` was accepted, but {why}",
            self.walk.context,
            self.index,
            self.seat
        );
    }
}

#[test]
fn refused_moves_change_nothing_and_say_what_is_legal() {
    for walk in walks() {
        for (index, game) in checked(walk) {
            let to_act = game.to_act();
            for &seat in to_act.seats() {
                let mut attempts = Attempts::new(walk, index, game, seat);
                for garbage in GARBAGE {
                    attempts.assert_refused(garbage, "it is garbage");
                }
                for legal in game.legal(seat) {
                    let half = legal.notation.chars().count() / 2;
                    let cut: String = legal.notation.chars().take(half).collect();
                    attempts.refused(&cut);
                }
            }
            let idle = (0..=walk.table.players)
                .find(|&seat| !to_act.includes(seat))
                .expect("one seat more than the table has never acts");
            let mut attempts = Attempts::new(walk, index, game, idle);
            attempts.assert_refused(GARBAGE[2], "it is garbage");
            for &seat in to_act.seats() {
                for legal in game.legal(seat) {
                    attempts.assert_refused(&legal.notation, "it is another seat's move");
                }
            }
        }
        let end = walk.positions.len() - 1;
        for seat in 0..walk.table.players {
            let mut attempts = Attempts::new(walk, end, walk.last(), seat);
            for (_, notation) in walk.log.iter().rev().take(3) {
                attempts.assert_refused(notation, "the game is over");
            }
        }
    }
}

/// Asserts that `actor`'s `notation` is refused at `game` with a reason, and leaves it unchanged.
fn assert_refused_from(game: &dyn LiveGame, actor: Actor, notation: &str, context: &str) {
    let mut copy = game.clone_box();
    match copy.apply(actor, notation) {
        Ok(_) => panic!("{context}: `{notation}` from {actor:?} was accepted"),
        Err(error) => {
            assert!(
                !error.message.trim().is_empty(),
                "{context}: `{notation}` from {actor:?} refused without a reason"
            );
            assert_eq!(
                copy.state_json(),
                game.state_json(),
                "{context}: refusing `{notation}` from {actor:?} changed the game"
            );
        }
    }
}

/// The table's clock steps that apply at `game`, and at the position after each is taken (the deadline
/// passing opens the step that ends the game now).
fn table_steps(game: &dyn LiveGame) -> Vec<(Box<dyn LiveGame>, String)> {
    let mut found = Vec::new();
    let mut at = game.clone_box();
    for step in [ClockStep::DeadlinePassed, ClockStep::EndNow] {
        let Some(notation) = at.clock_step(step) else {
            continue;
        };
        found.push((at.clone_box(), notation.clone()));
        if at.apply(Actor::Table, &notation).is_err() {
            break;
        }
    }
    found
}

#[test]
fn the_engine_alone_decides_who_takes_a_step() {
    let mut table_steps_seen = 0;
    for walk in walks() {
        for (index, game) in checked(walk) {
            let context = format!("{}, position {index}", walk.context);
            for &seat in game.to_act().seats() {
                for legal in game.legal(seat).iter().take(4) {
                    assert_refused_from(game, Actor::Table, &legal.notation, &context);
                }
            }
            for (at, notation) in table_steps(game) {
                assert!(
                    at.is_clock_step(&notation),
                    "{context}: `{notation}` is a clock step"
                );
                for seat in 0..walk.table.players {
                    assert_refused_from(at.as_ref(), Actor::Seat(seat), &notation, &context);
                }
                let mut taken = at.clone_box();
                taken.apply(Actor::Table, &notation).unwrap_or_else(|e| {
                    panic!("{context}: the table's `{notation}` refused: {}", e.message)
                });
                table_steps_seen += 1;
            }
        }
    }
    assert!(
        table_steps_seen > 0,
        "some game with a deadline offers the table its steps"
    );
}

#[test]
fn replaying_the_log_gives_the_snapshot() {
    for walk in walks() {
        let table = &walk.table;
        let mut replay = table
            .kind
            .start(
                &table.options_json,
                table.players,
                &walk.setup_json,
                walk.seed,
            )
            .unwrap_or_else(|e| panic!("{}: the setup does not start again: {e}", walk.context));
        for (step, (seat, notation)) in walk.log.iter().enumerate() {
            assert_eq!(
                replay.state_json(),
                walk.positions[step].state_json(),
                "{}: the replay differs before step {step}",
                walk.context
            );
            if let Err(error) = replay.apply(Actor::Seat(*seat), notation) {
                panic!(
                    "{}: logged move {step} `{notation}` refused on replay: {}",
                    walk.context, error.message
                );
            }
        }
        let snapshot = walk.last().state_json();
        assert_eq!(
            replay.state_json(),
            snapshot,
            "{}: the replay differs at the end",
            walk.context
        );
        for game in spread(walk, PICTURED_POSITIONS) {
            let json = game.state_json();
            let restored = table
                .kind
                .restore(&json)
                .unwrap_or_else(|e| panic!("{}: a snapshot does not restore: {e}", walk.context));
            assert_eq!(
                restored.state_json(),
                json,
                "{}: restoring changed the snapshot",
                walk.context
            );
        }
    }
}

#[test]
fn finished_games_rank_every_seat() {
    for walk in walks() {
        let outcome = walk
            .last()
            .outcome()
            .unwrap_or_else(|| panic!("{}: the game ended without an outcome", walk.context));
        for seat in 0..walk.table.players {
            assert!(
                outcome.standing_of(seat).is_some(),
                "{}: seat {seat} is not ranked",
                walk.context
            );
        }
        let best = outcome.standings.iter().map(|s| s.place).min();
        assert_eq!(best, Some(1), "{}: nobody took first place", walk.context);
    }
}

#[test]
fn resampling_keeps_every_view_and_redraws_what_is_hidden() {
    for &kind in roundhouse::games::REGISTRY {
        let (mut positions, mut changed) = (0usize, 0usize);
        for walk in walks().iter().filter(|w| w.table.kind.id() == kind.id()) {
            let names = walk.table.names();
            for (index, game) in checked(walk) {
                let json = game.state_json();
                for viewer in viewers(walk.table.players) {
                    let seed = sample_seed(walk, index, viewer);
                    let sample = game.resample_hidden(viewer, seed);
                    assert_eq!(
                        seen_by(sample.as_ref(), viewer, &names),
                        seen_by(game, viewer, &names),
                        "{}, position {index}: resampling for {viewer:?} changed what it sees",
                        walk.context
                    );
                    let again = sample.resample_hidden(viewer, seed);
                    assert_eq!(
                        again.state_json(),
                        sample.state_json(),
                        "{}, position {index}: resampling for {viewer:?} is not canonical (two \
                         tables that look the same to it gave different samples)",
                        walk.context
                    );
                    positions += 1;
                    changed += usize::from(sample.state_json() != json);
                }
            }
        }
        if kind.hides_information() {
            assert!(
                changed * 2 > positions,
                "{}: resampling changed only {changed} of {positions} positions; it must redraw \
                 what is hidden",
                kind.id()
            );
        } else {
            assert_eq!(
                changed,
                0,
                "{}: hides nothing, yet resampling changed it",
                kind.id()
            );
        }
    }
}

/// Every level of bot decides from its seat's sight alone: its step does not change when only what the
/// seat cannot see is drawn anew, and it is legal. The checked positions take the levels in turn (the
/// hard bot's search included), so every level is checked in every game.
#[test]
fn bots_ignore_what_their_seat_cannot_see() {
    let mut checked = 0;
    for walk in walks() {
        let step = (walk.positions.len() / BOT_CHECKS).max(1);
        for (index, game) in walk.positions.iter().enumerate().step_by(step) {
            for &seat in game.to_act().seats() {
                let level = BotLevel::ALL[checked % BotLevel::ALL.len()];
                checked += 1;
                let viewer = Viewer::Seat(seat);
                let sample = game.resample_hidden(viewer, sample_seed(walk, index, viewer));
                let bot_seed = walk.seed ^ index as u64;
                let real = game.bot_move(seat, level, &mut GameRng::seeded(bot_seed));
                let imagined = sample.bot_move(seat, level, &mut GameRng::seeded(bot_seed));
                assert_eq!(
                    real, imagined,
                    "{}, position {index}: the {level} bot in seat {seat} chose differently when \
                     only hidden things changed",
                    walk.context
                );
                assert!(
                    game.legal(seat).iter().any(|m| m.notation == real),
                    "{}, position {index}: the {level} bot chose the illegal `{real}`",
                    walk.context
                );
            }
        }
    }
}

/// Decodes a PNG, failing with `what` if it is not one.
fn assert_png(bytes: &[u8], what: &str) {
    let picture = render::decode_png(bytes).unwrap_or_else(|e| panic!("{what} is not a PNG: {e}"));
    assert!(
        picture.width() > 0 && picture.height() > 0,
        "{what} is empty"
    );
}

/// The tables whose games get pictures: [`PICTURED_TABLES`] of each game, spread over its tables.
fn pictured_tables() -> Vec<(&'static str, String, usize)> {
    let mut chosen = Vec::new();
    for &kind in roundhouse::games::REGISTRY {
        let tables: Vec<Table> = walks::tables()
            .into_iter()
            .filter(|t| t.kind.id() == kind.id())
            .collect();
        let stride = tables.len().div_ceil(PICTURED_TABLES);
        for table in tables.into_iter().step_by(stride) {
            chosen.push((kind.id(), table.options_json, table.players));
        }
    }
    chosen
}

#[test]
fn views_and_pictures_are_made_for_every_viewer() {
    let mut unpictured = pictured_tables();
    for walk in walks() {
        let names = walk.table.names();
        for (_, game) in checked(walk) {
            for viewer in viewers(walk.table.players) {
                assert!(
                    game.view_json(viewer).is_object(),
                    "{}: the view for {viewer:?} is not a JSON object",
                    walk.context
                );
            }
        }
        let table = (
            walk.table.kind.id(),
            walk.table.options_json.clone(),
            walk.table.players,
        );
        let Some(first) = unpictured.iter().position(|t| *t == table) else {
            continue;
        };
        unpictured.swap_remove(first);
        let start = walk.positions[0].as_ref();
        for (index, game) in walk.positions.iter().enumerate() {
            if index != 0 && index != walk.positions.len() - 1 {
                continue;
            }
            let game = game.as_ref();
            let marked = game.board_png_since(Viewer::Spectator, start, &names);
            assert_png(&marked, &format!("{}: the marked board", walk.context));
            let seed = sample_seed(walk, index, Viewer::Spectator);
            let unseen = game.resample_hidden(Viewer::Spectator, seed);
            let unseen_start = start.resample_hidden(Viewer::Spectator, seed);
            assert!(
                unseen.board_png_since(Viewer::Spectator, unseen_start.as_ref(), &names) == marked,
                "{}, position {index}: the marked board changed when only hidden things did",
                walk.context
            );
            for seat in 0..walk.table.players {
                let Some(panel) = game.panel_png(seat, &names) else {
                    continue;
                };
                let picture = render::decode_png(&panel).unwrap();
                assert!(
                    (480..=720).contains(&picture.width()),
                    "{}: seat {seat}'s panel picture is {} px wide; a phone shows about 400",
                    walk.context,
                    picture.width()
                );
                let seed = sample_seed(walk, index, Viewer::Seat(seat));
                let unseen = game.resample_hidden(Viewer::Seat(seat), seed);
                assert!(
                    unseen.panel_png(seat, &names).as_deref() == Some(panel.as_slice()),
                    "{}, position {index}: seat {seat}'s panel changed when only what it cannot \
                     see did",
                    walk.context
                );
            }
        }
        for game in spread(walk, PICTURED_POSITIONS) {
            for viewer in viewers(walk.table.players) {
                let what = format!("{}: the board for {viewer:?}", walk.context);
                assert_png(&game.board_png(viewer, &names), &what);
            }
            for seat in 0..walk.table.players {
                let png = game.hand_png(seat);
                assert_eq!(
                    png.is_some(),
                    game.hand_text(seat).is_some(),
                    "{}: seat {seat} has a hand picture exactly when it has a hand text",
                    walk.context
                );
                if let Some(png) = png {
                    assert_png(&png, &format!("{}: seat {seat}'s hand", walk.context));
                }
            }
        }
    }
}

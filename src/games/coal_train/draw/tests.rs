//! Pictures of real positions: the start, mid-game, the last round with face-down tiles, and ended
//! games, for 3 to 5 players; the turn panel at each kind of decision, and the board with a turn's
//! changes marked. Set `COAL_TRAIN_DRAW_SAMPLES` to a folder to also write them there.

use super::panel_png;
use crate::game::{Game, GameRng, Presenter, ToAct, Viewer};
use crate::games::coal_train::view::Decision;
use crate::games::coal_train::{CoalTrain, CoalTrainOptions};

/// The largest picture allowed.
const MAX_PNG_BYTES: usize = 400 * 1024;

fn names(players: usize) -> Vec<String> {
    ["Ada", "Bartholomew the Brave", "Cleo", "Dmitri", "Eun-ji"][..players]
        .iter()
        .map(|n| n.to_string())
        .collect()
}

/// A dealt game played with random legal steps until `stop` says so or the game ends.
fn game_until(players: usize, seed: u64, stop: impl Fn(&CoalTrain) -> bool) -> CoalTrain {
    let mut rng = GameRng::seeded(seed);
    let options = CoalTrainOptions::default();
    let setup = CoalTrain::deal(&options, players, &mut rng);
    let mut game = CoalTrain::start(options, players, setup, seed).unwrap();
    while let ToAct::Seats(seats) = game.to_act() {
        if stop(&game) {
            break;
        }
        let legal = game.legal(seats[0]);
        game.apply_quiet(seats[0], &legal[rng.index(legal.len())])
            .unwrap();
    }
    game
}

fn check(game: &CoalTrain, label: &str) {
    let players = game.players();
    let png = CoalTrain::board_png(&game.view(Viewer::Spectator), &names(players));
    assert!(png.len() <= MAX_PNG_BYTES, "{label}: {} bytes", png.len());
    let canvas = render::decode_png(&png).expect("a readable PNG");
    assert_eq!(canvas.width(), 1100, "{label}");
    if let Some(folder) = std::env::var_os("COAL_TRAIN_DRAW_SAMPLES") {
        let path = std::path::Path::new(&folder).join(format!("coal_train_{label}.png"));
        std::fs::write(path, &png).unwrap();
    }
}

#[test]
fn pictures_of_every_phase_are_readable_and_small() {
    for players in 3..=5 {
        let seed = 40 + players as u64;
        check(
            &game_until(players, seed, |_| true),
            &format!("{players}p_start"),
        );
        check(
            &game_until(players, seed, |g| g.round() >= 6),
            &format!("{players}p_round6"),
        );
        let over = game_until(players, seed, |_| false);
        assert!(over.outcome().is_some());
        check(&over, &format!("{players}p_over"));
    }
    check(&face_down_game(), "4p_face_down");
}

/// A 4-player game stopped in its last round while a bought tile's replacement lies face down.
fn face_down_game() -> CoalTrain {
    (0..200)
        .map(|seed| game_until(4, seed, has_face_down))
        .find(has_face_down)
        .expect("some random game buys in its last round")
}

fn has_face_down(game: &CoalTrain) -> bool {
    game.market().iter().any(|s| s.face_down)
}

#[test]
fn face_down_tiles_are_drawn_as_backs_whatever_they_are() {
    let game = face_down_game();
    let view = game.view(Viewer::Spectator);
    let mut rng = GameRng::seeded(3);
    let resampled = game.resample_hidden(Viewer::Spectator, &mut rng);
    assert_eq!(
        CoalTrain::board_png(&view, &names(4)),
        CoalTrain::board_png(&resampled.view(Viewer::Spectator), &names(4))
    );
}

/// Whether a position is the one sought.
type Sought = fn(&CoalTrain) -> bool;

/// The first position from round 2 of random games (4 players) that is `sought`.
fn deciding(sought: Sought) -> CoalTrain {
    (0..50)
        .map(|seed| game_until(4, 60 + seed, |g| sought(g) && g.round() >= 2))
        .find(sought)
        .expect("random games reach every decision")
}

/// What the seat to act in `game` must decide.
fn decision(game: &CoalTrain) -> Decision {
    game.view(Viewer::Spectator).decision
}

/// Whether the seat to act takes its actions holding a Build Station tile and no station yet.
fn first_build(game: &CoalTrain) -> bool {
    let Some(seat) = game.seat_to_act() else {
        return false;
    };
    let view = game.view(Viewer::Seat(seat));
    let player = &view.players[seat];
    let content = crate::games::coal_train::Content::get();
    view.decision == Decision::Actions
        && player.tokens_left == content.table.station_tokens
        && player
            .tile_kinds
            .iter()
            .any(|&k| content.kinds[k].build.is_some())
}

/// The panel of the seat to act in `game`, checked and written out like the boards.
fn check_panel(game: &CoalTrain, label: &str) {
    let seat = game.seat_to_act().expect("a seat acts");
    let view = game.view(Viewer::Seat(seat));
    let png = panel_png(&view, &names(4)).expect("a seat has a panel");
    let canvas = render::decode_png(&png).expect("a readable PNG");
    assert_eq!(canvas.width(), 600, "{label}");
    if let Some(folder) = std::env::var_os("COAL_TRAIN_DRAW_SAMPLES") {
        let path = std::path::Path::new(&folder).join(format!("coal_train_panel_{label}.png"));
        std::fs::write(path, &png).unwrap();
    }
}

#[test]
fn every_decision_has_a_phone_wide_panel_and_spectators_have_none() {
    check_panel(&game_until(4, 7, |_| true), "setup");
    check_panel(
        &game_until(4, 7, |g| g.round() == 1 && decision(g) == Decision::Actions),
        "first_actions",
    );
    let cases: [(&str, Sought); 6] = [
        ("actions", |g| decision(g) == Decision::Actions),
        ("first_build", first_build),
        ("second_build", |g| decision(g) == Decision::SecondBuild),
        ("incentive", |g| {
            matches!(decision(g), Decision::Incentive(_))
        }),
        ("rondel", |g| decision(g) == Decision::Rondel),
        ("place", |g| decision(g) == Decision::Place),
    ];
    for (label, sought) in cases {
        check_panel(&deciding(sought), label);
    }
    let game = game_until(4, 7, |g| g.round() >= 3);
    assert_eq!(panel_png(&game.view(Viewer::Spectator), &names(4)), None);
}

#[test]
fn the_board_since_an_earlier_view_marks_what_changed() {
    let before = game_until(4, 9, |g| g.round() >= 4);
    let mut rng = GameRng::seeded(1);
    let mut after = before.clone();
    let stations = |g: &CoalTrain| {
        g.view(Viewer::Spectator)
            .locations
            .iter()
            .map(|l| l.stations.len())
            .sum::<usize>()
    };
    while stations(&after) == stations(&before) {
        let seat = after
            .seat_to_act()
            .expect("random games build before they end");
        let legal = after.legal(seat);
        after
            .apply_quiet(seat, &legal[rng.index(legal.len())])
            .unwrap();
    }
    let (was, now) = (
        before.view(Viewer::Spectator),
        after.view(Viewer::Spectator),
    );
    let marked = CoalTrain::board_png_since(&now, &was, &names(4));
    assert!(
        CoalTrain::board_png_since(&now, &now, &names(4)) == CoalTrain::board_png(&now, &names(4)),
        "nothing changed, nothing marked"
    );
    assert!(
        marked != CoalTrain::board_png(&now, &names(4)),
        "a new station is marked"
    );
    if let Some(folder) = std::env::var_os("COAL_TRAIN_DRAW_SAMPLES") {
        let path = std::path::Path::new(&folder).join("coal_train_since.png");
        std::fs::write(path, &marked).unwrap();
    }
}

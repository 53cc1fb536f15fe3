//! Pictures of real engine positions: the start, mid-game and ended games, both directions, solo and
//! two players. Set `WHISTLEWOOD_DRAW_SAMPLES` to a folder to also write the pictures there for a look.

use render::{Canvas, Colour, Rect, palette};

use super::board::Layout;
use super::map::{card_rect, lane_rect};
use super::style::NEW_MARK;
use super::style::{BOARD_MAX_W, RIVER_PAPER, SIDING_PAPER, owner_colour};
use super::train::tile_rect;
use super::{board_png, board_png_since, hand_png, panel_png};
use crate::game::{BotPlayer, Game, GameRng, Viewer};
use crate::games::whistlewood::view::WhistlewoodView;
use crate::games::whistlewood::{
    Action, Rulings, Whistlewood, WhistlewoodOptions, WhistlewoodSetup,
};

const MAX_PNG_BYTES: usize = 300 * 1024;
/// More steps than any game takes.
const LONGEST_GAME: usize = 2000;

/// A game with the River at the far left of the top row and the Siding at the far right of the bottom
/// row; red's pile in the rulings' order, blue's reversed.
fn fixed_game(players: usize, from_left: bool) -> Whistlewood {
    let cars = Rulings::default().cars;
    let mut reversed = cars.clone();
    reversed.reverse();
    let setup = WhistlewoodSetup {
        layout: ["EABCD".to_owned(), "ABCDF".to_owned()],
        start_player: 0,
        piles: [cars, reversed],
        rulings: Rulings::shared_default(),
    };
    let mut game = Whistlewood::start(WhistlewoodOptions::default(), players, setup, 7).unwrap();
    choose_end(&mut game, from_left);
    game
}

/// A dealt game after its starting end is chosen and `steps` bot steps.
fn dealt_game(players: usize, seed: u64, from_left: bool, steps: usize) -> Whistlewood {
    let mut rng = GameRng::seeded(seed);
    let options = WhistlewoodOptions::default();
    let setup = Whistlewood::deal(&options, players, &mut rng);
    let mut game = Whistlewood::start(options, players, setup, seed).unwrap();
    choose_end(&mut game, from_left);
    play(&mut game, steps, &mut rng);
    game
}

fn choose_end(game: &mut Whistlewood, from_left: bool) {
    let seat = game.to_act().seats()[0];
    game.apply_quiet(seat, &Action::FromLeft(from_left))
        .unwrap();
}

/// Up to `steps` bot steps; returns how many were taken.
fn play(game: &mut Whistlewood, steps: usize, rng: &mut GameRng) -> usize {
    for taken in 0..steps {
        let Some(&seat) = game.to_act().seats().first() else {
            return taken;
        };
        let action = game.bot_action(seat, rng);
        game.apply_quiet(seat, &action).unwrap();
    }
    steps
}

fn names() -> Vec<String> {
    vec![
        "Alice".to_owned(),
        "Bartholomew Featherstonehaugh".to_owned(),
    ]
}

fn decode(png: &[u8]) -> Canvas {
    render::decode_png(png).expect("a valid PNG")
}

fn save_sample(name: &str, png: &[u8]) {
    if let Some(dir) = std::env::var_os("WHISTLEWOOD_DRAW_SAMPLES") {
        std::fs::write(std::path::Path::new(&dir).join(name), png).unwrap();
    }
}

/// The pixels of `rect` (clipped to the canvas) that are exactly `colour`.
fn count(canvas: &Canvas, rect: Rect, colour: Colour) -> usize {
    let (x0, y0) = (rect.x.max(0.0) as i32, rect.y.max(0.0) as i32);
    let x1 = (rect.right() as i32).min(canvas.width() as i32);
    let y1 = (rect.bottom() as i32).min(canvas.height() as i32);
    (y0..y1)
        .flat_map(|y| (x0..x1).map(move |x| (x, y)))
        .filter(|&(x, y)| canvas.pixel(x, y) == Some(colour))
        .count()
}

/// The mean x of the pixels of `colour` in the whole picture.
fn mean_x(canvas: &Canvas, colour: Colour) -> f32 {
    let xs: Vec<i32> = (0..canvas.height() as i32)
        .flat_map(|y| (0..canvas.width() as i32).map(move |x| (x, y)))
        .filter(|&(x, y)| canvas.pixel(x, y) == Some(colour))
        .map(|(x, _)| x)
        .collect();
    assert!(!xs.is_empty(), "{colour:?} is drawn");
    xs.iter().sum::<i32>() as f32 / xs.len() as f32
}

fn lane_of(layout: &Layout) -> Rect {
    lane_rect(&layout.columns, layout.map_left, layout.map_top)
}

fn whole(canvas: &Canvas) -> Rect {
    Rect::new(0.0, 0.0, canvas.width() as f32, canvas.height() as f32)
}

fn assert_board_fits(png: &[u8]) -> Canvas {
    let image = decode(png);
    assert!((1000..=1600).contains(&image.width()), "{}", image.width());
    assert!((600..=1000).contains(&image.height()), "{}", image.height());
    assert!(png.len() <= MAX_PNG_BYTES, "{} bytes", png.len());
    image
}

#[test]
fn boards_are_discord_sized_pngs_at_every_stage() {
    let mut rng = GameRng::seeded(11);
    let mut game = dealt_game(2, 11, true, 0);
    let mut samples = vec![("start-2p.png", game.view(Viewer::Seat(0)))];
    play(&mut game, 25, &mut rng);
    samples.push(("mid-2p.png", game.view(Viewer::Spectator)));
    play(&mut game, LONGEST_GAME, &mut rng);
    assert!(game.outcome().is_some(), "the bots finish the game");
    samples.push(("over-2p.png", game.view(Viewer::Seat(1))));
    let solo = dealt_game(1, 5, false, 12);
    samples.push(("mid-solo-right.png", solo.view(Viewer::Seat(0))));
    for (name, view) in samples {
        let png = board_png(&view, &names());
        save_sample(name, &png);
        assert_board_fits(&png);
    }
}

#[test]
fn before_the_choice_there_is_no_locomotive() {
    let cars = Rulings::default().cars;
    let setup = WhistlewoodSetup {
        layout: ["EABCD".to_owned(), "ABCDF".to_owned()],
        start_player: 1,
        piles: [cars.clone(), cars],
        rulings: Rulings::shared_default(),
    };
    let game = Whistlewood::start(WhistlewoodOptions::default(), 2, setup, 3).unwrap();
    let view = game.view(Viewer::Seat(1));
    assert_eq!(view.from_left, None);
    let png = board_png(&view, &names());
    save_sample("choose-end.png", &png);
    let image = assert_board_fits(&png);
    let lane = lane_of(&Layout::new(&view, &names()));
    assert_eq!(count(&image, lane, palette::ENGINE_TRIM), 0);
    let chosen = fixed_game(2, true).view(Viewer::Seat(0));
    let image = decode(&board_png(&chosen, &names()));
    assert!(
        count(
            &image,
            lane_of(&Layout::new(&chosen, &names())),
            palette::ENGINE_TRIM
        ) > 100
    );
}

#[test]
fn the_map_lies_still_and_the_locomotive_starts_at_the_chosen_end() {
    for from_left in [true, false] {
        let view = fixed_game(2, from_left).view(Viewer::Spectator);
        let png = board_png(&view, &names());
        let image = decode(&png);
        let middle = image.width() as f32 / 2.0;
        assert!(
            mean_x(&image, RIVER_PAPER) < middle,
            "the River lies at the left"
        );
        assert!(
            mean_x(&image, SIDING_PAPER) > middle,
            "the Siding lies at the right"
        );
        let lane = lane_of(&Layout::new(&view, &names()));
        let (left, right) = lane.split_left(lane.w / 2.0);
        let trim = |half| count(&image, half, palette::ENGINE_TRIM);
        if from_left {
            assert!(
                trim(left) > 0 && trim(right) == 0,
                "the locomotive starts at the left"
            );
        } else {
            assert!(
                trim(right) > 0 && trim(left) == 0,
                "the locomotive starts at the right"
            );
        }
    }
}

#[test]
fn every_car_shows_its_owner_colour_where_it_stands() {
    for (players, seed, from_left) in [(2, 21, true), (2, 22, false), (1, 23, true)] {
        let mut rng = GameRng::seeded(seed);
        let mut game = dealt_game(players, seed, from_left, 0);
        for round in 0..6 {
            play(&mut game, 7, &mut rng);
            let view = game.view(Viewer::Spectator);
            let png = board_png(&view, &names());
            save_sample(&format!("cars-{players}p-{seed}-{round}.png"), &png);
            let image = decode(&png);
            let layout = Layout::new(&view, &names());
            for car in &view.train {
                let rect = tile_rect(lane_of(&layout), &layout.columns, car.column);
                let own = count(&image, rect, owner_colour(car.car.owner));
                let share = own as f32 / (rect.w * rect.h);
                assert!(share > 0.3, "car at column {}: {share}", car.column);
            }
            assert_cards_show_their_cars(&image, &view, &layout);
        }
    }
}

/// A card shows an owner's colour exactly when it holds one of their cars.
fn assert_cards_show_their_cars(image: &Canvas, view: &WhistlewoodView, layout: &Layout) {
    for (r, row) in view.rows.iter().enumerate() {
        for (c, card) in row.iter().enumerate() {
            let rect = card_rect(&layout.columns, layout.map_top, r, c);
            for owner in 0..2 {
                let holds = card.cars.iter().any(|car| car.owner == owner);
                let shown = count(image, rect, owner_colour(owner)) > 200;
                assert_eq!(
                    holds,
                    shown,
                    "card {} at row {r} column {}",
                    card.letter,
                    c + 1
                );
            }
        }
    }
}

#[test]
fn train_cars_never_overlap_and_stay_inside_the_picture() {
    for (players, seed, from_left) in [(2, 31, true), (2, 32, false), (1, 33, false)] {
        let mut rng = GameRng::seeded(seed);
        let mut game = dealt_game(players, seed, from_left, 0);
        while game.outcome().is_none() && play(&mut game, 1, &mut rng) == 1 {
            let view = game.view(Viewer::Spectator);
            let layout = Layout::new(&view, &names());
            assert!(layout.width <= BOARD_MAX_W + 1.0 || view.train.len() > 8);
            let lane = lane_of(&layout);
            let mut tiles: Vec<Rect> = std::iter::once(view.loco)
                .chain(view.train.iter().map(|c| c.column))
                .map(|column| tile_rect(lane, &layout.columns, column))
                .collect();
            assert!(
                tiles
                    .iter()
                    .all(|t| t.x >= 0.0 && t.right() <= layout.width)
            );
            if from_left {
                assert!(tiles.windows(2).all(|w| w[0].x > w[1].x), "front first");
            } else {
                assert!(tiles.windows(2).all(|w| w[0].x < w[1].x), "front first");
            }
            tiles.sort_by(|a, b| a.x.total_cmp(&b.x));
            assert!(
                tiles.windows(2).all(|w| w[0].right() <= w[1].x),
                "no overlap"
            );
        }
    }
}

#[test]
fn the_result_banner_appears_only_when_the_game_is_over() {
    let mut rng = GameRng::seeded(41);
    let mut game = dealt_game(1, 41, true, 0);
    play(&mut game, 10, &mut rng);
    let mid = decode(&board_png(&game.view(Viewer::Seat(0)), &names()));
    assert_eq!(count(&mid, whole(&mid), palette::SUCCESS), 0);
    play(&mut game, LONGEST_GAME, &mut rng);
    let view = game.view(Viewer::Seat(0));
    assert!(view.outcome.is_some());
    let png = board_png(&view, &names());
    save_sample("over-solo.png", &png);
    let over = assert_board_fits(&png);
    assert!(count(&over, whole(&over), palette::SUCCESS) > 100);
}

#[test]
fn turn_marks_change_the_picture() {
    let view = dealt_game(2, 51, true, 9).view(Viewer::Seat(0));
    let plain = board_png(&view, &names());
    let mut last = view.clone();
    last.final_turn = true;
    assert_ne!(
        decode(&plain).image(),
        decode(&board_png(&last, &names())).image()
    );
    let mut waits = view.clone();
    if let Some(turn) = &mut waits.turn {
        turn.advance_waits = true;
    }
    let waits_png = board_png(&waits, &names());
    save_sample("advance-waits.png", &waits_png);
    let image = decode(&waits_png);
    assert!(count(&image, whole(&image), palette::ACCENT) > 100);
}

#[test]
fn missing_names_do_not_break_the_board() {
    let view = dealt_game(2, 61, false, 15).view(Viewer::Spectator);
    decode(&board_png(&view, &[]));
}

#[test]
fn only_a_player_gets_a_hand_picture() {
    let game = dealt_game(2, 71, true, 6);
    assert_eq!(hand_png(&game.view(Viewer::Spectator)), None);
    let solo = dealt_game(1, 72, true, 6);
    assert_eq!(
        hand_png(&solo.view(Viewer::Seat(1))),
        None,
        "no seat plays the Automa"
    );
    let png = hand_png(&solo.view(Viewer::Seat(0))).expect("the solo player has a hand");
    save_sample("hand-solo.png", &png);
    let image = decode(&png);
    assert!(image.width() >= 600 && image.height() >= 200);
    assert!(png.len() <= MAX_PNG_BYTES, "{} bytes", png.len());
}

#[test]
fn the_hand_picture_follows_the_hand() {
    let game = fixed_game(2, true);
    let (red, blue) = (game.view(Viewer::Seat(0)), game.view(Viewer::Seat(1)));
    assert_ne!(red.hand, blue.hand, "the piles are dealt differently");
    let red_png = hand_png(&red).unwrap();
    save_sample("hand-red.png", &red_png);
    let (red_image, blue_image) = (decode(&red_png), decode(&hand_png(&blue).unwrap()));
    assert_ne!(red_image.image(), blue_image.image());
    let red_pixels = count(&red_image, whole(&red_image), owner_colour(0));
    assert!(red_pixels > 1000, "red tiles are red");
    assert_eq!(count(&red_image, whole(&red_image), owner_colour(1)), 0);
    assert_eq!(hand_png(&red), hand_png(&game.view(Viewer::Seat(0))));
}

#[test]
fn discarded_tiles_make_the_hand_picture_taller() {
    let mut rng = GameRng::seeded(81);
    let mut game = dealt_game(2, 81, true, 0);
    let start = game.view(Viewer::Seat(0));
    let seat = 0;
    while game
        .view(Viewer::Seat(seat))
        .discards
        .is_none_or(|d| d.is_empty())
    {
        let Some(&to_act) = game.to_act().seats().first() else {
            panic!("the game ended before seat 0 discarded");
        };
        let legal = game.legal(to_act);
        let action = legal
            .iter()
            .rev()
            .find(|a| to_act == seat && matches!(a, Action::Discard(t) if !t.is_empty()))
            .cloned()
            .unwrap_or_else(|| game.bot_action(to_act, &mut rng));
        game.apply_quiet(to_act, &action).unwrap();
    }
    let later = game.view(Viewer::Seat(seat));
    let png = hand_png(&later).unwrap();
    save_sample("hand-discards.png", &png);
    let before = decode(&hand_png(&start).unwrap());
    assert!(decode(&png).height() > before.height());
}

#[test]
fn the_panel_is_phone_sized_and_drawn_only_for_a_seat_with_a_hand() {
    let mut rng = GameRng::seeded(21);
    let mut game = dealt_game(2, 21, false, 0);
    let mut seen = 0;
    for (step, name) in [
        (0, "start"),
        (9, "early"),
        (30, "mid"),
        (LONGEST_GAME, "over"),
    ] {
        play(&mut game, step, &mut rng);
        assert_eq!(panel_png(&game.view(Viewer::Spectator), &names()), None);
        for seat in 0..2 {
            let Some(png) = panel_png(&game.view(Viewer::Seat(seat)), &names()) else {
                continue;
            };
            seen += 1;
            save_sample(&format!("panel-{name}-seat{seat}.png"), &png);
            let image = decode(&png);
            assert_eq!(image.width(), 600);
            assert!((300..=900).contains(&image.height()), "{}", image.height());
            assert!(png.len() <= MAX_PNG_BYTES);
        }
    }
    assert!(seen >= 6, "{seen}");
    let solo = dealt_game(1, 5, true, 14);
    let png = panel_png(&solo.view(Viewer::Seat(0)), &names()).expect("the solo seat's panel");
    save_sample("panel-solo.png", &png);
}

#[test]
fn the_panel_is_the_same_whatever_the_seat_cannot_see() {
    let mut rng = GameRng::seeded(8);
    for steps in [3, 12, 40] {
        let game = dealt_game(2, 8, true, steps);
        for seat in 0..2 {
            let panel = panel_png(&game.view(Viewer::Seat(seat)), &names());
            let redrawn = game.resample_hidden(Viewer::Seat(seat), &mut rng);
            let again = panel_png(&redrawn.view(Viewer::Seat(seat)), &names());
            assert_eq!(panel, again, "seat {seat} after {steps} steps");
        }
    }
}

#[test]
fn what_changed_since_the_last_turn_is_ringed() {
    let mut rng = GameRng::seeded(3);
    let mut game = dealt_game(2, 3, true, 4);
    let mut marked_some = false;
    for _ in 0..40 {
        let before = game.view(Viewer::Spectator);
        if play(&mut game, 1, &mut rng) == 0 {
            break;
        }
        let view = game.view(Viewer::Spectator);
        let marked = decode(&board_png_since(&view, &before, &names()));
        let plain = decode(&board_png(&view, &names()));
        assert_eq!(count(&plain, whole(&plain), NEW_MARK), 0);
        if count(&marked, whole(&marked), NEW_MARK) > 100 {
            if !marked_some {
                save_sample(
                    "board-since.png",
                    &board_png_since(&view, &before, &names()),
                );
            }
            marked_some = true;
        }
    }
    assert!(marked_some, "some step changed the board");
    let view = game.view(Viewer::Spectator);
    let same = decode(&board_png_since(&view, &view, &names()));
    assert_eq!(
        count(&same, whole(&same), NEW_MARK),
        0,
        "nothing changed, nothing ringed"
    );
}

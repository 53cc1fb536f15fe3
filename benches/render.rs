//! How fast the pictures are drawn and encoded: a five-player Yardmaster table in its last round and the
//! hand of the player to act; a Whistlewood table late in a bot game and the hand of the player to move;
//! every built-in shunting yard.
//! The PNG sizes are printed once before timing.

use criterion::{Criterion, criterion_group, criterion_main};
use roundhouse::game::{BotPlayer, Game, GameRng, Viewer};
use roundhouse::games::shunting;
use roundhouse::games::whistlewood::{self, Whistlewood, WhistlewoodOptions, WhistlewoodView};
use roundhouse::games::yardmaster::cards::Face;
use roundhouse::games::yardmaster::draw::{board_png, hand_png};
use roundhouse::games::yardmaster::view::{
    CabooseView, CardView, ScoreView, TrainView, YardmasterView,
};

fn card(text: &str, face_up: bool) -> CardView {
    CardView {
        face: face_up.then(|| text.parse::<Face>().unwrap()),
        face_up,
    }
}

fn train(seat: usize, faces: [&str; 3], face_down_at: Option<usize>) -> TrainView {
    let cards: Vec<CardView> = faces
        .iter()
        .enumerate()
        .map(|(i, text)| card(text, face_down_at != Some(i)))
        .collect();
    TrainView {
        seat,
        cards,
        longest_run: 3,
        score: ScoreView {
            train: 17,
            run_bonus: 3,
            caboose: 6,
            earlier_games: 0,
            total: 26,
        },
        holds_hand: seat == 3,
        keeps_card: false,
    }
}

/// Five players in the last of four rounds, seen by seat 3, who holds the hand.
fn late_five_player_view() -> YardmasterView {
    YardmasterView {
        viewer: Viewer::Seat(3),
        players: 5,
        game_number: 1,
        games: 2,
        round: 4,
        rounds: 4,
        start_player: 0,
        clockwise: true,
        to_act: Some(3),
        deck_left: 11,
        hand_size: 2,
        hand: Some(vec!["P3|G3".parse().unwrap(), "Y4|R4".parse().unwrap()]),
        kept: None,
        trains: vec![
            train(0, ["Y2|Y3", "Y3|B3", "B3|R3"], None),
            train(1, ["G2|G3", "G3|R3", "P3|Y3"], Some(1)),
            train(2, ["R2|R2", "R3|G3", "G4|Y4"], None),
            train(3, ["P2|P2", "P4|P4", "B2|B2"], Some(0)),
            train(4, ["B4|G4", "G3|B3", "Y3|G3"], Some(2)),
        ],
        longest_run: 4,
        caboose: Some(CabooseView {
            name: "Buried Alive",
            points: 7,
            condition: "most face-down cards",
        }),
        draw_at_end: false,
        outcome: None,
    }
}

fn pictures(c: &mut Criterion) {
    let view = late_five_player_view();
    let names: Vec<String> = ["Alice", "Bram", "Chen", "Dmitri", "Esperanza"]
        .map(String::from)
        .to_vec();
    let board = board_png(&view, &names);
    let hand = hand_png(&view).expect("seat 3 holds the hand");
    println!(
        "board PNG: {:.1} KB, hand PNG: {:.1} KB",
        board.len() as f64 / 1024.0,
        hand.len() as f64 / 1024.0
    );
    c.bench_function("yardmaster board png, 5 players", |b| {
        b.iter(|| board_png(&view, &names))
    });
    c.bench_function("yardmaster hand png", |b| b.iter(|| hand_png(&view)));
}

/// A seeded two-player bot game: its last position before the end, seen by the player to move, and
/// its final position (the result banner, the whole train past the map).
fn whistlewood_views() -> (WhistlewoodView, WhistlewoodView) {
    let mut rng = GameRng::seeded(2024);
    let options = WhistlewoodOptions::default();
    let setup = Whistlewood::deal(&options, 2, &mut rng);
    let mut game = Whistlewood::start(options, 2, setup, 2024).expect("a dealt setup starts");
    let mut last = game.clone();
    while let Some(&seat) = game.to_act().seats().first() {
        last = game.clone();
        let action = game.bot_action(seat, &mut rng);
        game.apply_quiet(seat, &action)
            .expect("bots play legal steps");
    }
    let seat = last.to_act().seats()[0];
    (last.view(Viewer::Seat(seat)), game.view(Viewer::Spectator))
}

/// "1200×692 px" for a PNG.
fn png_size(png: &[u8]) -> String {
    let canvas = render::decode_png(png).expect("a valid PNG");
    format!("{}×{} px", canvas.width(), canvas.height())
}

fn whistlewood_pictures(c: &mut Criterion) {
    let (view, over) = whistlewood_views();
    let names: Vec<String> = ["Alice", "Bram"].map(String::from).to_vec();
    let hand = whistlewood::draw::hand_png(&view).expect("the player to move has a hand");
    for (label, view) in [("late", &view), ("over", &over)] {
        let board = whistlewood::draw::board_png(view, &names);
        println!(
            "whistlewood {label} board PNG: {}, {:.1} KB ({} cars in the train, {} on the map)",
            png_size(&board),
            board.len() as f64 / 1024.0,
            view.train.len(),
            view.rows
                .iter()
                .flatten()
                .map(|c| c.cars.len())
                .sum::<usize>(),
        );
    }
    println!(
        "whistlewood hand PNG: {}, {:.1} KB",
        png_size(&hand),
        hand.len() as f64 / 1024.0
    );
    c.bench_function("whistlewood board png, late game", |b| {
        b.iter(|| whistlewood::draw::board_png(&view, &names))
    });
    c.bench_function("whistlewood board png, game over", |b| {
        b.iter(|| whistlewood::draw::board_png(&over, &names))
    });
    c.bench_function("whistlewood hand png", |b| {
        b.iter(|| whistlewood::draw::hand_png(&view))
    });
}

/// Every built-in shunting puzzle's yard at its start, the biggest (Junction: two locos, five cars,
/// broken tracks) also after a move with a caption and the moved pieces ringed.
fn shunting_pictures(c: &mut Criterion) {
    for &(name, _) in shunting::builtin::PUZZLES {
        let puzzle = shunting::builtin::puzzle(name)
            .expect("a built-in puzzle")
            .expect("it loads");
        let png = shunting::draw::yard_png(&puzzle, &puzzle.start);
        println!(
            "shunting {name} yard PNG: {}, {:.1} KB",
            png_size(&png),
            png.len() as f64 / 1024.0
        );
        c.bench_function(&format!("shunting yard png, {name}"), |b| {
            b.iter(|| shunting::draw::yard_png(&puzzle, &puzzle.start))
        });
    }
    let puzzle = shunting::builtin::puzzle("junction-1")
        .expect("a built-in puzzle")
        .expect("it loads");
    let moved = puzzle
        .legal_moves(&puzzle.start)
        .into_iter()
        .next()
        .expect("a legal move");
    let caption = format!("Move 1 · {}", moved.action.label());
    let frame = shunting::draw::Frame {
        caption: Some(&caption),
        previous: Some(&puzzle.start),
    };
    c.bench_function("shunting yard png, junction-1 after a move", |b| {
        b.iter(|| shunting::draw::yard_png_framed(&puzzle, &moved.result, &frame))
    });
}

criterion_group!(benches, pictures, whistlewood_pictures, shunting_pictures);
criterion_main!(benches);

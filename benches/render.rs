//! How fast the Yardmaster pictures are drawn and encoded: a five-player table in its last round, and
//! the hand of the player to act. The PNG sizes are printed once before timing.

use criterion::{Criterion, criterion_group, criterion_main};
use roundhouse::game::Viewer;
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

criterion_group!(benches, pictures);
criterion_main!(benches);

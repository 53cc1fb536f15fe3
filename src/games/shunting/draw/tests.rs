//! Pictures of real positions of the built-in puzzles, checked pixel by pixel where a piece, a goal
//! mark, a broken track or the turntable bridge must be. Set `SHUNTING_DRAW_SAMPLES` to a folder to
//! also write the pictures there for a look.

use render::{Canvas, Colour, decode_png, palette};

use super::frame::Geometry;
use super::style::{
    BRIDGE_START, BROKEN, BROKEN_GROUND, GOAL_MET, HEADLAMP, LOCO, LOCO_TRIM, MIN_WIDTH, MOVED,
    PIECE_HALF, PLAIN_CAR,
};
use super::vector::V;
use super::{Frame, yard_png, yard_png_framed};
use crate::games::shunting::position::Position;
use crate::games::shunting::puzzle::Puzzle;
use crate::games::shunting::{SolveOptions, builtin, solve};

const MAX_PNG_BYTES: usize = 300 * 1024;

fn save(name: &str, png: &[u8]) {
    if let Some(dir) = std::env::var_os("SHUNTING_DRAW_SAMPLES") {
        std::fs::write(std::path::Path::new(&dir).join(name), png).unwrap();
    }
}

fn puzzle(name: &str) -> Puzzle {
    builtin::puzzle(name).unwrap().unwrap()
}

/// The picture of `position`, decoded, with its size checked.
fn picture(puzzle: &Puzzle, position: &Position, frame: &Frame<'_>, name: &str) -> Canvas {
    let png = yard_png_framed(puzzle, position, frame);
    save(name, &png);
    assert!(png.len() < MAX_PNG_BYTES, "{name}: {} bytes", png.len());
    let canvas = decode_png(&png).unwrap();
    assert!(
        canvas.width() as f32 >= MIN_WIDTH && canvas.width() <= 1600,
        "{name}"
    );
    assert!(canvas.height() >= 200 && canvas.height() <= 1200, "{name}");
    canvas
}

/// The pixel `along` from the centre of `slot` along its track and `across` to its side.
fn at(
    puzzle: &Puzzle,
    position: &Position,
    slot: &str,
    along: f32,
    across: f32,
    canvas: &Canvas,
) -> Colour {
    let geometry = Geometry::of(&puzzle.yard);
    let slot = puzzle.yard.find_slot(slot).unwrap();
    let (centre, direction) = geometry.slot(&puzzle.yard, slot, position);
    let p = centre
        .add(direction.scale(along))
        .add(direction.perp().scale(across));
    canvas
        .pixel(p.0.round() as i32, p.1.round() as i32)
        .unwrap()
}

fn play(puzzle: &Puzzle, position: &Position, moves: &[&str]) -> Position {
    moves.iter().fold(*position, |p, m| {
        puzzle
            .play_text(&p, m)
            .unwrap_or_else(|e| panic!("{m}: {e}"))
    })
}

#[test]
fn every_built_in_puzzle_draws_at_the_start_and_along_legal_moves() {
    for (name, _) in builtin::PUZZLES {
        let puzzle = puzzle(name);
        let mut position = puzzle.start;
        picture(
            &puzzle,
            &position,
            &Frame::default(),
            &format!("{name}.png"),
        );
        for step in 0..6 {
            let moves = puzzle.legal_moves(&position);
            let Some(next) = moves.get((step * 7) % moves.len().max(1)) else {
                break;
            };
            let caption = format!("Move {} · {}", step + 1, next.action.label());
            let frame = Frame {
                caption: Some(&caption),
                previous: Some(&position),
            };
            picture(&puzzle, &next.result, &frame, &format!("{name}-{step}.png"));
            position = next.result;
        }
    }
}

#[test]
fn cars_locos_broken_tracks_and_goals_are_where_the_position_says() {
    let puzzle = puzzle("junction-1");
    let start = puzzle.start;
    let canvas = picture(&puzzle, &start, &Frame::default(), "junction-check.png");
    let (a, b) = PIECE_HALF;
    // Cars in their colours, off their names.
    assert_eq!(
        at(&puzzle, &start, "A2", 18.0, 0.0, &canvas),
        palette::CARGO_GREEN
    );
    assert_eq!(
        at(&puzzle, &start, "M2", -18.0, 0.0, &canvas),
        palette::CARGO_YELLOW
    );
    assert_eq!(
        at(&puzzle, &start, "L3", 18.0, 0.0, &canvas),
        palette::CARGO_BLUE
    );
    // An empty slot shows no car colour.
    assert_ne!(
        at(&puzzle, &start, "M3", 18.0, 0.0, &canvas),
        palette::CARGO_YELLOW
    );
    // L1 on W1 faces up (towards W2): headlamp at the W2 end, coupler sticking out at the other.
    assert_eq!(at(&puzzle, &start, "W1", a - 4.5, 0.0, &canvas), HEADLAMP);
    assert_eq!(at(&puzzle, &start, "W1", -a - 2.5, 0.0, &canvas), LOCO_TRIM);
    assert_ne!(at(&puzzle, &start, "W1", a + 2.5, 0.0, &canvas), LOCO_TRIM);
    assert_eq!(at(&puzzle, &start, "W1", -12.0, 0.0, &canvas), LOCO);
    // L2 on E3 faces down: its headlamp is at the E2 end.
    assert_eq!(
        at(&puzzle, &start, "E3", -(a - 4.5), 0.0, &canvas),
        HEADLAMP
    );
    assert_eq!(at(&puzzle, &start, "E3", a + 2.5, 0.0, &canvas), LOCO_TRIM);
    // Broken B3 and S3: a red cross over dark red ground.
    for slot in ["B3", "S3"] {
        assert_eq!(
            at(&puzzle, &start, slot, 0.0, 0.0, &canvas),
            BROKEN,
            "{slot}"
        );
        assert_eq!(
            at(&puzzle, &start, slot, 0.0, b - 1.0, &canvas),
            BROKEN_GROUND,
            "{slot}"
        );
    }
    assert_ne!(at(&puzzle, &start, "B2", 0.0, 0.0, &canvas), BROKEN);
    // Goals: Red must reach empty E1 (a faint red ghost), Blue must reach A1 where Red stands (a
    // blue frame round Red), Black must reach empty B1.
    let ghost = |c: Colour| c.mix(palette::BACKGROUND, 0.7);
    assert_eq!(
        at(&puzzle, &start, "E1", 18.0, 0.0, &canvas),
        ghost(palette::CARGO_RED)
    );
    assert_eq!(
        at(&puzzle, &start, "A1", a + 4.0, 0.0, &canvas),
        palette::CARGO_BLUE
    );
    assert_eq!(
        at(&puzzle, &start, "A1", 18.0, 0.0, &canvas),
        palette::CARGO_RED
    );
    assert_eq!(
        at(&puzzle, &start, "B1", 18.0, 0.0, &canvas),
        ghost(super::style::parse_colour("black").unwrap())
    );
}

#[test]
fn plain_wagons_and_the_moved_ring_follow_a_move() {
    let puzzle = puzzle("inglenook-hard-1");
    let start = puzzle.start;
    let canvas = picture(&puzzle, &start, &Frame::default(), "inglenook-check.png");
    assert_eq!(at(&puzzle, &start, "A2", 18.0, 0.0, &canvas), PLAIN_CAR);
    assert_eq!(at(&puzzle, &start, "B3", 18.0, 0.0, &canvas), PLAIN_CAR);
    assert_ne!(at(&puzzle, &start, "B1", 18.0, 0.0, &canvas), PLAIN_CAR);
    // The loco drives one slot towards the points: it is ringed as moved, the wagons are not.
    let after = play(&puzzle, &start, &["L1 H4>H3"]);
    let frame = Frame {
        caption: Some("Move 1 · L1 H4>H3"),
        previous: Some(&start),
    };
    let canvas = picture(&puzzle, &after, &frame, "inglenook-moved.png");
    let (a, _) = PIECE_HALF;
    assert_eq!(at(&puzzle, &after, "H3", a + 6.0, 0.0, &canvas), MOVED);
    assert_ne!(at(&puzzle, &after, "A5", a + 6.0, 0.0, &canvas), MOVED);
}

#[test]
fn a_solved_position_rings_every_goal_met() {
    let puzzle = puzzle("shed-1");
    let solution = solve(&puzzle, &SolveOptions::default()).unwrap();
    let mut position = puzzle.start;
    for m in &solution.moves {
        position = puzzle.play(&position, m).unwrap();
    }
    assert!(puzzle.is_solved(&position));
    let canvas = picture(&puzzle, &position, &Frame::default(), "shed-solved.png");
    let (a, _) = PIECE_HALF;
    for slot in ["U1", "R1"] {
        assert_eq!(
            at(&puzzle, &position, slot, a + 6.0, 0.0, &canvas),
            GOAL_MET,
            "{slot}"
        );
    }
    assert_eq!(
        at(&puzzle, &position, "U1", 18.0, 0.0, &canvas),
        palette::CARGO_BLUE
    );
}

#[test]
fn turning_the_turntable_turns_the_bridge_in_the_picture() {
    let puzzle = puzzle("shed-1");
    let start = puzzle.start;
    let geometry = Geometry::of(&puzzle.yard);
    let bridge = puzzle.yard.find_track("T").unwrap();
    let turned = play(&puzzle, &start, &["L1 R2>R3"]);
    assert_ne!(start.turntable(0), turned.turntable(0));
    let marker = |position: &Position| {
        let [s, _] = geometry.layout.line(&puzzle.yard, bridge, position);
        geometry.px(s)
    };
    let (before_at, after_at) = (marker(&start), marker(&turned));
    assert!(before_at.sub(after_at).length() > 10.0);
    let pixel = |canvas: &Canvas, p: V| {
        canvas
            .pixel(p.0.round() as i32, p.1.round() as i32)
            .unwrap()
    };
    let before = picture(&puzzle, &start, &Frame::default(), "shed-before.png");
    let after = picture(&puzzle, &turned, &Frame::default(), "shed-after.png");
    assert_eq!(pixel(&before, before_at), BRIDGE_START);
    assert_ne!(pixel(&before, after_at), BRIDGE_START);
    assert_eq!(pixel(&after, after_at), BRIDGE_START);
    assert_ne!(pixel(&after, before_at), BRIDGE_START);
}

#[test]
fn the_plain_entry_point_draws_the_same_as_an_empty_frame() {
    let puzzle = puzzle("timesaver-1");
    assert_eq!(
        yard_png(&puzzle, &puzzle.start),
        yard_png_framed(&puzzle, &puzzle.start, &Frame::default())
    );
}

/// The built-in yards with every drawing hint taken out, laid out from the track graph alone.
fn without_hints(name: &str) -> Puzzle {
    let mut puzzle = puzzle(name);
    let (_, text) = builtin::YARDS
        .iter()
        .find(|(n, _)| *n == puzzle.yard.name)
        .unwrap();
    let bare: String = text
        .lines()
        .filter(|l| !l.starts_with("start =") && !l.starts_with("end ="))
        .map(|l| format!("{l}\n"))
        .collect();
    puzzle.yard = crate::games::shunting::Yard::from_toml(&bare).unwrap();
    assert!(puzzle.yard.tracks.iter().all(|t| t.start.is_none()));
    puzzle
}

#[test]
fn yards_without_hints_are_laid_out_without_overlaps() {
    for name in ["inglenook-hard-1", "timesaver-1", "shed-1", "junction-1"] {
        let puzzle = without_hints(name);
        let geometry = Geometry::of(&puzzle.yard);
        let lines = &geometry.layout.lines;
        for (i, &[a, b]) in lines.iter().enumerate() {
            for &[c, d] in &lines[i + 1..] {
                let gap = super::vector::segment_distance(a, b, c, d);
                assert!(gap >= 0.29, "{name}: tracks {i} and another {gap} apart");
            }
        }
        let canvas = picture(
            &puzzle,
            &puzzle.start,
            &Frame::default(),
            &format!("{name}-auto.png"),
        );
        // Every piece is drawn inside the picture, in its colour where it has one.
        for (p, piece) in puzzle.pieces.iter().enumerate() {
            let slot = puzzle.yard.slot_name(puzzle.start.slot(p));
            let colour = at(&puzzle, &puzzle.start, &slot, -22.0, 0.0, &canvas);
            if let Some(named) = piece.colour.as_deref() {
                assert_eq!(
                    Some(colour),
                    super::style::parse_colour(named),
                    "{name} {slot}"
                );
            }
        }
    }
}

//! Pictures of real positions of the built-in puzzles, checked pixel by pixel where a piece, a goal
//! mark, a broken track or the turntable bridge must be. Set `SHUNTING_DRAW_SAMPLES` to a folder to
//! also write the pictures there for a look.

use render::{Canvas, Colour, decode_png, palette};

use super::geometry::Geometry;
use super::style::{
    BRIDGE_START, BROKEN, BROKEN_GROUND, GOAL_MET, HEADLAMP, LOCO, LOCO_TRIM, MARGIN, MAX_LAYOUT,
    MIN_WIDTH, MOVED, PIECE_HALF, PLAIN_CAR, UNIT, parse_colour,
};
use super::vector::{V, segment_distance};
use super::{Frame, yard_png, yard_png_framed};
use crate::games::shunting::format::{
    FacingSpec, GoalSpec, KindSpec, PieceSpec, PuzzleFile, YardFile,
};
use crate::games::shunting::position::Position;
use crate::games::shunting::puzzle::Puzzle;
use crate::games::shunting::{LoadError, SlotId, SolveOptions, Yard, builtin, solve};
use serde::Deserialize;
use std::fs::{read_dir, read_to_string};

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
    let geometry = Geometry::of(&puzzle.yard);
    assert_eq!(canvas.width(), geometry.width as u32, "{name}");
    assert!(canvas.width() as f32 >= MIN_WIDTH, "{name}");
    assert!(
        canvas.width() as f32 <= MAX_LAYOUT.0 * UNIT + 2.0 * MARGIN,
        "{name}"
    );
    let footer = canvas.height() as f32 - geometry.bottom;
    assert!((0.0..300.0).contains(&footer), "{name}: footer {footer}");
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
        ghost(parse_colour("black").unwrap())
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

/// Every yard file we have, as (name, the yard's table): the built-in yards and the valid test yards
/// in `tests/data/` (whose yard may sit under a `[yard]` table; files naming a built-in yard, yards
/// that do not load and yards of fewer than three slots are left out), and two yards of our own.
fn yard_files() -> Vec<(String, toml::Table)> {
    let mut files: Vec<(String, toml::Table)> = builtin::YARDS
        .iter()
        .map(|(name, text)| ((*name).to_owned(), toml::from_str(text).unwrap()))
        .collect();
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    for entry in read_dir(data).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "toml") {
            let Ok(mut table) = toml::from_str::<toml::Table>(&read_to_string(&path).unwrap())
            else {
                continue;
            };
            match table.remove("yard") {
                Some(toml::Value::Table(yard)) => table = yard,
                Some(_) => continue,
                None => {}
            }
            let loads = YardFile::deserialize(table.clone())
                .ok()
                .and_then(|file| Yard::from_file(&file).ok());
            if loads.is_some_and(|yard| yard.slots.len() >= 3) {
                files.push((path.display().to_string(), table));
            }
        }
    }
    files.extend(
        [("parts", PARTS), ("chain", CHAIN)]
            .map(|(name, text)| (name.to_owned(), toml::from_str(text).unwrap())),
    );
    files
}

/// A turntable with a track on each side of its ring, a separate track with its own loco, and a
/// track with a hint placing it as a point, away from everything else.
const PARTS: &str = r#"
name = "parts"
buffers = ["R.end", "U.end", "Z.start", "Z.end", "Q.start"]
[[track]]
name = "Z"
slots = 3
[[track]]
name = "R"
slots = 2
[[track]]
name = "T"
slots = 1
[[track]]
name = "U"
slots = 2
[[track]]
name = "Q"
slots = 2
start = [9.0, -2.0]
end = [9.0, -2.0]
[[turntable]]
name = "TT"
bridge = "T"
ring = ["R.start", "", "U.start", ""]
"#;

/// Three turnouts chained stem to leg, with plain joints and an edge of the board.
const CHAIN: &str = r#"
name = "chain"
buffers = ["A.end", "B.end", "C.end", "D.end"]
joints = [["H.end", "J.start"]]
[[track]]
name = "H"
slots = 2
[[track]]
name = "J"
slots = 1
[[track]]
name = "A"
slots = 2
[[track]]
name = "B"
slots = 3
[[track]]
name = "C"
slots = 2
[[track]]
name = "D"
slots = 4
[[turnout]]
name = "P1"
stem = "J.end"
legs = ["A.start", "P2.stem"]
[[turnout]]
name = "P2"
legs = ["P3.stem", "B.start"]
[[turnout]]
name = "P3"
legs = ["C.start", "D.start"]
"#;

/// `yard` with every drawing hint taken out.
fn bare(mut yard: toml::Table) -> toml::Table {
    if let Some(toml::Value::Array(tracks)) = yard.get_mut("track") {
        for track in tracks.iter_mut().filter_map(toml::Value::as_table_mut) {
            track.remove("start");
            track.remove("end");
        }
    }
    yard
}

/// A puzzle on `yard`: a loco facing up in its first slot, a red car in its last, and the goal of
/// a blue car in the middle slot.
fn puzzle_on(yard: toml::Table) -> Puzzle {
    let model = Yard::from_file(&YardFile::deserialize(yard.clone()).unwrap()).unwrap();
    let slots = model.slots.len();
    let spec = |name: &str, kind, slot: usize, colour: &str| PieceSpec {
        name: name.to_owned(),
        kind,
        at: model.slot_name(slot as SlotId),
        facing: (kind == KindSpec::Loco).then_some(FacingSpec::Up),
        colour: Some(colour.to_owned()),
    };
    let file = PuzzleFile {
        name: Some("sample".to_owned()),
        title: None,
        yard: toml::Value::Table(yard),
        broken: Vec::new(),
        turntables: Default::default(),
        pieces: vec![
            spec("L1", KindSpec::Loco, 0, "black"),
            spec("Red", KindSpec::Car, slots - 1, "red"),
            spec("Blue", KindSpec::Car, slots - 2, "blue"),
        ],
        goal: GoalSpec {
            at: [("Blue".to_owned(), model.slot_name((slots / 2) as SlotId))].into(),
            ..GoalSpec::default()
        },
    };
    Puzzle::from_file(&file).unwrap()
}

/// The layout of `puzzle` has no tracks closer than a plain joint's gap and no turnout points on top
/// of each other.
fn assert_uncrowded(name: &str, geometry: &Geometry) {
    let layout = &geometry.layout;
    for (i, &[a, b]) in layout.lines.iter().enumerate() {
        for (j, &[c, d]) in layout.lines.iter().enumerate().skip(i + 1) {
            let gap = segment_distance(a, b, c, d);
            assert!(gap >= 0.29, "{name}: tracks {i} and {j} are {gap} apart");
        }
    }
    for (i, &p) in layout.turnouts.iter().enumerate() {
        for (j, &q) in layout.turnouts.iter().enumerate().skip(i + 1) {
            let gap = p.sub(q).length();
            assert!(gap >= 0.5, "{name}: turnouts {i} and {j} are {gap} apart");
        }
    }
}

#[test]
fn every_yard_file_draws_without_hints_uncrowded_with_its_pieces_in_place() {
    let files = yard_files();
    assert!(files.iter().any(|(name, _)| name.ends_with("fork.toml")));
    assert!(files.len() > builtin::YARDS.len() + 2);
    for (name, yard) in files {
        for (variant, yard) in [("hinted", yard.clone()), ("bare", bare(yard))] {
            let name = format!("{name} ({variant})");
            let puzzle = puzzle_on(yard);
            let geometry = Geometry::of(&puzzle.yard);
            assert_uncrowded(&name, &geometry);
            let file = format!("{}-{variant}.png", puzzle.yard.name);
            let canvas = picture(&puzzle, &puzzle.start, &Frame::default(), &file);
            let start = &puzzle.start;
            let slot = |p: usize| puzzle.yard.slot_name(start.slot(p));
            let (a, _) = PIECE_HALF;
            assert_eq!(
                at(&puzzle, start, &slot(0), a - 4.5, 0.0, &canvas),
                HEADLAMP,
                "{name}"
            );
            for (p, colour) in [(1, palette::CARGO_RED), (2, palette::CARGO_BLUE)] {
                assert_eq!(
                    at(&puzzle, start, &slot(p), 18.0, 0.0, &canvas),
                    colour,
                    "{name}"
                );
            }
            let goal = puzzle.goal.at[0].1;
            if puzzle.occupant(start, goal).is_none() {
                assert_eq!(
                    at(
                        &puzzle,
                        start,
                        &puzzle.yard.slot_name(goal),
                        18.0,
                        0.0,
                        &canvas
                    ),
                    palette::CARGO_BLUE.mix(palette::BACKGROUND, 0.7),
                    "{name}"
                );
            }
        }
    }
}

#[test]
fn built_in_puzzles_without_hints_draw_every_piece_in_its_colour() {
    for (name, _) in builtin::PUZZLES {
        let mut puzzle = puzzle(name);
        let (_, text) = builtin::YARDS
            .iter()
            .find(|(n, _)| *n == puzzle.yard.name)
            .unwrap();
        let yard = bare(toml::from_str(text).unwrap());
        puzzle.yard = Yard::from_file(&YardFile::deserialize(yard).unwrap()).unwrap();
        assert!(puzzle.yard.tracks.iter().all(|t| t.start.is_none()));
        let canvas = picture(
            &puzzle,
            &puzzle.start,
            &Frame::default(),
            &format!("{name}-auto.png"),
        );
        for (p, piece) in puzzle.pieces.iter().enumerate() {
            let slot = puzzle.yard.slot_name(puzzle.start.slot(p));
            let colour = at(&puzzle, &puzzle.start, &slot, -22.0, 0.0, &canvas);
            if let Some(named) = piece.colour.as_deref() {
                assert_eq!(Some(colour), parse_colour(named), "{name} {slot}");
            }
        }
    }
}

#[test]
fn drawing_hints_outside_the_drawing_area_are_refused() {
    for hint in ["[1e9, 0.0]", "[0.0, -101.0]", "[nan, 0.0]", "[inf, 1.0]"] {
        let text = format!("name = \"far\"\n[[track]]\nname = \"A\"\nslots = 2\nstart = {hint}\n");
        let error = Yard::from_toml(&text).unwrap_err();
        assert!(
            matches!(error, LoadError::BadHint { ref track, end: "start", .. } if track == "A"),
            "{hint}: {error}"
        );
        assert!(error.to_string().contains("-100 to 100"), "{error}");
    }
    let text = "name = \"near\"\n[[track]]\nname = \"A\"\nslots = 2\nend = [-100.0, 100.0]\n";
    assert!(Yard::from_toml(text).is_ok());
}

/// A yard of `tracks` two-slot tracks that meet nothing, the first two hinted at opposite corners
/// of the drawing area when `hinted`.
fn scattered_yard(tracks: usize, hinted: bool) -> toml::Table {
    let mut text = String::from("name = \"scattered\"\n");
    for t in 0..tracks {
        let name: String = [t / 26, t % 26]
            .map(|k| char::from(b'A' + k as u8))
            .iter()
            .collect();
        text += &format!("[[track]]\nname = \"{name}\"\nslots = 2\n");
        if hinted && t < 2 {
            let corner = if t == 0 { -100.0 } else { 98.0 };
            text += &format!("start = [{corner}, {corner}]\n");
        }
    }
    toml::from_str(&text).unwrap()
}

#[test]
fn huge_yards_are_drawn_closer_together_at_a_bounded_size() {
    for hinted in [false, true] {
        let puzzle = puzzle_on(scattered_yard(120, hinted));
        assert_eq!(puzzle.yard.slots.len(), 240);
        let canvas = decode_png(&yard_png(&puzzle, &puzzle.start)).unwrap();
        let geometry = Geometry::of(&puzzle.yard);
        assert!(geometry.unit < UNIT, "hinted {hinted}");
        assert!(canvas.width() <= 4000, "{}", canvas.width());
        assert!(canvas.height() <= 2600, "{}", canvas.height());
        // Pieces keep their size (the last drawn on top where they overlap).
        let slot = puzzle.yard.slot_name(puzzle.start.slot(2));
        assert_eq!(
            at(&puzzle, &puzzle.start, &slot, 18.0, 0.0, &canvas),
            palette::CARGO_BLUE,
            "hinted {hinted}"
        );
    }
    let small = Geometry::of(&puzzle("junction-1").yard);
    assert_eq!(small.unit, UNIT);
}

/// The slots whose occupant (or its facing) differs between `before` and `after`.
fn changed_slots(puzzle: &Puzzle, before: &Position, after: &Position) -> Vec<SlotId> {
    let (old, new) = (puzzle.occupancy(before), puzzle.occupancy(after));
    (0..puzzle.yard.slots.len())
        .filter(|&s| {
            old[s] != new[s] || new[s].is_some_and(|p| before.faces_up(p) != after.faces_up(p))
        })
        .map(|s| s as SlotId)
        .collect()
}

#[test]
fn a_move_changes_the_picture_only_where_it_happened() {
    let (a, b) = PIECE_HALF;
    let mut checked = 0;
    for (name, _) in builtin::PUZZLES {
        let puzzle = puzzle(name);
        if !puzzle.yard.turntables.is_empty() {
            continue;
        }
        let geometry = Geometry::of(&puzzle.yard);
        let start = puzzle.start;
        let before = picture(&puzzle, &start, &Frame::default(), "before.png");
        for legal in puzzle.legal_moves(&start).iter().take(8) {
            let after = picture(&puzzle, &legal.result, &Frame::default(), "after.png");
            let changed = changed_slots(&puzzle, &start, &legal.result);
            assert!(!changed.is_empty());
            let boxes: Vec<(V, V)> = changed
                .iter()
                .map(|&s| geometry.slot(&puzzle.yard, s, &start))
                .collect();
            let mut touched = vec![false; boxes.len()];
            for y in 0..before.height() as i32 {
                for x in 0..before.width() as i32 {
                    if before.pixel(x, y) == after.pixel(x, y) {
                        continue;
                    }
                    let p = V(x as f32, y as f32);
                    let inside = boxes.iter().position(|&(centre, along)| {
                        let d = p.sub(centre);
                        let (u, v) = (d.0 * along.0 + d.1 * along.1, d.0 * along.1 - d.1 * along.0);
                        u.abs() <= a + 9.0 && v.abs() <= b + 9.0
                    });
                    let label = legal.action.label();
                    let Some(i) = inside else {
                        panic!("{name} {label}: pixel ({x}, {y}) changed away from the move");
                    };
                    touched[i] = true;
                }
            }
            assert!(
                touched.iter().all(|&t| t),
                "{name} {}",
                legal.action.label()
            );
            checked += 1;
        }
    }
    assert!(checked >= 16, "{checked} moves checked");
}

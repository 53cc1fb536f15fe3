//! Pictures of goals that keep slots empty or clear of cars: the cyan marks on free slots, the cyan
//! frame round a car that may not end where it stands, none round a loco on a clear slot, and the key
//! line under the yard. `SHUNTING_DRAW_SAMPLES` names a folder to save them in for a look.

use render::{Canvas, decode_png, palette};

use super::geometry::Geometry;
use super::style::{KEPT_FREE, PIECE_HALF};
use super::yard_png;
use crate::games::shunting::position::Position;
use crate::games::shunting::puzzle::Puzzle;

/// Inglenook with the loco on H4, W1 on H3 (coupled behind it), W2 on A5; the goal wants W2 on A1,
/// keeps track C empty and the headshunt clear of cars, unless `kept` is false.
fn puzzle(kept: bool) -> Puzzle {
    let goal = if kept {
        "[goal]\nempty = [\"C\"]\nclear = [\"H\"]\n"
    } else {
        ""
    };
    let text = format!(
        "yard = \"inglenook\"\n{goal}\
         [[piece]]\nname = \"L1\"\nkind = \"loco\"\nat = \"H4\"\nfacing = \"up\"\n\
         [[piece]]\nname = \"W1\"\nat = \"H3\"\n\
         [[piece]]\nname = \"W2\"\nat = \"A5\"\n\
         [goal.at]\nW2 = \"A1\"\n"
    );
    Puzzle::from_toml(&text).unwrap()
}

fn picture(puzzle: &Puzzle, name: &str) -> Canvas {
    let png = yard_png(puzzle, &puzzle.start);
    if let Some(dir) = std::env::var_os("SHUNTING_DRAW_SAMPLES") {
        std::fs::write(std::path::Path::new(&dir).join(name), &png).unwrap();
    }
    decode_png(&png).unwrap()
}

/// The pixel `along` and `across` from the centre of `slot`.
fn at(
    puzzle: &Puzzle,
    position: &Position,
    slot: &str,
    along: f32,
    across: f32,
    canvas: &Canvas,
) -> render::Colour {
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

#[test]
fn empty_and_clear_slots_are_marked_and_a_car_on_one_is_framed() {
    let kept = puzzle(true);
    let plain = puzzle(false);
    let canvas = picture(&kept, "kept-free.png");
    let without = picture(&plain, "kept-free-none.png");
    let start = kept.start;
    let (a, b) = PIECE_HALF;
    let faint = KEPT_FREE.mix(palette::BACKGROUND, 0.7);
    // Free slots kept empty (C) or clear (H1, H2): the faint cyan mark, below its word.
    for slot in ["C1", "C2", "C3", "H1", "H2"] {
        assert_eq!(
            at(&kept, &start, slot, 0.0, b - 4.0, &canvas),
            faint,
            "{slot}"
        );
        assert_ne!(
            at(&plain, &start, slot, 0.0, b - 4.0, &without),
            faint,
            "{slot}"
        );
    }
    // W1 stands on the clear headshunt: a cyan frame round it. The loco may stand there: no frame.
    assert_eq!(at(&kept, &start, "H3", a + 4.0, 0.0, &canvas), KEPT_FREE);
    assert_ne!(at(&plain, &start, "H3", a + 4.0, 0.0, &without), KEPT_FREE);
    assert_ne!(at(&kept, &start, "H4", 0.0, b + 4.0, &canvas), KEPT_FREE);
    // Slots the goal leaves alone are not marked.
    assert_ne!(at(&kept, &start, "B2", 0.0, b - 4.0, &canvas), faint);
    // The goal lines and the key to the marks make the footer longer.
    assert!(canvas.height() > without.height());
    assert_eq!(canvas.width(), without.width());
}

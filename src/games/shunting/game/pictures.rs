//! The pictures and short texts made from a shunting view: the yard, the yard with what moved since an
//! earlier view marked, the turn panel's yard sized for a phone, and the progress towards the goal.

use render::Canvas;

use super::Shunting;
use super::view::{ShuntingView, board_text};
use crate::game::Presenter;
use crate::games::shunting::draw::{self, Frame};
use crate::plural::counted;

impl Presenter for Shunting {
    fn board_picture(view: &ShuntingView, _names: &[String]) -> Canvas {
        draw::yard_picture(view.board.puzzle(), &view.position, &Frame::default())
    }

    /// The pieces that moved since `before` ringed, the slots they left outlined, and the moves
    /// named in the caption; a `before` of another puzzle marks nothing.
    fn board_picture_since(view: &ShuntingView, before: &ShuntingView, names: &[String]) -> Canvas {
        let puzzle = view.board.puzzle();
        if before.heading != view.heading || before.board.puzzle().start != puzzle.start {
            return Self::board_picture(view, names);
        }
        let caption = moved_since(view, before);
        let frame = Frame {
            caption: Some(&caption),
            previous: Some(&before.position),
        };
        draw::yard_picture(puzzle, &view.position, &frame)
    }

    /// The yard track by track, with the goal and the progress towards it.
    fn panel_png(view: &ShuntingView, _names: &[String]) -> Option<Vec<u8>> {
        Some(draw::panel_png(
            view.board.puzzle(),
            &view.position,
            &view.title,
            &progress(view),
        ))
    }

    fn standing_line(view: &ShuntingView, _names: &[String]) -> Option<String> {
        Some(progress(view))
    }

    fn hand_png(_view: &ShuntingView) -> Option<Vec<u8>> {
        None
    }

    fn board_text(view: &ShuntingView, _names: &[String]) -> String {
        board_text(view)
    }

    fn hand_text(_view: &ShuntingView) -> Option<String> {
        None
    }

    fn rules_text() -> &'static str {
        include_str!("../rules.md")
    }
}

/// "3 of 5 pieces in place, 7 moves (optimum 10, limit 18)", or once solved "Solved in 12 moves
/// (optimum 10): Dispatcher".
fn progress(view: &ShuntingView) -> String {
    let moves = counted(view.moves, "move");
    if let Some(rank) = view.rank {
        return format!("Solved in {moves} (optimum {}): {rank}", view.optimum);
    }
    let puzzle = view.board.puzzle();
    let goal = puzzle.goal.progress(&puzzle.pieces, &view.position);
    let mut parts = Vec::new();
    if goal.places > 0 {
        parts.push(format!(
            "{} of {} in place",
            goal.placed,
            counted(goal.places, "piece")
        ));
    }
    if goal.conditions > 0 {
        parts.push(format!(
            "{} of {} met",
            goal.holding,
            counted(goal.conditions, "other goal condition")
        ));
    }
    parts.push(format!(
        "{moves} (optimum {}, limit {})",
        view.optimum, view.limit
    ));
    parts.join(", ")
}

/// "Moved: L1 H1→A3, W4 A2→H3": each piece that stands elsewhere (or turned round) since `before`.
fn moved_since(view: &ShuntingView, before: &ShuntingView) -> String {
    let moved: Vec<String> = view
        .pieces
        .iter()
        .zip(&before.pieces)
        .filter_map(|(now, then)| {
            if now.slot != then.slot {
                Some(format!("{} {}→{}", now.name, then.slot, now.slot))
            } else if now.facing != then.facing {
                Some(format!("{} turned round", now.name))
            } else {
                None
            }
        })
        .collect();
    if moved.is_empty() {
        "Nothing has moved".to_owned()
    } else {
        format!("Moved: {}", moved.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, GameRng, Viewer};
    use crate::games::shunting::draw::PANEL_WIDTH;
    use crate::games::shunting::game::{Action, ShuntingOptions};
    use render::decode_png;

    /// Writes `png` to the folder `SHUNTING_DRAW_SAMPLES` names, if set, for a look.
    fn save(name: &str, png: &[u8]) {
        if let Some(dir) = std::env::var_os("SHUNTING_DRAW_SAMPLES") {
            std::fs::write(std::path::Path::new(&dir).join(name), png).unwrap();
        }
    }

    fn wright() -> Shunting {
        let options = ShuntingOptions {
            card: "wright".to_owned(),
        };
        let setup = Shunting::deal(&options, 1, &mut GameRng::seeded(7));
        Shunting::start(options, 1, setup, 7).unwrap()
    }

    /// The games pictured: Wright's Inglenook, a depot card, a run-round card and a Timesaver card.
    fn games() -> Vec<(&'static str, Shunting)> {
        vec![
            ("wright", wright()),
            ("card-7", Shunting::new(7).unwrap()),
            ("card-25", Shunting::new(25).unwrap()),
            ("card-45", Shunting::new(45).unwrap()),
        ]
    }

    fn guide_step(game: &Shunting) -> Action {
        Action::Move(game.board().guide()[game.moves()].clone())
    }

    #[test]
    fn the_panel_is_a_phone_sized_picture_of_every_track() {
        for (name, mut game) in games() {
            for step in 0..3 {
                let view = game.view(Viewer::Seat(0));
                let png = Shunting::panel_png(&view, &[]).unwrap();
                save(&format!("panel-{name}-{step}.png"), &png);
                let canvas = decode_png(&png).unwrap();
                assert_eq!(canvas.width() as f32, PANEL_WIDTH, "{name}");
                let tracks = game.board().puzzle().yard.tracks.len() as u32;
                assert!(canvas.height() > 60 * tracks, "{name}: {}", canvas.height());
                assert!(canvas.height() < 1000, "{name}: {}", canvas.height());
                if game.moves() < game.board().guide().len() {
                    game.apply(0, &guide_step(&game)).unwrap();
                }
            }
        }
    }

    #[test]
    fn the_board_since_an_earlier_view_marks_what_moved() {
        for (name, mut game) in games() {
            let before = game.view(Viewer::Spectator);
            game.apply(0, &guide_step(&game)).unwrap();
            game.apply(0, &guide_step(&game)).unwrap();
            let view = game.view(Viewer::Spectator);
            let plain = Shunting::board_png(&view, &[]);
            let marked = Shunting::board_png_since(&view, &before, &[]);
            save(&format!("since-{name}.png"), &marked);
            assert_ne!(plain, marked, "{name}");
            let caption = moved_since(&view, &before);
            assert!(caption.starts_with("Moved: "), "{caption}");
            let unchanged = Shunting::board_png_since(&view, &view, &[]);
            assert_ne!(unchanged, plain, "the caption says nothing moved");
            assert_eq!(moved_since(&view, &view), "Nothing has moved");
        }
        let other = Shunting::new(8).unwrap().view(Viewer::Spectator);
        let game = Shunting::new(7).unwrap().view(Viewer::Spectator);
        assert_eq!(
            Shunting::board_png_since(&game, &other, &[]),
            Shunting::board_png(&game, &[])
        );
    }

    #[test]
    fn the_standing_line_counts_pieces_in_place_and_moves_then_the_rank() {
        let mut game = Shunting::new(45).unwrap();
        let places = game.board().puzzle().goal.at.len();
        let line = |game: &Shunting| Shunting::standing_line(&game.view(Viewer::Spectator), &[]);
        let optimum = game.board().optimum();
        let limit = game.board().limit();
        assert_eq!(
            line(&game).unwrap(),
            format!("0 of {places} pieces in place, 0 moves (optimum {optimum}, limit {limit})")
        );
        while !game.solved() {
            game.apply(0, &guide_step(&game)).unwrap();
        }
        let wright = line(&wright()).unwrap();
        assert!(
            wright.contains(" of 5 pieces in place, 4 of 4 other goal conditions met, 0 moves"),
            "the train's five places and the headshunt's four slots kept clear: {wright}"
        );
        assert_eq!(
            line(&game).unwrap(),
            format!(
                "Solved in {} (optimum {optimum}): Yard Master",
                counted(optimum, "move")
            )
        );
    }
}
